"""A lean, stand-alone, table-driven Scotland Yard: random 4-player games, as fast as plain
Python plays them. It is the yardstick ``getaway bench scotland-yard`` compares the public
protocol with (``reference_ratio``), so it deliberately does NOT import getaway: it reads the
same board data files and plays the same rules (default options: 2014 edition, 4 players,
3 detectives and 1 police piece, 22 rounds, a 24-field travel log, pooled supply):

* Mr. X rides taxi, bus or underground while the common supply holds that ticket, or any
  line (the ferry too) with one of his 5 black tickets, never onto a hunter; with no ride he
  is trapped (detectives win). He may instead start a double move (2 tickets) when the log
  has two free fields and some first ride has a legal second ride; the double move is
  three plies, as in the protocol (``double``, first leg, second leg).
* Detectives (11 taxi, 8 bus, 4 underground each) pay into the supply; the police piece
  rides free. Each hunter moves once a round, in any order, onto a free station; moving
  onto Mr. X captures him. The first seat to act is the one the protocol names first
  (``d1`` while the police piece can move, as any detective seat may move it), offering its
  own detective's rides and the police rides.
* If no detective can move at the start of their phase, or after round 22 or once the log
  is full, Mr. X wins.

Random play mirrors ``getaway.bench.random_game``: each ply picks uniformly among the
acting seat's legal actions, so plies per game match the protocol's (about 78).

Run alone: ``python benchmarks/scotland_yard_reference.py [SECONDS]``.
"""

from __future__ import annotations

import csv
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "src" / "getaway" / "games" / "scotland_yard" / "data"
STATIONS = 199
TRANSPORTS = ("taxi", "bus", "underground", "ferry")
BLACK = 3
DETECTIVE_WALLET = (11, 8, 4)
SUPPLY = (57 - 3 * 11, 45 - 3 * 8, 23 - 3 * 4)
MAX_ROUNDS = 22
LOG_FIELDS = 24
HUNTERS = 4  # indices 1..3 detectives, 4 the police piece
POLICE = 4

CAPTURE, TRAPPED, TIME, IMMOBILE = "capture", "mrx-trapped", "time", "hunters-immobilised"


class Tables:
    """Neighbour lists and bitmasks per transport, built once from the shipped CSV files."""

    def __init__(self, data: Path = DATA) -> None:
        n = STATIONS + 1
        adj: list[list[set[int]]] = [[set() for _ in range(n)] for _ in TRANSPORTS]
        with (data / "edges.csv").open(encoding="utf-8") as f:
            for row in csv.DictReader(f):
                a, b, t = int(row["a"]), int(row["b"]), TRANSPORTS.index(row["transport"])
                adj[t][a].add(b)
                adj[t][b].add(a)

        def mask(stations: set[int]) -> int:
            return sum(1 << v for v in stations)

        #: nbrs[t][s] for t in taxi, bus, underground (ascending).
        self.nbrs = [[tuple(sorted(adj[t][s])) for s in range(n)] for t in range(3)]
        self.nbr_mask = [[mask(adj[t][s]) for s in range(n)] for t in range(3)]
        #: Stations one ride of any kind away, the ferry included (a black ticket's rides).
        self.black_nbrs = [
            tuple(sorted(adj[0][s] | adj[1][s] | adj[2][s] | adj[3][s])) for s in range(n)
        ]
        self.black_mask = [mask(set(self.black_nbrs[s])) for s in range(n)]
        #: Stations a hunter reaches (no ferry).
        self.hunter_nbrs = [tuple(sorted(adj[0][s] | adj[1][s] | adj[2][s])) for s in range(n)]
        self.hunter_mask = [mask(set(self.hunter_nbrs[s])) for s in range(n)]
        #: Every ride of Mr. X's from s with every ticket at hand, and of a detective's.
        self.x_all = [
            tuple((t, v) for t in range(3) for v in self.nbrs[t][s])
            + tuple((BLACK, v) for v in self.black_nbrs[s])
            for s in range(n)
        ]
        self.d_all = [tuple((t, v) for t in range(3) for v in self.nbrs[t][s]) for s in range(n)]
        self.p_all = [tuple((-1, v) for v in self.hunter_nbrs[s]) for s in range(n)]
        with (data / "start_cards.csv").open(encoding="utf-8") as f:
            cards = list(csv.DictReader(f))
        self.hunter_deck = [int(r["station"]) for r in cards if r["deck"] == "edition2014_D"]
        self.mrx_deck = [int(r["station"]) for r in cards if r["deck"] == "edition2014_X"]


