"""Fixtures: the server tests run on three backends (docs/server.md, "The server tests on
three backends").

* ``sqlite`` and ``postgresql``: the app in this process (FastAPI's ``TestClient``) on a
  fresh database per test module (a SQLite file, or a PostgreSQL database created for the
  module and dropped after), so parallel runs never share one.
* ``cluster``: three real ``getaway serve`` processes on one fresh PostgreSQL database and
  the machine's Redis, started once per test process (each xdist worker) when a test first
  needs them and shared by every module after; the ``client`` sends each request and opens
  each socket to the next process in turn (``tests/server/cluster_client.py``). The tests of
  the server (``client``, or ``settings`` for an app of their own) run here; those that only
  need a database do not. ``./dev test`` runs here the tests marked ``cluster_smoke``, and
  ``./dev test-long`` the others (``long``). A test that reaches into the app in this process
  (its registry, settings, a monkeypatched module) is marked ``in_process`` with the reason,
  and ``./dev test-long`` lists it as skipped here, saying why.

PostgreSQL is expected at ``GETAWAY_TEST_POSTGRES_URL`` (default: the local server, database
``test``) and Redis at ``GETAWAY_TEST_REDIS_URL`` (default: the local one); when either cannot
be reached the tests that need it fail, saying so: CI has both, and a skip would hide a gap.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path

import psycopg
import pytest
import redis
from fastapi.testclient import TestClient
from psycopg import sql

from getaway.server.app import create_app
from getaway.server.settings import Settings
from tests.server.cluster_client import ClusterClient
from tests.server.serving import serving

POSTGRES_URL_VAR = "GETAWAY_TEST_POSTGRES_URL"
DEFAULT_POSTGRES = "postgresql://postgres@127.0.0.1:5432/test"
REDIS_URL_VAR = "GETAWAY_TEST_REDIS_URL"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
#: The backends of a test that only needs a database, and of one that talks to a server.
STORAGE = ("sqlite", "postgresql")
CLUSTER = "cluster"
#: How many processes the cluster backend runs.
CLUSTER_PROCESSES = 3
#: The wrapper the cluster's processes run (``getaway serve`` with the test games).
NODE_MODULE = "tests.server.serve_node"


def postgres_admin_url() -> str:
    return os.environ.get(POSTGRES_URL_VAR, DEFAULT_POSTGRES)


def redis_url() -> str:
    return os.environ.get(REDIS_URL_VAR, DEFAULT_REDIS)


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


def redis_must_be_reachable() -> None:
    """The cluster needs Redis as it needs PostgreSQL: unreachable is a failure that says
    so, never a skip."""
    url = redis_url()
    client = redis.Redis.from_url(url, socket_connect_timeout=5)
    try:
        client.ping()
    except redis.RedisError as exc:
        pytest.fail(
            f"Redis is not reachable at {url} ({exc}). The cluster tests need it: start "
            f"it (redis-server --daemonize yes) or point {REDIS_URL_VAR} at one.",
            pytrace=False,
        )
    finally:
        client.close()


def _with_database(url: str, name: str) -> str:
    base, _, _ = url.rpartition("/")
    return f"{base}/{name}".replace("postgresql://", "postgresql+psycopg://", 1)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Each test module runs on SQLite and PostgreSQL, and its tests of the server (those
    that take ``client``, or ``settings`` to build an app of their own) on the cluster too."""
    if "server_backend" not in metafunc.fixturenames:
        return
    backends: list[object] = list(STORAGE)
    if {"client", "settings"} & set(metafunc.fixturenames):
        backends.append(_cluster_param(metafunc.definition))
    metafunc.parametrize("server_backend", backends, indirect=True, scope="module")


def _cluster_param(definition: pytest.Function) -> object:
    """The cluster backend of one test: in ``./dev test`` for the few marked
    ``cluster_smoke``, in ``./dev test-long`` for the others; skipped (in ``./dev test-long``,
    with the complete cluster pass) for a test marked ``in_process``, saying why."""
    marker = definition.get_closest_marker("in_process")
    if marker is not None:
        reason = marker.args[0] if marker.args else marker.kwargs.get("reason")
        if not reason:
            raise pytest.UsageError(f"{definition.nodeid}: in_process needs a reason")
        skip = pytest.mark.skip(reason=f"in-process only: {reason}")
        return pytest.param(CLUSTER, marks=[skip, pytest.mark.long])
    if definition.get_closest_marker("cluster_smoke") is not None:
        return CLUSTER
    return pytest.param(CLUSTER, marks=pytest.mark.long)


