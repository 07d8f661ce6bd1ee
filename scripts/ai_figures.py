"""Regenerate every measured figure of ``docs/ai.md`` from the current code, in one command.

    .venv/bin/python scripts/ai_figures.py [NAME ...] [--workers 2] [--list]

Each figure is a block of ``docs/ai.md`` between ``<!-- figure NAME -->`` and
``<!-- /figure NAME -->``; this script measures it again and rewrites the block, stamped with
the commit it was measured on and the command that measured it. Without names it remakes
every figure. Budgets are iterations and every search bot plays with its time cap dropped,
so the same commit gives the same tables on any machine, loaded or not (only the processor
seconds per move vary). The strength scripts keep finished games under ``runs/`` per
commit, so an interrupted run resumes and a rerun on the same commit is quick.

The code must be committed (a figure names the commit it describes): the script refuses to
write figures of uncommitted changes unless ``--draft`` says so, and then stamps them so.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from measuring import ROOT, code_commit

DOC = ROOT / "docs" / "ai.md"
PYTHON = sys.executable


@dataclass(frozen=True)
class Figure:
    """A block of the doc and how to measure it: commands whose standard output, joined,
    is the block's text (each prints Markdown)."""

    name: str
    what: str
    commands: tuple[tuple[str, ...], ...]


def script(name: str, *args: str) -> tuple[str, ...]:
    return (PYTHON, str(ROOT / "scripts" / name), *args)


FIGURES = (
    Figure(
        "search-speed",
        "search iterations per processor-second of each level, caps off",
        (script("search_speed.py", "--markdown"),),
    ),
    Figure(
        "sy-styles",
        "Scotland Yard: hard and heuristic against every opponent style, 100 paired deals",
        (script("sy_styles.py", "--games", "100", "--seed", "1", "--mrx-players", "6",
                "--detective-players", "4", "--workers", "{workers}"),),
    ),
    Figure(
        "sy-belief",
        "Scotland Yard: how sharp the detectives' belief of Mr. X's station is",
        (script("sy_belief.py", "--mrx", "heuristic", "--games", "10", "--seed", "77",
                "--markdown"),
         script("sy_belief.py", "--mrx", "hard", "--games", "8", "--seed", "77",
                "--markdown")),
    ),
    Figure(
        "ep-levels",
        "Escape Plan: hard against heuristic, 3 players, seats rotated",
        (script("tournament_table.py", "escape-plan", "--bots", "hard:seconds=none,heuristic",
                "--games", "48", "--players", "3", "--seed", "1", "--workers", "{workers}"),),
    ),
    Figure(
        "cng-levels",
        "Cash 'n Guns: the levels at one table, 5 players, seats rotated",
        (script("cng_measure.py", "--bots", "hard,heuristic,medium,easy,random", "--blocks",
                "24", "--seed", "5", "--workers", "{workers}", "--markdown"),),
    ),
)  # fmt: skip


def block_pattern(name: str) -> re.Pattern[str]:
    return re.compile(
        rf"(<!-- figure {re.escape(name)} -->\n).*?(<!-- /figure {re.escape(name)} -->)",
        re.DOTALL,
    )


def measure(figure: Figure, workers: int, commit: str) -> str:
    parts = []
    started = time.perf_counter()
    for command in figure.commands:
        argv = [word.replace("{workers}", str(workers)) for word in command]
        shown = " ".join(Path(w).relative_to(ROOT).as_posix() if w.startswith(str(ROOT)) else w
                         for w in argv[1:])  # fmt: skip
        print(f"ai_figures: {figure.name}: python {shown}", file=sys.stderr)
        done = subprocess.run(argv, cwd=ROOT, stdout=subprocess.PIPE, text=True, check=True)
        parts.append(done.stdout.strip())
    minutes = (time.perf_counter() - started) / 60
    stamp = (
        f"*Measured on commit `{commit}` by `.venv/bin/python scripts/ai_figures.py "
        f"{figure.name}` ({time.strftime('%Y-%m-%d')}, {minutes:.0f} min with "
        f"{workers} workers); do not edit by hand.*"
    )
    return stamp + "\n\n" + "\n\n".join(parts) + "\n"


def rewrite(doc: str, name: str, text: str) -> str:
    pattern = block_pattern(name)
    if not pattern.search(doc):
        raise SystemExit(f"ai_figures: docs/ai.md has no block '<!-- figure {name} -->'")
    replace: Callable[[re.Match[str]], str] = lambda m: m.group(1) + text + m.group(2)  # noqa: E731
    return pattern.sub(replace, doc, count=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    names = [f.name for f in FIGURES]
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"figures: {', '.join(names)}")
    parser.add_argument("--workers", type=int, default=2, help="processes per measurement (2)")
    parser.add_argument("--list", action="store_true", help="list the figures and stop")
    parser.add_argument("--draft", action="store_true", help="allow uncommitted code")
    args = parser.parse_args()
    if args.list:
        for figure in FIGURES:
            print(f"{figure.name:14} {figure.what}")
        return
    unknown = sorted(set(args.names) - set(names))
    if unknown:
        parser.error(f"unknown figure(s) {', '.join(unknown)}; the figures: {', '.join(names)}")
    commit = code_commit()
    if commit.endswith("+changes") and not args.draft:
        raise SystemExit(
            "ai_figures: src/ or scripts/ has uncommitted changes; commit them first (a figure "
            "names the commit it describes) or pass --draft"
        )
    for figure in FIGURES:
        if args.names and figure.name not in args.names:
            continue
        text = measure(figure, args.workers, commit)
        # Written after each figure, so a long run keeps what it has finished.
        DOC.write_text(rewrite(DOC.read_text(), figure.name, text))
        print(f"ai_figures: {figure.name} written to docs/ai.md", file=sys.stderr)


if __name__ == "__main__":
    main()