# Legal moves: plain functions over plain values (the test compares them with the real rules;
# the game loop below inlines their common cases).


def mrx_rides(
    tb: Tables, x: int, occ: int, supply: list[int], black: int
) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
    """Mr. X's legal single rides from ``x`` as (ticket, station)."""
    if black and supply[0] and supply[1] and supply[2] and not tb.black_mask[x] & occ:
        return tb.x_all[x]
    return [
        (t, v) for t, v in tb.x_all[x] if not occ >> v & 1 and (black if t == BLACK else supply[t])
    ]


def can_ride(tb: Tables, x: int, occ: int, supply: list[int], black: int) -> bool:
    free = tb.black_mask[x] & ~occ
    if not free or black:
        return bool(free)
    nbr_mask = tb.nbr_mask
    return bool(
        (supply[0] and nbr_mask[0][x] & free)
        or (supply[1] and nbr_mask[1][x] & free)
        or (supply[2] and nbr_mask[2][x] & free)
    )


def continues(tb: Tables, t: int, v: int, occ: int, supply: list[int], black: int) -> bool:
    """Whether the first leg (t, v) has a legal second leg."""
    if t == BLACK:
        return can_ride(tb, v, occ, supply, black - 1)
    if black:  # back where he came from (free: he stood there) by black ticket
        return True
    paid = supply[:]
    paid[t] -= 1
    return can_ride(tb, v, occ, paid, black)


def first_legs(
    tb: Tables,
    rides: list[tuple[int, int]] | tuple[tuple[int, int], ...],
    occ: int,
    supply: list[int],
    black: int,
) -> list[tuple[int, int]]:
    """The rides that have a legal second ride (the first legs of a double move)."""
    if black >= 2:
        return list(rides)
    return [(t, v) for t, v in rides if continues(tb, t, v, occ, supply, black)]


def hunter_moves(
    tb: Tables, s: int, occ: int, wallet: list[int] | None
) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
    """(ticket or -1 for police, station) for a hunter at ``s`` holding ``wallet`` (``None``:
    the police piece, which rides free)."""
    if wallet is None:
        if not tb.hunter_mask[s] & occ:
            return tb.p_all[s]
        return [(-1, v) for v in tb.hunter_nbrs[s] if not occ >> v & 1]
    if wallet[0] and wallet[1] and wallet[2] and not tb.hunter_mask[s] & occ:
        return tb.d_all[s]
    return [(t, v) for t, v in tb.d_all[s] if wallet[t] and not occ >> v & 1]


def hunter_can_move(tb: Tables, s: int, occ: int, wallet: list[int] | None) -> bool:
    free = tb.hunter_mask[s] & ~occ
    if not free or wallet is None or (wallet[0] and wallet[1] and wallet[2]):
        return bool(free)
    nbr_mask = tb.nbr_mask
    return bool(
        (wallet[0] and nbr_mask[0][s] & free)
        or (wallet[1] and nbr_mask[1][s] & free)
        or (wallet[2] and nbr_mask[2][s] & free)
    )


# One random game ----------------------------------------------------------------------------


