"""Records each rulebook scenario's outcome for the living rulebook (``reports/rulebook-outcomes.json``).

Built on public hooks only: ``pytest_bdd_before_scenario`` says which scenario (file, line, outline row) a
test is, pytest's own report says how it went. The file's shape is documented in
:mod:`referee.rulebook.results`. A run updates the scenarios it ran and keeps the others, so ``pytest -m
REV-2`` does not blank the rest of the book; entries of feature files that are gone are dropped. A run
under ``--variant`` records nothing here: its outcomes are not the rulebook's (the variant report has its
own file). ``--rulebook-outcomes PATH`` writes elsewhere; ``--rulebook-outcomes ''`` writes nothing.

Under pytest-xdist (``make test``) the scenarios run in worker processes: each worker puts the scenario's
place on the test's report (``report.rulebook_scenario``, which xdist carries to the controller with the
report), and only the controller -- the one process that sees every worker's reports -- writes the file,
once, at the end. Run without xdist, the one process is both.
"""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from referee.rulebook.results import OUTCOMES_FORMAT

_PLACE = pytest.StashKey[dict]()
DEFAULT = "reports/rulebook-outcomes.json"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--rulebook-outcomes", default=DEFAULT, metavar="PATH",
                     help=f"where to record each rulebook scenario's outcome (default {DEFAULT}; '' for nowhere)")


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Recorder(config), "rulebook-outcomes-recorder")


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
        report.rulebook_scenario = {**place, "outcome": outcome}  # JSON: xdist carries it to the controller
    return report


class Recorder:
    """Collects the scenarios' outcomes from the reports of one session and writes the file at its end.

    Registered per session (``pytest_runtest_logreport`` is given no config): under xdist it runs in the
    controller, which receives every worker's reports; without xdist, in the one process."""

    def __init__(self, config: pytest.Config):
        self.config = config
        self.records: dict[str, dict] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        entry = getattr(report, "rulebook_scenario", None)
        if entry is not None and report.when == "call":
            self.records[report.nodeid] = entry

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        config = self.config
        target = config.getoption("--rulebook-outcomes")
        if not self.records or not target or config.getoption("--variant", None) \
                or hasattr(config, "workerinput"):  # a worker: the controller writes
            return
        path = Path(target) if os.path.isabs(target) else config.rootpath / target
        write_outcomes(path, self.records.values(), _features_dir(config))


def write_outcomes(path: Path, records, features: Path) -> None:
    """Update ``path`` with ``records`` (keeping the scenarios this run did not run, dropping those of
    feature files no longer in ``features``)."""
    kept = {}
    if path.is_file():
        try:
            kept = {_key(e): e for e in json.loads(path.read_text(encoding="utf-8")).get("scenarios", [])}
        except (ValueError, AttributeError):
            kept = {}  # an unreadable file is replaced
    kept.update({_key(e): e for e in records})
    kept = {k: e for k, e in kept.items() if (features / str(e.get("feature", ""))).is_file()}
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": OUTCOMES_FORMAT, "updated": datetime.now(UTC).isoformat(timespec="seconds"),
            "scenarios": sorted(kept.values(), key=lambda e: (e["feature"], e["line"], str(e["example"])))}
    partial = path.with_name(path.name + ".partial")  # readers (the service) never see half a file
    partial.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    partial.replace(path)


def _key(entry: dict) -> str:
    return json.dumps([entry.get("feature"), entry.get("line"), entry.get("example")], sort_keys=True)
