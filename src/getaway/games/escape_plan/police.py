"""The police: the bag and the officers drawn from it onto tiles (spec §5.2, §6.3), the
Patrol cards that close Exits (§6.2), officers moved by effects (§8.3) and the officers
that converge on a participant who crosses a notoriety line (§10.2, §21.5).

Officers live on City tiles, at most one of each type per tile and never on the Hospital's
tile (§3.2, §21.7). The police of the city are a mapping ``tile id -> officers``, each
tile's officers in the order of :data:`OFFICERS`; every function returns new values and
leaves its arguments as they were.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from getaway.core.errors import GetawayError
from getaway.core.rng import Rng
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.schema import OFFICERS, Officer

#: The officers on one tile, without repeats, in the order of :data:`OFFICERS`.
TileOfficers = tuple[Officer, ...]
#: The police of the city: the officers on each tile that has any.
CityPolice = Mapping[str, TileOfficers]


class PoliceError(GetawayError, ValueError):
    """A police move or draw the rules do not allow; the message says what is allowed."""


def officers_on(police: CityPolice, tile: str) -> TileOfficers:
    return police.get(tile, ())


def _with_officers(
    police: CityPolice, tile: str, officers: Collection[Officer]
) -> dict[str, TileOfficers]:
    """``police`` with ``tile`` holding exactly ``officers`` (canonical order)."""
    result = dict(police)
    ordered = tuple(officer for officer in OFFICERS if officer in officers)
    if ordered:
        result[tile] = ordered
    else:
        result.pop(tile, None)
    return result


# --- the bag (§5.2 steps 6-8, §6.3 R-CITY-3) -----------------------------------------------


@dataclass(frozen=True, slots=True)
class PoliceBag:
    """The officers in the bag, counted by type (the bag has no order)."""

    federal: int = 0
    local: int = 0
    swat: int = 0

    @classmethod
    def full(cls, content: Content) -> PoliceBag:
        """Every officer of the box in the bag (§5.2 step 6)."""
        counts = content.officer_counts()
        return cls(counts["FEDERAL"], counts["LOCAL"], counts["SWAT"])

    def count(self, officer: Officer) -> int:
        return (self.federal, self.local, self.swat)[OFFICERS.index(officer)]

    @property
    def size(self) -> int:
        return self.federal + self.local + self.swat

    def _changed(self, officer: Officer, by: int) -> PoliceBag:
        counts = [self.federal, self.local, self.swat]
        counts[OFFICERS.index(officer)] += by
        return PoliceBag(*counts)

    def draw(self, rng: Rng) -> tuple[Officer, PoliceBag]:
        """One officer drawn at random, every officer in the bag equally likely."""
        if not self.size:
            raise PoliceError("the police bag is empty: nothing to draw")
        pick = rng.below(self.size)
        for officer in OFFICERS:
            if pick < self.count(officer):
                return officer, self._changed(officer, -1)
            pick -= self.count(officer)
        raise AssertionError("unreachable: pick is below the bag's size")

    def returned(self, officer: Officer) -> PoliceBag:
        return self._changed(officer, 1)


def draw_onto_tiles(
    bag: PoliceBag, rng: Rng, requests: Sequence[tuple[str, int]]
) -> tuple[PoliceBag, dict[str, TileOfficers]]:
    """Draw ``count`` officers onto each ``(tile, count)`` in order, then on every tile
    holding 2 of a type put 1 back in the bag, with no replacement (§5.2 steps 7-8,
    §6.3 R-CITY-3). If the bag runs out, the rest get what is left ([INF] §6.3). The tiles
    must be empty of police: they are newly revealed display tiles, or start tile G."""
    drawn: dict[str, list[Officer]] = {}
    for tile, count in requests:
        if tile in drawn:
            raise PoliceError(f"tile {tile} is asked for twice; ask once with the total count")
        drawn[tile] = []
        for _ in range(min(count, bag.size)):
            officer, bag = bag.draw(rng)
            drawn[tile].append(officer)
    placed: dict[str, TileOfficers] = {}
    for tile, officers in drawn.items():
        kept = tuple(officer for officer in OFFICERS if officer in officers)
        for officer in OFFICERS:
            for _ in range(officers.count(officer) - 1):
                bag = bag.returned(officer)
        if kept:
            placed[tile] = kept
    return bag, placed


def setup_police(
    content: Content, bag: PoliceBag, rng: Rng, display: Sequence[str], start_tile: str
) -> tuple[PoliceBag, dict[str, TileOfficers]]:
    """Setup's police (§5.2 step 7-8): 2 on each face-up display tile, in the order given,
    then 2 on the start tile without the Hospital; then the duplicate check."""
    police = content.police
    requests = [(tile, police.per_revealed_tile) for tile in display]
    return draw_onto_tiles(bag, rng, [*requests, (start_tile, police.on_start_tile)])


def reveal_police(
    content: Content, bag: PoliceBag, rng: Rng, revealed: Sequence[str]
) -> tuple[PoliceBag, dict[str, TileOfficers]]:
    """The police of the tiles turned face up at the end of a City phase (§6.3 R-CITY-3)."""
    per_tile = content.police.per_revealed_tile
    return draw_onto_tiles(bag, rng, [(tile, per_tile) for tile in revealed])


# --- Patrol cards and Exits (§6.2) ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Patrol:
    """The Patrol deck, the cards on each Exit's Patrol space, and where the Exit-tile
    stacks are. Patrol spaces and deck are public once revealed; the deck's order is not."""

    #: Face-down deck, top card first (the Exit number on each card).
    deck: tuple[int, ...]
    #: Cards on each Exit's Patrol space, by Exit number.
    on_space: Mapping[int, int]
    #: The Exit-tile stacks not yet given to a closed Exit.
    free_stacks: tuple[str, ...]
    #: The stack on each closed Exit whose tile is visible (placed or in the display).
    stack_at_exit: Mapping[int, str] = field(default_factory=dict)
    #: The stack waiting on the Patrol space of a closed Exit whose tile is not visible yet.
    stack_waiting: Mapping[int, str] = field(default_factory=dict)

    def cards_on(self, exit_number: int) -> int:
        return self.on_space[exit_number]

    def is_open(self, exit_number: int) -> bool:
        """Open while its Patrol space holds fewer than 2 cards (§6.2 R-PAT-3)."""
        if exit_number not in self.on_space:
            raise PoliceError(f"no Exit {exit_number}; Exits: {sorted(self.on_space)}")
        return self.on_space[exit_number] < CLOSING_CARDS

    @property
    def open_exits(self) -> tuple[int, ...]:
        return tuple(number for number in sorted(self.on_space) if self.is_open(number))


