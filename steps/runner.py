"""The rulebook's scenarios as data, and a runner that plays one through the steps without pytest.

pytest-bdd runs each scenario once, as a test. A variant run (tests/variant_run.py) plays every
scenario twice per variant (under UNO DUO and under the variant) and compares what the referee said:
for that it needs the scenarios as values and a way to run one with a given judge and variant. This
module reads ``features/`` with the Cucumber parser (gherkin-official, the parser pytest-bdd uses),
expands outlines row by row, and runs each step through the very definitions pytest-bdd runs
(:data:`steps.define.STEPS`), recording after each step the referee's verdict in one line and what a
``Then`` step read in it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from steps.define import matching
from steps.table import ScenarioError, Table

FEATURES = Path(__file__).resolve().parent.parent / "features"
_KINDS = {"Context": "given", "Action": "when", "Outcome": "then"}
_STEP_MODULES = ("steps.position", "steps.moves", "steps.rulings")


@dataclass(frozen=True, slots=True)
class Step:
    """One step as the scenario says it, outline values filled in; ``kind`` is given, when or then."""

    keyword: str
    kind: str
    text: str
    line: int
    datatable: tuple[tuple[str, ...], ...] | None = None
    docstring: str | None = None

    def __str__(self) -> str:
        return f"{self.keyword.strip()} {self.text}"


@dataclass(frozen=True, slots=True)
class Scenario:
    """One runnable scenario: a plain one, or one row of an outline's examples.

    ``feature`` is the file's path under ``features/``; ``rule`` the id of the ``Rule:`` it sits under;
    ``example`` the outline row's values (None for a plain scenario); ``tags`` every rule id it carries,
    its own, its Rule's, its Feature's and its examples'."""

    feature: str
    rule: str | None
    name: str
    line: int
    tags: frozenset[str]
    steps: tuple[Step, ...]
    example: tuple[tuple[str, str], ...] | None = None

    @property
    def id(self) -> str:
        """``feature::name``, and for an outline row ``feature::name[v1-v2-...]`` as pytest-bdd names it."""
        suffix = f"[{'-'.join(v for _, v in self.example)}]" if self.example else ""
        return f"{self.feature}::{self.name}{suffix}"


def _tags(node: dict) -> set[str]:
    return {tag["name"].lstrip("@") for tag in node.get("tags", [])}


def _rule_id(title: str) -> str:
    return title.split()[0] if title else ""


