"""The schema of every Escape from New York content file in ``data/``: one model per file.

Section numbers (§14.2) point into ``shared/rules/escape-from-new-york.md``; ``M-xx`` are its
missing-data items (§14) and ``A-xx`` its ambiguities (§15). The models check types and the
shape of one entry; what needs several entries or several files (counts, references, the
map's shape) is checked in ``checks.py``.

Every entry says where its values come from, in the spec's three kinds: ``stated`` (the
rulebook says it, tag ``[T]``), ``inferred`` (it follows from the text, ``[I]``) or
``placeholder`` (the text does not give it, ``[P]``, naming the M-id it stands in for).

Effects are data too: a list of small records, each naming what it does in ``do``. Only the
kinds of effect a kind of content can have are accepted there (a landmark cannot move a hero).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from getaway.core.content import ContentModel, ProvenanceKind, ProvenanceScheme
from getaway.core.content import Sourced as _Sourced
from getaway.games.escape_from_new_york.topology import Direction, Offset

#: The spec's tags (§0): stated by the text, inferred from it, or a placeholder for a
#: missing-data item (M-01..M-21).
PROVENANCE = ProvenanceScheme(
    ProvenanceKind("stated", ("[T]",)),
    ProvenanceKind("inferred", ("[I]",)),
    ProvenanceKind(
        "placeholder", ("[P]",), must_hold=r"\bM-\d\d\b", held="the missing-data item (M-xx)"
    ),
)
ProvenanceText = Annotated[str, AfterValidator(PROVENANCE.check)]


class Sourced(_Sourced):
    """An entry whose every value carries its provenance, in this game's kinds and tags."""

    scheme = PROVENANCE
    source: dict[str, ProvenanceText]


HeroId = Literal["snake", "maggie", "brain", "cabbie"]
BossId = Literal["romero", "slag", "duke"]
Range = Literal[0, 1]
#: Where New York's effects put things, relative to the current hero (§8.6, A-03).
Where = Literal[
    "hero_cell",  # the current hero's space
    "around_hero",  # every explored space next to the current hero
    "arrows",  # each explored space the top New York card's arrows point to from the hero
    "manholes",  # every revealed manhole tile
    "landmarks_without_heroes",  # every revealed landmark with no hero on it
    "here",  # the tile the effect is printed on (a landmark, a trap)
]


# --- effects ----------------------------------------------------------------------------------


class Move(ContentModel):
    """Move ``steps`` spaces along roads (§7.2); ``up_to``: the hero may stop early."""

    do: Literal["move"]
    steps: int = Field(ge=1)
    up_to: bool = False
    requires_no_enemies: bool = False
    destroys_barricades: bool = False
    #: "Let's Go!": barricades and effects between start and end are ignored (A-12).
    ignores_between: bool = False
    via_manholes: bool = False
    #: The hero may take a carless hero along even without a car (§7.2).
    passenger: bool = False


class Explore(ContentModel):
    """Explore ``spaces`` adjacent empty spaces, one after the other (§7.3, A-02)."""

    do: Literal["explore"]
    spaces: int = Field(default=1, ge=1)


class ExploreLandmark(ContentModel):
    """Explore a face-down landmark; ``adjacent``: only one next to the hero (§7.3)."""

    do: Literal["explore_landmark"]
    adjacent: bool


class Attack(ContentModel):
    """Deal ``damage``, split among enemies within ``range`` (§7.4)."""

    do: Literal["attack"]
    damage: int = Field(ge=1)
    range: Range


class Deceive(ContentModel):
    """Deceive ``enemies`` enemies within ``range`` (§7.5, A-24)."""

    do: Literal["deceive"]
    enemies: int = Field(ge=1)
    range: Range
    up_to: bool = False


class GainItem(ContentModel):
    do: Literal["gain_item"]
    items: int = Field(default=1, ge=1)


class ReturnDiscard(ContentModel):
    """Return discarded action cards to hand (never the card itself, §7.6)."""

    do: Literal["return_discard"]
    cards: int = Field(ge=1)
    choice: Literal["chosen", "random"]


