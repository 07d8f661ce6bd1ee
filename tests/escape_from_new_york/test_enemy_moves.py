"""New York moving enemies (§8.5, §8.2, step 12): examples E8, E18 and E19, cars carrying
and ramming, who never moves."""

from __future__ import annotations

import pytest

from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.enemies import boss_data, enemies_on, stats
from getaway.games.escape_from_new_york.enemy_moves import (
    Route,
    enemy_routes,
    move_enemy,
    next_enemies,
    priority_groups,
    pull_adjacent,
    start_enemy_moves,
)
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.schema import PrisonerBonus, TileSymbols
from getaway.games.escape_from_new_york.state import ABANDONED, PRISONER, CarFigure, Enemy

from .rules_helpers import (
    LIBRARY,
    abandoned_car,
    barricade,
    boss,
    lay,
    position,
    prisoner_car,
    prisoners,
    sound,
)

HERO = (5, 1)  # the ring space above the Library


def sewer(symbols: TileSymbols) -> bool:
    return symbols.manhole and not symbols.event and not symbols.barricades


def current(pos: Position, seat: str, cell: tuple[int, int]) -> None:
    pos.table.current = pos.table.turn_order.index(seat)
    pos.table.heroes[seat].cell = cell


def e19_scene() -> Position:
    """Brain (p2) on HERO; blue a prisoner at distance 1, purple one at distance 2 with two
    shortest routes, green a car at distance 2 whose routes include one through blue,
    white Romero 4 away by road and 2 through the manholes."""
    pos = position()
    current(pos, "p2", HERO)
    for cell in ((6, 1), (6, 0), (3, 1), (4, 1), (7, 3)):
        lay(pos, cell)
    for cell in ((5, 0), (7, 4)):
        lay(pos, cell, sewer)
    prisoners(pos, (6, 1))  # blue
    prisoners(pos, (3, 1))  # purple
    prisoner_car(pos, (6, 0))  # green
    boss(pos, (7, 4), "romero")  # white
    return pos


BLUE = Enemy("prisoner", (6, 1))
PURPLE = Enemy("prisoner", (3, 1))
GREEN = Enemy("car", (6, 0))
WHITE = Enemy("boss", (7, 4), "romero")


def test_e19_priority_of_enemy_movement() -> None:
    """E19: "It's the Duke" moves up to 3 enemies: green, white, blue can reach Brain and go
    in that order (cars win ties); green carries blue along; Romero comes through the
    manholes; purple, the third moved, goes 1 step by the route the player chooses; the
    carried blue does not count toward the 3."""
    pos = e19_scene()
    rules, table = pos.rules, pos.table
    assert boss_data(rules, "romero").mp == 2  # E19's premise: he ties with the car
    assert priority_groups(rules, table) == [[GREEN], [WHITE], [BLUE], [PURPLE]]

    run = start_enemy_moves(rules, table, 3)
    assert next_enemies(rules, table, run) == [GREEN]
    routes = enemy_routes(rules, table, GREEN)
    assert routes == [Route(((6, 0), (6, 1), HERO), carry=(6, 1))]
    move_enemy(rules, table, run, GREEN, routes[0])
    assert table.spaces[HERO].cars == [CarFigure(PRISONER)]
    assert table.spaces[HERO].prisoners == 1 and table.spaces[(6, 1)].prisoners == 0

    assert next_enemies(rules, table, run) == [WHITE]
    (route,) = enemy_routes(rules, table, WHITE)
    assert route.cells == ((7, 4), (5, 0), HERO)  # through the manholes
    move_enemy(rules, table, run, WHITE, route)
    assert table.spaces[HERO].bosses == ["romero"]

    assert next_enemies(rules, table, run) == [PURPLE]  # blue was carried
    routes = enemy_routes(rules, table, PURPLE)
    assert {r.cells for r in routes} == {((3, 1), (4, 1)), ((3, 1), (4, 2))}
    chosen = next(r for r in routes if r.cells[-1] == (4, 1))  # the player's choice
    move_enemy(rules, table, run, PURPLE, chosen)
    assert table.spaces[(4, 1)].prisoners == 1
    assert run.moved == 3 and next_enemies(rules, table, run) == []
    sound(pos)


