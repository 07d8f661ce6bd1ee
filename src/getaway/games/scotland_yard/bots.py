"""Scotland Yard's own bots: fast heuristics that read only the seat's view.

``heuristic`` plays any seat. As Mr. X it plays ``mrx_heuristic.py``'s scores. As the
detectives (this module) it closes in on the public set of Mr. X's possible locations,
shrinks the part of the board he could reach before them, and spreads the hunters over the
set's exits.

Every decision is one pass over the legal actions with scores built from bitmask look-ups
and the board's distance table: well under a millisecond on average, so simulations can
play thousands of games.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from getaway.core import Rng
from getaway.core.bots import ViewBot
from getaway.core.game import BotFactory
from getaway.games.scotland_yard.board import (
    ORDINARY,
    TICKET_CODES,
    UNDERGROUND,
    Board,
    board_for,
    mask_of,
)
from getaway.games.scotland_yard.heuristic_tools import (
    best_action,
    hunter_reach,
    is_reveal_entry,
    nearest_of,
)
from getaway.games.scotland_yard.knowledge import expand
from getaway.games.scotland_yard.mrx_heuristic import PastMrxTurn, mrx_scorer
from getaway.games.scotland_yard.options import MRX
from getaway.games.scotland_yard.strangers import DistanceBot

# The detectives' weights -------------------------------------------------------------------

#: Stepping onto a possible location captures him with probability 1/|possible set|.
D_CAPTURE_WEIGHT = 120.0
#: Per ride of mean and of minimum distance to the possible set.
D_MEAN_DISTANCE_WEIGHT = 3.0
D_MIN_DISTANCE_WEIGHT = 3.0
#: For the share of Mr. X's next destinations this hunter alone can reach afterwards.
D_COVER_WEIGHT = 40.0
#: Standing next to another hunter covers the same ground twice.
D_CROWDING_PENALTY = 3.0
#: Ending where no line can be paid for any more: the piece is out of the game.
D_STRANDED_PENALTY = 60.0
#: Ending where only one kind of ticket works and just one of it is left.
D_NEARLY_STRANDED_PENALTY = 6.0
#: Spending a ticket of a kind that runs short before the game ends (taxi, bus, underground).
D_TICKET_COST = (0.5, 1.0, 4.0)
#: Before Mr. X first surfaces, per transport kind served by the destination, and for an
#: underground station (interchanges let a hunter reach the first reveal fast).
D_INTERCHANGE_WEIGHT = 1.5
D_UNDERGROUND_BONUS = 3.0
#: Per bit of the number of stations Mr. X could reach, from somewhere in the possible set,
#: before any hunter: the hunters close his escape routes together.
D_REGION_WEIGHT = 24.0


class HeuristicBot(ViewBot):
    """Plays Mr. X or any detective seat from the seat's view alone."""

    name = "heuristic"

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        return heuristic_move(seat, view, legal, rng)


