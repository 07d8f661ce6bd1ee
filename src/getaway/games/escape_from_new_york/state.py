"""The game state as data (spec §5): the map's spaces and roads, each hero, the New York
board, the decks, the timer, the diplomat slots and the President. Plain lists, dicts and
small dataclasses, copied by explicit ``clone()`` methods (no deepcopy) and written to JSON
and back (:data:`TABLE_JSON`, :meth:`Table.from_json`).

Decks are lists, top first; a card is named by its content id (copies repeat the id). A
secret sits where ``views.py`` can cut it out in one place: a hero's hand, discard, played
cards, objectives and face-down supply cards on that hero's :class:`Hero`; face-down
landmarks and outskirts tokens on their :class:`Space`; deck orders, the box and the
diplomat cards in the slots as fields of :class:`Table`.

Of the turn's scratch (§5 ``turnScratch``) only the enemies it marks are here
(:class:`Enemy`, ``Table.marks``: damage on prisoners, deceived enemies); queued events and
the result come with the turn rules.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from getaway.core.errors import SaveFileError
from getaway.core.game import JSONDict
from getaway.core.saves import SaveReader
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.topology import DIRECTIONS, Cell, Direction

T = TypeVar("T")

#: Who owns a car figure on the map (§5 ``CarFigure``): a prisoner drives it (red base), it
#: is abandoned (white base), or a hero's seat.
PRISONER = "prisoner"
ABANDONED = "none"

BarricadeState = Literal["intact", "destroyed"]
BARRICADE_STATES: tuple[BarricadeState, ...] = ("intact", "destroyed")
#: A road: a cell and the direction it leaves in, written from the smaller of its two cells
#: (:func:`road_key`), so each road has one name. A road with no cell on its other side
#: (a bridge, a road to nowhere) is named from its one cell.
RoadKey = tuple[Cell, Direction]

TokenState = Literal["face_down", "active", "removed"]
TOKEN_STATES: tuple[TokenState, ...] = ("face_down", "active", "removed")
BossState = Literal["off_board", "on_map", "dead"]
BOSS_STATES: tuple[BossState, ...] = ("off_board", "on_map", "dead")
Phase = Literal["hero", "new_york", "over"]
PHASES: tuple[Phase, ...] = ("hero", "new_york", "over")
SupplyKind = Literal["item", "diplomat", "president"]
SUPPLY_KINDS: tuple[SupplyKind, ...] = ("item", "diplomat", "president")
EnemyKind = Literal["car", "boss", "prisoner"]
ENEMY_KINDS: tuple[EnemyKind, ...] = ("car", "boss", "prisoner")
#: The objective colours, in the order a hero keeps its two cards (§4.2 step 18).
COLOURS = ("blue", "purple")


def road_key(rules: Rules, cell: Cell, direction: Direction) -> RoadKey:
    """The one name of the road leaving ``cell`` in ``direction`` (listed once by the
    topology: see ``HexTopology.road_name``)."""
    return rules.topology.road_name(cell, direction)


@dataclass(frozen=True, slots=True)
class CarFigure:
    """A car figure on the map (§5, A-31): ``owner`` is :data:`PRISONER`, :data:`ABANDONED`
    or the seat of the hero driving it; the Taxi is Cabbie's own figure."""

    owner: str
    taxi: bool = False


@dataclass(frozen=True, slots=True)
class Enemy:
    """One enemy figure (§8.1): a prisoner on foot or driving a car on ``cell``, or the boss
    ``boss``; with the damage it has taken this turn (prisoners only: a boss's damage is his
    health track, §7.4) and whether it lies deceived on its side (§7.5). Figures alike in
    all of these are interchangeable, so a value names any one of them. Only marked figures
    (wounded or deceived) are listed in ``Table.marks``; the rest are the counts on the
    spaces."""

    kind: EnemyKind
    cell: Cell
    boss: str | None = None
    wound: int = 0
    deceived: bool = False

    @property
    def marked(self) -> bool:
        return self.wound > 0 or self.deceived


@dataclass(frozen=True, slots=True)
class SupplyCard:
    """A card in a hero's personal supply (§7.8): face down unless the rules turn it up
    (Brain's Bridge Diagram 3, a revealed Bracelet, the President)."""

    kind: SupplyKind
    id: str
    face_up: bool


@dataclass(slots=True)
class LevelToken:
    """A level token on its level space (§7.15): face down, the active one (face up, taking
    markers), or removed (that level reached). Its requirements are the content's, by set
    and level."""

    state: TokenState
    prisoners: int
    items: int

    def clone(self) -> LevelToken:
        return LevelToken(self.state, self.prisoners, self.items)


