"""No payload for a seat carries more than that seat's view (Scotland Yard: a detective
never learns Mr. X's hidden station from the server), over HTTP and over WebSockets."""

from __future__ import annotations

from typing import Any

from getaway.core import ALL, SPECTATOR, Replay, State
from getaway.server.store import MatchRecord
from tests.server.helpers import ServerClient, act, create, state, stored, token_of

PAYLOAD_KEYS = {
    "match", "game", "seat", "version", "over", "outcome", "to_act", "may_act",
    "legal_actions", "can_undo", "view", "seats", "turn_seconds", "deadlines", "rematch",
    "server_time", "practice", "seed",
}  # fmt: skip


def state_seen(record: MatchRecord, seat: str, view: dict[str, Any]) -> State:
    """The true position, among those the log went through, whose view for ``seat`` is
    ``view`` (a viewer's version counts only the changes it saw, not the actions)."""
    replay = Replay(record.game, record.options, record.seed, record.actions)
    for _, real in replay.states():
        if real.view(seat) == view:
            return real.clone()
    raise AssertionError(f"{seat} was sent a view no position of the match shows it")


def check_payload(payload: dict[str, Any], record: MatchRecord, seat: str) -> None:
    real = state_seen(record, seat, payload["view"])
    view = payload["view"]
    legal = list(real.legal_actions(seat)) if seat in real.to_act() else []
    assert payload["legal_actions"] == legal
    if real.is_over():
        return  # the travel log opens to everyone at the end, by the rules
    # His hidden stations: unrevealed entries, his start, and where he is unless surfaced.
    log = view["mrx_log"]
    assert all(entry["station"] is None for entry in log if not entry["revealed"])
    surfaced = [entry["station"] for entry in log if entry["revealed"]]
    assert view["mrx_location"] == (surfaced[-1] if surfaced else None)
    assert "mrx_start" not in view
    assert view["mrx_log"] != real.view(ALL)["mrx_log"] or view["mrx_visible"] or not log
    # Beside "view" a payload holds only public facts (seats, versions, deadlines).
    assert set(payload) == PAYLOAD_KEYS


def test_detective_and_spectator_payloads_never_hold_mrx_hidden_station(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=2, bots={"mrx": "heuristic"}, seed=41)
    match_id, token = created["id"], token_of(created, "detectives")
    seen: list[dict[str, Any]] = []
    public: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/api/matches/{match_id}/ws?token={token}") as ws,
        client.websocket_connect(f"/api/matches/{match_id}/ws") as watcher,
    ):
        while True:
            payload = ws.receive_json()
            seen.append(payload)
            if payload["over"]:
                break
            if payload["legal_actions"]:
                polled = state(client, match_id, token)
                seen.append(polled)
                act(client, match_id, token, polled["legal_actions"][-1], polled["version"])
        public.append(watcher.receive_json())
    record = stored(database_url, match_id)
    assert len(record.actions) > 10
    hidden = [p for p in seen if not p["over"] and not p["view"]["mrx_visible"]]
    assert hidden, "the game never hid Mr. X"
    for payload in seen:
        check_payload(payload, record, "detectives")
    for payload in [*public, state(client, match_id)]:
        state_seen(record, SPECTATOR, payload["view"])
