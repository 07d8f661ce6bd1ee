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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,hard")
    parser.add_argument("--jsonl", help="append each game's result to this file")
    args = parser.parse_args()
    names = args.bots.split(",")
    for players in args.players:
        results: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
        for index in range(args.first, args.first + args.games):
            for name in names:  # each deal by every bot in turn: paired, alternating
                row = play(players, index, args.seed, name)
                results[name].append(row)
                if args.jsonl:
                    with Path(args.jsonl).open("a", encoding="utf-8") as out:
                        out.write(json.dumps(row) + "\n")
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
            print(
                f"{players} heroes paired: only {names[0]} won {only[0]}, "
                f"only {names[1]} won {only[1]}"
            )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