@dataclass(slots=True)
class Space:
    """One space of the board and what lies on it (§5 ``Cell``). ``tile`` is the content id
    of the tile on it (a city or park tile, a landmark, ``library``, ``wtc``), ``None`` while
    empty; a landmark lies face down until explored. The six printed spaces around the
    Library hold no tile and are explored from the start (§3.1)."""

    tile: str | None
    face_up: bool
    outskirts: str | None
    outskirts_face_up: bool
    item_markers: int
    #: Prisoners on foot; a prisoner driving a car is that car's figure.
    prisoners: int
    cars: list[CarFigure]
    bosses: list[str]
    diplomat_tokens: list[int]
    glider: bool
    helicopter: bool

    def clone(self) -> Space:
        return Space(
            self.tile,
            self.face_up,
            self.outskirts,
            self.outskirts_face_up,
            self.item_markers,
            self.prisoners,
            self.cars[:],
            self.bosses[:],
            self.diplomat_tokens[:],
            self.glider,
            self.helicopter,
        )

    def to_json(self, cell: Cell) -> JSONDict:
        return {
            "cell": [cell[0], cell[1]],
            "tile": self.tile,
            "face_up": self.face_up,
            "outskirts": self.outskirts,
            "outskirts_face_up": self.outskirts_face_up,
            "item_markers": self.item_markers,
            "prisoners": self.prisoners,
            "cars": [[car.owner, car.taxi] for car in self.cars],
            "bosses": list(self.bosses),
            "diplomat_tokens": list(self.diplomat_tokens),
            "glider": self.glider,
            "helicopter": self.helicopter,
        }


class Spaces(dict[Cell, Space]):
    """The spaces of one table, copied on write: a clone shares every :class:`Space` with
    its original, and each side copies a space the first time it hands it out
    (``table.spaces[cell]``, ``get``, ``items``, ``values``...), since the caller may change
    it. Cloning a table therefore copies 58 references, not 58 spaces; a turn copies only
    the spaces it asks for. :func:`read_space` hands out a space without copying, for code
    that only reads it. The same tables as copying every space
    (``tests/escape_from_new_york/test_speed_oracles.py``)."""

    __slots__ = ("owned",)

    def __init__(self, spaces: Mapping[Cell, Space] | None = None) -> None:
        super().__init__(spaces or {})
        #: The cells whose space this map alone holds (copied since the last clone); any
        #: other may be another map's too, so it is copied before it is handed out. A new
        #: map owns nothing: whoever built it may still hold its spaces.
        self.owned: set[Cell] = set()

    def clone(self) -> Spaces:
        """A copy sharing every space; from now on both sides copy before handing out."""
        other = Spaces(self)  # dict's own copy: the references, without __getitem__
        self.owned = set()
        return other

    def _own(self, cell: Cell) -> Space:
        space = dict.__getitem__(self, cell).clone()
        dict.__setitem__(self, cell, space)
        self.owned.add(cell)
        return space

    def _own_all(self) -> None:
        if len(self.owned) < len(self):
            for cell in list(dict.keys(self)):
                if cell not in self.owned:
                    self._own(cell)

    def __getitem__(self, cell: Cell) -> Space:
        if cell in self.owned:
            return dict.__getitem__(self, cell)
        return self._own(cell)

    def __setitem__(self, cell: Cell, space: Space) -> None:
        self.owned.discard(cell)  # the caller may keep it: copied if handed out again
        dict.__setitem__(self, cell, space)

    def __delitem__(self, cell: Cell) -> None:
        self.owned.discard(cell)
        dict.__delitem__(self, cell)

    def get(self, cell: Cell, default: Any = None) -> Any:
        if cell in self:
            return self[cell]
        return default

    def values(self) -> Any:
        self._own_all()
        return dict.values(self)

    def items(self) -> Any:
        self._own_all()
        return dict.items(self)

    def pop(self, cell: Cell, *default: Any) -> Any:
        if cell in self:
            self[cell]
            self.owned.discard(cell)
        return dict.pop(self, cell, *default)

    def popitem(self) -> tuple[Cell, Space]:
        self._own_all()
        cell, space = dict.popitem(self)
        self.owned.discard(cell)
        return cell, space

    def setdefault(self, cell: Cell, default: Space) -> Space:
        if cell in self:
            return self[cell]
        self[cell] = default
        return default

    def copy(self) -> dict[Cell, Space]:
        """A plain dict of copies (never shared with this table)."""
        return {cell: space.clone() for cell, space in dict.items(self)}

    def update(self, *args: Any, **kwargs: Any) -> None:
        for cell, space in dict(*args, **kwargs).items():
            self[cell] = space

    def __ior__(self, other: Any) -> Spaces:  # type: ignore[override,misc]
        self.update(other)
        return self

    def __reduce__(self) -> Any:
        return (Spaces, (self.copy(),))


