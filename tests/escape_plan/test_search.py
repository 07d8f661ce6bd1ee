"""Escape Plan's search policy: each technique does what it says and can be switched off,
the cutoff's clock only moves forward, and the search levels play legal moves."""

from __future__ import annotations

import math

import pytest

from getaway.ai import make_bot
from getaway.core.errors import GetawayError
from getaway.core.rng import Rng
from getaway.games.escape_plan.bots import HeuristicBot
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.search import (
    ARRESTED,
    EPSILON,
    HORIZON,
    EscapePlanSearchPolicy,
    clock,
    estimate,
    leader_rewards,
    rank_rewards,
)
from tests.escape_plan.play import at_actions, new_game, play_until

ALL_ON = frozenset(EscapePlanSearchPolicy.techniques)


def policy_for(
    state: EscapePlanState, off: tuple[str, ...] = ()
) -> tuple[str, EscapePlanSearchPolicy]:
    seat = state.to_act()[0]
    policy = GAME.search_policy(seat, state.view(seat), ALL_ON - frozenset(off))
    assert isinstance(policy, EscapePlanSearchPolicy)
    policy.prepare()
    return seat, policy


def test_the_game_hands_out_its_policy_with_every_technique_switchable() -> None:
    state = play_until(new_game(3, 1), at_actions)
    seat = state.to_act()[0]
    policy = GAME.search_policy(seat, state.view(seat))
    assert isinstance(policy, EscapePlanSearchPolicy)
    assert (
        policy.enabled
        == ALL_ON
        == {
            "heuristic-playouts",
            "cutoff",
            "rank-reward",
            "move-filter",
            "anchor",
        }
    )
    few = GAME.search_policy(seat, state.view(seat), frozenset({"cutoff"}))
    assert few.uses("cutoff") and not few.uses("anchor")


def test_the_clock_of_the_cutoff_never_runs_backwards() -> None:
    state = new_game(2, 4)
    rng = Rng(4)
    last = clock(state.table.day, state.table.phase, state.table.part)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        now = clock(state.table.day, state.table.phase, state.table.part)
        assert now >= last
        last = now
    assert last > clock(1, "INCOME", "MORNING") + HORIZON


def test_cutoff_scores_the_position_only_from_the_horizon_on() -> None:
    state = play_until(new_game(3, 2), at_actions)
    _, policy = policy_for(state)
    assert policy.evaluate(state) is None  # the decision's own part
    later = play_until(
        state.clone(),
        lambda s: (
            s.decision is None
            and clock(s.table.day, s.table.phase, s.table.part) >= (policy.cut or 0)
        ),
    )
    scored = policy.evaluate(later)
    assert scored is not None and set(scored) == set(later.seats)
    assert all(-1.0 <= value <= 1.0 for value in scored.values())
    _, without = policy_for(state, off=("cutoff",))
    assert without.evaluate(later) is None


def test_rank_reward_ranks_every_seat_and_its_absence_rewards_only_the_leader() -> None:
    values = {"p1": 50.0, "p2": 120.0, "p3": 50.0, "p4": 10.0}
    ranked = rank_rewards(values)
    assert ranked["p2"] > ranked["p1"] == ranked["p3"] > ranked["p4"]
    assert ranked["p2"] == pytest.approx(0.8 + 0.2 * math.tanh((120 - 110 / 3) / 40))
    assert ranked["p1"] == pytest.approx(0.2 * math.tanh((50 - 60) / 40))
    assert all(-1.0 <= r <= 1.0 for r in ranked.values())
    assert leader_rewards(values) == {"p2": 1.0, "p1": -1.0, "p3": -1.0, "p4": -1.0}
    solo = rank_rewards({"p1": 300.0})
    assert 0.9 < solo["p1"] <= 1.0
    assert rank_rewards({"p1": 0.0})["p1"] < -0.9
    state = play_until(new_game(4, 3), lambda s: s.table.day == 2 and at_actions(s))
    _, with_ranks = policy_for(state)
    _, plain = policy_for(state, off=("rank-reward",))
    with_ranks.cut = plain.cut = 0  # score this very position
    state.decision = None
    values = {seat: estimate(state.rules, state.table, seat) for seat in state.seats}
    assert with_ranks.evaluate(state) == rank_rewards(values)
    assert plain.evaluate(state) == leader_rewards(values)


