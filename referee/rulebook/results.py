"""What the last test run said of each scenario, and what a run under a variant said: read from JSON.

**Outcomes** (``reports/rulebook-outcomes.json``, written by the test suite's plugin
``tests/rulebook_outcomes.py`` from pytest's hooks)::

    {"format": "rulebook-outcomes/1", "updated": "2026-12-01T20:00:00+00:00",
     "scenarios": [{"feature": "08_reverse.feature", "line": 52, "name": "...",
                    "example": null, "outcome": "passed"}, ...]}

``feature`` is the file's path under ``features/``, ``line`` the scenario's line, ``example`` the row of an
outline (``{column: value}``) or null; ``outcome`` is ``passed``, ``failed`` or ``skipped``.

**A variant run** (``--variant-report FILE``): the JSON report of ``pytest tests/test_features.py
--variant NAME --variant-report FILE.json`` (``tests/variant_run.py``, ``format: uno-duo-variant-run/1``),
of which this reads::

    {"variant": {"name": "no-volley", "changes": {...}, ...},      (or just the name)
     "rules": [{"rule": "D2-1", "status": "changed", "held": 3, "changed": 5, ...}, ...],
     "scenarios": [{"feature": "07_draw_2_volley.feature", "line": 32, "example": null,
                    "status": "changed", "base": "legal",
                    "variant": "illegal D2-1 at /rounds/0/events/1: ...",
                    "step": {"line": 32, "text": "Then Ana must draw 4 cards or answer with a draw 2"}}, ...]}

``status`` is ``held`` (the same outcome under the base rules and the variant), ``changed`` (a different
one, on a rule the variant's parameters say they change), ``unexpected`` (a different one on a rule they
do not name) or ``error``; ``base`` and ``variant`` describe each outcome in words, ``step`` is where the
two runs part. A scenario is found by ``feature`` and ``line`` (and ``example`` for an outline's row).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.rulebook.book import Scenario

OUTCOMES_FORMAT = "rulebook-outcomes/1"
STATUSES = ("held", "changed", "unexpected", "error")


class ResultsError(ValueError):
    """A results file that cannot be read: not JSON, or not the shape documented above."""


@dataclass(frozen=True, slots=True)
class Result:
    """What one run said of one scenario (or one row of an outline)."""

    outcome: str                  # passed / failed / skipped, or held / changed / unexpected / error
    base: str | None = None       # a variant run: the outcome under the base rules, in words
    variant: str | None = None    # ... and under the variant
    step: str | None = None       # ... and the step where the two runs part


#: Worst first: an outline shows the worst of its rows.
_ORDER = ("failed", "error", "unexpected", "changed", "skipped", "passed", "held")


class Results:
    """Results by scenario: ``for_scenario(s)`` and ``for_row(s, header, row)`` find them."""

    def __init__(self, entries: list[dict[str, Any]], key: str, title: str | None = None,
                 updated: str | None = None, rules: list[dict[str, Any]] | None = None):
        self.title = title
        self.updated = updated
        self.rules = rules or []  # a variant run's table per rule, as the report has it
        self._by_place: dict[tuple[str, int], list[tuple[dict | None, Result]]] = {}
        for entry in entries:
            if "feature" not in entry or "line" not in entry:
                continue
            step = entry.get("step")
            result = Result(str(entry.get(key)), entry.get("base"), entry.get("variant"),
                            step.get("text") if isinstance(step, dict) else None)
            place = (str(entry["feature"]), int(entry["line"]))
            self._by_place.setdefault(place, []).append((entry.get("example"), result))

    def for_scenario(self, scenario: Scenario) -> Result | None:
        """The scenario's result; for an outline, the worst of its rows'."""
        found = [r for _, r in self._by_place.get((scenario.file, scenario.line), [])]
        if not found:
            return None
        return min(found, key=lambda r: _ORDER.index(r.outcome) if r.outcome in _ORDER else 0)

    def for_row(self, scenario: Scenario, header: tuple[str, ...], row: tuple[str, ...]) -> Result | None:
        """The result of one row of an outline's examples."""
        values = dict(zip(header, row, strict=False))
        for example, result in self._by_place.get((scenario.file, scenario.line), []):
            if example == values:
                return result
        return None


def _load(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise ResultsError(f"{path}: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("scenarios"), list) \
            or not all(isinstance(e, dict) for e in data["scenarios"]):
        raise ResultsError(f"{path}: expected an object with a list of scenarios")
    return data


def load_outcomes(path: Path) -> Results:
    """The last test run's outcomes (the file the suite writes)."""
    data = _load(path)
    return Results(data["scenarios"], "outcome", updated=data.get("updated"))


def load_variant_report(path: Path) -> Results:
    """A run under a variant: held / changed / unexpected per scenario."""
    data = _load(path)
    for entry in data["scenarios"]:
        if entry.get("status") not in STATUSES:
            raise ResultsError(f"{path}: a scenario's status must be one of {', '.join(STATUSES)}, "
                               f"not {entry.get('status')!r}")
    variant = data.get("variant")
    title = variant.get("name") if isinstance(variant, dict) else variant if isinstance(variant, str) else None
    rules = data.get("rules") if isinstance(data.get("rules"), list) else []
    return Results(data["scenarios"], "status", title=str(title or "a variant"), updated=data.get("updated"),
                   rules=[r for r in rules if isinstance(r, dict)])
