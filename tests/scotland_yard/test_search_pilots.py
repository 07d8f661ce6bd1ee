"""The search's pilot switches against strangers (off by default, docs/ai.md "Models of
strangers"): ``blind-chase``, ``cover``, ``far-sight`` and ``tight-budget`` for the
detectives' search, ``search-model`` for Mr. X's. Distances and neighbours in the checks
come from the shipped board files (``helpers``), not from the engine's tables."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard import GAME, ScotlandYardState
from getaway.games.scotland_yard.evaluation import mrx_cover_outlook, mrx_outlook
from getaway.games.scotland_yard.search import (
    BLIND_CHASE,
    COVER,
    EVALUATION,
    FAR_SIGHT,
    MODEL_HEURISTIC,
    MODEL_NEAREST,
    MODEL_SEARCH,
    SEARCH_MODEL,
    TIGHT_BUDGET,
    ScotlandYardSearchPolicy,
)
from tests.scotland_yard.helpers import destination, distances_from, nbrs, random_states

HUNTER_LINES = ("taxi", "bus", "underground")


def policy_for(
    state: ScotlandYardState, seat: str, on: frozenset[str], **params: Any
) -> ScotlandYardSearchPolicy:
    """``seat``'s default policy with the techniques ``on`` added and class parameters set."""
    cls: type[ScotlandYardSearchPolicy] = type("Pilot", (ScotlandYardSearchPolicy,), params)
    side = "mrx" if seat == "mrx" else "detectives"
    enabled = frozenset(cls.techniques) - cls.default_off[side] | on
    made = cls(GAME, seat, state.view(seat), enabled)
    assert isinstance(made, ScotlandYardSearchPolicy)
    return made


def detective_turns(seed: int) -> list[ScotlandYardState]:
    """Copies of the states before the detectives' moves of a random 4-player game."""
    return [
        s.clone()
        for s in random_states({"players": 4}, seed)
        if s.to_act() and s.to_act()[0] != "mrx"
    ]


def test_the_pilots_are_off_by_default() -> None:
    state = GAME.new_state({"players": 4}, 1)
    for seat in ("mrx", "d1"):
        enabled = GAME.search_policy(seat, state.view(seat)).enabled
        assert not enabled & {BLIND_CHASE, COVER, FAR_SIGHT, SEARCH_MODEL, TIGHT_BUDGET}


def test_blind_chase_detectives_ride_towards_the_possible_set_not_the_sample() -> None:
    seen_elsewhere = 0
    for state in detective_turns(8)[:12]:
        seat = state.to_act()[0]
        possible = state.view(seat)["possible_locations"]
        if len(possible) < 4:
            continue
        legal = state.legal_actions(seat)
        blind = policy_for(state, seat, frozenset({BLIND_CHASE}), epsilon_detectives=0.0)
        sample = blind.sampler.sample(Rng(1))
        x = sample.pos[0]
        nearest_to_x = min(distances_from(x)[destination(a)] for a in legal)
        for k in range(15):
            a = blind.playout_action(sample, seat, legal, Rng(k))
            v = destination(a)
            # Every ride is the nearest one to some possible station...
            assert any(
                distances_from(t)[v] == min(distances_from(t)[destination(b)] for b in legal)
                for t in possible
            )
            # ... and not always the one nearest to where the sample put him.
            seen_elsewhere += distances_from(x)[v] > nearest_to_x
    assert seen_elsewhere > 5


def test_cover_outlook_is_the_share_of_the_possible_set_no_hunter_rides_to() -> None:
    checked = 0
    for state in detective_turns(5)[::4]:
        possible = state.view("d1")["possible_locations"]
        hunters = state.pos[1:]
        covered = set(hunters)
        for h in hunters:
            for line in HUNTER_LINES:
                covered |= nbrs(h, line)
        open_share = sum(1 for p in possible if p not in covered) / len(possible)
        assert mrx_cover_outlook(state) == pytest.approx(open_share)
        checked += 0 < open_share < 1
    assert checked >= 1


