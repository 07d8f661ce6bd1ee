"""The HTTP API: creating matches, seats and tokens, actions, errors that change nothing,
bots playing their turns, undo, the host's operations and replays."""

from __future__ import annotations

import time
from typing import Any

import pytest

from getaway.ai import bot_names
from getaway.core import ALL, SPECTATOR, games, get_game
from tests.server.helpers import (
    ServerClient,
    act,
    create,
    moves,
    my_turn,
    state,
    stored,
    token_of,
    true_state,
    wait_until,
)

BOTS_4 = {"d1": "heuristic", "d2": "heuristic", "d3": "random"}


def detail(response: Any) -> str:
    return str(response.json()["detail"])


# Creating ---------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_create_returns_a_link_per_person_and_a_spectator_link(client: ServerClient) -> None:
    created = create(client, players=4, bots={"d2": "random"})
    assert [s["seat"] for s in created["seats"]] == ["mrx", "d1", "d3"]
    tokens = {s["token"] for s in created["seats"]} | {created["host_token"]}
    assert len(tokens) == 4 and all(len(t) >= 32 for t in tokens)
    for seat in created["seats"]:
        assert seat["url"].endswith(f"/play/{created['id']}?token={seat['token']}")
    assert created["spectator_url"].endswith(f"/watch/{created['id']}")
    assert created["bots"] == {"d2": "random"}


def test_only_hashes_of_tokens_are_stored(client: ServerClient, database_url: str) -> None:
    created = create(client, players=2)
    record = stored(database_url, created["id"])
    secrets = {s["token"] for s in created["seats"]} | {created["host_token"]}
    kept = {s.token_hash for s in record.seats} | {record.host_token_hash}
    assert not secrets & kept
    assert all(h is not None and len(h) == 64 for h in kept)


def test_bad_game_options_and_bots_are_400_with_the_cores_message(client: ServerClient) -> None:
    cases = [
        ({"game": "chess"}, "unknown game 'chess'; known games: "),
        ({"game": "scotland-yard", "players": 9}, "players"),
        ({"game": "scotland-yard", "options": {"edition": "1066"}}, "edition"),
        ({"game": "scotland-yard", "bots": {"d9": "random"}}, "unknown seat 'd9'"),
        ({"game": "scotland-yard", "bots": {"d1": "genius"}}, "unknown bot 'genius'"),
    ]
    for body, message in cases:
        response = client.post("/api/matches", json=body)
        assert response.status_code == 400, (body, response.text)
        assert message in detail(response)


def test_malformed_bodies_are_422(client: ServerClient) -> None:
    for body in ({}, {"game": 3}, {"game": "scotland-yard", "turn_seconds": -1}, [1]):
        assert client.post("/api/matches", json=body).status_code == 422


@pytest.mark.cluster_smoke
def test_games_lists_options_seats_and_bot_levels(client: ServerClient) -> None:
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    sy = listed["scotland-yard"]
    # Every bot the CLI knows, the game's own (heuristic) and the generic ones (random).
    assert sy["bots"] == bot_names(get_game("scotland-yard"))
    assert {"heuristic", "random"} <= set(sy["bots"])
    assert sy["seats"][0] == "mrx"
    assert "edition" in sy["options"] and sy["default_options"]["edition"] == "2014"


# Reading ----------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_a_seat_gets_its_own_view_and_legal_actions(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=3, seed=11)
    for seat in ("mrx", "d1"):
        payload = state(client, created["id"], token_of(created, seat))
        real = true_state(stored(database_url, created["id"]))
        assert payload["seat"] == seat
        assert payload["view"] == real.view(seat)
        assert payload["to_act"] == ["mrx"]
        assert payload["legal_actions"] == (list(real.legal_actions(seat)) if seat == "mrx" else [])


