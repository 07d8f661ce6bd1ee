"""``getaway bench cluster``: a load and fault campaign against several server processes.

It starts ``processes`` ``getaway serve`` processes on one PostgreSQL database and a Redis
server of its own (``redis-server`` on a free port, so that it may kill it), and plays
``matches`` concurrent matches to their end from this process: half of them with every seat
played by a scripted client, half with one scripted seat and bots in the others; half send
their actions over HTTP, half over each seat's WebSocket. Each request goes to a process
picked at random (as a reverse proxy spreading requests would), so most reach a process that
does not own their match. Every ``kill_every`` seconds a fault: a server process is killed
(SIGKILL) and started again a second later, or (every third fault) Redis is.

A client whose request fails (a transport error, a 503, a socket closed) counts a reconnect,
reads its match's state again from another process and goes on from there; an action whose
answer was lost has an unknown outcome. At the end every match's log is read from the
database and aligned with what its clients sent: an action acknowledged but missing from the
log is *lost*, a logged action of a scripted seat that no send explains (or that was refused)
is *duplicated*. Both must be 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from getaway.core import GetawayError, games, get_game
from getaway.server.bench import START_SECONDS, percentile
from getaway.server.db import BY_SEAT, make_engine
from getaway.server.serve import shown_url
from getaway.server.settings import normalize_url
from getaway.server.store import Store

SERVE = "from getaway.cli import main; raise SystemExit(main())"
#: Pause before a killed process (server or Redis) is started again.
RESTART_SECONDS = 1.0
#: The lease of the campaign's servers: a killed owner's matches move within about this.
LEASE_SECONDS = 3.0
#: How long one request may take before the client counts it lost and looks again.
REQUEST_SECONDS = 20.0
#: Outcomes of a send.
OK, REFUSED, UNKNOWN = "ok", "refused", "unknown"


@dataclass
class ClusterBench:
    game: str
    processes: int
    matches: int
    seconds: float
    actions: int
    actions_per_second: float
    p50_ms: float
    p99_ms: float
    reconnects: int
    unknown_outcomes: int
    lost_actions: int
    duplicated_actions: int
    finished_matches: int
    server_kills: int
    redis_kills: int
    #: Answers that were not the API's JSON (by HTTP status), each retried.
    odd_answers: dict[int, int]
    database: str
    #: Acknowledged actions per whole second of the run, and when each fault came (s).
    timeline: list[int] = field(default_factory=list)
    faults: list[tuple[float, str]] = field(default_factory=list)


@dataclass
class Send:
    seat: str
    action: str
    outcome: str


def align(sends: list[Send], logged: list[tuple[str, str]]) -> tuple[int, int]:
    """(lost, duplicated) of one match: the alignment of its sends with its logged actions of
    scripted seats (in order) that explains the most. An acknowledged send must be logged
    (else lost); a send with an unknown outcome may or may not be; a refused one must not
    be; every logged action must be some send's (else duplicated)."""
    n, m = len(sends), len(logged)
    inf = n + m + 1
    cost = [[inf] * (m + 1) for _ in range(n + 1)]
    cost[0][0] = 0
    for i in range(n + 1):
        for j in range(m + 1):
            here = cost[i][j]
            if here == inf:
                continue
            if i < n:  # send i not logged
                skip = here + (1 if sends[i].outcome == OK else 0)
                cost[i + 1][j] = min(cost[i + 1][j], skip)
            if j < m:  # logged j from no send
                cost[i][j + 1] = min(cost[i][j + 1], here + 1)
            if (
                i < n
                and j < m
                and sends[i].outcome != REFUSED
                and (sends[i].seat, sends[i].action) == logged[j]
            ):
                cost[i + 1][j + 1] = min(cost[i + 1][j + 1], here)
    # Walk back to split the cost into lost and duplicated.
    lost = duplicated = 0
    i, j = n, m
    while i or j:
        if (
            i
            and j
            and sends[i - 1].outcome != REFUSED
            and (sends[i - 1].seat, sends[i - 1].action) == logged[j - 1]
            and cost[i - 1][j - 1] == cost[i][j]
        ):
            i, j = i - 1, j - 1
        elif i and cost[i - 1][j] + (1 if sends[i - 1].outcome == OK else 0) == cost[i][j]:
            lost += sends[i - 1].outcome == OK
            i -= 1
        else:
            duplicated += 1
            j -= 1
    return lost, duplicated


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Servers:
    """The campaign's processes: ``getaway serve`` ones and one Redis."""

    def __init__(self, database_url: str, count: int, folder: Path, redis_server: str) -> None:
        self.database_url = database_url
        self.folder = folder
        self.redis_server = redis_server
        self.redis_port = _free_port()
        self.redis: subprocess.Popen[bytes] | None = None
        self.servers: list[subprocess.Popen[str] | None] = [None] * count
        self.urls: list[str | None] = [None] * count
        self.started = 0

    def start_redis(self) -> None:
        self.redis = subprocess.Popen(
            [
                self.redis_server,
                "--port",
                str(self.redis_port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            stdin=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while True:
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.redis_port), timeout=0.5),
            ):
                return
            if time.monotonic() > deadline:
                raise GetawayError(f"{self.redis_server} did not start")
            time.sleep(0.05)

    def kill_redis(self) -> None:
        if self.redis is not None:
            self.redis.kill()
            self.redis.wait()
            self.redis = None

    def start(self, index: int) -> None:
        self.started += 1
        env = {
            **os.environ,
            "GETAWAY_REDIS_URL": f"redis://127.0.0.1:{self.redis_port}/0",
            "GETAWAY_LEASE_SECONDS": str(LEASE_SECONDS),
            "GETAWAY_BOT_PROCESSES": "0",
            "GETAWAY_LOG_LEVEL": "warning",
        }
        log = self.folder / f"serve-{index}-{self.started}.log"
        database = ["--database-url", self.database_url]
        with log.open("w") as stderr:
            process = subprocess.Popen(
                [sys.executable, "-c", SERVE, "serve", "--port", "0", *database],
                stdout=subprocess.PIPE,
                stderr=stderr,
                stdin=subprocess.DEVNULL,
                text=True,
                env=env,
            )
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line.startswith("getaway serving on "):
            process.kill()
            process.wait()
            raise GetawayError(f"a server did not start: {log.read_text()[-2000:]}")
        self.servers[index] = process
        self.urls[index] = line.split()[-1]

    def kill(self, index: int) -> None:
        process = self.servers[index]
        self.urls[index] = None
        if process is not None:
            process.send_signal(signal.SIGKILL)
            process.wait()
            if process.stdout is not None:
                process.stdout.close()
        self.servers[index] = None

    def live_urls(self) -> list[str]:
        return [url for url in self.urls if url is not None]

    def stop(self) -> None:
        for index, process in enumerate(self.servers):
            if process is not None:
                process.terminate()
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
                if process.stdout is not None:
                    process.stdout.close()
                self.servers[index] = None
        self.kill_redis()