def play(tb: Tables, rnd: Callable[[], float]) -> tuple[int, str]:
    """One random game: (plies, end reason).

    Every choice is uniform over the legal actions, drawn by rejection from the precomputed
    list of every ride (the legal ones are a subset of it, so each is equally likely): no
    list is built on the common path."""
    deck = tb.hunter_deck
    pos = [0] * (HUNTERS + 1)
    # Draw 4 distinct hunter cards, then Mr. X's card from his own deck.
    drawn: list[int] = []
    while len(drawn) < HUNTERS:
        c = deck[int(rnd() * len(deck))]
        if c not in drawn:
            drawn.append(c)
    pos[1:] = drawn
    x = tb.mrx_deck[int(rnd() * len(tb.mrx_deck))]
    occ = 0
    for s in drawn:
        occ |= 1 << s
    wallets: list[list[int] | None] = [None, *(list(DETECTIVE_WALLET) for _ in range(3)), None]
    supply = list(SUPPLY)
    black, doubles, log, round_no, plies = 5, 2, 0, 1, 0
    x_all, d_all, p_all = tb.x_all, tb.d_all, tb.p_all
    black_mask, hunter_mask = tb.black_mask, tb.hunter_mask
    while True:
        # Mr. X's turn: trapped when no ride is legal.
        if not can_ride(tb, x, occ, supply, black):
            return plies, TRAPPED
        rides = x_all[x]
        n = len(rides)
        double = bool(
            doubles
            and log + 2 <= LOG_FIELDS
            and (
                black >= 2
                or any(
                    continues(tb, t, v, occ, supply, black)
                    for t, v in mrx_rides(tb, x, occ, supply, black)
                )
            )
        )
        free = occ == 0 or not black_mask[x] & occ
        while True:
            k = int(rnd() * (n + double))
            if k == n:
                break
            t, v = rides[k]
            if (black if t == BLACK else supply[t]) and (free or not occ >> v & 1):
                break
        plies += 1
        if k < n:
            x = v
            log += 1
        else:
            # A double move: a first leg that has a second, then any legal second leg.
            while True:
                t, v = rides[int(rnd() * n)]
                if (
                    (black if t == BLACK else supply[t])
                    and not occ >> v & 1
                    and (black >= 2 or continues(tb, t, v, occ, supply, black))
                ):
                    break
            if t == BLACK:
                black -= 1
            else:
                supply[t] -= 1
            x = v
            seconds = x_all[x]
            while True:
                t, v = seconds[int(rnd() * len(seconds))]
                if (black if t == BLACK else supply[t]) and not occ >> v & 1:
                    break
            x = v
            doubles -= 1
            log += 2
            plies += 2
        if t == BLACK:
            black -= 1
        else:
            supply[t] -= 1
        # The detectives' phase: bitmask of the hunters that have not moved and can move.
        movable = 0
        for h in (1, 2, 3, 4):
            if hunter_can_move(tb, pos[h], occ, wallets[h]):
                movable |= 1 << h
        if not movable & 0b1110:
            return plies, IMMOBILE
        moved = 0
        while movable:
            # d1 acts first while the police piece can move (any detective may move it);
            # it is offered its own detective's rides, then the police rides.
            seat = 1 if movable & 0b10000 else (movable & -movable).bit_length() - 1
            own = d_all[pos[seat]] if movable >> seat & 1 else ()
            n_own = len(own)
            police = p_all[pos[POLICE]] if movable & 0b10000 else ()
            m = n_own + len(police)
            wallet = wallets[seat]
            assert wallet is not None
            while True:
                k = int(rnd() * m)
                if k < n_own:
                    t, v = own[k]
                    if wallet[t] and not occ >> v & 1:
                        h = seat
                        wallet[t] -= 1
                        supply[t] += 1
                        break
                else:
                    v = police[k - n_own][1]
                    if not occ >> v & 1:
                        h = POLICE
                        break
            plies += 1
            left = pos[h]
            occ ^= (1 << left) | (1 << v)
            pos[h] = v
            if v == x:
                return plies, CAPTURE
            moved |= 1 << h
            movable &= ~(1 << h)
            # Only an unmoved hunter next to the station left or entered can change.
            near = hunter_mask[left] | hunter_mask[v]
            for g in (1, 2, 3, 4):
                if not moved >> g & 1 and near >> pos[g] & 1:
                    if hunter_can_move(tb, pos[g], occ, wallets[g]):
                        movable |= 1 << g
                    else:
                        movable &= ~(1 << g)
        if round_no >= MAX_ROUNDS or log >= LOG_FIELDS:
            return plies, TIME
        round_no += 1


def run(seconds: float, seed: int = 0, tb: Tables | None = None) -> tuple[int, int, float]:
    """Random games for about ``seconds``: (games, plies, elapsed seconds)."""
    tb = tb or Tables()
    rnd = random.Random(seed).random
    games = plies = 0
    started = time.perf_counter()
    while True:
        plies += play(tb, rnd)[0]
        games += 1
        elapsed = time.perf_counter() - started
        if elapsed >= seconds:
            return games, plies, elapsed


if __name__ == "__main__":
    games, plies, elapsed = run(float(sys.argv[1]) if len(sys.argv) > 1 else 3.0)
    print(
        f"{games / elapsed:,.0f} games/s, {plies / elapsed:,.0f} plies/s, "
        f"{plies / games:.1f} plies/game"
    )
