"""The end-of-run check (``tests/conftest.py``) sees every process a test started that is
still alive, its orphans too, and names it; ended ones it lets go."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.processes import MARKER, leftovers, marked_processes

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

SLEEPER = "import time; time.sleep(60)"
#: Starts a sleeping grandchild, prints its pid and exits: the grandchild goes to init.
ORPHAN_MAKER = f"""
import subprocess, sys
quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
child = subprocess.Popen([sys.executable, "-c", {SLEEPER!r}], **quiet)
print(child.pid, flush=True)
"""


def this_run() -> str:
    return os.environ[MARKER]


def _end(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def test_a_live_child_is_seen_with_its_command_line_and_let_go_once_ended() -> None:
    child = subprocess.Popen([sys.executable, "-c", SLEEPER])
    try:
        found = marked_processes(this_run())
        assert SLEEPER in found[child.pid]
    finally:
        child.kill()
        child.wait()
    assert child.pid not in leftovers(this_run(), grace=5)


def test_an_orphan_whose_parent_is_gone_is_still_seen() -> None:
    done = subprocess.run(
        [sys.executable, "-c", ORPHAN_MAKER], capture_output=True, text=True, timeout=30
    )
    orphan = int(done.stdout)
    try:
        assert orphan in marked_processes(this_run())
    finally:
        _end(orphan)
    deadline = time.monotonic() + 5
    while orphan in marked_processes(this_run()) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert orphan not in marked_processes(this_run())


def test_processes_of_another_run_are_not_this_runs() -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", SLEEPER], env={**os.environ, MARKER: "another-run"}
    )
    try:
        assert child.pid not in marked_processes(this_run())
        assert child.pid in marked_processes("another-run")
    finally:
        child.kill()
        child.wait()
