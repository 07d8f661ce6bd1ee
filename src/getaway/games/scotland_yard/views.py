"""Per-seat views: the one place where secrets are stripped.

Mr. X's seat and ``all`` see everything. Every other seat and spectators see public
information only (spec section 12): Mr. X's stations appear only for surfacing entries,
until the game is over, when the travel log is opened for everyone so that the game can be
checked and replayed (the rulebook describes no post-game check; see the decisions in
``docs/games/scotland-yard.md``). The full schema is documented in
``docs/games/scotland-yard.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import ALL, JSONDict
from getaway.games.scotland_yard.board import TICKETS, stations_of
from getaway.games.scotland_yard.options import MRX

if TYPE_CHECKING:
    from getaway.games.scotland_yard.state import ScotlandYardState

_TICKET_KEYS = TICKETS[:3]


def _tickets(wallet: list[int]) -> dict[str, int]:
    return dict(zip(_TICKET_KEYS, wallet, strict=True))


def build_view(state: ScotlandYardState, seat: str) -> JSONDict:
    from getaway.games.scotland_yard.state import PHASES

    rules = state.rules
    over = state.is_over()
    sees_all = seat in (MRX, ALL) or over
    log = []
    for k, (t, double, station, revealed) in enumerate(
        zip(state.log_ticket, state.log_double, state.log_station, state.log_revealed, strict=True),
        start=1,
    ):
        log.append(
            {
                "entry": k,
                "ticket": TICKETS[t],
                "double": double,
                "station": station if (revealed or sees_all) else None,
                "revealed": revealed,
            }
        )
    masks = state.possible_masks()
    hunters = []
    for h, piece in enumerate(rules.pieces, start=1):
        w = rules.wallet_of[h]
        hunters.append(
            {
                "id": piece,
                "kind": "police" if h in rules.police else "detective",
                "station": state.pos[h],
                "tickets": _tickets(state.wallets[w]) if w >= 0 else None,
                "moved": bool(state.moved >> h & 1),
                "seat": rules.owner[h] or None,
            }
        )
    view: JSONDict = {
        "game": "scotland-yard",
        "seat": seat,
        "options": {k: (v[:] if isinstance(v, list) else v) for k, v in rules.options.items()},
        "players": rules.options["players"],
        "round": state.round,
        "max_rounds": rules.max_rounds,
        "phase": PHASES[state.phase],
        "to_act": list(state.to_act()),
        "over": over,
        "winner": state.winner(),
        "end_reason": state.end_reason,
        "mrx_location": state.pos[0] if sees_all else state.last_revealed(),
        "mrx_visible": state.mrx_visible() or (over and state.end_reason == "capture"),
        "mrx_log": log,
        "mrx_tickets": {"black": state.black, "double": state.doubles},
        "supply": _tickets(state.supply),
        "supply_unlimited": rules.unlimited_supply,
        "pooled_tickets": len(rules.wallets) == 1 and rules.detective_count > 1,
        "hunters": hunters,
        "possible_locations": stations_of(masks[-1]),
        "public_record": {
            "start_candidates": stations_of(state.start_candidates),
            "hunters_at_entry": [stations_of(m) for m in state.occupied_at],
            "searched": [stations_of(m) for m in state.searched],
        },
    }
    if sees_all:
        view["mrx_start"] = state.start
    # His double move under way: its steps for him (and ``all``); nobody else may even know
    # that one is open, so their views hold null whether or not it is.
    if seat in (MRX, ALL):
        view["open_steps"] = list(state.decision.steps) if state.decision is not None else []
    else:
        view["open_steps"] = None
    return view