class _Campaign:
    def __init__(self, servers: Servers, game: str, seats: list[str], seed: int) -> None:
        self.servers = servers
        self.game = game
        self.seats = seats
        self.rnd = random.Random(seed)
        self.seed = seed
        self.latencies: list[float] = []
        self.acked_at: list[float] = []
        self.reconnects = 0
        self.unknown = 0
        self.sends: dict[str, list[Send]] = {}
        self.finished = 0
        self.started = 0.0
        self.next_ref = 0
        #: Answers that were not the API's JSON, by status (each retried).
        self.odd_answers: dict[int, int] = {}

    def url(self) -> str:
        while True:
            urls = self.servers.live_urls()
            if urls:
                return self.rnd.choice(urls)
            time.sleep(0.05)

    async def request(self, client: Any, method: str, path: str, **kwargs: Any) -> Any:
        """A request to some live process, again elsewhere after a failure (a transport
        error, a 503, or any answer that is not the API's JSON); the answer and its JSON."""
        import httpx2

        while True:
            try:
                response = await client.request(
                    method, self.url() + path, timeout=REQUEST_SECONDS, **kwargs
                )
            except httpx2.HTTPError:
                response = None
            if response is not None and response.status_code != 503:
                try:
                    return response, response.json()
                except ValueError:
                    pass
                # Not the API's answer: a connection closed by a process being killed, or
                # the server's own plain-text 408 under load. Counted, then tried again.
                self.odd_answers[response.status_code] = (
                    self.odd_answers.get(response.status_code, 0) + 1
                )
            self.reconnects += 1
            await asyncio.sleep(0.2)

    async def create(self, client: Any, index: int) -> tuple[str, dict[str, str]]:
        body: dict[str, Any] = {
            "game": self.game,
            "seed": self.seed * 100_000 + index,
            "practice": True,
        }
        if index % 2:
            body["bots"] = dict.fromkeys(self.seats[1:], "random")
        while True:
            response, created = await self.request(client, "POST", "/api/matches", json=body)
            if response.status_code == 201:
                return created["id"], {s["seat"]: s["token"] for s in created["seats"]}
            raise GetawayError(f"cannot create a match: {response.status_code} {response.text}")

    async def play(self, client: Any, index: int) -> None:
        match_id, tokens = await self.create(client, index)
        sends = self.sends.setdefault(match_id, [])
        over_ws = index % 4 >= 2
        sockets = _Sockets(self, match_id, tokens) if over_ws else None
        rnd = random.Random(self.seed * 7919 + index)
        any_token = next(iter(tokens.values()))
        try:
            while True:
                _, data = await self.request(
                    client, "GET", f"/api/matches/{match_id}", params={"token": any_token}
                )
                if data["over"]:
                    self.finished += 1
                    return
                seat = next((s for s in data["to_act"] if s in tokens), None)
                if seat is None:
                    await asyncio.sleep(0.05)  # bots are moving
                    continue
                _, state = await self.request(
                    client, "GET", f"/api/matches/{match_id}", params={"token": tokens[seat]}
                )
                if not state["may_act"]:
                    await asyncio.sleep(0.02)
                    continue
                action = rnd.choice(state["legal_actions"])
                sent = time.perf_counter()
                if sockets is not None:
                    outcome = await sockets.act(seat, action, state["version"])
                else:
                    outcome = await self.post(client, match_id, tokens[seat], action, state)
                sends.append(Send(seat, action, outcome))
                if outcome == OK:
                    done = time.perf_counter()
                    self.latencies.append(done - sent)
                    self.acked_at.append(done - self.started)
                elif outcome == UNKNOWN:
                    self.unknown += 1
        finally:
            if sockets is not None:
                await sockets.close()

    async def post(
        self, client: Any, match_id: str, token: str, action: str, state: dict[str, Any]
    ) -> str:
        import httpx2

        body = {"token": token, "action": action, "version": state["version"]}
        try:
            response = await client.post(
                self.url() + f"/api/matches/{match_id}/actions",
                json=body,
                timeout=REQUEST_SECONDS,
            )
        except httpx2.HTTPError:
            self.reconnects += 1
            return UNKNOWN
        if response.status_code == 200:
            return OK
        if response.status_code >= 500 and response.status_code != 503:
            self.odd_answers[response.status_code] = (
                self.odd_answers.get(response.status_code, 0) + 1
            )
            return UNKNOWN
        if response.status_code == 503:
            self.reconnects += 1
            # "nothing was changed" is a refusal; "did not confirm" may have been made.
            return REFUSED if "nothing was changed" in response.text else UNKNOWN
        return REFUSED