class Steal(ContentModel):
    """Take a face-down card, unseen, from a hero in your space (§7.9, §11)."""

    do: Literal["steal"]
    kinds: list[Literal["item", "diplomat", "president"]] = Field(min_length=1)


class PeekLandmarks(ContentModel):
    do: Literal["peek_landmarks"]
    landmarks: int = Field(ge=1)


class PeekNewYork(ContentModel):
    """Look at the front of the top New York card."""

    do: Literal["peek_new_york"]


class MoveHelicopter(ContentModel):
    """Move the helicopter to any park space, or to a neighbouring one (§7.14)."""

    do: Literal["move_helicopter"]
    to: Literal["any_park", "next_park"]


class PreventDamage(ContentModel):
    do: Literal["prevent_damage"]
    damage: int = Field(ge=1)


class Reload(ContentModel):
    """Put ammo on your weapon from the supply; ``ammo`` ``None``: up to its capacity."""

    do: Literal["reload"]
    ammo: int | None = Field(default=None, ge=1)


class RemovePresidentAlive(ContentModel):
    """ "President: Dead or Alive?": take one "President Alive" out of the deck (§12)."""

    do: Literal["remove_president_alive"]


class Noise(ContentModel):
    do: Literal["noise"]
    amount: int = Field(ge=1)


class PlacePrisoners(ContentModel):
    do: Literal["place_prisoners"]
    where: Where
    prisoners: int = Field(default=1, ge=1)


class PlaceBarricade(ContentModel):
    """A barricade on the road the top New York card's back shows (§8.6, A-03)."""

    do: Literal["place_barricade"]
    where: Literal["hero_cell"] = "hero_cell"


class MoveEnemies(ContentModel):
    """New York moves ``enemies`` enemies toward the current hero (``None``: all), in the
    priority order of §8.5; ``bosses``: only bosses on the map."""

    do: Literal["move_enemies"]
    enemies: int | None = Field(ge=1)
    bosses: bool = False


class RevealTimer(ContentModel):
    do: Literal["reveal_timer"]
    cards: int = Field(default=1, ge=1)


class MoveMissions(ContentModel):
    """Move mission markers to the right box (§8.3)."""

    do: Literal["move_missions"]
    markers: int = Field(ge=1)


class DestroyGlider(ContentModel):
    """Destroy the glider if an enemy is on the WTC (``near`` 0) or on or next to it (1);
    ``otherwise_reveal_timer``: if not, reveal a timer card instead."""

    do: Literal["destroy_glider"]
    near: Range
    otherwise_reveal_timer: bool = False


class PrisonerBonus(ContentModel):
    """A New York special card in play: every prisoner gains ``amount`` of ``stat`` (§8.8)."""

    do: Literal["prisoner_bonus"]
    stat: Literal["hp", "mp", "range", "damage"]
    amount: int = Field(ge=1)


class TakeDamage(ContentModel):
    """The current hero takes ``damage`` (random discards; a Shelter protects, A-36)."""

    do: Literal["take_damage"]
    damage: int = Field(ge=1)


class PlaceItemMarkers(ContentModel):
    do: Literal["place_item_markers"]
    where: Where
    markers: int = Field(default=1, ge=1)


class PlaceAbandonedCar(ContentModel):
    """A car figure with a white base in the current hero's space, if one is left."""

    do: Literal["place_abandoned_car"]


class EventLevel(ContentModel):
    """Advance the event-level marker (it stops at the track's last cell, A-46)."""

    do: Literal["event_level"]
    steps: int = Field(default=1, ge=1)


class RevealEvents(ContentModel):
    """The event symbol: reveal as many event cards as the event level (§7.20)."""

    do: Literal["reveal_events"]


class DestroyBarricadesAround(ContentModel):
    """Destroy every barricade on the roads of the current hero's space."""

    do: Literal["destroy_barricades_around"]


class PlacePresident(ContentModel):
    """The Duke's Camp: the President can be taken here (§7.10)."""

    do: Literal["president"]


