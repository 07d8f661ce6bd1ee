"""Heroes moving (§7.2, §7.12, §8.7): roads, barricades, dead ends, "no enemies", event
spaces, landmarks, manholes, passengers and cars."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.movement import (
    MoveInProgress,
    Step,
    abandon_car,
    car_move,
    finish_move,
    may_stop,
    must_stop,
    next_steps,
    start_move,
    take_car,
    take_step,
)
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.schema import Move
from getaway.games.escape_from_new_york.state import ABANDONED, PRISONER, CarFigure
from getaway.games.escape_from_new_york.topology import Cell

from .rules_helpers import (
    LIBRARY,
    abandoned_car,
    barricade,
    landmark_on,
    lay,
    position,
    prisoners,
    sound,
)

UP = (5, 1)  # the ring space above the Library
UP_UP = (5, 0)  # the city space above it
UP_LEFT = (4, 1)  # a city space left of UP
LANDMARK = (6, 4)  # a red space below the ring space (6, 3)
RING = (6, 3)


def move(steps: int = 1, **flags: bool) -> Move:
    return Move(do="move", steps=steps, **flags)


def walk(pos: Position, run: MoveInProgress, *cells: Cell) -> None:
    for cell in cells:
        step = next(s for s in next_steps(pos.rules, pos.table, run) if s.to == cell)
        take_step(pos.rules, pos.table, run, step, Rng(0))


def give_car(pos: Position, seat: str) -> None:
    hero = pos.table.heroes[seat]
    hero.car = pos.table.car_cards.pop(0)
    pos.table.car_figures -= 1
    pos.table.spaces[hero.cell].cars.append(CarFigure(seat))


def test_a_move_follows_roads_onto_explored_spaces_and_face_down_landmarks_only() -> None:
    pos = position()
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    targets = {s.to for s in next_steps(pos.rules, pos.table, run)}
    assert targets == set(pos.rules.topology.neighbours(LIBRARY).values())  # the ring
    pos.table.heroes["p1"].cell = RING
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    targets = {s.to for s in next_steps(pos.rules, pos.table, run)}
    assert LANDMARK in targets  # face down, but heroes may enter (§7.2)
    assert (7, 3) not in targets  # empty: nobody enters (§3.2)
    assert all(s.how == "road" for s in next_steps(pos.rules, pos.table, run))


def test_an_exact_move_cannot_stop_early_and_an_up_to_move_can() -> None:
    pos = position()
    run = start_move(pos.rules, pos.table, "p1", move(2))
    assert run is not None
    walk(pos, run, UP)
    assert not may_stop(run)
    with pytest.raises(ValueError):
        finish_move(pos.rules, pos.table, run)
    walk(pos, run, LIBRARY)
    assert must_stop(run) and next_steps(pos.rules, pos.table, run) == []
    run = start_move(pos.rules, pos.table, "p1", move(3, up_to=True))
    assert run is not None and not may_stop(run)  # at least one step
    walk(pos, run, UP)
    assert may_stop(run) and not must_stop(run)
    finish_move(pos.rules, pos.table, run)
    assert pos.table.heroes["p1"].cell == UP


def test_a_hero_with_no_way_out_cannot_apply_a_move() -> None:
    """A dead end: the card is not applied at all (full or nothing, §6 step 3)."""
    pos = position()
    lay(pos, UP_UP)
    pos.table.heroes["p1"].cell = UP_UP
    for direction, there in pos.rules.topology.neighbours(UP_UP).items():
        if board.explored(pos.rules, pos.table, there) or board.hidden_landmark(
            pos.rules, pos.table, there
        ):
            barricade(pos, UP_UP, direction)
    assert start_move(pos.rules, pos.table, "p1", move()) is None
    assert start_move(pos.rules, pos.table, "p1", move(destroys_barricades=True)) is not None
    sound(pos)


def test_an_intact_barricade_blocks_a_destroying_card_flips_it_and_it_stays_open() -> None:
    pos = position()
    barricade(pos, LIBRARY, "U")
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    assert UP not in {s.to for s in next_steps(pos.rules, pos.table, run)}
    run = start_move(pos.rules, pos.table, "p1", move(destroys_barricades=True))
    assert run is not None
    assert Step(UP, "destroy") in next_steps(pos.rules, pos.table, run)
    walk(pos, run, UP)
    assert board.barricade(pos.rules, pos.table, LIBRARY, "U") == "destroyed"
    assert board.open_road(pos.rules, pos.table, LIBRARY, UP)
    sound(pos)


def test_a_car_crashes_through_a_barricade_and_is_lost() -> None:
    """§7.12, A-10: the card back to the supply, the figure back to the figure supply."""
    pos = position()
    give_car(pos, "p1")
    cards, figures = len(pos.table.car_cards), pos.table.car_figures
    barricade(pos, LIBRARY, "U")
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    assert Step(UP, "crash") in next_steps(pos.rules, pos.table, run)
    walk(pos, run, UP)
    hero = pos.table.heroes["p1"]
    assert hero.car is None and hero.cell == UP
    assert len(pos.table.car_cards) == cards + 1 and pos.table.car_figures == figures + 1
    assert pos.table.spaces[UP].cars == [] and pos.table.spaces[LIBRARY].cars == []
    assert board.barricade(pos.rules, pos.table, LIBRARY, "U") == "destroyed"
    sound(pos)


def test_cabbie_s_taxi_crashed_leaves_the_game() -> None:
    pos = position(players=4)
    cabbie = next(seat for seat, h in pos.table.heroes.items() if h.hero == "cabbie")
    barricade(pos, LIBRARY, "U")
    run = start_move(pos.rules, pos.table, cabbie, move())
    assert run is not None
    walk(pos, run, UP)
    assert pos.table.heroes[cabbie].car is None
    assert "taxi" in pos.table.box["cars"]
    assert not any(car.taxi for space in pos.table.spaces.values() for car in space.cars)
    sound(pos)


def test_lets_go_ignores_barricades_and_every_space_but_the_last() -> None:
    """A-12, A-08: barricades ignored, not destroyed; only the final space's event counts."""
    pos = position()
    barricade(pos, LIBRARY, "U")
    lay(pos, UP_UP, lambda s: s.event and not s.manhole and not s.barricades)
    lets_go = move(3, up_to=True, ignores_between=True)
    run = start_move(pos.rules, pos.table, "p1", lets_go)
    assert run is not None
    assert Step(UP, "ignore") in next_steps(pos.rules, pos.table, run)
    walk(pos, run, UP, UP_UP, UP)
    finish_move(pos.rules, pos.table, run)
    assert run.events == 0  # passed the event space, ended elsewhere
    assert board.barricade(pos.rules, pos.table, LIBRARY, "U") == "intact"
    run = start_move(pos.rules, pos.table, "p1", lets_go)
    assert run is not None
    walk(pos, run, UP_UP)
    finish_move(pos.rules, pos.table, run)
    assert run.events == 1


