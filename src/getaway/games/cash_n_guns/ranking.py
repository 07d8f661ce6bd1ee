"""Where each player finishes: final ranks, and an estimate of them before the end.

A 5-player game is not won or lost by one seat alone: finishing second is better than dying.
Search and measurement both need the *rank* (1 = best), not only the winner:

* :func:`final_ranks`: the winners share rank 1 (the sole survivor, the cop who called his
  backup in time, or the richest surviving gangster with the tie-breakers of spec 5); the
  other survivors follow by score (money, shame, Six Feet Under and Coward as the game scores
  them), then fewer shame tokens, then more wounds; the dead share the last ranks. Tied
  players share the mean of their places, so ranks always sum to 1 + 2 + ... + N.
* :func:`estimated_ranks`: for a game still going, at the start of a round: each living
  player's chance to survive the rounds left (from his wounds) and a normal spread of the
  money still to come around his expected score (his score now, what a player with his
  wounds earns in the rounds left, a little per bullet in hand) give,
  pair by pair, the chance he ends above the other; a player's expected rank is 1 plus the
  chances that each other ends above him.
* :func:`rank_reward` maps a rank to [-1, 1] (1 for first, -1 for last).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import BANG, BBB, ROUNDS
from getaway.games.cash_n_guns.scoring import score
from getaway.games.cash_n_guns.shots import death_threshold

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: The chance a player dies in one round, by the wounds he can still take (2 or more: 2).
#: Heuristic self-play measures 0.011, 0.031 and 0.003 (scripts/cng_calibrate.py); players
#: who hide less (random ones, searchers) die more, hence the higher first value.
DEATH_HAZARD = (0.06, 0.035, 0.005)
#: The score a survivor gains in one round, by the wounds he can still take (2 or more: 2):
#: one wound from death, a player mostly hides and earns little (heuristic self-play:
#: 1,700 against 11,700 and 11,900; scripts/cng_calibrate.py).
ROUND_INCOME = (1_700.0, 11_700.0, 11_900.0)
#: The spread of a final score difference grows by this per square root of the rounds left
#: (measured: 15,000-23,000 on heuristic self-play).
ROUND_SPREAD = 20_000.0
#: Final dollars a bullet still in hand is worth (measured: 600-1,900 on heuristic play).
BULLET_VALUE = 1_500.0


def final_ranks(s: CashNGunsState) -> list[float]:
    """Each player's final rank (1 = best; ties share the mean of their places)."""
    n = s.rules.players
    winners = set(s.winners)
    keys: list[tuple[int, float, int, int]] = []
    for i in range(n):
        if i in winners:
            keys.append((2, 0.0, 0, 0))
        elif s.alive >> i & 1:
            keys.append((1, float(score(s, i)), -s.shame[i], s.wounds[i]))
        else:
            keys.append((0, 0.0, 0, 0))
    return _ranks(keys)


def _ranks(keys: list[tuple[int, float, int, int]]) -> list[float]:
    ranks = []
    for key in keys:
        better = sum(1 for other in keys if other > key)
        tied = sum(1 for other in keys if other == key)
        ranks.append(1.0 + better + (tied - 1) / 2.0)
    return ranks


def rank_reward(rank: float, players: int) -> float:
    """1 for first place, -1 for last, evenly spaced between."""
    return 1.0 - 2.0 * (rank - 1.0) / (players - 1)


def _margin(s: CashNGunsState, i: int) -> int:
    """Wounds player ``i`` can still take and live, capped at 2 (the tables' last entry)."""
    return min(max(death_threshold(s, i) - 1 - s.wounds[i], 0), 2)


def survival(s: CashNGunsState, i: int, rounds: int) -> float:
    """The chance player ``i`` (alive) survives ``rounds`` more rounds."""
    return (1.0 - DEATH_HAZARD[_margin(s, i)]) ** rounds


def expected_score(s: CashNGunsState, i: int, rounds: int) -> float:
    """Player ``i``'s final score if he survives ``rounds`` more rounds: his score now, what
    a player with his wounds earns a round, and a little per bullet in hand."""
    bullets = s.hand[6 * i + BBB] + s.hand[6 * i + BANG]
    return float(score(s, i)) + ROUND_INCOME[_margin(s, i)] * rounds + BULLET_VALUE * bullets


def above_chances(s: CashNGunsState) -> list[list[float]]:
    """``p[i][j]``: the chance player ``i`` finishes above player ``j`` (a game going on,
    at the start of a round)."""
    n = s.rules.players
    rounds = ROUNDS - s.round + 1
    live = [0.0] * n
    scores = [0.0] * n
    for i in range(n):
        if s.alive >> i & 1:
            live[i] = survival(s, i, rounds)
            scores[i] = expected_score(s, i, rounds)
    # The spread of one score difference (each score spreads by ROUND_SPREAD / sqrt 2).
    spread = ROUND_SPREAD * math.sqrt(max(1, rounds))
    # Asked at the end of every playout: the divisor and erf read once.
    divisor = spread * math.sqrt(2.0)
    erf = math.erf
    p = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            richer = 0.5 * (1.0 + erf((scores[i] - scores[j]) / divisor))
            li, lj = live[i], live[j]
            both_dead = (1.0 - li) * (1.0 - lj)
            above = li * lj * richer + li * (1.0 - lj) + 0.5 * both_dead
            p[i][j] = above
            p[j][i] = li * lj * (1.0 - richer) + lj * (1.0 - li) + 0.5 * both_dead
    return p


def estimated_ranks(s: CashNGunsState) -> list[float]:
    """Each player's expected final rank, from the position at the start of a round."""
    p = above_chances(s)
    n = len(p)
    return [1.0 + sum(p[j][i] for j in range(n) if j != i) for i in range(n)]


def estimated_wins(s: CashNGunsState) -> list[float]:
    """Each player's rough chance to finish first (pairwise chances multiplied)."""
    p = above_chances(s)
    n = len(p)
    return [math.prod(p[i][j] for j in range(n) if j != i) for i in range(n)]


__all__ = [
    "estimated_ranks",
    "estimated_wins",
    "final_ranks",
    "rank_reward",
]