class EnterBoss(ContentModel):
    """A boss enters on this landmark; ``diplomat``: the slot whose token it carries."""

    do: Literal["enter_boss"]
    boss: BossId
    diplomat: int | None = None


class DiplomatToken(ContentModel):
    """Move the token of diplomat slot ``slot`` onto this landmark (§7.9)."""

    do: Literal["diplomat_token"]
    slot: int


class AddNewYorkSpecial(ContentModel):
    """Shuffle the New York special card ``card`` into the current New York deck (§8.8)."""

    do: Literal["add_new_york_special"]
    card: str


#: What a hero's card, ability, item, weapon or car may do.
CardEffect = Annotated[
    Move
    | Explore
    | ExploreLandmark
    | Attack
    | Deceive
    | GainItem
    | ReturnDiscard
    | Steal
    | PeekLandmarks
    | PeekNewYork
    | MoveHelicopter
    | PreventDamage
    | Reload
    | RemovePresidentAlive,
    Field(discriminator="do"),
]
#: What New York's cards, events, timer cards and traps may do.
CityEffect = Annotated[
    Noise
    | PlacePrisoners
    | PlaceBarricade
    | MoveEnemies
    | RevealTimer
    | MoveMissions
    | DestroyGlider
    | PrisonerBonus
    | TakeDamage
    | PlaceItemMarkers
    | PlaceAbandonedCar
    | EventLevel
    | RevealEvents
    | DestroyBarricadesAround
    | ExploreLandmark
    | MoveHelicopter,
    Field(discriminator="do"),
]
#: What a landmark does when it is explored (§7.3, §14.3).
LandmarkEffect = Annotated[
    PlacePresident | EnterBoss | DiplomatToken | AddNewYorkSpecial | PlacePrisoners,
    Field(discriminator="do"),
]


# --- components.json (§2) ---------------------------------------------------------------


class BaseComponents(Sourced):
    """How many of each component the base box holds (§2.1); other files are checked
    against these numbers."""

    hero_boards: int
    diplomat_cards: int
    president_cards: int
    hero_action_cards: int
    hero_special_cards: int
    hero_starting_cards: int
    new_york_action_cards: int
    new_york_special_cards: int
    objective_cards: int
    objective_colours: int
    item_cards: int
    event_cards: int
    car_cards: int
    reference_cards: int
    prisoners: int
    barricades: int
    outskirts_tokens: int
    timer_black: int
    timer_hurry: int
    timer_red: int
    city_tiles: int
    park_tiles: int
    landmark_tiles: int
    library_tiles: int
    wtc_tiles: int
    level_tokens: int
    level_token_sets: int
    diplomat_tokens: int
    bases_per_hero: int
    bases_red: int
    bases_white: int
    hero_figures: int
    boss_figures: int
    car_figures: int
    item_markers: int
    ammo_markers: int
    health_markers: int
    mission_markers: int
    noise_markers: int
    #: The noise track's last box; it starts at 0 (§8.3).
    noise_track: int = Field(ge=1)
    event_level_markers: int
    glider_tokens: int
    helicopter_tokens: int
    #: Listed among the components, used by no rule (M-20).
    tank_figures: int


class SgbComponents(Sourced):
    """The stretch-goal bonus components of Appendix B (§2.2), not used in a first game."""

    hero_special_cards: int
    crossbow_cards: int
    explosion_events: int
    timer_cards: int
    trap_tiles: int
    trap_cards: int
    hard_new_york_cards: int
    wanted_objectives: int
    wanted_cards: int
    president_set_cards: int


class Components(ContentModel):
    base: BaseComponents
    sgb: SgbComponents


# --- player_counts.json (§4.1, §10) -----------------------------------------------------------


class PlayerCount(Sourced):
    players: int
    black_timer_cards: int
    timer_deck: int
    objectives_per_colour: int
    objectives_left_per_colour: int


class AdvancedVariant(Sourced):
    """The advanced variants of §10: fewer black timer cards, fewer prisoners."""

    fewer_black_timer_cards: int
    fewer_prisoners: int