def test_each_event_space_entered_queues_a_reveal_every_time() -> None:
    """§7.20: every entry, even into a space whose event has happened before."""
    pos = position()
    lay(pos, UP_UP, lambda s: s.event and not s.manhole and not s.barricades)
    pos.table.heroes["p1"].cell = UP
    run = start_move(pos.rules, pos.table, "p1", move(3))
    assert run is not None
    walk(pos, run, UP_UP, UP, UP_UP)
    assert run.events == 2


def test_a_no_enemies_move_is_skipped_when_enemies_share_the_space() -> None:
    pos = position()
    prisoners(pos, LIBRARY)
    assert start_move(pos.rules, pos.table, "p1", move(requires_no_enemies=True)) is None
    assert start_move(pos.rules, pos.table, "p1", move()) is not None


def test_entering_a_face_down_landmark_explores_it_and_the_move_goes_on() -> None:
    pos = position()
    landmark_on(pos, LANDMARK, "nothing_here")
    pos.table.heroes["p1"].cell = RING
    run = start_move(pos.rules, pos.table, "p1", move(2))
    assert run is not None
    walk(pos, run, LANDMARK)
    assert pos.table.spaces[LANDMARK].face_up
    assert [e.cell for e in run.explored] == [LANDMARK]
    assert not must_stop(run)
    walk(pos, run, RING)
    sound(pos)