def heuristic_move(seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
    """The heuristic's move for ``seat`` from its view. Ties are broken by ``rng``, except
    at the steps of Mr. X's double move: there the plan is the first best one in the order
    of ``legal``, so that, given the view and the open steps, every step follows the same
    plan."""
    if len(legal) == 1:
        return legal[0]
    if seat != MRX:
        return best_action(legal, detective_scorer(view), rng)
    score = mrx_scorer(view, legal)
    if view.get("open_steps"):
        return max(legal, key=score)
    return best_action(legal, score, rng)


# The detectives ----------------------------------------------------------------------------


@dataclass
class _Hunter:
    piece: str
    station: int
    #: Remaining tickets (taxi, bus, underground), or None for a police piece.
    wallet: list[int] | None
    #: Where this hunter can ride from where it stands now.
    reach: int


@dataclass(frozen=True)
class _Teammates:
    """The other hunters of one hunter's side, as it decides where to go."""

    stations: int
    #: Every station one of them can ride to now.
    reach: int
    #: Stations Mr. X reaches before all of them (his region but for the moving hunter),
    #: and his rides to each: only these can stay his wherever the moving hunter goes.
    contested: tuple[int, ...]
    mrx_rides: tuple[int, ...]


@dataclass
class _HuntSituation:
    """What a detective seat's view says, in the forms its scoring needs."""

    board: Board
    hunters: dict[str, _Hunter]
    occupied: int
    possible: int
    possible_list: list[int]
    #: Mr. X's destinations next turn if he is anywhere in the possible set.
    exits: int
    rounds_left: int
    #: True until Mr. X first surfaces: the set is then too wide to chase.
    wide: bool
    #: Rides Mr. X needs to each station from the nearest possible location.
    mrx_distance: bytes
    _teammates: dict[str, _Teammates] = field(default_factory=dict)

    def teammates(self, hunter: _Hunter) -> _Teammates:
        """What the hunters other than ``hunter`` hold (memoised per piece: a seat's legal
        actions move only a few pieces)."""
        found = self._teammates.get(hunter.piece)
        if found is None:
            others = [h for h in self.hunters.values() if h is not hunter]
            distance = self.board.hunter_distance
            reach = 0
            for other in others:
                reach |= other.reach
            nearest = nearest_of([distance[h.station] for h in others])
            contested = tuple(
                s for s, (x, h) in enumerate(zip(self.mrx_distance, nearest, strict=True)) if x < h
            )
            found = _Teammates(
                stations=mask_of(h.station for h in others),
                reach=reach,
                contested=contested,
                mrx_rides=tuple(self.mrx_distance[s] for s in contested),
            )
            self._teammates[hunter.piece] = found
        return found

    @classmethod
    def from_view(cls, view: Mapping[str, Any]) -> _HuntSituation:
        board = board_for(view["options"]["board"])
        hunters = {}
        for h in view["hunters"]:
            tickets = h["tickets"]
            wallet = (
                None
                if tickets is None
                else [tickets["taxi"], tickets["bus"], tickets["underground"]]
            )
            reach = hunter_reach(board, h["station"], tickets)
            hunters[h["id"]] = _Hunter(h["id"], h["station"], wallet, reach)
        occupied = mask_of(h.station for h in hunters.values())
        possible_list = list(view["possible_locations"])
        possible = mask_of(possible_list)
        exits = expand(possible, board.black_mask) & ~occupied
        revealed_yet = any(e["revealed"] for e in view["mrx_log"])
        return cls(
            board=board,
            hunters=hunters,
            occupied=occupied,
            possible=possible,
            possible_list=possible_list,
            exits=exits,
            rounds_left=view["max_rounds"] - view["round"] + 1,
            wide=not revealed_yet,
            mrx_distance=_distances_from(board, possible_list),
        )


def _distances_from(board: Board, sources: Sequence[int]) -> bytes:
    """Rides (any line, the ferry included) from the nearest of ``sources`` to each station
    (breadth-first search; 255 where unreachable)."""
    dist = bytearray([255] * len(board.black_nbrs))
    frontier = list(sources)
    for s in frontier:
        dist[s] = 0
    depth = 0
    while frontier:
        depth += 1
        following = []
        for s in frontier:
            for v in board.black_nbrs[s]:
                if dist[v] == 255:
                    dist[v] = depth
                    following.append(v)
        frontier = following
    return bytes(dist)


def detective_scorer(view: Mapping[str, Any]) -> Callable[[str], float]:
    """A scoring function for a detective seat's legal actions (``d1:bus:58``, ``p1:58``)."""
    hunt = _HuntSituation.from_view(view)
    closeness: dict[int, float] = {}

    def closeness_score(v: int) -> float:
        cached = closeness.get(v)
        if cached is None:
            cached = closeness[v] = _closeness_score(hunt, v)
        return cached

    def score(action: str) -> float:
        parts = action.split(":")
        piece, v = parts[0], int(parts[-1])
        t = TICKET_CODES[parts[1]] if len(parts) == 3 else -1
        hunter = hunt.hunters[piece]
        return closeness_score(v) + _move_score(hunt, hunter, t, v)

    return score


def _closeness_score(hunt: _HuntSituation, v: int) -> float:
    """How well a hunter on ``v`` threatens the possible set, whoever stands there: the
    chance of a capture now, nearness to the set, and interchange value while it is wide."""
    score = 0.0
    if hunt.possible >> v & 1:
        score += D_CAPTURE_WEIGHT / len(hunt.possible_list)
    if hunt.possible_list:
        row = hunt.board.hunter_distance[v]
        dists = [row[p] for p in hunt.possible_list]
        score -= D_MEAN_DISTANCE_WEIGHT * sum(dists) / len(dists)
        score -= D_MIN_DISTANCE_WEIGHT * min(dists)
    if hunt.wide:
        lines = sum(1 for t in ORDINARY if hunt.board.nbr_mask[t][v])
        score += D_INTERCHANGE_WEIGHT * lines
        if hunt.board.nbr_mask[UNDERGROUND][v]:
            score += D_UNDERGROUND_BONUS
    return score


def _move_score(hunt: _HuntSituation, hunter: _Hunter, t: int, v: int) -> float:
    """What this particular move adds: exits of the possible set only this hunter covers,
    distance from the other hunters, and the tickets it spends or strands."""
    board = hunt.board
    teammates = hunt.teammates(hunter)
    wallet = None if hunter.wallet is None else hunter.wallet[:]
    if wallet is not None and t >= 0:
        wallet[t] -= 1
    reach = _reach_with_wallet(board, v, wallet)
    score = 0.0
    exits = hunt.exits.bit_count()
    if exits:
        own = (reach & hunt.exits & ~teammates.reach).bit_count()
        score += D_COVER_WEIGHT * own / exits
    score -= D_REGION_WEIGHT * math.log2(_mrx_region(hunt, teammates, v) + 1)
    if board.hunter_mask[v] & teammates.stations:
        score -= D_CROWDING_PENALTY
    if wallet is not None:
        score -= _detective_ticket_cost(hunt, hunter, t) + _stranding_penalty(board, v, wallet)
    return score


def _mrx_region(hunt: _HuntSituation, teammates: _Teammates, v: int) -> int:
    """How many stations Mr. X, from the nearest possible location, reaches strictly before
    every hunter once the moving hunter stands on ``v`` (on a tie he arrives first, but the
    hunter then steps onto him)."""
    row = hunt.board.hunter_distance[v]
    return sum(
        1 for s, x in zip(teammates.contested, teammates.mrx_rides, strict=True) if x < row[s]
    )


def _reach_with_wallet(board: Board, v: int, wallet: list[int] | None) -> int:
    if wallet is None:
        return board.hunter_mask[v]
    reach = 0
    for t in ORDINARY:
        if wallet[t] > 0:
            reach |= board.nbr_mask[t][v]
    return reach


def _detective_ticket_cost(hunt: _HuntSituation, hunter: _Hunter, t: int) -> float:
    """Tickets the hunter holds more of than there are rounds left are free to spend."""
    assert hunter.wallet is not None
    if t < 0 or hunter.wallet[t] > hunt.rounds_left:
        return 0.0
    return D_TICKET_COST[t]


def _stranding_penalty(board: Board, v: int, wallet: list[int]) -> float:
    """A detective at ``v`` with ``wallet`` left: stuck for good, or one ticket from it."""
    usable = [t for t in ORDINARY if board.nbr_mask[t][v] and wallet[t] > 0]
    if not usable:
        return D_STRANDED_PENALTY
    if len(usable) == 1 and wallet[usable[0]] == 1:
        return D_NEARLY_STRANDED_PENALTY
    return 0.0


#: ``distance`` is a plain opponent of another style (``strangers.py``); the game-agnostic
#: ``uct`` (:mod:`getaway.ai.uct`) is the other one, for measuring strength against players
#: our bots were not tuned on.
BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot, "distance": DistanceBot}

__all__ = [
    "BOTS",
    "DistanceBot",
    "HeuristicBot",
    "PastMrxTurn",
    "best_action",
    "detective_scorer",
    "heuristic_move",
    "hunter_reach",
    "is_reveal_entry",
    "mrx_scorer",
    "nearest_of",
]
