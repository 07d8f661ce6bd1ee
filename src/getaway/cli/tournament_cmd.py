"""``getaway tournament``: bots against each other on fair, paired deals; win rates, places
and Elo ratings with 95% intervals; a results folder with plots and the command to rerun.

The tournament package (numpy, matplotlib) is imported only when the command runs, so the
rest of the ``getaway`` command starts as fast as before.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
from pathlib import Path
from typing import TYPE_CHECKING

from getaway.cli.common import (
    UsageError,
    add_backend_options,
    backend_from_args,
    collect_options,
    console,
    print_json,
    say,
    split_names,
)

if TYPE_CHECKING:
    from getaway.core import JSONDict
    from getaway.parallel import Backend
    from getaway.tournament import Plan

DESCRIPTION = (
    "Play bots against each other and rate them. Every line-up plays every deal (deal d "
    "uses seed derive_seed(SEED, d)): with two sides or seats, every ordered pair of "
    "different bots, so each pairing plays both sides of the same deals; with more seats the "
    "bots rotate over the seats, each bot sitting in each seat once per deal. --games must "
    "be a whole number of deals. Reports each bot's wins and win rate with a 95% Wilson "
    "interval (by side in team games), its mean place where a game ranks more than two "
    "players, and Elo ratings from a Bradley-Terry fit of the pairwise results with 95% "
    "bootstrap intervals. Results do not depend on --workers or --backend. DIR receives "
    "results.json (the --json document), plots of ratings and win rates (PNG and SVG) and "
    "command.txt."
)


def default_workers() -> int:
    """The CPUs this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``tournament`` subcommand to ``commands`` (an argparse subparsers object)."""
    # Imported here, not at the top: getaway.cli imports this module while it loads.
    from getaway.cli import _add_game_options, positive_int

    p = commands.add_parser(
        "tournament", help="rate bots against each other (Elo, win rates, plots)",
        description=DESCRIPTION,
    )  # fmt: skip
    p.add_argument("game", help="game name (see 'getaway games')")
    p.add_argument(
        "--bots",
        required=True,
        metavar="A,B[,...]",
        help="at least two bot names (see 'getaway games'), each once",
    )
    p.add_argument(
        "--games", type=positive_int, required=True, metavar="N", help="games to play in all"
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the tournament (0)")
    p.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="K",
        help="processes to use, or the CPUs of a local Ray cluster (default: the number of "
        "CPUs; 1 process plays in this process)",
    )
    add_backend_options(p)
    p.add_argument(
        "--out",
        type=Path,
        metavar="DIR",
        help="results folder (default: tournament-GAME-SEED in the current directory)",
    )
    p.add_argument("--json", action="store_true", help="print the results as one JSON object")
    _add_game_options(p)
    p.set_defaults(handler=cmd_tournament)


def rerun_command(args: argparse.Namespace, backend: Backend, out: Path) -> str:
    """The command line that plays this tournament again, every choice spelled out."""
    bots = ",".join(split_names(args.bots))
    words = ["getaway", "tournament", args.game, "--bots", bots, "--games", str(args.games)]
    words += ["--seed", str(args.seed)]
    if backend.address is None:
        words += ["--workers", str(backend.workers)]
    words += ["--backend", backend.kind]
    if backend.address is not None:
        words += ["--address", backend.address]
    if args.players is not None:
        words += ["--players", str(args.players)]
    for pair in args.option:
        words += ["--option", pair]
    words += ["--out", str(out)]
    if args.json:
        words.append("--json")
    return shlex.join(words)


def cmd_tournament(args: argparse.Namespace) -> int:
    from getaway.tournament import plan_tournament, run_tournament
    from getaway.tournament.report import print_report

    bots = split_names(args.bots)
    if len(bots) < 2:
        raise UsageError(
            f"--bots needs at least 2 bot names separated by commas, got {args.bots!r}"
        )
    plan = plan_tournament(
        args.game, collect_options(args.option, args.players), bots, args.games, args.seed
    )
    backend = backend_from_args(
        args, args.workers if args.workers is not None else default_workers()
    )
    out_dir: Path = (
        args.out if args.out is not None else Path(f"tournament-{plan.game}-{plan.seed}")
    )
    if args.json:
        results = run_tournament(plan, backend)
    else:
        results = _run_with_progress(plan, backend)
    results["command"] = rerun_command(args, backend, out_dir)
    written = write_results(results, out_dir)
    if args.json:
        print_json(results)
        return 0
    out = console()
    print_report(out, results)
    say(out, f"written to {out_dir}: {', '.join(path.name for path in written)}")
    return 0


def _run_with_progress(plan: Plan, backend: Backend) -> JSONDict:
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    from getaway.tournament import run_tournament

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console(), transient=True) as progress:
        task = progress.add_task(f"{plan.game} tournament", total=len(plan.fixtures))
        return run_tournament(plan, backend, on_games=lambda n: progress.advance(task, n))


def write_results(results: JSONDict, out_dir: Path) -> list[Path]:
    """results.json, the plots and command.txt in ``out_dir``; the paths written."""
    from getaway.tournament.plots import write_plots

    out_dir.mkdir(parents=True, exist_ok=True)
    results_path = out_dir / "results.json"
    results_path.write_text(json.dumps(results, indent=2, ensure_ascii=False) + "\n")
    command_path = out_dir / "command.txt"
    command_path.write_text(results["command"] + "\n")
    return [results_path, *write_plots(results, out_dir), command_path]
