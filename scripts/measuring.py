"""What the strength scripts share: a cache of finished games, worker processes with a
progress bar, the commit a measurement describes, and paired statistics.

A measurement plays many independent games (jobs). Each finished game is appended as one
JSON line to a cache file together with its job's key and the commit of the code that
played it, so an interrupted run resumes where it stopped and a rerun on the same commit
costs nothing; games of another commit are ignored, never mixed in. Results are put back in
job order, so they do not depend on the number of workers.
"""

from __future__ import annotations

import json
import math
import subprocess
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from getaway.tournament.stats import Z95

ROOT = Path(__file__).resolve().parents[1]

Record = dict[str, Any]
Job = tuple[str, Any]  # (key, payload handed to the play function)


def code_commit() -> str:
    """The commit the measurement describes: ``HEAD``, with ``+changes`` when the code
    (``src/``, ``scripts/``) differs from it, which a figure for the docs must not."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    head = git("rev-parse", "--short=10", "HEAD") or "unknown"
    changed = git("status", "--porcelain", "--", "src", "scripts")
    return f"{head}+changes" if changed else head


class GameCache:
    """Finished games of one measurement, one JSON line each (``key``, ``commit``, ``record``).
    Only games of ``commit`` count, unless ``any_commit`` says the caller knows the code they
    ran did not change (then the latest line of a key wins)."""

    def __init__(self, path: Path | None, commit: str, any_commit: bool = False) -> None:
        self.path, self.commit = path, commit
        self.records: dict[str, Record] = {}
        #: The commit each record was played on.
        self.commits: dict[str, str] = {}
        if path is not None and path.is_file():
            for line in path.read_text().splitlines():
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    continue  # a line cut short when a run was killed: play that game again
                if any_commit or entry.get("commit") == commit:
                    self.records[entry["key"]] = entry["record"]
                    self.commits[entry["key"]] = entry["commit"]

    def add(self, key: str, record: Record) -> None:
        self.records[key] = record
        self.commits[key] = self.commit
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as out:
                out.write(json.dumps({"key": key, "commit": self.commit, "record": record}) + "\n")


def run_jobs(
    jobs: Sequence[Job],
    play: Callable[[Any], Record],
    *,
    workers: int,
    cache: GameCache,
    label: str,
    quiet: bool = False,
) -> list[Record]:
    """Every job's record, in job order: cached ones as they are, the others played by
    ``play`` (a module-level function, for worker processes) and cached as they finish."""
    todo = [(key, payload) for key, payload in jobs if key not in cache.records]
    columns = ("{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    # On standard error: standard output is the measurement (tables a script may capture).
    console = Console(stderr=True)
    with Progress(*columns, console=console, disable=quiet or not todo) as progress:
        task = progress.add_task(label, total=len(jobs), completed=len(jobs) - len(todo))
        if workers <= 1:
            for key, payload in todo:
                cache.add(key, play(payload))
                progress.advance(task)
        else:
            with ProcessPoolExecutor(max_workers=workers) as pool:
                futures = {pool.submit(play, payload): key for key, payload in todo}
                for future in as_completed(futures):
                    cache.add(futures[future], future.result())
                    progress.advance(task)
    return [cache.records[key] for key, _ in jobs]


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    variance = sum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, Z95 * math.sqrt(variance / n)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> tuple[float, float]:
    """The mean of ``a[i] - b[i]`` over paired trials (the same deal) and its 95% half-width:
    pairing removes what the two share (the cards, the start), so it separates smaller
    differences than two independent intervals would."""
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in length: {len(a)} and {len(b)}")
    return mean_interval([x - y for x, y in zip(a, b, strict=True)])