#: The Patrol card that closes an Exit: the second on its space (§6.2 R-PAT-2).
CLOSING_CARDS = 2


def new_patrol(content: Content, rng: Rng) -> tuple[Patrol, int]:
    """Shuffle the Patrol cards and put one back in the box unseen (§5.2 step 5): the deck,
    and the Exit of the card removed (hidden from every player, §21.2)."""
    cards = [card.exit for card in content.patrol_cards.cards for _ in range(card.copies)]
    rng.shuffle(cards)
    removed, *deck = cards
    spaces: dict[int, int] = {card.exit: 0 for card in content.patrol_cards.cards}
    stacks = tuple(stack.id for stack in content.exit_tiles.stacks)
    return Patrol(tuple(deck), spaces, stacks), removed


@dataclass(frozen=True, slots=True)
class PatrolReveal:
    """One revealed Patrol card: ``stack`` is the Exit-tile stack the closing gave out,
    and ``waiting`` whether it waits on the Patrol space for the Exit's tile."""

    exit: int
    closed: bool
    stack: str | None = None
    waiting: bool = False


def reveal_patrol_card(
    patrol: Patrol, rng: Rng, visible_exits: Collection[int]
) -> tuple[Patrol, PatrolReveal]:
    """Reveal the top Patrol card onto its space (§6.2 R-PAT-1). The second card on a
    space closes that Exit (R-PAT-2): one of the free Exit-tile stacks ("it does not matter
    which": drawn at random here) goes onto the Exit if its tile is in ``visible_exits``
    (placed or face up in the display), else waits on the Patrol space."""
    if not patrol.deck:
        raise PoliceError("the Patrol deck is empty: all 5 cards are out")
    number, *rest = patrol.deck
    spaces = dict(patrol.on_space)
    spaces[number] += 1
    moved = Patrol(
        tuple(rest), spaces, patrol.free_stacks, patrol.stack_at_exit, patrol.stack_waiting
    )
    if spaces[number] != CLOSING_CARDS:
        return moved, PatrolReveal(number, closed=False)
    if not patrol.free_stacks:
        # [INF] §6.2: two stacks and at most two closings, so a deck from the data never
        # gets here.
        return moved, PatrolReveal(number, closed=True)
    free = list(patrol.free_stacks)
    stack = free.pop(rng.below(len(free)))
    at_exit, waiting = dict(patrol.stack_at_exit), dict(patrol.stack_waiting)
    visible = number in visible_exits
    (at_exit if visible else waiting)[number] = stack
    closed = Patrol(tuple(rest), spaces, tuple(free), at_exit, waiting)
    return closed, PatrolReveal(number, closed=True, stack=stack, waiting=not visible)


