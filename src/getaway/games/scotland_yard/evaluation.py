"""How well Mr. X stands in a position: the score a search stops its playouts with
(``search.py``, technique ``evaluation``).

Mr. X's *territory*: the stations he can reach strictly before every hunter (on a tie the
hunter arrives first and steps onto him). A small territory means he is being cornered,
whatever the nearest hunter's distance says; the heuristic bot steers by the same measure
(``bots.X_REGION_WEIGHT``). The score grows with log2 of its size, from 0 (no station of his
own) to 1 (the whole board), so a playout cut short ranks between a capture (-1) and an
escape (+1).

This replaced a logistic model of Mr. X's win chance fitted on heuristic games (mean and
nearest hunter distances, the possible set, the rounds left): its log loss was barely better
than a constant's (0.639 against 0.697), and as the cut-off of heuristic-guided playouts it
lost games on both sides (docs/ai.md). With this score and those playouts, the search's
Mr. X beats the heuristic's by a wide margin.
"""

from __future__ import annotations

import math
import operator
from typing import Any

from getaway.games.scotland_yard.bots import nearest_of


def mrx_territory(state: Any) -> int:
    """How many stations Mr. X (at his station in ``state``) reaches strictly before every
    hunter, all lines counted, the ferry excepted (``Board.hunter_distance``)."""
    distance = state.rules.board.hunter_distance
    nearest = nearest_of([distance[h] for h in state.pos[1:]])
    return sum(map(operator.lt, distance[state.pos[0]], nearest))


def mrx_outlook(state: Any) -> float:
    """Mr. X's territory on a 0..1 scale: log2(size + 1) / log2(stations + 1)."""
    stations = len(state.rules.board.hunter_distance)
    return math.log2(mrx_territory(state) + 1) / math.log2(stations + 1)


def mrx_cover_outlook(state: Any) -> float:
    """The share of the public set of Mr. X's possible stations that no hunter stands on or
    rides to next (0..1): how much of what the detectives know is still open to him, however
    the sample placed him. The detectives' search weighs it under ``cover``."""
    possible: int = state.possible_mask()
    count = possible.bit_count()
    if not count:
        return 0.0
    hunter_mask = state.rules.board.hunter_mask
    covered: int = state.occ
    for h in state.pos[1:]:
        covered |= hunter_mask[h]
    return (possible & ~covered).bit_count() / count
