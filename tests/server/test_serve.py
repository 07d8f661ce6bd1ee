"""``getaway serve``: where the database is, clear errors, and tokens kept out of logs."""

from __future__ import annotations

import asyncio
import logging
import socket
from pathlib import Path

import pytest

from getaway.cli import main
from getaway.server.serve import RedactTokens, bind, log_config, shown_url
from getaway.server.settings import database_url as choose_url
from getaway.server.settings import normalize_url


def test_the_flag_wins_then_the_environment_then_the_data_directory(tmp_path: Path) -> None:
    env = {"GETAWAY_DATABASE_URL": "sqlite:///env.sqlite3", "GETAWAY_DATA_DIR": str(tmp_path)}
    assert choose_url("sqlite:///flag.sqlite3", env) == "sqlite:///flag.sqlite3"
    assert choose_url(None, env) == "sqlite:///env.sqlite3"
    data = tmp_path / "data"
    assert choose_url(None, {"GETAWAY_DATA_DIR": str(data)}) == (
        f"sqlite:///{data.resolve()}/getaway.sqlite3"
    )
    assert data.is_dir()


def test_plain_postgresql_urls_mean_psycopg_3() -> None:
    for url in ("postgresql://u@h/db", "postgres://u@h/db"):
        assert normalize_url(url) == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x") == "sqlite:///x"


def test_an_unusable_database_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["serve", "--port", "0", "--database-url", "postgresql://who:pw@127.0.0.1:1/no"])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith("getaway serve: error: cannot use the database postgresql")
    assert "pw" not in err and "Connection refused" in err
    assert shown_url("not a url") == "(a malformed URL)"


def test_bad_ports_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "expected a port from 0 to 65535" in capsys.readouterr().err


def test_access_logs_do_not_keep_tokens() -> None:
    path = "/api/matches/abc?token=SECRET1&x=1"
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s" %d',
        ("ip", "GET", path, 200),
        None,
    )
    assert RedactTokens().filter(record)
    message = record.getMessage()
    assert "SECRET1" not in message
    assert "?token=<redacted>&x=1" in message


def test_served_connections_send_without_nagle_delays() -> None:
    """Accepted connections must have TCP_NODELAY, or every keep-alive response waits about
    40 ms for a delayed ACK; asyncio sets it only on sockets made with IPPROTO_TCP."""
    listener = bind("127.0.0.1", 0)
    nodelay: list[int] = []

    async def check() -> None:
        def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            nodelay.append(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(accepted, sock=listener)
        async with server:
            _, writer = await asyncio.open_connection(*listener.getsockname()[:2])
            while not nodelay:
                await asyncio.sleep(0.01)
            writer.close()

    asyncio.run(check())
    assert nodelay == [1]


def test_logs_go_to_stderr_so_stdout_has_only_the_url() -> None:
    config = log_config()
    assert {h["stream"] for h in config["handlers"].values()} == {"ext://sys.stderr"}
