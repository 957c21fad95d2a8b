"""The cyclic garbage collector, paused where the engine makes no cycles.

A parsed log is thousands of dicts and lists in a tree, and judging or playing a game makes no cyclic
garbage (``gc.collect()`` finds nothing unreachable after either): refcounting frees it all. Left running,
the collector's young generation fills several times a game and each pass walks the live log and the
engine's objects for nothing (about 7 % of judging from text, measured: docs/performance.md).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """Pause the collector for the block if it runs, and resume it after (only then).

    The collector is process-wide: a block entered while another thread has it paused leaves it be, and
    whichever block resumes it first does; garbage made meanwhile is collected at the next pass."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
