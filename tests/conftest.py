"""Checks for the whole test run: nothing a test started may outlive it (see
:mod:`tests.processes`); and the local Ray cluster the tests of the ray backend share."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator

import pytest

from getaway.parallel import Backend, Pool
from tests.processes import MARKER, PROC, leftovers


@pytest.fixture(scope="session", autouse=True)
def no_process_outlives_the_tests() -> Iterator[None]:
    """Fail the run if a process a test started is still alive when the tests are done.

    Not on systems without ``/proc`` (the check could not see anything there).
    """
    if not (PROC / "self" / "environ").exists():
        yield
        return
    value = f"{os.getpid()}-{uuid.uuid4().hex}"
    previous = os.environ.get(MARKER)
    os.environ[MARKER] = value
    try:
        yield
    finally:
        if previous is None:
            del os.environ[MARKER]
        else:
            os.environ[MARKER] = previous
    left = leftovers(value)
    if left:
        lines = "\n".join(f"  pid {pid}: {command}" for pid, command in sorted(left.items()))
        pytest.fail(f"{len(left)} process(es) started by the tests outlived them:\n{lines}")


@pytest.fixture(scope="session")
def ray_pool() -> Iterator[Pool]:
    """One local Ray cluster of 2 CPUs for every test that asks for it (starting one takes
    seconds), started and shut down by the ray backend itself; the runs inside the tests use
    it (a Ray connection the process already has is used as it is). Ray comes with the dev
    extra, so a missing ray fails these tests rather than skipping them.

    While it starts, ``RAY_ADDRESS`` names an address nothing answers at: a local cluster is
    started all the same, never joined (Ray's own default is to join the one named there or
    the last one ``ray start`` started on this machine)."""
    with contextlib.ExitStack() as stack:
        with pytest.MonkeyPatch.context() as env:
            env.setenv("RAY_ADDRESS", "127.0.0.1:1")
            pool = stack.enter_context(Backend("ray", 2).open())
        yield pool