@dataclass(slots=True)
class Hero:
    """A player's hero and board (§5 ``heroes[h]``). Health is the hand (§1)."""

    seat: str
    hero: str
    cell: Cell
    #: Private to the owner (§13.2): hand, action discard, the two cards chosen at step 2.
    hand: list[str]
    discard: list[str]
    played: list[str]
    #: The weapon slot (face up, with its ammo) and the car slot (§7.11, §7.12).
    weapon: str | None
    ammo: int
    car: str | None
    supply: list[SupplyCard]
    #: The two personal objectives, blue then purple (§4.2 step 18): the owner's secret.
    objectives: list[str]
    #: The level-token set (its back is public) and its three tokens, level 1 first.
    level_set: str
    level_tokens: list[LevelToken]
    #: Wanted cards held (Wanted variant, §12): face up, outside the supply.
    wanted: int
    #: This hero's special action cards waiting face down beside the board (§4.2 step 15).
    specials: list[str]
    #: What this hero's player has seen that is still hidden from the others (§13: "stays
    #: known once seen"), its secret (``memory.py``): face-down landmarks it looked at,
    #: cell -> landmark, kept while they lie face down; and New York cards it looked at in
    #: the deck, ``(card, place)`` with ``place`` counted from the deck's bottom, kept
    #: until the card leaves the deck or the deck is shuffled.
    seen_landmarks: dict[Cell, str] = field(default_factory=dict)
    seen_new_york: list[tuple[str, int]] = field(default_factory=list)

    @property
    def level(self) -> int:
        """The number of removed level tokens (A-18)."""
        return sum(1 for token in self.level_tokens if token.state == "removed")

    def clone(self) -> Hero:
        return Hero(
            self.seat,
            self.hero,
            self.cell,
            self.hand[:],
            self.discard[:],
            self.played[:],
            self.weapon,
            self.ammo,
            self.car,
            self.supply[:],
            self.objectives[:],
            self.level_set,
            [LevelToken(t.state, t.prisoners, t.items) for t in self.level_tokens],
            self.wanted,
            self.specials[:],
            dict(self.seen_landmarks),
            self.seen_new_york[:],
        )

    def to_json(self) -> JSONDict:
        return {
            "seat": self.seat,
            "hero": self.hero,
            "cell": [self.cell[0], self.cell[1]],
            "hand": list(self.hand),
            "discard": list(self.discard),
            "played": list(self.played),
            "weapon": self.weapon,
            "ammo": self.ammo,
            "car": self.car,
            "supply": [[card.kind, card.id, card.face_up] for card in self.supply],
            "objectives": list(self.objectives),
            "level_set": self.level_set,
            "level_tokens": [[t.state, t.prisoners, t.items] for t in self.level_tokens],
            "wanted": self.wanted,
            "specials": list(self.specials),
            "seen_landmarks": [
                [cell[0], cell[1], tile] for cell, tile in sorted(self.seen_landmarks.items())
            ],
            "seen_new_york": [[card, place] for card, place in self.seen_new_york],
        }


@dataclass(slots=True)
class DiplomatSlot:
    """A numbered diplomat slot (§4.2 steps 7 and 11): its token while it is there, and a
    card lying on it, face down unless it is a revealed Bracelet put back (§13.1).
    ``known_by``: the seats that know a face-down card there (the hero who put it back,
    §13.2); that someone put a card back is public."""

    token: bool
    card: str | None
    face_up: bool
    known_by: list[str]

    def clone(self) -> DiplomatSlot:
        return DiplomatSlot(self.token, self.card, self.face_up, self.known_by[:])

    def to_json(self) -> JSONDict:
        return {
            "token": self.token,
            "card": self.card,
            "face_up": self.face_up,
            "known_by": list(self.known_by),
        }