class PlayerCounts(ContentModel):
    counts: list[PlayerCount]
    advanced: AdvancedVariant


# --- board.json (§3, M-01) --------------------------------------------------------------------

CellKind = Literal["library", "library_ring", "wtc", "landmark", "city", "park"]


class TileSymbols(ContentModel):
    """The symbols on a tile, printed cell or outskirts token (§7.16); one figure or marker
    per symbol (A-33)."""

    prisoners: int = Field(default=0, ge=0)
    items: int = Field(default=0, ge=0)
    cars: int = Field(default=0, ge=0)
    event: bool = False
    manhole: bool = False
    #: The roads a barricade is placed on when the tile is revealed.
    barricades: list[Direction] = Field(default_factory=list)
    building: Literal["medical_post", "weapon_shop", "shelter"] | None = None


class BoardCell(ContentModel):
    """One space of the board (§3.2's cell record). ``roads``: the directions a printed cell
    shows a road in, ``None`` for all six."""

    col: int = Field(ge=0)
    row: int = Field(ge=0)
    kind: CellKind
    #: A ``?`` space: an outskirts token lies face down on it (§3.1).
    outskirts: bool = False
    #: Central Park's central space, where the helicopter starts.
    park_centre: bool = False
    roads: list[Direction] | None = None
    #: Symbols printed on the board (the Library's ring cells, M-01).
    printed: TileSymbols | None = None


class Bridge(ContentModel):
    """Bridge ``number`` is reached from cell (``col``, ``row``) along its road ``direction``."""

    number: int = Field(ge=1)
    col: int
    row: int
    direction: Direction


class Board(Sourced):
    columns: int = Field(ge=1)
    rows: int = Field(ge=1)
    offset: Offset
    cells: list[BoardCell]
    bridges: list[Bridge]


# --- tiles.json (§7.16, §12, M-16, M-18) and traps.json (§12, M-18) -------------------------


class Tile(Sourced):
    """One city or Central Park tile. ``roads``: the directions it shows a road in (``None``:
    all six, §3.2 [P]); ``trap``: what a trap tile does when its trap card is "Triggered"."""

    unsourced = frozenset({"id"})

    id: str
    deck: Literal["city", "park"]
    sgb: bool = False
    roads: list[Direction] | None = None
    symbols: TileSymbols
    trap: list[CityEffect] | None = None


class Tiles(ContentModel):
    tiles: list[Tile]


class TrapCard(Sourced):
    """A trap card, drawn when a hero moves onto a trap tile (§12)."""

    unsourced = frozenset({"id"})

    id: str
    copies: int = Field(ge=1)
    triggered: bool


class Traps(ContentModel):
    cards: list[TrapCard]


# --- landmarks.json (§7.3, M-05) and enemies.json (§8.1, §8.2, M-06) -------------------------


