"""A real ``getaway serve`` in a subprocess, for the tests that kill, signal or probe it, and
for the cluster backend of the server tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2

from tests.processes import end_process

SERVE = "from getaway.cli import main; raise SystemExit(main())"
#: The repository's root: where ``python -m tests...`` finds the tests' own modules.
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def serving(
    database_url: str, log: Path, module: str | None = None, **env: str
) -> Iterator[tuple[subprocess.Popen[str], httpx2.Client]]:
    """``getaway serve`` on a free port with extra environment, and a client for it; its
    stderr (every log line) goes to ``log``. ``module``: a wrapper run as ``python -m``
    instead (one that registers test games, taking the arguments of ``getaway serve``)."""
    program = ["-m", module] if module is not None else ["-c", SERVE, "serve"]
    with log.open("a") as stderr:
        process = subprocess.Popen(
            [sys.executable, *program, "--port", "0", "--database-url", database_url],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env={**os.environ, **env},
            cwd=ROOT,
        )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("getaway serving on http://127.0.0.1:"), (line, log.read_text())
        with httpx2.Client(base_url=line.split()[-1], timeout=20) as client:
            deadline = time.monotonic() + 20
            while True:
                try:
                    if client.get("/healthz").status_code == 200:
                        break
                except httpx2.TransportError:
                    pass
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
            yield process, client
    finally:
        end_process(process)