def _mrx_turn_after(state: ScotlandYardState, rounds: int) -> ScotlandYardState:
    """The start of Mr. X's turn ``rounds`` rounds after ``state``'s (first legal moves)."""
    later = state.clone()
    target = state.round + rounds
    while not (later.phase == 0 and later.round == target):
        seat = later.to_act()[0]
        later.apply(seat, later.legal_actions(seat)[0])
        assert not later.is_over()
    return later


def test_far_sight_and_cover_change_where_and_how_playouts_are_scored() -> None:
    state = GAME.new_state({"players": 4}, 3)
    d1 = state.clone()
    while d1.to_act()[0] != "d1":
        d1.apply(d1.to_act()[0], d1.legal_actions(d1.to_act()[0])[0])
    plain = policy_for(d1, "d1", frozenset())
    far = policy_for(d1, "d1", frozenset({FAR_SIGHT}), far_horizon_rounds=5)
    covering = policy_for(d1, "d1", frozenset({COVER}), cover_weight=0.25)
    three = _mrx_turn_after(d1, 3)
    five = _mrx_turn_after(d1, 5)
    assert plain.evaluate(three) is not None
    assert far.evaluate(three) is None
    values = far.evaluate(five)
    assert values is not None
    assert values["mrx"] == pytest.approx(mrx_outlook(five))
    mixed = covering.evaluate(three)
    assert mixed is not None
    expected = 0.75 * mrx_outlook(three) + 0.25 * mrx_cover_outlook(three)
    assert mixed["mrx"] == pytest.approx(expected)
    assert mixed["d1"] == pytest.approx(-expected)
    assert EVALUATION in far.enabled


def test_search_model_adds_a_searching_chase_to_mr_x_s_styles() -> None:
    state = GAME.new_state({"players": 4}, 1)
    p = policy_for(
        state,
        "mrx",
        frozenset({SEARCH_MODEL}),
        detective_model_mix=(0.75, 0.25, 0.0),
        search_model_share=0.4,
    )
    assert p._mix == pytest.approx((0.45, 0.15, 0.0, 0.4))
    rng = Rng(2)
    counts: Counter[int] = Counter(p._detective_style(state.clone(), rng) for _ in range(3000))
    assert counts[MODEL_SEARCH] / 3000 == pytest.approx(0.4, abs=0.03)
    assert counts[MODEL_HEURISTIC] > counts[MODEL_NEAREST] > 0


def test_search_model_detectives_ride_nearest_to_a_drawn_possible_station() -> None:
    checked = 0
    for state in detective_turns(3)[:12]:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        possible = state.view(seat)["possible_locations"]
        p = policy_for(
            state,
            "mrx",
            frozenset({SEARCH_MODEL}),
            search_model_share=1.0,
            epsilon_detectives=0.0,
        )
        for k in range(4):
            v = destination(p.playout_action(state.clone(), seat, legal, Rng(k)))
            assert any(
                distances_from(t)[v] == min(distances_from(t)[destination(b)] for b in legal)
                for t in possible
            )
            checked += 1
    assert checked >= 12


def test_tight_budget_multiplies_a_detective_s_iterations_only_when_the_set_is_small() -> None:
    seen = {True: 0, False: 0}
    for state in detective_turns(4):
        seat = state.to_act()[0]
        size = len(state.view(seat)["possible_locations"])
        plain = policy_for(state, seat, frozenset())
        tight = policy_for(
            state, seat, frozenset({TIGHT_BUDGET}), tight_budget_factor=4.0, tight_budget_stations=3
        )
        small = size <= 3
        expected = plain.iteration_cost / 4.0 if small else plain.iteration_cost
        assert tight.iteration_cost == pytest.approx(expected)
        seen[small] += 1
    assert seen[True] and seen[False]
    # Mr. X's budget is his own (``guided``'s cost), whatever the set.
    state = GAME.new_state({"players": 4}, 1)
    mrx = policy_for(state, "mrx", frozenset({TIGHT_BUDGET}), tight_budget_stations=1000)
    assert mrx.iteration_cost == policy_for(state, "mrx", frozenset()).iteration_cost
