"""What the heuristic bot reads off a seat's view (never the state): its own board, the
city as a map, where the police stand, what each location is worth to it now, and how far
each node is from the best of them.

Everything here is a function of the view alone, so the bot plays the same move on any
determinization of that view. The city map is rebuilt only when the placed tiles change
(a few times a game); the rest is parsed once per decision.
"""

from __future__ import annotations

import heapq
from collections.abc import Mapping
from functools import cached_property
from typing import Any

from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.options import Rules, rules_for

#: Value of ending a move at a location, in "good visits" (a visit that places a cube on a
#: line of one's Escape Plan card is worth about 3 plus its money, §7.5.2, §14).
PLAN_VISIT = 3.0
#: A line of the card worth income rather than money (§7.5.2 step 2).
INCOME_LINE = 80
#: Money on a line ($k) per unit of value.
MONEY_SCALE = 40.0
#: What each officer on a tile costs a pawn that must leave it past them (a Wound or a tool,
#: R-AV-4).
OFFICER_COST = 0.6
#: What one movement point of distance to a target costs.
DISTANCE_COST = 0.8
#: Escaping on the last Day when the cost can be paid: worth far more than any visit (an
#: arrested player scores nothing, §13.3).
ESCAPE_VALUE = 40.0
#: Asset unlock preference (§9): the ones that protect or heal first.
ASSET_ORDER = ("avoid_all", "heal", "master_key", "extra_action", "move_swat", "move_local",
               "move_federal")  # fmt: skip
#: Cash ($k) kept for the turn fees and equipment before the last Day.
EARLY_RESERVE = 4

_MAPS: dict[tuple[int, tuple[tuple[str, int, int, int], ...]], CityMap] = {}
_MAPS_KEPT = 64


def city_map(rules: Rules, placed: list[list[Any]]) -> CityMap:
    """The city of a view's ``table.city`` list, cached by its tiles (placing a tile makes a
    new list, so a cached map is never stale)."""
    key = (len(rules.seats), tuple((str(t), int(x), int(y), int(r)) for t, x, y, r in placed))
    found = _MAPS.get(key)
    if found is None:
        found = CityMap(rules.topology)
        for tile_id, x, y, rotation in key[1]:
            found = found.with_tile(rules.content.tile(tile_id), (x, y), rotation)
        if len(_MAPS) >= _MAPS_KEPT:
            _MAPS.pop(next(iter(_MAPS)))
        _MAPS[key] = found
    return found


def node_tile(node: str) -> str:
    return node.split(".", 1)[0]


