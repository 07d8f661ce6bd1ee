"""Checks for the whole test run: nothing a test started may outlive it (see
:mod:`tests.processes`); the local Ray cluster the tests of the ray backend share; and how
xdist hands the tests to its workers (modules that make something costly once, together)."""

from __future__ import annotations

import contextlib
import os
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling

from getaway.parallel import Backend, Pool
from tests.processes import MARKER, PROC, leftovers

#: Modules whose tests share something costly that each xdist worker would make for itself:
#: the matches every audit visits, the matches several page tests share (made once per
#: server), Scotland Yard's and Cash 'n Guns' heuristic games (module fixtures), the local Ray
#: cluster (``ray_pool``, which only test_parallel asks for). Each goes whole to one worker.
TOGETHER = (
    "tests/web/test_accessibility.py",
    "tests/web/test_escape_plan_page.py",
    "tests/web/test_escape_from_new_york_page.py",
    "tests/scotland_yard/test_bots.py",
    "tests/cash_n_guns/test_bots.py",
    "tests/test_parallel.py",
)


class TogetherScheduling(LoadScopeScheduling):  # type: ignore[misc]  # xdist is untyped
    """xdist's ``load`` distribution (any free worker takes the next test), except that each
    module of :data:`TOGETHER` is one unit of work. Units are handed out largest first
    (xdist's ``loadscope`` order), so those modules start early and the single tests fill
    the end. (xdist's own ``--dist loadgroup`` marks tests by rewriting their node ids, which
    pytest 9 no longer reads: it grouped nothing.)"""

    def _split_scope(self, nodeid: str) -> str:
        module = nodeid.split("::", 1)[0]
        return module if module in TOGETHER else nodeid


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getoption("dist") != "load":
        return None  # another distribution asked for by name: xdist's own
    missing = [name for name in TOGETHER if not (config.rootpath / name).is_file()]
    assert not missing, f"tests/conftest.py TOGETHER names modules that are gone: {missing}"
    return TogetherScheduling(config, log)


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