def test_estimate_puts_escape_above_the_city_and_arrest_below_everything() -> None:
    state = play_until(new_game(3, 5), at_actions)
    rules, table = state.rules, state.table
    in_city = estimate(rules, table, "p1")
    table.players["p1"].status = "escaped"
    assert estimate(rules, table, "p1") > in_city
    table.players["p1"].status = "arrested"
    assert estimate(rules, table, "p1") == ARRESTED
    table.players["p1"].status = "city"
    table.players["p1"].wounds_red += 1
    assert estimate(rules, table, "p1") < in_city


def test_heuristic_playouts_play_the_heuristic_move_and_uniform_ones_without() -> None:
    state = play_until(
        new_game(3, 6),
        lambda s: (
            at_actions(s)
            and s.table.part == "AFTERNOON"
            and len(s.legal_actions(s.to_act()[0])) > 1
        ),
    )
    seat, policy = policy_for(state)
    legal = list(state.legal_actions(seat))
    assert len(legal) > 1

    class Fixed(Rng):
        """A generator whose uniform draws are all ``value`` (past the epsilon)."""

        def __init__(self, value: float) -> None:
            super().__init__(0)
            self.value = value

        def random(self) -> float:
            return self.value

    greedy = Fixed(EPSILON + 0.01)
    expected = HeuristicBot().choose(GAME, seat, state.view(seat), legal, Fixed(EPSILON + 0.01))
    assert policy.playout_action(state, seat, legal, greedy) == expected
    _, uniform = policy_for(state, off=("heuristic-playouts",))
    for value in (0.0, 0.99):
        picked = uniform.playout_action(state, seat, legal, Fixed(value))
        assert picked == legal[int(value * len(legal))]


def test_move_filter_drops_wasted_steps_and_its_absence_keeps_them() -> None:
    state = play_until(new_game(2, 1), at_actions)
    seat, policy = policy_for(state)
    legal = [*state.legal_actions(seat), "escape"]  # Day 1: an escape cannot happen
    assert "escape" not in policy.candidates(state, seat, legal)
    _, without = policy_for(state, off=("move-filter",))
    assert list(without.candidates(state, seat, legal)) == legal


def test_anchor_defaults_to_the_heuristic_move() -> None:
    state = play_until(new_game(2, 8), at_actions)
    seat, policy = policy_for(state)
    legal = list(state.legal_actions(seat))
    view = state.view(seat)
    assert policy.default_move(legal, Rng(2)) == HeuristicBot().choose(
        GAME, seat, view, legal, Rng(2)
    )
    _, without = policy_for(state, off=("anchor",))
    assert without.default_move(legal, Rng(2)) is None


@pytest.mark.parametrize("players", [1, 3])
def test_the_easy_level_plays_legal_moves_from_the_view(players: int) -> None:
    state = play_until(new_game(players, 9), at_actions)
    bot = make_bot(GAME, "easy")
    rng = Rng(9)
    for _ in range(12):
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        action = bot.choose(GAME, seat, state.view(seat), legal, rng)
        assert action in legal
        state.apply(seat, action)


def test_a_search_spec_switches_techniques_by_name_and_refuses_unknown_ones() -> None:
    state = play_until(new_game(2, 10), at_actions)
    seat = state.to_act()[0]
    legal = list(state.legal_actions(seat))
    bot = make_bot(GAME, "ismcts:iterations=4:off=heuristic-playouts+cutoff+anchor")
    assert bot.choose(GAME, seat, state.view(seat), legal, Rng(1)) in legal
    used = bot.policy(GAME, seat, state.view(seat))  # type: ignore[attr-defined]
    assert used.enabled == ALL_ON - {"heuristic-playouts", "cutoff", "anchor"}
    with pytest.raises(GetawayError, match="opponent-model"):
        make_bot(GAME, "ismcts:iterations=4:off=opponent-model")
