"""The canonical JSON form of a full state, and loading it back with validation.

A save holds secrets (Mr. X's stations). Loading checks shapes, ranges and the rules'
invariants (ticket conservation, distinct hunter stations), so a corrupt file is refused
with a message saying what is wrong instead of producing an impossible game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import GetawayError, JSONDict, Rng, SaveFileError
from getaway.core.options import whole_number
from getaway.games.scotland_yard.board import STATIONS, TICKET_CODES, TICKETS, mask_of, stations_of
from getaway.games.scotland_yard.options import (
    BLACK_TICKETS,
    BOX_TICKETS,
    DOUBLE_TICKETS,
    normalize,
    rules_for,
)
from getaway.games.scotland_yard.state import (
    DETECTIVES_WIN,
    MRX_WINS,
    NOBODY,
    PHASE_HUNTERS,
    PHASE_MRX,
    PHASE_OVER,
    PHASES,
    ScotlandYardState,
)

FORMAT = 1
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
    }


class _Reader:
    """Typed access to a save dict with errors that name the field."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise SaveFileError(f"save file: field {key!r} is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int) -> int:
        value = self.get(key)
        return whole_number(value, key, low, high)

    def station(self, key: str) -> int:
        return self.integer(key, 1, STATIONS)

    def stations(self, value: Any, key: str) -> list[int]:
        if not isinstance(value, list):
            raise SaveFileError(f"save file: {key!r} must be a list of stations")
        return [whole_number(v, key, 1, STATIONS) for v in value]


def state_from_json(data: Mapping[str, Any]) -> ScotlandYardState:
    try:
        return _load(_Reader(data))
    except SaveFileError:
        raise
    except GetawayError as exc:
        raise SaveFileError(f"save file: {exc}") from None


def _load(r: _Reader) -> ScotlandYardState:
    if r.get("game") != "scotland-yard":
        raise SaveFileError("save file: not a scotland-yard state")
    if r.get("format") != FORMAT:
        raise SaveFileError(f"save file: format {r.get('format')!r} is not {FORMAT}")
    options = r.get("options")
    if not isinstance(options, dict):
        raise SaveFileError("save file: 'options' must be an object")
    rules = rules_for(normalize(options))
    s = ScotlandYardState.__new__(ScotlandYardState)
    s.rules = rules
    s._seed = r.integer("seed", -(2**63), 2**64)
    s._rng = Rng.from_state(r.integer("rng", 0, 2**64 - 1))
    s.round = r.integer("round", 1, rules.max_rounds)
    phase = r.get("phase")
    if phase not in PHASES:
        raise SaveFileError(f"save file: 'phase' must be one of {', '.join(PHASES)}")
    s.phase = PHASES.index(phase)
    hunters = r.get("hunters")
    if not isinstance(hunters, dict) or sorted(hunters) != sorted(rules.pieces):
        raise SaveFileError(
            f"save file: 'hunters' must give the stations of {', '.join(rules.pieces)}"
        )
    hunter_pos = [whole_number(hunters[p], f"hunters.{p}", 1, STATIONS) for p in rules.pieces]
    if len(set(hunter_pos)) != len(hunter_pos):
        raise SaveFileError("save file: two hunters share a station")
    s.pos = [r.station("mrx"), *hunter_pos]
    s.start = r.station("mrx_start")
    s.start_candidates = mask_of(r.stations(r.get("start_candidates"), "start_candidates"))
    s.occ = mask_of(hunter_pos)
    wallets = r.get("wallets")
    if not (isinstance(wallets, list) and len(wallets) == len(rules.wallets)):
        raise SaveFileError(f"save file: 'wallets' must hold {len(rules.wallets)} ticket boards")
    s.wallets = []
    for i, w in enumerate(wallets):
        if not (isinstance(w, list) and len(w) == 3):
            raise SaveFileError("save file: a wallet is [taxi, bus, underground]")
        s.wallets.append(
            [whole_number(n, f"wallets[{i}]", 0, rules.wallets[i][t]) for t, n in enumerate(w)]
        )
    supply = r.get("supply")
    if not (isinstance(supply, list) and len(supply) == 3):
        raise SaveFileError("save file: 'supply' is [taxi, bus, underground]")
    s.supply = [whole_number(n, "supply", 0, BOX_TICKETS[t]) for t, n in enumerate(supply)]
    s.black = r.integer("black", 0, BLACK_TICKETS)
    s.doubles = r.integer("double", 0, DOUBLE_TICKETS)
    log = r.get("log")
    if not isinstance(log, list) or len(log) > rules.max_rounds + DOUBLE_TICKETS:
        raise SaveFileError("save file: 'log' must be a list of travel-log entries")
    s.log_ticket, s.log_double, s.log_station, s.log_revealed = [], [], [], []
    for k, entry in enumerate(log, start=1):
        if not (
            isinstance(entry, list)
            and len(entry) == 4
            and entry[0] in TICKET_CODES
            and isinstance(entry[1], bool)
            and isinstance(entry[3], bool)
        ):
            raise SaveFileError(
                f"save file: log entry {k} must be [ticket, double, station, revealed]"
            )
        s.log_ticket.append(TICKET_CODES[entry[0]])
        s.log_double.append(entry[1])
        s.log_station.append(whole_number(entry[2], f"log[{k}]", 1, STATIONS))
        s.log_revealed.append(entry[3])
    n = len(log)
    at_entry = r.get("hunters_at_entry")
    searched = r.get("searched")
    if not (isinstance(at_entry, list) and len(at_entry) == n):
        raise SaveFileError("save file: 'hunters_at_entry' needs one list per log entry")
    if not (isinstance(searched, list) and len(searched) == n + 1):
        raise SaveFileError("save file: 'searched' needs one list per log length (entries + 1)")
    s.occupied_at = [mask_of(r.stations(v, "hunters_at_entry")) for v in at_entry]
    s.searched = [mask_of(r.stations(v, "searched")) for v in searched]
    moved = r.get("moved")
    if not (isinstance(moved, list) and all(p in rules.pieces for p in moved)):
        raise SaveFileError(f"save file: 'moved' lists pieces among {', '.join(rules.pieces)}")
    s.moved = mask_of(rules.pieces.index(p) + 1 for p in moved)
    winner = r.get("winner")
    if winner not in _WINNERS:
        raise SaveFileError("save file: 'winner' must be null, 'mrx' or 'detectives'")
    s.winner_code = _WINNERS[winner]
    reason = r.get("end_reason")
    if reason is not None and not isinstance(reason, str):
        raise SaveFileError("save file: 'end_reason' must be null or text")
    s.end_reason = reason
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
            raise SaveFileError("save file: Mr. X has no legal move in a running game")
        s._to_act = ("mrx",)
    else:
        s._to_act = ()
        s._refresh_hunters_to_act()
        if s.phase != PHASE_HUNTERS:
            raise SaveFileError("save file: the detectives' phase has no piece left to move")
    return s


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
    _check_log(s)