@dataclass(slots=True)
class Table:
    """Everything of one position except the random generator."""

    #: The seats in turn order from the first player (clockwise, A-20), and whose turn it
    #: is (an index into it), the phase and its step (§6: hero 1-9, New York 10-12).
    turn_order: list[str]
    current: int
    phase: Phase
    step: int
    spaces: dict[Cell, Space]
    barricades: dict[RoadKey, BarricadeState]
    heroes: dict[str, Hero]
    # The New York board (§4.2 step 16).
    noise: int
    #: Mission markers moved to the right box (§8.3); the rest are in the left box.
    missions_moved: int
    boss_hp: dict[str, int]
    boss_state: dict[str, BossState]
    #: The diplomat token a boss carries, dropped where he dies (§7.4).
    boss_diplomat: dict[str, int | None]
    #: The New York deck (top first), its face-up discard, the special cards in play (their
    #: prisoner bonuses) and those still waiting face down beside the board (§8.6, §8.8).
    new_york_deck: list[str]
    new_york_discard: list[str]
    new_york_in_play: list[str]
    new_york_specials: list[str]
    #: The timer deck (top first), the cards revealed, and those discarded face down at the
    #: first President rescue (§7.10, §13.1).
    timer_deck: list[str]
    timer_revealed: list[str]
    timer_discarded: list[str]
    #: The event-level marker's cell on the track, 0 the first (A-46).
    event_level: int
    city_deck: list[str]
    park_deck: list[str]
    item_deck: list[str]
    #: Face down (§13.3).
    item_discard: list[str]
    event_deck: list[str]
    event_discard: list[str]
    # The general supply (§4.2 step 14).
    car_cards: list[str]
    prisoner_supply: int
    car_figures: int
    barricade_supply: int
    item_markers: int
    ammo_markers: int
    wanted_cards: int
    diplomat_slots: list[DiplomatSlot]
    #: The President's slot: the President card, or the shuffled President deck of "Dead or
    #: Alive?" (top first, §12). ``president_taken``: the first rescue has happened (§7.10).
    president_slot: list[str]
    president_taken: bool
    helicopter_landed: bool
    glider_destroyed: bool
    hurry_revealed: bool
    #: The leftover objective cards, a face-down deck per colour (§4.2 step 18).
    objective_decks: dict[str, list[str]]
    #: What went back to the box unseen (§4.1 [I], step 11b): by kind, hidden from all.
    box: dict[str, list[str]]
    #: The enemy figures this turn has marked (wounded prisoners, deceived enemies), cleared
    #: at the end of the turn (§6).
    marks: list[Enemy] = field(default_factory=list)
    #: "President: Dead or Alive?": the card drawn at the Duke's Camp was "President Dead"
    #: (§12), shown to all; the team's escape is then impossible.
    president_dead: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.spaces, Spaces):
            self.spaces = Spaces(self.spaces)

    @property
    def current_seat(self) -> str:
        return self.turn_order[self.current]

    def clone(self) -> Table:
        # Positional, in field order (a keyword call of 43 fields costs a sixth more, on
        # every action); a field out of place breaks the clone tests' saves at once.
        return Table(
            self.turn_order[:],
            self.current,
            self.phase,
            self.step,
            _cloned_spaces(self.spaces),
            dict(self.barricades),
            {seat: hero.clone() for seat, hero in self.heroes.items()},
            self.noise,
            self.missions_moved,
            dict(self.boss_hp),
            dict(self.boss_state),
            dict(self.boss_diplomat),
            self.new_york_deck[:],
            self.new_york_discard[:],
            self.new_york_in_play[:],
            self.new_york_specials[:],
            self.timer_deck[:],
            self.timer_revealed[:],
            self.timer_discarded[:],
            self.event_level,
            self.city_deck[:],
            self.park_deck[:],
            self.item_deck[:],
            self.item_discard[:],
            self.event_deck[:],
            self.event_discard[:],
            self.car_cards[:],
            self.prisoner_supply,
            self.car_figures,
            self.barricade_supply,
            self.item_markers,
            self.ammo_markers,
            self.wanted_cards,
            [slot.clone() for slot in self.diplomat_slots],
            self.president_slot[:],
            self.president_taken,
            self.helicopter_landed,
            self.glider_destroyed,
            self.hurry_revealed,
            {colour: deck[:] for colour, deck in self.objective_decks.items()},
            {kind: cards[:] for kind, cards in self.box.items()},
            self.marks[:],
            self.president_dead,
        )

    def to_json(self) -> JSONDict:
        return {key: write(self) for key, write in TABLE_JSON.items()}

    @classmethod
    def from_json(cls, rules: Rules, reader: SaveReader) -> Table:
        """Read :meth:`to_json` back (``reader`` on the table's object). Anything malformed
        raises :class:`SaveFileError` naming the field; whether the position is one the
        rules can reach is ``invariants.py``'s job."""
        return _TableReader(rules, reader).table()


def read_space(table: Table, cell: Cell) -> Space:
    """The space on ``cell`` to look at only, not copied if shared (:class:`Spaces`):
    never change what this returns."""
    return dict.__getitem__(table.spaces, cell)


def read_spaces(table: Table) -> Any:
    """Every cell and its space, to look at only (see :func:`read_space`)."""
    return dict.items(table.spaces)


def _cloned_spaces(spaces: dict[Cell, Space]) -> Spaces:
    """A clone's spaces: shared copy on write (:class:`Spaces`), or copied one by one if
    something replaced the table's map by a plain dict."""
    if isinstance(spaces, Spaces):
        return spaces.clone()
    return Spaces({cell: space.clone() for cell, space in spaces.items()})


