"""A blind step, probed as a curious player would: over many seeded games, everything one
seat (or a spectator) receives while a blind step is open (its own requests' statuses and
bodies, versions included, and the pushes its WebSockets would send, in order, with their
sizes) is the same whatever the other seats answered and whenever they answered.

Two blind steps: the toy blind pennies (tests/server/blind_game.py) and Cash 'n Guns' phone
(Undercover Cop game), reached by playing seeded random actions through the API.

Pushes are recorded where the server decides them: a recorder is put among the match's
WebSocket wake-ups (``LiveMatch.listeners``), and each wake-up records the payload the
socket would be sent at that moment (``payload_json``). That is what ``app._push`` sends,
without threads racing sockets, so the comparison is exact.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from fastapi.testclient import TestClient

from getaway.core import SPECTATOR, get_game, register_game, unregister_game
from getaway.games.cash_n_guns.steps import STEP_PHONE
from getaway.server.app import create_app
from getaway.server.live import BLIND_UNDO, Registry
from getaway.server.match import LiveMatch
from getaway.server.settings import Settings
from tests.server.blind_game import GAME as BLIND_PENNIES
from tests.server.helpers import ServerClient, create, state, token_of

CASH_N_GUNS = "cash-n-guns"
COP_OPTIONS = {"players": 5, "undercover_cop": True}
#: Half the games are blind pennies, half Cash 'n Guns' phone step: 50 of each in
#: ./dev test-long, 15 of each in ./dev test.
GAMES_PER_KIND = 50
QUICK_GAMES_PER_KIND = 15


@pytest.fixture
def blind_game() -> Iterator[str]:
    register_game(BLIND_PENNIES)
    yield BLIND_PENNIES.name
    unregister_game(BLIND_PENNIES.name)


class PushRecorder(asyncio.Event):
    """A WebSocket wake-up that writes down what the socket would send when woken."""

    def __init__(self, match: LiveMatch, viewer: str) -> None:
        super().__init__()
        self.match, self.viewer = match, viewer
        self.sent: list[tuple[int, Any]] = []

    def set(self) -> None:
        payload = orjson.loads(self.match.payload_json(self.viewer))
        payload["server_time"] = 0  # the clock moves on; that tells nobody anything
        self.sent.append((len(orjson.dumps(payload)), anonymous(payload, self.match.id)))


@dataclass
class Blind:
    """A match stopped at the start of a blind step: its tokens, who is asked, and the
    seeded random answers each seat gives."""

    game: str
    seed: int
    options: dict[str, Any]
    prefix: list[tuple[str, str]]
    asked: tuple[str, ...]
    answers: dict[str, list[str]] = field(default_factory=dict)


def phone_steps() -> Iterator[Blind]:
    """Seeded Cash 'n Guns games played at random up to a phone step with 3+ seats asked."""
    game = get_game(CASH_N_GUNS)
    seed = 0
    while True:
        seed += 1
        rng = random.Random(seed)
        state = game.new_state(COP_OPTIONS, seed)
        prefix: list[tuple[str, str]] = []
        while not state.is_over() and len(prefix) < 40:
            asked = state.to_act()
            if getattr(state, "step", None) == STEP_PHONE and len(asked) >= 3:
                legal = {s: list(state.legal_actions(s)) for s in asked}
                yield Blind(CASH_N_GUNS, seed, COP_OPTIONS, prefix, asked, legal)
                break
            seat = asked[0]
            action = rng.choice(list(state.legal_actions(seat)))
            state.apply(seat, action)
            prefix.append((seat, action))


def pennies_steps(count: int = GAMES_PER_KIND) -> Iterator[Blind]:
    for seed in range(1, count + 1):
        coins = ["heads", "tails"]
        yield Blind(BLIND_PENNIES.name, seed, {}, [], ("a", "b"), {"a": coins, "b": coins})


def anonymous(data: Any, match_id: str) -> Any:
    """``data`` with the match's id (new in every run) replaced by a placeholder."""
    return orjson.loads(orjson.dumps(data).replace(match_id.encode(), b"MATCH"))


def registry_of(client: TestClient) -> Registry:
    registry: Registry = client.app.state.registry  # type: ignore[attr-defined]
    return registry


