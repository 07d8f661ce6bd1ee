"""Escape from New York: the team's win rate of bot levels on paired deals, and their CPU
time per move, in one process (one worker: the machine is shared).

Game ``i`` is the deal ``getaway simulate --seed SEED`` plays as its game ``i``
(``game_seed(SEED, i)``, each seat's bot drawing from ``bot_rng``), every seat the same bot;
each bot plays the same deals, so the comparison is paired. A team win is a game every hero
won (``simulate``'s ``team_wins``). Search levels run uncapped (``seconds=none``): their
moves depend on the seed and the view alone. Until the game is registered it is built
directly::

    python scripts/efny_levels.py --players 2 --games 40 --bots heuristic,hard
    python scripts/efny_levels.py --players 1 2 3 4 --games 100 --bots heuristic --jsonl out.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

from getaway.ai import make_bot
from getaway.ai.spec import uncapped_spec
from getaway.games.escape_from_new_york.game import GAME
from getaway.simulate import game_seed, play_one, whole_sides


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(centre - half, 0.0), min(centre + half, 1.0))


def paired_interval(only_b: int, only_a: int, pairs: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of B's win rate minus A's on paired deals (the normal approximation
    for a difference of paired proportions: only the deals one of them won count)."""
    diff = (only_b - only_a) / pairs
    variance = (only_b + only_a - (only_b - only_a) ** 2 / pairs) / pairs**2
    half = z * math.sqrt(max(variance, 0.0))
    return (diff - half, diff + half)


def sign_test(only_b: int, only_a: int) -> float:
    """Two-sided exact sign test (McNemar's) on the deals only one bot won."""
    n = only_a + only_b
    if n == 0:
        return 1.0
    k = min(only_a, only_b)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def play(players: int, index: int, seed: int, bot: str) -> dict[str, Any]:
    """One deal with every seat ``bot``: the result, plies and processor seconds."""
    options = GAME.normalize_options({"players": players})
    bots = {seat: make_bot(GAME, uncapped_spec(bot)) for seat in GAME.seats(options)}
    started = time.process_time()
    state, plies = play_one(GAME, options, game_seed(seed, index), bots)
    cpu = time.process_time() - started
    outcome = state.outcome()
    assert outcome is not None
    team = bool(whole_sides(GAME.sides(options), outcome.winners))
    return {
        "players": players,
        "game": index,
        "bot": bot,
        "team": team,
        "reason": outcome.reason,
        "plies": plies,
        "cpu": round(cpu, 3),
    }


def report(players: int, names: list[str], results: dict[str, list[dict[str, Any]]]) -> None:
    """Each bot's team wins with their interval, actions and CPU; for two bots, the paired
    comparison."""
    for name, rows in results.items():
        wins = sum(r["team"] for r in rows)
        low, high = wilson(wins, len(rows))
        plies = sum(r["plies"] for r in rows)
        cpu = sum(r["cpu"] for r in rows)
        print(
            f"{players} heroes {name}: {wins}/{len(rows)} team wins "
            f"({100 * wins / len(rows):.1f}%, 95% {100 * low:.1f}-{100 * high:.1f}%), "
            f"{plies / len(rows):.0f} actions, {1000 * cpu / plies:.1f} ms CPU per action, "
            f"{cpu / len(rows):.1f} s CPU per game"
        )
    if len(names) == 2:
        first, second = (results[n] for n in names)
        only = [
            sum(a["team"] and not b["team"] for a, b in zip(x, y, strict=True))
            for x, y in ((first, second), (second, first))
        ]
        low, high = paired_interval(only[1], only[0], len(first))
        print(
            f"{players} heroes paired: only {names[0]} won {only[0]}, "
            f"only {names[1]} won {only[1]}; {names[1]} minus {names[0]}: "
            f"{100 * (only[1] - only[0]) / len(first):+.1f} points "
            f"(95% {100 * low:+.1f} to {100 * high:+.1f}), "
            f"sign test p = {sign_test(only[1], only[0]):.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,hard")
    parser.add_argument("--jsonl", help="append each game's result to this file")
    parser.add_argument(
        "--summarise", metavar="JSONL", help="report the games of such a file, playing none"
    )
    args = parser.parse_args()
    names = args.bots.split(",")
    if args.summarise:
        rows = [json.loads(line) for line in Path(args.summarise).read_text().splitlines()]
        for players in sorted({r["players"] for r in rows}):
            mine = [r for r in rows if r["players"] == players]
            # Only the deals every bot finished, so the comparison stays paired.
            done = {r["game"] for r in mine if r["bot"] == names[-1]}
            report(
                players,
                names,
                {n: [r for r in mine if r["bot"] == n and r["game"] in done] for n in names},
            )
        return
    for players in args.players:
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
        for index in range(args.first, args.first + args.games):
            for name in names:  # each deal by every bot in turn: paired, alternating
                row = play(players, index, args.seed, name)
                results[name].append(row)
                if args.jsonl:
                    with Path(args.jsonl).open("a", encoding="utf-8") as out:
                        out.write(json.dumps(row) + "\n")
        report(players, names, results)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
