"""What a view costs early and late in a game (``getaway bench``'s ``view_us_*`` figures).

A view late in a game should cost about what it costs early: a state keeps the public parts it
has already derived instead of recomputing the whole history on every call. This measures it:
random seeded games are played to the end, and at ply 10 and at the last decision (the last
position where someone still acts: what a bot or a learning step sees) every seat's view and
the spectator's are built repeatedly. The figures are microseconds per view call, averaged
over those viewers and games.

The games are played as a table plays them: after every ply the acting seat's view is asked
for (untimed), so a state has derived what a real game's state would have. Each timed call is
made on a fresh clone of the position, so it is the first look at that position: whatever the
previous plies added (a few events) is part of its cost, and repeated calls at one position
cannot make it look cheaper. Clones are made outside the timed region.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from getaway.core import SPECTATOR, Game, State

#: Games played for the view timings.
VIEW_GAMES = 20
#: The early position: after this many plies.
EARLY_PLY = 10
#: Timed rounds over each position's viewers.
VIEW_REPEATS = 5


def _positions(
    game: Game, seed: int, options: Mapping[str, Any] | None
) -> tuple[State, State] | None:
    """The position after :data:`EARLY_PLY` plies and the last decision of one random game,
    or ``None`` for a game too short to have both."""
    rnd = random.Random(seed).random
    state = game.new_state(options, seed)
    early: State | None = None
    last = state.clone()
    plies = 0
    previous = ""
    while not state.is_over():
        if plies == EARLY_PLY:
            early = state.clone()
        last = state.clone()
        if previous:
            state.view(previous)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rnd() * len(legal))])
        previous = seat
        plies += 1
    if early is None:
        return None
    return early, last


def _view_us(states: list[State]) -> float:
    """Microseconds per ``view()`` call over every seat and the spectator of ``states``."""
    total = 0.0
    calls = 0
    for state in states:
        viewers = (*state.seats, SPECTATOR)
        for _ in range(VIEW_REPEATS):
            for viewer in viewers:
                fresh = state.clone()
                started = time.perf_counter()
                fresh.view(viewer)
                total += time.perf_counter() - started
                calls += 1
    return total / max(calls, 1) * 1e6


def view_timings(
    game: Game,
    seed: int = 0,
    games: int = VIEW_GAMES,
    options: Mapping[str, Any] | None = None,
) -> dict[str, float]:
    """``view_us_ply10`` and ``view_us_last``: µs per view at ply 10 and at the last
    decision, and ``view_last_ratio``, the second over the first (default options unless
    ``options`` are given)."""
    early: list[State] = []
    late: list[State] = []
    number = 0
    while len(early) < games and number < 10 * games:
        found = _positions(game, seed + number, options)
        number += 1
        if found is not None:
            early.append(found[0])
            late.append(found[1])
    # Alternate the two measures so that a machine busy with something else weighs on both.
    first = second = 0.0
    for _ in range(2):
        first += _view_us(early)
        second += _view_us(late)
    first /= 2
    second /= 2
    return {
        "view_us_ply10": round(first, 2),
        "view_us_last": round(second, 2),
        "view_last_ratio": round(second / max(first, 1e-9), 2),
    }
