"""Two models of the other side that are not only our heuristic: ``read-style`` (Mr. X weighs
``mixed-model``'s detective styles by how plainly the detectives have closed in this game,
``style_evidence.py``) and ``flee-model`` (the detectives' ``move-model`` also models a Mr. X
who rides where the nearest hunter is farthest, ``belief.py``)."""

from __future__ import annotations

import math
from typing import Any

import pytest

from getaway.ai import make_bot
from getaway.core import Rng, derive_seed
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.belief import move_model_weights
from getaway.games.scotland_yard.determinizer import hidden_record
from getaway.games.scotland_yard.search import (
    FLEE_MODEL,
    MIXED_MODEL,
    MOVE_MODEL,
    READ_STYLE,
    ScotlandYardSearchPolicy,
)
from getaway.games.scotland_yard.style_evidence import closing_counts, style_posterior
from tests.scotland_yard.helpers import distances_from


def mrx_views(detectives: str, seed: int, players: int = 6) -> list[dict[str, Any]]:
    """Mr. X's view at each of his decisions in a game of the heuristic Mr. X against
    ``detectives``."""
    state = GAME.new_state({"players": players}, seed)
    bots = {s: make_bot(GAME, "heuristic" if s == "mrx" else detectives) for s in state.seats}
    rng = Rng(seed)
    views = []
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        if seat == "mrx":
            views.append(view)
        state.apply(seat, bots[seat].choose(GAME, seat, view, state.legal_actions(seat), rng))
    return views


def totals(detectives: str, games: int) -> tuple[int, int]:
    closed = moved = 0
    for g in range(games):
        c, m = closing_counts(mrx_views(detectives, derive_seed(21, g))[-1])
        closed, moved = closed + c, moved + m
    return closed, moved


def test_no_evidence_before_the_detectives_move():
    view = GAME.new_state({"players": 6}, 3).view("mrx")
    assert closing_counts(view) == (0, 0)
    assert style_posterior(view, (0.6, 0.2, 0.2)) == pytest.approx((0.6, 0.2, 0.2))


def test_counts_grow_with_the_game_and_never_exceed_the_pieces_moved():
    views = mrx_views("heuristic", 5)
    counts = [closing_counts(v) for v in views]
    assert all(0 <= c <= m for c, m in counts)
    moved = [m for _, m in counts]
    assert moved == sorted(moved) and moved[-1] >= 5 * 3


def test_chasers_close_in_far_more_often_than_random_detectives():
    chase_closed, chase_moved = totals("distance", 3)
    random_closed, random_moved = totals("random", 3)
    assert chase_closed / chase_moved > 0.35 > 0.2 > random_closed / random_moved


def test_the_posterior_follows_the_evidence_and_keeps_its_floors():
    chasers = mrx_views("distance", derive_seed(21, 0))[-1]
    randoms = mrx_views("random", derive_seed(21, 0))[-1]
    prior = (0.6, 0.2, 0.2)
    against_chasers = style_posterior(chasers, prior)
    against_randoms = style_posterior(randoms, prior)
    for shares in (against_chasers, against_randoms):
        assert math.isclose(sum(shares), 1.0)
        assert min(shares[:2]) >= 0.1 / 1.2 - 1e-9  # the floor, after normalising
    assert against_chasers[2] < 0.01  # random detectives are ruled out
    assert against_randoms[2] > 0.6


def test_read_style_sets_mr_x_s_mix_and_is_off_by_default():
    view = mrx_views("distance", derive_seed(21, 1))[-1]
    default = GAME.search_policy("mrx", view)
    assert isinstance(default, ScotlandYardSearchPolicy)
    assert READ_STYLE not in default.enabled
    assert default._mix == default.detective_model_mix
    reading = GAME.search_policy("mrx", view, default.enabled | {READ_STYLE})
    assert isinstance(reading, ScotlandYardSearchPolicy)
    expected = style_posterior(view, ScotlandYardSearchPolicy.read_style_prior)
    assert reading._mix == pytest.approx(expected)
    # Without mixed-model Mr. X has no detective styles to weigh.
    plain = GAME.search_policy("mrx", view, default.enabled - {MIXED_MODEL} | {READ_STYLE})
    assert isinstance(plain, ScotlandYardSearchPolicy)
    assert not plain._mixed


def detective_view(seed: int = 17) -> dict[str, Any]:
    """A detective's view one single ride after Mr. X surfaced, with several stations left."""
    state = GAME.new_state({"players": 4}, seed)
    bots = {s: make_bot(GAME, "heuristic") for s in state.seats}
    rng = Rng(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        view = state.view(seat)
        log = view["mrx_log"]
        if (
            seat != "mrx"
            and len(view["possible_locations"]) > 2
            and len(log) > 1
            and log[-2]["revealed"]
            and not log[-1]["double"]
        ):
            return view
        state.apply(seat, bots[seat].choose(GAME, seat, view, state.legal_actions(seat), rng))
    raise AssertionError("no such decision")


@pytest.mark.parametrize("seed", [17, 18, 19])
def test_flee_model_puts_mr_x_where_the_nearest_hunter_was_farthest(seed: int) -> None:
    view = detective_view(seed)
    hidden = hidden_record(view)
    assert hidden is not None
    assert move_model_weights(view, *hidden) == move_model_weights(view, *hidden, flee=0.0)
    fleeing = move_model_weights(view, *hidden, noise=0.0, flee=1.0)
    assert math.isclose(sum(fleeing.values()), 1.0)
    # One ride since he surfaced: his chances are a softmax of each station's rides to the
    # nearest hunter where they stood when he rode.
    hunters = view["public_record"]["hunters_at_entry"][-1]

    def gap(station: int) -> int:
        return min(distances_from(h)[station] for h in hunters)

    likeliest = max(fleeing, key=lambda s: fleeing[s])
    assert gap(likeliest) == max(gap(s) for s in fleeing)
    for s in fleeing:
        for t in fleeing:
            if gap(s) == gap(t) + 1:
                assert fleeing[s] / fleeing[t] == pytest.approx(math.exp(2), rel=1e-6)


def test_flee_model_is_off_by_default_and_feeds_the_detectives_samples():
    view = detective_view()
    seat = view["seat"]
    default = GAME.search_policy(seat, view)
    assert isinstance(default, ScotlandYardSearchPolicy)
    assert FLEE_MODEL not in default.enabled and MOVE_MODEL in default.enabled
    on = GAME.search_policy(seat, view, frozenset({MOVE_MODEL, FLEE_MODEL}))
    assert isinstance(on, ScotlandYardSearchPolicy)
    on.prepare()
    hidden = hidden_record(view)
    assert hidden is not None
    expected = move_model_weights(view, *hidden, flee=ScotlandYardSearchPolicy.flee_share)
    for station, p in expected.items():
        assert math.isclose(on.sampler.probability(station), p)
