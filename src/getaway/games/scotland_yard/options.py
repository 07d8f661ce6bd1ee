"""Game options, and the fixed facts a set of options implies (seats, pieces, tickets).

Defaults are the 2014 Ravensburger rulebook; every reading the spec leaves open is a flag
(spec section 14.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from getaway.core.options import OptionSpec, check_known, choice_option, int_option
from getaway.games.scotland_yard.board import EDITIONS, Board, board_for
from getaway.games.scotland_yard.moves import MoveTables

MRX = "mrx"
DETECTIVES = "detectives"

#: Detective ticket board at setup: taxi, bus, underground (spec section 2).
DETECTIVE_TICKETS = (11, 8, 4)
#: Ordinary tickets in the box: taxi, bus, underground (spec section 2).
BOX_TICKETS = (57, 45, 23)
BLACK_TICKETS = 5
DOUBLE_TICKETS = 2
REVEAL_AT = (3, 8, 13, 18, 24)

#: The 2014 edition lasts at most 22 rounds (its travel log has a field for every round and
#: both double moves); the classic one lasts as long as its 24-field travel log.
ROUNDS_2014 = 22
LOG_FIELDS_CLASSIC = 24

#: Every option, with its default for the 2014 edition; the classic edition changes the
#: defaults of board, start_cards, max_rounds and log_fields (see :func:`_normalize`).
OPTION_SPECS = (
    OptionSpec(
        "players",
        "int",
        4,
        "number of players, 2-6 (2: one player runs 2 detectives and 2 police)",
        min=2,
        max=6,
    ),
    OptionSpec(
        "edition",
        "choice",
        "2014",
        "'2014' (default: 22 rounds, D/X start decks) or 'classic' (until the 24 fields of the "
        "travel log are used, taxi 13-14, 18 shared start cards); sets the defaults of board, "
        "start_cards, max_rounds and log_fields",
        choices=EDITIONS,
    ),
    OptionSpec(
        "board",
        "choice",
        "2014",
        "'2014' or 'classic' board graph (default: the edition's)",
        choices=EDITIONS,
    ),
    OptionSpec(
        "start_cards",
        "choice",
        "2014",
        "'2014' (D and X decks) or 'classic' (18 shared cards) (default: edition's)",
        choices=EDITIONS,
    ),
    OptionSpec(
        "max_rounds",
        "int",
        ROUNDS_2014,
        "1-30: Mr. X wins when this round ends without a capture (default: 22; classic: "
        "log_fields, the most rounds its travel log allows)",
        min=1,
        max=30,
    ),
    OptionSpec(
        "log_fields",
        "int",
        ROUNDS_2014 + DOUBLE_TICKETS,
        "1-32: the travel log's fields; Mr. X wins when the round in which he fills the last "
        "one ends, and a double move needs two free fields (default: classic 24; 2014: "
        "max_rounds + 2, never filled before the last round)",
        min=1,
        max=32,
    ),
    OptionSpec(
        "reveal_rule",
        "choice",
        "entries",
        "'entries' (default: reveal after travel-log entries 3, 8, 13, 18, 24) or 'rounds' "
        "(reveal at the end of Mr. X's turn in those rounds)",
        choices=("entries", "rounds"),
    ),
    OptionSpec(
        "reveal_at",
        "list",
        list(REVEAL_AT),
        "the surfacing entries or rounds (default [3, 8, 13, 18, 24])",
        min=1,
        max=30,
    ),
    OptionSpec(
        "mrx_tickets",
        "choice",
        "supply",
        "'supply' (default: Mr. X takes ordinary tickets from the finite common supply) or "
        "'unlimited'",
        choices=("supply", "unlimited"),
    ),
    OptionSpec(
        "pooled_tickets",
        "bool",
        True,
        "2-player game: the two detectives share one 22/16/8 ticket pool (default true) or "
        "keep separate boards",
    ),
    OptionSpec(
        "x2_counts_police",
        "bool",
        False,
        "Mr. X wins when no detective can move (default false, the rulebook's words) or only "
        "when no hunter, police included, can (true)",
    ),
)
SPECS = {spec.name: spec for spec in OPTION_SPECS}


_NORMALIZED: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = {}


def normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated options with every key present (a fresh dict each call)."""
    try:
        # Lists (reveal_at) are frozen so that normalized options hit the cache too.
        key = tuple(
            sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in (options or {}).items())
        )
        cached = _NORMALIZED.get(key)
    except TypeError:  # other unhashable values: validate without the cache
        key, cached = None, None
    if cached is None:
        cached = _normalize(options)
        if key is not None and len(_NORMALIZED) < 1024:
            _NORMALIZED[key] = cached
    return {k: (list(v) if isinstance(v, list) else v) for k, v in cached.items()}


