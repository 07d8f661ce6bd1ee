"""The search tree shared by every determinization of one decision.

A node is reached by a sequence of moves from the root, as the deciding seat sees them (a
move it cannot see is recorded by its ``observed`` label). Its statistics are kept per
acting seat, each from that seat's own point of view:

* at a *turn* (one seat acts, or several act in turn), an :class:`Arm` per move (or label)
  with visits, total reward and availability, the number of times the move was legal when the
  node was visited: UCB divides by it, since each determinization allows different moves;
* at a *simultaneous* step, a :class:`RegretArm` per move of each acting seat (decoupled: a
  seat's table never depends on the others' choices), chosen by regret matching; the child is
  keyed by the joint choice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from getaway.ai.fast_rng import PlayoutRng


class Arm:
    """One move of the seat acting at a turn node."""

    __slots__ = ("avail", "child", "squares", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        #: The sum of squared rewards: with ``total``, the spread of this move's results.
        self.squares = 0.0
        self.avail = 0
        self.child = Node()


class RegretArm:
    """One move of one seat at a simultaneous step: cumulative regret and the sum of the
    regret-matching strategy (without the exploration), whose average is what the seat
    finally plays."""

    __slots__ = ("regret", "strategy", "visits")

    def __init__(self) -> None:
        self.regret = 0.0
        self.strategy = 0.0
        self.visits = 0


class Node:
    __slots__ = ("arms", "joint", "regrets", "visits")

    def __init__(self) -> None:
        self.visits = 0
        #: Turn statistics: seat -> move (or label) -> arm.
        self.arms: dict[str, dict[str, Arm]] = {}
        #: Simultaneous statistics: seat -> move -> regret arm.
        self.regrets: dict[str, dict[str, RegretArm]] = {}
        #: Children of simultaneous steps, by joint choice.
        self.joint: dict[tuple[str, ...], Node] = {}


def select_turn(
    arms: dict[str, Arm], keys: Sequence[str], c: float, rng: PlayoutRng
) -> tuple[str, Arm, bool]:
    """One pass over the moves (or labels) ``keys`` available now: each known arm counts one
    more availability; a move never tried is expanded first (chosen at random among them),
    otherwise the arm with the best upper confidence bound wins. Returns the key, its arm and
    whether it was just expanded."""
    untried: list[str] = []
    best_key = ""
    best: Arm | None = None
    best_score = -math.inf
    log, sqrt = math.log, math.sqrt
    for key in keys:
        arm = arms.get(key)
        if arm is None:
            untried.append(key)
            continue
        avail = arm.avail + 1
        arm.avail = avail
        if not untried:
            visits = arm.visits
            score = arm.total / visits + c * sqrt(log(avail) / visits)
            if score > best_score:
                best_score, best_key, best = score, key, arm
    if untried:
        key = untried[int(rng.uniform() * len(untried))]
        arm = arms[key] = Arm()
        arm.avail = 1
        return key, arm, True
    assert best is not None
    return best_key, best, False


def regret_matching(
    table: dict[str, RegretArm], moves: Sequence[str], gamma: float, rng: PlayoutRng
) -> tuple[str, float]:
    """Sample one of ``moves`` by regret matching mixed with ``gamma`` uniform exploration.

    Returns the move and its probability. The regret-matching strategy over ``moves`` (before
    exploration) is added to each arm's strategy sum. Moves new to the table start with no
    regret.
    """
    arms = []
    positive = []
    total = 0.0
    for move in moves:
        arm = table.get(move)
        if arm is None:
            arm = table[move] = RegretArm()
        arms.append(arm)
        r = arm.regret if arm.regret > 0.0 else 0.0
        positive.append(r)
        total += r
    n = len(moves)
    strategy = [r / total for r in positive] if total > 0.0 else [1.0 / n] * n
    explore = gamma / n
    x = rng.random()
    chosen = n - 1
    for i in range(n):
        x -= (1.0 - gamma) * strategy[i] + explore
        if x < 0.0:
            chosen = i
            break
    for arm, p in zip(arms, strategy, strict=True):
        arm.strategy += p
    return moves[chosen], (1.0 - gamma) * strategy[chosen] + explore


def regret_update(
    table: dict[str, RegretArm], moves: Sequence[str], chosen: str, prob: float, utility: float
) -> None:
    """Outcome-sampling regret update: the chosen move's value is estimated as
    ``utility / prob`` and every other available move's as 0; each move's regret grows by its
    estimate minus the utility obtained (``utility`` in [0, 1])."""
    for move in moves:
        arm = table[move]
        if move == chosen:
            arm.regret += utility / prob - utility
            arm.visits += 1
        else:
            arm.regret -= utility