class Landmark(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    #: The two landmarks the rules name: the President is at the Duke's Camp, the Duke
    #: enters on "Nothing Here" (§7.10).
    role: Literal["dukes_camp", "nothing_here"] | None = None
    effects: list[LandmarkEffect]


class Landmarks(ContentModel):
    landmarks: list[Landmark]


class Boss(Sourced):
    unsourced = frozenset({"id"})

    id: BossId
    name: str
    hp: int = Field(ge=1)
    mp: int = Field(ge=0)
    damage: int = Field(ge=0)
    range: Range
    #: Carries a diplomat token, dropped where he dies (Romero, Slag; §7.4).
    carries_diplomat: bool
    manholes: bool
    #: The Duke comes back after being killed (§8.1).
    comeback: bool


class PrisonerStats(Sourced):
    """A prisoner's base stats (§8.1) and what a car adds to them (§8.2); New York's special
    cards in play add their bonuses on top."""

    hp: int = Field(ge=1)
    mp: int = Field(ge=0)
    damage: int = Field(ge=0)
    range: Range
    car_hp: int = Field(ge=0)
    car_mp: int = Field(ge=0)


class Enemies(ContentModel):
    prisoner: PrisonerStats
    bosses: list[Boss]


# --- heroes.json and hero_cards.json (§7, M-02, M-03, M-21) ---------------------------------


class LevelBonus(ContentModel):
    """What reaching ``level`` gives, printed on the space its token covered (§7.15): a special
    card chosen into the hand, then an objective swapped."""

    level: int
    special_card: bool
    objective_swap: bool


class Hero(Sourced):
    unsourced = frozenset({"id"})

    id: HeroId
    name: str
    #: The personal ability's options, one list of effects each (§7.7, A-01).
    ability: list[list[CardEffect]] = Field(min_length=1)
    ability_noise: int = Field(ge=0)
    #: An item or car card id: the hero's starting card (§4.2 step 17c).
    starting_card: str
    action_cards: list[str]
    special_cards: list[str]
    sgb_special_cards: list[str]
    level_bonuses: list[LevelBonus]


class Heroes(ContentModel):
    heroes: list[Hero]


class HeroCard(Sourced):
    """One hero action card (§7.1). ``special``: a level-up card (the special symbol);
    ``item_symbol``: the card also gains 1 item."""

    unsourced = frozenset({"id"})

    id: str
    hero: HeroId
    name: str
    type: Literal["move", "attack", "action"]
    noise: int = Field(ge=0)
    special: bool = False
    sgb: bool = False
    item_symbol: bool = False
    effects: list[CardEffect]


class HeroCards(ContentModel):
    cards: list[HeroCard]


# --- new_york.json (§8.6, §8.8, §12, M-04) --------------------------------------------------


class NewYorkBack(ContentModel):
    """The back of a New York card, visible on top of the deck (§8.6)."""

    cost: int = Field(ge=0)
    arrows: list[Direction] = Field(min_length=1)
    barricade: Direction


class NewYorkCard(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    #: A prisoner-bonus card that waits beside the board until a landmark adds it (§8.8).
    special: bool = False
    #: The SGB "Hard" deck, which replaces every normal card (§12, A-26).
    hard: bool = False
    #: A Hard special card takes the place of this normal special card, so a landmark that
    #: adds that card adds this one when the Hard deck is in use (A-26).
    replaces: str | None = None
    back: NewYorkBack
    effects: list[CityEffect]


class NewYorkCards(ContentModel):
    cards: list[NewYorkCard]


# --- items.json and diplomats.json (§7.8-7.11, M-08, M-09) ----------------------------------


class DamageBonus(ContentModel):
    """A weapon's passive bonus to action-card attacks, added before the split (§7.11);
    ``range``: only for attacks of that range; ``bosses_only``: the bonus may hit only bosses."""

    amount: int = Field(ge=1)
    range: Range | None = None
    bosses_only: bool = False


class Item(Sourced):
    """One kind of item card and how many copies the deck holds. A weapon with ``ammo``
    (its capacity) spends ``ammo_per_use`` each time ``use`` is applied; one without is used
    again and again. Any other item is discarded when used."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    copies: int = Field(ge=1)
    weapon: bool = False
    ammo: int | None = Field(default=None, ge=1)
    #: The ammo one use spends ("as much as its effect says", §7.11).
    ammo_per_use: int | None = Field(default=None, ge=1)
    #: Once revealed, it cannot be discarded for a level-up (§7.11, A-29).
    no_levelup_discard: bool = False
    damage_bonus: DamageBonus | None = None
    use: list[CardEffect] = Field(default_factory=list)
    noise_on_use: int = Field(default=0, ge=0)
    #: The team-victory card for this bridge (§9.1).
    bridge: int | None = None
    #: A hero's starting card, removed from the game when discarded (§7.11).
    starting: bool = False
    #: Kept face up in the personal supply (Brain's Bridge Diagram 3, §7.8).
    face_up: bool = False
    sgb: bool = False


class Items(ContentModel):
    items: list[Item]


class Diplomat(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    #: The two the rules name: the Tape (team victory) and the President's Bracelet.
    role: Literal["tape", "bracelet"] | None = None
    #: The card number printed on it, where the text gives one (052, SGB026).
    number: str | None = None
    #: What revealing it does, once per game (the Bracelet, §7.9).
    reveal: list[CardEffect] = Field(default_factory=list)
    #: An SGB card that replaces the base card with this id (§12).
    replaces: str | None = None
    sgb: bool = False


class PresidentCard(Sourced):
    """The President card, or a card of the SGB "President: Dead or Alive?" deck (§12)."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    copies: int = Field(ge=1)
    alive: bool
    sgb: bool = False


class Diplomats(ContentModel):
    diplomats: list[Diplomat]
    president: list[PresidentCard]


# --- events.json, timer.json, event_track.json (§7.20, §7.21, M-11, M-12, M-13) -------------


class CityCard(Sourced):
    """A card of the city's decks that does what New York does, in ``copies`` copies."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    copies: int = Field(ge=1)
    sgb: bool = False
    effects: list[CityEffect]


class EventCard(CityCard):
    """An event card (§7.20)."""


class Events(ContentModel):
    events: list[EventCard]


class BlackTimerCard(CityCard):
    """A black timer card (§7.21)."""


class RedTimerCard(Sourced):
    """A red timer card: one of them ends the game, New York winning (§7.21)."""

    unsourced = frozenset({"id"})

    id: str
    fatal: bool


class TimerCards(Sourced):
    """The timer deck's cards; "Hurry!"'s effects are rules (§7.21), so only its count is
    data."""

    hurry: int
    black: list[BlackTimerCard]
    red: list[RedTimerCard]


class EventTrack(Sourced):
    """The event level printed on each cell of the track, first cell first (§7.20, A-46)."""

    levels: list[int] = Field(min_length=1)


# --- objectives.json (§9.2, §12, M-14) ------------------------------------------------------


class VehicleTarget(ContentModel):
    """Be in the vehicle's space (A-17): the glider on the WTC, the landed helicopter, a
    revealed raft."""

    kind: Literal["vehicle"]
    vehicle: Literal["glider", "helicopter", "raft"]


class CardTarget(ContentModel):
    """Reveal this item or diplomat card from your supply; ``card`` ``None`` with
    ``any_bridge_diagram``: any Bridge Diagram."""

    kind: Literal["card"]
    card: str | None = None
    any_bridge_diagram: bool = False


class WantedTarget(ContentModel):
    """Wanted variant: hold at least 1 Wanted card (§12)."""

    kind: Literal["wanted"]


class Objective(Sourced):
    unsourced = frozenset({"id"})

    id: str
    colour: Literal["blue", "purple"]
    copies: int = Field(default=1, ge=1)
    target: Annotated[VehicleTarget | CardTarget | WantedTarget, Field(discriminator="kind")]
    #: Only with the Wanted variant (SGB).
    wanted_variant: bool = False


class Objectives(ContentModel):
    objectives: list[Objective]


# --- level_tokens.json (§7.15, M-15) --------------------------------------------------------


class LevelToken(ContentModel):
    """What the token asks before the hero levels up: prisoners killed, items discarded."""

    level: int
    prisoners: int = Field(ge=0)
    items: int = Field(ge=0)


class LevelTokenSet(Sourced):
    unsourced = frozenset({"id"})

    id: str
    tokens: list[LevelToken]


class LevelTokens(ContentModel):
    sets: list[LevelTokenSet]


# --- outskirts.json (§7.17, M-17) -----------------------------------------------------------


class OutskirtsToken(Sourced):
    """One kind of outskirts token: a raft, or a symbol added to the tile's (§7.17)."""

    unsourced = frozenset({"id"})

    id: str
    copies: int = Field(ge=1)
    raft: bool = False
    symbols: TileSymbols


class Outskirts(ContentModel):
    tokens: list[OutskirtsToken]


# --- cars.json (§7.12, M-10) ----------------------------------------------------------------


class CarCard(Sourced):
    """A car card and its step-5 move; the Taxi is Cabbie's starting card (§4.2)."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    copies: int = Field(ge=1)
    taxi: bool = False
    move: list[CardEffect] = Field(min_length=1)


class Cars(ContentModel):
    cars: list[CarCard]
