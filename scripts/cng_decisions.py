"""Decision quality of Cash 'n Guns bots, measured against heuristic players.

Whole-game tables need hundreds of games to separate two bots. This script compares single
decisions instead, with common random numbers:

1. Positions: decision points (load, aim, hide-or-stay with more than one legal move) drawn
   from heuristic self-play games, 5 players, Basic game.
2. Truth: for each position and each legal move of the seat to decide, the seat plays that
   move on the *true* state and then every seat (itself included) plays on as the heuristic
   bot, ``--rollouts`` times with the same generators for every move; the move's value is
   the seat's mean final rank reward (1 first ... -1 last). Positions come from real play, so
   over many positions the true hidden cards follow what the seat could believe.
3. Each bot named in ``--bots`` decides from the seat's view; its *regret* at a position is
   the best move's value minus the value of its move. Prints mean regret (95% CI) and how
   often each bot picks the best move, per step.

Usage::

    .venv/bin/python scripts/cng_decisions.py --positions 120 --rollouts 40 \\
        --bots heuristic,hard --seed 1 [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path
from typing import Any, cast

from getaway.ai import make_bot
from getaway.core import Rng, bot_rng, derive_seed, get_game
from getaway.games.cash_n_guns.bots import HeuristicBot
from getaway.games.cash_n_guns.ranking import final_ranks, rank_reward
from getaway.games.cash_n_guns.state import CashNGunsState

GAME = get_game("cash-n-guns")
OPTIONS = {"players": 5}
STEPS = ("load", "aim", "courage")


def positions(count: int, seed: int) -> list[tuple[CashNGunsState, str]]:
    """Decision points of heuristic self-play: about two per game, at random."""
    found: list[tuple[CashNGunsState, str]] = []
    bot = HeuristicBot()
    game_no = 0
    while len(found) < count:
        game_seed = derive_seed(seed, "positions", game_no)
        game_no += 1
        state = cast(CashNGunsState, GAME.new_state(OPTIONS, game_seed))
        pick = Rng(game_seed)
        rngs = {s: bot_rng(game_seed, "bot", s) for s in state.seats}
        while not state.is_over() and len(found) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1 and state.step_name() in STEPS and pick.random() < 0.025:
                found.append((state.clone(), seat))
            action = bot.choose(GAME, seat, state.view(seat), legal, rngs[seat])
            state.apply(seat, action)
    return found


def rollout_values(job: tuple[CashNGunsState, str, int, int]) -> dict[str, float]:
    """Each legal move's mean rank reward for the seat, heuristic play afterwards."""
    state, seat, rollouts, seed = job
    bot = HeuristicBot()
    values = {}
    index = state.rules.index[seat]
    for action in state.legal_actions(seat):
        total = 0.0
        for r in range(rollouts):
            s = state.clone()
            s.apply(seat, action)
            rngs = {x: bot_rng(seed, r, x) for x in s.seats}
            while not s.is_over():
                x = s.to_act()[0]
                s.apply(x, bot.choose(GAME, x, s.view(x), s.legal_actions(x), rngs[x]))
            total += rank_reward(final_ranks(s)[index], s.rules.players)
        values[action] = total / rollouts
    return values


def decide(job: tuple[str, CashNGunsState, str, int]) -> tuple[str, float]:
    name, state, seat, seed = job
    bot = make_bot(GAME, name)
    started = time.process_time()
    legal = state.legal_actions(seat)
    action = bot.choose(GAME, seat, state.view(seat), legal, bot_rng(seed, "decide"))
    return action, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--rollouts", type=int, default=40)
    parser.add_argument("--bots", default="heuristic,hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", help="JSON file keeping positions and truth between runs")
    args = parser.parse_args()
    bots: Sequence[str] = args.bots.split(",")
    started = time.perf_counter()
    with Pool(args.workers) as pool:
        found, truth = ground_truth(args, pool)
        print(f"truth: {len(found)} positions, {time.perf_counter() - started:.0f} s")
        for name in bots:
            jobs = [
                (name, s, seat, derive_seed(args.seed, "decide", n))
                for n, (s, seat) in enumerate(found)
            ]
            report(name, found, truth, pool.map(decide, jobs))


def ground_truth(
    args: argparse.Namespace, pool: Any
) -> tuple[list[tuple[CashNGunsState, str]], list[dict[str, float]]]:
    cache = Path(args.cache) if args.cache else None
    if cache is not None and cache.exists():
        data = json.loads(cache.read_text())
        found = [(cast(CashNGunsState, GAME.state_from_json(s)), seat) for s, seat in data["found"]]
        return found, data["truth"]
    found = positions(args.positions, args.seed)
    jobs = [
        (s, seat, args.rollouts, derive_seed(args.seed, "rollouts", n))
        for n, (s, seat) in enumerate(found)
    ]
    truth = pool.map(rollout_values, jobs)
    if cache is not None:
        found_json = [(s.to_json(), seat) for s, seat in found]
        cache.write_text(json.dumps({"found": found_json, "truth": truth}))
    return found, truth


def report(
    name: str,
    found: list[tuple[CashNGunsState, str]],
    truth: list[dict[str, float]],
    decisions: list[tuple[str, float]],
) -> None:
    by_step: dict[str, list[float]] = defaultdict(list)
    best_hits: dict[str, list[bool]] = defaultdict(list)
    seconds = []
    for (state, _), values, (action, spent) in zip(found, truth, decisions, strict=True):
        step = state.step_name()
        regret = max(values.values()) - values[action]
        for key in (step, "all"):
            by_step[key].append(regret)
            best_hits[key].append(regret <= 1e-12)
        seconds.append(spent)
    parts = []
    for key in (*STEPS, "all"):
        data = by_step.get(key, [])
        if not data:
            continue
        mean = sum(data) / len(data)
        sd = math.sqrt(sum((x - mean) ** 2 for x in data) / max(1, len(data) - 1))
        ci = 1.96 * sd / math.sqrt(len(data))
        best = sum(best_hits[key]) / len(data)
        parts.append(f"{key} n={len(data)} regret {mean:.4f} ± {ci:.4f} best {best:.0%}")
    print(f"{name:50} cpu/move {sum(seconds) / len(seconds):.3f} s | " + " | ".join(parts))


if __name__ == "__main__":
    main()
