"""Where many independent pieces of work run: in this process, in a pool of worker processes
on this machine, or on a Ray cluster (a local one started for the run, or one joined with an
address).

``getaway simulate`` and ``getaway tournament`` cut their games into chunks and hand them to a
:class:`Backend`; each chunk's result is a pure function of its arguments, and
:meth:`Pool.map` returns the results in chunk order whatever order they finished in, so a run
gives the same results on every backend and with any number of workers.

Ray is imported only when the ``ray`` backend runs: it is an optional dependency (the
``cluster`` extra), and importing it costs half a second. The command line imports this
module to build its options, so the process pool's modules are imported only when one is
opened too.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from getaway.core import GetawayError

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

#: The backends by name; ``process`` is the default.
BACKENDS = ("process", "ray")
#: The Ray release this project is tested with (the ``cluster`` extra pins it).
RAY_REQUIREMENT = "ray==2.60.0"
#: Seconds to wait for a Ray cluster's address to answer before giving up: Ray itself keeps
#: retrying for minutes when nothing listens there.
CONNECT_TIMEOUT = 5.0

R = TypeVar("R")


class BackendError(GetawayError):
    """A backend cannot run: the message says what is wrong and what to do about it."""


@dataclass(frozen=True)
class Backend:
    """How to run the chunks of a run.

    ``process``: ``workers`` processes on this machine (1 plays in this process).
    ``ray``: a local Ray cluster of ``workers`` CPUs started for the run, or, with
    ``address``, the Ray cluster there (its own CPUs; ``workers`` is then not used).
    """

    kind: str = "process"
    workers: int = 1
    address: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in BACKENDS:
            raise BackendError(
                f"unknown backend {self.kind!r}: the backends are {', '.join(BACKENDS)}"
            )
        if self.workers < 1:
            raise BackendError(f"workers must be at least 1, got {self.workers}")
        if self.address is not None and self.kind != "ray":
            raise BackendError(f"an address ({self.address!r}) is only for the ray backend")

    @property
    def inline(self) -> bool:
        """Whether the work runs in this process, one chunk after another."""
        return self.kind == "process" and self.workers <= 1

    def fitted(self, chunks: int) -> Backend:
        """This backend, or playing in this process where a pool of local processes would
        gain nothing (a single chunk). A Ray backend stays: running on the cluster is what
        was asked for."""
        if self.kind == "process" and chunks <= 1:
            return Backend("process", 1)
        return self

    @contextmanager
    def open(self) -> Iterator[Pool]:
        """The pool that runs chunks on this backend, for the duration of the block (a local
        Ray cluster is started and shut down, a process pool started and joined)."""
        if self.kind == "ray":
            with _ray_pool(self) as pool:
                yield pool
        elif self.inline:
            yield InlinePool()
        else:
            from concurrent.futures import ProcessPoolExecutor

            with ProcessPoolExecutor(max_workers=self.workers) as executor:
                yield ProcessPool(executor, self.workers)


def as_backend(workers: int | Backend) -> Backend:
    """The backend given, or a number of processes on this machine (1 or fewer: this
    process)."""
    return workers if isinstance(workers, Backend) else Backend("process", max(workers, 1))


class Pool(Protocol):
    """Runs ``task(*chunk)`` for each chunk; ``workers`` is how many run at once."""

    workers: int

    def map(
        self,
        task: Callable[..., R],
        chunks: Sequence[tuple[Any, ...]],
        on_result: Callable[[R], None] | None = None,
    ) -> list[R]:
        """The results in chunk order; ``on_result`` gets each as it finishes (in the order
        they finish: for progress bars)."""
        ...


class InlinePool:
    workers = 1

    def map(
        self,
        task: Callable[..., R],
        chunks: Sequence[tuple[Any, ...]],
        on_result: Callable[[R], None] | None = None,
    ) -> list[R]:
        results = []
        for chunk in chunks:
            result = task(*chunk)
            if on_result is not None:
                on_result(result)
            results.append(result)
        return results


class ProcessPool:
    def __init__(self, executor: ProcessPoolExecutor, workers: int) -> None:
        self.executor = executor
        self.workers = workers

    def map(
        self,
        task: Callable[..., R],
        chunks: Sequence[tuple[Any, ...]],
        on_result: Callable[[R], None] | None = None,
    ) -> list[R]:
        from concurrent.futures import as_completed

        futures = [self.executor.submit(task, *chunk) for chunk in chunks]
        for future in as_completed(futures):
            result = future.result()
            if on_result is not None:
                on_result(result)
        return [future.result() for future in futures]


class RayPool:
    def __init__(self, ray: Any, workers: int) -> None:
        self.ray = ray
        self.workers = workers

    def map(
        self,
        task: Callable[..., R],
        chunks: Sequence[tuple[Any, ...]],
        on_result: Callable[[R], None] | None = None,
    ) -> list[R]:
        ray = self.ray
        # One CPU per chunk, so the cluster runs as many at once as it has CPUs. Retries on a
        # lost worker are safe: a chunk's result depends on its arguments only.
        remote = ray.remote(num_cpus=1)(task)
        refs = [remote.remote(*chunk) for chunk in chunks]
        position = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(refs)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                result = ray.get(ref)
                results[position[ref]] = result
                if on_result is not None:
                    on_result(result)
        return results


def workers_phrase(run: Mapping[str, Any]) -> str:
    """How a results document's games ran, in words: ``2 worker(s)``, ``4 Ray worker(s)``."""
    kind = "Ray worker(s)" if run.get("backend") == "ray" else "worker(s)"
    return f"{run['workers']} {kind}"


