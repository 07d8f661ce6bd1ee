"""The same games on worker processes and on a local Ray cluster, at 1 and 2 workers, side by
side: the speed table of docs/performance.md ("Where the games run").

Each run is the whole command in a process of its own (``getaway simulate`` or ``getaway
tournament ... --json``), so a Ray run pays for starting its local cluster as a user does;
the table gives the command's wall time and the part of it before the first game could start
(Ray's cluster start, measured alone by opening and closing the backend). One more
configuration joins a cluster of 2 CPUs started once beforehand (``ray start --head``, as on
a real cluster) with ``--address``, which pays no start. The runs take turns,
round after round, so a change in the machine's load falls on every configuration alike, and
every run's results are checked to be the same, apart from the fields that describe the run.

    .venv/bin/python scripts/parallel_speed.py --rounds 3 --markdown
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from measuring import code_commit

from getaway.parallel import BackendError, check_reachable

ROOT = Path(__file__).resolve().parents[1]
#: Runs the ``getaway`` command of this checkout.
CLI = "import sys; from getaway.cli import main; sys.exit(main(sys.argv[1:]))"
#: Starts and shuts down a local Ray cluster of argv[1] CPUs, and nothing else.
RAY_START = (
    "import sys; from getaway.parallel import Backend\n"
    "with Backend('ray', int(sys.argv[1])).open() as pool: pass"
)
CONFIGS = (("process", 1), ("process", 2), ("ray", 1), ("ray", 2), ("joined", 2))
LABELS = {"joined": "ray, --address of a running cluster"}
#: The port of the cluster the ``joined`` runs join.
HEAD_PORT = 6391
#: Fields of the documents that describe the run, not the games.
RUN_FIELDS = ("seconds", "games_per_second", "workers", "backend", "timing", "command")


def workloads(args: argparse.Namespace) -> dict[str, list[str]]:
    return {
        f"simulate: {args.games:,} random Scotland Yard games": [
            "simulate", "scotland-yard", "--games", str(args.games), "--seed", "1", "--json",
        ],
        f"tournament: {args.tournament_games} games, heuristic v random": [
            "tournament", "scotland-yard", "--bots", "heuristic,random", "--games",
            str(args.tournament_games), "--seed", "1", "--json",
        ],
    }  # fmt: skip


def start_head() -> subprocess.Popen[bytes]:
    """A Ray head node of 2 CPUs, in a session of its own; ended by :func:`stop_head`."""
    ray = Path(sys.executable).parent / "ray"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    head = subprocess.Popen(
        [str(ray), "start", "--head", "--port", str(HEAD_PORT), "--num-cpus", "2",
         "--include-dashboard", "false", "--disable-usage-stats", "--block"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    deadline = time.monotonic() + 120
    while True:
        try:
            check_reachable(f"127.0.0.1:{HEAD_PORT}", timeout=1)
            return head
        except BackendError:
            if time.monotonic() > deadline or head.poll() is not None:
                stop_head(head)
                raise SystemExit("the Ray head node did not start") from None
            time.sleep(1)


def stop_head(head: subprocess.Popen[bytes]) -> None:
    """``ray start --block`` shuts its processes down when it is terminated."""
    head.terminate()
    try:
        head.wait(timeout=60)
    except subprocess.TimeoutExpired:
        head.kill()
        head.wait()


def run(argv: list[str], out: Path) -> tuple[float, dict[str, Any]]:
    """The command's wall seconds and its JSON document."""
    # The head node checks a token; Ray sends its own (~/.ray/auth_token) when told to.
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), "RAY_AUTH_MODE": "token"}
    if argv[0] == "tournament":
        argv = [*argv, "--out", str(out)]
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CLI, *argv], env=env, capture_output=True, text=True, check=False
    )
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed:\n{done.stderr}")
    document: dict[str, Any] = json.loads(done.stdout)
    return seconds, document


