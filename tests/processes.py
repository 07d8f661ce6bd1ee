"""Finding the processes a test process started, even those whose parent is gone.

Every process a test starts (a ``getaway serve`` subprocess, its bot workers, chromium, a
process pool) inherits the environment, so each carries :data:`MARKER` with the value the
test process set, even after its parent died and it was handed to init. ``tests/conftest.py``
uses this to check that nothing a test started outlives the tests.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

#: The environment variable that marks the processes this test process started.
MARKER = "GETAWAY_TEST_RUN"
#: How long processes may take to end after the last test (a server's orderly shutdown,
#: chromium closing its helpers).
GRACE_SECONDS = 10.0
PROC = Path("/proc")
#: multiprocessing's helper process (see :func:`marked_processes`).
RESOURCE_TRACKER = "multiprocessing.resource_tracker"


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # gone meanwhile, or not ours to read
        return b""


def marked_processes(value: str) -> dict[int, str]:
    """Live processes (zombies aside) whose environment has ``MARKER=value``: pid -> command
    line."""
    wanted = f"{MARKER}={value}".encode()
    found: dict[int, str] = {}
    for entry in PROC.iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        if wanted not in _read(entry / "environ").split(b"\0"):
            continue
        # The state and the parent's pid follow the parenthesised command name.
        fields = _read(entry / "stat").rpartition(b")")[2].split() or [b"", b""]
        state, parent = fields[0], fields[1]
        if state == b"Z":  # a zombie has ended already
            continue
        command = _read(entry / "cmdline").replace(b"\0", b" ").decode(errors="replace")
        if RESOURCE_TRACKER in command and parent == str(os.getpid()).encode():
            # Started by the first process pool of this test process, it ends when this
            # process does (its pipe closes), and it cannot be stopped before.
            continue
        found[int(entry.name)] = command.strip() or "?"
    return found


def leftovers(value: str, grace: float = GRACE_SECONDS) -> dict[int, str]:
    """The marked processes still alive after waiting up to ``grace`` seconds."""
    deadline = time.monotonic() + grace
    while True:
        found = marked_processes(value)
        if not found or time.monotonic() >= deadline:
            return found
        time.sleep(0.2)


def end_process(process: subprocess.Popen[str], grace: float = 20.0) -> None:
    """Stop a process a test started: SIGTERM (an orderly shutdown ends a server's bot
    workers too), then SIGKILL if it has not ended within ``grace`` seconds, so it never
    outlives the test even when it hangs."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
