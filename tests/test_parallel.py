"""Where simulate's and tournament's games run (:mod:`getaway.parallel`): the same results in
this process, in worker processes and on a local Ray cluster; clear errors when Ray cannot
run. The tests that need Ray share one local cluster (the ``ray_pool`` fixture)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from getaway.cli import main
from getaway.core import get_game
from getaway.parallel import CONNECT_TIMEOUT, Backend, BackendError, Pool, check_reachable
from getaway.simulate import simulate
from getaway.tournament import plan_tournament, run_tournament

GAME = get_game("scotland-yard")
#: This checkout's code, for the commands run in processes of their own.
SRC = Path(__file__).parents[1] / "src"
#: Fields of a simulate document that say how the run went, not what happened in it.
RUN_FIELDS = ("seconds", "games_per_second", "workers", "backend")


def slow_square(value: int, delay: float) -> int:
    """A chunk task whose chunks finish in an order other than their own."""
    time.sleep(delay)
    return value * value


#: Chunk 0 takes longest: where chunks run at once it finishes after the others (the pools
#: map by position; the order they finish in is left to the machine, so not asserted).
CHUNKS = [(0, 0.4), (1, 0.0), (2, 0.1), (3, 0.0)]


def without_run_fields(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key not in RUN_FIELDS}


def without_timing(document: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in document.items() if key != "timing"}


def closed_port() -> int:
    """A local port nothing listens on (bound a moment ago, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


# The seam, on this machine ------------------------------------------------------------------


@pytest.mark.parametrize("workers", [1, 2])
def test_process_pools_return_results_in_chunk_order(workers):
    finished: list[int] = []
    with Backend("process", workers).open() as pool:
        assert pool.workers == workers
        assert pool.map(slow_square, CHUNKS, finished.append) == [0, 1, 4, 9]
    assert sorted(finished) == [0, 1, 4, 9]


def test_backend_settings_are_checked():
    with pytest.raises(BackendError, match="unknown backend 'dask': the backends are process, ray"):
        Backend("dask")
    with pytest.raises(BackendError, match="at least 1"):
        Backend("process", 0)
    with pytest.raises(BackendError, match="only for the ray backend"):
        Backend("process", 2, "10.0.0.5:6379")


def test_one_chunk_plays_in_this_process_unless_ray_was_asked():
    assert Backend("process", 4).fitted(1) == Backend("process", 1)
    assert Backend("process", 4).fitted(2) == Backend("process", 4)
    assert Backend("ray", 4).fitted(1) == Backend("ray", 4)
    assert Backend("process", 1).inline and not Backend("ray", 1).inline


# Errors when Ray cannot run -------------------------------------------------------------------


def test_a_missing_ray_says_what_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # ``import ray`` now fails
    with pytest.raises(BackendError, match=r"pip install 'getaway\[cluster\]'"):
        simulate(
            GAME, None, 10, 1, dict.fromkeys(GAME.seats(), "random"), workers=Backend("ray", 2)
        )
    code = main(["simulate", "scotland-yard", "--games", "3", "--backend", "ray", "--json"])
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "needs the ray package, which is not installed" in captured.err


def test_an_address_nothing_answers_at_fails_fast_and_says_so(capsys):
    address = f"127.0.0.1:{closed_port()}"
    started = time.monotonic()
    with pytest.raises(BackendError, match=f"cannot reach the Ray cluster at {address}"):
        check_reachable(address)
    argv = ["simulate", "scotland-yard", "--games", "3", "--json"]
    assert main([*argv, "--backend", "ray", "--address", address]) == 2
    assert f"cannot reach the Ray cluster at {address}" in capsys.readouterr().err
    # Ray itself would keep retrying for minutes.
    assert time.monotonic() - started < 2 * CONNECT_TIMEOUT


class RefusingRay:
    """Stands in for the ray module: a cluster that answers but refuses this driver (as one
    that checks a token does when none is sent)."""

    def is_initialized(self) -> bool:
        return False

    def init(self, **settings: Any) -> None:
        raise ConnectionError("Failed to connect to Ray cluster")


def test_a_cluster_that_refuses_to_be_joined_gets_a_hint_about_its_token(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", RefusingRay())
    monkeypatch.delenv("RAY_AUTH_MODE", raising=False)
    with socket.create_server(("127.0.0.1", 0)) as head:
        address = f"127.0.0.1:{head.getsockname()[1]}"
        with pytest.raises(BackendError) as error, Backend("ray", 1, address).open():
            pass
    assert str(error.value).startswith(f"cannot join the Ray cluster at {address}: Failed")
    assert "set RAY_AUTH_MODE=token" in str(error.value)


@pytest.mark.parametrize("address", ["10.0.0.5", "head:port", ":6379", "ray://"])
def test_a_malformed_address_is_refused(address):
    with pytest.raises(BackendError, match="is not HOST:PORT"):
        check_reachable(address)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--address", "10.0.0.5:6379"], "needs --backend ray"),
        (
            ["--backend", "ray", "--address", "10.0.0.5:6379", "--workers", "2"],
            "leave --workers out",
        ),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "tournament"])
