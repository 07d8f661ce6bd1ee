"""How fast each search level thinks, per game: ``getaway bench GAME --ismcts --bot LEVEL
--no-cap`` for every game and level, as one table.

    .venv/bin/python scripts/search_speed.py [--positions 20] [--seed 0] [--markdown]

Every decision runs its level's whole iteration budget (cap dropped), so iterations and
moves are the same on any machine; the rates are per second of this process's processor
time. The last column divides the slowest decision by the level's wall-clock cap: under 1, no
decision would reach the cap on an idle core.
"""

from __future__ import annotations

import argparse

from getaway.ai import LEVELS
from getaway.bench import SEARCH_POSITIONS, bench_ismcts
from getaway.core import games, get_game


def searchable_games() -> list[str]:
    """The registered games, test games left out (they have no level worth quoting)."""
    return [name for name in sorted(games()) if not name.startswith("toy-")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=SEARCH_POSITIONS)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--markdown", action="store_true", help="a table for docs/ai.md")
    args = parser.parse_args()
    rows = []
    for name in searchable_games():
        game = get_game(name)
        for level in LEVELS:
            rows.append(bench_ismcts(game, level, args.positions, args.seed, no_cap=True))
    header = (
        "| game | level | budget | mean iterations run | iterations / CPU-s | plain "
        "iterations / CPU-s | CPU s/move, max | cap | slowest / cap |"
    )
    print(
        f"`getaway bench GAME --ismcts --bot LEVEL --no-cap --positions {args.positions} "
        f"--seed {args.seed}`, {args.positions} positions along random games, default options:"
    )
    print()
    print(header)
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        cap = LEVELS[row["bot"]].seconds  # the level's cap, dropped for the measurement
        share = "n/a" if cap is None else f"{row['max_move_cpu_seconds'] / cap:.2f}"
        print(
            f"| {row['game']} | `{row['bot']}` | {row['budget_iterations']:,} | "
            f"{row['mean_iterations']:,.0f} | {row['iterations_per_cpu_second']:,} | "
            f"{row['plain_iterations_per_cpu_second']:,} | {row['max_move_cpu_seconds']:.3f} | "
            f"{'none' if cap is None else f'{cap} s'} | {share} |"
        )


if __name__ == "__main__":
    main()