def test_enemies_engaged_with_any_hero_or_deceived_never_move() -> None:
    """A-16, §7.5: a hero on the space holds its enemies; a deceived enemy lies still."""
    pos = e19_scene()
    pos.table.heroes["p1"].cell = (6, 0)  # Snake engages green
    pos.table.marks.append(Enemy("prisoner", (3, 1), deceived=True))
    groups = priority_groups(pos.rules, pos.table)
    assert [e for group in groups for e in group] == [WHITE, BLUE]
    sound(pos)


def test_the_limit_counts_only_enemies_that_move_and_stops_there() -> None:
    pos = e19_scene()
    run = start_enemy_moves(pos.rules, pos.table, 1)
    move_enemy(pos.rules, pos.table, run, GREEN, enemy_routes(pos.rules, pos.table, GREEN)[0])
    assert next_enemies(pos.rules, pos.table, run) == []


def test_bosses_only_moves_just_the_bosses() -> None:
    pos = e19_scene()
    assert priority_groups(pos.rules, pos.table, bosses_only=True) == [[WHITE]]


def test_an_enemy_that_cannot_reach_ends_as_close_as_it_can_and_one_with_no_route_stays() -> None:
    pos = e19_scene()
    barricade(pos, (3, 1), "UR")
    barricade(pos, (3, 1), "DR")
    assert PURPLE not in [e for g in priority_groups(pos.rules, pos.table) for e in g]
    assert enemy_routes(pos.rules, pos.table, PURPLE) == []


def test_a_move_out_of_turn_or_off_route_is_refused() -> None:
    pos = e19_scene()
    run = start_enemy_moves(pos.rules, pos.table, 3)
    with pytest.raises(ValueError):
        move_enemy(pos.rules, pos.table, run, WHITE, Route(((7, 4), (5, 0), HERO)))
    with pytest.raises(ValueError):
        move_enemy(pos.rules, pos.table, run, GREEN, Route(((6, 0), (5, 0), HERO)))


def test_e18_a_prisoner_takes_an_abandoned_car() -> None:
    """E18: a prisoner moving into a space with an abandoned car and no hero: the base
    turns red, the prisoner figure goes back to the supply, and this enemy now has 2 HP
    and 2 MP (before bonuses)."""
    pos = position()
    current(pos, "p2", HERO)
    lay(pos, (3, 1))
    lay(pos, (4, 1))
    prisoners(pos, (3, 1))
    abandoned_car(pos, (4, 1))
    supply = pos.table.prisoner_supply
    run = start_enemy_moves(pos.rules, pos.table, None)
    route = next(r for r in enemy_routes(pos.rules, pos.table, PURPLE) if r.cells[-1] == (4, 1))
    move_enemy(pos.rules, pos.table, run, PURPLE, route)
    space = pos.table.spaces[(4, 1)]
    assert space.cars == [CarFigure(PRISONER)] and space.prisoners == 0
    assert pos.table.prisoner_supply == supply + 1
    car = stats(pos.rules, pos.table, Enemy("car", (4, 1)))
    prisoner = pos.rules.content.enemies.prisoner
    assert (car.hp, car.mp) == (2, 2) == (prisoner.hp + 1, prisoner.mp + 1)
    sound(pos)


