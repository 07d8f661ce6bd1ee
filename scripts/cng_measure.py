"""Mean rank of bots in Cash 'n Guns games, seats rotated fairly.

Every block of N games (N = players) uses one deal (seed) and N rotations of the bot list
round the table, so each bot sits in each seat once per block with the same cards and notes.
A bot's rank in a game is :func:`getaway.games.cash_n_guns.ranking.final_ranks` (winners
1; other survivors by score, shame, wounds; the dead last; ties share their mean place).
Prints, per bot: games, mean rank with a 95% confidence interval (normal approximation over
its games), win share (a shared win counts its share), deaths, and per-move processor time
(decisions with more than one legal action); then, for every two bots, how many places
better the first finished than the second in the same games (paired, with a 95% interval).

Search bots play their whole budget, their time cap dropped (``getaway.ai.uncapped_spec``), so
the games are the same on any machine. Finished games are kept in ``--cache`` (per commit) and
a rerun only plays the missing ones. ``--markdown`` prints the tables for ``docs/ai.md``.

Usage::

    .venv/bin/python scripts/cng_measure.py --bots hard,heuristic,medium,easy,random \\
        --blocks 20 --seed 1 [--workers 2] [--players 5] [--json out.json] [--markdown]
"""

from __future__ import annotations

import argparse
import itertools
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from measuring import GameCache, code_commit, mean_interval, paired_difference, run_jobs

from getaway.ai import make_bot, uncapped_spec
from getaway.core import bot_rng, derive_seed, get_game
from getaway.games.cash_n_guns.ranking import final_ranks
from getaway.games.cash_n_guns.state import CashNGunsState

GAME = get_game("cash-n-guns")


def play(job: tuple[Sequence[str], int, int, dict[str, Any]]) -> dict[str, Any]:
    """One game: ``names[k]`` sits at seat ``k``. Returns per-seat results."""
    names, seed, block, options = job
    state = cast(CashNGunsState, GAME.new_state(options, seed))
    seats = state.seats
    bots = {
        seat: make_bot(GAME, uncapped_spec(name)) for seat, name in zip(seats, names, strict=True)
    }
    rngs = {seat: bot_rng(seed, "bot", seat, *names) for seat in seats}
    times: dict[str, list[float]] = {seat: [] for seat in seats}
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        started = time.process_time()
        action = bots[seat].choose(GAME, seat, view, legal, rngs[seat])
        if len(legal) > 1:
            times[seat].append(round(time.process_time() - started, 5))
        state.apply(seat, action)
    ranks = final_ranks(state)
    winners = state.winner_seats()
    return {
        "block": block,
        "seed": seed,
        "results": [
            {
                "bot": name,
                "seat": seat,
                "rank": ranks[i],
                "win": (1.0 / len(winners)) if seat in winners else 0.0,
                "dead": not state.alive >> i & 1,
                "money": state.money[i],
                "shame": state.shame[i],
                "wounds": state.wounds[i],
                "times": times[seat],
            }
            for i, (seat, name) in enumerate(zip(seats, names, strict=True))
        ],
    }