class _Sockets:
    """One match's seats' WebSockets, each to a random live process, opened when first used
    and again (on another process) after it fails."""

    def __init__(self, campaign: _Campaign, match_id: str, tokens: dict[str, str]) -> None:
        self.campaign = campaign
        self.match_id = match_id
        self.tokens = tokens
        self.open: dict[str, Any] = {}

    async def _socket(self, seat: str) -> Any:
        from websockets.asyncio.client import connect

        socket_ = self.open.get(seat)
        if socket_ is None:
            base = "ws" + self.campaign.url().removeprefix("http")
            url = f"{base}/api/matches/{self.match_id}/ws?token={self.tokens[seat]}"
            socket_ = await asyncio.wait_for(
                connect(url, max_size=None, compression=None), REQUEST_SECONDS
            )
            self.open[seat] = socket_
        return socket_

    async def act(self, seat: str, action: str, version: int) -> str:
        self.campaign.next_ref += 1
        ref = self.campaign.next_ref
        try:
            socket_ = await self._socket(seat)
        except Exception:
            self.campaign.reconnects += 1
            await asyncio.sleep(0.2)
            return REFUSED  # not sent
        try:
            await socket_.send(json.dumps({"action": action, "version": version, "ref": ref}))
            async with asyncio.timeout(REQUEST_SECONDS):
                while True:
                    message = json.loads(await socket_.recv())
                    if message.get("ref") == ref:
                        break
        except Exception:
            self.campaign.reconnects += 1
            await self._drop(seat)
            return UNKNOWN
        if message["ok"]:
            return OK
        if message["status"] == 503:
            return REFUSED if "nothing was changed" in message["detail"] else UNKNOWN
        return REFUSED

    async def _drop(self, seat: str) -> None:
        socket_ = self.open.pop(seat, None)
        if socket_ is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket_.close(), 2)

    async def close(self) -> None:
        for seat in list(self.open):
            await self._drop(seat)


