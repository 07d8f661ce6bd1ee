"""Compare the speed of Cash 'n Guns' rules in two source trees, runs alternating in one
session so that both see the same machine load.

Each round runs, for each tree in turn (``PYTHONPATH=<tree>/src``, this interpreter):

* ``getaway bench cash-n-guns --json --seconds S`` (the Basic game, 5 players: random games
  per second, and microseconds per ``clone``, ``legal_actions``, ``apply``);
* the same random-game loop timed by CPU time (steadier on a shared machine than the bench's
  wall clock), on the Basic game (5 players) and on the Advanced + Undercover Cop game
  (6 players: every window and the phone).

It prints the median of each measure per tree and the ratio (this tree / the other)::

    python scripts/cng_bench.py --baseline /work/baseline-cng --rounds 5 --seconds 4
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

#: The random-game loop on one set of options, CPU-timed; prints games per second, then the
#: CPU microseconds per ``clone``, ``legal_actions`` and ``apply`` on states sampled along
#: the games (every 5th ply of the first 40 games).
LOOP = """
import random, sys, time
from getaway.core import get_game
game = get_game("cash-n-guns")
options = {"players": int(sys.argv[2]), "advanced": sys.argv[3] == "1",
           "undercover_cop": sys.argv[3] == "1"}
rnd = random.Random(0).random
seconds = float(sys.argv[1])
games = plies = 0
samples = []
started = time.process_time()
while time.process_time() - started < seconds:
    state = game.new_state(options, games)
    while not state.is_over():
        if games < 40 and plies % 5 == 0:
            samples.append(state.clone())
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rnd() * len(legal))])
        plies += 1
    games += 1
elapsed = time.process_time() - started
moves = []
for state in samples:
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    moves.append((state, seat, legal[int(rnd() * len(legal))]))
def per_call(run):
    best = None
    for _ in range(5):
        spent = run()
        best = spent if best is None else min(best, spent)
    return best / len(moves) * 1e6
def clones():
    t = time.process_time()
    for state, _, _ in moves:
        state.clone()
    return time.process_time() - t
def legals():
    t = time.process_time()
    for _ in range(5):
        for state, seat, _ in moves:
            state.legal_actions(seat)
    return (time.process_time() - t) / 5
def applies():
    work = [(state.clone(), seat, action) for state, seat, action in moves]
    t = time.process_time()
    for state, seat, action in work:
        state.apply(seat, action)
    return time.process_time() - t
print(games / elapsed, per_call(clones), per_call(legals), per_call(applies))
"""

#: ``getaway bench`` run by this interpreter from the tree on ``PYTHONPATH``.
BENCH = "from getaway.cli import main; main()"

MEASURES = (
    "games_per_second",
    "clone_us",
    "legal_actions_us",
    "apply_us",
    "basic_cpu_games_s",
    "basic_cpu_clone_us",
    "basic_cpu_legal_us",
    "basic_cpu_apply_us",
    "adv_cop_cpu_games_s",
    "adv_cop_cpu_clone_us",
    "adv_cop_cpu_legal_us",
    "adv_cop_cpu_apply_us",
)


def _env(tree: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(tree / "src")}


def measure(tree: Path, seconds: float) -> dict[str, float]:
    """One run of every measure on ``tree``."""
    bench = subprocess.run(
        [sys.executable, "-c", BENCH, "bench", "cash-n-guns", "--json", "--seconds", str(seconds)],
        env=_env(tree),
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(bench.stdout)
    result = {key: float(found[key]) for key in MEASURES[:4]}
    for name, players, advanced_cop in (("basic", 5, False), ("adv_cop", 6, True)):
        loop = subprocess.run(
            [sys.executable, "-c", LOOP, str(seconds / 2), str(players), str(int(advanced_cop))],
            env=_env(tree),
            capture_output=True,
            text=True,
            check=True,
        )
        games, clone, legal, apply = (float(x) for x in loop.stdout.split())
        result[f"{name}_cpu_games_s"] = games
        result[f"{name}_cpu_clone_us"] = clone
        result[f"{name}_cpu_legal_us"] = legal
        result[f"{name}_cpu_apply_us"] = apply
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, required=True, help="the other source tree")
    parser.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=4.0)
    args = parser.parse_args()
    runs: dict[str, list[dict[str, float]]] = {"tree": [], "baseline": []}
    for number in range(args.rounds):
        # Alternate which goes first, so that neither always runs on a warmer machine.
        order = ("tree", "baseline") if number % 2 == 0 else ("baseline", "tree")
        for name in order:
            runs[name].append(measure(getattr(args, name), args.seconds))
            print(name, json.dumps(runs[name][-1]), file=sys.stderr)
    print(f"{'measure':<20} {'baseline':>10} {'this tree':>10} {'ratio':>7}")
    for key in MEASURES:
        base = statistics.median(run[key] for run in runs["baseline"])
        mine = statistics.median(run[key] for run in runs["tree"])
        print(f"{key:<20} {base:>10.2f} {mine:>10.2f} {mine / base:>7.3f}")


if __name__ == "__main__":
    main()