def test_without_a_token_the_public_view_and_no_actions(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=3, seed=12)
    payload = state(client, created["id"])
    real = true_state(stored(database_url, created["id"]))
    assert payload["seat"] == SPECTATOR
    assert payload["view"] == real.view(SPECTATOR)
    assert payload["legal_actions"] == []


@pytest.mark.cluster_smoke
def test_wrong_tokens_are_403_and_unknown_matches_404(client: ServerClient) -> None:
    created = create(client, players=2)
    match_id = created["id"]
    other = create(client, players=2)
    for token in ("nope", token_of(other, "mrx"), other["host_token"], created["host_token"]):
        response = client.get(f"/api/matches/{match_id}", params={"token": token})
        assert response.status_code == 403
        assert detail(response) == f"the token is not a seat of match {match_id}"
        assert act(client, match_id, token, "taxi:1", 0).status_code == 403
    for bad_id in ("doesNotExist", "x" * 80, "a%00b", "..."):
        assert client.get(f"/api/matches/{bad_id}").status_code == 404


# Acting -----------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_bots_play_their_turns_after_a_person(client: ServerClient, database_url: str) -> None:
    created = create(client, players=4, bots=BOTS_4, seed=3)
    token = token_of(created, "mrx")
    first = state(client, created["id"], token)
    response = act(client, created["id"], token, first["legal_actions"][0], 0)
    assert response.status_code == 200, response.text
    assert response.json()["version"] == 1
    after = wait_until(client, created["id"], token, my_turn("mrx"))
    assert after["version"] >= 4  # the three detectives (and the police) moved
    log = moves(stored(database_url, created["id"]))
    assert len(log) == after["version"]
    assert log[0].seat == "mrx" and {m.seat for m in log[1:]} <= {"d1", "d2", "d3"}


def test_a_token_cannot_act_for_another_seat(client: ServerClient, database_url: str) -> None:
    created = create(client, players=3, bots={"d2": "random"}, seed=4)
    match_id = created["id"]
    mrx, d1 = token_of(created, "mrx"), token_of(created, "d1")
    mrx_move = state(client, match_id, mrx)["legal_actions"][0]
    # d1's token sending Mr. X's move: it is played as d1's, who may not act now.
    response = act(client, match_id, d1, mrx_move, 0)
    assert response.status_code == 422
    assert detail(response) == "seat 'd1' may not act now; waiting for: mrx"
    assert act(client, match_id, mrx, mrx_move, 0).status_code == 200
    # The bot d2 (and the police it may move) go first; then only d1 is left.
    after = wait_until(client, match_id, d1, lambda p: p["to_act"] == ["d1"])
    d1_move = next(a for a in after["legal_actions"] if a.startswith("d1:"))
    response = act(client, match_id, mrx, d1_move, after["version"])
    assert response.status_code == 422
    assert "seat 'mrx' may not act now" in detail(response)
    assert state(client, match_id, d1)["version"] == after["version"]
    assert len(moves(stored(database_url, match_id))) == after["version"]


@pytest.mark.cluster_smoke
def test_stale_duplicate_and_illegal_actions_change_nothing(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=2, seed=5)
    match_id, token = created["id"], token_of(created, "mrx")
    legal = state(client, match_id, token)["legal_actions"]
    assert act(client, match_id, token, legal[0], 0).status_code == 200
    before = stored(database_url, match_id)

    duplicate = act(client, match_id, token, legal[0], 0)
    assert duplicate.status_code == 409
    assert detail(duplicate).endswith("current version is 1")
    future = act(client, match_id, token, legal[0], 7)
    assert future.status_code == 409 and "current version is 1" in detail(future)

    detectives = token_of(created, "detectives")
    illegal = act(client, match_id, detectives, "taxi:999", 1)
    assert illegal.status_code == 422
    assert detail(illegal).startswith("illegal action 'taxi:999' for seat 'detectives'")
    assert "legal actions: " in detail(illegal)

    after = stored(database_url, match_id)
    assert (after.version, after.actions) == (before.version, before.actions)
    assert state(client, match_id, token)["version"] == 1