async def _faults(
    servers: Servers, campaign: _Campaign, every: float, faults: list[tuple[float, str]]
) -> None:
    """A fault at every multiple of ``every`` seconds until cancelled, whatever the restarts
    before it take: a live server killed and started again a second later, or (every third
    fault) Redis. A server is killed only while another is up, so that clients have
    somewhere to go; otherwise that fault kills Redis instead."""
    restarts: set[asyncio.Task[None]] = set()

    async def restart(index: int | None) -> None:
        await asyncio.sleep(RESTART_SECONDS)
        if index is None:
            await asyncio.to_thread(servers.start_redis)
        else:
            await asyncio.to_thread(servers.start, index)

    count = 0
    try:
        while True:
            count += 1
            due = campaign.started + count * every
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            now = round(time.perf_counter() - campaign.started, 2)
            live = [i for i, url in enumerate(servers.urls) if url is not None]
            index: int | None = None
            if count % 3 != 0 and len(live) >= 2:
                index = campaign.rnd.choice(live)
            if index is None:
                if servers.redis is None:
                    continue  # still coming back from the last fault
                faults.append((now, "redis"))
                await asyncio.to_thread(servers.kill_redis)
            else:
                faults.append((now, f"server {index}"))
                await asyncio.to_thread(servers.kill, index)
            task = asyncio.create_task(restart(index))
            restarts.add(task)
            task.add_done_callback(restarts.discard)
    finally:
        # Whatever is down comes back before the campaign checks the logs and stops.
        await asyncio.gather(*restarts, return_exceptions=True)


async def _run(
    servers: Servers,
    game: str,
    seats: list[str],
    matches: int,
    kill_every: float,
    seed: int,
    timeout: float,
) -> tuple[_Campaign, float, list[tuple[float, str]]]:
    import httpx2

    campaign = _Campaign(servers, game, seats, seed)
    limits = httpx2.Limits(max_connections=matches + 8, max_keepalive_connections=matches + 8)
    faults: list[tuple[float, str]] = []
    async with httpx2.AsyncClient(limits=limits) as client:
        campaign.started = time.perf_counter()
        players = [asyncio.create_task(campaign.play(client, i)) for i in range(matches)]
        breaker = asyncio.create_task(_faults(servers, campaign, kill_every, faults))
        try:
            # A client that fails ends the campaign at once (with its error) rather than
            # leaving its match unfinished until the time is up.
            done, pending = await asyncio.wait(
                players, timeout=timeout, return_when=asyncio.FIRST_EXCEPTION
            )
        finally:
            breaker.cancel()
            await asyncio.gather(breaker, return_exceptions=True)
        elapsed = time.perf_counter() - campaign.started
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            failure = task.exception()
            if failure is not None:
                raise failure
    return campaign, elapsed, faults


