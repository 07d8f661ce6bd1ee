"""Heroes moving (spec §7.2, §7.12, §8.7): a move effect walked one step at a time, each
step a decision of the player's, along roads onto explored spaces or face-down landmarks.

A move is started with :func:`start_move` (``None`` if the card cannot be applied in full:
a "no enemies" move with enemies on the space, or no walk of the required length), then
:func:`next_steps` lists the legal steps and :func:`take_step` takes the chosen one, until
:func:`must_stop` or the player stops (:func:`may_stop`, "up to" moves) and calls
:func:`finish_move`. Only steps from which the rest of the move can still be completed are
offered, so a move once started is always applied in full (§6 step 3).

Readings chosen where the text is open:

- A barricade on the road is crossed by the best means the hero has: "Let's Go!" ignores it
  (A-12), a destroying card flips it (§7.2), otherwise the hero may discard its car to
  crash through (§7.12, A-10).
- Under "Let's Go!" (``ignores_between``) only the final space counts (A-08, A-12): the
  spaces in between trigger no event, and a face-down landmark entered ends the move there,
  since entering it explores it.
- A face-down landmark entered on an ordinary move is explored at once (§7.3) and the move
  goes on.
- Bridges are not offered: moving onto one happens only as a team victory (§9.1, A-22),
  which the turn rules decide (``board.bridge_roads``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.enemies import take_abandoned_cars
from getaway.games.escape_from_new_york.exploring import Explored, explore_landmark
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import CardEffect, Move
from getaway.games.escape_from_new_york.state import (
    ABANDONED,
    CarFigure,
    Table,
    read_space,
    road_key,
)
from getaway.games.escape_from_new_york.topology import Cell

#: How a step is made: along an open road, through an intact barricade ignoring it
#: ("Let's Go!"), destroying it (a card) or crashing the hero's car through it, or along a
#: manhole link (a card that allows it).
StepKind = Literal["road", "ignore", "destroy", "crash", "manhole"]


@dataclass(frozen=True, slots=True)
class Step:
    to: Cell
    how: StepKind


@dataclass(slots=True)
class MoveInProgress:
    """A hero's move effect being walked, and what it has triggered so far."""

    seat: str
    effect: Move
    #: A carless hero carried from the starting space (§7.2), if its player agreed.
    passenger: str | None
    taken: int = 0
    #: The move ended early without the player's say: a car taken (§7.12), a face-down
    #: landmark entered under "Let's Go!".
    ended: bool = False
    #: Event reveals queued, one per event space entered, resolved after the card (§7.20).
    events: int = 0
    #: Landmarks explored on the way.
    explored: list[Explored] = field(default_factory=list)
    #: Timer cards owed along the way (noise from prisoners the supply lacked).
    timer_reveals: int = 0
    #: Trap tiles moved onto, in order: each draws a trap card after the card (§12).
    traps: list[Cell] = field(default_factory=list)


def car_figure_index(table: Table, seat: str) -> int | None:
    """Where in its space's cars the hero's own car figure is, if it drives one."""
    hero = table.heroes[seat]
    for index, car in enumerate(table.spaces[hero.cell].cars):
        if car.owner == seat:
            return index
    return None


def start_move(
    rules: Rules, table: Table, seat: str, effect: Move, passenger: str | None = None
) -> MoveInProgress | None:
    """Begin ``effect`` for the hero of ``seat``, or ``None`` if it cannot be applied in full
    (its noise still counts, §6 step 3): "no enemies" with enemies on the space (§7.2), or
    no walk of the length it requires. ``passenger``: a carless hero on the same space
    carried along, allowed when the mover drives a car or the card says so (§7.2)."""
    hero = table.heroes[seat]
    if effect.requires_no_enemies and board.has_enemies(table, hero.cell):
        return None
    if passenger is not None:
        other = table.heroes[passenger]
        if passenger == seat or other.cell != hero.cell or other.car is not None:
            raise ValueError(f"{passenger} cannot ride along with {seat}")
        if hero.car is None and not effect.passenger:
            raise ValueError(f"{seat} has no car and the move takes no passenger")
    move = MoveInProgress(seat, effect, passenger)
    needed = 1 if effect.up_to else effect.steps
    if not _walk_exists(rules, table, move, hero.cell, needed, hero.car is not None):
        return None
    return move


