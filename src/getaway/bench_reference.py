"""A game's protocol against its lean reference, side by side in one run.

A lean reference is a stand-alone program in ``benchmarks/`` that plays a game's rules (its
default options) with no protocol at all: plain tables, ints and lists, one function per
game, never importing getaway. ``benchmarks/<package>_reference.py`` (the game's registry
name with ``_`` for ``-``) is found by that name; it provides ``Tables()`` (built once) and
``play(tables, rnd) -> (plies, end reason)``, one random game with every choice uniform over
the legal actions, plies counted as the protocol counts them.

How close the public protocol comes to it is the number that says what the protocol costs
(``reference_ratio``: protocol plies per second divided by the reference's). The search's own
path is measured too (``internal_ratio``): it clones a position and plays it out with
``State.random_playout`` fed ``PlayoutRng`` draws, as ``ISMCTS``'s fast playout does (the
same plies as ``to_act``, ``legal_actions`` and ``apply`` with a uniform pick; a game may
play them without action ids).

The three loops take turns in short rounds and are timed in this process's processor time
(``time.process_time``), so that other processes sharing the cores slow none of them more
than the others: only figures from one run are compared, and they are per processor-second.
The references are files of the source tree, not of the package; an installed copy without
them reports nothing.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from getaway.ai.fast_rng import PlayoutRng
from getaway.ai.ismcts import MAX_PLAYOUT_PLIES
from getaway.core import Game, JSONDict, State

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
#: Rounds per loop; each round gives every loop the same slice of the budget.
ROUNDS = 20
#: Positions the internal path starts its playouts from (spread along random games).
PLAYOUT_STARTS = 100


def reference_file(game: Game) -> Path:
    """Where ``game``'s lean reference lives (it may not exist)."""
    return BENCHMARKS / f"{game.name.replace('-', '_')}_reference.py"


def load_reference(game: Game) -> ModuleType | None:
    """``game``'s lean reference, loaded from its file (``None`` when there is none)."""
    path = reference_file(game)
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def playout_plies(starts: list[State], rng: PlayoutRng) -> int:
    """Clone each start and play it out at random, as the search's fast playout does
    (``random_playout`` fed ``PlayoutRng.uniform``); the number of plies played."""
    plies = 0
    uniform = rng.uniform
    for start in starts:
        plies += start.clone().random_playout(uniform, MAX_PLAYOUT_PLIES)
    return plies


def reference_fields(game: Game, seconds: float, seed: int) -> JSONDict:
    """The reference's figures and both ratios, in about ``seconds`` (empty for a game
    without a reference). The game's default options: the only ones a reference plays."""
    ref = load_reference(game)
    if ref is None:
        return {}
    from getaway.bench import random_game, sample_states

    tables = ref.Tables()
    starts = sample_states(game, seed + 3, PLAYOUT_STARTS)
    slice_ = seconds / (3 * ROUNDS)
    ref_rnd = random.Random(seed).random
    proto_rnd = random.Random(seed).random
    rng = PlayoutRng(seed)
    # Per loop: units run, plies, seconds.
    totals: dict[str, list[float]] = {k: [0, 0, 0.0] for k in ("ref", "proto", "internal")}

    def timed(kind: str, one: Callable[[], int]) -> None:
        # Whole units (a game, or a pass over the starts) until the slice is used up.
        total = totals[kind]
        started = time.process_time()
        while True:
            plies = one()
            total[0] += 1
            total[1] += plies
            elapsed = time.process_time() - started
            if elapsed >= slice_:
                total[2] += elapsed
                return

    played = 0

    def proto_game() -> int:
        nonlocal played
        played += 1
        return random_game(game, seed + played, proto_rnd)

    for _ in range(ROUNDS):
        timed("ref", lambda: int(ref.play(tables, ref_rnd)[0]))
        timed("proto", proto_game)
        timed("internal", lambda: playout_plies(starts, rng))

    def rate(kind: str, index: int) -> float:
        return totals[kind][index] / max(totals[kind][2], 1e-9)

    ref_plies = rate("ref", 1)
    return {
        "reference": f"benchmarks/{reference_file(game).name}",
        # Every figure below is per second of this process's processor time.
        "reference_clock": "process_time",
        "reference_games_per_second": round(rate("ref", 0), 1),
        "reference_plies_per_second": round(ref_plies),
        "reference_mean_plies": round(totals["ref"][1] / max(totals["ref"][0], 1), 2),
        # The protocol again, in the same rounds as the reference (the ratio's numerator).
        "paired_games_per_second": round(rate("proto", 0), 1),
        "paired_plies_per_second": round(rate("proto", 1)),
        "reference_ratio": round(rate("proto", 1) / max(ref_plies, 1e-9), 3),
        "internal_plies_per_second": round(rate("internal", 1)),
        "internal_ratio": round(rate("internal", 1) / max(ref_plies, 1e-9), 3),
    }
