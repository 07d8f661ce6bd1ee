"""Measure Scotland Yard bots against each other: Mr. X's win rate with a 95% interval.

    .venv/bin/python scripts/sy_strength.py --mrx hard --detectives heuristic --games 100

Game ``g`` uses seed ``derive_seed(SEED, g)`` (``sy_games.py`` says more), so two runs with
the same ``--seed`` play the same start positions and differ only in the bots: compare
settings on paired deals. ``--set NAME=VALUE`` overrides a parameter of
``ScotlandYardSearchPolicy`` (``coalition_r``, ``epsilon_mrx``, ``epsilon_detectives``) in
every worker. Search bots play uncapped. Time per move is CPU time of the worker process
(one core each).
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from sy_games import parse_params, play_one

from getaway.core import derive_seed
from getaway.tournament.stats import wilson


def _play(job: tuple[str, str, int, int, dict[str, Any]]) -> dict[str, Any]:
    return play_one(*job)


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
    try:
        params = parse_params(args.set)
    except ValueError as error:
        parser.error(str(error))
    jobs = [
        (args.mrx, args.detectives, args.players, derive_seed(args.seed, g), params)
        for g in range(args.games)
    ]
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(_play, jobs))
    else:
        results = [_play(job) for job in jobs]
    wins = sum(r["winner"] == "mrx" for r in results)
    interval = wilson(wins, len(results))
    low, high = interval.low, interval.high
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