def patrol_phase(
    content: Content, patrol: Patrol, rng: Rng, day: int, visible_exits: Collection[int]
) -> tuple[Patrol, tuple[PatrolReveal, ...]]:
    """Phase 2 of ``day``: reveal that day's Patrol cards one at a time (2, 2, 1)."""
    draws = content.police.patrol_draws_per_day
    if not 1 <= day <= len(draws):
        raise PoliceError(f"day {day} has no Patrol phase; days run 1 to {len(draws)}")
    reveals: list[PatrolReveal] = []
    for _ in range(draws[day - 1]):
        patrol, reveal = reveal_patrol_card(patrol, rng, visible_exits)
        reveals.append(reveal)
    return patrol, tuple(reveals)


def exit_tile_revealed(patrol: Patrol, exit_number: int) -> Patrol:
    """The tile of Exit ``exit_number`` became visible (turned face up in the display, or
    placed): a stack waiting on its Patrol space moves onto the Exit (R-PAT-2, R-CITY-4)."""
    if exit_number not in patrol.stack_waiting:
        return patrol
    waiting = dict(patrol.stack_waiting)
    at_exit = {**patrol.stack_at_exit, exit_number: waiting.pop(exit_number)}
    return Patrol(patrol.deck, patrol.on_space, patrol.free_stacks, at_exit, waiting)


# --- moving officers (§8.3, §21.5) -------------------------------------------------------------


def police_problems(police: CityPolice) -> list[str]:
    """What breaks "at most one officer of each type per tile" in ``police`` (§21.7);
    empty when nothing does. (The Hospital tile's ban needs the map: see
    :func:`police_free_tiles`.)"""
    problems = []
    for tile, officers in police.items():
        if not officers or list(officers) != [o for o in OFFICERS if o in officers]:
            problems.append(
                f"{tile} holds {list(officers)}; a tile lists 1 to 3 different officers "
                f"in the order {', '.join(OFFICERS)}"
            )
    return problems


def police_free_tiles(city: CityMap) -> tuple[str, ...]:
    """The placed tiles no officer may ever stand on: the Hospital's (R-POL-3). Kept on the
    map (``CityMap.memo``: maps are immutable)."""
    found = city.memo.police_free
    if found is None:
        found = city.memo.police_free = tuple(
            entry.tile.id
            for entry in city.placed
            if any(location.kind == "HOSPITAL" for location in entry.tile.locations.values())
        )
    return found


@dataclass(frozen=True, slots=True)
class OfficerMove:
    """One officer moved from tile ``source`` to tile ``target``; its text form is
    ``FEDERAL:B1>C2``."""

    officer: Officer
    source: str
    target: str

    def __str__(self) -> str:
        return f"{self.officer}:{self.source}>{self.target}"