def _normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    options = dict(options or {})
    check_known(OPTION_SPECS, options, "scotland-yard")
    edition = SPECS["edition"].read(options)
    reveal_at = SPECS["reveal_at"].read(options)
    # The edition sets the defaults of the options below it, so those are read here.
    if edition == "classic":
        # The classic game lasts as long as its travel log; without a double move that is
        # one round per field.
        log_fields = int_option(options, "log_fields", LOG_FIELDS_CLASSIC, 1, 32)
        max_rounds = int_option(options, "max_rounds", min(log_fields, 30), 1, 30)
    else:
        # The 2014 game lasts max_rounds; its log holds every round and both double moves.
        max_rounds = int_option(options, "max_rounds", ROUNDS_2014, 1, 30)
        log_fields = int_option(options, "log_fields", max_rounds + DOUBLE_TICKETS, 1, 32)
    return {
        "players": SPECS["players"].read(options),
        "edition": edition,
        "board": choice_option(options, "board", EDITIONS, edition),
        "start_cards": choice_option(options, "start_cards", EDITIONS, edition),
        "max_rounds": max_rounds,
        "log_fields": log_fields,
        "reveal_rule": SPECS["reveal_rule"].read(options),
        "reveal_at": reveal_at,
        "mrx_tickets": SPECS["mrx_tickets"].read(options),
        "pooled_tickets": SPECS["pooled_tickets"].read(options),
        "x2_counts_police": SPECS["x2_counts_police"].read(options),
    }


def seats_for(players: int) -> tuple[str, ...]:
    """``mrx`` and one seat per detective player; in the 2-player game one seat runs them all."""
    if players == 2:
        return (MRX, DETECTIVES)
    return (MRX, *(f"d{i}" for i in range(1, players)))


@dataclass(frozen=True)
class Rules:
    """Everything fixed by the options: shared, read-only, by every state of a game."""

    options: dict[str, Any]
    board: Board
    start_board: Board
    seats: tuple[str, ...]
    detective_seats: tuple[str, ...]
    #: Hunter piece ids, index 1.. in the state's position list (index 0 is Mr. X).
    pieces: tuple[str, ...]
    #: For each position index: wallet index for detectives, -1 for police (and Mr. X).
    wallet_of: tuple[int, ...]
    #: Initial wallets (taxi, bus, underground).
    wallets: tuple[tuple[int, int, int], ...]
    #: Position indices of police pieces.
    police: frozenset[int]
    #: Seat -> position indices of the pieces it owns outright (police are shared).
    own_pieces: dict[str, tuple[int, ...]]
    #: Position index -> the seat owning it ("" for police: every detective seat).
    owner: tuple[str, ...]
    max_rounds: int
    #: Mr. X's travel-log fields: the game ends with the round that fills the last one.
    log_fields: int
    reveal_by_round: bool
    reveal_at: frozenset[int]
    unlimited_supply: bool
    x2_counts_police: bool
    detective_count: int
    tables: MoveTables
    #: Seat -> the pieces it may move in the detectives' phase: its own, then the police.
    seat_pieces: dict[str, tuple[int, ...]]
    _to_act_cache: dict[int, tuple[str, ...]]
    #: Position indices of the hunters: 1..len(pieces).
    hunter_indices: tuple[int, ...]
    #: Bitmask of the pieces whose mobility counts for X2 (all hunters, or detectives only).
    x2_pieces: int
    #: True when several detectives spend from one wallet (the pooled 2-player game).
    shared_wallet: bool

    def seats_for_movable(self, movable: int) -> tuple[str, ...]:
        """The seats that may act when the hunters in bitmask ``movable`` can still move:
        every detective seat while a police piece can (any detective may move it)."""
        seats = self._to_act_cache.get(movable)
        if seats is None:
            owners = {self.owner[h] for h in self.hunter_indices if movable >> h & 1}
            if "" in owners:
                seats = self.detective_seats
            else:
                seats = tuple(s for s in self.detective_seats if s in owners)
            self._to_act_cache[movable] = seats
        return seats

    def initial_supply(self) -> list[int]:
        d = self.detective_count
        return [BOX_TICKETS[t] - DETECTIVE_TICKETS[t] * d for t in range(3)]