def import_ray() -> Any:
    """The ray module, or a :class:`BackendError` saying how to install it."""
    try:
        import ray
    except ImportError as exc:
        raise BackendError(
            "--backend ray needs the ray package, which is not installed: "
            f"pip install 'getaway[cluster]' (or pip install '{RAY_REQUIREMENT}')"
        ) from exc
    return ray


def check_reachable(address: str, timeout: float = CONNECT_TIMEOUT) -> None:
    """Raise a :class:`BackendError` unless something accepts connections at ``address``
    (``host:port``, optionally ``ray://host:port``; ``auto``, Ray's "the cluster started on
    this machine", is left to Ray)."""
    if address == "auto":
        return
    bare = address.removeprefix("ray://")
    host, _, port = bare.rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(
            f"the Ray address {address!r} is not HOST:PORT (e.g. 10.0.0.5:6379, "
            "ray://10.0.0.5:10001) or 'auto'"
        )
    try:
        with socket.create_connection((host, int(port)), timeout=timeout):
            pass
    except OSError as exc:
        raise BackendError(
            f"cannot reach the Ray cluster at {address}: {exc} (is its head node started, "
            "e.g. with 'ray start --head', and is the port open from here?)"
        ) from exc


def _failed_to_start(backend: Backend, exc: Exception) -> str:
    if backend.address is None:
        return f"cannot start a local Ray cluster: {exc}"
    message = f"cannot join the Ray cluster at {backend.address}: {exc}"
    if backend.address != "auto" and "RAY_AUTH_MODE" not in os.environ:
        # Ray clusters check a token by default, and Ray sends one to an address given
        # explicitly only when told to.
        message += (
            "; if the cluster checks a token (Ray's default), set RAY_AUTH_MODE=token and "
            "give its token (RAY_AUTH_TOKEN, or the file ~/.ray/auth_token)"
        )
    return message


@contextmanager
def _ray_pool(backend: Backend) -> Iterator[RayPool]:
    import logging

    ray = import_ray()
    if backend.address is not None:
        check_reachable(backend.address)
    # A connection this process already has (a notebook's, the tests' shared local cluster)
    # is used as it is and left open.
    started = not ray.is_initialized()
    if started:
        try:
            if backend.address is not None:
                ray.init(address=backend.address, logging_level=logging.WARNING)
            else:
                # "local": a new cluster even when one started by ``ray start`` runs here
                # (joining it is what --address auto is for).
                ray.init(
                    address="local",
                    num_cpus=backend.workers,
                    include_dashboard=False,
                    logging_level=logging.WARNING,
                )
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise BackendError(_failed_to_start(backend, exc)) from exc
    try:
        cpus = int(ray.cluster_resources().get("CPU", 0))
        yield RayPool(ray, max(cpus, 1))
    finally:
        if started:
            ray.shutdown()
