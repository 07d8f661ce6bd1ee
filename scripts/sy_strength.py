"""Measure Scotland Yard bots against each other: Mr. X's win rate with a 95% interval.

    .venv/bin/python scripts/sy_strength.py --mrx hard --detectives heuristic --games 100

Game ``g`` uses seed ``derive_seed(SEED, g)`` (as ``getaway simulate`` and the tournament's
deals do), so two runs with the same ``--seed`` play the same start positions and differ only
in the bots: compare settings on paired deals. ``--set NAME=VALUE`` overrides a parameter of
``ScotlandYardSearchPolicy`` (``coalition_r``, ``epsilon_mrx``, ``epsilon_detectives``) in
every worker. Time per move is CPU time of the worker process (one core each).
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from getaway.ai import make_bot
from getaway.ai.runner import play_game
from getaway.core import Game, Rng, derive_seed
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


def play_one(job: tuple[str, str, int, int, dict[str, Any]]) -> dict[str, Any]:
    mrx, detectives, players, seed, params = job
    for name, value in params.items():
        setattr(ScotlandYardSearchPolicy, name, value)
    record: dict[str, list[float]] = {
        key: [] for key in ("mrx_cpu", "mrx_iterations", "det_cpu", "det_iterations")
    }
    x = Timed(make_bot(GAME, mrx), "mrx", record)
    d = Timed(make_bot(GAME, detectives), "det", record)
    seats = GAME.seats({"players": players})
    bots = {seat: (x if seat == "mrx" else d) for seat in seats}
    game = play_game(GAME, {"players": players}, seed, bots)
    state = game.session.state
    return {
        "seed": seed,
        "winner": game.winner,
        "round": state.round,
        "end": getattr(state, "end_reason", None),
        **record,
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mrx", default="heuristic")
    parser.add_argument("--detectives", default="heuristic")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--json", help="append one line of results to this file")
    args = parser.parse_args()
    params: dict[str, Any] = {}
    for item in args.set:
        name, _, value = item.partition("=")
        if not hasattr(ScotlandYardSearchPolicy, name):
            parser.error(f"ScotlandYardSearchPolicy has no parameter {name!r}")
        try:
            params[name] = float(value)
        except ValueError:
            params[name] = value
    jobs = [
        (args.mrx, args.detectives, args.players, derive_seed(args.seed, g), params)
        for g in range(args.games)
    ]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_one, jobs))
    else:
        results = [play_one(job) for job in jobs]
    wins = sum(r["winner"] == "mrx" for r in results)
    low, high = wilson(wins, len(results))
    summary: dict[str, Any] = {
        "mrx": args.mrx,
        "detectives": args.detectives,
        "players": args.players,
        "games": len(results),
        "seed": args.seed,
        "params": params,
        "mrx_wins": wins,
        "mrx_win_rate": wins / len(results),
        "ci95": [round(low, 3), round(high, 3)],
        "mean_round": sum(r["round"] for r in results) / len(results),
        "wall_seconds": round(time.perf_counter() - started, 1),
        "mrx_by_seed": [r["winner"] == "mrx" for r in results],
    }
    for side in ("mrx", "det"):
        cpu = [t for r in results for t in r[f"{side}_cpu"]]
        its = [t for r in results for t in r[f"{side}_iterations"]]
        if cpu:
            summary[f"{side}_cpu_mean"] = round(sum(cpu) / len(cpu), 4)
            summary[f"{side}_cpu_max"] = round(max(cpu), 3)
        if its:
            summary[f"{side}_iterations_mean"] = round(sum(its) / len(its))
    print(
        f"Mr. X {args.mrx} vs detectives {args.detectives} {params or ''}: Mr. X wins "
        f"{wins}/{len(results)} = {wins / len(results):.1%} (95% CI {low:.1%}-{high:.1%}), "
        f"mean round {summary['mean_round']:.1f}, "
        f"CPU s/move mrx {summary.get('mrx_cpu_mean', 0):.3f} "
        f"(max {summary.get('mrx_cpu_max', 0):.2f}) det {summary.get('det_cpu_mean', 0):.3f} "
        f"(max {summary.get('det_cpu_max', 0):.2f}), {summary['wall_seconds']} s"
    )
    if args.json:
        with Path(args.json).open("a", encoding="utf-8") as f:
            f.write(json.dumps(summary) + "\n")


if __name__ == "__main__":
    main()
