"""The board's rules played at random: every choice picked from the legal ones the rules
list, many seeds, and after each action the table must still add up (invariants.py). The
same seed plays the same table, byte for byte."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.core.serialize import dumps
from getaway.games.escape_from_new_york import board, combat, enemy_moves, exploring, movement
from getaway.games.escape_from_new_york.enemies import all_enemies, place_prisoners
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.schema import Move
from getaway.games.escape_from_new_york.topology import DIRECTIONS

from .rules_helpers import position


def _hero_move(pos: Position, rng: Rng, seat: str) -> None:
    effect = Move(
        do="move",
        steps=1 + rng.below(3),
        up_to=rng.below(2) == 1,
        destroys_barricades=rng.below(4) == 0,
        ignores_between=rng.below(5) == 0,
        via_manholes=rng.below(3) == 0,
        requires_no_enemies=rng.below(4) == 0,
    )
    run = movement.start_move(pos.rules, pos.table, seat, effect)
    if run is None:
        return
    while not movement.must_stop(run):
        if movement.may_stop(run) and rng.below(3) == 0:
            break
        steps = movement.next_steps(pos.rules, pos.table, run)
        assert steps, "a started move always has a next step"
        movement.take_step(pos.rules, pos.table, run, rng.choice(steps), rng)
        if movement.can_take_car(pos.table, seat) and rng.below(2) == 0:
            movement.take_car(pos.table, seat, run)
    movement.finish_move(pos.rules, pos.table, run)


def _explore(pos: Position, rng: Rng, seat: str) -> None:
    cells = exploring.explorable(pos.rules, pos.table, pos.table.heroes[seat].cell)
    if cells:
        exploring.explore(pos.rules, pos.table, rng.choice(cells))


def _explore_landmark(pos: Position, rng: Rng, seat: str) -> None:
    hidden = [c for c in pos.table.spaces if board.hidden_landmark(pos.rules, pos.table, c)]
    if hidden:
        exploring.explore_landmark(pos.rules, pos.table, rng.choice(hidden), rng)


def _new_york_moves(pos: Position, rng: Rng, seat: str) -> None:
    limit = None if rng.below(3) == 0 else 1 + rng.below(3)
    run = enemy_moves.start_enemy_moves(pos.rules, pos.table, limit, bosses_only=rng.below(5) == 0)
    while True:
        ready = enemy_moves.next_enemies(pos.rules, pos.table, run)
        if not ready:
            break
        enemy = rng.choice(ready)
        routes = enemy_moves.enemy_routes(pos.rules, pos.table, enemy)
        assert routes, "an enemy offered to move has a route"
        enemy_moves.move_enemy(pos.rules, pos.table, run, enemy, rng.choice(routes))


def _pull(pos: Position, rng: Rng, seat: str) -> None:
    arrows = [d for d in DIRECTIONS if rng.below(3) == 0]
    enemy_moves.pull_adjacent(pos.rules, pos.table, arrows)


def _attack(pos: Position, rng: Rng, seat: str) -> None:
    reach = rng.below(2)
    targets = combat.enemies_in_range(pos.rules, pos.table, pos.table.heroes[seat].cell, reach)
    pool = combat.DamagePool(1 + rng.below(3), rng.below(3))
    split = []
    left_any, left_boss = pool.any, pool.bosses
    for enemy in targets:
        if rng.below(2) == 0:
            continue
        budget = left_any + (left_boss if enemy.kind == "boss" else 0)
        if budget == 0:
            continue
        amount = 1 + rng.below(budget)
        from_boss = min(amount, left_boss) if enemy.kind == "boss" else 0
        left_boss -= from_boss
        left_any -= amount - from_boss
        split.append((enemy, amount))
    combat.deal_damage(pos.rules, pos.table, seat, reach, pool, split)


def _deceive(pos: Position, rng: Rng, seat: str) -> None:
    reach = rng.below(2)
    targets = combat.deceive_targets(pos.rules, pos.table, seat, reach)
    chosen = [t for t in targets if rng.below(2) == 0][:3]
    sends = [(t, rng.choice(combat.deceive_destinations(pos.rules, pos.table, t))) for t in chosen]
    combat.deceive(pos.rules, pos.table, seat, reach, 3, sends)


def _hurt_hero(pos: Position, rng: Rng, seat: str) -> None:
    damage = combat.damage_from_enemies(pos.rules, pos.table, seat)
    combat.take_damage(pos.rules, pos.table, seat, damage, rng)


def _city(pos: Position, rng: Rng, seat: str) -> None:
    explored = [c for c in pos.table.spaces if board.explored(pos.rules, pos.table, c)]
    cell = rng.choice(explored)
    what = rng.below(4)
    if what == 0:
        place_prisoners(pos.rules, pos.table, cell, 1 + rng.below(3))
    elif what == 1:
        board.place_new_york_barricade(pos.rules, pos.table)
    elif what == 2 and pos.table.heroes[seat].car is not None:
        movement.abandon_car(pos.rules, pos.table, seat)
    else:
        combat.end_of_turn(pos.table)


ACTIONS = (
    _hero_move,
    _hero_move,
    _explore,
    _explore,
    _explore_landmark,
    _new_york_moves,
    _pull,
    _attack,
    _deceive,
    _hurt_hero,
    _city,
)


def play(seed: int, actions: int = 150) -> Position:
    rng = Rng(seed)
    pos = position(players=1 + seed % 4, seed=seed)
    for _ in range(actions):
        pos.table.current = rng.below(len(pos.table.turn_order))
        seat = pos.table.current_seat
        action = ACTIONS[rng.below(len(ACTIONS))]
        action(pos, rng, seat)
        found = problems(pos.rules, pos.table)
        assert found == [], f"{action.__name__}: {found}"
        # §16: enemies never enter empty spaces or face-down landmarks.
        assert all(board.explored(pos.rules, pos.table, e.cell) for e in all_enemies(pos.table))
    return pos


@pytest.mark.parametrize("seed", range(40))
def test_random_play_keeps_the_table_whole(seed: int) -> None:
    pos = play(seed)
    assert all_enemies(pos.table) or pos.table.prisoner_supply >= 0


def test_the_same_seed_plays_the_same_table() -> None:
    assert dumps(play(5).table.to_json()) == dumps(play(5).table.to_json())