def ray_start(cpus: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", RAY_START, str(cpus)], env=env, check=True,
                   capture_output=True)  # fmt: skip
    return time.perf_counter() - started


def games_only(document: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in document.items() if k not in RUN_FIELDS})


Walls = dict[tuple[str, str, int], list[float]]


def measure_round(
    args: argparse.Namespace, round_: int, walls: Walls, results: dict[str, set[str]]
) -> None:
    """Every configuration once on every workload, each round starting with another."""
    for name, argv in workloads(args).items():
        order = CONFIGS[round_ % len(CONFIGS) :] + CONFIGS[: round_ % len(CONFIGS)]
        for backend, workers in order:
            if backend == "joined":
                more = ["--backend", "ray", "--address", f"127.0.0.1:{HEAD_PORT}"]
            else:
                more = ["--workers", str(workers), "--backend", backend]
            wall, document = run([*argv, *more], args.out / f"{backend}-{workers}")
            walls.setdefault((name, backend, workers), []).append(wall)
            results.setdefault(name, set()).add(games_only(document))
            print(f"round {round_ + 1} {name} {backend} x{workers}: {wall:.1f} s",
                  file=sys.stderr)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=20_000, help="simulated games")
    parser.add_argument("--tournament-games", type=int, default=400)
    parser.add_argument("--out", type=Path, default=Path("runs/parallel_speed"))
    parser.add_argument("--markdown", action="store_true")
    args = parser.parse_args()
    commit = code_commit()
    loads = [os.getloadavg()[0]]
    walls: Walls = {}
    starts: dict[int, list[float]] = {1: [], 2: []}
    results: dict[str, set[str]] = {}
    began = time.monotonic()
    head = start_head()
    try:
        for round_ in range(args.rounds):
            for cpus in starts:
                starts[cpus].append(ray_start(cpus))
            measure_round(args, round_, walls, results)
            loads.append(os.getloadavg()[0])
    finally:
        stop_head(head)
    minutes = (time.monotonic() - began) / 60
    rows = []
    for name in workloads(args):
        base = statistics.median(walls[(name, "process", 1)])
        for backend, workers in CONFIGS:
            wall = statistics.median(walls[(name, backend, workers)])
            start = statistics.median(starts[workers]) if backend == "ray" else None
            rows.append({"work": name, "backend": backend, "workers": workers,
                         "seconds": wall, "ray_start": start, "speed": base / wall})  # fmt: skip
    same = all(len(documents) == 1 for documents in results.values())
    if not args.markdown:
        print(json.dumps({"commit": commit, "rows": rows, "identical": same}, indent=2))
    else:
        print(markdown(rows, args, commit, minutes, loads, same))
    if not same:
        raise SystemExit("the backends gave different results")


def markdown(
    rows: list[dict[str, Any]],
    args: argparse.Namespace,
    commit: str,
    minutes: float,
    loads: list[float],
    same: bool,
) -> str:
    lines = [
        "| work | backend | workers | command, s (median) | of which Ray start, s | "
        "speed vs process x1 |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in rows:
        start = "-" if row["ray_start"] is None else f"{row['ray_start']:.1f}"
        lines.append(
            f"| {row['work']} | {LABELS.get(row['backend'], row['backend'])} | "
            f"{row['workers']} | {row['seconds']:.1f} | "
            f"{start} | {row['speed']:.2f} |"
        )
    lines.append("")
    lines.append(
        f"*Measured on commit `{commit}` by `.venv/bin/python scripts/parallel_speed.py "
        f"--rounds {args.rounds} --games {args.games} --tournament-games "
        f"{args.tournament_games} --markdown` ({time.strftime('%Y-%m-%d')}, {minutes:.0f} min, "
        f"load average {min(loads):.0f} to {max(loads):.0f} on the 2 cores); results "
        f"{'identical on every backend and worker count' if same else 'DIFFERED'}; "
        "do not edit by hand.*"
    )
    return "\n".join(lines)


if __name__ == "__main__":
    main()
