"""Records each rulebook scenario's outcome for the living rulebook (``reports/rulebook-outcomes.json``).

Built on public hooks only: ``pytest_bdd_before_scenario`` says which scenario (file, line, outline row) a
test is, pytest's own report says how it went. The file's shape is documented in
:mod:`referee.rulebook.results`. A run updates the scenarios it ran and keeps the others, so ``pytest -m
REV-2`` does not blank the rest of the book; entries of feature files that are gone are dropped. A run
under ``--variant`` records nothing here: its outcomes are not the rulebook's (the variant report has its
own file). ``--rulebook-outcomes PATH`` writes elsewhere; ``--rulebook-outcomes ''`` writes nothing.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from referee.rulebook.results import OUTCOMES_FORMAT

_PLACE = pytest.StashKey[dict]()
_RECORDS = pytest.StashKey[dict]()
DEFAULT = "reports/rulebook-outcomes.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--rulebook-outcomes", default=DEFAULT, metavar="PATH",
                     help=f"where to record each rulebook scenario's outcome (default {DEFAULT}; '' for nowhere)")


def pytest_configure(config: pytest.Config) -> None:
    config.stash[_RECORDS] = {}


def _features_dir(config: pytest.Config) -> Path:
    return (config.rootpath / (config.getini("bdd_features_base_dir") or "features")).resolve()


def pytest_bdd_before_scenario(request, feature, scenario) -> None:
    try:
        file = Path(feature.filename).resolve().relative_to(_features_dir(request.config)).as_posix()
    except ValueError:
        return  # a feature file outside the rulebook (a test's own, say)
    callspec = getattr(request.node, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec is not None else None
    request.node.stash[_PLACE] = {"feature": file, "line": scenario.line_number, "name": scenario.name,
                                  "example": dict(example) if example else None}


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    report = yield
    place = item.stash.get(_PLACE, None)
    if place is not None and report.when == "call":
        outcome = "passed" if report.passed else "skipped" if report.skipped else "failed"
        item.config.stash[_RECORDS][item.nodeid] = {**place, "outcome": outcome}
    return report


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    records = config.stash.get(_RECORDS, {})
    target = config.getoption("--rulebook-outcomes")
    if not records or not target or config.getoption("--variant", None) \
            or hasattr(config, "workerinput"):
        return
    path = Path(target) if os.path.isabs(target) else config.rootpath / target
    kept = {}
    if path.is_file():
        try:
            kept = {_key(e): e for e in json.loads(path.read_text(encoding="utf-8")).get("scenarios", [])}
        except (ValueError, AttributeError):
            kept = {}  # an unreadable file is replaced
    kept.update({_key(e): e for e in records.values()})
    features = _features_dir(config)  # scenarios of files no longer in the book are dropped
    kept = {k: e for k, e in kept.items() if (features / str(e.get("feature", ""))).is_file()}
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": OUTCOMES_FORMAT, "updated": datetime.now(UTC).isoformat(timespec="seconds"),
            "scenarios": sorted(kept.values(), key=lambda e: (e["feature"], e["line"], str(e["example"])))}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _key(entry: dict) -> str:
    return json.dumps([entry.get("feature"), entry.get("line"), entry.get("example")], sort_keys=True)
