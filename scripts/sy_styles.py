"""Scotland Yard strength against opponent styles: ``hard`` and ``heuristic`` on each side
against every style of the other side, on paired deals, as a markdown table for docs/ai.md.

    .venv/bin/python scripts/sy_styles.py --games 100 --workers 2 --cache runs/sy_styles.jsonl

For each opponent style S (``heuristic``, ``distance``, ``nw`` by default) it plays ``hard``
and ``heuristic`` Mr. X against detectives S, then ``hard`` and ``heuristic`` detectives
against Mr. X S: game ``g`` of every pairing is dealt with ``derive_seed(seed, g)``, so the
two bots of a row meet the same deals, and the row's difference is the mean of the per-deal
differences (+- 1.96 standard errors); each rate has a Wilson 95% interval. Search bots play
uncapped (iteration budgets only). CPU seconds per move are our bot's, in its worker process.

Every finished game is appended as one JSON line to ``--cache``, keyed by the bots, players,
seed, deal, parameters and the commit (``git rev-parse``; ``+dirty`` when ``src`` has
uncommitted changes), so an interrupted run resumes where it stopped. ``--any-commit`` also
reuses games cached at other commits (for bots whose code did not change); the table then
lists every commit its games came from. ``--table`` prints the table from the cache and
plays nothing.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from measuring import GameCache, code_commit, paired_difference, run_jobs
from sy_games import parse_params, play_one

from getaway.core import derive_seed
from getaway.tournament.stats import wilson

OURS = ("hard", "heuristic")
STYLES = ("heuristic", "distance", "nw")
#: ``nw``: our search with only the four techniques of Nijssen and Winands (2012):
#: categorization, coalition reduction, epsilon-greedy distance playouts and move filtering,
#: at 500 iterations (the published opponents' range). It reads none of our heuristic's
#: knowledge: no guided playouts, shortlist, evaluation, belief model or anchor.
NW = (
    "ismcts:iterations=500:off=anchor+evaluation+flat+guided+keep-away+mixed-model"
    "+move-model+shortlist"
)
#: ``nw2k``: the same at 2000 iterations, a much stronger hunter (docs/ai.md, "A stronger
#: ``nw``"): a candidate opponent for Mr. X's row, where ``nw`` leaves no room.
NW2K = NW.replace("iterations=500", "iterations=2000")
#: Style names that stand for a bot spec.
STYLE_BOTS = {"nw": NW, "nw2k": NW2K}


def bot_of(name: str) -> str:
    """The bot spec a style or bot name stands for."""
    return STYLE_BOTS.get(name, name)


SIDES = ("mrx", "detectives")
SIDE_NAMES = {"mrx": "Mr. X", "detectives": "detectives"}

Job = tuple[str, str, int, int, int, dict[str, Any]]


def key_of(mrx: str, det: str, players: int, seed: int, deal: int, params: dict[str, Any]) -> str:
    return json.dumps([mrx, det, players, seed, deal, params], sort_keys=True)


#: The spec the ``hard`` rows play (``--hard``: a variant of it, measured in the same table).
HARD = {"spec": "hard"}


def pairing(side: str, ours: str, style: str) -> tuple[str, str]:
    """(Mr. X's bot, the detectives' bot) when ``ours`` plays ``side`` against ``style``."""
    style = bot_of(style)
    if ours == "hard":
        ours = HARD["spec"]
    return (ours, style) if side == "mrx" else (style, ours)


def players_of(args: argparse.Namespace, side: str) -> int:
    """The player count of ``side``'s rows."""
    chosen: int | None = args.mrx_players if side == "mrx" else args.detective_players
    return args.players if chosen is None else chosen


def jobs_for(args: argparse.Namespace, params: dict[str, Any]) -> list[Job]:
    """Deal by deal, every row's pair of games for one deal before the next deal, so that a
    run stopped early leaves every row with the same whole paired deals."""
    jobs = []
    for g in range(args.from_deal, args.games):
        for side in args.sides:
            for style in args.styles:
                for ours in args.ours:
                    mrx, det = pairing(side, ours, style)
                    jobs.append((mrx, det, players_of(args, side), args.seed, g, params))
    return jobs


def _play(job: Job) -> dict[str, Any]:
    mrx, det, players, seed, deal, params = job
    started = time.process_time()
    game = play_one(mrx, det, players, derive_seed(seed, deal), params)
    line: dict[str, Any] = {
        "mrx": mrx,
        "detectives": det,
        "players": players,
        "seed": seed,
        "deal": deal,
        "params": params,
        "winner": game["winner"],
        "round": game["round"],
        "end": game["end"],
        "cpu": round(time.process_time() - started, 3),
    }
    for side in ("mrx", "det"):
        cpu = game[f"{side}_cpu"]
        line[f"{side}_moves"] = len(cpu)
        line[f"{side}_cpu_sum"] = round(sum(cpu), 4)
        line[f"{side}_cpu_max"] = round(max(cpu, default=0.0), 4)
    return line


