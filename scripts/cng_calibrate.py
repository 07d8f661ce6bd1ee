"""Calibrate the position estimate of Cash 'n Guns' search (``ranking.py``) on self-play.

Plays heuristic-bot games (5 players, Basic game unless told otherwise) and records, at the
start of every round, each living player's score, wounds left before death and bullets left
in hand, and how the game ended for him. Prints:

* the chance of dying in one round, by wounds left (``DEATH_HAZARD``);
* the score a survivor gains in one round, by wounds left (``ROUND_INCOME``);
* the spread of (final score difference - present score difference) between two survivors,
  per round still to play (``ROUND_SPREAD`` is that spread over sqrt(rounds left));
* the final score each bullet still in hand is worth, by rounds left (least squares of the
  final score on the present score and bullets in hand, among survivors).

Usage: .venv/bin/python scripts/cng_calibrate.py [--games 2000] [--seed 1] [--players 5]
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import defaultdict
from typing import cast

import numpy as np

from getaway.core import Game, bot_rng, derive_seed, get_game
from getaway.games.cash_n_guns.bots import HeuristicBot
from getaway.games.cash_n_guns.cards import BANG, BBB, ROUNDS
from getaway.games.cash_n_guns.scoring import score
from getaway.games.cash_n_guns.shots import death_threshold
from getaway.games.cash_n_guns.state import CashNGunsState


def _self_play(
    game: Game, options: dict[str, int], seed: int
) -> tuple[CashNGunsState, list[CashNGunsState]]:
    """A heuristic self-play game: the final state and a copy at the start of each round."""
    state = cast(CashNGunsState, game.new_state(options, seed))
    bot = HeuristicBot()
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in state.seats}
    snapshots: list[CashNGunsState] = []
    last_round = 0
    while not state.is_over():
        if state.round != last_round:
            snapshots.append(state.clone())
            last_round = state.round
        seat = state.to_act()[0]
        action = bot.choose(game, seat, state.view(seat), state.legal_actions(seat), rngs[seat])
        state.apply(seat, action)
    return state, snapshots


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=5)
    args = parser.parse_args()
    game = get_game("cash-n-guns")
    options = {"players": args.players}
    # (round, player) rows of each game, then the game's outcome.
    deaths: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    spreads: dict[int, list[float]] = defaultdict(list)
    income: dict[int, list[float]] = defaultdict(list)
    rows: dict[int, list[tuple[float, float, float]]] = defaultdict(list)
    for n in range(args.games):
        seed = derive_seed(args.seed, "calibrate", n)
        final, snapshots = _self_play(game, options, seed)
        players = range(final.rules.players)
        for k, snap in enumerate(snapshots):
            after = snapshots[k + 1] if k + 1 < len(snapshots) else final
            left = ROUNDS - snap.round + 1
            for i in players:
                if not snap.alive >> i & 1:
                    continue
                margin = min(2, death_threshold(snap, i) - 1 - snap.wounds[i])
                deaths[margin][0] += 1
                deaths[margin][1] += not after.alive >> i & 1
                if after.alive >> i & 1:
                    income[margin].append(float(score(after, i) - score(snap, i)))
                if final.alive >> i & 1:
                    bullets = snap.hand[6 * i + BBB] + snap.hand[6 * i + BANG]
                    rows[left].append(
                        (float(score(snap, i)), float(bullets), float(final.scores[i]))
                    )
            survivors = [i for i in players if final.alive >> i & 1 and snap.alive >> i & 1]
            for a in survivors:
                for b in survivors:
                    if a < b:
                        now = score(snap, a) - score(snap, b)
                        spreads[left].append(float(final.scores[a] - final.scores[b] - now))
    print("death chance per round by wounds left (0 = the next wound kills):")
    for margin in sorted(deaths):
        seen, died = deaths[margin]
        print(f"  {margin}: {died / max(1, seen):.3f}  ({seen} player-rounds)")
    print("score gained in one round by survivors, by wounds left:")
    for margin in sorted(income):
        print(f"  {margin}: {statistics.fmean(income[margin]):8.0f}")
    print("score spread per sqrt(round left):")
    for left in sorted(spreads):
        sd = statistics.pstdev(spreads[left])
        print(f"  {left} rounds left: sd {sd:9.0f}  per sqrt {sd / math.sqrt(left):8.0f}")
    print("final score per bullet in hand (survivors), by rounds left:")
    for left in sorted(rows):
        data = np.array(rows[left])
        x = np.column_stack([np.ones(len(data)), data[:, 0], data[:, 1]])
        coef, *_ = np.linalg.lstsq(x, data[:, 2], rcond=None)
        print(f"  {left} rounds left: {coef[2]:8.0f} per bullet (score weight {coef[1]:.2f})")


if __name__ == "__main__":
    main()
