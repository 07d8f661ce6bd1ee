"""Compare ``getaway bench`` in two source trees, runs alternating in one session so that both
see the same machine load (the machine is shared: compare side by side, never across days).

Each round runs ``getaway bench [GAME ...] --json --seconds S`` with ``PYTHONPATH=<tree>/src``
and this interpreter, first for the baseline tree, then for this one. It prints, per game and
measure, every round's figure for both trees and the ratio of the medians (this / baseline)::

    git worktree add /tmp/baseline <commit>
    python scripts/bench_compare.py --baseline /tmp/baseline --rounds 3 --seconds 6
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
MEASURES = ("games_per_second", "plies_per_second", "clone_us", "legal_actions_us", "apply_us")


def bench(tree: Path, games: list[str], seconds: float) -> list[dict[str, object]]:
    code = "import sys; from getaway.cli import main; sys.exit(main(sys.argv[1:]))"
    argv = [sys.executable, "-c", code, "bench", *games[:1], "--json", "--seconds", str(seconds)]
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run(argv, env=env, check=True, capture_output=True, text=True).stdout
    found = json.loads(out)
    return found if isinstance(found, list) else [found]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other source tree")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=6.0, help="per game and run")
    parser.add_argument("game", nargs="?", help="one game (default: every installed game)")
    args = parser.parse_args()
    games = [args.game] if args.game else []
    runs: dict[tuple[str, str], list[dict[str, object]]] = {}
    for _ in range(args.rounds):
        for label, tree in (("baseline", args.baseline), ("this", HERE)):
            for result in bench(tree, games, args.seconds):
                runs.setdefault((str(result["game"]), label), []).append(result)
    for game in sorted({game for game, _ in runs}):
        print(f"{game}:")
        for measure in MEASURES:
            base = [float(str(r[measure])) for r in runs[(game, "baseline")]]
            this = [float(str(r[measure])) for r in runs[(game, "this")]]
            ratio = statistics.median(this) / statistics.median(base)
            print(f"  {measure:18} baseline {base}  this {this}  ratio {ratio:.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
