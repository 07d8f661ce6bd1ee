"""The game state as data (spec §21.1): the table, each player's board, the automata, and
where the day stands. Plain lists, dicts and small dataclasses, copied by explicit
``clone()`` methods (no deepcopy) and written to JSON and back.

Secrets are kept where a view can cut them out in one place (§21.2): a player's ``cash``
and ``escape_plan`` live on that player's :class:`Player`; face-down Locker and Exit tiles
on a board are :class:`Piece` with ``face_up`` false; deck orders, the removed Patrol card
and the Exit-tile stacks are fields of :class:`Table` that no seat sees.

Node names are ``<tile>.<node>`` (``START_H.hospital``); buildings are referred to as in
the content (``casino``, safe houses by their number as text, ``"1"``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from getaway.core.errors import SaveFileError
from getaway.core.game import JSONDict
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.options import Rules

if TYPE_CHECKING:
    from getaway.core.steps import Decision
    from getaway.games.escape_plan.turns import TurnMemo

Status = Literal["city", "escaped", "arrested"]
STATUSES: tuple[Status, ...] = ("city", "escaped", "arrested")

#: The phases of a day (§6), then the end. Each part of the Player Actions phase is an
#: action half (``ACTIONS``) and a Notoriety half (``NOTORIETY``, §6.5).
PHASES = (
    "INCOME",
    "PATROL",
    "CITY",
    "TURN_ORDER",
    "ACTIONS",
    "NOTORIETY",
    "DAY_CHANGE",
    "END",
)
#: The parts of the Player Actions phase (§6.5); Night and Dawn cost an Extra Action disc.
PARTS = ("MORNING", "AFTERNOON", "EVENING", "NIGHT", "DAWN")
OPTIONAL_PARTS = ("NIGHT", "DAWN")

#: What the participant at the head of ``Table.queue`` is asked now.
Stage = Literal[
    "income_unlock",  # §6.1 R-INC-2: pay $3k to unlock an Asset, or not
    "place",  # §6.3: place a display tile
    "disc",  # §6.5 R-PA-2: spend a disc to act at Night or Dawn, or not
    "turn",  # §7.0: Rest or Move (the turn has begun: the fee of R-PA-6 is paid)
    "start",  # Player Actions: the turn of the head of the queue has not begun yet
    "visit",  # §7.5: the VISIT after a Move, executive actions between its steps
    "after",  # §7.5-§7.6: after the Rest or Move: VISIT, executive actions, bonuses, end
    "converge",  # §10.2 step 1: move an officer toward a participant who crossed a line
    "threshold_unlock",  # §10.2 step 2: unlock an Asset for a line crossed
    "none",  # nobody: the game is over
]
STAGES = (
    "income_unlock",
    "place",
    "disc",
    "turn",
    "start",
    "visit",
    "after",
    "converge",
    "threshold_unlock",
    "none",
)


@dataclass(frozen=True, slots=True)
class Piece:
    """A tile or card on a space of a player board: a locked Asset (``asset``), an
    ``equipment``, ``fixer``, ``locker`` or ``exit`` tile, or a ``contact`` card. Locker and
    Exit tiles are named ``<stack>:<value>`` (``black:70``)."""

    kind: str
    id: str
    face_up: bool = True

    def to_json(self) -> list[Any]:
        return [self.kind, self.id, self.face_up]

    @classmethod
    def from_json(cls, data: Any) -> Piece | None:
        if data is None:
            return None
        kind, ident, face_up = data
        return cls(_text(kind), _text(ident), _flag(face_up))


@dataclass(frozen=True, slots=True)
class Unlocked:
    """An unlocked Asset on its slot; ``used`` once it is face down (§8.2, scores §14)."""

    asset: str
    used: bool = False


@dataclass(frozen=True, slots=True)
class Key:
    colour: str
    face_up: bool = True


@dataclass(slots=True)
class Player:
    """A human's board and pawn (§4, §21.1). ``cash`` and ``escape_plan`` are secret to
    other seats (§21.2)."""

    seat: str
    status: Status
    location: str | None
    cash: int
    escape_plan: int
    income_cubes: int
    notoriety: int
    #: Notoriety cubes in the red (gains) and blue (losses) boxes; the rest are neutral
    #: (§4, §7.2). ep-police's notoriety.py moves them.
    noto_red: int
    noto_blue: int
    wounds_red: int
    handcuffs: int
    rest_sun: bool
    first_aid_up: bool
    gas_cans: int
    discs: int
    #: The unlocked-Asset slots, most expensive first (§4, §18.2).
    unlocked: list[Unlocked | None]
    #: Item spaces (§4, 7.5.0) and contact spaces, index 0 leftmost.
    items: list[Piece | None]
    contacts: list[Piece | None]
    #: Contact spaces under a Handcuffs card (§11 R-WND-2).
    cuffed: list[bool]
    #: Key slots of Safe Houses 1-3.
    keys: list[Key | None]
    #: The Gang location of each gang member on the board (§8.2).
    gang_members: list[str]
    control_markers: int
    #: Completion bonuses taken (§7.6): ``group1``, ``group2``, ``safe_houses``.
    bonuses: list[str]

    def clone(self) -> Player:
        return Player(
            self.seat,
            self.status,
            self.location,
            self.cash,
            self.escape_plan,
            self.income_cubes,
            self.notoriety,
            self.noto_red,
            self.noto_blue,
            self.wounds_red,
            self.handcuffs,
            self.rest_sun,
            self.first_aid_up,
            self.gas_cans,
            self.discs,
            self.unlocked[:],
            self.items[:],
            self.contacts[:],
            self.cuffed[:],
            self.keys[:],
            self.gang_members[:],
            self.control_markers,
            self.bonuses[:],
        )

    def locked_assets(self) -> list[str]:
        """The locked Asset tiles on the board: item spaces, then contact spaces, each row
        left to right."""
        return [
            piece.id
            for piece in (*self.items, *self.contacts)
            if piece is not None and piece.kind == "asset"
        ]

    def to_json(self) -> JSONDict:
        return {
            "seat": self.seat,
            "status": self.status,
            "location": self.location,
            "cash": self.cash,
            "escape_plan": self.escape_plan,
            "income_cubes": self.income_cubes,
            "notoriety": self.notoriety,
            "noto_red": self.noto_red,
            "noto_blue": self.noto_blue,
            "wounds_red": self.wounds_red,
            "handcuffs": self.handcuffs,
            "rest_sun": self.rest_sun,
            "first_aid_up": self.first_aid_up,
            "gas_cans": self.gas_cans,
            "discs": self.discs,
            "unlocked": [None if u is None else [u.asset, u.used] for u in self.unlocked],
            "items": [None if p is None else p.to_json() for p in self.items],
            "contacts": [None if p is None else p.to_json() for p in self.contacts],
            "cuffed": list(self.cuffed),
            "keys": [None if k is None else [k.colour, k.face_up] for k in self.keys],
            "gang_members": list(self.gang_members),
            "control_markers": self.control_markers,
            "bonuses": list(self.bonuses),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Player:
        return cls(
            seat=_text(data["seat"]),
            status=_status(data["status"]),
            location=_optional_text(data["location"]),
            cash=_int(data["cash"]),
            escape_plan=_int(data["escape_plan"]),
            income_cubes=_int(data["income_cubes"]),
            notoriety=_int(data["notoriety"]),
            noto_red=_int(data["noto_red"]),
            noto_blue=_int(data["noto_blue"]),
            wounds_red=_int(data["wounds_red"]),
            handcuffs=_int(data["handcuffs"]),
            rest_sun=_flag(data["rest_sun"]),
            first_aid_up=_flag(data["first_aid_up"]),
            gas_cans=_int(data["gas_cans"]),
            discs=_int(data["discs"]),
            unlocked=[
                None if u is None else Unlocked(_text(u[0]), _flag(u[1]))
                for u in _list(data["unlocked"])
            ],
            items=[Piece.from_json(p) for p in _list(data["items"])],
            contacts=[Piece.from_json(p) for p in _list(data["contacts"])],
            cuffed=[_flag(c) for c in _list(data["cuffed"])],
            keys=[
                None if k is None else Key(_text(k[0]), _flag(k[1])) for k in _list(data["keys"])
            ],
            gang_members=[_text(g) for g in _list(data["gang_members"])],
            control_markers=_int(data["control_markers"]),
            bonuses=[_text(b) for b in _list(data["bonuses"])],
        )


@dataclass(slots=True)
class Automaton:
    """Sandra (§15) or Lieutenant Costa (§16). ``noto_up``/``noto_down`` are Sandra's cubes
    above and below her marker, or Costa's red and blue boxes (§15.4, §16.2). ``deck`` is
    the Inspector or Lieutenant deck, top first (hidden from all)."""

    name: str
    status: Status
    location: str | None
    notoriety: int
    noto_up: int
    noto_down: int
    discs: int
    deck: list[str]
    #: Costa's Escape Plan card (hidden from all until scoring, §21.2); ``None`` for Sandra.
    escape_plan: int | None
    #: Costa's Contact cards and tile piles (§16.2).
    contacts: list[str]
    piles: list[list[str]]
    bonuses: list[str]

    def clone(self) -> Automaton:
        return Automaton(
            self.name,
            self.status,
            self.location,
            self.notoriety,
            self.noto_up,
            self.noto_down,
            self.discs,
            self.deck[:],
            self.escape_plan,
            self.contacts[:],
            [pile[:] for pile in self.piles],
            self.bonuses[:],
        )

    def to_json(self) -> JSONDict:
        return {
            "name": self.name,
            "status": self.status,
            "location": self.location,
            "notoriety": self.notoriety,
            "noto_up": self.noto_up,
            "noto_down": self.noto_down,
            "discs": self.discs,
            "deck": list(self.deck),
            "escape_plan": self.escape_plan,
            "contacts": list(self.contacts),
            "piles": [list(pile) for pile in self.piles],
            "bonuses": list(self.bonuses),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Automaton:
        plan = data["escape_plan"]
        return cls(
            name=_text(data["name"]),
            status=_status(data["status"]),
            location=_optional_text(data["location"]),
            notoriety=_int(data["notoriety"]),
            noto_up=_int(data["noto_up"]),
            noto_down=_int(data["noto_down"]),
            discs=_int(data["discs"]),
            deck=[_text(c) for c in _list(data["deck"])],
            escape_plan=None if plan is None else _int(plan),
            contacts=[_text(c) for c in _list(data["contacts"])],
            piles=[[_text(t) for t in _list(pile)] for pile in _list(data["piles"])],
            bonuses=[_text(b) for b in _list(data["bonuses"])],
        )


@dataclass(slots=True)
class Building:
    """A Business or Safe House: the node it stands on once its tile is in the city, its
    cubes (owner and hex kind, ``money`` or ``income``, §3.1), and for a Business whether it
    is closed (§7.5.2)."""

    placed_on: str | None
    closed: bool
    cubes: list[tuple[str, str]]

    def clone(self) -> Building:
        return Building(self.placed_on, self.closed, self.cubes[:])

    def to_json(self) -> JSONDict:
        return {
            "placed_on": self.placed_on,
            "closed": self.closed,
            "cubes": [list(cube) for cube in self.cubes],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Building:
        return cls(
            _optional_text(data["placed_on"]),
            _flag(data["closed"]),
            [(_text(c[0]), _text(c[1])) for c in _list(data["cubes"])],
        )


@dataclass(slots=True)
class Gang:
    """A Gang location in the city: its members there and who controls it (§7.5.4)."""

    members: int
    control: str | None

    def clone(self) -> Gang:
        return Gang(self.members, self.control)


@dataclass(slots=True)
class Table:
    """Everything of one position except the random generator and an open decision."""

    day: int
    phase: str
    part: str
    #: Who acts at which point of the phase (§6.4), first first.
    turn_order: list[str]
    #: Who is still to be asked in the current stage, the one asked now first.
    stage: Stage
    queue: list[str]
    #: City phase: the placers of the tiles still to place, in order (§6.3 R-CITY-1).
    placers: list[str]
    #: Night and Dawn: who owned a disc when the part began (§6.5 R-PA-3).
    disc_owners: list[str]
    city: CityMap
    #: The face-down City stacks by letter, top first, and the face-up display tiles.
    stacks: dict[str, list[str]]
    display: list[str]
    #: Officers on each placed or display tile, in ``OFFICERS`` order (§3.2).
    police: dict[str, list[str]]
    bag: dict[str, int]
    box: dict[str, int]
    #: The Patrol deck, top first; the card returned unseen at setup; cards on each Exit's
    #: Patrol space (§6.2).
    patrol_deck: list[int]
    patrol_removed: int
    patrol_spaces: dict[int, int]
    #: The face-down Exit-tile stacks by type, top first, and the stack each closed Exit got
    #: (§6.2 R-PAT-2). A stack given to an Exit waits on its Patrol space until the Exit's
    #: tile is face up, then lies on the Exit: where it is follows from the tile.
    exit_stacks: dict[str, list[int]]
    exit_stack_of: dict[int, str]
    businesses: dict[str, Building]
    safe_houses: dict[str, Building]
    #: Keys beside each Safe House (§5.3 step 10).
    safe_house_keys: dict[str, list[str]]
    fixers: list[str]
    lockers: dict[str, list[int]]
    equipment: dict[str, int]
    gas_cans: int
    gang_area: int
    gangs: dict[str, Gang]
    contact_deck: list[str]
    contact_display: list[str]
    discs: int
    handcuffs: int
    escaped: list[str]
    arrested: list[str]
    players: dict[str, Player]
    automata: dict[str, Automaton]
    #: The Notoriety half under way (§6.5 step 2, §10): the participants whose marker is
    #: still to move, in turn order, and the tasks left of the crossings already found, first
    #: first: ``["converge", mover, owed_by, target tile]`` or ``["unlock", seat]``.
    noto_left: list[str]
    noto_tasks: list[list[str]]
    #: The turn under way after its Rest or Move (stage ``after``): the VISIT steps taken so
    #: far (§7.5; where the visit stands is read off them), and the first step of an
    #: executive action waiting for its target (§8), if any.
    visit_steps: list[str] = dataclasses.field(default_factory=list)
    exec_open: list[str] = dataclasses.field(default_factory=list)
    #: Players owed a choice for a Handcuffs card that lands on a locked Asset (§9.3, §11),
    #: first first: asked before anything else.
    cuffs_due: list[str] = dataclasses.field(default_factory=list)
    #: The open turn decision's next steps and what they were worked out from
    #: (``turns.TurnMemo``), kept for the very ``Decision`` object they belong to: while that
    #: decision stays open the table cannot change (every ``apply`` replaces it). Not part of
    #: the position: never cloned, saved or compared.
    turn_memo: TurnMemo | None = dataclasses.field(default=None, compare=False, repr=False)
    #: The same for an open tile placement: its ``Decision`` and the steps that may follow
    #: it (``city_phase.PlaceTile``).
    place_memo: tuple[Decision, list[str]] | None = dataclasses.field(
        default=None, compare=False, repr=False
    )
    #: Parts of legal lists worked out for the table as it is now, by what they are and
    #: whose (``turns.remembered``): a turn's end-of-turn check works out the lists the next
    #: ``legal_actions`` asks, and ``apply`` checks an action against them. Emptied by
    #: :meth:`changed`, which everything that changes the table calls first (the rules in
    #: ``apply``; a test that edits a table by hand calls it too). Never cloned, saved or
    #: compared.
    lists: dict[tuple[str, str], list[str]] = dataclasses.field(
        default_factory=dict, compare=False, repr=False
    )

    def changed(self) -> None:
        """The table is about to change: no list worked out for it holds any more."""
        if self.lists:
            self.lists.clear()

    def clone(self) -> Table:
        return Table(
            day=self.day,
            phase=self.phase,
            part=self.part,
            turn_order=self.turn_order[:],
            stage=self.stage,
            queue=self.queue[:],
            placers=self.placers[:],
            disc_owners=self.disc_owners[:],
            city=self.city,  # immutable: placing a tile makes a new map
            stacks={k: v[:] for k, v in self.stacks.items()},
            display=self.display[:],
            police={k: v[:] for k, v in self.police.items()},
            bag=dict(self.bag),
            box=dict(self.box),
            patrol_deck=self.patrol_deck[:],
            patrol_removed=self.patrol_removed,
            patrol_spaces=dict(self.patrol_spaces),
            exit_stacks={k: v[:] for k, v in self.exit_stacks.items()},
            exit_stack_of=dict(self.exit_stack_of),
            businesses={k: v.clone() for k, v in self.businesses.items()},
            safe_houses={k: v.clone() for k, v in self.safe_houses.items()},
            safe_house_keys={k: v[:] for k, v in self.safe_house_keys.items()},
            fixers=self.fixers[:],
            lockers={k: v[:] for k, v in self.lockers.items()},
            equipment=dict(self.equipment),
            gas_cans=self.gas_cans,
            gang_area=self.gang_area,
            gangs={k: v.clone() for k, v in self.gangs.items()},
            contact_deck=self.contact_deck[:],
            contact_display=self.contact_display[:],
            discs=self.discs,
            handcuffs=self.handcuffs,
            escaped=self.escaped[:],
            arrested=self.arrested[:],
            players={k: v.clone() for k, v in self.players.items()},
            automata={k: v.clone() for k, v in self.automata.items()},
            noto_left=self.noto_left[:],
            noto_tasks=[task[:] for task in self.noto_tasks],
            visit_steps=self.visit_steps[:],
            exec_open=self.exec_open[:],
            cuffs_due=self.cuffs_due[:],
        )

    # --- questions the rules ask ---------------------------------------------------------

    def in_city(self, participant: str) -> bool:
        return self.status(participant) == "city"

    def status(self, participant: str) -> Status:
        if participant in self.players:
            return self.players[participant].status
        return self.automata[participant].status

    def location(self, participant: str) -> str | None:
        if participant in self.players:
            return self.players[participant].location
        return self.automata[participant].location

    def notoriety(self, participant: str) -> int:
        if participant in self.players:
            return self.players[participant].notoriety
        return self.automata[participant].notoriety

    def discs_of(self, participant: str) -> int:
        if participant in self.players:
            return self.players[participant].discs
        return self.automata[participant].discs

    def visible_tiles(self) -> list[str]:
        """Tiles face up: placed in the city or in the display (§6.2 R-PAT-2)."""
        return [entry.tile.id for entry in self.city.placed] + self.display

    def exit_open(self, number: int) -> bool:
        """An Exit is open while its Patrol space holds fewer than 2 cards (R-PAT-3)."""
        return self.patrol_spaces[number] < 2

    def cubes_of(self, owner: str) -> int:
        """Cubes ``owner`` has on Businesses and Safe Houses."""
        return sum(
            1
            for building in (*self.businesses.values(), *self.safe_houses.values())
            for who, _ in building.cubes
            if who == owner
        )

    # --- JSON ------------------------------------------------------------------------------

    def to_json(self) -> JSONDict:
        return {key: read(self) for key, read in TABLE_JSON.items()}

    @classmethod
    def from_json(cls, rules: Rules, data: Mapping[str, Any]) -> Table:
        """Read :meth:`to_json` back; malformed data raises :class:`SaveFileError` naming the
        field. Whether the position is one the rules allow is ``invariants.py``'s job."""
        if not isinstance(data, Mapping):
            raise SaveFileError("save file: the table must be an object")

        def field(key: str, read: Callable[[Any], Any]) -> Any:
            if key not in data:
                raise SaveFileError(f"save file: the table has no {key!r}")
            try:
                return read(data[key])
            except (KeyError, TypeError, ValueError, IndexError) as error:
                raise SaveFileError(
                    f"save file: the table's {key!r} is malformed: {error}"
                ) from None

        def texts(value: Any) -> list[str]:
            return [_text(x) for x in _list(value)]

        def ints(value: Any) -> list[int]:
            return [_int(x) for x in _list(value)]

        def city(value: Any) -> CityMap:
            built = CityMap(rules.topology)
            for tile_id, x, y, rotation in _list(value):
                tile = rules.content.tile(_text(tile_id))
                built = built.with_tile(tile, (_int(x), _int(y)), _int(rotation))
            return built

        def by_text(read: Callable[[Any], Any]) -> Callable[[Any], dict[str, Any]]:
            return lambda value: {_text(k): read(v) for k, v in _dict(value).items()}

        def by_number(read: Callable[[Any], Any]) -> Callable[[Any], dict[int, Any]]:
            return lambda value: {int(_text(k)): read(v) for k, v in _dict(value).items()}

        table = cls(
            day=field("day", _int),
            phase=field("phase", lambda v: _one_of(v, PHASES)),
            part=field("part", lambda v: _one_of(v, PARTS)),
            turn_order=field("turn_order", texts),
            stage=field("stage", lambda v: _one_of(v, STAGES)),
            queue=field("queue", texts),
            placers=field("placers", texts),
            disc_owners=field("disc_owners", texts),
            city=field("city", city),
            stacks=field("stacks", by_text(texts)),
            display=field("display", texts),
            police=field("police", by_text(texts)),
            bag=field("bag", by_text(_int)),
            box=field("box", by_text(_int)),
            patrol_deck=field("patrol_deck", ints),
            patrol_removed=field("patrol_removed", _int),
            patrol_spaces=field("patrol_spaces", by_number(_int)),
            exit_stacks=field("exit_stacks", by_text(ints)),
            exit_stack_of=field("exit_stack_of", by_number(_text)),
            businesses=field("businesses", by_text(Building.from_json)),
            safe_houses=field("safe_houses", by_text(Building.from_json)),
            safe_house_keys=field("safe_house_keys", by_text(texts)),
            fixers=field("fixers", texts),
            lockers=field("lockers", by_text(ints)),
            equipment=field("equipment", by_text(_int)),
            gas_cans=field("gas_cans", _int),
            gang_area=field("gang_area", _int),
            gangs=field("gangs", by_text(lambda v: Gang(_int(v[0]), _optional_text(v[1])))),
            contact_deck=field("contact_deck", texts),
            contact_display=field("contact_display", texts),
            discs=field("discs", _int),
            handcuffs=field("handcuffs", _int),
            escaped=field("escaped", texts),
            arrested=field("arrested", texts),
            players=field("players", by_text(Player.from_json)),
            automata=field("automata", by_text(Automaton.from_json)),
            noto_left=field("noto_left", texts),
            noto_tasks=field("noto_tasks", lambda v: [texts(task) for task in _list(v)]),
            visit_steps=field("visit_steps", texts),
            exec_open=field("exec_open", texts),
            cuffs_due=field("cuffs_due", texts),
        )
        return table