def test_a_prisoner_stops_on_taking_a_car() -> None:
    """§8.2: its movement stops there, even with movement points left."""
    pos = position()
    current(pos, "p2", LIBRARY)
    pos.table.heroes["p1"].cell = LIBRARY
    lay(pos, (5, 0))
    prisoners(pos, (5, 0))
    abandoned_car(pos, HERO)
    # A prisoner with 2 movement points (a +1 bonus card in play) stops on the car.
    bonus = next(
        c.id
        for c in pos.rules.content.new_york.cards
        if c.id in pos.table.new_york_specials
        and any(isinstance(e, PrisonerBonus) and e.stat == "mp" for e in c.effects)
    )
    pos.table.new_york_specials.remove(bonus)
    pos.table.new_york_in_play.append(bonus)
    prisoner = Enemy("prisoner", (5, 0))
    assert stats(pos.rules, pos.table, prisoner).mp == 2
    run = start_enemy_moves(pos.rules, pos.table, None)
    (route,) = enemy_routes(pos.rules, pos.table, prisoner)
    assert route.cells == ((5, 0), HERO, LIBRARY)
    move_enemy(pos.rules, pos.table, run, prisoner, route)
    assert pos.table.spaces[HERO].cars == [CarFigure(PRISONER)]
    assert pos.table.spaces[LIBRARY].prisoners == 0
    sound(pos)


def test_a_car_with_only_a_barricaded_route_rams_it() -> None:
    """§8.2, A-09: the car removed, the barricade destroyed, a prisoner added to the space
    it entered; the move ends."""
    pos = position()
    current(pos, "p2", LIBRARY)
    pos.table.heroes["p1"].cell = LIBRARY
    lay(pos, (5, 0))
    prisoner_car(pos, (5, 0))
    for direction in pos.rules.topology.neighbours((5, 0)):
        barricade(pos, (5, 0), direction)
    car = Enemy("car", (5, 0))
    (group,) = priority_groups(pos.rules, pos.table)
    assert group == [car]
    figures = pos.table.car_figures
    run = start_enemy_moves(pos.rules, pos.table, None)
    (route,) = enemy_routes(pos.rules, pos.table, car)
    assert route.ram and route.cells == ((5, 0), HERO)
    move_enemy(pos.rules, pos.table, run, car, route)
    assert pos.table.spaces[(5, 0)].cars == [] and pos.table.car_figures == figures + 1
    assert board.barricade(pos.rules, pos.table, (5, 0), "D") == "destroyed"
    assert pos.table.spaces[HERO].prisoners == 1
    sound(pos)


def test_e8_step_12_pulls_the_enemies_the_arrows_point_to() -> None:
    """E8: arrows upper-left and below: Snake pulls the prisoners of those two neighbours
    into his space; the other neighbours do not move."""
    pos = position()
    current(pos, "p1", HERO)
    pos.table.heroes["p2"].cell = (6, 3)
    upper_left = pos.rules.topology.neighbour(HERO, "UL")
    below = pos.rules.topology.neighbour(HERO, "D")
    above = pos.rules.topology.neighbour(HERO, "U")
    assert upper_left and below and above
    lay(pos, upper_left)
    lay(pos, above)
    for cell in (upper_left, below, above):
        prisoners(pos, cell)
    prisoner_car(pos, upper_left)
    moved = pull_adjacent(pos.rules, pos.table, ["UL", "D"])
    assert len(moved) == 3
    assert pos.table.spaces[HERO].prisoners == 2
    assert pos.table.spaces[HERO].cars == [CarFigure(PRISONER)]
    assert pos.table.spaces[above].prisoners == 1
    sound(pos)


def test_step_12_spares_the_engaged_the_deceived_and_those_behind_barricades() -> None:
    pos = position()
    current(pos, "p1", HERO)
    left, down, right = (pos.rules.topology.neighbour(HERO, d) for d in ("UL", "D", "UR"))
    assert left and down and right
    lay(pos, left)
    lay(pos, right)
    for cell in (left, down, right):
        prisoners(pos, cell)
    pos.table.heroes["p2"].cell = down  # engaged with Brain
    barricade(pos, HERO, "UL")
    pos.table.marks.append(Enemy("prisoner", right, deceived=True))
    assert pull_adjacent(pos.rules, pos.table, ["UL", "D", "UR", "U"]) == []
    assert enemies_on(pos.table, HERO) == []
    sound(pos)


def test_abandoned_cars_are_white_and_not_enemies() -> None:
    pos = position()
    abandoned_car(pos, HERO)
    assert enemies_on(pos.table, HERO) == []
    assert pos.table.spaces[HERO].cars == [CarFigure(ABANDONED)]
