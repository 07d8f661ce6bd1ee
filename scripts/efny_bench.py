"""Escape from New York: random 2-hero games per CPU-second through the public protocol, and
the same loop over two source trees alternating in one session.

The loop is ``getaway bench``'s (``new_state`` included, the first seat to act picks
``legal[int(rnd() * len(legal))]``, ``rnd = random.Random(seed).random``), timed in the
process's processor time (``time.process_time``) so that a shared, loaded machine slows each
tree alike (the wall-clock rate is printed beside it). Until the game is registered it is
built directly and handed to that loop (``getaway.bench.random_game``; a baseline tree must
have its ``options`` argument)::

    python scripts/efny_bench.py --games 40                    # this tree
    python scripts/efny_bench.py --baseline /tmp/base/src --rounds 5 --games 40
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any


def random_game(options: dict[str, Any], seed: int, rnd: Any) -> int:
    """One random game from a new state: ``getaway bench``'s loop on this game."""
    from getaway.bench import random_game as bench_game
    from getaway.games.escape_from_new_york.game import GAME

    return bench_game(GAME, seed, rnd, options)


def games_per_cpu_second(players: int, games: int, seed: int) -> tuple[float, int, float]:
    """Games per processor-second over ``games`` seeded random games, their plies, and
    games per wall-clock second over the same run."""
    options = {"players": players}
    random_game(options, seed - 1, random.Random(seed - 1).random)  # content loaded, warm
    rnd = random.Random(seed).random
    plies = 0
    started, wall = time.process_time(), time.perf_counter()
    for number in range(games):
        plies += random_game(options, seed + number, rnd)
    cpu = time.process_time() - started
    return games / cpu, plies, games / (time.perf_counter() - wall)


def compare(baseline: str, rounds: int, players: int, games: int, seed: int) -> None:
    """Alternate this tree and ``baseline`` (a ``src`` directory) in subprocesses, each
    round's order the other way round from the last; the same seeded games on both."""
    here = str(Path(__file__).resolve().parents[1] / "src")
    trees = {"this": here, "baseline": baseline}
    rates: dict[str, list[float]] = {name: [] for name in trees}
    walls: dict[str, list[float]] = {name: [] for name in trees}
    for number in range(rounds):
        order = list(trees) if number % 2 == 0 else list(reversed(trees))
        for name in order:
            env = {**os.environ, "PYTHONPATH": trees[name]}
            args = [sys.executable, __file__, "--players", str(players), "--games", str(games)]
            out = subprocess.run(
                [*args, "--seed", str(seed)], env=env, capture_output=True, text=True, check=True
            ).stdout.split()
            rates[name].append(float(out[0]))
            walls[name].append(float(out[2]))
            print(
                f"round {number + 1} {name}: {float(out[0]):.1f} games/CPU-s, "
                f"{float(out[2]):.1f} games/wall-s, {out[1]} plies"
            )
    for name, values in rates.items():
        shown = ", ".join(f"{v:.1f}" for v in values)
        print(f"{name}: median {statistics.median(values):.1f} games/CPU-s [{shown}]")
        shown = ", ".join(f"{v:.1f}" for v in walls[name])
        print(f"{name}: median {statistics.median(walls[name]):.1f} games/wall-s [{shown}]")
    ratio = statistics.median(rates["this"]) / statistics.median(rates["baseline"])
    paired = [a / b for a, b in zip(rates["this"], rates["baseline"], strict=True)]
    print(f"ratio of the medians this/baseline: {ratio:.2f}")
    print(f"median of the rounds' ratios: {statistics.median(paired):.2f}")
    wall = statistics.median(walls["this"]) / statistics.median(walls["baseline"])
    print(f"wall-clock: ratio of the medians this/baseline: {wall:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--baseline", help="a src directory to compare with, alternating")
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    if args.baseline:
        compare(args.baseline, args.rounds, args.players, args.games, args.seed)
        return
    rate, plies, wall = games_per_cpu_second(args.players, args.games, args.seed)
    print(f"{rate:.3f} {plies} {wall:.3f}")


if __name__ == "__main__":
    main()
