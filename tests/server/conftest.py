"""Fixtures: every server test runs on SQLite and on PostgreSQL.

Each test module gets its own fresh database (a SQLite file, or a PostgreSQL database created
for it and dropped after), so parallel runs never share one. PostgreSQL is expected at
``GETAWAY_TEST_POSTGRES_URL`` (default: the local server, database ``test``); when it cannot
be reached the PostgreSQL tests fail, saying so: CI has it, and a skip would hide a gap.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient
from psycopg import sql

from getaway.server.app import create_app
from getaway.server.settings import Settings

POSTGRES_URL_VAR = "GETAWAY_TEST_POSTGRES_URL"
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
BACKENDS = ("sqlite", "postgresql")


def postgres_admin_url() -> str:
    return os.environ.get(POSTGRES_URL_VAR, DEFAULT_POSTGRES)


def _admin_connect() -> psycopg.Connection[tuple[object, ...]]:
    url = postgres_admin_url()
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=5)
    except psycopg.OperationalError as exc:
        problem = str(exc).strip()
    pytest.fail(
        f"PostgreSQL is not reachable at {url} ({problem}). The server tests run on "
        f"PostgreSQL too: start it (pg_ctlcluster --skip-systemctl-redirect "
        f"$(ls /etc/postgresql) main start) or point {POSTGRES_URL_VAR} at one.",
        pytrace=False,
    )


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}".replace("postgresql://", "postgresql+psycopg://", 1)


@pytest.fixture(scope="module", params=BACKENDS)
def database_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A fresh, empty database for this module, on each backend in turn."""
    yield from fresh_database(request.param, tmp_path_factory)


def fresh_database(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The URL of a fresh, empty database on ``backend``, dropped afterwards."""
    if backend == "sqlite":
        path: Path = tmp_path_factory.mktemp("db") / "getaway.sqlite3"
        yield f"sqlite:///{path}"
        return
    name = f"getaway_test_{uuid.uuid4().hex[:16]}"
    with _admin_connect() as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    try:
        yield _with_database(postgres_admin_url(), name)
    finally:
        with _admin_connect() as admin:
            admin.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


#: A Redis URL here runs the PostgreSQL half of the in-process tests with the server as a
#: cluster node (leases taken, every state published, the relay listening); the tests with
#: several real processes are tests/server/test_cluster.py.
CLUSTER_REDIS_VAR = "GETAWAY_TEST_CLUSTER_REDIS_URL"


@pytest.fixture
def settings(database_url: str) -> Settings:
    redis_url = os.environ.get(CLUSTER_REDIS_VAR)
    if redis_url and database_url.startswith("postgresql"):
        return Settings(database_url=database_url, redis_url=redis_url)
    return Settings(database_url=database_url)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client