def summarize(games: list[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    rows = []
    for bot in dict.fromkeys(bots):
        mine = [r for g in games for r in g["results"] if r["bot"] == bot]
        n = len(mine)
        mean, half = mean_interval([r["rank"] for r in mine])
        times = [t for r in mine for t in r["times"]]
        rows.append(
            {
                "bot": bot,
                "games": n,
                "mean_rank": mean,
                "ci95": half,
                "wins": sum(r["win"] for r in mine) / n,
                "deaths": sum(r["dead"] for r in mine) / n,
                "shame": sum(r["shame"] for r in mine) / n,
                "wounds": sum(r["wounds"] for r in mine) / n,
                "money_alive": sum(r["money"] for r in mine)
                / max(1, n - sum(r["dead"] for r in mine)),
                "mean_move_s": sum(times) / len(times) if times else 0.0,
                "max_move_s": max(times) if times else 0.0,
            }
        )
    return rows


def paired_ranks(games: list[dict[str, Any]], bots: Sequence[str]) -> list[dict[str, Any]]:
    """For every two bots, how many places better the first finished than the second, game
    by game (both sit at every table)."""
    rows = []
    for first, second in itertools.combinations(dict.fromkeys(bots), 2):
        a, b = [], []
        for game in games:
            rank = {r["bot"]: r["rank"] for r in game["results"]}
            a.append(rank[second])
            b.append(rank[first])
        better, half = paired_difference(a, b)
        rows.append({"first": first, "second": second, "places_better": better, "ci95": half})
    return rows


def markdown(
    rows: list[dict[str, Any]], pairs: list[dict[str, Any]], header: str, command: str
) -> str:
    lines = [
        header,
        "",
        "```",
        command,
        "```",
        "",
        "| bot | games | mean rank (95% CI) | wins | deaths | money | CPU s/move (max) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in sorted(rows, key=lambda r: r["mean_rank"]):
        lines.append(
            f"| `{r['bot']}` | {r['games']} | {r['mean_rank']:.2f} ± {r['ci95']:.2f} | "
            f"{r['wins']:.1%} | {r['deaths']:.1%} | {r['money_alive']:,.0f} | "
            f"{r['mean_move_s']:.3f} ({r['max_move_s']:.2f}) |"
        )
    lines += [
        "",
        "Paired by game (both bots at every table): places the first finished ahead of the second.",
        "",
        "| bots | places better (95% CI) | separated |",
        "|---|---|---|",
    ]
    for p in pairs:
        low, high = p["places_better"] - p["ci95"], p["places_better"] + p["ci95"]
        separated = "yes" if low > 0 or high < 0 else "no"
        lines.append(
            f"| `{p['first']}` over `{p['second']}` | {p['places_better']:+.2f} "
            f"({low:+.2f} to {high:+.2f}) | {separated} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", required=True, help="comma-separated, one per seat")
    parser.add_argument("--blocks", type=int, default=10, help="deals; each plays N rotations")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument(
        "--options", default="{}", help='game options as JSON, e.g. {"advanced": true}'
    )
    parser.add_argument("--json", help="write every game's results here")
    parser.add_argument(
        "--cache",
        type=Path,
        default=Path("runs/cng_measure.jsonl"),
        help="finished games, kept per commit so that a rerun resumes (runs/cng_measure.jsonl)",
    )
    parser.add_argument("--markdown", action="store_true", help="print tables for docs/ai.md")
    args = parser.parse_args()
    bots = args.bots.split(",")
    options = {"players": len(bots), **json.loads(args.options)}
    jobs = []
    for block in range(args.blocks):
        seed = derive_seed(args.seed, "cng-measure", block)
        for shift in range(len(bots)):
            names = bots[shift:] + bots[:shift]
            key = json.dumps([names, seed, options], sort_keys=True)
            jobs.append((key, (names, seed, block, options)))
    commit = code_commit()
    started = time.perf_counter()
    games = run_jobs(
        jobs,
        play,
        workers=args.workers,
        cache=GameCache(args.cache, commit),
        label="Cash 'n Guns games",
        quiet=args.markdown,
    )
    elapsed = time.perf_counter() - started
    rows = summarize(games, bots)
    pairs = paired_ranks(games, bots)
    command = (
        f".venv/bin/python scripts/cng_measure.py --bots {args.bots} --blocks {args.blocks} "
        f"--seed {args.seed} --workers {args.workers}"
        + (f" --options '{args.options}'" if args.options != "{}" else "")
    )
    if args.markdown:
        header = (
            f"{len(games)} games ({args.blocks} deals x {len(bots)} rotations), {options}, "
            f"commit {commit}, caps off:"
        )
        print(markdown(rows, pairs, header, command + " --markdown"))
    else:
        print(f"{len(games)} games, {options}, seed {args.seed}, commit {commit}, {elapsed:.0f} s")
        print(
            f"{'bot':40} {'games':>5} {'mean rank':>16} {'wins':>6} {'deaths':>6} "
            f"{'shame':>5} {'wounds':>6} {'money':>7} {'CPU s':>7} {'max':>6}"
        )
        for r in sorted(rows, key=lambda r: r["mean_rank"]):
            print(
                f"{r['bot']:40} {r['games']:5d} {r['mean_rank']:8.2f} ± {r['ci95']:4.2f}  "
                f"{r['wins']:6.1%} {r['deaths']:6.1%} {r['shame']:5.2f} {r['wounds']:6.2f} "
                f"{r['money_alive']:7.0f} {r['mean_move_s']:7.3f} {r['max_move_s']:6.2f}"
            )
        for p in pairs:
            print(
                f"{p['first']} over {p['second']}: {p['places_better']:+.2f} "
                f"± {p['ci95']:.2f} places"
            )
    if args.json:
        data = {
            "options": options,
            "seed": args.seed,
            "commit": commit,
            "games": games,
            "summary": rows,
            "pairs": pairs,
        }
        Path(args.json).write_text(json.dumps(data))


if __name__ == "__main__":
    main()
