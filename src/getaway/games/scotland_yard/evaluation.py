"""How likely Mr. X is to win from a position: the evaluation a search can stop its playouts
with (``search.py``, technique ``evaluation``).

A logistic model over a few board facts read at the start of Mr. X's turn:

* the rides the nearest hunter needs to reach him, and the mean over the hunters (capped);
* log2 of how many stations the detectives think he may be on;
* the share of the game's rounds still to play.

``COEFFICIENTS`` were fitted on heuristic-against-heuristic games by
``scripts/sy_evaluation_fit.py`` (``positions`` collects the data). Every hunter's distance
counts, not only the nearest one's, so that a search can tell a far detective's useful move
from a useless one.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import Rng

NEAREST_CAP = 6
MEAN_CAP = 8.0

#: Intercept, then one weight per ``features`` entry. Fitted with
#: ``scripts/sy_evaluation_fit.py --games 600 --seed 2`` (4 players, 2014 edition, 10,000
#: positions); held out, its log loss is 0.639 against 0.697 for the overall share. The mean
#: distance of the hunters, the rounds left and the size of the possible set carry it; the
#: nearest hunter adds little once the mean is known.
COEFFICIENTS: tuple[float, ...] = (0.7224, 0.0211, -0.0157, 0.2236, 0.0804, -2.8063)


def features(state: Any) -> tuple[float, ...]:
    """The model's inputs for a Scotland Yard state (Mr. X to move)."""
    row = state.rules.board.hunter_distance[state.pos[0]]
    distances = [row[h] for h in state.pos[1:]]
    nearest = min(min(distances), NEAREST_CAP)
    mean = min(sum(distances) / len(distances), MEAN_CAP)
    possible = max(state.possible_mask().bit_count(), 1)
    left = (state.rules.max_rounds - state.round + 1) / state.rules.max_rounds
    return (
        float(nearest),
        float(nearest == 1),
        mean,
        math.log2(possible),
        left,
    )


def mrx_win_chance(state: Any, coefficients: Sequence[float] = COEFFICIENTS) -> float:
    z = coefficients[0] + sum(w * f for w, f in zip(coefficients[1:], features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-z))


def positions(
    games: int, seed: int, options: Mapping[str, Any]
) -> list[tuple[tuple[float, ...], bool]]:
    """Play heuristic against heuristic; at the start of each of Mr. X's turns, the features
    and whether he went on to win."""
    from getaway.games.scotland_yard import GAME
    from getaway.games.scotland_yard.bots import HeuristicBot

    bot = HeuristicBot()
    out = []
    for g in range(games):
        state = GAME.new_state(options, seed * 100_003 + g)
        rng = Rng(seed * 7919 + g)
        found = []
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == "mrx":
                found.append(features(state))
            view = state.view(seat)
            state.apply(seat, bot.choose(GAME, seat, view, state.legal_actions(seat), rng))
        won = state.winner() == "mrx"
        out += [(f, won) for f in found]
    return out
