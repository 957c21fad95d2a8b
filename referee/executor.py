"""One way to run the same function over many items: in this process, on every core, or on a Dask cluster.

:class:`Executor` ``.map(fn, items)`` returns ``fn(item)`` for every item **in the items' order**, however
the work was spread, so that a result never depends on the number of workers. Items travel in batches
(``batch`` items a task) to keep the cost of each hand-over small against the work. ``fn`` and the items
must pickle (a module-level function, plain values); a :func:`functools.partial` of one does.

- ``jobs=1`` (or a batch or less of work): a plain loop in this process.
- ``jobs=N``: a pool of N worker processes (default: every core this process may use).
- ``dask="ADDRESS"``: the tasks go to the Dask scheduler at ``ADDRESS`` (``tcp://host:8786``), whose
  workers must have this package installed (``pip install 'uno-duo-referee[dask]'``).

A progress bar goes to standard error when it is a terminal (``progress=None``), or when asked for.
``referee report``, ``referee simulate`` and batch ``referee judge`` all run on it.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from itertools import islice
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: Batches handed out per worker at a time (enough to keep every worker busy, few enough to bound memory).
WINDOW = 64


class ExecutorError(RuntimeError):
    """The work could not be run as asked (no such Dask scheduler, Dask not installed, a bad job count)."""


def available_cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


def _run_batch(fn: Callable[[T], R], batch: list[T]) -> list[R]:
    """One task: ``fn`` over a batch of items, in order."""
    return [fn(item) for item in batch]


class Executor:
    """Runs ``fn`` over many items and gives the results back in order (see the module's description)."""

    def __init__(self, jobs: int | None = None, dask: str | None = None, progress: bool | None = None,
                 batch: int = 16):
        if jobs is not None and jobs < 1:
            raise ExecutorError(f"--jobs must be 1 or more, not {jobs}")
        if batch < 1:
            raise ExecutorError(f"a batch holds 1 item or more, not {batch}")
        self.jobs = jobs or available_cores()
        self.dask = dask
        self.progress = sys.stderr.isatty() if progress is None else progress
        self.batch = batch

    def describe(self) -> str:
        """Where the work runs, in words (for a report's method)."""
        if self.dask:
            return f"the Dask cluster at {self.dask}"
        return "this process" if self.jobs == 1 else f"{self.jobs} local processes"

    def map(self, fn: Callable[[T], R], items: Iterable[T], description: str = "working",
            weight: Callable[[T], int] | None = None) -> list[R]:
        """``[fn(item) for item in items]``, spread as configured; the order is the items'.

        The progress bar counts items, or ``weight(item)`` for each (games in a block, say)."""
        return list(self.imap(fn, items, description, weight))

    def imap(self, fn: Callable[[T], R], items: Iterable[T], description: str = "working",
             weight: Callable[[T], int] | None = None, total: int | None = None) -> Iterator[R]:
        """The results of :meth:`map` one by one, in order, as they are ready.

        ``items`` are read a window at a time (:data:`WINDOW` batches per worker), so that a long stream
        — an archive of logs, a million games — is never all in memory. ``total`` (the sum of the
        weights) sizes the progress bar; without it a sized ``items`` gives it, else the bar only counts."""
        if total is None and isinstance(items, Sized):
            total = sum(weight(item) for item in items) if weight else len(items)  # type: ignore[arg-type]
        workers = 1 if self.dask is None and self.jobs == 1 else self.jobs
        window = self.batch * WINDOW * max(workers, 1)
        stream = iter(items)
        with _bar(self.progress, description, total) as advance:
            pool = client = None
            try:
                while True:
                    chunk = list(islice(stream, window))
                    if not chunk:
                        return
                    batches = [chunk[i:i + self.batch] for i in range(0, len(chunk), self.batch)]
                    sizes = [sum(weight(item) for item in b) if weight else len(b) for b in batches]
                    if self.dask:
                        client = client or self._client()
                        done = _on_dask(client, fn, batches)
                    elif self.jobs == 1 or (pool is None and len(batches) <= 1):
                        done = (_run_batch(fn, batch) for batch in batches)
                    else:
                        pool = pool or self._pool()
                        done = pool.map(_run_batch, [fn] * len(batches), batches)
                    for size, results in zip(sizes, done, strict=True):
                        yield from results
                        advance(size)
            finally:
                if client is not None:
                    client.close()

    def _pool(self) -> ProcessPoolExecutor:
        return _pool(self.jobs)

    def _client(self) -> Any:
        """A client of the Dask scheduler at :attr:`dask`."""
        try:
            from distributed import Client
        except ImportError:
            raise ExecutorError("--dask needs Dask: pip install 'uno-duo-referee[dask]'") from None
        try:
            return Client(self.dask, timeout="10s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ExecutorError(f"no Dask scheduler answers at {self.dask}: {exc}") from None


def _on_dask(client: Any, fn: Callable[[T], R], batches: list[list[T]]) -> Iterator[list[R]]:
    """The batches' results from the Dask cluster, in order (each released once read)."""
    futures = client.map(_run_batch, [fn] * len(batches), batches, pure=False)
    for future in futures:
        yield future.result()
        future.release()


_POOLS: dict[int, ProcessPoolExecutor] = {}


def _pool(jobs: int) -> ProcessPoolExecutor:
    """The process's pool of ``jobs`` workers, started on first use and kept for later maps (its workers
    have imported what the tasks need; the pool is shut down when the interpreter exits)."""
    pool = _POOLS.get(jobs)
    if pool is None or getattr(pool, "_broken", False):
        # forkserver: workers start from a clean server process, not from a copy of this one with its
        # threads (the progress bar's, a Dask client's).
        pool = _POOLS[jobs] = ProcessPoolExecutor(max_workers=jobs,
                                                  mp_context=multiprocessing.get_context("forkserver"))
    return pool


@contextmanager
def _bar(show: bool, description: str, total: int | None) -> Iterator[Callable[[int], None]]:
    """A rich progress bar on standard error (or nothing), and the function that advances it."""
    if not show:
        yield lambda _count: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=Console(stderr=True), transient=False) as progress:
        task = progress.add_task(description, total=total)
        yield lambda count: progress.advance(task, count)


def ordered_map(fn: Callable[[T], R], items: Iterable[T], jobs: int | None = None, dask: str | None = None,
                progress: bool | None = None, description: str = "working", batch: int = 16) -> list[R]:
    """:meth:`Executor.map` in one call."""
    return Executor(jobs, dask, progress, batch).map(fn, items, description)


def with_batch(executor: Executor, batch: int) -> Executor:
    """The same executor handing ``batch`` items to each task."""
    return Executor(executor.jobs, executor.dask, executor.progress, batch)


__all__ = ["Executor", "ExecutorError", "available_cores", "ordered_map", "with_batch"]
