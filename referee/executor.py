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
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


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

    def map(self, fn: Callable[[T], R], items: Sequence[T], description: str = "working",
            weight: Callable[[T], int] | None = None) -> list[R]:
        """``[fn(item) for item in items]``, spread as configured; the order is the items'.

        The progress bar counts items, or ``weight(item)`` for each (games in a block, say)."""
        items = list(items)
        batches = [items[i:i + self.batch] for i in range(0, len(items), self.batch)]
        sizes = [sum(weight(item) for item in b) if weight else len(b) for b in batches]
        with _bar(self.progress, description, sum(sizes)) as advance:
            if self.dask:
                done = self._on_dask(fn, batches, sizes, advance)
            elif self.jobs == 1 or len(batches) <= 1:
                done = self._here(fn, batches, sizes, advance)
            else:
                done = self._on_cores(fn, batches, sizes, advance)
            return [result for batch in done for result in batch]

    def _here(self, fn: Callable[[T], R], batches: list[list[T]], sizes: list[int],
              advance: Callable[[int], None]) -> list[list[R]]:
        out = []
        for batch, size in zip(batches, sizes, strict=True):
            out.append(_run_batch(fn, batch))
            advance(size)
        return out

    def _on_cores(self, fn: Callable[[T], R], batches: list[list[T]], sizes: list[int],
                  advance: Callable[[int], None]) -> list[list[R]]:
        # forkserver: workers start from a clean server process, not from a copy of this one with its
        # threads (the progress bar's among them).
        context = multiprocessing.get_context("forkserver")
        module = getattr(fn, "__module__", None) or getattr(getattr(fn, "func", None), "__module__", None)
        if module and module != "__main__":
            context.set_forkserver_preload([module])
        workers = min(self.jobs, len(batches))
        out = []
        with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
            for size, result in zip(sizes, pool.map(_run_batch, [fn] * len(batches), batches), strict=True):
                out.append(result)
                advance(size)
        return out

    def _on_dask(self, fn: Callable[[T], R], batches: list[list[T]], sizes: list[int],
                 advance: Callable[[int], None]) -> list[list[R]]:
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise ExecutorError("--dask needs Dask: pip install 'uno-duo-referee[dask]'") from None
        try:
            client = Client(self.dask, timeout="10s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ExecutorError(f"no Dask scheduler answers at {self.dask}: {exc}") from None
        try:
            futures = client.map(_run_batch, [fn] * len(batches), batches, pure=False)
            size_of = {future.key: size for future, size in zip(futures, sizes, strict=True)}
            for future in as_completed(futures, loop=client.loop):
                advance(size_of[future.key])
            return client.gather(futures)
        finally:
            client.close()


@contextmanager
def _bar(show: bool, description: str, total: int) -> Iterator[Callable[[int], None]]:
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


def ordered_map(fn: Callable[[T], R], items: Sequence[T], jobs: int | None = None, dask: str | None = None,
                progress: bool | None = None, description: str = "working", batch: int = 16) -> list[R]:
    """:meth:`Executor.map` in one call."""
    return Executor(jobs, dask, progress, batch).map(fn, items, description)


def with_batch(executor: Executor, batch: int) -> Executor:
    """The same executor handing ``batch`` items to each task."""
    return Executor(executor.jobs, executor.dask, executor.progress, batch)


__all__ = ["Executor", "ExecutorError", "available_cores", "ordered_map", "with_batch"]