# Undo -------------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_a_seat_undoes_its_own_move_and_the_log_loses_it(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=2, seed=6)
    match_id, mrx = created["id"], token_of(created, "mrx")
    start = state(client, match_id, mrx)
    assert act(client, match_id, mrx, start["legal_actions"][0], 0).status_code == 200
    assert state(client, match_id, mrx)["can_undo"]
    response = client.post(f"/api/matches/{match_id}/undo", json={"token": mrx, "version": 1})
    assert response.status_code == 200, response.text
    undone = response.json()
    # Versions only grow: a move chosen before the undo cannot land after it.
    assert undone["version"] == 2
    assert undone["view"] == start["view"] and undone["to_act"] == ["mrx"]
    record = stored(database_url, match_id)
    assert (record.version, record.actions) == (2, [])
    assert act(client, match_id, mrx, start["legal_actions"][0], 1).status_code == 409


def test_undo_of_another_seats_move_is_refused(client: ServerClient) -> None:
    created = create(client, players=2, seed=6)
    match_id, mrx = created["id"], token_of(created, "mrx")
    detectives = token_of(created, "detectives")
    act(client, match_id, mrx, state(client, match_id, mrx)["legal_actions"][0], 0)
    response = client.post(
        f"/api/matches/{match_id}/undo", json={"token": detectives, "version": 1}
    )
    assert response.status_code == 409
    assert "nobody may take back another seat's action" in detail(response)
    stale = client.post(f"/api/matches/{match_id}/undo", json={"token": mrx, "version": 0})
    assert stale.status_code == 409 and "current version is 1" in detail(stale)
    assert state(client, match_id)["version"] == 1


# Seats ------------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_join_takes_open_seats_in_order_until_none_is_left(client: ServerClient) -> None:
    created = create(client, players=3, bots={"d2": "random"})
    match_id = created["id"]
    for seat in ("mrx", "d1"):
        opened = client.post(
            f"/api/matches/{match_id}/seats/{seat}/open",
            json={"host_token": created["host_token"]},
        )
        assert opened.status_code == 200, opened.text
    first = client.post(f"/api/matches/{match_id}/join", json={}).json()
    second = client.post(f"/api/matches/{match_id}/join", json={}).json()
    assert (first["seat"], second["seat"]) == ("mrx", "d1")
    full = client.post(f"/api/matches/{match_id}/join", json={})
    assert full.status_code == 409 and detail(full).startswith("no open seat in this match")
    # A join replaces the invite link's secret: the new holder alone has the seat.
    assert state(client, match_id, first["token"])["seat"] == "mrx"
    old = client.get(f"/api/matches/{match_id}", params={"token": token_of(created, "mrx")})
    assert old.status_code == 403


def test_using_an_invite_link_takes_the_seat(client: ServerClient) -> None:
    created = create(client, players=2)
    match_id = created["id"]
    state(client, match_id, token_of(created, "mrx"))
    taken = client.post(f"/api/matches/{match_id}/join", json={"seat": "mrx"})
    assert taken.status_code == 409 and detail(taken) == "seat 'mrx' is already taken"
    seats = {s["seat"]: s for s in state(client, match_id)["seats"]}
    assert seats["mrx"]["claimed"] and not seats["detectives"]["claimed"]
    unknown = client.post(f"/api/matches/{match_id}/join", json={"seat": "x"})
    assert unknown.status_code == 400


