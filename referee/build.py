"""Which build of the engine runs: plain Python, or its core compiled by mypyc (``make compiled``).

The compiled build is made from the same ``.py`` files (setup.py reads :data:`CORE` from here), so the rules
stay written once; its C extensions sit beside the sources and Python imports them first. An extension
built from another text than the source beside it would run yesterday's rules, so the build records a
digest of each source it compiled (:data:`SOURCES`), importing :mod:`referee` warns of any that changed
since (:func:`stale`), and the test suite fails on one.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

#: The engine's core, compiled in the compiled build: what a replay and a self-played move run through, the
#: designer's report's observer, told of every move, and the search player (its knowledge, sampler and
#: playouts: a report with ``expert`` seated spends nearly all its time there) (modules of the package, dotted).
CORE = ("engine.chance", "engine.quoting", "engine.cards", "engine.records", "engine.position", "engine.moment",
        "engine.actions", "engine.deck", "engine.violation", "engine.piles", "engine.handlers", "engine.round_state",
        "engine.draft", "engine.match", "engine.steps", "engine.game", "engine.loop", "log.verdict", "log.document",
        "log.replay", "engine.legal", "play.view", "play.players", "play.writer", "play.selfplay", "play.statistics",
        "report.metrics", "play.knowledge", "play.expert")

_PACKAGE = Path(__file__).resolve().parent
#: Where the compiled build records the digest of each source it compiled (beside the extensions).
SOURCES = _PACKAGE / "_compiled_sources.json"


class StaleBuildWarning(RuntimeWarning):
    """A compiled module was built from another text than its source: the engine running is not the code
    beside it."""


def relative_source(module: str) -> str:
    """The ``.py`` file of a module of :data:`CORE`, from the project's root (``referee/report/metrics.py``):
    what ``setup.py`` hands to mypyc."""
    return f"referee/{module.replace('.', '/')}.py"


def source(module: str) -> Path:
    """The ``.py`` file of a module of :data:`CORE`."""
    return _PACKAGE.parent / relative_source(module)


def _extension(module: str) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        path = source(module).with_suffix(suffix)
        if path.exists():
            return path
    return None


def compiled_modules() -> tuple[str, ...]:
    """The modules of :data:`CORE` that are compiled extensions here."""
    return tuple(module for module in CORE if _extension(module) is not None)


def build() -> str:
    """``"compiled"`` when every module of :data:`CORE` is compiled, ``"python"`` when none is, and
    ``"mixed"`` otherwise (a broken build: ``make compiled`` or ``make clean-compiled`` mends it)."""
    found = len(compiled_modules())
    return "python" if found == 0 else "compiled" if found == len(CORE) else "mixed"


def digest(source: Path) -> str:
    """The SHA-256 of a source file's bytes."""
    return hashlib.sha256(source.read_bytes()).hexdigest()


def record_sources() -> None:
    """Write :data:`SOURCES` for the modules of :data:`CORE` as they are now (the build calls this)."""
    SOURCES.write_text(json.dumps({module: digest(source(module)) for module in CORE}, indent=1) + "\n")


def stale() -> tuple[str, ...]:
    """The compiled modules whose ``.py`` source beside them is not the text they were compiled from."""
    compiled = compiled_modules()
    if not compiled:
        return ()
    try:
        recorded = json.loads(SOURCES.read_text())
    except (OSError, ValueError):
        recorded = {}
    return tuple(module for module in compiled
                 if source(module).exists() and recorded.get(module) != digest(source(module)))


def warn_if_stale() -> None:
    """Warn (:class:`StaleBuildWarning`) if a compiled module was built from another text than its source."""
    old = stale()
    if old:
        import warnings

        warnings.warn(f"referee: compiled {', '.join(old)} {'was' if len(old) == 1 else 'were'} built from another "
                      "text than the source; run `make compiled` to rebuild or `make clean-compiled` for plain Python",
                      StaleBuildWarning, stacklevel=3)