def test_lets_go_ends_on_a_face_down_landmark() -> None:
    pos = position()
    landmark_on(pos, LANDMARK, "nothing_here")
    pos.table.heroes["p1"].cell = RING
    run = start_move(pos.rules, pos.table, "p1", move(3, up_to=True, ignores_between=True))
    assert run is not None
    walk(pos, run, LANDMARK)
    assert must_stop(run) and pos.table.spaces[LANDMARK].face_up


def test_a_manhole_card_moves_between_manholes_and_others_cannot() -> None:
    pos = position()
    sewer = lambda s: s.manhole and not s.event and not s.barricades  # noqa: E731
    lay(pos, UP_UP, sewer)
    far = (9, 0)
    lay(pos, far, sewer)
    pos.table.heroes["p1"].cell = UP_UP
    run = start_move(pos.rules, pos.table, "p1", move(via_manholes=True))
    assert run is not None
    assert Step(far, "manhole") in next_steps(pos.rules, pos.table, run)
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    assert far not in {s.to for s in next_steps(pos.rules, pos.table, run)}


def test_a_car_carries_a_carless_hero_from_the_starting_space() -> None:
    pos = position()
    give_car(pos, "p1")
    run = start_move(pos.rules, pos.table, "p1", move(), passenger="p2")
    assert run is not None
    walk(pos, run, UP)
    assert pos.table.heroes["p2"].cell == UP
    assert pos.table.spaces[UP].cars == [CarFigure("p1")]
    with pytest.raises(ValueError):
        start_move(pos.rules, pos.table, "p2", move(), passenger="p1")  # no car, no card
    sound(pos)


def test_taking_an_abandoned_car_ends_the_move_in_full() -> None:
    """§7.12, E15: a car card into the slot, the base in the hero's colour."""
    pos = position()
    abandoned_car(pos, UP)
    run = start_move(pos.rules, pos.table, "p1", move(3))
    assert run is not None
    walk(pos, run, UP)
    take_car(pos.table, "p1", run)
    assert must_stop(run) and may_stop(run)
    hero = pos.table.heroes["p1"]
    assert hero.car is not None and pos.table.spaces[UP].cars == [CarFigure("p1")]
    sound(pos)


def test_no_car_is_taken_with_enemies_on_the_space() -> None:
    pos = position()
    abandoned_car(pos, LIBRARY)
    prisoners(pos, LIBRARY)
    with pytest.raises(ValueError):
        take_car(pos.table, "p1")


def test_an_abandoned_car_is_taken_by_prisoners_only_once_no_hero_is_there() -> None:
    pos = position()
    give_car(pos, "p1")
    prisoners(pos, LIBRARY)
    abandon_car(pos.rules, pos.table, "p1")
    # Heroes are on the space: the car stays abandoned.
    assert pos.table.spaces[LIBRARY].cars == [CarFigure(ABANDONED)]
    sound(pos)


def test_prisoners_take_the_abandoned_car_once_the_last_hero_leaves() -> None:
    """§8.2: checked whenever the situation arises."""
    pos = position()
    abandoned_car(pos, UP)
    prisoners(pos, UP)
    pos.table.heroes["p1"].cell = UP
    run = start_move(pos.rules, pos.table, "p1", move())
    assert run is not None
    assert pos.table.spaces[UP].cars == [CarFigure(ABANDONED)]
    walk(pos, run, LIBRARY)
    assert pos.table.spaces[UP].cars == [CarFigure(PRISONER)]
    assert pos.table.spaces[UP].prisoners == 0
    sound(pos)


def test_e3_the_car_move_of_step_5_needs_a_space_without_enemies() -> None:
    """E3: Brain in a car, no enemies in his space: he moves 1, then explores."""
    pos = position()
    assert car_move(pos.rules, pos.table, "p2") is None  # no car
    give_car(pos, "p2")
    effects = car_move(pos.rules, pos.table, "p2")
    assert effects is not None and [e.do for e in effects] == ["move", "explore"]
    prisoners(pos, LIBRARY)
    assert car_move(pos.rules, pos.table, "p2") is None
