"""Time Scotland Yard's rules and search on the same games, in processor time, so that two
versions can be compared on a shared machine (``getaway bench`` measures wall-clock time on
games of random play, which differ between versions whose legal actions differ).

    PYTHONPATH=/path/to/other/src .venv/bin/python scripts/sy_speed.py --games 400

The games: Mr. X rides a random single move, the hunters a random move, every seat through
the public protocol only (no id a version lacks), so every version plays the same games.
Measured: whole games per CPU second, microseconds per ``legal_actions``/``apply``/``clone``
at Mr. X's turns and at the hunters', and the search bot ``--bot`` deciding at ``--positions``
positions of those games (CPU seconds per move, iterations per CPU second).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

from getaway.ai import make_bot
from getaway.core import State, bot_rng, get_game

OPTIONS = {"players": 4, "x2_counts_police": True}


def single(state: State, seat: str, rnd: random.Random) -> str:
    legal = state.legal_actions(seat)
    if seat == "mrx":
        legal = [a for a in legal if not a.startswith("double")]
    return legal[int(rnd.random() * len(legal))]


def games(count: int, seed: int) -> tuple[float, int, list[State]]:
    """Play ``count`` games; CPU seconds, plies, and one position in 23 kept."""
    game = get_game("scotland-yard")
    rnd = random.Random(seed)
    kept: list[State] = []
    plies = 0
    started = time.process_time()
    for g in range(count):
        state = game.new_state(OPTIONS, seed + g)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, single(state, seat, rnd))
            plies += 1
            if plies % 23 == 0 and not state.is_over():
                kept.append(state.clone())
    return time.process_time() - started, plies, kept


def per_call(states: list[State], repeat: int) -> dict[str, float]:
    """Microseconds per call, at Mr. X's turns and at the hunters'."""
    out: dict[str, float] = {}
    for side in ("mrx", "hunters"):
        chosen = [s for s in states if (s.to_act()[0] == "mrx") == (side == "mrx")]
        rnd = random.Random(1)
        moves = [single(s, s.to_act()[0], rnd) for s in chosen]
        started = time.process_time()
        for _ in range(repeat):
            for s in chosen:
                s.legal_actions(s.to_act()[0])
        out[f"{side}_legal_us"] = (time.process_time() - started) / (repeat * len(chosen)) * 1e6
        clones = [[s.clone() for s in chosen] for _ in range(repeat)]
        started = time.process_time()
        for batch in clones:
            for s, move in zip(batch, moves, strict=True):
                s.apply(s.to_act()[0], move)
        out[f"{side}_apply_us"] = (time.process_time() - started) / (repeat * len(chosen)) * 1e6
        started = time.process_time()
        for _ in range(repeat):
            for s in chosen:
                s.clone()
        out[f"{side}_clone_us"] = (time.process_time() - started) / (repeat * len(chosen)) * 1e6
    return {k: round(v, 3) for k, v in out.items()}


def search(states: list[State], spec: str, positions: int) -> dict[str, Any]:
    game = get_game("scotland-yard")
    bot = make_bot(game, spec)
    step = max(1, len(states) // positions)
    cpu = 0.0
    iterations = 0
    by_side: dict[str, list[float]] = {"mrx": [], "detectives": []}
    for i, state in enumerate(states[::step][:positions]):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        started = time.process_time()
        bot.choose(game, seat, state.view(seat), legal, bot_rng(7, "speed", i))
        spent = time.process_time() - started
        cpu += spent
        iterations += getattr(bot, "last").iterations  # noqa: B009 - only search bots have it
        by_side["mrx" if seat == "mrx" else "detectives"].append(spent)
    return {
        "search_moves": sum(len(v) for v in by_side.values()),
        "search_cpu_per_move": round(cpu / max(1, sum(len(v) for v in by_side.values())), 4),
        "search_iterations_per_cpu_second": round(iterations / max(cpu, 1e-9)),
        "mrx_cpu_per_move": round(sum(by_side["mrx"]) / max(1, len(by_side["mrx"])), 4),
        "detective_cpu_per_move": round(
            sum(by_side["detectives"]) / max(1, len(by_side["detectives"])), 4
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--bot", default="hard:seconds=none")
    parser.add_argument("--positions", type=int, default=0, help="0: no search")
    args = parser.parse_args()
    seconds, plies, kept = games(args.games, args.seed)
    result: dict[str, Any] = {
        "games_per_cpu_second": round(args.games / seconds, 1),
        "plies_per_cpu_second": round(plies / seconds),
        "plies": plies,
        **per_call(kept[:300], args.repeat),
    }
    if args.positions:
        result.update(search(kept, args.bot, args.positions))
    print(json.dumps(result))


if __name__ == "__main__":
    main()
