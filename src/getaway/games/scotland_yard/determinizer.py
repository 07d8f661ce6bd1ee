"""Sampling full states consistent with what one seat knows.

Bots call this instead of reading the true state. From a detective's or spectator's view the
only secret is Mr. X's path: it is drawn backwards through the exact possible-location sets
(``knowledge.sample_path``), so every sampled state could be the real one. Mr. X's own view
(and ``all``) holds everything; the sample is then the state itself. The deck order of the
start cards is never needed again after setup, so it is not sampled.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import GetawayError, Rng
from getaway.games.scotland_yard.board import TICKET_CODES, mask_of
from getaway.games.scotland_yard.knowledge import can_move_from, possible_sets, sample_path
from getaway.games.scotland_yard.options import normalize, rules_for
from getaway.games.scotland_yard.saves import FORMAT, state_from_json
from getaway.games.scotland_yard.state import ScotlandYardState


def determinize(view: Mapping[str, Any], rng: Rng) -> ScotlandYardState:
    """A full state consistent with ``view``, Mr. X's hidden stations drawn by ``rng``."""
    hidden = hidden_record(view)
    if hidden is None:
        path = [view["mrx_start"], *(e["station"] for e in view["mrx_log"])]
    else:
        sampled = sample_path(rules_for(normalize(view["options"])).board, *hidden, rng)
        if sampled is None:
            raise GetawayError("the view is inconsistent: Mr. X has no possible location")
        path = sampled
    return state_with_path(view, path, rng)


def hidden_record(view: Mapping[str, Any]) -> tuple[list[int], list[int]] | None:
    """``(sets, tickets)``: the possible-location sets F_0..F_n and the logged tickets, as
    ``knowledge.sample_path`` takes them; ``None`` when the view shows Mr. X's whole path."""
    log = view["mrx_log"]
    if all(e["station"] is not None for e in log) and view.get("mrx_start") is not None:
        return None
    rules = rules_for(normalize(view["options"]))
    tickets = [TICKET_CODES[e["ticket"]] for e in log]
    record = view["public_record"]
    sets = possible_sets(
        rules.board,
        mask_of(record["start_candidates"]),
        tickets,
        [e["station"] if e["revealed"] else 0 for e in log],
        [mask_of(m) for m in record["hunters_at_entry"]],
        [mask_of(m) for m in record["searched"]],
    )
    if view["phase"] == "mrx":
        # His turn began and the game did not end: he can move from where he is.
        sets[-1] = can_move_from(
            rules.board,
            sets[-1],
            mask_of(h["station"] for h in view["hunters"]),
            view["mrx_tickets"]["black"],
            [view["supply"][k] for k in ("taxi", "bus", "underground")],
            rules.unlimited_supply,
        )
    return sets, tickets


def state_with_path(view: Mapping[str, Any], path: list[int], rng: Rng) -> ScotlandYardState:
    """The full state ``view`` shows, with Mr. X's stations ``path`` (start, then one per
    travel-log entry) and a fresh generator drawn from ``rng``."""
    log = view["mrx_log"]
    record = view["public_record"]
    wallets = []
    pooled_seen = False
    for hunter in view["hunters"]:
        if hunter["tickets"] is None:
            continue
        if view["pooled_tickets"]:
            if pooled_seen:
                continue
            pooled_seen = True
        t = hunter["tickets"]
        wallets.append([t["taxi"], t["bus"], t["underground"]])
    data = {
        "game": "scotland-yard",
        "format": FORMAT,
        "options": view["options"],
        # The seed and the generator are secret (they fix the start cards); draw fresh ones.
        "seed": 0,
        "rng": rng.next64(),
        "round": view["round"],
        "phase": view["phase"],
        "mrx": path[-1],
        "mrx_start": path[0],
        "start_candidates": record["start_candidates"],
        "hunters": {h["id"]: h["station"] for h in view["hunters"]},
        "wallets": wallets,
        "supply": [view["supply"]["taxi"], view["supply"]["bus"], view["supply"]["underground"]],
        "black": view["mrx_tickets"]["black"],
        "double": view["mrx_tickets"]["double"],
        "log": [
            [e["ticket"], e["double"], station, e["revealed"]]
            for e, station in zip(log, path[1:], strict=True)
        ],
        "hunters_at_entry": record["hunters_at_entry"],
        "searched": record["searched"],
        "moved": [h["id"] for h in view["hunters"] if h["moved"]],
        "winner": view["winner"],
        "end_reason": view["end_reason"],
        # Mr. X's double move under way, where the view shows it (his own and ``all``).
        "decision": {"seat": "mrx", "steps": view["open_steps"]} if view["open_steps"] else None,
    }
    return state_from_json(data)