# --- strict readers: a wrong type is a ValueError the table reader names ------------------


#: Each field of a table's JSON (:meth:`Table.to_json`), in order, and how it is read off the
#: table: a reader that needs a few fields (a playout's heuristic, ``views.lazy_view``) builds
#: those alone.
TABLE_JSON: dict[str, Callable[[Table], Any]] = {
    "day": lambda t: t.day,
    "phase": lambda t: t.phase,
    "part": lambda t: t.part,
    "turn_order": lambda t: list(t.turn_order),
    "stage": lambda t: t.stage,
    "queue": lambda t: list(t.queue),
    "placers": lambda t: list(t.placers),
    "disc_owners": lambda t: list(t.disc_owners),
    "city": lambda t: [
        [entry.tile.id, entry.cell[0], entry.cell[1], entry.rotation] for entry in t.city.placed
    ],
    "stacks": lambda t: {k: list(v) for k, v in t.stacks.items()},
    "display": lambda t: list(t.display),
    "police": lambda t: {k: list(v) for k, v in t.police.items()},
    "bag": lambda t: dict(t.bag),
    "box": lambda t: dict(t.box),
    "patrol_deck": lambda t: list(t.patrol_deck),
    "patrol_removed": lambda t: t.patrol_removed,
    "patrol_spaces": lambda t: {str(k): v for k, v in t.patrol_spaces.items()},
    "exit_stacks": lambda t: {k: list(v) for k, v in t.exit_stacks.items()},
    "exit_stack_of": lambda t: {str(k): v for k, v in t.exit_stack_of.items()},
    "businesses": lambda t: {k: v.to_json() for k, v in t.businesses.items()},
    "safe_houses": lambda t: {k: v.to_json() for k, v in t.safe_houses.items()},
    "safe_house_keys": lambda t: {k: list(v) for k, v in t.safe_house_keys.items()},
    "fixers": lambda t: list(t.fixers),
    "lockers": lambda t: {k: list(v) for k, v in t.lockers.items()},
    "equipment": lambda t: dict(t.equipment),
    "gas_cans": lambda t: t.gas_cans,
    "gang_area": lambda t: t.gang_area,
    "gangs": lambda t: {k: [v.members, v.control] for k, v in t.gangs.items()},
    "contact_deck": lambda t: list(t.contact_deck),
    "contact_display": lambda t: list(t.contact_display),
    "discs": lambda t: t.discs,
    "handcuffs": lambda t: t.handcuffs,
    "escaped": lambda t: list(t.escaped),
    "arrested": lambda t: list(t.arrested),
    "players": lambda t: {k: v.to_json() for k, v in t.players.items()},
    "automata": lambda t: {k: v.to_json() for k, v in t.automata.items()},
    "noto_left": lambda t: list(t.noto_left),
    "noto_tasks": lambda t: [list(task) for task in t.noto_tasks],
    "visit_steps": lambda t: list(t.visit_steps),
    "exec_open": lambda t: list(t.exec_open),
    "cuffs_due": lambda t: list(t.cuffs_due),
}


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"expected a whole number, got {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    return value


def _one_of(value: Any, allowed: tuple[str, ...]) -> Any:
    if value not in allowed:
        raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _status(value: Any) -> Status:
    for status in STATUSES:
        if value == status:
            return status
    raise ValueError(f"status must be one of {', '.join(STATUSES)}, got {value!r}")


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list, got {value!r}")
    return value


def _dict(value: Any) -> dict[Any, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected an object, got {value!r}")
    return value