def _check_log(s: ScotlandYardState) -> None:
    """The travel log must be a journey the rules allow: a path of rides from the start
    station, one entry per turn played plus one per double move, surfacing where the reveal
    rule says."""
    rules = s.rules
    previous = s.start
    for k, (t, v) in enumerate(zip(s.log_ticket, s.log_station, strict=True), start=1):
        if not rules.board.ticket_mask[t][previous] >> v & 1:
            raise SaveFileError(
                f"save file: log entry {k} ({TICKETS[t]} to {v}) is not one ride from {previous}"
            )
        previous = v
    # Each turn writes one entry, or two (flagged double) for a double move.
    turn_of_entry: list[int] = []
    turn = 0
    k = 0
    while k < len(s.log_double):
        turn += 1
        if s.log_double[k]:
            if k + 1 >= len(s.log_double) or not s.log_double[k + 1]:
                raise SaveFileError(f"save file: log entry {k + 1} is half of a double move")
            turn_of_entry += [turn, turn]
            k += 2
        else:
            turn_of_entry.append(turn)
            k += 1
    played = turn  # Mr. X turns on the log
    expected = {PHASE_MRX: (s.round - 1,), PHASE_HUNTERS: (s.round,)}.get(
        s.phase, (s.round - 1, s.round)
    )
    if played not in expected:
        raise SaveFileError(
            f"save file: round {s.round} ({PHASES[s.phase]}) does not fit a travel log of "
            f"{played} turns"
        )
    for k, revealed in enumerate(s.log_revealed, start=1):
        if rules.reveal_by_round:
            last_of_turn = k == len(turn_of_entry) or turn_of_entry[k] != turn_of_entry[k - 1]
            should = last_of_turn and turn_of_entry[k - 1] in rules.reveal_at
        else:
            should = k in rules.reveal_at
        if revealed != should:
            raise SaveFileError(
                f"save file: log entry {k} is {'' if revealed else 'not '}marked revealed, "
                "against the reveal rule"
            )
