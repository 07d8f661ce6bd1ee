"""Fixtures for the real-browser tests: a `getaway serve` subprocess and a headless chromium.

Each xdist worker starts one chromium and one server per database for the whole session
(every test makes its own matches and opens its pages in a fresh browser context, so the
tests stay apart): starting them once per module was a large part of the browser tests' time.
The server runs on a SQLite file and, in ``./dev test-long``, on a fresh PostgreSQL database
(`fresh_database` from tests/server/conftest.py).
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect, sync_playwright

from tests.server.conftest import fresh_database

__all__ = ["Server", "backend", "browser", "page", "server", "servers"]


#: How long a browser test waits for a page or an element (a loaded 2-core machine is slow).
TIMEOUT_MS = 15_000

# Playwright's assertions wait 5 s by default, as long as a page may take to draw on a loaded
# machine (a full run on 2 shared cores); 15 s, as the pages' own default timeout in these
# tests, keeps a slow machine from failing a correct page.
expect.set_options(timeout=TIMEOUT_MS)

#: The screens the game pages are checked on.
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 375, "height": 812}
#: It is the page's turn and no action is in flight.
READY = """() => {
  const box = document.querySelector("section.actions");
  return !!box && !box.classList.contains("busy") && !!box.querySelector("button.action");
}"""

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]


class Server:
    """A running `getaway serve` and a small JSON client for its HTTP API."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._finished: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}

    def request(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(req, timeout=10) as answer:
            return json.load(answer)

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        if "seed" in body:
            # A test's fixed seed makes a practice match (the only kind that may have one).
            body = {"practice": True, **body}
        created: dict[str, Any] = self.request("POST", "/api/matches", body)
        return created

    def state(self, match: str, token: str | None = None) -> dict[str, Any]:
        query = f"?token={token}" if token else ""
        state: dict[str, Any] = self.request("GET", f"/api/matches/{match}{query}")
        return state

    def turn(self, match: str, token: str) -> dict[str, Any]:
        """The seat's state once it may act or the game is over (bots answer in the
        background; 20 s at most)."""
        for _ in range(400):
            state = self.state(match, token)
            if state["legal_actions"] or state["over"]:
                return state
            time.sleep(0.05)
        raise AssertionError("the bots did not answer")

    def act(self, match: str, token: str, action: str) -> dict[str, Any]:
        """Play ``action`` for the seat of ``token`` at the match's current version."""
        version = self.state(match, token)["version"]
        body = {"token": token, "action": action, "version": version}
        answer: dict[str, Any] = self.request("POST", f"/api/matches/{match}/actions", body)
        return answer

    def wait_over(self, match: str, seconds: float = 60) -> dict[str, Any]:
        """The match's public state once it is over (its bots play in the background)."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            state = self.state(match)
            if state["over"]:
                return state
            time.sleep(0.05)
        raise AssertionError(f"match {match} did not end within {seconds} s")

    def finished(self, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """A match made from ``body`` that its bots played to the end, and its final public
        state. Made once per server: every test that only looks at a finished game (its
        result, its replay) shares it, and a seed makes it the same game whoever asks first.
        Each caller gets its own copy of the answers."""
        key = json.dumps(body, sort_keys=True)
        if key not in self._finished:
            created = self.create(body)
            self._finished[key] = (created, self.wait_over(created["id"]))
        return copy.deepcopy(self._finished[key])


ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def serving(module: str, database_url: str) -> Iterator[Server]:
    """``getaway serve`` started by ``python -m <module>`` (a wrapper that registers the games
    a test needs in the server's process) on ``database_url``, stopped on leaving.

    The server's log goes to a file, and the lines of it that report a fault are printed when
    it stops, so a test that saw a bot misbehave shows why (a bot that raised is replaced by
    the first legal move: the game goes on, and only the log says so)."""
    command = [sys.executable, "-m", module, "--port", "0"]
    log = tempfile.NamedTemporaryFile(  # noqa: SIM115 (closed in the finally below)
        mode="w+", prefix="getaway-serve-", suffix=".log", delete=False
    )
    proc = subprocess.Popen(
        [*command, "--database-url", database_url],
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith("getaway serving on "), f"unexpected first line: {line!r}"
        yield Server(line.split()[-1])
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        log.seek(0)
        faults = [x for x in log.read().splitlines() if "ERROR" in x or "Traceback" in x]
        log.close()
        Path(log.name).unlink()
        if faults:
            print(f"getaway serve ({module}) logged {len(faults)} fault line(s):", *faults[:20])


#: The wrapper every browser test's server runs: ``getaway serve`` with the test game of
#: tests/web/toy_client (and the games that may lack an entry point) registered.
SERVE_MODULE = "tests.web.serve_with_test_game"


class Servers:
    """The worker's servers, one per database backend, each started on first use and stopped
    at the end of the session."""

    def __init__(self, stack: ExitStack, tmp_path_factory: pytest.TempPathFactory) -> None:
        self._stack = stack
        self._tmp_path_factory = tmp_path_factory
        self._running: dict[str, Server] = {}

    def on(self, backend: str) -> Server:
        if backend not in self._running:
            database = contextmanager(fresh_database)(backend, self._tmp_path_factory)
            url = self._stack.enter_context(database)
            self._running[backend] = self._stack.enter_context(serving(SERVE_MODULE, url))
        return self._running[backend]


@pytest.fixture(scope="session")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with ExitStack() as stack:
        yield Servers(stack, tmp_path_factory)


# The browser tests drive the pages; the server's storage is tested on both backends by
# tests/server, so here PostgreSQL is a ./dev test-long run (it doubled the browser tests'
# time, about half of the suite's).
@pytest.fixture(
    scope="session", params=["sqlite", pytest.param("postgresql", marks=pytest.mark.long)]
)
def backend(request: pytest.FixtureRequest) -> str:
    name: str = request.param
    return name


@pytest.fixture(scope="session")
def server(servers: Servers, backend: str) -> Server:
    """The worker's server on ``backend``. No test may rely on an empty database: each makes
    its own matches."""
    return servers.on(backend)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run ./dev test, which installs it"
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield chromium
        finally:
            chromium.close()


@contextmanager
def browser_page(browser: Browser, **context_options: Any) -> Iterator[Page]:
    """A page in a fresh browser context (its own storage; ``context_options`` such as
    ``viewport`` or ``locale`` as Playwright takes them) with the tests' timeout, closed on
    leaving."""
    context = browser.new_context(**context_options)
    context.set_default_timeout(TIMEOUT_MS)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A page in a fresh browser context (its own storage), closed after the test."""
    with browser_page(browser) as fresh:
        yield fresh
