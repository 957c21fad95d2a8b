"""The two builds: plain Python, and the engine's core compiled by mypyc from the same sources.

The whole suite runs on both (``make test``, ``make test-compiled``); these tests hold that the build the
suite runs on is whole and current, so that it tests the code in the tree, not an old compilation of it.
"""

from __future__ import annotations

import importlib
import runpy
from pathlib import Path

import pytest

import referee.build as builds
from referee.build import CORE, StaleBuildWarning, build, compiled_modules, relative_source, stale

ROOT = Path(__file__).resolve().parent.parent


def test_the_build_is_whole_and_current():
    assert build() in ("python", "compiled"), f"a mixed build: only {compiled_modules()} compiled"
    assert stale() == (), f"compiled from another text than the source: {stale()}"


def test_each_core_module_runs_as_the_build_says():
    compiled = build() == "compiled"
    for module in CORE:
        origin = importlib.import_module(f"referee.{module}").__file__
        assert origin.endswith(".py") is not compiled, (module, origin)


def test_setup_compiles_exactly_the_core(monkeypatch):
    import setuptools

    monkeypatch.setattr(setuptools, "setup", lambda **kwargs: None)  # read setup.py's list, build nothing
    monkeypatch.chdir(ROOT)
    monkeypatch.delenv("REFEREE_COMPILE", raising=False)
    listed = runpy.run_path("setup.py")["COMPILED"]
    assert listed == [relative_source(module) for module in CORE]
    assert all((ROOT / path).exists() for path in listed)


def test_an_edited_source_is_noticed(tmp_path, monkeypatch):
    """A compiled module whose source changed since the build is stale, and importing warns of it."""
    package = tmp_path / "referee"
    package.mkdir()
    (package / "cards.py").write_text("# the source as built\n")
    suffix = builds.EXTENSION_SUFFIXES[0]
    (package / f"cards{suffix}").write_bytes(b"")
    monkeypatch.setattr(builds, "_PACKAGE", package)
    monkeypatch.setattr(builds, "SOURCES", package / "_compiled_sources.json")
    monkeypatch.setattr(builds, "CORE", ("cards",))
    builds.record_sources()
    assert builds.stale() == () and builds.build() == "compiled"
    (package / "cards.py").write_text("# the source edited after the build\n")
    assert builds.stale() == ("cards",)
    with pytest.warns(StaleBuildWarning, match="make compiled"):
        builds.warn_if_stale()