def _raw_steps(
    rules: Rules, table: Table, move: MoveInProgress, cell: Cell, has_car: bool
) -> list[Step]:
    effect = move.effect
    found: list[Step] = []
    here = board.shown_roads(rules, table, cell)
    # board.road, then board.barricade, read from the topology's list of neighbours.
    for direction, there, back, road in rules.topology.links(cell):
        if direction not in here:
            continue
        roads, explored, hidden_landmark = board.entering(rules, table, there)
        if back not in roads:
            continue
        if not (explored or hidden_landmark):
            continue  # nobody enters an empty space (§3.2)
        if table.barricades.get(road) != "intact":
            found.append(Step(there, "road"))
        elif effect.ignores_between:
            found.append(Step(there, "ignore"))
        elif effect.destroys_barricades:
            found.append(Step(there, "destroy"))
        elif has_car:
            found.append(Step(there, "crash"))
    if effect.via_manholes and board.manhole(rules, table, cell):
        found += [Step(m, "manhole") for m in board.manholes(rules, table) if m != cell]
    return found


def _ends_move(rules: Rules, table: Table, move: MoveInProgress, cell: Cell) -> bool:
    return move.effect.ignores_between and board.hidden_landmark(rules, table, cell)


#: The steps from a space, with or without a car, already listed while the table stays as
#: it is (within one :func:`next_steps`: the look-ahead of every step meets the same
#: spaces again).
_Listed = dict[tuple[Cell, bool], list[Step]]


def _walk_exists(
    rules: Rules,
    table: Table,
    move: MoveInProgress,
    cell: Cell,
    steps: int,
    has_car: bool,
    listed: _Listed | None = None,
) -> bool:
    """Whether ``steps`` more steps can be walked from ``cell`` (a crash uses the car up)."""
    listed = {} if listed is None else listed
    frontier = {(cell, has_car)}
    for _ in range(steps):
        nxt: set[tuple[Cell, bool]] = set()
        for here, car in frontier:
            if _ends_move(rules, table, move, here):
                continue
            raw = listed.get((here, car))
            if raw is None:
                raw = listed[here, car] = _raw_steps(rules, table, move, here, car)
            for step in raw:
                nxt.add((step.to, car and step.how != "crash"))
        if not nxt:
            return False
        frontier = nxt
    return True


def next_steps(rules: Rules, table: Table, move: MoveInProgress) -> list[Step]:
    """The steps the hero may take now: none once the move is over; otherwise those after
    which the rest of the move can still be walked in full."""
    if must_stop(move):
        return []
    hero = table.heroes[move.seat]
    left = 0 if move.effect.up_to else move.effect.steps - move.taken - 1
    has_car = hero.car is not None
    found = []
    listed: _Listed = {}
    for step in _raw_steps(rules, table, move, hero.cell, has_car):
        if left and _ends_move(rules, table, move, step.to):
            continue
        if left == 0 or _walk_exists(
            rules, table, move, step.to, left, has_car and step.how != "crash", listed
        ):
            found.append(step)
    return found


def must_stop(move: MoveInProgress) -> bool:
    return move.ended or move.taken >= move.effect.steps


def may_stop(move: MoveInProgress) -> bool:
    """Whether the player may end the move now: it is over, or an "up to" move has made at
    least one step (§7.2 [I/P])."""
    return must_stop(move) or (move.effect.up_to and move.taken >= 1)


def take_step(
    rules: Rules,
    table: Table,
    move: MoveInProgress,
    step: Step,
    rng: Rng,
    *,
    listed: bool = False,
) -> None:
    """Make ``step`` (one of :func:`next_steps`): cross or break the barricade as the step
    says, move the hero with its car figure and passenger, explore a face-down landmark
    entered, and queue an event reveal for an event space (§7.2, §7.20) and a trap card for
    a trap tile (§12; the passenger triggers neither, A-39). ``listed``: the caller has
    just taken ``step`` from :func:`next_steps` on this table, so it is not listed again."""
    if not listed and step not in next_steps(rules, table, move):
        raise ValueError(f"{step} is not a legal step now")
    hero = table.heroes[move.seat]
    start = hero.cell
    if step.how in ("destroy", "crash"):
        direction = rules.topology.direction(start, step.to)
        assert direction is not None
        table.barricades[road_key(rules, start, direction)] = "destroyed"
    if step.how == "crash":
        lose_car(rules, table, move.seat, crashed=True)
    _relocate(table, move.seat, step.to)
    if move.passenger is not None:
        _relocate(table, move.passenger, step.to)
    move.taken += 1
    if board.hidden_landmark(rules, table, step.to):
        if move.effect.ignores_between:
            move.ended = True
        result = explore_landmark(rules, table, step.to, rng)
        move.explored.append(result)
        move.timer_reveals += result.timer_reveals
    if not move.effect.ignores_between and board.event_space(rules, table, step.to):
        move.events += 1
    if not move.effect.ignores_between and board.trap_space(rules, table, step.to):
        move.traps.append(step.to)