#: Each field of a table's JSON, in order, and how it is written.
TABLE_JSON: dict[str, Callable[[Table], Any]] = {
    "turn_order": lambda t: list(t.turn_order),
    "current": lambda t: t.current,
    "phase": lambda t: t.phase,
    "step": lambda t: t.step,
    "spaces": lambda t: [space.to_json(cell) for cell, space in t.spaces.items()],
    "barricades": lambda t: [
        [cell[0], cell[1], direction, state]
        for (cell, direction), state in sorted(t.barricades.items())
    ],
    "heroes": lambda t: {seat: hero.to_json() for seat, hero in t.heroes.items()},
    "noise": lambda t: t.noise,
    "missions_moved": lambda t: t.missions_moved,
    "boss_hp": lambda t: dict(t.boss_hp),
    "boss_state": lambda t: dict(t.boss_state),
    "boss_diplomat": lambda t: dict(t.boss_diplomat),
    "new_york_deck": lambda t: list(t.new_york_deck),
    "new_york_discard": lambda t: list(t.new_york_discard),
    "new_york_in_play": lambda t: list(t.new_york_in_play),
    "new_york_specials": lambda t: list(t.new_york_specials),
    "timer_deck": lambda t: list(t.timer_deck),
    "timer_revealed": lambda t: list(t.timer_revealed),
    "timer_discarded": lambda t: list(t.timer_discarded),
    "event_level": lambda t: t.event_level,
    "city_deck": lambda t: list(t.city_deck),
    "park_deck": lambda t: list(t.park_deck),
    "item_deck": lambda t: list(t.item_deck),
    "item_discard": lambda t: list(t.item_discard),
    "event_deck": lambda t: list(t.event_deck),
    "event_discard": lambda t: list(t.event_discard),
    "car_cards": lambda t: list(t.car_cards),
    "prisoner_supply": lambda t: t.prisoner_supply,
    "car_figures": lambda t: t.car_figures,
    "barricade_supply": lambda t: t.barricade_supply,
    "item_markers": lambda t: t.item_markers,
    "ammo_markers": lambda t: t.ammo_markers,
    "wanted_cards": lambda t: t.wanted_cards,
    "diplomat_slots": lambda t: [slot.to_json() for slot in t.diplomat_slots],
    "president_slot": lambda t: list(t.president_slot),
    "president_taken": lambda t: t.president_taken,
    "helicopter_landed": lambda t: t.helicopter_landed,
    "glider_destroyed": lambda t: t.glider_destroyed,
    "hurry_revealed": lambda t: t.hurry_revealed,
    "objective_decks": lambda t: {c: list(d) for c, d in t.objective_decks.items()},
    "box": lambda t: {kind: list(cards) for kind, cards in t.box.items()},
    "marks": lambda t: [
        [m.cell[0], m.cell[1], m.kind, m.boss, m.wound, m.deceived] for m in t.marks
    ],
    "president_dead": lambda t: t.president_dead,
}

#: Fields of a hero's JSON (:meth:`Hero.to_json`), in order.
HERO_FIELDS = (
    "seat",
    "hero",
    "cell",
    "hand",
    "discard",
    "played",
    "weapon",
    "ammo",
    "car",
    "supply",
    "objectives",
    "level_set",
    "level_tokens",
    "wanted",
    "specials",
    "seen_landmarks",
    "seen_new_york",
)
#: Fields of a diplomat slot's JSON (:meth:`DiplomatSlot.to_json`), in order.
SLOT_FIELDS = ("token", "card", "face_up", "known_by")
#: Fields of a space's JSON (:meth:`Space.to_json`), in order.
SPACE_FIELDS = (
    "cell",
    "tile",
    "face_up",
    "outskirts",
    "outskirts_face_up",
    "item_markers",
    "prisoners",
    "cars",
    "bosses",
    "diplomat_tokens",
    "glider",
    "helicopter",
)

# A generous bound for counts in a save: anything larger is not a count of this game.
_MANY = 1000