def placed_ids(city: CityMap) -> tuple[str, ...]:
    """The ids of the placed tiles, in the order they were placed. Kept on the map."""
    found = city.memo.placed_ids
    if found is None:
        found = city.memo.placed_ids = tuple(entry.tile.id for entry in city.placed)
    return found


def effect_move_problem(police: CityPolice, city: CityMap, move: OfficerMove) -> str | None:
    """Why an effect (Bribe, Rally, a police-move Asset) may not make ``move``, or ``None``
    (§8.3): from a placed tile holding that officer to another placed tile, any distance
    away, that is not the Hospital's and holds no officer of that type. Display tiles are
    neither sources nor targets ([CHOICE] §19 #27)."""
    placed = placed_ids(city)
    if move.source not in placed or move.target not in placed:
        return f"officers move between tiles in the city only; placed: {', '.join(placed)}"
    if move.officer not in officers_on(police, move.source):
        return f"no {move.officer} officer on {move.source}"
    if move.target == move.source:
        return "the officer must move to another tile"
    if move.target in police_free_tiles(city):
        return f"no officer may be on the Hospital's tile {move.target} (R-POL-3)"
    if move.officer in officers_on(police, move.target):
        return f"{move.target} already has a {move.officer} officer (R-POL-2)"
    return None


def effect_moves(police: CityPolice, city: CityMap, officer: Officer) -> tuple[OfficerMove, ...]:
    """Every legal effect move of an ``officer``-type officer, by source then target tile
    in the order the tiles were placed: the moves :func:`effect_move_problem` allows (the
    oracle of ``test_speed_oracles.py``), its tests asked once per tile instead of once per
    pair (every executive-action list asks whether such a move exists)."""
    placed = placed_ids(city)
    free = police_free_tiles(city)
    sources = [tile for tile in placed if officer in police.get(tile, ())]
    if not sources:
        return ()
    targets = [tile for tile in placed if tile not in free and officer not in police.get(tile, ())]
    # A source holds such an officer, so it is never among the targets.
    return tuple(OfficerMove(officer, source, target) for source in sources for target in targets)


#: Officers on each tile as the table keeps them (lists in ``OFFICERS`` order) or as
#: :data:`CityPolice` holds them: the move lists below only ask who is on a tile.
AnyPolice = Mapping[str, Sequence[str]]


def effect_move_texts(police: AnyPolice, city: CityMap, officer: Officer) -> list[str]:
    """The text forms of :func:`effect_moves` (``FEDERAL:B1>C2``), in its order, made
    without the moves (every executive list of a police-moving component asks them);
    ``police`` may be the table's own lists (checked against :func:`effect_moves` by
    ``test_speed_oracles.py``)."""
    placed = placed_ids(city)
    sources = [tile for tile in placed if officer in police.get(tile, ())]
    if not sources:
        return []
    free = police_free_tiles(city)
    targets = [tile for tile in placed if tile not in free and officer not in police.get(tile, ())]
    return [f"{officer}:{source}>{target}" for source in sources for target in targets]


def converge_move_texts(police: AnyPolice, city: CityMap, target_tile: str) -> list[str]:
    """The text forms of :func:`converge_moves`, in its order, made without the moves (a
    converge task's legal list); ``police`` may be the table's own lists (checked against
    :func:`converge_moves` by ``test_speed_oracles.py``)."""
    placed = placed_ids(city)
    if target_tile not in placed:
        raise PoliceError(f"the target {target_tile} is not a placed tile; placed: {placed}")
    free = police_free_tiles(city)
    away = {tile: city.distance(tile, target_tile) for tile in placed}
    found: list[str] = []
    for source in placed:
        here = police.get(source, ())
        if not here:
            continue
        closer = [target for target in placed if away[target] <= away[source] - 1]
        for officer in here:
            found.extend(
                f"{officer}:{source}>{target}"
                for target in closer
                if target not in free and officer not in police.get(target, ())
            )
    return found


