"""``getaway bench server``: how many actions per second the game server takes, and how fast.

It starts ``getaway serve --port 0`` as a subprocess (on a temporary SQLite file unless a database
URL is given), creates ``matches`` matches of one game (``--game``, default the first installed game
by name) whose seats are all people, and plays them from this process on loopback with asyncio. Two
transports:

* ``ws`` (the default, as the web client is used): every seat of every match holds its own
  WebSocket, as each player's browser does, and receives the state pushed after every change
  it can see; the seat to act picks one of its legal actions (seeded random) and sends it on
  its socket with its version. The time from sending to the server's answer is the action's
  latency: the answer comes once the action is committed to the database.
* ``http``: per match one loop that asks the state of the seat to act (``GET``), then posts
  its action (``POST .../actions``, timed the same way). Every action costs two requests.

Every first match is created (and its seats connected) before the clock starts; a finished
match is replaced by a new one (its creation is not timed, but it takes the server's time).

Without ``rate`` every loop plays as fast as the server answers (saturation). With ``rate``
the loops are open-loop: match ``m`` starts its ``k``-th action at ``t0 + (m + k * matches) /
rate``, whatever the answers before took, so ``rate`` actions per second are offered in all.

The server always stops at the end, also after an error or Ctrl-C.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from getaway.core import GetawayError, games, get_game
from getaway.server.serve import shown_url

TRANSPORTS = ("ws", "http")
SERVE = "from getaway.cli import main; raise SystemExit(main())"
#: How long the server may take to print its URL and answer /healthz.
START_SECONDS = 60.0
#: Pause between setting every match up and starting the clock.
SETTLE_SECONDS = 1.0


@dataclass
class ServerBench:
    game: str
    matches: int
    transport: str
    seconds: float
    actions: int
    actions_per_second: float
    p50_ms: float
    p99_ms: float
    offered_rate: float | None
    database: str
    errors: int
    finished_matches: int
    #: CPU seconds the server process and this client used while playing (None where /proc
    #: is missing). On a shared machine these say
    #: what the work costs even when the wall-clock rates are pulled down by other load.
    server_cpu_seconds: float | None
    client_cpu_seconds: float


def percentile(sorted_values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0..1) of an already sorted list; 0.0 when empty."""
    if not sorted_values:
        return 0.0
    rank = max(1, min(len(sorted_values), int(-(-q * len(sorted_values) // 1))))
    return sorted_values[rank - 1]


class _Run:
    def __init__(self, client: Any, game: str, seed: int, matches: int) -> None:
        self.client = client
        self.game = game
        #: Every match loop and the driver meet here before the clock starts ...
        self.ready = asyncio.Barrier(matches + 1)
        #: ... and start playing when this is set.
        self.go = asyncio.Event()
        self.started = 0.0
        self.rnd = random.Random(seed)
        self.latencies: list[float] = []
        self.errors = 0
        self.finished = 0
        self.created = 0
        self.seed = seed
        self.next_ref = 0

    async def create(self) -> tuple[str, dict[str, str]]:
        import httpx2

        self.created += 1
        # Seeded for repeatable runs, so practice matches (the only ones with a chosen seed).
        body = {"game": self.game, "seed": self.seed + self.created, "practice": True}
        try:
            response = await self.client.post("/api/matches", json=body)
        except httpx2.TransportError:
            # Over WebSockets the HTTP client is idle between creations, and the server
            # closes idle keep-alive connections (after 5 s): a reused one may be gone.
            # Creating is not what is measured; try once more on a new connection.
            response = await self.client.post("/api/matches", json=body)
        if response.status_code != 201:
            raise GetawayError(f"cannot create a match: {response.status_code} {response.text}")
        created = response.json()
        return str(created["id"]), {s["seat"]: s["token"] for s in created["seats"]}

    async def loop(self, index: int, matches: int, rate: float | None) -> None:
        """Play matches one after another until the time is up (cancelled from outside)."""
        match_id, tokens = await self.create()
        await self.ready.wait()
        await self.go.wait()
        any_token = next(iter(tokens.values()))
        seat: str | None = None
        k = 0
        while True:
            if rate is not None:
                delay = self.started + (index + k * matches) / rate - time.perf_counter()
                if delay > 0:
                    await asyncio.sleep(delay)
            k += 1
            if seat is None:
                public = await self.client.get(
                    f"/api/matches/{match_id}", params={"token": any_token}
                )
                seat = public.json()["to_act"][0] if public.status_code == 200 else None
                if seat is None:
                    self.errors += public.status_code != 200
                    continue
            response = await self.client.get(
                f"/api/matches/{match_id}", params={"token": tokens[seat]}
            )
            if response.status_code != 200:
                self.errors += 1
                seat = None
                continue
            state = response.json()
            if state["over"]:
                self.finished += 1
                match_id, tokens = await self.create()
                any_token = next(iter(tokens.values()))
                seat = None
                continue
            if not state["may_act"]:
                seat = state["to_act"][0] if state["to_act"] else None
                continue
            action = self.rnd.choice(state["legal_actions"])
            sent = time.perf_counter()
            answer = await self.client.post(
                f"/api/matches/{match_id}/actions",
                json={"token": tokens[seat], "action": action, "version": state["version"]},
            )
            took = time.perf_counter() - sent
            if answer.status_code != 200:
                self.errors += 1
                seat = None
                continue
            self.latencies.append(took)
            after = answer.json()
            seat = None if after["over"] or not after["to_act"] else after["to_act"][0]
            if after["over"]:
                self.finished += 1
                match_id, tokens = await self.create()
                any_token = next(iter(tokens.values()))

    async def ws_loop(self, base: str, index: int, matches: int, rate: float | None) -> None:
        """Play matches one after another over WebSockets until cancelled from outside."""
        from websockets.asyncio.client import connect

        ws_base = "ws" + base.removeprefix("http")
        pace = _Pace(self, index, matches, rate)
        first = True
        while True:
            match_id, tokens = await self.create()
            play = _WsMatch(self, pace)
            async with contextlib.AsyncExitStack() as stack:
                for seat, token in tokens.items():
                    url = f"{ws_base}/api/matches/{match_id}/ws?token={token}"
                    play.sockets[seat] = await stack.enter_async_context(
                        connect(url, max_size=None, compression=None)
                    )
                if first:
                    # Every first match is made and connected before the clock starts.
                    await self.ready.wait()
                    await self.go.wait()
                    first = False
                readers = [asyncio.create_task(play.read(seat)) for seat in tokens]
                try:
                    await play.over.wait()
                finally:
                    for task in readers:
                        task.cancel()
                    await asyncio.gather(*readers, return_exceptions=True)
            self.finished += 1


class _WsMatch:
    """One match played over its seats' sockets, one action in flight at a time (as people
    at one table would: where several seats may move in any order, each decides on what the
    others did)."""

    def __init__(self, run: _Run, pace: _Pace) -> None:
        self.run, self.pace = run, pace
        self.sockets: dict[str, Any] = {}
        self.latest: dict[str, dict[str, Any]] = {}
        self.acted_on: dict[str, int] = {}
        self.over = asyncio.Event()
        self.in_flight: float | None = None
        # Versions below this were pushed before the last committed action: already stale.
        self.floor = 0

    async def read(self, seat: str) -> None:
        async for raw in self.sockets[seat]:
            message = json.loads(raw)
            if "ref" in message:
                took = time.perf_counter() - (self.in_flight or 0.0)
                self.in_flight = None
                if message["ok"]:
                    self.run.latencies.append(took)
                    self.floor = max(self.floor, message["version"])
                else:
                    self.run.errors += 1
            elif message["over"]:
                self.over.set()
                return
            else:
                self.latest[seat] = message
            await self.act()

    async def act(self) -> None:
        if self.in_flight is not None:
            return
        for seat, state in self.latest.items():
            version = state["version"]
            if state["may_act"] and version >= self.floor and self.acted_on.get(seat) != version:
                self.acted_on[seat] = version
                self.in_flight = time.perf_counter()
                await self.pace.wait()
                self.in_flight = time.perf_counter()
                self.run.next_ref += 1
                action = self.run.rnd.choice(state["legal_actions"])
                body = {"action": action, "version": version, "ref": self.run.next_ref}
                await self.sockets[seat].send(json.dumps(body))
                return


class _Pace:
    """Open-loop pacing of one match's actions: its ``k``-th action starts at ``started +
    (index + k * matches) / rate``, whatever the answers before took. No rate: no waiting."""

    def __init__(self, run: _Run, index: int, matches: int, rate: float | None) -> None:
        self.run, self.index, self.matches, self.rate = run, index, matches, rate
        self.k = 0

    async def wait(self) -> None:
        if self.rate is not None:
            due = self.run.started + (self.index + self.k * self.matches) / self.rate
            delay = due - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
        self.k += 1


def _start_server(database_url: str, log: Path) -> tuple[subprocess.Popen[str], str]:
    with log.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--port", "0", "--database-url", database_url],
            stdout=subprocess.PIPE,
            stderr=stderr,
            stdin=subprocess.DEVNULL,
            text=True,
        )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("getaway serving on "):
        _stop_server(process)
        raise GetawayError(f"the server did not start: {log.read_text()[-2000:]}")
    return process, line.split()[-1]


def _cpu_seconds(pid: int) -> float | None:
    """User plus system CPU time of a live process, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _stop_server(process: subprocess.Popen[str]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()


async def _drive(
    url: str,
    game: str,
    matches: int,
    seconds: float,
    rate: float | None,
    seed: int,
    pid: int,
    transport: str = "ws",
) -> tuple[_Run, float, float | None, float]:
    """Play for ``seconds``; the run, the time taken and the server's and this process's
    CPU seconds over it."""
    import httpx2

    limits = httpx2.Limits(max_connections=matches + 8, max_keepalive_connections=matches + 8)
    async with httpx2.AsyncClient(base_url=url, timeout=60, limits=limits) as client:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                if (await client.get("/healthz")).status_code == 200:
                    break
            except httpx2.TransportError:
                pass
            if time.monotonic() > deadline:
                raise GetawayError(f"the server at {url} did not answer /healthz")
            await asyncio.sleep(0.05)
        run = _Run(client, game, seed, matches)
        tasks = [
            asyncio.create_task(
                run.ws_loop(url, i, matches, rate)
                if transport == "ws"
                else run.loop(i, matches, rate)
            )
            for i in range(matches)
        ]
        # The clock starts once every match exists (and, over WebSockets, every seat is
        # connected): setting up is not what is measured.
        try:
            async with asyncio.timeout(START_SECONDS + matches):
                await run.ready.wait()
        except TimeoutError:
            for task in tasks:
                task.cancel()
            raise GetawayError("the matches could not all be set up in time") from None
        # Let the set-up's last pushes (each seat's first state, and every connection's
        # presence news to the others at its table) drain before the clock starts.
        await asyncio.sleep(SETTLE_SECONDS)
        server_cpu = _cpu_seconds(pid)
        client_cpu = time.process_time()
        started = run.started = time.perf_counter()
        run.go.set()
        done, _ = await asyncio.wait(tasks, timeout=seconds, return_when=asyncio.FIRST_EXCEPTION)
        elapsed = time.perf_counter() - started
        server_after = _cpu_seconds(pid)
        client_cpu = time.process_time() - client_cpu
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for task in done:
            failure = None if task.cancelled() else task.exception()
            if failure is not None:
                raise failure
        if server_cpu is not None and server_after is not None:
            server_cpu = server_after - server_cpu
        return run, elapsed, server_cpu, client_cpu


def bench_server(
    matches: int = 20,
    seconds: float = 5.0,
    rate: float | None = None,
    database_url: str | None = None,
    seed: int = 0,
    transport: str = "ws",
    game: str | None = None,
) -> ServerBench:
    """Run the benchmark against a fresh ``getaway serve`` and stop it at the end, with
    matches of ``game`` (default: the first installed game by name)."""
    game = game or next(iter(games()))
    get_game(game)  # an unknown name fails here, listing the known ones
    if transport not in TRANSPORTS:
        raise GetawayError(f"unknown transport {transport!r}; use one of: {', '.join(TRANSPORTS)}")
    try:
        import httpx2  # noqa: F401
    except ImportError:
        raise GetawayError(
            "getaway bench server needs the httpx2 package (pip install 'getaway[dev]')"
        ) from None
    with tempfile.TemporaryDirectory(prefix="getaway-bench-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.sqlite3'}"
        process, base = _start_server(url, Path(tmp) / "serve.log")
        try:
            run, elapsed, server_cpu, client_cpu = asyncio.run(
                _drive(base, game, matches, seconds, rate, seed, process.pid, transport)
            )
        finally:
            _stop_server(process)
    latencies = sorted(run.latencies)
    return ServerBench(
        game=game,
        matches=matches,
        transport=transport,
        seconds=round(elapsed, 3),
        actions=len(latencies),
        actions_per_second=round(len(latencies) / elapsed, 1),
        p50_ms=round(percentile(latencies, 0.50) * 1000, 2),
        p99_ms=round(percentile(latencies, 0.99) * 1000, 2),
        offered_rate=rate,
        database="sqlite (temporary file)" if database_url is None else shown_url(url),
        errors=run.errors,
        finished_matches=run.finished,
        server_cpu_seconds=None if server_cpu is None else round(server_cpu, 2),
        client_cpu_seconds=round(client_cpu, 2),
    )


def as_json(result: ServerBench) -> dict[str, Any]:
    return asdict(result)
