"""The London board: 199 stations joined by taxi, bus, underground and ferry lines.

Loaded once per edition from the verified CSV files shipped in ``data/`` and turned into
tables indexed by station number, so that move generation is a few tuple and bitmask
look-ups. Station sets are Python ints used as bitmasks (bit ``s`` = station ``s``).
"""

from __future__ import annotations

import csv
from collections import deque
from functools import cache, cached_property, lru_cache
from importlib.resources import files

TAXI, BUS, UNDERGROUND, BLACK = 0, 1, 2, 3
#: Ticket names by code. Black is Mr. X's wild ticket.
TICKETS = ("taxi", "bus", "underground", "black")
TICKET_CODES = {name: code for code, name in enumerate(TICKETS)}
#: Edge transport names by code; the ferry (code 3) is ridden only with a black ticket.
FERRY = 3
TRANSPORTS = ("taxi", "bus", "underground", "ferry")
ORDINARY = (TAXI, BUS, UNDERGROUND)

STATIONS = 199
EDITIONS = ("2014", "classic")

_EDGE_FILES = {"2014": "edges.csv", "classic": "edges_classic.csv"}
#: Start-card decks: (deck drawn by hunters, deck drawn by Mr. X).
_DECKS = {
    "2014": ("edition2014_D", "edition2014_X"),
    "classic": ("classic_shared", "classic_shared"),
}


def _rows(filename: str) -> list[dict[str, str]]:
    text = files("getaway.games.scotland_yard").joinpath("data", filename).read_text("utf-8")
    return list(csv.DictReader(text.splitlines()))


def mask_of(stations: object) -> int:
    mask = 0
    for s in stations:  # type: ignore[attr-defined]
        mask |= 1 << s
    return mask


def stations_of(mask: int) -> list[int]:
    """The stations in a bitmask, ascending (a fresh list: callers may keep or change it)."""
    return list(_stations(mask))


def station_tuple(mask: int) -> tuple[int, ...]:
    """The stations in a bitmask, ascending, as a shared memoised tuple (hot loops)."""
    return _stations(mask)


@lru_cache(maxsize=16384)
def _stations(mask: int) -> tuple[int, ...]:
    # Views turn the same few masks (hunters' stations, searched stations) into lists again
    # and again; the cache makes that a look-up.
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


class Board:
    """Adjacency tables for one edition's board (read-only, shared by all states)."""

    def __init__(self, edition: str) -> None:
        self.edition = edition
        adj: list[list[set[int]]] = [[set() for _ in range(STATIONS + 1)] for _ in TRANSPORTS]
        for row in _rows(_EDGE_FILES[edition]):
            a, b, t = int(row["a"]), int(row["b"]), TRANSPORTS.index(row["transport"])
            adj[t][a].add(b)
            adj[t][b].add(a)
        #: nbrs[t][s]: stations one ride of transport t away from s, ascending.
        self.nbrs: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(sorted(adj[t][s])) for s in range(STATIONS + 1)) for t in range(4)
        )
        #: nbr_mask[t][s]: the same as a bitmask.
        self.nbr_mask: tuple[tuple[int, ...], ...] = tuple(
            tuple(mask_of(adj[t][s]) for s in range(STATIONS + 1)) for t in range(4)
        )
        #: Stations a hunter can reach in one ride (taxi, bus or underground).
        self.hunter_mask: tuple[int, ...] = tuple(
            self.nbr_mask[TAXI][s] | self.nbr_mask[BUS][s] | self.nbr_mask[UNDERGROUND][s]
            for s in range(STATIONS + 1)
        )
        #: Stations Mr. X can reach with a black ticket (any line, the ferry included).
        self.black_mask: tuple[int, ...] = tuple(
            self.hunter_mask[s] | self.nbr_mask[FERRY][s] for s in range(STATIONS + 1)
        )
        self.black_nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(stations_of(m)) for m in self.black_mask
        )
        self.hunter_nbrs: tuple[tuple[int, ...], ...] = tuple(
            tuple(stations_of(m)) for m in self.hunter_mask
        )
        #: ticket_mask[ticket][s]: where a ticket of that kind takes Mr. X from s.
        self.ticket_mask: tuple[tuple[int, ...], ...] = (*self.nbr_mask[:3], self.black_mask)
        hunter_deck, mrx_deck = _DECKS[edition]
        cards = _rows("start_cards.csv")
        self.hunter_deck: tuple[int, ...] = tuple(
            int(r["station"]) for r in cards if r["deck"] == hunter_deck
        )
        self.mrx_deck: tuple[int, ...] = tuple(
            int(r["station"]) for r in cards if r["deck"] == mrx_deck
        )
        #: True when hunters and Mr. X draw from one deck (classic), without replacement.
        self.shared_deck = hunter_deck == mrx_deck

    def transports_between(self, a: int, b: int) -> list[str]:
        return [TRANSPORTS[t] for t in range(4) if self.nbr_mask[t][a] >> b & 1]

    @cached_property
    def coords(self) -> dict[int, tuple[int, int]]:
        return {int(r["id"]): (int(r["x"]), int(r["y"])) for r in _rows("stations.csv")}

    @cached_property
    def hunter_distance(self) -> tuple[bytes, ...]:
        """hunter_distance[a][b]: fewest rides from a to b without the ferry (BFS per station)."""
        rows = [bytes(STATIONS + 1)]
        for source in range(1, STATIONS + 1):
            dist = bytearray([255] * (STATIONS + 1))
            dist[source] = 0
            queue = deque([source])
            while queue:
                s = queue.popleft()
                for v in self.hunter_nbrs[s]:
                    if dist[v] == 255:
                        dist[v] = dist[s] + 1
                        queue.append(v)
            rows.append(bytes(dist))
        return tuple(rows)


@cache
def board_for(edition: str) -> Board:
    """The shared board of an edition (``"2014"`` or ``"classic"``)."""
    return Board(edition)
