"""A ``getaway tournament`` as a markdown table for the docs: each bot's games, wins, win rate
and mean place with their 95% intervals (Wilson for win rates, bootstrap over deals for mean
places), then the paired difference of mean places between the first two bots.

    .venv/bin/python scripts/tournament_table.py GAME --bots A,B --games N [--players P]
        [--seed S] [--workers K] [--option KEY=VALUE ...]
    .venv/bin/python scripts/tournament_table.py --results DIR/results.json

The first form plays the tournament (the bots' wall-clock caps dropped, as ``getaway
tournament`` does) and prints the table; the second prints the table of a finished
``getaway tournament --out DIR`` run.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

#: Two-sided 95% normal quantile.
Z95 = 1.959964


def paired_places(results: Mapping[str, Any], first: str, second: str) -> tuple[float, float]:
    """Mean over deals of (``second``'s mean place - ``first``'s mean place) in that deal, and
    its 95% half-width (normal approximation over deals): positive when ``first`` finishes
    ahead. Both bots sit at every deal's tables, so the deal's cards cancel out."""
    by_deal: dict[int, dict[str, list[float]]] = {}
    for record in results["records"]:
        if not record.get("ranks"):
            continue  # a failed game (counted in the document's errors)
        places = by_deal.setdefault(record["deal"], {first: [], second: []})
        for bot, rank in zip(record["lineup"], record["ranks"], strict=True):
            if bot in places:
                places[bot].append(rank)
    diffs = [
        sum(p[second]) / len(p[second]) - sum(p[first]) / len(p[first])
        for p in by_deal.values()
        if p[first] and p[second]
    ]
    n = len(diffs)
    mean = sum(diffs) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    return mean, Z95 * spread / math.sqrt(n)


def markdown(results: Mapping[str, Any]) -> str:
    roles = len(results["roles"])
    lines = [
        f"{results['finished']} games ({results['deals']} deals x {len(results['lineups'])} "
        f"line-ups), {results['players']} players, seed {results['seed']}, caps off:",
        "",
        "```",
        str(results.get("command", "")),
        "```",
        "",
        f"| bot | seat-games | wins | win rate (95% CI) | mean place of {roles} (95% CI) |",
        "|---|---|---|---|---|",
    ]
    for s in results["standings"]:
        low, high = s["win_rate_ci"]
        place = "-"
        if s["mean_rank"] is not None:
            p_low, p_high = s["mean_rank_ci"]
            place = f"{s['mean_rank']:.2f} ({p_low:.2f}-{p_high:.2f})"
        lines.append(
            f"| `{s['bot']}` | {s['plays']} | {s['wins']:g} | "
            f"{s['win_rate']:.0%} ({low:.0%}-{high:.0%}) | {place} |"
        )
    bots: Sequence[str] = results["bots"]
    if len(bots) >= 2 and results["ranked"]:
        mean, half = paired_places(results, bots[0], bots[1])
        lines += [
            "",
            f"Paired by deal: `{bots[0]}` finishes {mean:+.2f} places ahead of `{bots[1]}` "
            f"(95% CI {mean - half:+.2f} to {mean + half:+.2f}).",
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?")
    parser.add_argument("--bots")
    parser.add_argument("--games", type=int)
    parser.add_argument("--players", type=int)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--results", type=Path, help="a finished tournament's results.json")
    args = parser.parse_args()
    if args.results is not None:
        results = json.loads(args.results.read_text())
    else:
        if not (args.game and args.bots and args.games):
            parser.error("GAME, --bots and --games are needed unless --results is given")
        from getaway.cli.common import collect_options
        from getaway.tournament import plan_tournament, run_tournament

        options = collect_options(args.option, args.players)
        plan = plan_tournament(args.game, options, args.bots.split(","), args.games, args.seed)
        results = run_tournament(plan, args.workers)
        results["command"] = (
            f"getaway tournament {args.game} --bots {args.bots} --games {args.games}"
            + (f" --players {args.players}" if args.players else "")
            + "".join(f" --option {o}" for o in args.option)
            + f" --seed {args.seed} --workers {args.workers}"
        )
    print(markdown(results))


if __name__ == "__main__":
    main()
