"""What the state memoises for speed equals what it would compute afresh, wherever the game
goes: Mr. X's action lists (shared tuples where nothing blocks him), and the
possible-location sets kept up to date move by move (and shared with clones)."""

from __future__ import annotations

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard.knowledge import can_move_from, possible_sets
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import ORDINARY, nbrs, new


def fresh_mrx_actions(state: ScotlandYardState) -> set[str]:
    """Mr. X's actions computed from the board data alone: rides he can pay for onto free
    stations, and ``double`` if a ticket, two log fields and a ride with a second exist; at
    the steps of a double move, the first legs that have a second, then the second legs."""
    view = state.view("all")
    hunters = {h["station"] for h in view["hunters"]}
    supply = dict(view["supply"])
    unlimited = view["supply_unlimited"]

    def rides(here: int, supply: dict[str, int], black: int) -> set[tuple[str, int]]:
        out = {
            (t, v)
            for t in ORDINARY
            if unlimited or supply[t] > 0
            for v in nbrs(here, t, view["options"]["board"]) - hunters
        }
        if black > 0:
            out |= {("black", v) for v in nbrs(here, "black", view["options"]["board"]) - hunters}
        return out

    def after(t: str, v: int) -> set[tuple[str, int]]:
        paid = {**supply, t: supply[t] - 1} if t in supply else supply
        return rides(v, paid, black - (t == "black"))

    black = view["mrx_tickets"]["black"]
    singles = rides(view["mrx_location"], supply, black)
    steps = view["open_steps"]
    if steps == ["double"]:  # first legs: those with a second
        return {f"{t}:{v}" for t, v in singles if after(t, v)}
    if len(steps) == 2:  # second legs, paid for after the first
        t, _, v = steps[1].partition(":")
        return {f"{t2}:{v2}" for t2, v2 in after(t, int(v))}
    actions = {f"{t}:{v}" for t, v in singles}
    room = view["options"]["log_fields"] - len(view["mrx_log"])
    if view["mrx_tickets"]["double"] and room >= 2 and any(after(t, v) for t, v in singles):
        actions.add("double")
    return actions


@pytest.mark.parametrize(
    "options",
    [
        {"players": 4},
        {"players": 6, "edition": "classic"},
        {"players": 3, "mrx_tickets": "unlimited"},
    ],
)
def test_mrx_actions_equal_a_fresh_computation(options):
    """The shared tuples played when nothing blocks him, and the lists built otherwise, are
    exactly his legal rides and ``double`` (spec 8), and then the legs of his double move
    (spec 8.4)."""
    checked = 0
    for seed in range(12):
        state: ScotlandYardState = new(options, seed)
        rng = Rng(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if seat == "mrx":
                assert len(set(legal)) == len(legal)
                assert set(legal) == fresh_mrx_actions(state)
                checked += 1
            # Mostly single moves, so the game runs long and the supply runs down.
            singles = [a for a in legal if a != "double"] or list(legal)
            state.apply(seat, rng.choice(singles if rng.random() < 0.9 else list(legal)))
    assert checked > 100


def fresh_possible_sets(state: ScotlandYardState) -> list[int]:
    sets = possible_sets(
        state.rules.board,
        state.start_candidates,
        state.log_ticket,
        [s if r else 0 for s, r in zip(state.log_station, state.log_revealed, strict=True)],
        state.occupied_at,
        state.searched,
    )
    if state.phase == 0:
        sets[-1] = can_move_from(
            state.rules.board,
            sets[-1],
            state.occ,
            state.black,
            state.supply,
            state.rules.unlimited_supply,
        )
    return sets


@pytest.mark.parametrize(
    "options",
    [{"players": 4}, {"players": 2}, {"players": 5, "reveal_rule": "rounds", "edition": "classic"}],
)
def test_possible_sets_kept_move_by_move_equal_fresh_ones(options):
    checked = 0
    for seed in range(10):
        state: ScotlandYardState = new(options, seed)
        rng = Rng(seed)
        clones = []
        while not state.is_over():
            # Ask for the last set alone on some plies, for all sets on others, for neither on
            # the rest, so that the memo is extended after one move or after several.
            if rng.random() < 0.5:
                assert state.possible_mask() == fresh_possible_sets(state)[-1]
            if rng.random() < 0.3:
                assert state.possible_masks() == fresh_possible_sets(state)
                checked += 1
            if rng.random() < 0.1:
                clones.append(state.clone())
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            singles = [a for a in legal if a != "double"] or list(legal)
            state.apply(seat, rng.choice(singles if rng.random() < 0.9 else list(legal)))
        for clone in clones:
            # A clone taken earlier and played on differently keeps its own, right, sets.
            while not clone.is_over():
                seat = clone.to_act()[0]
                clone.apply(seat, rng.choice(clone.legal_actions(seat)))
                assert clone.possible_masks() == fresh_possible_sets(clone)
    assert checked > 100