class _TableReader:
    """Reads a table's JSON field by field, each error naming the field's path."""

    def __init__(self, rules: Rules, reader: SaveReader) -> None:
        self.rules = rules
        self.r = reader
        self.ids = rules.catalogue

    def fail(self, path: str, what: str) -> SaveFileError:
        return SaveFileError(f"save file: {path!r} {what}")

    def known(self, value: Any, path: str, allowed: frozenset[str], what: str) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(path, f"must be {what}, not {value!r}")
        return value

    def one_of(self, value: Any, path: str, allowed: tuple[T, ...], what: str) -> T:
        """``value`` as the member of ``allowed`` it equals (typed as they are)."""
        if isinstance(value, str) and value in allowed:
            return allowed[allowed.index(value)]
        raise self.fail(path, f"must be {what} ({', '.join(map(str, allowed))}), not {value!r}")

    def ids_of(self, r: SaveReader, key: str, allowed: frozenset[str], what: str) -> list[str]:
        return r.items(key, lambda v, path: self.known(v, path, allowed, what))

    def optional_id(
        self, r: SaveReader, key: str, allowed: frozenset[str], what: str
    ) -> str | None:
        value = r.get(key)
        return None if value is None else self.known(value, r.name(key), allowed, what)

    def count(self, r: SaveReader, key: str) -> int:
        return r.integer(key, 0, _MANY)

    def cell(self, value: Any, path: str) -> Cell:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
        ):
            raise self.fail(path, f"must be a cell [column, row], not {value!r}")
        cell = (value[0], value[1])
        if cell not in self.rules.topology:
            raise self.fail(path, f"is not a cell of the board: {value!r}")
        return cell

    def seat(self, value: Any, path: str) -> str:
        return self.known(value, path, frozenset(self.rules.seats), "a seat of this game")

    def keyed(self, r: SaveReader, key: str, keys: frozenset[str], what: str) -> SaveReader:
        """A nested object whose keys must be exactly ``keys``."""
        obj = r.object(key)
        if set(obj.data) != keys:
            raise self.fail(
                r.name(key), f"must have one entry per {what} ({', '.join(sorted(keys))})"
            )
        return obj

    # --- the parts ----------------------------------------------------------------------

    def space(self, value: Any, path: str) -> tuple[Cell, Space]:
        r = SaveReader(value, f"{path}.")
        bosses = self.ids.bosses
        cars = r.items("cars", self.car)
        return self.cell(r.get("cell"), r.name("cell")), Space(
            tile=self.optional_id(r, "tile", self.ids.placed_tiles, "a tile"),
            face_up=r.boolean("face_up"),
            outskirts=self.optional_id(r, "outskirts", self.ids.outskirts, "an outskirts token"),
            outskirts_face_up=r.boolean("outskirts_face_up"),
            item_markers=self.count(r, "item_markers"),
            prisoners=self.count(r, "prisoners"),
            cars=cars,
            bosses=self.ids_of(r, "bosses", bosses, "a boss"),
            diplomat_tokens=r.items(
                "diplomat_tokens",
                lambda v, p: self.slot_number(v, p),
            ),
            glider=r.boolean("glider"),
            helicopter=r.boolean("helicopter"),
        )

    def slot_number(self, value: Any, path: str) -> int:
        slots = self.rules.content.components.base.diplomat_tokens
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= slots:
            raise self.fail(path, f"must be a diplomat slot from 1 to {slots}, not {value!r}")
        return value

    def car(self, value: Any, path: str) -> CarFigure:
        owners = frozenset({PRISONER, ABANDONED, *self.rules.seats})
        if not isinstance(value, list) or len(value) != 2 or not isinstance(value[1], bool):
            raise self.fail(path, f"must be a car [owner, taxi], not {value!r}")
        return CarFigure(self.known(value[0], f"{path}[0]", owners, "a car's owner"), value[1])

    def spaces(self) -> dict[Cell, Space]:
        read = self.r.items("spaces", self.space)
        cells = [cell for cell, _ in read]
        if cells != list(self.rules.topology.cells()):
            raise self.fail("spaces", "must list every cell of the board once, in board order")
        return dict(read)

    def barricade(self, value: Any, path: str) -> tuple[RoadKey, BarricadeState]:
        if not isinstance(value, list) or len(value) != 4:
            raise self.fail(path, f"must be [column, row, direction, state], not {value!r}")
        cell = self.cell(value[:2], path)
        direction = self.one_of(value[2], f"{path}[2]", DIRECTIONS, "a direction")
        state = self.one_of(value[3], f"{path}[3]", BARRICADE_STATES, "a state")
        key = road_key(self.rules, cell, direction)
        if key != (cell, direction):
            raise self.fail(path, f"must name its road from {list(key[0])} {key[1]}")
        return key, state

    def supply_card(self, value: Any, path: str) -> SupplyCard:
        if not isinstance(value, list) or len(value) != 3 or not isinstance(value[2], bool):
            raise self.fail(path, f"must be [kind, card, face up], not {value!r}")
        kind = self.one_of(value[0], f"{path}[0]", SUPPLY_KINDS, "a supply kind")
        allowed = {
            "item": self.ids.items,
            "diplomat": self.ids.diplomats,
            "president": self.ids.president_cards,
        }[kind]
        card = self.known(value[1], f"{path}[1]", allowed, f"a {kind} card")
        return SupplyCard(kind, card, value[2])

    def level_token(self, value: Any, path: str) -> LevelToken:
        if not isinstance(value, list) or len(value) != 3:
            raise self.fail(path, f"must be [state, prisoners, items], not {value!r}")
        state = self.one_of(value[0], f"{path}[0]", TOKEN_STATES, "a token state")
        prisoners, items = value[1:]
        for count in (prisoners, items):
            if not isinstance(count, int) or isinstance(count, bool) or not 0 <= count <= _MANY:
                raise self.fail(path, f"must count its markers in whole numbers, not {value!r}")
        return LevelToken(state, prisoners, items)

    def hero(self, seat: str, r: SaveReader) -> Hero:
        if r.get("seat") != seat:
            raise self.fail(r.name("seat"), f"must be {seat!r}, the seat it is filed under")
        heroes = frozenset(h.id for h in self.rules.content.heroes.heroes)
        cards = self.ids.hero_cards
        return Hero(
            seat=seat,
            hero=self.known(r.get("hero"), r.name("hero"), heroes, "a hero"),
            cell=self.cell(r.get("cell"), r.name("cell")),
            hand=self.ids_of(r, "hand", cards, "a hero action card"),
            discard=self.ids_of(r, "discard", cards, "a hero action card"),
            played=self.ids_of(r, "played", cards, "a hero action card"),
            weapon=self.optional_id(r, "weapon", self.ids.items, "an item card"),
            ammo=self.count(r, "ammo"),
            car=self.optional_id(r, "car", self.ids.car_cards, "a car card"),
            supply=r.items("supply", self.supply_card),
            objectives=self.ids_of(r, "objectives", self.ids.objectives, "an objective card"),
            level_set=self.known(
                r.get("level_set"), r.name("level_set"), self.ids.level_sets, "a level set"
            ),
            level_tokens=r.items("level_tokens", self.level_token),
            wanted=self.count(r, "wanted"),
            specials=self.ids_of(r, "specials", cards, "a hero action card"),
            seen_landmarks=dict(r.items("seen_landmarks", self.seen_landmark)),
            seen_new_york=r.items("seen_new_york", self.seen_new_york),
        )

    def seen_landmark(self, value: Any, path: str) -> tuple[Cell, str]:
        if not isinstance(value, list) or len(value) != 3:
            raise self.fail(path, f"must be [column, row, landmark], not {value!r}")
        cell = self.cell(value[:2], path)
        return cell, self.known(value[2], f"{path}[2]", self.ids.landmarks, "a landmark tile")

    def seen_new_york(self, value: Any, path: str) -> tuple[str, int]:
        if not isinstance(value, list) or len(value) != 2:
            raise self.fail(path, f"must be [New York card, place from the bottom], not {value!r}")
        card = self.known(value[0], f"{path}[0]", self.ids.new_york_cards, "a New York card")
        place = value[1]
        if not isinstance(place, int) or isinstance(place, bool) or not 0 <= place <= _MANY:
            raise self.fail(f"{path}[1]", f"must be a place in the deck, not {place!r}")
        return card, place

    def diplomat_slot(self, value: Any, path: str) -> DiplomatSlot:
        r = SaveReader(value, f"{path}.")
        return DiplomatSlot(
            token=r.boolean("token"),
            card=self.optional_id(r, "card", self.ids.diplomats, "a diplomat card"),
            face_up=r.boolean("face_up"),
            known_by=r.items("known_by", self.seat),
        )

    def table(self) -> Table:
        r, ids = self.r, self.ids
        seats = frozenset(self.rules.seats)
        bosses = ids.bosses
        heroes_r = self.keyed(r, "heroes", seats, "seat")
        hp_r = self.keyed(r, "boss_hp", bosses, "boss")
        state_r = self.keyed(r, "boss_state", bosses, "boss")
        carried_r = self.keyed(r, "boss_diplomat", bosses, "boss")
        decks_r = self.keyed(r, "objective_decks", frozenset(COLOURS), "colour")
        box_r = r.object("box")
        turn_order = r.items("turn_order", self.seat)
        if sorted(turn_order) != sorted(self.rules.seats):
            raise self.fail("turn_order", "must list every seat once")
        return Table(
            turn_order=turn_order,
            current=r.integer("current", 0, len(turn_order) - 1),
            phase=r.choice("phase", PHASES),
            step=r.integer("step", 1, 12),
            spaces=self.spaces(),
            barricades=dict(r.items("barricades", self.barricade)),
            heroes={seat: self.hero(seat, heroes_r.object(seat)) for seat in self.rules.seats},
            noise=self.count(r, "noise"),
            missions_moved=self.count(r, "missions_moved"),
            boss_hp={boss: self.count(hp_r, boss) for boss in sorted(bosses)},
            boss_state={boss: state_r.choice(boss, BOSS_STATES) for boss in sorted(bosses)},
            boss_diplomat={
                boss: None
                if carried_r.get(boss) is None
                else self.slot_number(carried_r.get(boss), carried_r.name(boss))
                for boss in sorted(bosses)
            },
            new_york_deck=self.ids_of(r, "new_york_deck", ids.new_york_cards, "a New York card"),
            new_york_discard=self.ids_of(
                r, "new_york_discard", ids.new_york_cards, "a New York card"
            ),
            new_york_in_play=self.ids_of(
                r, "new_york_in_play", ids.new_york_cards, "a New York card"
            ),
            new_york_specials=self.ids_of(
                r, "new_york_specials", ids.new_york_cards, "a New York card"
            ),
            timer_deck=self.ids_of(r, "timer_deck", ids.timer_cards, "a timer card"),
            timer_revealed=self.ids_of(r, "timer_revealed", ids.timer_cards, "a timer card"),
            timer_discarded=self.ids_of(r, "timer_discarded", ids.timer_cards, "a timer card"),
            event_level=r.integer("event_level", 0, len(self.rules.content.event_track.levels) - 1),
            city_deck=self.ids_of(r, "city_deck", ids.tiles, "a tile"),
            park_deck=self.ids_of(r, "park_deck", ids.tiles, "a tile"),
            item_deck=self.ids_of(r, "item_deck", ids.items, "an item card"),
            item_discard=self.ids_of(r, "item_discard", ids.items, "an item card"),
            event_deck=self.ids_of(r, "event_deck", ids.events, "an event card"),
            event_discard=self.ids_of(r, "event_discard", ids.events, "an event card"),
            car_cards=self.ids_of(r, "car_cards", ids.car_cards, "a car card"),
            prisoner_supply=self.count(r, "prisoner_supply"),
            car_figures=self.count(r, "car_figures"),
            barricade_supply=self.count(r, "barricade_supply"),
            item_markers=self.count(r, "item_markers"),
            ammo_markers=self.count(r, "ammo_markers"),
            wanted_cards=self.count(r, "wanted_cards"),
            diplomat_slots=r.items("diplomat_slots", self.diplomat_slot),
            president_slot=self.ids_of(
                r, "president_slot", ids.president_cards, "a President card"
            ),
            president_taken=r.boolean("president_taken"),
            helicopter_landed=r.boolean("helicopter_landed"),
            glider_destroyed=r.boolean("glider_destroyed"),
            hurry_revealed=r.boolean("hurry_revealed"),
            objective_decks={
                colour: self.ids_of(decks_r, colour, ids.objectives, "an objective card")
                for colour in COLOURS
            },
            box={kind: box_r.items(kind, lambda v, p: _text(v, p)) for kind in sorted(box_r.data)},
            marks=r.items("marks", self.mark),
            president_dead=r.boolean("president_dead"),
        )

    def mark(self, value: Any, path: str) -> Enemy:
        if not isinstance(value, list) or len(value) != 6:
            raise self.fail(
                path, f"must be [column, row, kind, boss, wound, deceived], not {value!r}"
            )
        cell = self.cell(value[:2], path)
        kind = self.one_of(value[2], f"{path}[2]", ENEMY_KINDS, "an enemy kind")
        boss = value[3]
        if (kind == "boss") != (boss is not None):
            raise self.fail(f"{path}[3]", "must name the boss, and only for a boss")
        if boss is not None:
            boss = self.known(boss, f"{path}[3]", self.ids.bosses, "a boss")
        wound, deceived = value[4], value[5]
        if not isinstance(wound, int) or isinstance(wound, bool) or not 0 <= wound <= _MANY:
            raise self.fail(f"{path}[4]", f"must be the damage taken, not {wound!r}")
        if not isinstance(deceived, bool):
            raise self.fail(f"{path}[5]", f"must be true or false, not {deceived!r}")
        mark = Enemy(kind, cell, boss, wound, deceived)
        if not mark.marked or (kind == "boss" and wound):
            raise self.fail(path, "must be a wounded prisoner or a deceived enemy")
        return mark


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise SaveFileError(f"save file: {path!r} must be text, not {value!r}")
    return value


def boss_max_hp(rules: Rules) -> Mapping[str, int]:
    """Each boss's maximum HP: the rightmost cell of his health track (§4.2 step 16)."""
    return {boss.id: boss.hp for boss in rules.content.enemies.bosses}
