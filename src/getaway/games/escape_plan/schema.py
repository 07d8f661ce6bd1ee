"""The schema of every Escape Plan content file in ``data/``: one model per file.

Section numbers (§3.5.2) point into ``shared/rules/escape-plan.md``. The models check types
and the shape of one entry; what needs several entries or several files (counts, references,
the tile shapes) is checked in ``checks.py``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from getaway.core.content import ContentModel, Sourced

Terrain = Literal["IND", "COM", "RES", "WAT"]
#: The terrain you walk on; water needs a Ferry or a Jet Ski (§3.2).
STREETS: frozenset[str] = frozenset({"IND", "COM", "RES"})
LocationKind = Literal[
    "HOSPITAL",
    "GANG",
    "BUSINESS_SPACE",
    "SAFE_HOUSE_SPACE",
    "STORE",
    "CLINIC",
    "CHURCH",
    "EXIT",
    "METRO",
    "HELIPORT",
]
StackLetter = Literal["A", "B", "C", "D"]
StoreLetter = Literal["A", "B", "C", "D"]
ExitNumber = Literal[1, 2, 3]
Officer = Literal["FEDERAL", "LOCAL", "SWAT"]
#: Every officer type, in the order the rules code lists them (Federal red, Local blue,
#: SWAT black; §2.1).
OFFICERS: tuple[Officer, ...] = ("FEDERAL", "LOCAL", "SWAT")
#: The step symbol of a component (§8.1 R-EX-2): usable only in that step, or at any time.
Timing = Literal["MOVE", "AVOID", "ANY"]
LockerColour = Literal["green", "black", "brown"]


# --- components.json (§2) ---------------------------------------------------------------


class Components(Sourced):
    """How many of each component the box holds (§2.1); the other files are checked
    against these numbers."""

    city_tiles: int
    start_tiles: int
    city_stacks: int
    tiles_per_stack: int
    side_segments: int
    locations: dict[LocationKind, int]
    transport_locations: dict[LocationKind, int]
    heliport_tiles: int
    ferry_icons: int
    businesses: int
    business_groups: int
    safe_houses: int
    contact_cards: int
    escape_plan_cards: int
    fixers: int
    equipment_types: int
    equipment_per_type: int
    locker_colours: int
    lockers_per_colour: int
    keys: int
    exit_tile_types: int
    exit_tiles_per_type: int
    player_colours: int
    asset_tiles_per_player: int
    unlocked_asset_slots: int
    patrol_cards: int
    inspector_cards: int
    lieutenant_cards: int
    notoriety_levels: int
    notoriety_thresholds: int
    #: The limited supplies of §2.3: when one is empty, an effect giving it gives nothing.
    police_officers: int
    gang_members: int
    gas_cans: int
    handcuffs: int
    extra_action_discs: int


# --- city_tiles.json (§3.2, §3.5) -----------------------------------------------------------


class Area(ContentModel):
    """A terrain area: you move through it, never stop on it."""

    terrain: Terrain
    #: A Ferry icon makes the whole water body it belongs to crossable (§3.2, §7.3.2).
    ferry: bool = False


class Location(ContentModel):
    """A space you can stop on (§3.2)."""

    kind: LocationKind
    store: StoreLetter | None = None
    exit: ExitNumber | None = None
    #: The Gang HQ, which holds 2 gang members at setup (§5.4 step 16).
    hq: bool = False
    #: A location on the water is left into a water area (§3.2).
    on_water: bool = False


class CityTile(Sourced):
    """One City tile (§3.5.2). ``cells`` draws the tile as a square of
    ``side_segments`` by ``side_segments`` cells, row by row from the north-west corner, each
    naming the area or location that covers it. Nodes whose cells share a side are adjacent
    (corner contact does not count, §3.2), and the border cells are the side segments
    (§3.5.2), so the links and sides of the spec's schema are read off the drawing."""

    unsourced = frozenset({"id"})

    id: str
    #: The letter on the back; ``None`` for the two start tiles (§3.2).
    stack: StackLetter | None
    #: "H" icons in the corners: the whole tile counts as a Heliport (§3.2, §8.4).
    heliport_tile: bool
    areas: dict[str, Area]
    locations: dict[str, Location]
    cells: list[list[str]]


class CityTiles(ContentModel):
    tiles: list[CityTile]