def _check(database_url: str, campaign: _Campaign) -> tuple[int, int]:
    engine = make_engine(database_url)
    lost = duplicated = 0
    try:
        store = Store(engine)
        for match_id, sends in campaign.sends.items():
            record = store.load(match_id)
            by = store.actions_by(match_id)
            if record is None:
                lost += sum(s.outcome == OK for s in sends)
                continue
            pairs = zip(record.actions, by, strict=True)
            logged = [(m.seat, m.action) for m, who in pairs if who == BY_SEAT]
            one_lost, one_duplicated = align(sends, logged)
            lost += one_lost
            duplicated += one_duplicated
    finally:
        engine.dispose()
    return lost, duplicated


def bench_cluster(
    database_url: str,
    processes: int = 3,
    matches: int = 200,
    kill_every: float = 10.0,
    game: str | None = None,
    seed: int = 0,
    timeout: float = 1800.0,
    redis_server: str = "redis-server",
    logs: Path | None = None,
) -> ClusterBench:
    """Run the campaign (the database should be empty: PostgreSQL, made for the run)."""
    game = game or next(iter(games()))
    seats = list(get_game(game).seats(get_game(game).normalize_options({})))
    url = normalize_url(database_url)
    if not url.startswith("postgresql"):
        raise GetawayError(
            "bench cluster needs a PostgreSQL database shared by the processes: "
            "--database-url postgresql://user@host/db (an empty one, made for the run)"
        )
    found = shutil.which(redis_server)
    if found is None:
        raise GetawayError(
            f"bench cluster starts and kills its own Redis: {redis_server!r} is not on PATH "
            "(apt-get install redis-server)"
        )
    try:
        import httpx2  # noqa: F401
    except ImportError:
        raise GetawayError(
            "getaway bench cluster needs the httpx2 package (pip install 'getaway[dev]')"
        ) from None
    with tempfile.TemporaryDirectory(prefix="getaway-cluster-") as tmp:
        folder = Path(tmp) if logs is None else logs
        folder.mkdir(parents=True, exist_ok=True)
        servers = Servers(url, processes, folder, found)
        try:
            servers.start_redis()
            for index in range(processes):
                servers.start(index)
            campaign, elapsed, faults = asyncio.run(
                asyncio.wait_for(
                    _run(servers, game, seats, matches, kill_every, seed, timeout),
                    timeout + START_SECONDS,
                )
            )
        finally:
            servers.stop()
    lost, duplicated = _check(url, campaign)
    latencies = sorted(campaign.latencies)
    timeline = [0] * (int(elapsed) + 1)
    for moment in campaign.acked_at:
        timeline[min(int(moment), len(timeline) - 1)] += 1
    return ClusterBench(
        game=game,
        processes=processes,
        matches=matches,
        seconds=round(elapsed, 2),
        actions=len(latencies),
        actions_per_second=round(len(latencies) / elapsed, 1),
        p50_ms=round(percentile(latencies, 0.50) * 1000, 2),
        p99_ms=round(percentile(latencies, 0.99) * 1000, 2),
        reconnects=campaign.reconnects,
        unknown_outcomes=campaign.unknown,
        lost_actions=lost,
        duplicated_actions=duplicated,
        finished_matches=campaign.finished,
        server_kills=sum(kind != "redis" for _, kind in faults),
        redis_kills=sum(kind == "redis" for _, kind in faults),
        odd_answers=dict(sorted(campaign.odd_answers.items())),
        database=shown_url(url),
        timeline=timeline,
        faults=faults,
    )


def as_json(result: ClusterBench) -> dict[str, Any]:
    return asdict(result)


def plot(result: ClusterBench, path: Path) -> None:
    """Acknowledged actions per second over the run, with every fault marked."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(9, 3.5))
    axes.plot(range(len(result.timeline)), result.timeline, color="#0072B2", lw=1.2)
    for moment, kind in result.faults:
        colour = "#D55E00" if kind == "redis" else "#999999"
        axes.axvline(moment, color=colour, lw=1, ls="--" if kind == "redis" else ":")
    axes.set_xlabel("seconds (dotted: a server killed; dashed: Redis killed)")
    axes.set_ylabel("actions acknowledged / s")
    axes.set_title(
        f"getaway bench cluster: {result.processes} processes, {result.matches} matches, "
        f"{result.lost_actions} lost, {result.duplicated_actions} duplicated"
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)