def test_address_options_that_do_not_fit_are_usage_errors(command, extra, message, capsys):
    argv = [command, "scotland-yard", "--games", "2", "--json", *extra]
    if command == "tournament":
        argv += ["--bots", "random,heuristic"]
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_the_command_line_does_not_import_ray():
    # Ray costs half a second to import: only the ray backend loads it. The command line
    # builds its options without the process pool's modules either.
    check = (
        "import sys; from getaway.cli import build_parser; build_parser(); "
        "assert 'concurrent.futures.process' not in sys.modules; "
        "import getaway.simulate, getaway.tournament, getaway.parallel; "
        "assert 'ray' not in sys.modules"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    done = subprocess.run(
        [sys.executable, "-c", check], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr


# On a local Ray cluster -----------------------------------------------------------------------


def test_ray_returns_results_in_chunk_order(ray_pool: Pool):
    finished: list[int] = []
    assert ray_pool.workers == 2
    with Backend("ray", 2).open() as pool:
        assert pool.map(slow_square, CHUNKS, finished.append) == [0, 1, 4, 9]
    assert sorted(finished) == [0, 1, 4, 9]


def test_simulate_gives_the_same_results_on_processes_and_on_ray(ray_pool: Pool):
    lineup = dict.fromkeys(GAME.seats(), "random")
    alone = simulate(GAME, None, 250, 8, lineup).to_json()
    processes = simulate(GAME, None, 250, 8, lineup, workers=2).to_json()
    progress: list[int] = []
    backend = Backend("ray", 2)
    on_ray = simulate(
        GAME, None, 250, 8, lineup, workers=backend, on_games=progress.append
    ).to_json()
    assert (processes["backend"], on_ray["backend"]) == ("process", "ray")
    assert on_ray["workers"] == 2
    assert sorted(progress) == [50, 100, 100]  # the chunks, as they finished
    same = json.dumps(without_run_fields(on_ray))
    assert same == json.dumps(without_run_fields(processes))
    assert same == json.dumps(without_run_fields(alone))


def test_a_tournament_gives_the_same_results_on_processes_and_on_ray(ray_pool: Pool):
    plan = plan_tournament("scotland-yard", {"players": 3}, ["heuristic", "random"], 12, 11)
    processes = run_tournament(plan, workers=2, replicates=200)
    on_ray = run_tournament(plan, Backend("ray", 2), replicates=200)
    assert on_ray["timing"]["backend"] == "ray" and on_ray["timing"]["workers"] == 2
    assert json.dumps(without_timing(on_ray)) == json.dumps(without_timing(processes))


def test_the_commands_run_on_ray_and_say_so(ray_pool: Pool, tmp_path, capsys):
    argv = ["simulate", "scotland-yard", "--games", "120", "--seed", "4", "--workers", "2"]
    assert main([*argv, "--backend", "ray"]) == 0
    assert "2 Ray worker(s)" in capsys.readouterr().out
    out = tmp_path / "results"
    argv = ["tournament", "scotland-yard", "--bots", "heuristic,random", "--games", "4"]
    argv += ["--workers", "2", "--backend", "ray", "--out", str(out)]
    assert main(argv) == 0
    assert "on 2 Ray worker(s)" in capsys.readouterr().out
    command = (out / "command.txt").read_text()
    assert "--workers 2 --backend ray" in command


@pytest.mark.long
def test_a_2000_game_tournament_is_the_same_on_processes_and_on_2_ray_workers(tmp_path):
    """The acceptance run of the ray backend (issue 15): the whole command, twice, each in a
    process of its own, so the second starts its own local Ray cluster of 2 CPUs."""
    documents = {}
    for backend in ("process", "ray"):
        out = tmp_path / backend
        argv = ["scotland-yard", "--bots", "heuristic,random", "--games", "2000", "--seed", "1"]
        argv += ["--workers", "2", "--backend", backend, "--out", str(out), "--json"]
        done = subprocess.run(
            [sys.executable, "-c", "import sys; from getaway.cli import main; "
             "sys.exit(main(['tournament', *sys.argv[1:]]))", *argv],
            env={**os.environ, "PYTHONPATH": str(SRC)},
            capture_output=True, text=True, timeout=1800, check=False,
        )  # fmt: skip
        assert done.returncode == 0, done.stderr
        documents[backend] = json.loads((out / "results.json").read_text())
    process, ray = documents["process"], documents["ray"]
    assert process["finished"] == 2000 and process["errors"] == 0
    assert ray["timing"]["backend"] == "ray" and ray["timing"]["workers"] == 2
    drop = ("timing", "command")
    same = {key: value for key, value in process.items() if key not in drop}
    assert same == {key: value for key, value in ray.items() if key not in drop}