@pytest.mark.cluster_smoke
def test_the_host_hands_a_seat_to_a_bot_and_back(client: ServerClient) -> None:
    created = create(client, players=2, seed=8)
    match_id, host = created["id"], created["host_token"]
    mrx, detectives = token_of(created, "mrx"), token_of(created, "detectives")
    body = {"host_token": mrx, "seat": "detectives", "level": "random"}
    refused = client.post(f"/api/matches/{match_id}/bot", json=body)
    assert refused.status_code == 403
    body["host_token"] = host
    handed = client.post(f"/api/matches/{match_id}/bot", json=body)
    assert handed.status_code == 200 and handed.json()["kind"] == "bot"
    start = state(client, match_id, mrx)
    act(client, match_id, mrx, start["legal_actions"][0], 0)
    after = wait_until(client, match_id, mrx, lambda p: p["version"] >= 2)
    # The absent player's link still shows the seat, but the bot plays it.
    assert state(client, match_id, detectives)["seat"] == "detectives"
    if "detectives" in after["to_act"]:
        blocked = act(client, match_id, detectives, "x", after["version"])
        assert blocked.status_code in (409, 422)
    back = client.post(
        f"/api/matches/{match_id}/bot",
        json={"host_token": host, "seat": "detectives", "level": None},
    )
    assert back.status_code == 200
    fresh = back.json()["token"]
    assert state(client, match_id, fresh)["seat"] == "detectives"
    old = client.get(f"/api/matches/{match_id}", params={"token": detectives})
    assert old.status_code == 403


# A finished match ---------------------------------------------------------------------------


def play_out(client: ServerClient, created: dict[str, Any]) -> dict[str, Any]:
    """Play Mr. X's first legal move every turn until the game ends."""
    match_id, token = created["id"], token_of(created, "mrx")
    while True:
        payload = wait_until(client, match_id, token, my_turn("mrx"))
        if payload["over"]:
            return payload
        response = act(client, match_id, token, payload["legal_actions"][0], payload["version"])
        assert response.status_code in (200, 409), response.text


@pytest.mark.cluster_smoke
def test_replay_and_steps_open_only_when_the_match_is_over(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=4, bots=BOTS_4, seed=21)
    match_id = created["id"]
    for path in ("replay", "steps"):
        running = client.get(f"/api/matches/{match_id}/{path}", params={"as": ALL})
        assert running.status_code == 403
    final = play_out(client, created)
    replay = client.get(f"/api/matches/{match_id}/replay").json()
    record = stored(database_url, match_id)
    assert replay["seed"] == record.seed
    assert [(a["seat"], a["action"]) for a in replay["actions"]] == [
        (m.seat, m.action) for m in record.actions
    ]
    steps = client.get(f"/api/matches/{match_id}/steps", params={"as": "d1"}).json()
    assert len(steps) == final["version"] + 1
    hidden = [s for s in steps[1:-1] if s["seat"] == "mrx"]
    # Mr. X's rides: the ticket is public, the station hidden unless he surfaced.
    assert hidden and all(s["action"] is None for s in hidden if "?" in s["public"])
    assert all(s["public"].split("/")[-1].split(":")[0] != "?" for s in hidden)
    everything = client.get(f"/api/matches/{match_id}/steps", params={"as": ALL}).json()
    assert all(s["action"] is not None for s in everything[1:])
    assert everything[-1]["view"] == true_state(record).view(ALL)
    bad = client.get(f"/api/matches/{match_id}/steps", params={"as": "nobody"})
    assert bad.status_code == 400


@pytest.mark.cluster_smoke
def test_rematch_keeps_seats_and_links_with_a_new_seed(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=4, bots=BOTS_4, seed=22, turn_seconds=60)
    match_id, host, mrx = created["id"], created["host_token"], token_of(created, "mrx")
    early = client.post(f"/api/matches/{match_id}/rematch", json={"host_token": host})
    assert early.status_code == 409
    play_out(client, created)
    refused = client.post(f"/api/matches/{match_id}/rematch", json={"host_token": mrx})
    assert refused.status_code == 403
    first = client.post(f"/api/matches/{match_id}/rematch", json={"host_token": host}).json()
    again = client.post(f"/api/matches/{match_id}/rematch", json={"host_token": host}).json()
    assert first["id"] == again["id"] != match_id
    assert state(client, match_id)["rematch"] == first["id"]
    fresh = state(client, first["id"], mrx)
    assert fresh["seat"] == "mrx" and fresh["version"] == 0 and fresh["turn_seconds"] == 60
    old, new = stored(database_url, match_id), stored(database_url, first["id"])
    assert (new.game, new.options, new.rematch_of) == (old.game, old.options, match_id)
    assert [(s.seat, s.kind, s.bot_level) for s in new.seats] == [
        (s.seat, s.kind, s.bot_level) for s in old.seats
    ]