@pytest.fixture(scope="module")
def server_backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="module")
def database_url(
    server_backend: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A fresh, empty database for this module, on each backend in turn; on the cluster,
    the cluster's database (shared by every module this test process runs there)."""
    if server_backend == CLUSTER:
        cluster: Cluster = request.getfixturevalue("cluster")
        yield cluster.database_url
        return
    yield from fresh_database(server_backend, tmp_path_factory)


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
#: cluster node (leases taken, every state published, the relay listening); the cluster
#: backend runs real processes.
CLUSTER_REDIS_VAR = "GETAWAY_TEST_CLUSTER_REDIS_URL"


@pytest.fixture
def settings(database_url: str, server_backend: str) -> Settings:
    if server_backend == CLUSTER:
        pytest.fail(
            "this test builds an app in the test's process, which the cluster backend does "
            "not run: mark it in_process with the reason",
            pytrace=False,
        )
    cluster_redis = os.environ.get(CLUSTER_REDIS_VAR)
    if cluster_redis and database_url.startswith("postgresql"):
        return Settings(database_url=database_url, redis_url=cluster_redis)
    return Settings(database_url=database_url)


@pytest.fixture
def client(server_backend: str, request: pytest.FixtureRequest) -> Iterator[TestClient]:
    """The server: the app in this process, or the cluster's processes in turn."""
    if server_backend == CLUSTER:
        cluster: Cluster = request.getfixturevalue("cluster")
        with cluster.client() as cluster_client:
            # The surface of TestClient the tests use (see cluster_client.py).
            yield cluster_client  # type: ignore[misc]
        return
    settings: Settings = request.getfixturevalue("settings")
    with TestClient(create_app(settings)) as test_client:
        yield test_client


# The cluster backend ---------------------------------------------------------------------

#: The processes' environment: cluster mode, and bots thinking in threads (as in-process:
#: a worker pool's start-up on a busy machine is not what the tests time).
CLUSTER_ENV = {"GETAWAY_BOT_PROCESSES": "0"}


class Cluster:
    """``CLUSTER_PROCESSES`` running ``getaway serve`` processes on one database."""

    def __init__(self, database_url: str, urls: list[str], log: Path) -> None:
        self.database_url = database_url
        self.urls = urls
        self.log = log

    def client(self) -> ClusterClient:
        return ClusterClient(self.urls)


@contextmanager
def running_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    redis_must_be_reachable()
    with ExitStack() as stack:
        url = stack.enter_context(contextmanager(fresh_database)("postgresql", tmp_path_factory))
        log = tmp_path_factory.mktemp("cluster") / "servers.log"
        env = {**CLUSTER_ENV, "GETAWAY_REDIS_URL": redis_url()}
        # The first migrates the database; then the others start side by side (each finds
        # it migrated), which saves seconds of start-up per test process.
        starts = [serving(url, log, NODE_MODULE, **env) for _ in range(CLUSTER_PROCESSES)]
        stack.callback(_report_faults, log)
        first = stack.enter_context(starts[0])
        with ThreadPoolExecutor(len(starts) - 1) as pool:
            pending = [(start, pool.submit(start.__enter__)) for start in starts[1:]]
        for start, started in pending:
            if started.exception() is None:
                stack.push(start.__exit__)  # stopped on leaving, even if another failed
        others = [started.result() for _, started in pending]
        urls = [str(client.base_url) for _, client in (first, *others)]
        yield Cluster(url, urls, log)


def _report_faults(log: Path) -> None:
    """The lines of the servers' log that report a fault, printed when they stop (a bot
    that raised is replaced by its first legal move, which only the log tells)."""
    faults = [x for x in log.read_text().splitlines() if "ERROR" in x or "Traceback" in x]
    if faults:
        print(f"the cluster's servers logged {len(faults)} fault line(s):", *faults[:20])


@pytest.fixture(scope="session")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """The cluster of this test process, started when a test first needs it."""
    with running_cluster(tmp_path_factory) as started:
        yield started
