"""Scotland Yard's lean ``random_step`` against its definition, ``State.random_step`` (the
first seat to act plays ``legal_actions(seat)[int(uniform() * n)]`` through ``apply``).

The same seeded games are played both ways, and the two states must be identical after
every ply: the canonical serialization, the seats to act and their legal actions. The games
cover every option that changes the rules of play, and the test checks that they reached
the situations the lean path handles apart: double moves (each of their three steps), black
tickets, hunters left standing because they cannot move, a 2-player seat moving several
pieces, and each of the four ways a game ends.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from getaway.core import State, get_game
from getaway.games.scotland_yard import ScotlandYardState
from getaway.games.scotland_yard.board import BLACK

GAME = get_game("scotland-yard")

#: Option sets whose rules of play differ (ticket supply, pooled wallets, the clock, X2).
OPTION_SETS: list[dict[str, Any]] = [
    *({"players": players} for players in range(2, 7)),
    {"players": 4, "edition": "classic"},
    {"players": 2, "pooled_tickets": False},
    {"players": 3, "mrx_tickets": "unlimited"},
    {"players": 5, "x2_counts_police": True, "reveal_rule": "rounds"},
    {"players": 6, "max_rounds": 30, "log_fields": 32},
    {"players": 4, "max_rounds": 4},
]
SEEDS = range(40)
#: Mr. X is trapped in about one random game in 3,000: (options, seed) of one found by
#: playing seeds 0-2999 (the draws come from ``random.Random(seed)``).
TRAPPED_GAMES: list[tuple[dict[str, Any], int]] = [({"players": 4}, 1257)]


def snapshot(state: State) -> tuple[object, ...]:
    seats = state.to_act()
    return (state.to_json(), seats, [list(state.legal_actions(seat)) for seat in seats])


def stuck_hunter(state: ScotlandYardState) -> bool:
    """Whether some hunter that has not moved this phase cannot move (it will be skipped)."""
    unmoved = [h for h in state.rules.hunter_indices if not state.moved >> h & 1]
    return state.phase == 1 and any(not state._movable >> h & 1 for h in unmoved)


def play_both_ways(options: dict[str, Any], seed: int, seen: Counter[str]) -> None:
    generic = GAME.new_state(options, seed)
    lean = generic.clone()
    assert isinstance(generic, ScotlandYardState) and isinstance(lean, ScotlandYardState)
    draw_generic = random.Random(seed).random
    draw_lean = random.Random(seed).random
    plies = 0
    while not generic.is_over():
        seat = generic.to_act()[0]
        if generic.decision is not None:
            seen[f"double-step-{len(generic.decision.steps)}"] += 1
        if stuck_hunter(generic):
            seen["stuck-hunter"] += 1
        offered = {a.split(":")[0] for a in generic.legal_actions(seat)} - {"double"}
        if generic.phase == 1 and len(offered) > 1:
            seen["several-pieces"] += 1
        State.random_step(generic, draw_generic)
        lean.random_step(draw_lean)
        plies += 1
        assert snapshot(lean) == snapshot(generic), (options, seed, plies)
    assert lean.is_over()
    # Both drew exactly once a ply: the generators are in step.
    assert draw_lean() == draw_generic()
    seen[f"end-{generic.end_reason}"] += 1
    if BLACK in generic.log_ticket:
        seen["black-ticket"] += 1
    if any(generic.log_double):
        seen["double-move"] += 1


def test_lean_random_step_plays_the_same_games_as_its_definition():
    seen: Counter[str] = Counter()
    for options in OPTION_SETS:
        for seed in SEEDS:
            play_both_ways(options, seed, seen)
    for options, seed in TRAPPED_GAMES:
        play_both_ways(options, seed, seen)
    for situation in (
        "double-step-1",
        "double-step-2",
        "double-move",
        "black-ticket",
        "stuck-hunter",
        "several-pieces",
        "end-capture",
        "end-mrx-trapped",
        "end-time",
        "end-hunters-immobilised",
    ):
        assert seen[situation] > 0, f"no game reached {situation}: {dict(seen)}"


def test_random_step_from_a_reloaded_position_matches_too():
    # A state read back from its save (caches rebuilt by the loader) takes the same path.
    state = GAME.new_state({"players": 4}, 7)
    draw = random.Random(7).random
    for _ in range(30):
        state.random_step(draw)
    reloaded = GAME.state_from_json(state.to_json())
    draws = random.Random(8).random, random.Random(8).random
    while not state.is_over():
        State.random_step(state, draws[0])
        reloaded.random_step(draws[1])
        assert reloaded.to_json() == state.to_json()


def test_random_step_on_a_finished_game_is_refused():
    state = GAME.new_state({"players": 4}, 1)
    draw = random.Random(1).random
    while not state.is_over():
        state.random_step(draw)
    with pytest.raises(ValueError, match="over"):
        state.random_step(draw)
    with pytest.raises(ValueError, match="over"):
        State.random_step(state, draw)


@pytest.mark.parametrize("options", OPTION_SETS[:6])
def test_lean_random_playout_plays_the_same_games_as_its_definition(options: dict[str, Any]):
    # In stretches of 7 plies (the limit is kept, and the count is the plies played).
    for seed in range(10):
        generic = GAME.new_state(options, seed)
        lean = generic.clone()
        draw_generic = random.Random(seed).random
        draw_lean = random.Random(seed).random
        while not generic.is_over():
            played = State.random_playout(generic, draw_generic, 7)
            assert lean.random_playout(draw_lean, 7) == played
            assert played == 7 or generic.is_over()
            assert snapshot(lean) == snapshot(generic), (options, seed)
        assert lean.random_playout(draw_lean, 7) == 0