def _fill(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace(f"<{key}>", value)
    return text


def _steps(raw: list[dict], values: dict[str, str]) -> tuple[Step, ...]:
    found, kind = [], "given"
    for step in raw:
        kind = _KINDS.get(step["keywordType"], kind)
        table = None
        if "dataTable" in step:
            table = tuple(tuple(_fill(cell["value"], values) for cell in row["cells"])
                          for row in step["dataTable"]["rows"])
        doc = _fill(step["docString"]["content"], values) if "docString" in step else None
        found.append(Step(step["keyword"], kind, _fill(step["text"], values), step["location"]["line"],
                          table, doc))
    return tuple(found)


def parse_feature(path: Path, base: Path = FEATURES) -> list[Scenario]:
    """Every runnable scenario of one feature file, in file order."""
    document = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    feature = document.get("feature")
    if not feature:
        return []
    name = path.resolve().relative_to(base.resolve()).as_posix() if base else path.name
    backgrounds = [c["background"]["steps"] for c in feature["children"] if "background" in c]
    found = []

    def add(scenario: dict, rule: dict | None, rule_background: list[list[dict]]) -> None:
        tags = _tags(feature) | (_tags(rule) if rule else set()) | _tags(scenario)
        raw = [s for b in backgrounds + rule_background for s in b] + scenario["steps"]
        examples = scenario.get("examples") or []
        if not examples:
            found.append(Scenario(name, _rule_id(rule["name"]) if rule else None, scenario["name"],
                                  scenario["location"]["line"], frozenset(tags), _steps(raw, {})))
            return
        for block in examples:
            header = [c["value"] for c in block["tableHeader"]["cells"]]
            for row in block["tableBody"]:
                values = dict(zip(header, (c["value"] for c in row["cells"]), strict=True))
                found.append(Scenario(name, _rule_id(rule["name"]) if rule else None, scenario["name"],
                                      row["location"]["line"], frozenset(tags | _tags(block)),
                                      _steps(raw, values), tuple(values.items())))

    for child in feature["children"]:
        if "scenario" in child:
            add(child["scenario"], None, [])
        elif "rule" in child:
            rule = child["rule"]
            rule_background = [c["background"]["steps"] for c in rule["children"] if "background" in c]
            for grandchild in rule["children"]:
                if "scenario" in grandchild:
                    add(grandchild["scenario"], rule, rule_background)
    return found


def load(paths: Iterable[Path] | None = None, base: Path = FEATURES) -> list[Scenario]:
    """The scenarios of the given feature files (default: every chapter of the rulebook, not the
    variants' own features, which name their variant themselves)."""
    if paths is None:
        paths = sorted(p for p in base.glob("*.feature"))
    return [s for path in paths for s in parse_feature(Path(path), base)]


# ---- running a scenario ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class StepResult:
    """How far a step got: the verdict in one line after it (None if nothing was judged), what a
    ``Then`` step read, and why it failed (None when it held)."""

    step: Step
    verdict: str | None
    seen: str | None
    failure: str | None = None


@dataclass(frozen=True, slots=True)
class Run:
    """One run of one scenario: ``status`` is ``passed``, ``failed`` (a step did not hold: the referee
    ruled otherwise) or ``error`` (the scenario could not be played: an unknown step, a scenario that
    says too little, a crash). ``steps`` holds every step that ran, the last one the failing one."""

    status: str
    steps: tuple[StepResult, ...] = field(default_factory=tuple)

    @property
    def failed_step(self) -> StepResult | None:
        """The step that did not hold or broke, if any."""
        return self.steps[-1] if self.status != "passed" and self.steps else None

    def at(self, index: int) -> StepResult | None:
        """The result of the step at ``index`` (None if the run stopped before it)."""
        return self.steps[index] if index < len(self.steps) else None


def _definitions_loaded() -> None:
    for module in _STEP_MODULES:
        importlib.import_module(module)


def _fixtures(table: Table, step: Step) -> dict[str, Any]:
    fixtures: dict[str, Any] = {"table": table}
    if step.datatable is not None:
        fixtures["datatable"] = [list(row) for row in step.datatable]
    if step.docstring is not None:
        fixtures["docstring"] = step.docstring
    return fixtures


def _verdict_line(table: Table) -> str | None:
    try:
        return table.summary()
    except Exception:  # a log the table cannot write yet (a Background still setting the table)
        return None


def run(scenario: Scenario, judge: Callable[[dict], dict], variant: Any = None) -> Run:
    """Play ``scenario`` through the steps, the logs naming ``variant`` (None: UNO DUO)."""
    _definitions_loaded()
    table = Table(judge, variant, scenario.tags)
    results: list[StepResult] = []
    for step in scenario.steps:
        definitions = matching(step.kind, step.text)
        if len(definitions) != 1:
            why = "no step definition matches it" if not definitions else "several step definitions match it"
            results.append(StepResult(step, None, None, why))
            return Run("error", tuple(results))
        table.seen = None
        try:
            definitions[0].call(step.text, **_fixtures(table, step))
        except ScenarioError as exc:
            results.append(StepResult(step, None, None, f"the scenario cannot be played: {exc}"))
            return Run("error", tuple(results))
        except AssertionError as exc:
            reason = str(exc).splitlines()[0] if str(exc) else "the step does not hold"
            results.append(StepResult(step, _verdict_line(table), table.seen, reason))
            return Run("failed", tuple(results))
        except Exception as exc:  # a crash is an error of the run, never a changed outcome
            results.append(StepResult(step, None, None, f"{type(exc).__name__}: {exc}"))
            return Run("error", tuple(results))
        judged = step.kind == "then" or table.seen is not None
        results.append(StepResult(step, _verdict_line(table) if judged else None, table.seen))
    return Run("passed", tuple(results))