def move_officer(police: CityPolice, city: CityMap, move: OfficerMove) -> dict[str, TileOfficers]:
    """The police after an effect makes ``move`` (checked; an illegal move lists the legal
    ones of that officer type)."""
    problem = effect_move_problem(police, city, move)
    if problem is not None:
        legal = ", ".join(str(m) for m in effect_moves(police, city, move.officer)) or "none"
        raise PoliceError(f"cannot move {move}: {problem}; legal: {legal}")
    return _apply(police, move)


def _apply(police: CityPolice, move: OfficerMove) -> dict[str, TileOfficers]:
    left = [o for o in officers_on(police, move.source) if o != move.officer]
    result = _with_officers(police, move.source, left)
    return _with_officers(result, move.target, [*officers_on(police, move.target), move.officer])


def remove_officer(
    police: CityPolice, city: CityMap, officer: Officer, tile: str
) -> dict[str, TileOfficers]:
    """Snitch: the officer leaves the city for the box, never back to the bag (R-POL-4)."""
    placed = placed_ids(city)
    if tile not in placed or officer not in officers_on(police, tile):
        holding = [t for t in placed if officer in officers_on(police, t)]
        raise PoliceError(
            f"no {officer} officer on a placed tile {tile}; tiles with one: "
            f"{', '.join(holding) or 'none'}"
        )
    return _with_officers(police, tile, [o for o in officers_on(police, tile) if o != officer])


def converge_problem(
    police: CityPolice, city: CityMap, target_tile: str, move: OfficerMove
) -> str | None:
    """Why ``move`` does not bring an officer toward ``target_tile`` as a threshold asks,
    or ``None`` (§10.2, §21.5): a legal police move whose new tile is at least 1 tile
    closer to ``target_tile`` (the crosser's tile, or the Exit it escaped by)."""
    problem = effect_move_problem(police, city, move)
    if problem is not None:
        return problem
    before = city.distance(move.source, target_tile)
    after = city.distance(move.target, target_tile)
    if after > before - 1:
        return (
            f"{move.target} is {after} tile(s) from {target_tile}; the officer must end at "
            f"least 1 tile closer than the {before} it was"
        )
    return None


def converge_moves(police: CityPolice, city: CityMap, target_tile: str) -> tuple[OfficerMove, ...]:
    """Every legal converging move (§21.5), by source tile, officer type, then target. The
    mover must make one if any exists, and may pick any of them. The moves
    :func:`converge_problem` allows (the oracle of ``test_speed_oracles.py``), with each
    tile's distance to ``target_tile`` measured once."""
    placed = placed_ids(city)
    if target_tile not in placed:
        raise PoliceError(f"the target {target_tile} is not a placed tile; placed: {placed}")
    free = police_free_tiles(city)
    away = {tile: city.distance(tile, target_tile) for tile in placed}
    found: list[OfficerMove] = []
    for source in placed:
        closer = [target for target in placed if away[target] <= away[source] - 1]
        for officer in police.get(source, ()):
            found.extend(
                OfficerMove(officer, source, target)
                for target in closer
                if target not in free and officer not in police.get(target, ())
            )
    return tuple(found)


def converge(
    police: CityPolice, city: CityMap, target_tile: str, move: OfficerMove | None
) -> dict[str, TileOfficers]:
    """The police after one converging move; ``None`` only when no legal move exists. A
    move is checked by :func:`converge_problem` alone: the legal moves are listed only for
    ``None`` and for a refusal's message."""
    if move is None:
        legal = converge_moves(police, city, target_tile)
        if legal:
            raise PoliceError(
                f"a legal converging move exists, so one must be made; legal: "
                f"{', '.join(str(m) for m in legal)}"
            )
        return dict(police)
    problem = converge_problem(police, city, target_tile, move)
    if problem is not None:
        legal = converge_moves(police, city, target_tile)
        raise PoliceError(
            f"cannot converge with {move}: {problem}; legal: "
            f"{', '.join(str(m) for m in legal) or 'none'}"
        )
    return _apply(police, move)
