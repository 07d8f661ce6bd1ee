"""What things are worth to a Cash 'n Guns player, in dollars: the weights the heuristic bot
(``bots.py``) and the search's player model (``model.py``) share, so the two stay comparable,
and the small calculations both make with them (a Phase-7 share, the odds of hits)."""

from __future__ import annotations

from collections.abc import Sequence

from getaway.core import Rng
from getaway.games.cash_n_guns.cards import ROUNDS
from getaway.games.cash_n_guns.split import split_pot

# Weights, in dollars unless said otherwise -------------------------------------------------

#: Losing the game outright on top of the money a death sends back to the box.
DEATH_STAKE = 40_000.0
#: Share of the loot still to come (deck and pot, per living player) a death also loses.
FUTURE_WEIGHT = 0.6
#: A wound that does not kill, by wounds left before death after it (1: the next one kills).
WOUND_COST = {1: 14_000.0, 2: 6_000.0, 3: 3_000.0}
#: Hitting a rival: per dollar he holds (a wound brings him nearer the box, and takes his
#: share this round).
RIVAL_MONEY_WEIGHT = 0.15
#: A kill: a flat value for one rival fewer, on top of his money leaving the game.
KILL_VALUE = 15_000.0
#: Bringing a player to one wound from death.
NEAR_KILL_VALUE = 4_000.0
#: A gangster hitting the cop, per use of the phone so far (the backup call is near).
COP_HIT_VALUE = 12_000.0
COP_HIT_AFTER_BACKUP = 60_000.0
#: The cop's stake in his backup win (what hiding twice after the call throws away).
COP_WIN_STAKE = 80_000.0
#: The cop's value of taking part in a split while he still needs phone uses.
COP_PHONE_VALUE = 12_000.0
#: A Click's threat: the extra chance it makes its target hide.
CLICK_SCARE = 0.15
#: The Six Feet Under holder earns this per death at the end.
SIX_FEET_BONUS = 10_000.0
#: "Doesn't Even Hurt!" is spent only on a share worth at least this (less late in the game).
UNHURT_MIN_SHARE = 20_000
UNHURT_MIN_SHARE_LATE = 10_000
#: Loading: how strongly a big pot, a kill on offer and its own peril move the bullet odds.
POT_URGE = 0.35
KILL_URGE = 1.5
PERIL_DAMPING = 0.5
#: The average pot of a round (the deck's $425,000 over 8 rounds), the yardstick of "big".
MEAN_POT = 425_000 / ROUNDS
#: Scores within this of the best tie; the generator picks among them.
_TIE = 1e-6


def best(legal: Sequence[str], scores: Sequence[float], rng: Rng) -> str:
    """The highest-scoring action; ties are broken by ``rng``."""
    top = max(scores)
    tied = [a for a, s in zip(legal, scores, strict=True) if s >= top - _TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def share(pot: Sequence[int], participants: float) -> float:
    """The expected Phase-7 share of one participant when ``participants`` (a real number:
    an expectation) share ``pot``, interpolated between the whole numbers around it."""
    low = max(1, int(participants))
    frac = max(0.0, participants - low)
    value = float(split_pot(pot, low).share)
    if frac:
        value += frac * (split_pot(pot, low + 1).share - value)
    return value


def hit_distribution(odds: Sequence[float], cap: int) -> list[float]:
    """P(exactly k hits) for k < ``cap`` and P(at least ``cap``) last, from independent
    per-gun hit chances (a Poisson-binomial cut at ``cap``)."""
    dist = [1.0] + [0.0] * cap
    for p in odds:
        for k in range(cap, 0, -1):
            dist[k] = dist[k] * (1.0 if k == cap else 1.0 - p) + dist[k - 1] * p
        dist[0] *= 1.0 - p
    return dist