class SeatView:
    """One decision's reading of ``view`` for ``seat``."""

    def __init__(self, view: Mapping[str, Any], seat: str) -> None:
        self.view = view
        self.seat = seat
        self.rules = rules_for(view["options"])
        self.table: Mapping[str, Any] = view["table"]
        self.me: Mapping[str, Any] = self.table["players"][seat]
        #: Own cash is in the own view (§21.2); ``None`` only in a foreign view.
        self.cash = int(self.me["cash"] or 0)
        self.day = int(self.table["day"])
        self.last_day = len(self.rules.content.police.patrol_draws_per_day)
        self.steps: tuple[str, ...] = tuple(view.get("decision") or ())

    # --- the board -------------------------------------------------------------------------

    @cached_property
    def city(self) -> CityMap:
        return city_map(self.rules, self.table["city"])

    @cached_property
    def police(self) -> dict[str, int]:
        """Officers per tile (Sandra counts as one where she stands, R-AV-5)."""
        counts = {tile: len(officers) for tile, officers in self.table["police"].items()}
        sandra = self.table["automata"].get("sandra")
        if sandra and sandra.get("location") and sandra.get("status") == "city":
            tile = node_tile(sandra["location"])
            counts[tile] = counts.get(tile, 0) + 1
        return counts

    @cached_property
    def pawns(self) -> dict[str, str]:
        """Tile of every other player's pawn in the city."""
        return {
            seat: node_tile(p["location"])
            for seat, p in self.table["players"].items()
            if seat != self.seat and p["status"] == "city" and p["location"]
        }

    @cached_property
    def plan_lines(self) -> dict[str, Any]:
        """Own Escape Plan card's lines (``business:casino`` -> money or ``"income"``)."""
        plan = self.me.get("escape_plan")
        if plan is None:
            return {}
        for card in self.rules.content.escape_plans.cards:
            if card.id == plan:
                return dict(card.lines)
        return {}

    @cached_property
    def buildings_at(self) -> dict[str, tuple[str, Mapping[str, Any]]]:
        """Node -> (line name, building) for every Business and Safe House in the city."""
        found: dict[str, tuple[str, Mapping[str, Any]]] = {}
        for kind, field in (("business", "businesses"), ("safe_house", "safe_houses")):
            for ident, building in self.table[field].items():
                if building["placed_on"]:
                    found[building["placed_on"]] = (f"{kind}:{ident}", building)
        return found

    def escape_cost(self) -> int:
        costs = self.rules.content.for_players(len(self.rules.seats)).exit_costs
        escaped = len(self.table["escaped"])
        return costs[min(escaped, len(costs) - 1)]

    @cached_property
    def open_exit(self) -> int | None:
        """The single open Exit on the last Day (R-ESC-1), else ``None``."""
        if self.day != self.last_day:
            return None
        spaces = self.table["patrol_spaces"]
        open_exits = [int(n) for n, cards in spaces.items() if int(cards) < 2]
        return open_exits[0] if len(open_exits) == 1 else None

    def can_escape(self) -> bool:
        return self.day == self.last_day and self.cash >= self.escape_cost()

    def reserve(self) -> int:
        """Cash to keep: the escape cost on the last Day, a little before."""
        return self.escape_cost() if self.day >= self.last_day - 1 else EARLY_RESERVE

    def spare_cash(self) -> int:
        return self.cash - self.reserve()

    def face_down(self) -> int:
        """Used Contact cards and Equipment (a Rest turns them face up, §7.1)."""
        return sum(
            1
            for piece in (*self.me["items"], *self.me["contacts"])
            if piece is not None and piece[0] in ("contact", "equipment") and not piece[2]
        )

    @cached_property
    def _covers(self) -> dict[str, tuple[str, ...]]:
        """Officer types each Equipment type and type-avoiding Contact card covers (§17)."""
        content = self.rules.content
        covers: dict[str, tuple[str, ...]] = {
            kind.id: tuple(kind.avoids) for kind in content.equipment.equipment
        }
        for card in content.contacts.cards:
            if card.effect == "avoid_type_on_tile" and card.officer:
                covers[card.id] = (card.officer,)
        return covers

    def covering(self, officer: str) -> int:
        """Face-up Equipment and Contact cards on the board that avoid ``officer``."""
        return sum(
            1
            for piece in (*self.me["items"], *self.me["contacts"])
            if piece is not None and piece[2] and officer in self._covers.get(piece[1], ())
        )

    def locked(self) -> list[str]:
        return [
            piece[1]
            for piece in (*self.me["items"], *self.me["contacts"])
            if piece is not None and piece[0] == "asset"
        ]

    # --- locations --------------------------------------------------------------------------

    def location_value(self, node: str) -> float:
        """What ending a move on ``node`` is worth (its visit, §7.5), before the police."""
        kind = self.city.kind(node)
        if kind is None:
            return 0.0
        wounds = int(self.me["wounds_red"])
        if kind in ("BUSINESS_SPACE", "SAFE_HOUSE_SPACE"):
            return self._building_value(node)
        if kind == "EXIT":
            if self.open_exit is None or not self.can_escape():
                return 0.1
            tile = self.city.tile_of(node)
            number = self.rules.content.tile(tile).locations[node.split(".", 1)[1]].exit
            return ESCAPE_VALUE if number == self.open_exit else 0.1
        if kind == "HOSPITAL":
            return 1.5 * wounds
        if kind == "CLINIC":
            return 1.2 * wounds
        if kind == "STORE":
            return 1.2 if self.spare_cash() >= 3 else 0.3
        if kind == "CHURCH":
            return 0.4 * max(0, int(self.me["notoriety"]) - 2)
        if kind == "GANG":
            return 0.8 if self.spare_cash() >= 2 else 0.2
        return 0.2  # Metro, Heliport: nothing to visit (R-VIS-1)

    def _building_value(self, node: str) -> float:
        found = self.buildings_at.get(node)
        if found is None:
            return 0.0
        line, building = found
        if building["closed"]:
            return 0.2
        if any(cube[0] == self.seat for cube in building["cubes"]):
            return 0.3  # one's own cube is there already: the line is done
        money = self.plan_lines.get(line)
        worth = INCOME_LINE if money == "income" else int(money or 0)
        return PLAN_VISIT + worth / MONEY_SCALE

    @cached_property
    def start(self) -> str | None:
        location = self.me["location"]
        return None if location is None else str(location)

    @cached_property
    def potential(self) -> dict[str, float]:
        """Per node, the best of (a location's value less its police and distance): one
        Dijkstra from every location at once (links are symmetric), cost-to-go minus value."""
        city = self.city
        best: dict[str, float] = {}
        heap: list[tuple[float, str]] = []
        for node in city.links:
            if node == self.start or city.kind(node) is None:
                continue
            value = self.location_value(node) - OFFICER_COST * self.police.get(
                node_tile(node), 0
            ) * (0 if self.day == self.last_day and self.location_value(node) > 10 else 1)
            heap.append((-value, node))
        heapq.heapify(heap)
        while heap:
            key, node = heapq.heappop(heap)
            if node in best:
                continue
            best[node] = -key
            for other, cost in city.links[node].items():
                if other not in best:
                    heapq.heappush(heap, (key + DISTANCE_COST * max(cost, 0.25), other))
        return best

    def end_value(self, node: str) -> float:
        """Ending the move on ``node``: its value less the officers left behind on the way
        (counted on the tiles walked through, R-AV-2) — approximated by the start tile's."""
        if node == self.start:
            return -5.0
        leaving = 0.0
        if self.start and node_tile(node) != node_tile(self.start):
            leaving = OFFICER_COST * self.police.get(node_tile(self.start), 0)
        return self.location_value(node) - leaving
