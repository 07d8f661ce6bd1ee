"""Action ids and the precomputed tables that make move generation cheap.

Action ids (stable; the same in logs, replays, the CLI and the web API):

* Mr. X, single move: ``TICKET:STATION``, e.g. ``taxi:46``, ``black:115``.
* Mr. X, double move, in three steps (``mrx_turn.py``): ``double``, then each leg as a single
  move's id, e.g. ``double``, ``bus:23``, ``taxi:24``. The legacy compound id
  ``double:LEG/LEG`` (``double:bus:23/taxi:24``) is still accepted, never listed.
* A detective: ``PIECE:TICKET:STATION``, e.g. ``d1:bus:58``.
* A police piece rides free, so only the destination matters: ``PIECE:STATION``, e.g. ``p1:58``.
"""

from __future__ import annotations

from collections.abc import Iterable

from getaway.games.scotland_yard.board import (
    BLACK,
    ORDINARY,
    STATIONS,
    TICKET_CODES,
    TICKETS,
    Board,
)

#: One piece's part of a hunter seat's offer (``MoveTables.first_offer``).
Offer = tuple[int, int, tuple[tuple[tuple[int, int, str], ...], ...], tuple[int, ...]]

DOUBLE_PREFIX = "double:"
#: The first step of a double move made in steps, and the head of its public text.
DOUBLE_STEP = "double"

#: LEG[ticket][station]: the id of one leg of Mr. X's move.
LEG: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"{TICKETS[t]}:{v}" for v in range(STATIONS + 1)) for t in range(4)
)
#: Leg id -> (ticket, station), for every syntactically valid leg.
LEG_PARSE: dict[str, tuple[int, int]] = {
    LEG[t][v]: (t, v) for t in range(4) for v in range(1, STATIONS + 1)
}


class MoveTables:
    """Per-board, per-piece-layout tables of action ids, built once and shared."""

    def __init__(self, board: Board, pieces: tuple[str, ...], police: frozenset[int]) -> None:
        n = STATIONS + 1
        #: x_ordinary_legs[s]: Mr. X's taxi, bus and underground rides from s (x_legs' first
        #: part: his every legal ride when he has no black ticket and nothing blocks him).
        self.x_ordinary_legs: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
            tuple((t, v, LEG[t][v]) for t in ORDINARY for v in board.nbrs[t][s]) for s in range(n)
        )
        # Mr. X: every leg from s when every ticket is available and no station is blocked.
        self.x_legs: tuple[tuple[tuple[int, int, str], ...], ...] = tuple(
            (*self.x_ordinary_legs[s], *((BLACK, v, LEG[BLACK][v]) for v in board.black_nbrs[s]))
            for s in range(n)
        )
        self.x_all: tuple[tuple[str, ...], ...] = tuple(
            tuple(a for _, _, a in legs) for legs in self.x_legs
        )
        #: x_all with ``double`` after the rides: his actions when nothing blocks him.
        self.x_all_double: tuple[tuple[str, ...], ...] = tuple(
            (*rides, DOUBLE_STEP) for rides in self.x_all
        )
        #: Stations within two of Mr. X's rides of s: the only hunters his moves depend on.
        self.x_two_rides: tuple[int, ...] = tuple(
            board.black_mask[s] | _union(board.black_mask[v] for v in board.black_nbrs[s])
            for s in range(n)
        )
        #: Mr. X's memoised action lists at the start of his turn (``state.mrx_actions``).
        self.x_actions: dict[tuple[int, ...], tuple[str, ...]] = {}
        # Hunters: index 0 is Mr. X's slot and stays empty.
        hunter_legs: list[tuple[tuple[tuple[int, int, str], ...], ...]] = [()]
        #: Hunter action id -> (piece index, ticket or -1 for police, destination, bitmask of
        #: the stations from which that ride exists).
        self.hunter_parse: dict[str, tuple[int, int, int, int]] = {}
        for h, piece in enumerate(pieces, start=1):
            if h in police:
                rows = tuple(
                    tuple((-1, v, f"{piece}:{v}") for v in board.hunter_nbrs[s]) for s in range(n)
                )
                for v in range(1, n):
                    self.hunter_parse[f"{piece}:{v}"] = (h, -1, v, board.hunter_mask[v])
            else:
                rows = tuple(
                    tuple(
                        (t, v, f"{piece}:{TICKETS[t]}:{v}")
                        for t in ORDINARY
                        for v in board.nbrs[t][s]
                    )
                    for s in range(n)
                )
                for t in ORDINARY:
                    for v in range(1, n):
                        self.hunter_parse[f"{piece}:{TICKETS[t]}:{v}"] = (
                            h,
                            t,
                            v,
                            board.nbr_mask[t][v],
                        )
            hunter_legs.append(rows)
        #: hunter_legs[h][s]: (ticket or -1 for police, destination, id) for every ride.
        self.hunter_legs = tuple(hunter_legs)
        #: unmoved[moved]: the hunters not in the bitmask ``moved``, ascending.
        self.unmoved: tuple[tuple[int, ...], ...] = tuple(
            tuple(h for h in range(1, len(pieces) + 1) if not moved >> h & 1)
            for moved in range(1 << (len(pieces) + 1))
        )
        #: What the first seat to act offers in the detectives' phase, by the bitmask of
        #: movable hunters: (piece, wallet, hunter_legs[piece], the board's hunter_mask) per
        #: piece, filled by the state as it meets them (``ScotlandYardState._first_offer``).
        self.first_offer: dict[int, tuple[Offer, ...]] = {}
        #: hunter_all[h][s]: the ids alone, for the common case where nothing is blocked.
        self.hunter_all: tuple[tuple[tuple[str, ...], ...], ...] = tuple(
            tuple(tuple(a for _, _, a in legs) for legs in rows) for rows in self.hunter_legs
        )


def _union(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def parse_ticket(name: str) -> int | None:
    return TICKET_CODES.get(name)
