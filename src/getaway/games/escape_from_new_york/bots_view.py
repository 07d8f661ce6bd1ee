"""A seat's view of Escape from New York read the way the bots ask it: where things stand,
which roads a hero can walk, how far a goal is, and what the team should go for next.

Everything here reads the view a seat is given (``views.py``) and the content its options
name, never the table: a bot that uses it knows no more than the player at that seat.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from getaway.games.escape_from_new_york.board import lookup
from getaway.games.escape_from_new_york.options import Rules, rules_for
from getaway.games.escape_from_new_york.schema import HeroCard, Item
from getaway.games.escape_from_new_york.state import PRISONER
from getaway.games.escape_from_new_york.topology import OPPOSITE, Cell, Direction
from getaway.games.escape_from_new_york.turn_common import SUPPLY_LIMIT

#: Steps a path pays for crossing an unexplored space: it must be explored first.
UNEXPLORED_COST = 2
#: What a path calls unreachable.
FAR = 99


@dataclass(frozen=True)
class Goal:
    """Where the seat's hero should head, and why (for tests and debugging)."""

    cells: tuple[Cell, ...]
    why: str


class SeatView:
    """Lazy readings of one seat's view."""

    def __init__(self, view: Mapping[str, Any], seat: str) -> None:
        self.view = view
        self.seat = seat
        self.table: Mapping[str, Any] = view["table"]
        self.rules: Rules = rules_for(view["options"])

    # --- the content -----------------------------------------------------------------------

    @cached_property
    def cards(self) -> dict[str, HeroCard]:
        return {card.id: card for card in self.rules.content.hero_cards.cards}

    @cached_property
    def items(self) -> dict[str, Item]:
        return {item.id: item for item in self.rules.content.items.items}

    @cached_property
    def diagrams(self) -> dict[str, int]:
        """Each Bridge Diagram's id to its bridge's number."""
        return {i.id: i.bridge for i in self.rules.content.items.items if i.bridge is not None}

    @cached_property
    def bridgeheads(self) -> dict[int, Cell]:
        """Each bridge's bridgehead, while its road is free of an intact barricade (the team
        can neither call its escape nor cross there, §9.1)."""
        return {
            b.number: (b.col, b.row)
            for b in self.rules.content.board.bridges
            if ((b.col, b.row), b.direction) not in self.intact
        }

    # --- the map ---------------------------------------------------------------------------

    @cached_property
    def spaces(self) -> dict[Cell, Mapping[str, Any]]:
        return {(s["cell"][0], s["cell"][1]): s for s in self.table["spaces"]}

    @cached_property
    def intact(self) -> frozenset[tuple[Cell, str]]:
        """The roads with an intact barricade, named from either end."""
        found: set[tuple[Cell, str]] = set()
        for col, row, direction, state in self.table["barricades"]:
            if state != "intact":
                continue
            found.add(((col, row), direction))
            there = self.rules.topology.neighbour((col, row), direction)
            if there is not None:
                found.add((there, OPPOSITE[direction]))
        return frozenset(found)

    def explored(self, cell: Cell) -> bool:
        space = self.spaces[cell]
        if space["tile"] is not None:
            return bool(space["face_up"])
        return lookup(self.rules).cells[cell].kind == "library_ring"

    def hidden_landmark(self, cell: Cell) -> bool:
        return (
            lookup(self.rules).cells[cell].kind == "landmark" and not self.spaces[cell]["face_up"]
        )

    @cached_property
    def _shown_roads(self) -> dict[Cell, frozenset[Direction]]:
        """The directions each space shows a road in: a face-up tile's own, else the
        printed board's (an unexplored space is taken to have the printed ones)."""
        tiles = lookup(self.rules).tiles
        topology = self.rules.topology
        found = {}
        for cell, space in self.spaces.items():
            tile = tiles.get(space["tile"]) if space["tile"] is not None else None
            if tile is not None and space["face_up"] and tile.roads is not None:
                found[cell] = frozenset(tile.roads)
            else:
                found[cell] = topology.shown_roads(cell)
        return found

    @cached_property
    def _roads(self) -> dict[Cell, tuple[Cell, ...]]:
        """Each space's neighbours a road leads to (:meth:`walkable`), listed once."""
        shown = self._shown_roads
        intact = self.intact
        found: dict[Cell, tuple[Cell, ...]] = {}
        for cell in self.spaces:
            roads = shown[cell]
            found[cell] = tuple(
                there
                for direction, there, back, _ in self.rules.topology.links(cell)
                if direction in roads and back in shown[there] and (cell, direction) not in intact
            )
        return found

    def walkable(self, start: Cell, end: Cell) -> bool:
        """Whether a road may lead from ``start`` to ``end``: shown on both sides (as far as
        the view shows them: an unexplored space is taken to have every road) and free of
        an intact barricade."""
        return end in self._roads[start]

    @cached_property
    def _entry_cost(self) -> dict[Cell, int]:
        """Steps a path pays to enter each space: 1, or :data:`UNEXPLORED_COST` for one that
        must be explored first."""
        return {
            cell: 1 if self.explored(cell) or self.hidden_landmark(cell) else UNEXPLORED_COST
            for cell in self.spaces
        }

    @cached_property
    def _distances(self) -> dict[Cell, dict[Cell, int]]:
        return {}

    def distances_from(self, goal: Cell) -> dict[Cell, int]:
        """Steps from every space to ``goal`` along walkable roads, an unexplored space
        counting :data:`UNEXPLORED_COST` (a 0-1-2 breadth-first search, cached per goal)."""
        cached = self._distances.get(goal)
        if cached is not None:
            return cached
        found = {goal: 0}
        queue: deque[Cell] = deque([goal])
        roads, cost = self._roads, self._entry_cost
        # Costs are 1 or 2, so a plain queue with re-relaxation is exact and small enough.
        while queue:
            cell = queue.popleft()
            total = found[cell] + cost[cell]
            for there in roads[cell]:
                if total < found.get(there, FAR):
                    found[there] = total
                    queue.append(there)
        self._distances[goal] = found
        return found

    def distance(self, cell: Cell, goal: Goal) -> int:
        return min((self.distances_from(g).get(cell, FAR) for g in goal.cells), default=FAR)

    def enemies_on(self, cell: Cell) -> int:
        space = self.spaces[cell]
        cars = sum(1 for owner, _ in space["cars"] if owner == PRISONER)
        return int(space["prisoners"]) + cars + len(space["bosses"])

    def enemies_within(self, cell: Cell, reach: int) -> int:
        """Enemies on ``cell`` and, with range 1, on the spaces a road leads to from it."""
        count = self.enemies_on(cell)
        if reach >= 1:
            for there in self._roads[cell]:
                count += self.enemies_on(there)
        return count

    def threat(self, cell: Cell) -> int:
        """Enemies that could hurt a hero standing on ``cell``: there, or one road away (the
        ranged ones among them, counted all alike: the view does not say which)."""
        return self.enemies_within(cell, 1)

    # --- the heroes --------------------------------------------------------------------------

    @cached_property
    def me(self) -> Mapping[str, Any]:
        return self.table["heroes"][self.seat]  # type: ignore[no-any-return]

    @cached_property
    def cell(self) -> Cell:
        col, row = self.me["cell"]
        return (col, row)

    def hero_cell(self, seat: str) -> Cell:
        col, row = self.table["heroes"][seat]["cell"]
        return (col, row)

    @cached_property
    def seats(self) -> list[str]:
        return list(self.table["turn_order"])

    @cached_property
    def my_cards(self) -> set[str]:
        """The ids of the cards in the seat's own supply."""
        return {card[1] for card in self.me["supply"]}

    @cached_property
    def president_holder(self) -> str | None:
        for seat in self.seats:
            if any(card[0] == "president" for card in self.table["heroes"][seat]["supply"]):
                return seat
        return None

    @cached_property
    def known_diagrams(self) -> list[int]:
        """Bridges whose Diagram the seat knows to be with a hero: its own, and any lying
        face up (Brain's Diagram 3)."""
        found = [self.diagrams[c] for c in self.my_cards if c in self.diagrams]
        for seat in self.seats:
            for kind, card, face_up in self.table["heroes"][seat]["supply"]:
                if face_up and kind == "item" and card in self.diagrams:
                    found.append(self.diagrams[card])
        return sorted(set(found))

    @cached_property
    def timer_left(self) -> int:
        """Timer cards before the first red one: the time the team has left."""
        colours = list(self.table["timer_colours"])
        return colours.index("red") if "red" in colours else len(colours)

    # --- the team's plan ------------------------------------------------------------------

    @cached_property
    def goal(self) -> Goal:
        """Where the hero should go now. Before the rescue: the Duke's Camp once it is face
        up, else the nearest face-down landmark (entering one explores it), with diplomat
        tokens (one is the Tape) and item markers (the Diagrams are items) taken on the way.
        After it, the team gathers at a bridge by a convention every seat can follow
        without telling the others what it holds: a hero who knows of a Diagram (its own,
        or one face up) heads for that bridge; the others follow the President, and the
        President's holder, knowing of none, follows its team-mates."""
        if self.table["president_taken"]:
            return self._escape_goal()
        spaces = self.spaces
        camp = [c for c, s in spaces.items() if s["face_up"] and s["tile"] == "dukes_camp"]
        if camp:
            return Goal(tuple(camp), "the Duke's Camp")
        hidden = [c for c in spaces if self.hidden_landmark(c)]
        detour = self._detour(3 if hidden else FAR, items=True)
        if detour is not None:
            return detour
        if hidden:
            return Goal(tuple(hidden), "a face-down landmark")
        return Goal((self.cell,), "nowhere")

    def _detour(self, within: int, items: bool) -> Goal | None:
        """The nearest diplomat token (or item marker, with ``items``) within ``within``
        steps, when the seat does not hold the Tape already."""
        if "tape" in self.my_cards and not items:
            return None
        near = [
            c
            for c, s in self.spaces.items()
            if any(self.may_hold_tape(t) for t in s["diplomat_tokens"])
        ]
        if items:
            near += [c for c, s in self.spaces.items() if s["item_markers"]]
        # Nothing is picked up where enemies stand (§7.9, §7.11): not a place to wait.
        near = [c for c in near if not self.enemies_on(c)]
        if not near:
            return None
        closest = min(near, key=lambda c: self.distances_from(c).get(self.cell, FAR))
        if self.distances_from(closest).get(self.cell, FAR) > within:
            return None
        return Goal((closest,), "a diplomat token or items")

    def _escape_goal(self) -> Goal:
        holder = self.president_holder
        if "tape" not in self.my_cards:
            # The Tape may still lie in a slot. If no team-mate holds a diplomat at all, it
            # does: every hero hunts diplomat tokens. Otherwise one of them may hold it:
            # the escort takes a token only near its way, the holder none.
            reach = FAR if self.diplomats_with_others == 0 else 3
            if holder == self.seat and reach < FAR:
                reach = 0
            detour = self._detour(reach, items=False) if reach else None
            if detour is not None:
                return detour
        mine = [b for b in self.known_diagrams if b in self.bridgeheads]
        if holder is not None and holder != self.seat:
            # An escort joins the President where he waits at a bridgehead (his holder
            # goes only to one whose Diagram it knows of), else leads to the bridge of a
            # Diagram it knows of (the holder, knowing of none, follows the team there),
            # else follows him.
            with_president = self.hero_cell(holder)
            if with_president in self.bridgeheads.values():
                return Goal((with_president,), "the President at a bridge")
            if mine:
                return self._bridge(mine)
            detour = self._detour(2, items=True)
            if detour is not None:
                return detour
            return Goal((with_president,), "the President")
        if mine:
            return self._bridge(mine)
        detour = self._detour(2, items=True)
        if detour is not None:
            return detour
        # The holder, knowing of no Diagram, follows its team-mates (staying with one on
        # its space: that one may be leading to its bridge).
        mates = [self.hero_cell(s) for s in self.seats if s != self.seat]
        if any(cell != self.cell for cell in mates):
            return Goal(tuple(mates), "the team")
        # The team together, and none of them knowing of a Diagram: items, for one.
        markers = [c for c, s in self.spaces.items() if s["item_markers"]]
        return Goal(tuple(markers) or (self.cell,), "items, for a Diagram")

    def _bridge(self, bridges: list[int]) -> Goal:
        """The nearest bridgehead of ``bridges``."""
        heads = self.bridgeheads
        bridge = min(bridges, key=lambda b: (self.distances_from(heads[b]).get(self.cell, FAR), b))
        return Goal((heads[bridge],), f"bridge {bridge}")

    @cached_property
    def ready_to_cross(self) -> bool:
        """Whether the whole team stands with the President on a bridgehead whose road is
        free: the escape is called there, and a move onto the bridge makes it (§9.1)."""
        holder = self.president_holder
        return (
            holder is not None
            and self.cell in self.bridgeheads.values()
            and all(self.hero_cell(seat) == self.cell for seat in self.seats)
        )

    @cached_property
    def diplomats_with_others(self) -> int:
        """How many diplomat cards the seat's team-mates hold: a slot without its card has
        given it to a hero (§7.9), and the seat knows its own."""
        held = sum(1 for slot in self.table["diplomat_slots"] if slot["card"] is None)
        mine = sum(1 for kind, _, _ in self.me["supply"] if kind == "diplomat")
        return max(held - mine, 0)

    def may_hold_tape(self, slot: int) -> bool:
        """Whether diplomat slot ``slot`` (1-4) may hold the Tape as far as the seat knows:
        a card lies there that the seat has not seen to be another."""
        card = self.table["diplomat_slots"][slot - 1]["card"]
        return card in ("?", "tape")

    @cached_property
    def room_for_a_diplomat(self) -> bool:
        """Whether taking a diplomat keeps every card the team needs: the supply has room,
        or holds an item the team does not need, to be dropped for it."""
        supply = self.me["supply"]
        if len(supply) < SUPPLY_LIMIT:
            return True
        return any(kind == "item" and card not in self.diagrams for kind, card, _ in supply)

    def enterable(self, cell: Cell) -> bool:
        """Whether a hero may step onto ``cell``: explored, or a face-down landmark."""
        return self.explored(cell) or self.hidden_landmark(cell)

    def end_distance(self, cell: Cell, steps: int, up_to: bool) -> int:
        """The least distance to the goal a move standing on ``cell`` can end at with
        ``steps`` more steps (all of them, or ``up_to`` them): an exact move may have to
        walk past the goal."""
        goal = self.goal
        frontier = {cell}
        best = self.distance(cell, goal) if up_to or steps == 0 else FAR
        for taken in range(steps):
            frontier = {
                there for here in frontier for there in self._roads[here] if self.enterable(there)
            }
            if not frontier:
                break
            if up_to or taken == steps - 1:
                best = min(best, min(self.distance(c, goal) for c in frontier))
        return best

    def goal_distance(self, cell: Cell | None = None) -> int:
        return self.distance(self.cell if cell is None else cell, self.goal)