class Table:
    """One match of ``blind`` through the API, played to the start of its blind step."""

    def __init__(self, client: ServerClient, blind: Blind) -> None:
        self.client = client
        created = create(client, game=blind.game, seed=blind.seed, options=blind.options)
        self.id = created["id"]
        self.tokens = {s["seat"]: token_of(created, s["seat"]) for s in created["seats"]}
        for token in self.tokens.values():
            # Everyone opens their link first: taking a seat is public news, not an answer.
            assert client.get(f"/api/matches/{self.id}", params={"token": token}).is_success
        for seat, action in blind.prefix:
            assert self.act(seat, action, self.version_for(seat)).is_success
        # Every seat asked is shown as asked (a blind step hides who has answered).
        assert set(state(client, self.id)["to_act"]) == set(blind.asked)

    def version_for(self, seat: str) -> int:
        if isinstance(self.client, TestClient):
            # In memory where it can be (a prefix is up to 40 actions, the test plays 60).
            return self.match.version_for(seat)
        return int(state(self.client, self.id, self.tokens[seat])["version"])

    def act(self, seat: str, action: str, version: int) -> Any:
        return self.client.post(
            f"/api/matches/{self.id}/actions",
            json={"token": self.tokens[seat], "action": action, "version": version},
        )

    @property
    def match(self) -> LiveMatch:
        """The match in the app's registry (in-process only)."""
        assert isinstance(self.client, TestClient)
        return registry_of(self.client).matches[self.id]

    def record(self, viewer: str) -> PushRecorder:
        recorder = PushRecorder(self.match, viewer)
        self.match.listeners.setdefault(viewer, set()).add(recorder)
        return recorder


def answer_of(blind: Blind, seat: str, run: int) -> str:
    """Different runs give different answers where the seat has a choice."""
    choices = blind.answers[seat]
    return choices[run % len(choices)]


def observe(client: TestClient, blind: Blind, viewer: str, run: int) -> list[Any]:
    """Everything ``viewer`` receives in one run of the blind step. The other seats answer
    before the viewer's requests in run 0 and after them in run 1 (and differently where
    they can); one of them never answers, so the step never resolves."""
    table = Table(client, blind)
    pushes = table.record(viewer)
    others = [s for s in blind.asked if s != viewer]
    answering = others[:-1] if viewer != SPECTATOR else others[: len(others) - 1 or 1]
    if viewer in blind.asked and len(blind.asked) == 2:
        answering = others  # the viewer itself then does not answer: that would resolve it

    def others_answer() -> None:
        for seat in answering:
            response = table.act(seat, answer_of(blind, seat, run), table.match.version_for(seat))
            assert response.status_code == 200, response.text

    def request(method: str, path: str, **kwargs: Any) -> list[Any]:
        response = client.request(method, f"/api/matches/{table.id}{path}", **kwargs)
        body = response.json()
        if isinstance(body, dict):
            body.pop("server_time", None)
        return [response.status_code, anonymous(body, table.id)]

    token = table.tokens.get(viewer)
    received: list[Any] = []

    def look() -> int:
        params = {"token": token} if token else {}
        got = request("GET", "", params=params)
        received.append(got)
        return int(got[1]["version"])

    if run == 0:
        others_answer()
    version = look()
    if token is not None:
        received.append(request("POST", "/undo", json={"token": token, "version": version}))
        if viewer in answering or len(blind.asked) == 2:
            # It does not answer here; a wrong guess of a version must say nothing either.
            received.append(
                request("POST", "/actions", json={"token": token, "action": "x", "version": 999})
            )
        else:
            mine = answer_of(blind, viewer, 0)
            received.append(
                request(
                    "POST", "/actions", json={"token": token, "action": mine, "version": version}
                )
            )
            version = look()
            received.append(request("POST", "/undo", json={"token": token, "version": version}))
            received.append(
                request(
                    "POST", "/actions", json={"token": token, "action": mine, "version": version}
                )
            )
    if run == 1:
        others_answer()
    look()
    assert not table.match.session.state.is_over()
    assert set(table.match.session.state.public_to_act()) == set(blind.asked)
    return [received, pushes.sent]


@pytest.mark.in_process("records pushes among the match's socket wake-ups in the app's registry")
@pytest.mark.parametrize(
    "per_kind",
    [
        pytest.param(QUICK_GAMES_PER_KIND, id="quick"),
        pytest.param(GAMES_PER_KIND, id="full", marks=pytest.mark.long),
    ],
)
def test_blind_step_reveals_nothing_over_100_games(
    client: TestClient, blind_game: str, per_kind: int
) -> None:
    games = [*pennies_steps(per_kind)]
    phones = phone_steps()
    games += [next(phones) for _ in range(per_kind)]
    for number, blind in enumerate(games):
        # One viewer per game, in turn: each seat asked, and the spectator.
        viewers = (*blind.asked, SPECTATOR)
        viewer = viewers[number % len(viewers)]
        before, after = observe(client, blind, viewer, 0), observe(client, blind, viewer, 1)
        assert before == after, (
            f"{blind.game} seed {blind.seed}: what {viewer} received depends on whether "
            f"the others had answered: {first_difference(before, after)}"
        )


