"""The lean reference (``benchmarks/scotland_yard_reference.py``) plays Scotland Yard's rules: its
legal move sets equal the real rules' at every ply of seeded games, and its own random games
look like the protocol's. Correctness only; the speed comparison is ``getaway bench``."""

from __future__ import annotations

import random

import pytest

from getaway.bench import random_game
from getaway.bench_reference import load_reference, reference_fields
from getaway.core import get_game
from getaway.games.scotland_yard.board import TICKETS
from getaway.games.scotland_yard.state import (
    END_CAPTURE,
    END_IMMOBILE,
    END_TIME,
    END_TRAPPED,
    PHASE_MRX,
    ScotlandYardState,
)

GAME = get_game("scotland-yard")
REF = load_reference(GAME)
pytestmark = pytest.mark.skipif(REF is None, reason="benchmarks/ is not in this tree")


@pytest.fixture(scope="module")
def tables():
    assert REF is not None
    return REF.Tables()


def leg_ids(legs) -> set[str]:
    return {f"{TICKETS[t]}:{v}" for t, v in legs}


def reference_legal(tb, state: ScotlandYardState, seat: str) -> tuple[set[str], str]:
    """The reference's legal actions for ``seat`` in ``state`` and the seat it would name
    first, from the state's plain values."""
    assert REF is not None
    occ, supply, black = state.occ, list(state.supply), state.black
    if state.phase == PHASE_MRX:
        x = state.pos[0]
        steps = state.decision.steps if state.decision is not None else ()
        if not steps:
            rides = REF.mrx_rides(tb, x, occ, supply, black)
            ids = leg_ids(rides)
            may_double = state.doubles > 0 and len(state.log_ticket) + 2 <= REF.LOG_FIELDS
            if may_double and REF.first_legs(tb, rides, occ, supply, black):
                ids.add("double")
            return ids, "mrx"
        rides = REF.mrx_rides(tb, x, occ, supply, black)
        if len(steps) == 1:
            return leg_ids(REF.first_legs(tb, rides, occ, supply, black)), "mrx"
        t, _, v = steps[1].partition(":")
        code, v1 = TICKETS.index(t), int(v)
        if code == REF.BLACK:
            black -= 1
        else:
            supply[code] -= 1
        return leg_ids(REF.mrx_rides(tb, v1, occ, supply, black)), "mrx"
    rules = state.rules
    movable = set()
    for h in (1, 2, 3, 4):
        w = rules.wallet_of[h]
        wallet = list(state.wallets[w]) if w >= 0 else None
        if not state.moved >> h & 1 and REF.hunter_can_move(tb, state.pos[h], occ, wallet):
            movable.add(h)
    first = "d1" if REF.POLICE in movable else f"d{min(movable)}"
    moves: set[str] = set()
    for h in rules.seat_pieces[seat]:
        if h in movable:
            w = rules.wallet_of[h]
            wallet = list(state.wallets[w]) if w >= 0 else None
            piece = rules.pieces[h - 1]
            for t, v in REF.hunter_moves(tb, state.pos[h], occ, wallet):
                moves.add(f"{piece}:{v}" if t < 0 else f"{piece}:{TICKETS[t]}:{v}")
    return moves, first


def check_end(tb, state: ScotlandYardState) -> None:
    """The reason the real game ended holds for the reference too."""
    assert REF is not None
    reason = state.end_reason
    if reason == END_TRAPPED:
        assert not REF.can_ride(tb, state.pos[0], state.occ, list(state.supply), state.black)
    elif reason == END_IMMOBILE:
        for h in (1, 2, 3):
            wallet = list(state.wallets[state.rules.wallet_of[h]])
            assert not REF.hunter_can_move(tb, state.pos[h], state.occ, wallet)
    elif reason == END_TIME:
        assert state.round >= REF.MAX_ROUNDS or len(state.log_ticket) >= REF.LOG_FIELDS
    else:
        assert reason == END_CAPTURE
        assert state.pos[0] in state.pos[1:]


@pytest.mark.parametrize("seed", range(40))
def test_reference_legal_sets_equal_the_rules_along_seeded_games(tables, seed):
    state = GAME.new_state(None, seed)
    assert isinstance(state, ScotlandYardState)
    rnd = random.Random(seed).random
    while not state.is_over():
        acting = state.to_act()
        seat = acting[0]
        legal = state.legal_actions(seat)
        expected, first = reference_legal(tables, state, seat)
        assert set(legal) == expected, (seed, state.round, seat)
        assert first == seat
        state.apply(seat, legal[int(rnd() * len(legal))])
    check_end(tables, state)


def test_reference_games_look_like_the_protocols(tables):
    assert REF is not None
    rnd = random.Random(7).random
    results = [REF.play(tables, rnd) for _ in range(600)]
    reasons = {reason for _, reason in results}
    assert reasons <= {END_CAPTURE, END_TRAPPED, END_TIME, END_IMMOBILE}
    assert {END_CAPTURE, END_TIME} <= reasons
    ref_mean = sum(plies for plies, _ in results) / len(results)
    proto_rnd = random.Random(7).random
    proto_mean = sum(random_game(GAME, seed, proto_rnd) for seed in range(600)) / 600
    # Same rules, same uniform choices: the same length of game up to sampling noise.
    assert abs(ref_mean - proto_mean) < 3.0, (ref_mean, proto_mean)


def test_reference_fields_only_for_scotland_yard():
    fields = reference_fields(GAME, 0.15, seed=1)
    assert fields["reference"] == "benchmarks/scotland_yard_reference.py"
    for key in (
        "reference_plies_per_second",
        "paired_plies_per_second",
        "internal_plies_per_second",
    ):
        assert fields[key] > 0
    assert fields["reference_ratio"] > 0 and fields["internal_ratio"] > 0
    assert reference_fields(get_game("cash-n-guns"), 0.15, seed=1) == {}
