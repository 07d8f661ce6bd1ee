"""The detectives' model of Mr. X's rides (``belief.py``): a probability over the possible
set, built from the public record only, that follows a Mr. X who flees as the heuristic does
and never rules out one who does not."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from getaway.ai import make_bot
from getaway.core import Rng, derive_seed
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.belief import (
    MOVER_MODELS,
    MOVER_PRIOR,
    NOISE,
    TEMPERATURE,
    move_model_weights,
    mover_mixture_weights,
)
from getaway.games.scotland_yard.determinizer import hidden_record
from getaway.games.scotland_yard.search import (
    CATEGORIZATION,
    MOVE_MODEL,
    PreparedSampler,
    ScotlandYardSearchPolicy,
)
from getaway.games.scotland_yard.state import ScotlandYardState


def detective_decisions(
    mrx: str, games: int, seed: int
) -> Iterator[tuple[ScotlandYardState, dict[str, Any]]]:
    """(true state, detective's view) at every detective decision where Mr. X is hidden
    among several stations, in seeded games of ``mrx`` against heuristic detectives."""
    for g in range(games):
        game_seed = derive_seed(seed, g)
        state = GAME.new_state({"players": 4}, game_seed)
        bots = {s: make_bot(GAME, mrx if s == "mrx" else "heuristic") for s in state.seats}
        rng = Rng(game_seed)
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            if seat != "mrx" and len(view["possible_locations"]) > 1:
                yield state, view
            state.apply(seat, bots[seat].choose(GAME, seat, view, state.legal_actions(seat), rng))


def weights(
    view: dict[str, Any], temperature: float = TEMPERATURE, noise: float = NOISE
) -> dict[int, float]:
    hidden = hidden_record(view)
    assert hidden is not None
    return move_model_weights(view, *hidden, temperature, noise)


def test_the_belief_is_a_distribution_over_the_whole_possible_set():
    for _, view in detective_decisions("heuristic", 2, 3):
        w = weights(view)
        assert set(w) == set(view["possible_locations"])  # noise rules no station out
        assert all(p > 0 for p in w.values())
        assert math.isclose(sum(w.values()), 1.0)


def test_without_noise_a_sharp_model_replays_the_heuristic_mr_x():
    # At a near-zero temperature the model is the heuristic's choice: after one ride since
    # a surfacing, the station he really rode to is (one of) the likeliest.
    checked = 0
    for state, view in detective_decisions("heuristic", 4, 5):
        log = view["mrx_log"]
        if len(log) < 2 or not log[-2]["revealed"] or log[-1]["double"]:
            continue
        w = weights(view, temperature=1e-3, noise=0.0)
        assert w.get(state.pos[0], 0.0) >= max(w.values()) - 1e-9
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize(("mrx", "games", "gain"), [("heuristic", 3, 0.8), ("random", 16, -0.35)])
def test_the_model_knows_the_heuristic_mr_x_and_does_not_lose_others(mrx, games, gain):
    # Mean log-probability of his true station: against the heuristic Mr. X far above the
    # uniform belief over the possible set (1.07 nats here); against a random one (-0.21
    # over 175 decisions), whose rides the model does not explain, not far below it (the
    # noise keeps him).
    model = uniform = 0.0
    n = 0
    # A random Mr. X is caught early, so more games.
    for state, view in detective_decisions(mrx, games, 7):
        model += math.log(weights(view)[state.pos[0]])
        uniform -= math.log(len(view["possible_locations"]))
        n += 1
    assert n >= 30
    assert (model - uniform) / n > gain


def test_a_detective_s_samples_follow_the_model_and_mr_x_s_do_not_use_it():
    state, view = next(
        (s, v) for s, v in detective_decisions("heuristic", 1, 11) if len(v["mrx_log"]) > 4
    )
    seat = view["seat"]
    on = GAME.search_policy(seat, view, frozenset({MOVE_MODEL}))
    assert isinstance(on, ScotlandYardSearchPolicy)
    on.prepare()
    expected = weights(view)
    for station, p in expected.items():
        assert math.isclose(on.sampler.probability(station), p)
    both = GAME.search_policy(seat, view, frozenset({MOVE_MODEL, CATEGORIZATION}))
    assert isinstance(both, ScotlandYardSearchPolicy)
    both.prepare()
    categorized = PreparedSampler(view, ScotlandYardSearchPolicy.weights)
    product = {s: p * categorized.probability(s) for s, p in expected.items()}
    total = sum(product.values())
    for station, p in product.items():
        assert math.isclose(both.sampler.probability(station), p / total)
    mrx = GAME.search_policy("mrx", state.view("mrx"), frozenset({MOVE_MODEL}))
    assert isinstance(mrx, ScotlandYardSearchPolicy)
    mrx.prepare()
    assert not mrx.sampler.hidden


def test_the_detectives_shortlist_closes_in_on_the_likely_part_of_the_set():
    view = next(
        v for _, v in detective_decisions("heuristic", 2, 13) if len(v["possible_locations"]) > 6
    )
    seat = view["seat"]
    policy = GAME.search_policy(seat, view, frozenset({MOVE_MODEL}))
    assert isinstance(policy, ScotlandYardSearchPolicy)
    focused = policy._focused_view()["possible_locations"]
    belief = weights(view)
    mass = sum(belief[s] for s in focused)
    assert set(focused) < set(view["possible_locations"])
    assert mass >= policy.focus_mass
    # The likeliest stations only: without its least likely one the set holds too little.
    assert mass - min(belief[s] for s in focused) < policy.focus_mass
    assert min(belief[s] for s in focused) >= max(p for s, p in belief.items() if s not in focused)
    # Everything else in the view is the view's own.
    assert {k: v for k, v in policy._focused_view().items() if k != "possible_locations"} == {
        k: v for k, v in view.items() if k != "possible_locations"
    }
    # Without the model the heuristic reads the whole set.
    plain = GAME.search_policy(seat, view, frozenset())
    assert isinstance(plain, ScotlandYardSearchPolicy)
    assert plain._focused_view() is view


def mixture(view: dict[str, Any]) -> tuple[dict[int, float], list[float]]:
    hidden = hidden_record(view)
    assert hidden is not None
    return mover_mixture_weights(view, *hidden)


def test_the_mixture_is_a_distribution_over_the_whole_possible_set():
    for _, view in detective_decisions("heuristic", 2, 3):
        w, posterior = mixture(view)
        assert set(w) == set(view["possible_locations"])
        assert all(p > 0 for p in w.values())
        assert math.isclose(sum(w.values()), 1.0)
        assert math.isclose(sum(posterior), 1.0)
        assert len(posterior) == len(MOVER_MODELS)


def test_the_mixture_learns_the_heuristic_mr_x():
    # Late in a game the evidence of his rides and surfacings has moved the posterior from
    # the prior (0.4) to the model that plays as he does (0.83-1.0 after eight entries in
    # these games).
    late = []
    for _, view in detective_decisions("heuristic", 3, 11):
        if len(view["mrx_log"]) >= 8:
            late.append(mixture(view)[1][0])
    assert len(late) >= 20
    assert min(late) > 0.8 > MOVER_PRIOR[0]
    assert sum(late) / len(late) > 0.9


@pytest.mark.long
def test_the_mixture_foretells_strangers_better_than_the_heuristic_model():
    # The heuristic model alone is sure of the wrong stations against a Mr. X who flees by
    # distance; the mixture, having read him, gives his true station more probability
    # (0.088 nats per decision over these 294 decisions; 0.4 nats over 1,361 decisions of
    # 30 games in ``scripts/sy_belief_quality.py``).
    single = mixed = 0.0
    n = 0
    for state, view in detective_decisions("distance", 6, 13):
        single += math.log(weights(view)[state.pos[0]])
        mixed += math.log(mixture(view)[0][state.pos[0]])
        n += 1
    assert n >= 30
    assert (mixed - single) / n > 0.05