def first_difference(before: list[Any], after: list[Any]) -> str:
    for kind, one, two in zip(("responses", "pushes"), before, after, strict=True):
        for number, (x, y) in enumerate(zip(one, two, strict=False)):
            if x != y:
                return f"{kind}[{number}]: {x} != {y}"
        if len(one) != len(two):
            return f"{len(one)} {kind} != {len(two)}"
    return "none"


@pytest.mark.cluster_smoke
def test_an_answering_seat_version_moves_on_by_one_whoever_answered_before(
    client: ServerClient,
) -> None:
    # Cash 'n Guns' phone: the seat answering last but one used to get the match's global
    # version, so it learnt how many had answered before it.
    blind = next(phone_steps())
    versions = []
    for answered_before in (0, len(blind.asked) - 2):
        table = Table(client, blind)
        me = blind.asked[-2]
        for seat in [s for s in blind.asked if s != me][:answered_before]:
            table.act(seat, answer_of(blind, seat, 0), table.version_for(seat))
        start = table.version_for(me)
        answered = table.act(me, answer_of(blind, me, 0), start)
        assert answered.status_code == 200, answered.text
        versions.append((start, answered.json()["version"]))
    assert versions[0] == versions[1]
    assert versions[0][1] == versions[0][0] + 1


@pytest.mark.in_process("restarts the server (a new app on the same database)")
def test_viewer_versions_survive_a_restart_without_the_match_count(
    settings: Settings, blind_game: str
) -> None:
    # A restart used to give every viewer the match's global version, which counts every
    # hidden answer.
    with TestClient(create_app(settings)) as client:
        created = create(client, game=blind_game, seed=5)
        match_id, a, b = created["id"], token_of(created, "a"), token_of(created, "b")
        assert client.post(
            f"/api/matches/{match_id}/actions", json={"token": a, "action": "heads", "version": 0}
        ).is_success
        before = {
            t: client.get(f"/api/matches/{match_id}", params={"token": t}).json() for t in (a, b)
        }
    with TestClient(create_app(settings)) as client:
        after = {
            t: client.get(f"/api/matches/{match_id}", params={"token": t}).json() for t in (a, b)
        }
    assert [after[t]["version"] for t in (a, b)] == [before[t]["version"] for t in (a, b)] == [1, 0]


def test_undo_in_a_blind_step_says_the_same_whoever_has_answered(
    client: TestClient, blind_game: str
) -> None:
    # It used to say "nothing to undo" (or undo!) until somebody answered, then "blind step".
    details = []
    for a_answers in (False, True):
        created = create(client, game=blind_game, seed=3)
        match_id, a, b = created["id"], token_of(created, "a"), token_of(created, "b")
        if a_answers:
            assert client.post(
                f"/api/matches/{match_id}/actions",
                json={"token": a, "action": "tails", "version": 0},
            ).is_success
        undo = client.post(f"/api/matches/{match_id}/undo", json={"token": b, "version": 0})
        details.append((undo.status_code, undo.json()))
    assert details[0] == details[1] == (409, {"detail": BLIND_UNDO})


@pytest.mark.in_process("restarts the server (a new app on the same database)")
def test_an_undo_moves_versions_on_and_a_restart_keeps_them(settings: Settings) -> None:
    # Recounting from the log at a restart would give back a version a client already
    # holds for another position (the undone action is no longer in the log).
    with TestClient(create_app(settings)) as client:
        created = create(client, players=2, seed=11)
        match_id, mrx = created["id"], token_of(created, "mrx")
        first = client.get(f"/api/matches/{match_id}", params={"token": mrx}).json()
        moved = client.post(
            f"/api/matches/{match_id}/actions",
            json={"token": mrx, "action": first["legal_actions"][0], "version": 0},
        )
        assert moved.json()["can_undo"], moved.text
        undone = client.post(f"/api/matches/{match_id}/undo", json={"token": mrx, "version": 1})
        assert undone.json()["version"] == 2
    with TestClient(create_app(settings)) as client:
        assert client.get(f"/api/matches/{match_id}", params={"token": mrx}).json()["version"] == 2
        again = client.post(
            f"/api/matches/{match_id}/actions",
            json={"token": mrx, "action": first["legal_actions"][0], "version": 0},
        )
        assert again.status_code == 409
