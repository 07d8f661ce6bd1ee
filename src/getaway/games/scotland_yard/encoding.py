"""A fixed-size numeric encoding of Scotland Yard for learning code (``getaway.rl``).

Two things a reinforcement-learning interface needs and the string protocol does not give:

* **A fixed action enumeration per seat.** Every action id that can ever occur for a seat
  under given options, in a stable order, so that an index names one id for the whole game.
* **A flat encoding of a seat's view.** Built from ``state.view(seat)`` only, never from the
  state, so an observation holds exactly what that seat may know.

Pure Python (``core`` and the standard library): the game keeps working without numpy.

Mr. X's actions: every ride ``TICKET:STATION`` that some line of that ticket ends at (474 on
either board), then ``double``. A double move is made in steps (``mrx_turn.py``): ``double``,
then each leg, which is a ride's id again; so his action space is 475 ids, where compound
double-move ids needed about 5,200. Every id listed can occur in some game and every id that
occurs is listed (the tests check both directions on random games).

Layout of an observation (all values in [0, 1]; ``N`` = 199 stations, ``S`` seats, ``H``
hunter pieces, ``E`` = ``log_fields`` travel-log entries, 24 by default)::

    seat one-hot                          S   whose observation this is
    seats to act                          S   the view's to_act
    phase one-hot                         3   mrx, detectives, over
    round / max_rounds                    1
    Mr. X's station one-hot               N   his true station in his own view (and once the
                                              game is over); else his last surfacing station
    Mr. X visible                         1   his piece stands on the board
    possible locations                    N   the public deduction (identical for all seats)
    black / 5, double / 2                 2   Mr. X's special tickets left
    supply taxi/57, bus/45, underground/23 3  the common supply (never above the box's count)
    per hunter (rules order):           H x   station one-hot N, moved 1, tickets 3 (divided
                                              by the wallet's start count; police: zeros)
    per travel-log entry:               E x   written 1, ticket one-hot 4, double 1,
                                              revealed 1, station one-hot N (only when the
                                              view shows the station)
    Mr. X's double move under way           1   ``double`` played (his own view only)
      its first leg                     4 + N   ticket one-hot, station one-hot, once chosen

The ``public_record`` of the view (start candidates, hunters at each entry, searched
stations) is summarised by ``possible_locations``, which the game deduces from exactly
those facts; it is not encoded again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from getaway.games.scotland_yard.board import BLACK, ORDINARY, STATIONS, TICKET_CODES, TICKETS
from getaway.games.scotland_yard.moves import DOUBLE_STEP, LEG, LEG_PARSE
from getaway.games.scotland_yard.options import (
    BLACK_TICKETS,
    BOX_TICKETS,
    DOUBLE_TICKETS,
    MRX,
    normalize,
    rules_for,
)

_PHASES = ("mrx", "detectives", "over")
_LOG_FIELDS = 1 + 4 + 1 + 1 + STATIONS
_HUNTER_FIELDS = STATIONS + 1 + 3


class ScotlandYardEncoding:
    """The action enumeration and observation encoding of one set of options."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = normalize(options)
        rules = rules_for(self.options)
        self.seats: tuple[str, ...] = rules.seats
        self._seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self._pieces = rules.pieces
        self._max_rounds = rules.max_rounds
        self._entries = rules.log_fields
        # A detective's tickets are divided by his wallet's start count (the pooled wallet's
        # in the 2-player game): tickets are only ever spent, never received.
        self._wallet_max = tuple(float(x) for x in max(rules.wallets, key=sum))
        board = rules.board
        ids: dict[str, tuple[str, ...]] = {MRX: _mrx_ids(board.ticket_mask)}
        for seat in rules.detective_seats:
            ids[seat] = _hunter_ids(
                [rules.pieces[h - 1] for h in rules.seat_pieces[seat]],
                [h in rules.police for h in rules.seat_pieces[seat]],
                board.nbr_mask,
                board.hunter_mask,
            )
        self._ids = ids
        self._index = {seat: {a: i for i, a in enumerate(ids[seat])} for seat in self.seats}
        s, h, e = len(self.seats), len(self._pieces), self._entries
        self._o_phase = 2 * s
        self._o_round = self._o_phase + 3
        self._o_mrx = self._o_round + 1
        self._o_visible = self._o_mrx + STATIONS
        self._o_possible = self._o_visible + 1
        self._o_tickets = self._o_possible + STATIONS
        self._o_supply = self._o_tickets + 2
        self._o_hunters = self._o_supply + 3
        self._o_log = self._o_hunters + h * _HUNTER_FIELDS
        self._o_steps = self._o_log + e * _LOG_FIELDS
        #: Length of every seat's observation.
        self.observation_size = self._o_steps + 1 + 4 + STATIONS

    # Actions ------------------------------------------------------------------------------

    def action_ids(self, seat: str) -> tuple[str, ...]:
        """Every action id that can ever occur for ``seat``; index ``i`` is action ``i``."""
        return self._ids[seat]

    def action_index(self, seat: str) -> Mapping[str, int]:
        """Action id -> its index in :meth:`action_ids` (read-only use)."""
        return self._index[seat]

    def acting_together(self, to_act: Sequence[str]) -> tuple[str, ...]:
        """The seats that act in one step of a parallel environment: one at a time.

        Detectives move one by one against the positions as they stand (two could not both
        move onto the same free station), so only the first seat of ``to_act`` acts; the
        game's own order of seats is kept."""
        return tuple(to_act[:1])

    # Observations -------------------------------------------------------------------------

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        """The flat observation of ``view`` (a seat's view; see the module docstring)."""
        obs = [0.0] * self.observation_size
        for i, x in self.encode_sparse(view).items():
            obs[i] = x
        return obs

    def encode_sparse(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The same observation as its nonzero entries, index -> value (a few hundred of
        several thousand: far cheaper to turn into an array)."""
        obs: dict[int, float] = {self._seat_index[view["seat"]]: 1.0}
        s = len(self.seats)
        for other in view["to_act"]:
            obs[s + self._seat_index[other]] = 1.0
        obs[self._o_phase + _PHASES.index(view["phase"])] = 1.0
        obs[self._o_round] = view["round"] / self._max_rounds
        station = view["mrx_location"]
        if station is not None:
            obs[self._o_mrx + station - 1] = 1.0
        if view["mrx_visible"]:
            obs[self._o_visible] = 1.0
        base = self._o_possible - 1
        for station in view["possible_locations"]:
            obs[base + station] = 1.0
        tickets = view["mrx_tickets"]
        obs[self._o_tickets] = tickets["black"] / BLACK_TICKETS
        obs[self._o_tickets + 1] = tickets["double"] / DOUBLE_TICKETS
        supply = view["supply"]
        for t in ORDINARY:
            obs[self._o_supply + t] = supply[TICKETS[t]] / BOX_TICKETS[t]
        for h, hunter in enumerate(view["hunters"]):
            base = self._o_hunters + h * _HUNTER_FIELDS
            obs[base + hunter["station"] - 1] = 1.0
            if hunter["moved"]:
                obs[base + STATIONS] = 1.0
            wallet = hunter["tickets"]
            if wallet is not None:
                for t in ORDINARY:
                    obs[base + STATIONS + 1 + t] = wallet[TICKETS[t]] / self._wallet_max[t]
        for k, entry in enumerate(view["mrx_log"]):
            base = self._o_log + k * _LOG_FIELDS
            obs[base] = 1.0
            obs[base + 1 + TICKET_CODES[entry["ticket"]]] = 1.0
            if entry["double"]:
                obs[base + 5] = 1.0
            if entry["revealed"]:
                obs[base + 6] = 1.0
            if entry["station"] is not None:
                obs[base + 6 + entry["station"]] = 1.0
        # The steps of his double move so far: without them a leg would look like a turn.
        steps: Sequence[str] = view.get("open_steps") or ()
        if steps:
            obs[self._o_steps] = 1.0
        if len(steps) == 2:
            t, v = LEG_PARSE[steps[1]]
            obs[self._o_steps + 1 + t] = 1.0
            obs[self._o_steps + 4 + v] = 1.0
        return obs


def _stations_with(mask_row: Sequence[int]) -> list[int]:
    """The stations that have at least one line of a kind (where a ride of it can end)."""
    return [v for v in range(1, STATIONS + 1) if mask_row[v]]


def _mrx_ids(ticket_mask: Sequence[Sequence[int]]) -> tuple[str, ...]:
    """Rides by ticket then station, then ``double`` (whose legs are rides again)."""
    rides = [LEG[t][v] for t in (*ORDINARY, BLACK) for v in _stations_with(ticket_mask[t])]
    return (*rides, DOUBLE_STEP)


def _hunter_ids(
    pieces: Sequence[str],
    police: Sequence[bool],
    nbr_mask: Sequence[Sequence[int]],
    hunter_mask: Sequence[int],
) -> tuple[str, ...]:
    """Per piece the seat may move (its own, then the police): ``PIECE:TICKET:STATION`` for
    a detective, ``PIECE:STATION`` for a police piece."""
    ids: list[str] = []
    for piece, is_police in zip(pieces, police, strict=True):
        if is_police:
            ids.extend(f"{piece}:{v}" for v in _stations_with(hunter_mask))
        else:
            for t in ORDINARY:
                ids.extend(f"{piece}:{TICKETS[t]}:{v}" for v in _stations_with(nbr_mask[t]))
    return tuple(ids)


@cache
def _cached(key: tuple[tuple[str, Any], ...]) -> ScotlandYardEncoding:
    return ScotlandYardEncoding(
        {k: (list(v) if isinstance(v, tuple) else v) for k, v in dict(key).items()}
    )


def encoding(options: Mapping[str, Any] | None = None) -> ScotlandYardEncoding:
    """The encoding of a game with these options (shared: built once per set of options)."""
    normalized = normalize(options)
    return _cached(
        tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in normalized.items()))
    )
