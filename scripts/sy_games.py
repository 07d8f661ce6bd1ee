"""What the Scotland Yard strength scripts share: one measured game, Wilson intervals and
paired differences. ``sy_strength.py`` (one pairing) and ``sy_styles.py`` (the table of
opponent styles) import it; run them from the repository root as ``scripts/NAME.py``.

Game ``g`` of a run with seed ``SEED`` is dealt with ``derive_seed(SEED, g)`` (as ``getaway
simulate`` and the tournament's deals are), so two runs with the same seed play the same
start positions and differ only in the bots: settings are compared on paired deals. Bot
names are uncapped (``getaway.ai.uncapped_spec``): only iteration budgets stop a search, so
a game depends on the seed and the bots alone, however loaded the machine. Time per move is
the CPU time of the worker process.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from getaway.ai import make_bot, uncapped_spec
from getaway.ai.runner import play_game
from getaway.core import Game, Rng
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.search import ScotlandYardSearchPolicy


class Timed:
    """Wraps a bot to record CPU seconds and search iterations per decision."""

    def __init__(self, bot: Any, side: str, record: dict[str, list[float]]) -> None:
        self.bot, self.side, self.record = bot, side, record
        self.name = bot.name

    def choose(self, game: Game, seat: str, view: Any, legal: Sequence[str], rng: Rng) -> str:
        started = time.process_time()
        action: str = self.bot.choose(game, seat, view, legal, rng)
        if len(legal) > 1:
            self.record[f"{self.side}_cpu"].append(time.process_time() - started)
            last = getattr(self.bot, "last", None)
            if last is not None:
                self.record[f"{self.side}_iterations"].append(last.iterations)
        return action


def set_params(params: Mapping[str, Any]) -> None:
    """Override ``ScotlandYardSearchPolicy``'s class parameters in this process."""
    for name, value in params.items():
        if not hasattr(ScotlandYardSearchPolicy, name):
            raise ValueError(f"ScotlandYardSearchPolicy has no parameter {name!r}")
        setattr(ScotlandYardSearchPolicy, name, tuple(value) if isinstance(value, list) else value)


def parse_params(items: Sequence[str]) -> dict[str, Any]:
    """``NAME=VALUE`` texts as parameters: numbers (or lists of numbers, comma-separated)
    where they read as numbers."""
    params: dict[str, Any] = {}
    for item in items:
        name, _, value = item.partition("=")
        if not hasattr(ScotlandYardSearchPolicy, name):
            raise ValueError(f"ScotlandYardSearchPolicy has no parameter {name!r}")
        try:
            if "," in value:  # a tuple of numbers: detective_model_mix=0.6,0.3,0.1
                params[name] = [float(part) for part in value.split(",")]
            else:
                params[name] = float(value)
        except ValueError:
            params[name] = value
    return params


def play_one(
    mrx: str, detectives: str, players: int, seed: int, params: Mapping[str, Any]
) -> dict[str, Any]:
    """One game, Mr. X's bot against the detectives' bot (both uncapped), and its record."""
    set_params(params)
    record: dict[str, list[float]] = {
        key: [] for key in ("mrx_cpu", "mrx_iterations", "det_cpu", "det_iterations")
    }
    x = Timed(make_bot(GAME, uncapped_spec(mrx)), "mrx", record)
    d = Timed(make_bot(GAME, uncapped_spec(detectives)), "det", record)
    seats = GAME.seats({"players": players})
    bots = {seat: (x if seat == "mrx" else d) for seat in seats}
    game = play_game(GAME, {"players": players}, seed, bots)
    state = game.session.state
    return {
        "seed": seed,
        "winner": state.winner(),
        "round": state.round,
        "end": getattr(state, "end_reason", None),
        **record,
    }
