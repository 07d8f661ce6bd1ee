"""The search levels' policy (``search.py``): the budget spent where a turn is shaped, the
heuristic's move elsewhere, shared samples, guided playouts cut at the turn's end."""

from __future__ import annotations

import pytest

from getaway.ai import make_bot
from getaway.ai.ismcts import ISMCTSBot
from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.bots import HeuristicBot
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.games.escape_from_new_york.search import (
    FOCUS,
    SAMPLES,
    EscapeFromNewYorkSearchPolicy,
)
from getaway.games.escape_from_new_york.state import CarFigure


def new(seed: int = 2) -> EscapeFromNewYorkState:
    return EscapeFromNewYorkState.new({"players": 2, "first_player": "p1"}, seed)


def at_stage(state: EscapeFromNewYorkState, stages: set[str]) -> EscapeFromNewYorkState:
    """Play the heuristic on until the current player is asked at one of ``stages``."""
    bot, rng = HeuristicBot(), Rng(3)
    while state.turn.stage not in stages or len(state.legal_actions(state.to_act()[0])) < 2:
        seat = state.to_act()[0]
        state.apply(seat, bot.choose(GAME, seat, state.view(seat), state.legal_actions(seat), rng))
    return state


def test_a_turn_shaping_choice_gets_the_budget_with_shared_samples() -> None:
    state = at_stage(new(), {"choose"})
    seat = state.to_act()[0]
    bot = make_bot(GAME, "hard:seconds=none")
    assert isinstance(bot, ISMCTSBot)
    action = bot.choose(GAME, seat, state.view(seat), state.legal_actions(seat), Rng(5))
    assert action in state.legal_actions(seat)
    assert bot.last is not None and bot.last.iterations == GAME.search_budgets()["hard"]
    assert bot.search is not None
    policy = bot.search.policy
    assert isinstance(policy, EscapeFromNewYorkSearchPolicy) and policy.focused
    assert len(policy._samples) == SAMPLES  # every iteration drew from these four


def test_other_choices_are_the_heuristics_checked_by_one_iteration() -> None:
    state = at_stage(new(), {"move", "attack", "explore"})
    assert state.turn.stage not in FOCUS
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    bot = make_bot(GAME, "hard:seconds=none")
    assert isinstance(bot, ISMCTSBot)
    action = bot.choose(GAME, seat, view, legal, Rng(5))
    assert bot.last is not None and bot.last.iterations == 1
    assert bot.search is not None and action == bot.search.default


@pytest.mark.parametrize("players", [1, 2])
def test_guided_playouts_stop_at_the_end_of_the_turn(players: int) -> None:
    """With one hero the seat to play never changes: the turn's end is seen all the same."""
    state = EscapeFromNewYorkState.new({"players": players, "first_player": "p1"}, 2)
    state = at_stage(state, {"choose"})
    seat = state.to_act()[0]
    policy = EscapeFromNewYorkSearchPolicy(GAME, seat, state.view(seat))
    policy.prepare()
    sample = policy.determinize(Rng(1))
    assert isinstance(sample, EscapeFromNewYorkState)
    turn = sample.turn
    plies = 0
    while policy.evaluate(sample) is None:
        acting = sample.to_act()[0]
        sample.apply(
            acting, policy.playout_action(sample, acting, sample.legal_actions(acting), Rng(2))
        )
        plies += 1
        assert plies < 100
    assert plies > 0 and sample.turn is not turn
    assert sample.turn.stage == "recover" or sample.is_over()
    value = policy.evaluate(sample)
    assert value is not None and all(-1.0 <= v <= 1.0 for v in value.values())


def test_what_the_heuristic_rules_out_is_not_searched() -> None:
    """Abandoning a car and taking it back are free and undo each other: a tree that may
    abandon can put a forced recovery off for ever (each playout cut before its timer
    card). The candidates leave out what the heuristic never plays, unless nothing else
    is legal."""
    state = new()
    seat = state.to_act()[0]
    table = state.table
    hero = table.heroes[seat]
    car = table.car_cards.pop()
    hero.car = car
    table.car_figures -= 1
    table.spaces[hero.cell].cars.append(CarFigure(seat))
    hero.discard += hero.hand[1:]
    del hero.hand[1:]
    legal = state.legal_actions(seat)
    assert "abandon-car" in legal and "recover" in legal
    policy = EscapeFromNewYorkSearchPolicy(GAME, seat, state.view(seat))
    assert policy.focused
    kept = policy.candidates(state, seat, legal)
    assert "abandon-car" not in kept and "recover" in kept
    assert policy.candidates(state, seat, ["abandon-car"]) == ["abandon-car"]
