"""Bots think in worker processes, choose what they would choose in the server's own
threads, and a bad setting is a clear error."""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal

import pytest
from fastapi.testclient import TestClient

from getaway.core import GetawayError, Rng, UnknownGameError, get_game
from getaway.server.app import create_app
from getaway.server.settings import BOT_PROCESSES_VAR, Settings, bot_processes
from getaway.server.thinking import BotPool, choose
from tests.server.helpers import act, create, state, token_of, wait_until


def test_a_worker_process_chooses_what_a_thread_would() -> None:
    game = get_game("scotland-yard")
    position = game.new_state({"players": 3}, seed=5)
    view, legal = position.view("mrx"), list(position.legal_actions("mrx"))
    expected = choose("scotland-yard", "heuristic", "mrx", view, legal, 99)
    pool = BotPool(1)

    async def ask() -> list[str]:
        return [
            await pool.choose("scotland-yard", "heuristic", "mrx", view, legal, 99),
            await pool.choose("scotland-yard", "no-such-bot", "mrx", view, legal, 99),
        ]

    try:
        by_worker, fallback = asyncio.run(ask())
    finally:
        pool.close()
    assert by_worker == expected
    assert expected == game.bots()["heuristic"]().choose(game, "mrx", view, legal, Rng(99))
    # A level that is gone plays random (the match must go on).
    assert fallback == choose("scotland-yard", "random", "mrx", view, legal, 99)


def test_a_dead_worker_process_is_replaced_and_the_bot_still_chooses() -> None:
    """A worker killed under the pool (the kernel's OOM killer, an operator) breaks a
    ProcessPoolExecutor for good; without a new pool every bot of every match would play
    its first legal move from then on."""
    game = get_game("scotland-yard")
    position = game.new_state({"players": 3}, seed=5)
    view, legal = position.view("mrx"), list(position.legal_actions("mrx"))
    expected = choose("scotland-yard", "heuristic", "mrx", view, legal, 99)
    pool = BotPool(1)

    async def ask() -> str:
        return await pool.choose("scotland-yard", "heuristic", "mrx", view, legal, 99)

    try:
        assert asyncio.run(ask()) == expected
        executor = pool._executor
        assert executor is not None
        for process in list(executor._processes.values()):
            assert process.pid is not None
            os.kill(process.pid, signal.SIGKILL)
            process.join(timeout=10)
        assert asyncio.run(ask()) == expected
        assert pool._executor is not executor
    finally:
        pool.close()


@pytest.mark.in_process("starts an app with a bot worker process (the cluster's think in threads)")
def test_bots_in_worker_processes_play_a_match(settings: Settings) -> None:
    with_processes = dataclasses.replace(settings, bot_processes=1)
    with TestClient(create_app(with_processes)) as client:
        created = create(client, players=2, bots={"detectives": "random"}, seed=3)
        mrx = token_of(created, "mrx")
        first = state(client, created["id"], mrx)
        assert act(client, created["id"], mrx, first["legal_actions"][0], 0).status_code == 200
        after = wait_until(
            client, created["id"], mrx, lambda p: "mrx" in p["to_act"] or p["over"], timeout=60
        )
        assert after["version"] >= 2


@pytest.mark.parametrize(("text", "count"), [(None, None), ("", None), ("0", 0), ("3", 3)])
def test_bot_processes_default_to_one_per_cpu(text: str | None, count: int | None) -> None:
    assert bot_processes(text) == (count if count is not None else bot_processes(None))
    assert bot_processes(None) >= 1


@pytest.mark.parametrize("text", ["-1", "two", "1.5"])
def test_a_bad_bot_processes_setting_says_what_is_allowed(text: str) -> None:
    with pytest.raises(GetawayError, match=f"{BOT_PROCESSES_VAR}=.*whole number"):
        bot_processes(text)


def test_a_bots_error_comes_back_from_its_worker_and_the_pool_lives_on() -> None:
    """The server logs a bot's error and plays its first legal move; the error must arrive
    readable. An error class that did not pickle broke the pool instead, and every bot move
    of a game the workers did not know started a new pool of processes."""
    position = get_game("scotland-yard").new_state({"players": 3}, seed=5)
    view, legal = position.view("mrx"), list(position.legal_actions("mrx"))
    pool = BotPool(1)

    async def ask(game: str) -> str:
        return await pool.choose(game, "random", "mrx", view, legal, 99)

    try:
        assert asyncio.run(ask("scotland-yard")) in legal
        executor = pool._executor
        with pytest.raises(UnknownGameError, match="no-such-game"):
            asyncio.run(ask("no-such-game"))
        assert pool._executor is executor
    finally:
        pool.close()
