"""Escape Plan's random games, this tree against a baseline tree, alternating in ONE process.

On a shared machine the processor time of the same code swings by a half from one process to
the next; alternating inside one process, block by block, lets both trees see the same load.
The baseline's ``getaway`` package is copied to a temporary folder as ``getaway_baseline``
(its ``getaway.`` imports rewritten), so both are imported side by side::

    git worktree add /tmp/baseline <commit>
    python scripts/ep_speed.py --baseline /tmp/baseline --rounds 20

Each round plays the games of ``getaway bench escape-plan --games 30`` (3 players, seeds
0-29, one ``random.Random(0)`` for the choices) with each tree, the order swapped every
round, and times them with the processor clock. It prints the total processor seconds of
each tree, the ratio, the median and quartiles of the per-round ratios, games per
processor-second, and the load average.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1]
GAMES = 30


def baseline_game(tree: Path, folder: Path) -> Any:
    """The baseline's Escape Plan game, imported from a renamed copy of its package."""
    copy = folder / "getaway_baseline"
    shutil.copytree(tree / "src" / "getaway", copy)
    for path in copy.rglob("*.py"):
        text = path.read_text()
        text = re.sub(r"\bgetaway\.", "getaway_baseline.", text)
        text = re.sub(r"^from getaway import", "from getaway_baseline import", text, flags=re.M)
        path.write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module("getaway_baseline.games.escape_plan.game").GAME


def play(game: Any) -> int:
    """The bench's 30 games; the number of plies."""
    from getaway.bench import random_game

    rnd = random.Random(0).random
    return sum(random_game(game, seed, rnd) for seed in range(GAMES))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other source tree")
    parser.add_argument("--rounds", type=int, default=20)
    args = parser.parse_args()
    sys.path.insert(0, str(HERE / "src"))
    from getaway.games.escape_plan.game import GAME

    with tempfile.TemporaryDirectory() as folder:
        trees = {"baseline": baseline_game(args.baseline, Path(folder)), "this": GAME}
        if play(trees["baseline"]) != play(trees["this"]):
            print("warning: the trees play different games", file=sys.stderr)
        total = dict.fromkeys(trees, 0.0)
        ratios = []
        for number in range(args.rounds):
            spent: dict[str, float] = {}
            for name in sorted(trees, reverse=number % 2 == 1):
                started = time.process_time()
                play(trees[name])
                spent[name] = time.process_time() - started
                total[name] += spent[name]
            ratios.append(spent["baseline"] / spent["this"])
    low, _, high = statistics.quantiles(ratios, n=4)
    per_second = {name: GAMES * args.rounds / seconds for name, seconds in total.items()}
    print(
        f"{args.rounds} rounds: processor seconds baseline {total['baseline']:.3f}, this "
        f"{total['this']:.3f}, ratio {total['baseline'] / total['this']:.3f}; per round: median "
        f"{statistics.median(ratios):.3f}, quartiles {low:.3f}-{high:.3f}; games per "
        f"processor-second baseline {per_second['baseline']:.1f}, this {per_second['this']:.1f}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