def _won(line: dict[str, Any], side: str) -> float:
    return 1.0 if line["winner"] == side else 0.0


def _rate(wins: float, n: int) -> str:
    interval = wilson(round(wins), n)
    return f"{wins / n:.0%} [{interval.low:.0%}, {interval.high:.0%}]" if n else "-"


def table(args: argparse.Namespace, params: dict[str, Any], cache: GameCache) -> str:
    games = cache.records
    rows = [
        "| our side | opponent | deals | hard wins [95% CI] | heuristic wins [95% CI] "
        "| hard - heuristic (paired, +-95%) | hard CPU s/move mean (max) | players |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    commits: set[str] = set()
    for side in args.sides:
        seat = "mrx" if side == "mrx" else "det"
        players = players_of(args, side)
        for style in args.styles:
            per_bot: dict[str, list[dict[str, Any]]] = {}
            deals = []
            for g in range(args.games):
                keys = [
                    key_of(*pairing(side, ours, style), players, args.seed, g, params)
                    for ours in OURS
                ]
                if all(key in games for key in keys):
                    deals.append(g)
                    for ours, key in zip(OURS, keys, strict=True):
                        per_bot.setdefault(ours, []).append(games[key])
                        commits.add(cache.commits[key])
            n = len(deals)
            if not n:
                rows.append(f"| {SIDE_NAMES[side]} | {style} | 0 | - | - | - | - | {players} |")
                continue
            hard = [_won(line, side) for line in per_bot["hard"]]
            heur = [_won(line, side) for line in per_bot["heuristic"]]
            mean, half = paired_difference(hard, heur)
            moves = sum(line[f"{seat}_moves"] for line in per_bot["hard"])
            cpu = sum(line[f"{seat}_cpu_sum"] for line in per_bot["hard"])
            top = max(line[f"{seat}_cpu_max"] for line in per_bot["hard"])
            rows.append(
                f"| {SIDE_NAMES[side]} | {style} | {n} | {_rate(sum(hard), n)} "
                f"| {_rate(sum(heur), n)} | {mean * 100:+.0f} +- {half * 100:.0f} points "
                f"| {cpu / max(moves, 1):.2f} ({top:.2f}) | {players} |"
            )
    head = (
        f"Commit(s) {', '.join(sorted(commits)) or '-'}; seed "
        f"{args.seed}, deals derive_seed(seed, g); search bots uncapped; wins are our "
        "side's (Mr. X's in his rows, the detectives' in theirs)"
        + (f"; parameters {params}" if params else "")
        + (f"; hard rows play {args.hard}" if args.hard != "hard" else "")
        + "."
    )
    return head + "\n\n" + "\n".join(rows)


def _names(text: str, allowed: Iterable[str] | None = None) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    if allowed is not None:
        wrong = set(names) - set(allowed)
        if wrong:
            raise argparse.ArgumentTypeError(f"unknown: {', '.join(sorted(wrong))}")
    return names


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="paired deals per row")
    parser.add_argument(
        "--from-deal", type=int, default=0, help="play deals from this one on (to split a row)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument(
        "--mrx-players", type=int, help="player count of Mr. X's rows (default --players)"
    )
    parser.add_argument(
        "--detective-players",
        type=int,
        help="player count of the detectives' rows (default --players)",
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", type=Path, default=Path("runs/sy_styles.jsonl"))
    parser.add_argument(
        "--styles",
        type=_names,
        default=list(STYLES),
        help="opponent bots (nw: " + NW + ")",
    )
    parser.add_argument(
        "--sides", type=lambda t: _names(t, SIDES), default=list(SIDES), help="mrx,detectives"
    )
    parser.add_argument(
        "--ours",
        type=lambda t: _names(t, OURS),
        default=list(OURS),
        help="which of our bots to play (the table needs both)",
    )
    parser.add_argument(
        "--hard",
        default="hard",
        metavar="SPEC",
        help="the spec the hard rows play (a variant of hard, e.g. hard:iterations=3600)",
    )
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--any-commit", action="store_true", help="reuse games of any commit")
    parser.add_argument("--table", action="store_true", help="print the table, play nothing")
    args = parser.parse_args()
    try:
        params = parse_params(args.set)
    except ValueError as error:
        parser.error(str(error))
    HARD["spec"] = args.hard
    cache = GameCache(args.cache, code_commit(), any_commit=args.any_commit)
    if not args.table:
        jobs = [(key_of(*job), job) for job in jobs_for(args, params)]
        run_jobs(jobs, _play, workers=args.workers, cache=cache, label="Scotland Yard games")
    print(table(args, params, cache))


if __name__ == "__main__":
    main()
