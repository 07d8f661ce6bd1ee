"""The canonical JSON form of a full state, and loading it back with validation.

A save holds secrets (Mr. X's stations). Loading checks shapes, ranges and the rules'
invariants (ticket conservation, distinct hunter stations), so a corrupt file is refused
with a message saying what is wrong instead of producing an impossible game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import JSONDict, Rng, SaveFileError, SaveReader
from getaway.core.options import whole_number
from getaway.core.saves import RNG_RANGE, SEED_RANGE, reading
from getaway.games.scotland_yard.board import STATIONS, TICKET_CODES, TICKETS, mask_of, stations_of
from getaway.games.scotland_yard.mrx_turn import DOUBLE_MOVE
from getaway.games.scotland_yard.options import (
    BLACK_TICKETS,
    BOX_TICKETS,
    DOUBLE_TICKETS,
    MRX,
    normalize,
    rules_for,
)
from getaway.games.scotland_yard.record import check_record
from getaway.games.scotland_yard.state import (
    DETECTIVES_WIN,
    END_REASONS,
    MRX_WINS,
    NOBODY,
    PHASE_HUNTERS,
    PHASE_MRX,
    PHASE_OVER,
    PHASES,
    ScotlandYardState,
)

#: Format 2 added the open decision (Mr. X's double move in steps); format 1 files, which
#: have none, are still read.
FORMAT = 2
_WINNERS = {None: NOBODY, "mrx": MRX_WINS, "detectives": DETECTIVES_WIN}
_WINNER_NAMES = {v: k for k, v in _WINNERS.items()}


def state_to_json(state: ScotlandYardState) -> JSONDict:
    rules = state.rules
    return {
        "game": "scotland-yard",
        "format": FORMAT,
        # A copy down to the lists, so that changing a save cannot change the shared rules.
        "options": {k: (v[:] if isinstance(v, list) else v) for k, v in rules.options.items()},
        "seed": state.seed,
        "rng": state._rng.state,
        "round": state.round,
        "phase": PHASES[state.phase],
        "mrx": state.pos[0],
        "mrx_start": state.start,
        "start_candidates": stations_of(state.start_candidates),
        "hunters": {piece: state.pos[h] for h, piece in enumerate(rules.pieces, start=1)},
        "wallets": [w[:] for w in state.wallets],
        "supply": state.supply[:],
        "black": state.black,
        "double": state.doubles,
        "log": [
            [TICKETS[t], d, s, r]
            for t, d, s, r in zip(
                state.log_ticket,
                state.log_double,
                state.log_station,
                state.log_revealed,
                strict=True,
            )
        ],
        "hunters_at_entry": [stations_of(m) for m in state.occupied_at],
        "searched": [stations_of(m) for m in state.searched],
        "moved": [p for h, p in enumerate(rules.pieces, start=1) if state.moved >> h & 1],
        "winner": _WINNER_NAMES[state.winner_code],
        "end_reason": state.end_reason,
        "decision": state.decision.to_json() if state.decision is not None else None,
    }


def _station(value: Any, where: str) -> int:
    return whole_number(value, where, 1, STATIONS)


def _stations(value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise SaveFileError(f"save file: {where!r} must be a list of stations")
    return [_station(v, f"{where}[{i}]") for i, v in enumerate(value)]


def state_from_json(data: Mapping[str, Any]) -> ScotlandYardState:
    """Load a save; anything malformed or impossible raises :class:`SaveFileError` naming
    the field."""
    return reading(_load, data)


def _load(r: SaveReader) -> ScotlandYardState:
    fmt = r.choice("format", (1, FORMAT))
    rules = rules_for(normalize(r.header("scotland-yard", fmt)))
    s = ScotlandYardState.__new__(ScotlandYardState)
    s.rules = rules
    s._seed = r.integer("seed", *SEED_RANGE)
    s._rng = Rng.from_state(r.integer("rng", *RNG_RANGE))
    s.round = r.integer("round", 1, rules.max_rounds)
    s.phase = PHASES.index(r.choice("phase", PHASES))
    hunters = r.object("hunters")
    if sorted(hunters.data) != sorted(rules.pieces):
        raise r.fail(f"'hunters' must give the stations of {', '.join(rules.pieces)}")
    hunter_pos = [hunters.integer(p, 1, STATIONS) for p in rules.pieces]
    if len(set(hunter_pos)) != len(hunter_pos):
        raise r.fail("two hunters share a station ('hunters')")
    s.pos = [r.integer("mrx", 1, STATIONS), *hunter_pos]
    s.start = r.integer("mrx_start", 1, STATIONS)
    s.start_candidates = mask_of(r.items("start_candidates", _station))
    s.occ = mask_of(hunter_pos)
    wallets = r.get("wallets")
    if not (isinstance(wallets, list) and len(wallets) == len(rules.wallets)):
        raise r.fail(f"'wallets' must hold {len(rules.wallets)} ticket boards")
    s.wallets = [_tickets(w, f"wallets[{i}]", rules.wallets[i]) for i, w in enumerate(wallets)]
    s.supply = _tickets(r.get("supply"), "supply", BOX_TICKETS)
    s.black = r.integer("black", 0, BLACK_TICKETS)
    s.doubles = r.integer("double", 0, DOUBLE_TICKETS)
    entries = r.items("log", _entry)
    if len(entries) > rules.log_fields:
        raise r.fail(
            f"'log' has {len(entries)} entries; the travel log holds at most "
            f"{rules.log_fields} ('log_fields')"
        )
    s.log_ticket = [t for t, _, _, _ in entries]
    s.log_double = [d for _, d, _, _ in entries]
    s.log_station = [v for _, _, v, _ in entries]
    s.log_revealed = [x for _, _, _, x in entries]
    n = len(entries)
    at_entry = r.items("hunters_at_entry", _stations)
    searched = r.items("searched", _stations)
    if len(at_entry) != n:
        raise r.fail("'hunters_at_entry' needs one list per log entry")
    if len(searched) != n + 1:
        raise r.fail("'searched' needs one list per log length (entries + 1)")
    s.occupied_at = [mask_of(v) for v in at_entry]
    s.searched = [mask_of(v) for v in searched]
    moved = r.items("moved", lambda p, where: _piece(rules.pieces, p, where))
    s.moved = mask_of(rules.pieces.index(p) + 1 for p in moved)
    s.winner_code = _WINNERS[r.choice("winner", tuple(_WINNERS))]
    s.end_reason = r.choice("end_reason", (None, *END_REASONS))
    if s.winner_code != END_REASONS.get(s.end_reason, NOBODY):
        raise r.fail(f"'winner' {r.get('winner')!r} does not fit 'end_reason' {s.end_reason!r}")
    s._possible = None
    s._settled = None
    s._fresh = 0
    _check_invariants(s)
    # Derived: who acts now.
    s._movable = 0
    if s.phase == PHASE_OVER:
        s._to_act = ()
    elif s.phase == PHASE_MRX:
        if not s._mrx_can_move():
            # His turn would have ended the game at once (D2, spec section 11).
            raise r.fail("Mr. X has no legal move in a running game")
        s._to_act = ("mrx",)
    else:
        s._to_act = ()
        s._refresh_hunters_to_act()
        if s.phase != PHASE_HUNTERS:
            raise r.fail("the detectives' phase has no piece left to move")
    s.decision = None
    if fmt >= 2:
        # Each step checked against the state, as if it were played again.
        s.decision = DOUBLE_MOVE.restore(s, r.get("decision"), rules.seats)
        if s.decision is not None and (s.decision.seat != MRX or s.phase != PHASE_MRX):
            raise r.fail("'decision': only Mr. X has a decision open, in his own turn")
    return s


def _tickets(value: Any, where: str, most: Sequence[int]) -> list[int]:
    if not (isinstance(value, list) and len(value) == 3):
        raise SaveFileError(f"save file: {where!r} must be [taxi, bus, underground]")
    return [whole_number(n, f"{where}[{t}]", 0, most[t]) for t, n in enumerate(value)]


def _entry(value: Any, where: str) -> tuple[int, bool, int, bool]:
    if not (
        isinstance(value, list)
        and len(value) == 4
        and isinstance(value[0], str)
        and value[0] in TICKET_CODES
        and isinstance(value[1], bool)
        and isinstance(value[3], bool)
    ):
        raise SaveFileError(
            f"save file: {where!r} must be [ticket, double, station, revealed] with a ticket "
            f"of {', '.join(TICKET_CODES)}"
        )
    return TICKET_CODES[value[0]], value[1], _station(value[2], f"{where}[2]"), value[3]


def _piece(pieces: tuple[str, ...], value: Any, where: str) -> str:
    if not isinstance(value, str) or value not in pieces:
        raise SaveFileError(f"save file: {where!r} must be one of {', '.join(pieces)}")
    return value


def _check_invariants(s: ScotlandYardState) -> None:
    rules = s.rules
    over = s.phase == PHASE_OVER
    if (s.winner_code != NOBODY) != over:
        raise SaveFileError("save file: 'winner' must be set exactly when the phase is 'over'")
    if not over and s.occ >> s.pos[0] & 1:
        raise SaveFileError("save file: Mr. X stands on a hunter's station in a running game")
    if s.log_station and s.log_station[-1] != s.pos[0]:
        raise SaveFileError("save file: Mr. X's station is not his last log entry")
    if not s.log_station and s.pos[0] != s.start:
        raise SaveFileError("save file: Mr. X has not moved yet but is not on his start station")
    used_black = sum(1 for t in s.log_ticket if t == 3)
    if s.black + used_black != BLACK_TICKETS:
        raise SaveFileError("save file: black tickets left and used do not add up to 5")
    doubles_used = sum(s.log_double) // 2
    if s.doubles + doubles_used != DOUBLE_TICKETS or sum(s.log_double) % 2:
        raise SaveFileError("save file: double-move tickets left and used do not add up to 2")
    if not rules.unlimited_supply:
        for t in range(3):
            held = sum(w[t] for w in s.wallets)
            used = sum(1 for x in s.log_ticket if x == t)
            if held + s.supply[t] + used != BOX_TICKETS[t]:
                raise SaveFileError(
                    f"save file: {TICKETS[t]} tickets on boards, in the supply and on the log "
                    f"do not add up to {BOX_TICKETS[t]}"
                )
    check_record(s)
