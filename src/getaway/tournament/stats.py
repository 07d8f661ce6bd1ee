"""Statistics of a tournament: Wilson intervals, Bradley-Terry ratings on the Elo scale and
bootstrap intervals.

* Win rates get the Wilson score interval (Wilson 1927), which stays inside [0, 1] and
  behaves at 0 or 100% wins, where the normal approximation collapses to a point.
* Ratings are the maximum-likelihood Bradley-Terry strengths (Bradley and Terry 1952): bot
  ``i`` beats bot ``j`` with probability ``1 / (1 + 10 ** ((elo_j - elo_i) / 400))``, fitted
  to pairwise results (a tie counts half a win each way) by Newton's method and shifted so
  that the mean is :data:`ELO_MEAN`. A weak prior, ``prior`` drawn games between every pair
  of bots, keeps the ratings finite when a bot wins every game (without it the likelihood
  has no maximum) and costs little once the bots have played a few dozen games.
* Interval estimates of the ratings and mean ranks come from a percentile bootstrap over
  deals: each replicate redraws the tournament's deals with replacement and refits, keeping
  the games of one deal together because they share a seed.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: Standard normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054
#: Ratings are shifted so that their mean is this.
ELO_MEAN = 1500.0
#: Elo points per natural-log unit of strength: 400 points is a factor of 10 in odds.
ELO_PER_NAT = 400.0 / math.log(10.0)
#: Drawn games added between every pair of bots (see the module docstring).
DEFAULT_PRIOR = 1.0
#: Bootstrap replicates by default.
DEFAULT_REPLICATES = 1000

FloatArray = NDArray[np.float64]


@dataclass(frozen=True)
class Interval:
    low: float
    high: float


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion (``successes`` may be fractional: a shared
    result counts as a part of a win). No trials give the uninformative [0, 1]."""
    if trials <= 0:
        return Interval(0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return Interval(max(0.0, centre - half), min(1.0, centre + half))


def bradley_terry(wins: FloatArray, prior: float = DEFAULT_PRIOR) -> FloatArray:
    """Elo-scale ratings from a matrix ``wins[i, j]`` of bot ``i``'s wins over bot ``j``, or
    a stack of such matrices (shape ``(..., K, K)``), fitted all at once.

    With ``prior == 0`` this is the plain maximum-likelihood fit, which exists only when no
    group of bots won every comparison against the rest.
    """
    w = np.asarray(wins, dtype=np.float64)
    k = w.shape[-1]
    off_diagonal = 1.0 - np.eye(k)
    w = w * off_diagonal + (prior / 2) * off_diagonal
    games = w + np.swapaxes(w, -1, -2)
    theta = np.zeros(w.shape[:-1])
    # Adding the all-ones matrix to the Hessian pins the one free direction (a common shift
    # of every strength) and keeps each step's mean at zero, since the gradient sums to zero.
    ones = np.ones((k, k))
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(theta[..., None, :] - theta[..., :, None]))
        gradient = (w - games * p).sum(axis=-1)
        curvature = games * p * (1.0 - p)
        laplacian = np.eye(k) * curvature.sum(axis=-1)[..., None] - curvature
        step = np.linalg.solve(laplacian + ones, gradient[..., None])[..., 0]
        # Newton's method can overshoot from a poor start; a bounded step never diverges.
        step = np.clip(step, -2.0, 2.0)
        theta = theta + step
        if np.max(np.abs(step), initial=0.0) < 1e-10:
            break
    theta = theta - theta.mean(axis=-1, keepdims=True)
    result: FloatArray = ELO_MEAN + ELO_PER_NAT * theta
    return result


def resample_counts(units: int, replicates: int, seed: int) -> FloatArray:
    """How often each of ``units`` deals is drawn in each bootstrap replicate: shape
    ``(replicates, units)``, each row summing to ``units``."""
    rng = np.random.Generator(np.random.PCG64(seed))
    counts = rng.multinomial(units, np.full(units, 1.0 / units), size=replicates)
    result: FloatArray = counts.astype(np.float64)
    return result


def percentile_intervals(samples: FloatArray) -> list[Interval]:
    """The 2.5th to 97.5th percentile of each column of ``samples``, ignoring NaNs (a
    replicate in which a bot played nothing has no mean rank)."""
    with warnings.catch_warnings(action="ignore", category=RuntimeWarning):
        low = np.nanpercentile(samples, 2.5, axis=0)
        high = np.nanpercentile(samples, 97.5, axis=0)
    return [Interval(float(a), float(b)) for a, b in zip(low, high, strict=True)]


@dataclass(frozen=True)
class Ratings:
    elo: list[float]
    elo_ci: list[Interval]
    mean_rank_ci: list[Interval]


def bootstrap(
    deal_wins: FloatArray,
    deal_rank_sums: FloatArray,
    deal_plays: FloatArray,
    replicates: int,
    seed: int,
    prior: float = DEFAULT_PRIOR,
) -> Ratings:
    """Ratings with bootstrap intervals, and intervals of the mean ranks.

    ``deal_wins[d, i, j]`` is bot ``i``'s wins over ``j`` in deal ``d``;
    ``deal_rank_sums[d, i]`` and ``deal_plays[d, i]`` are the sum of bot ``i``'s ranks and its
    number of roles played in deal ``d``.
    """
    elo = bradley_terry(deal_wins.sum(axis=0), prior)
    counts = resample_counts(deal_wins.shape[0], replicates, seed)
    k = deal_wins.shape[-1]
    resampled = (counts @ deal_wins.reshape(deal_wins.shape[0], k * k)).reshape(-1, k, k)
    elo_samples = bradley_terry(resampled, prior)
    with np.errstate(invalid="ignore", divide="ignore"):
        rank_samples = (counts @ deal_rank_sums) / (counts @ deal_plays)
    return Ratings(
        elo=[float(x) for x in elo],
        elo_ci=percentile_intervals(elo_samples),
        mean_rank_ci=percentile_intervals(rank_samples),
    )