def finish_move(rules: Rules, table: Table, move: MoveInProgress) -> None:
    """End the move: under "Let's Go!" the final space's event now counts (A-12)."""
    if not may_stop(move):
        raise ValueError("the move is not over")
    move.ended = True
    hero = table.heroes[move.seat]
    if move.effect.ignores_between and board.event_space(rules, table, hero.cell):
        move.events += 1
    if move.effect.ignores_between and board.trap_space(rules, table, hero.cell):
        move.traps.append(hero.cell)


def _relocate(table: Table, seat: str, cell: Cell) -> None:
    """Put the hero (and the car figure marking it, if it drives one) on ``cell``. Prisoners
    left with an abandoned car and no hero take it (§8.2: whenever the situation arises)."""
    index = car_figure_index(table, seat)
    hero = table.heroes[seat]
    left = hero.cell
    if index is not None:
        car = table.spaces[left].cars.pop(index)
        table.spaces[cell].cars.append(car)
    hero.cell = cell
    take_abandoned_cars(table, left)


def car_move(rules: Rules, table: Table, seat: str) -> list[CardEffect] | None:
    """Step 5 (§6, §7.12): the move the hero's car card describes (E3: move, then explore),
    or ``None`` without a car or with enemies on the hero's space."""
    hero = table.heroes[seat]
    if hero.car is None or board.has_enemies(table, hero.cell):
        return None
    return list(next(car for car in rules.content.cars.cars if car.id == hero.car).move)


# --- cars, the hero side (§7.12) ------------------------------------------------------------------


def can_take_car(table: Table, seat: str) -> bool:
    """An abandoned car on the hero's space, no enemies there, no car held, and a car card
    left in the supply [P]."""
    hero = table.heroes[seat]
    return (
        hero.car is None
        and bool(table.car_cards)
        and any(car.owner == ABANDONED for car in read_space(table, hero.cell).cars)
        and not board.has_enemies(table, hero.cell)
    )


def take_car(table: Table, seat: str, move: MoveInProgress | None = None) -> None:
    """Take the abandoned car (§7.12, E15): its base in the hero's colour, a car card into
    the car slot. It ends the movement under way, which still counts as applied in full."""
    if not can_take_car(table, seat):
        raise ValueError(f"{seat} cannot take a car here")
    hero = table.heroes[seat]
    cars = table.spaces[hero.cell].cars
    index = next(i for i, car in enumerate(cars) if car.owner == ABANDONED)
    cars[index] = CarFigure(seat, cars[index].taxi)
    hero.car = table.car_cards.pop(0)
    if move is not None and move.seat == seat:
        move.ended = True


def lose_car(rules: Rules, table: Table, seat: str, *, crashed: bool) -> None:
    """The hero loses its car (§7.12): the card back to the supply; crashed through a
    barricade, the figure back to the figure supply (A-10); abandoned, the figure stays on
    the space with a white base, and prisoners there with no hero take it (§8.2). Cabbie's
    Taxi leaves the game either way: card and figure."""
    hero = table.heroes[seat]
    if hero.car is None:
        raise ValueError(f"{seat} has no car")
    taxi = any(car.id == hero.car and car.taxi for car in rules.content.cars.cars)
    if taxi:
        table.box.setdefault("cars", []).append(hero.car)
    else:
        table.car_cards.append(hero.car)
    hero.car = None
    index = car_figure_index(table, seat)
    assert index is not None, "a hero with a car card drives its figure"
    cars = table.spaces[hero.cell].cars
    figure = cars.pop(index)
    if taxi:
        return
    if crashed:
        table.car_figures += 1
    else:
        cars.append(CarFigure(ABANDONED, figure.taxi))
        take_abandoned_cars(table, hero.cell)


def abandon_car(rules: Rules, table: Table, seat: str) -> None:
    """Leave the car on the hero's space by choice (§7.12, A-43: outside card resolution,
    which the turn rules see to)."""
    lose_car(rules, table, seat, crashed=False)