# The rest ---------------------------------------------------------------------------------


@pytest.mark.cluster_smoke
def test_health_schema_and_the_web_client(client: ServerClient) -> None:
    assert client.get("/healthz").json()["status"] == "ok"
    paths = client.get("/openapi.json").json()["paths"]
    for path in ("/api/matches", "/api/matches/{match_id}", "/api/matches/{match_id}/actions"):
        assert path in paths
    for url in ("/", "/play/abc", "/watch/abc", "/replay/abc"):
        page = client.get(url)
        assert page.status_code == 200
        assert '<script type="module" src="/static/js/app.js">' in page.text
    script = client.get("/static/js/app.js")
    assert script.status_code == 200 and "javascript" in script.headers["content-type"]


def test_states_carry_the_servers_clock_for_countdowns(client: ServerClient) -> None:
    created = create(client, players=2, seed=8)
    before = time.time()
    payload = state(client, created["id"], token_of(created, "mrx"))
    assert before - 1 <= payload["server_time"] <= time.time() + 1


def test_big_answers_are_compressed_and_small_ones_are_not(client: ServerClient) -> None:
    created = create(client, players=2, seed=9, bots={"detectives": "random"})
    match_id, mrx = created["id"], token_of(created, "mrx")
    small = client.get(f"/api/matches/{match_id}", params={"token": mrx})
    assert "content-encoding" not in small.headers
    while not (current := state(client, match_id, mrx))["over"]:
        if current["may_act"]:
            act(client, match_id, mrx, current["legal_actions"][0], current["version"])
    steps = client.get(f"/api/matches/{match_id}/steps", params={"as": "all"})
    assert steps.status_code == 200 and steps.headers["content-encoding"] == "gzip"
    assert len(steps.content) > 16 * 1024  # what the client gets after decompressing


def test_games_describe_every_option_with_its_type_and_default(client: ServerClient) -> None:
    """The lobby builds its form from option_schema: every option the game fills in is
    there, typed, with the default the server would take."""
    listed = client.get("/api/games").json()
    known = games()
    assert set(known) <= {info["name"] for info in listed}
    for info in listed:
        if info["name"] not in known:
            continue  # a test game the cluster's processes add (tests/server/serve_node.py)
        game = get_game(info["name"])
        schema = info["option_schema"]
        assert set(schema) == set(info["default_options"]), info["name"]
        for name, option in schema.items():
            assert option["type"] in ("bool", "int", "choice", "list"), name
            assert option["default"] == info["default_options"][name], name
            assert option["help"] == info["options"][name], name
            if option["type"] == "choice":
                assert info["default_options"][name] in option["choices"], name
            if option["type"] == "int":
                assert option["min"] <= option["default"] <= option["max"], name
        assert schema["players"]["min"] == game.min_players
        assert schema["players"]["max"] == game.max_players
    sy = {g["name"]: g for g in client.get("/api/games").json()}["scotland-yard"]["option_schema"]
    assert sy["edition"]["choices"] == ["2014", "classic"]
    # The edition sets the defaults of others, so a form can follow them.
    assert sy["edition"]["sets"] == {
        "classic": {"board": "classic", "start_cards": "classic", "max_rounds": 24}
    }
    assert sy["reveal_at"] == {
        "type": "list",
        "default": [3, 8, 13, 18, 24],
        "help": sy["reveal_at"]["help"],
        "choices": None,
        "min": 1,
        "max": 30,
        "sets": None,
    }