def _freeze(options: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((k, tuple(v) if isinstance(v, list) else v) for k, v in sorted(options.items()))


_RULES_CACHE: dict[tuple[tuple[str, Any], ...], Rules] = {}


def rules_for(options: dict[str, Any]) -> Rules:
    """The shared :class:`Rules` of normalized options."""
    key = _freeze(options)
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = _build_rules(options)
    return rules


@cache
def _piece_layout(players: int) -> tuple[int, int]:
    """(detectives, police) on the board for a player count (spec section 4)."""
    detectives = 2 if players <= 3 else players - 1
    police = {2: 2, 3: 2, 4: 1}.get(players, 0)
    return detectives, police


def _build_rules(options: dict[str, Any]) -> Rules:
    players = options["players"]
    seats = seats_for(players)
    detectives, police = _piece_layout(players)
    pieces = tuple(f"d{i}" for i in range(1, detectives + 1)) + tuple(
        f"p{i}" for i in range(1, police + 1)
    )
    police_idx = frozenset(range(detectives + 1, detectives + police + 1))
    pooled = players == 2 and options["pooled_tickets"]
    if pooled:
        taxi, bus, underground = DETECTIVE_TICKETS
        wallets: tuple[tuple[int, int, int], ...] = (
            (detectives * taxi, detectives * bus, detectives * underground),
        )
        wallet_of = (-1, *(0 for _ in range(detectives)), *(-1 for _ in range(police)))
    else:
        wallets = tuple(DETECTIVE_TICKETS for _ in range(detectives))
        wallet_of = (-1, *range(detectives), *(-1 for _ in range(police)))
    if players == 2:
        own = {DETECTIVES: tuple(range(1, len(pieces) + 1))}
        owner = ("", *(DETECTIVES for _ in range(detectives)), *("" for _ in range(police)))
    else:
        own = {f"d{i}": (i,) for i in range(1, detectives + 1)}
        owner = ("", *(f"d{i}" for i in range(1, detectives + 1)), *("" for _ in range(police)))
    own[MRX] = (0,)
    board = board_for(options["board"])
    return Rules(
        options=options,
        board=board,
        start_board=board_for(options["start_cards"]),
        seats=seats,
        detective_seats=seats[1:],
        pieces=pieces,
        wallet_of=wallet_of,
        wallets=wallets,
        police=police_idx,
        own_pieces=own,
        owner=owner,
        max_rounds=options["max_rounds"],
        log_fields=options["log_fields"],
        reveal_by_round=options["reveal_rule"] == "rounds",
        reveal_at=frozenset(options["reveal_at"]),
        unlimited_supply=options["mrx_tickets"] == "unlimited",
        x2_counts_police=options["x2_counts_police"],
        detective_count=detectives,
        tables=MoveTables(board, pieces, police_idx),
        seat_pieces={
            seat: own[seat] + tuple(sorted(police_idx - set(own[seat]))) for seat in seats[1:]
        },
        _to_act_cache={},
        hunter_indices=tuple(range(1, len(pieces) + 1)),
        shared_wallet=pooled,
        x2_pieces=sum(
            1 << h
            for h in range(1, len(pieces) + 1)
            if options["x2_counts_police"] or h not in police_idx
        ),
    )