# --- buildings.json (§2.1 rows 5-6, §17.6) ------------------------------------------------


class Business(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    group: Literal[1, 2]


class SafeHouse(Sourced):
    unsourced = frozenset({"id"})

    id: str
    number: Literal[1, 2, 3]


class Buildings(ContentModel):
    businesses: list[Business]
    safe_houses: list[SafeHouse]


# --- escape_plans.json (§17.6) ----------------------------------------------------------------


class EscapePlanCard(Sourced):
    """The value of each Business and Safe House for one player: money ($k) or the Income
    icon. ``lines`` is keyed by location reference (``business:casino``, ``safe_house:1``)."""

    unsourced = frozenset({"id"})

    id: int
    lines: dict[str, int | Literal["income"]]


class EscapePlans(ContentModel):
    cards: list[EscapePlanCard]


# --- contacts.json (§17.2) -----------------------------------------------------------------

ContactEffect = Literal[
    "remove_officer",
    "heal",
    "take_disc",
    "medevac",
    "avoid_type_on_tile",
    "gang_ability",
    "lose_notoriety",
    "chopper",
    "move_officer",
    "receive_income",
    "take_contact",
    "refresh",
    "unlock_asset",
    "avoid_one_officer",
    "avoid_all_on_tile",
    "jet_ski",
    "sewer",
]


class ContactCard(Sourced):
    """One kind of Contact card and how many copies the deck holds."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    effect: ContactEffect
    copies: int = Field(ge=1)
    cost: int = Field(ge=0)
    #: A red star: gain 1 notoriety when the card is used (§8.2).
    star: bool
    #: The "indicated type" of the cards that name one (§17.2).
    officer: Officer | None
    timing: Timing


class Contacts(ContentModel):
    cards: list[ContactCard]


# --- fixers.json (§17.3) and equipment.json (§17.4) ------------------------------------------

FixerEffect = Literal[
    "take_contact",
    "receive_income",
    "lose_notoriety",
    "take_disc",
    "heal",
    "gang_ability",
    "refresh",
    "helicopter",
]


class Fixer(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    price: int = Field(ge=0)
    effect: FixerEffect
    timing: Timing


class Fixers(ContentModel):
    fixers: list[Fixer]


class Equipment(Sourced):
    """One Equipment type: each use avoids one officer of one of the ``avoids`` types."""

    unsourced = frozenset({"id"})

    id: str
    name: str
    count: int = Field(ge=1)
    price: int = Field(ge=0)
    avoids: list[Officer]
    timing: Timing


class EquipmentTypes(ContentModel):
    equipment: list[Equipment]


# --- lockers.json and exit_tiles.json (§17.5) ----------------------------------------------


class LockerStack(Sourced):
    """One colour's Locker tiles ($k, face values) and the keys that open them."""

    colour: LockerColour
    values: list[int]
    #: The large number on the tiles: notoriety level + contact cards must reach it (L-2).
    requirement: int
    #: Tiles drawn = contact cards + ``draw`` (green +1, black 0, brown -1; §7.5.5).
    draw: int
    keys: int = Field(ge=0)


class Lockers(ContentModel):
    stacks: list[LockerStack]


class ExitTileStack(Sourced):
    unsourced = frozenset({"id"})

    id: str
    values: list[int]


class ExitTiles(ContentModel):
    stacks: list[ExitTileStack]


# --- patrol_cards.json (§6.2, §17.8) ------------------------------------------------------


class PatrolCard(Sourced):
    exit: ExitNumber
    copies: int = Field(ge=1)


class PatrolCards(ContentModel):
    cards: list[PatrolCard]


# --- assets.json (§9, §17.1, §18.2) -------------------------------------------------------

AssetEffect = Literal[
    "take_disc",
    "avoid_all_on_tile",
    "master_key",
    "move_officer",
    "heal",
]


class Asset(Sourced):
    unsourced = frozenset({"id"})

    id: str
    name: str
    effect: AssetEffect
    officer: Officer | None
    #: Where the tile starts (§5.5 C-E): unlocked on the most expensive slot, or locked on
    #: an item or contact space.
    start: Literal["unlocked_slot", "item_space", "contact_space"]


class Assets(Sourced):
    #: Use cost ($k) of each unlocked-Asset slot, most expensive first (§4, §18.2).
    unlocked_slot_costs: list[int]
    #: What each used (face-down) Asset scores at game end ($k, §14).
    used_asset_score: int
    assets: list[Asset]


# --- inspector_deck.json and lieutenant_deck.json (§15.3, §16.1, §17.7) ---------------------


class DeckCard(Sourced):
    """A card naming one location: ``business:<id>``, ``safe_house:<n>``, ``store:<letter>``
    or ``exit:<n>``."""

    location: str
    #: The notoriety Sandra gains (+1) or loses (-1) when she visits it (§15.3).
    notoriety: Literal[-1, 1]
    #: The Locker stacks a Store card shows (§15.3 step 3); empty for other cards.
    locker_stacks: list[LockerColour] = Field(default_factory=list)


class LocationDeck(ContentModel):
    cards: list[DeckCard]


# --- notoriety_track.json (§3.1, §10, §18.1) ---------------------------------------------


class NotorietyLevel(Sourced):
    level: int
    #: End-game penalty printed beside the row ($k, 0 or negative; §14).
    penalty: int = Field(le=0)


class Threshold(Sourced):
    """A red line between ``below`` and ``below + 1``, and what crossing it upward gives."""

    below: int
    unlocks: int = Field(ge=0)
    discs: int = Field(ge=0)


class NotorietyTrack(ContentModel):
    levels: list[NotorietyLevel]
    thresholds: list[Threshold]


# --- police.json (§2.1, §5.2, §6.2, §6.3) ---------------------------------------------------


class OfficerKind(Sourced):
    """One type of police officer and how many the box holds."""

    type: Officer
    colour: Literal["red", "blue", "black"]
    count: int = Field(ge=0)


class Police(Sourced):
    officers: list[OfficerKind]
    #: Officers drawn from the bag onto each face-up display tile (§5.2 step 7, R-CITY-3).
    per_revealed_tile: int = Field(ge=0)
    #: Officers drawn onto the start tile without the Hospital at setup (§5.2 step 7).
    on_start_tile: int = Field(ge=0)
    #: Patrol cards revealed on Day 1, 2, 3 (§6.2 R-PAT-1).
    patrol_draws_per_day: list[int]


# --- player_board.json (§2.2, §4, §18.3) ----------------------------------------------------


class PlayerBoard(Sourced):
    """What one player's board holds, and the kit each player starts with."""

    item_spaces: int = Field(ge=1)
    contact_spaces: int = Field(ge=1)
    key_slots: int = Field(ge=0)
    #: Most Gas Cans a player may hold (§4, §19 #13).
    gas_cans: int = Field(ge=0)
    gang_members: int = Field(ge=0)
    gang_control_markers: int = Field(ge=0)
    #: Most Extra Action discs a board holds; ``None``: no limit but the supply (§18.3).
    extra_action_discs: int | None = Field(ge=0)
    #: $k behind the screen at setup (§5.5 K).
    starting_cash: int = Field(ge=0)
    income_cubes: int = Field(ge=1)
    notoriety_cubes: int = Field(ge=1)
    wound_cubes: int = Field(ge=1)


# --- player_counts.json (§5.8, §7.5.2, §13.2) -------------------------------------------------


class PlayerCount(Sourced):
    """What changes with the number of players."""

    players: int = Field(ge=1)
    board_side: Literal["1-3", "4-5"]
    #: Cubes under a Business (all colours) that close it (R-BUS-CLOSE).
    business_closes_at: int = Field(ge=1)
    #: The escape cost ($k) of the 1st, 2nd, ... participant to escape (§13.2).
    exit_costs: list[int]

    def business_closed(self, cubes: int) -> bool:
        """Whether a Business with ``cubes`` cubes under it (every colour, Sandra's and
        Costa's too) is closed: flipped face down after the visit that reaches the
        threshold (R-BUS-CLOSE)."""
        return cubes >= self.business_closes_at


class PlayerCounts(Sourced):
    counts: list[PlayerCount]
    #: $k each player still in the city pays at the start of each turn once anyone has
    #: escaped (§6.5 R-PA-6).
    turn_fee_after_first_escape: int = Field(ge=0)


# --- scoring.json (§14) -----------------------------------------------------------------------


class Scoring(Sourced):
    #: $k for 0, 1, 2, ... Contact cards left after the Handcuffs discard (§14).
    contact_set_bonus: list[int]
    #: $k lost per cube in the red wound box (§14).
    red_wound_penalty: int = Field(ge=0)
