"""``mixed-model``: in Mr. X's search the detectives of each playout play one style drawn for
that playout (the heuristic, a plain chase of the nearest possible station, random moves),
so that his search is not tuned to one opponent; ``keep-away``: his root drops rides that end
next to a hunter while another ride does not. Distances in the checks are computed here
from the shipped board files."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core import Rng, derive_seed
from getaway.games.scotland_yard import GAME, ScotlandYardState
from getaway.games.scotland_yard.search import (
    GUIDED,
    MIXED_MODEL,
    MODEL_HEURISTIC,
    MODEL_NEAREST,
    MODEL_RANDOM,
    ScotlandYardSearchPolicy,
    keep_away,
)
from tests.scotland_yard.helpers import destination, distances_from, nbrs, random_states

# Rides a hunter needs from a station to every station (BFS over the CSV lines).
rides_from = distances_from


def mixed_policy(
    state: ScotlandYardState, mix: tuple[float, float, float]
) -> ScotlandYardSearchPolicy:
    cls = type("Mixed", (ScotlandYardSearchPolicy,), {"detective_model_mix": mix})
    policy = cls(GAME, "mrx", state.view("mrx"))
    assert isinstance(policy, ScotlandYardSearchPolicy)
    return policy


def detective_turns(seed: int) -> list[ScotlandYardState]:
    """Copies of the states before the detectives' moves of a random 4-player game."""
    return [s.clone() for s in random_states({"players": 4}, seed) if s.to_act()[0] != "mrx"]


def test_mr_x_uses_it_by_default_and_the_detectives_do_not() -> None:
    state = GAME.new_state({"players": 4}, 1)
    assert MIXED_MODEL in GAME.search_policy("mrx", state.view("mrx")).enabled
    assert MIXED_MODEL not in GAME.search_policy("d1", state.view("d1")).enabled


def test_styles_are_drawn_per_playout_in_the_chosen_shares() -> None:
    state = GAME.new_state({"players": 4}, 1)
    policy = mixed_policy(state, (0.5, 0.3, 0.2))
    rng = Rng(4)
    counts: Counter[int] = Counter()
    for _ in range(4000):
        sample = state.clone()  # every iteration plays on a fresh sample
        style = policy._detective_style(sample, rng)
        # The style holds for the whole playout.
        assert all(policy._detective_style(sample, rng) == style for _ in range(3))
        counts[style] += 1
    shares = [counts[s] / 4000 for s in (MODEL_HEURISTIC, MODEL_NEAREST, MODEL_RANDOM)]
    assert shares == pytest.approx([0.5, 0.3, 0.2], abs=0.03)


def test_the_chase_style_rides_nearest_to_the_possible_set() -> None:
    checked = 0
    for state in detective_turns(3)[:12]:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        possible = state.view(seat)["possible_locations"]
        gap = {a: min(rides_from(destination(a)).get(p, 99) for p in possible) for a in legal}
        policy = mixed_policy(state, (0.0, 1.0, 0.0))
        for k in range(3):
            sample = state.clone()
            action = policy.playout_action(sample, seat, legal, Rng(k))
            assert gap[action] == min(gap.values())
            checked += 1
    assert checked >= 12


def test_the_random_style_plays_every_kind_of_move() -> None:
    state = next(s for s in detective_turns(5) if len(s.legal_actions(s.to_act()[0])) >= 4)
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    policy = mixed_policy(state, (0.0, 0.0, 1.0))
    played = {policy.playout_action(state.clone(), seat, legal, Rng(k)) for k in range(200)}
    assert played == set(legal)


def test_without_guided_playouts_it_changes_nothing() -> None:
    state = detective_turns(3)[0]
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    cls = type("Mixed", (ScotlandYardSearchPolicy,), {"detective_model_mix": (0.0, 0.0, 1.0)})
    enabled = frozenset(ScotlandYardSearchPolicy.techniques) - {GUIDED}
    off = cls(GAME, "mrx", state.view("mrx"), enabled - {MIXED_MODEL})
    on = cls(GAME, "mrx", state.view("mrx"), enabled)
    for k in range(20):
        assert on.playout_action(state.clone(), seat, legal, Rng(k)) == off.playout_action(
            state.clone(), seat, legal, Rng(k)
        )


# keep-away ---------------------------------------------------------------------------------


def hunter_reach(state: ScotlandYardState) -> set[int]:
    return {v for h in state.pos[1:] for v in nbrs(h, "hunter")}


def test_keep_away_drops_rides_next_to_a_hunter_when_another_ride_is_clear() -> None:
    checked = 0
    for seed in range(6):
        for state in random_states({"players": 4}, seed):
            if state.to_act() != ("mrx",) or state.decision is not None:
                continue
            legal = state.legal_actions("mrx")
            reach = hunter_reach(state)
            clear = [a for a in legal if a != "double" and destination(a) not in reach]
            kept = keep_away(state, legal, legal)
            if clear:
                assert [a for a in kept if a != "double"] == clear
                checked += 1
            elif "double" not in legal:
                assert list(kept) == list(legal)
    assert checked >= 10


def test_keep_away_plays_the_double_move_when_every_single_ride_is_next_to_a_hunter() -> None:
    # Deal 18 of the strength runs: from 106 every ride ends one ride from a hunter.
    state = GAME.new_state({"players": 4}, derive_seed(1, 18))
    legal = state.legal_actions("mrx")
    reach = hunter_reach(state)
    assert all(destination(a) in reach for a in legal if a != "double")
    assert keep_away(state, legal, legal) == ["double"]
