"""A fixed-size numeric encoding of Escape Plan for learning code (``getaway.rl``).

**Actions.** Every decision of the game is made in steps (``getaway.core.steps``): a tile
placement is ``tile:``, ``cell:``, ``turn:`` and the building steps; a turn is ``rest`` or
``move`` and then one step per node walked; so each step is one id of a fixed list, the same
for every seat, built from the content (tiles and their nodes, buildings, Assets, cards,
Fixers, Equipment, Locker and Exit-tile values) in this order:

=========================  =========================================================
group                      ids
=========================  =========================================================
engine                     ``pass``, ``disc``, ``rest``, ``move``, ``done``, ``end``
unlocks                    ``unlock:<asset>``
City phase                 ``tile:<id>`` (stacked tiles), ``cell:<x>,<y>`` (every cell
                           in bounds), ``turn:<degrees>``, ``business:<id>``,
                           ``safe_house:<n>``
Move                       ``walk:``, ``jetski:``, ``metro:``, ``fly:``, ``sewer:`` then
                           ``<node>``; ``heli:<tool>:<node>``; ``gas``, ``medevac``,
                           ``escape``, ``stop``
Avoid                      ``sandra:<type>``; ``<tool>:<tile>:<officer>``;
                           ``wound:<tile>:<officer>``
Notoriety half             ``converge:<OFFICER>:<from>><to>``
VISIT                      the ids of ``visit.py``'s table
executive actions          the ids of ``executive.py``
bonuses, Handcuffs         ``bonus:<group>:…``, ``cuff:<asset>``, ``cuff``
=========================  =========================================================

A *tool* named in an id is one ``movement.py`` (a flight: the Chopper and Gang cards, the
Helicopter and Motorcycle Fixers, a gang member ``gang@<node>``) or ``avoid.py`` (Equipment,
the Avoid cards, the Motorcycle, the Avoid All Asset, a gang member) makes of a component,
asked of those modules. Each group lists what its grammar allows; some combinations never
occur (a converging officer between tiles that are never both placed), which only costs
learning code a few never-legal ids. The tests check that every id a game offers is listed.

**Observations.** Built from the seat's view only (``state.view(seat)``), never the state,
all values in [0, 1]. Layout (``T`` tiles, ``C`` cells, ``N`` nodes, ``S`` = 5 seats)::

    seat one-hot, seats to act          S + S
    day, phase, part, stage one-hot     3 + phases + parts + stages
    per tile:                       T x placed 1, cell one-hot C, rotation one-hot 4,
                                        in the display 1, officers per type 3 (/ 10)
    stack sizes (/ 3), bag (/ 30)       4 + 3
    Patrol spaces (/ 2), deck (/ 6)     3 + 1
    per building (6 + 3):           9 x placed 1, its node one-hot N, closed 1,
                                        a cube per seat S, on the own card: money/150 1,
                                        income icon 1
    the automata (Sandra, Costa):   2 x in the city 1, node one-hot N, notoriety (/ 10)
    per seat board:                 S x present 1, status one-hot 3, node one-hot N,
                                        cash known 1, cash (/ 100), Escape Plan one-hot 9,
                                        notoriety (/ 10), red and blue cubes (/ 3 each),
                                        wounds (/ 3), Handcuffs (/ 10), rest sun, First Aid,
                                        Gas Cans (/ 6), discs (/ 8), income cubes (/ 9),
                                        item and contact spaces 10 x (kind one-hot 6, face
                                        up 1), cuffed 5, keys 3 x (held, face up),
                                        gang members (/ 8), unlocked slots 6 x (held, used)
    the open decision of the seat       first step one-hot (rest, move, tile), nodes
                                        walked one-hot N
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from getaway.games.escape_plan import avoid, movement
from getaway.games.escape_plan.city import node_name
from getaway.games.escape_plan.content import Content, load_content
from getaway.games.escape_plan.options import CONTACT_DISPLAY, SEATS, normalize, rules_for
from getaway.games.escape_plan.state import PARTS, PHASES, STAGES
from getaway.games.escape_plan.tiles import node_ids
from getaway.games.escape_plan.topology import ROTATIONS

DAYS = 3
#: Kinds of a piece on an item or contact space (``state.Piece.kind``).
PIECE_KINDS = ("asset", "equipment", "fixer", "locker", "exit", "contact")
#: Avoid threats' officer names (``avoid.Threat``) and officer types as the police name them.
THREATS = ("federal", "local", "swat", "sandra")
OFFICER_TYPES = ("FEDERAL", "LOCAL", "SWAT")
#: Completion bonuses (§7.6).
BONUS_GROUPS = ("group1", "group2", "safe_houses")
#: Hospital heals (§7.5.8: 1, 2 or 3 Wounds).
HOSPITAL_HEALS = (1, 2, 3)
#: Stages a visit may skip (``visit:skip:<stage>``).
VISIT_STAGES = ("enter", "key", "fixer", "gas", "equipment", "locker", "pick", "unlock",
                "heal", "pay", "exit", "contact")  # fmt: skip
#: Stages the engine has now, then those the Notoriety half adds.
ALL_STAGES = tuple(dict.fromkeys((*STAGES, "converge", "threshold_unlock")))
ALL_PHASES = tuple(dict.fromkeys((*PHASES, "NOTORIETY")))
#: The counts of a board in the observation, in order.
BOARD_COUNTS = ("notoriety", "noto_red", "noto_blue", "wounds_red", "handcuffs", "rest_sun",
                "first_aid_up", "gas_cans", "discs", "income_cubes", "gang_members")  # fmt: skip
#: Scales of the observation's counts.
CASH_SCALE = 100.0
NOTORIETY_SCALE = 10.0


def _nodes(content: Content) -> list[str]:
    return [
        node_name(tile.id, local) for tile in content.city_tiles.tiles for local in node_ids(tile)
    ]


def _contact_takes(content: Content, spaces: int) -> list[str]:
    """``contacts.take_options``: ``<index>:<card>:A``, ``…:B``, ``…:C:<space>``."""
    found = []
    for index in range(CONTACT_DISPLAY):
        for card in content.contacts.cards:
            found += [f"{index}:{card.id}:A", f"{index}:{card.id}:B"]
            found += [f"{index}:{card.id}:C:{space}" for space in range(spaces)]
    return found


def action_ids(content: Content, cells: Sequence[tuple[int, int]]) -> tuple[str, ...]:
    """Every action id of the game, in the order of the module docstring."""
    tiles = content.city_tiles.tiles
    tile_ids = [tile.id for tile in tiles]
    nodes = _nodes(content)
    board = content.player_board
    items, contact_spaces = range(board.item_spaces), range(board.contact_spaces)
    assets = [asset.id for asset in content.assets.assets]
    fixers = [fixer.id for fixer in content.fixers.fixers]
    equipment = [kind.id for kind in content.equipment.equipment]
    gang_nodes = [
        node_name(tile.id, local)
        for tile in tiles
        for local, location in tile.locations.items()
        if location.kind == "GANG"
    ]
    gangs = [f"gang@{node}" for node in gang_nodes]
    flights = [c.id for c in content.contacts.cards if c.effect in ("chopper", "gang_ability")]
    flights += [f.id for f in content.fixers.fixers if movement.fixer_tool(f) is not None]
    flights += gangs
    avoids = [kind.id for kind in content.equipment.equipment]
    avoids += [c.id for c in content.contacts.cards if avoid.contact_tool(c) is not None]
    avoids += [f.id for f in content.fixers.fixers if avoid.fixer_tool(f) is not None]
    avoids += [a.id for a in content.assets.assets if avoid.asset_tool(a, 0) is not None]
    avoids += gangs
    colours = [stack.colour for stack in content.lockers.stacks]
    values = sorted(
        {v for stack in content.lockers.stacks for v in stack.values}
        | {v for stack in content.exit_tiles.stacks for v in stack.values}
    )
    buildings = [f"business:{b.id}" for b in content.buildings.businesses]
    buildings += [f"safe_house:{h.number}" for h in content.buildings.safe_houses]
    moves = [f"{o}:{a}>{b}" for o in OFFICER_TYPES for a in tile_ids for b in tile_ids if a != b]
    takes = _contact_takes(content, board.contact_spaces)
    # ``end``: the turn's end after its VISIT, executive actions and bonuses (the turn's
    # last stage, ep-wire's ``turns.END``), listed ahead of its wiring.
    ids: list[str] = ["pass", "disc", "rest", "move", "done", "end"]
    ids += [f"unlock:{a}" for a in assets]
    ids += [f"tile:{tile.id}" for tile in tiles if tile.stack is not None]
    ids += [f"cell:{x},{y}" for x, y in cells]
    ids += [f"turn:{r}" for r in ROTATIONS]
    ids += buildings
    for verb in ("walk", "jetski", "metro", "fly", "sewer"):
        ids += [f"{verb}:{node}" for node in nodes]
    ids += [f"heli:{tool}:{node}" for tool in flights for node in nodes]
    ids += ["gas", "medevac", "escape", "stop"]
    ids += [f"sandra:{t}" for t in THREATS[:3]]
    ids += [
        f"{tool}:{tile}:{t}" for tool in (*avoids, "wound") for tile in tile_ids for t in THREATS
    ]
    ids += [f"converge:{move}" for move in moves]
    ids += ["visit:enter", "visit:master_key", "visit:gas", "visit:heal", "visit:pay"]
    ids += ["visit:income", "visit:exit_tile"]
    ids += [f"visit:key:{c}" for c in colours] + [f"visit:take_key:{c}" for c in colours]
    ids += [f"visit:fixer:{f}:{s}" for f in fixers for s in items]
    ids += [f"visit:buy:{e}:{s}" for e in equipment for s in items]
    ids += [f"visit:locker:{c}" for c in colours] + [
        f"visit:locker:{c}:master_key" for c in colours
    ]
    ids += [f"visit:pick:{v}:{s}" for v in values for s in items]
    ids += [f"visit:unlock:{a}" for a in assets]
    ids += [f"visit:heal:{n}" for n in HOSPITAL_HEALS]
    ids += [f"visit:contact:{take}" for take in takes]
    ids += [f"visit:skip:{stage}" for stage in VISIT_STAGES]
    ids += [f"exec:contact:{s}" for s in contact_spaces] + [f"exec:fixer:{s}" for s in items]
    ids += [f"exec:asset:{a}" for a in assets] + [f"exec:gang:{n}" for n in gang_nodes]
    ids += ["exec:first_aid"]
    ids += [f"exec:remove:{t}" for t in tile_ids] + [f"exec:move:{m}" for m in moves]
    ids += [f"exec:take:{take}" for take in takes] + [f"exec:unlock:{a}" for a in assets]
    for group in BONUS_GROUPS:
        ids += [f"bonus:{group}:disc", f"bonus:{group}:unlock", f"bonus:{group}:skip"]
        ids += [f"bonus:{group}:unlock:{a}" for a in assets]
    ids += [f"cuff:{a}" for a in assets] + ["cuff"]
    return tuple(dict.fromkeys(ids))


class EscapePlanEncoding:
    """The action enumeration and observation encoding of one set of options."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = normalize(options)
        rules = rules_for(self.options)
        content = load_content()
        self.seats: tuple[str, ...] = rules.seats
        cells = list(rules.topology.cells())
        self._ids = action_ids(content, cells)
        self._index = {action: i for i, action in enumerate(self._ids)}
        self._tiles = [tile.id for tile in content.city_tiles.tiles]
        self._tile_index = {t: i for i, t in enumerate(self._tiles)}
        self._cells = {cell: i for i, cell in enumerate(cells)}
        self._nodes = {node: i for i, node in enumerate(_nodes(content))}
        self._stacks = sorted({t.stack for t in content.city_tiles.tiles if t.stack is not None})
        self._businesses = [b.id for b in content.buildings.businesses]
        self._houses = [str(h.number) for h in content.buildings.safe_houses]
        self._plans = {card.id: card for card in content.escape_plans.cards}
        self._plan_ids = [card.id for card in content.escape_plans.cards]
        self._slots = content.player_board.item_spaces + content.player_board.contact_spaces
        self._unlocked = len(content.assets.unlocked_slot_costs)
        self._layout(content)

    def _layout(self, content: Content) -> None:
        s, n, c = len(SEATS), len(self._nodes), len(self._cells)
        self._o_to_act = s
        self._o_day = 2 * s
        self._o_phase = self._o_day + DAYS
        self._o_part = self._o_phase + len(ALL_PHASES)
        self._o_stage = self._o_part + len(PARTS)
        self._o_tiles = self._o_stage + len(ALL_STAGES)
        self._tile_fields = 1 + c + len(ROTATIONS) + 1 + len(OFFICER_TYPES)
        self._o_stacks = self._o_tiles + len(self._tiles) * self._tile_fields
        self._o_bag = self._o_stacks + len(self._stacks)
        self._o_patrol = self._o_bag + len(OFFICER_TYPES)
        self._o_buildings = self._o_patrol + 4
        self._building_fields = 1 + n + 1 + s + 2
        buildings = len(self._businesses) + len(self._houses)
        self._o_automata = self._o_buildings + buildings * self._building_fields
        self._automaton_fields = 1 + n + 1
        self._o_boards = self._o_automata + 2 * self._automaton_fields
        board = content.player_board
        self._board_fields = (
            1 + 3 + n + 2 + len(self._plan_ids) + len(BOARD_COUNTS)
            + self._slots * (len(PIECE_KINDS) + 1)
            + board.contact_spaces + 2 * board.key_slots + 2 * self._unlocked
        )  # fmt: skip
        self._o_decision = self._o_boards + s * self._board_fields
        #: Length of every seat's observation.
        self.observation_size = self._o_decision + 3 + n

    # Actions ------------------------------------------------------------------------------

    def action_ids(self, seat: str) -> tuple[str, ...]:
        """Every action id that can ever occur for ``seat``; index ``i`` is action ``i``."""
        return self._ids

    def action_index(self, seat: str) -> Mapping[str, int]:
        """Action id -> its index in :meth:`action_ids` (read-only use)."""
        return self._index

    def acting_together(self, to_act: Sequence[str]) -> tuple[str, ...]:
        """One seat at a time: the game asks one participant at once (``to_act``)."""
        return tuple(to_act[:1])

    # Observations -------------------------------------------------------------------------

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        obs = [0.0] * self.observation_size
        for i, x in self.encode_sparse(view).items():
            obs[i] = x
        return obs

    def encode_sparse(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The observation of ``view`` as its nonzero entries, index -> value."""
        obs: dict[int, float] = {}
        seat = view["seat"]
        obs[SEATS.index(seat)] = 1.0
        for other in view["to_act"]:
            if other in SEATS:
                obs[self._o_to_act + SEATS.index(other)] = 1.0
        table = view["table"]
        _one(obs, self._o_day, min(int(table["day"]), DAYS) - 1)
        _one(obs, self._o_phase, _find(ALL_PHASES, table["phase"]))
        _one(obs, self._o_part, _find(PARTS, table["part"]))
        _one(obs, self._o_stage, _find(ALL_STAGES, table["stage"]))
        self._tiles_part(obs, table)
        for i, stack in enumerate(self._stacks):
            _put(obs, self._o_stacks + i, table["stack_sizes"].get(stack, 0) / 3)
        for i, officer in enumerate(OFFICER_TYPES):
            _put(obs, self._o_bag + i, table["bag"].get(officer, 0) / 30)
        for i, number in enumerate(("1", "2", "3")):
            _put(obs, self._o_patrol + i, table["patrol_spaces"].get(number, 0) / 2)
        _put(obs, self._o_patrol + 3, table["patrol_deck_size"] / 6)
        own_plan = self._plans.get(table["players"][seat]["escape_plan"])
        self._buildings_part(obs, table, own_plan)
        for k, name in enumerate(("sandra", "costa")):
            bot = table["automata"].get(name)
            if bot is None:
                continue
            base = self._o_automata + k * self._automaton_fields
            if bot["status"] == "city" and bot["location"]:
                obs[base] = 1.0
                _one(obs, base + 1, self._nodes.get(bot["location"], -1))
            _put(obs, base + 1 + len(self._nodes), bot["notoriety"] / NOTORIETY_SCALE)
        for k, other in enumerate(SEATS):
            board = table["players"].get(other)
            if board is not None:
                self._board_part(obs, self._o_boards + k * self._board_fields, board)
        self._decision_part(obs, view.get("decision"), table["players"][seat]["location"])
        return obs

    def _tiles_part(self, obs: dict[int, float], table: Mapping[str, Any]) -> None:
        fields, cells = self._tile_fields, len(self._cells)
        for tile_id, x, y, rotation in table["city"]:
            base = self._o_tiles + self._tile_index[tile_id] * fields
            obs[base] = 1.0
            _one(obs, base + 1, self._cells.get((x, y), -1))
            _one(obs, base + 1 + cells, _find(ROTATIONS, rotation))
        for tile_id in table["display"]:
            obs[self._o_tiles + self._tile_index[tile_id] * fields + 1 + cells + 4] = 1.0
        for tile_id, officers in table["police"].items():
            base = self._o_tiles + self._tile_index[tile_id] * fields + 1 + cells + 5
            for i, officer in enumerate(OFFICER_TYPES):
                _put(obs, base + i, officers.count(officer) / 10)

    def _buildings_part(
        self, obs: dict[int, float], table: Mapping[str, Any], plan: Any | None
    ) -> None:
        entries = [("business", b, table["businesses"][b]) for b in self._businesses]
        entries += [("safe_house", h, table["safe_houses"][h]) for h in self._houses]
        n = len(self._nodes)
        for k, (kind, ident, building) in enumerate(entries):
            base = self._o_buildings + k * self._building_fields
            if building["placed_on"]:
                obs[base] = 1.0
                _one(obs, base + 1, self._nodes.get(building["placed_on"], -1))
            if building["closed"]:
                obs[base + 1 + n] = 1.0
            for owner, _ in building["cubes"]:
                if owner in SEATS:
                    obs[base + 2 + n + SEATS.index(owner)] = 1.0
            line = plan.lines.get(f"{kind}:{ident}") if plan is not None else None
            if line == "income":
                obs[base + 2 + n + len(SEATS) + 1] = 1.0
            elif isinstance(line, int):
                _put(obs, base + 2 + n + len(SEATS), line / 150)

    def _board_part(self, obs: dict[int, float], base: int, board: Mapping[str, Any]) -> None:
        n = len(self._nodes)
        obs[base] = 1.0
        _one(obs, base + 1, _find(("city", "escaped", "arrested"), board["status"]))
        if board["location"]:
            _one(obs, base + 4, self._nodes.get(board["location"], -1))
        at = base + 4 + n
        if board["cash"] is not None:
            obs[at] = 1.0
            _put(obs, at + 1, board["cash"] / CASH_SCALE)
        at += 2
        plan = board["escape_plan"]
        if plan is not None:
            _one(obs, at, _find(self._plan_ids, plan))
        at += len(self._plan_ids)
        counts = (  # in the order of BOARD_COUNTS
            board["notoriety"] / NOTORIETY_SCALE,
            board["noto_red"] / 3,
            board["noto_blue"] / 3,
            board["wounds_red"] / 3,
            board["handcuffs"] / 10,
            1.0 if board["rest_sun"] else 0.0,
            1.0 if board["first_aid_up"] else 0.0,
            board["gas_cans"] / 6,
            board["discs"] / 8,
            board["income_cubes"] / 9,
            len(board["gang_members"]) / 8,
        )
        for i, value in enumerate(counts):
            _put(obs, at + i, value)
        at += len(counts)
        for piece in (*board["items"], *board["contacts"]):
            if piece is not None:
                _one(obs, at, _find(PIECE_KINDS, piece[0]))
                if piece[2]:
                    obs[at + len(PIECE_KINDS)] = 1.0
            at += len(PIECE_KINDS) + 1
        for i, cuffed in enumerate(board["cuffed"]):
            if cuffed:
                obs[at + i] = 1.0
        at += len(board["cuffed"])
        for i, key in enumerate(board["keys"]):
            if key is not None:
                obs[at + 2 * i] = 1.0
                if key[1]:
                    obs[at + 2 * i + 1] = 1.0
        at += 2 * len(board["keys"])
        for i, slot in enumerate(board["unlocked"][: self._unlocked]):
            if slot is not None:
                obs[at + 2 * i] = 1.0
                if slot[1]:
                    obs[at + 2 * i + 1] = 1.0

    def _decision_part(self, obs: dict[int, float], steps: Any, start: str | None) -> None:
        if not steps:
            return
        _one(obs, self._o_decision, _find(("rest", "move", "tile"), steps[0].split(":", 1)[0]))
        for step in steps[1:]:
            node = step.rsplit(":", 1)[-1]
            _one(obs, self._o_decision + 3, self._nodes.get(node, -1))


def _find(options: Sequence[Any], value: Any) -> int:
    return options.index(value) if value in options else -1


def _one(obs: dict[int, float], base: int, index: int) -> None:
    """Set the one-hot bit ``index`` after ``base`` (nothing for ``-1``: unknown)."""
    if index >= 0:
        obs[base + index] = 1.0


def _put(obs: dict[int, float], index: int, value: float) -> None:
    """A count scaled into [0, 1] (clipped: a scale is a typical maximum, not a rule)."""
    if value > 0:
        obs[index] = min(1.0, float(value))


@cache
def _cached(key: tuple[tuple[str, Any], ...]) -> EscapePlanEncoding:
    return EscapePlanEncoding(dict(key))


def encoding(options: Mapping[str, Any] | None = None) -> EscapePlanEncoding:
    """The encoding of a game with these options (shared: built once per set of options)."""
    return _cached(tuple(sorted(normalize(options).items())))
