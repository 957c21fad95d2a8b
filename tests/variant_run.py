"""``pytest tests/test_features.py --variant NAME|FILE``: what a variant does to the rulebook.

Every scenario of the rulebook (``features/*.feature``) is played twice: under UNO DUO and under the
variant, the logs naming it. The two runs are compared:

* **held**: the scenario holds under the variant as it does under UNO DUO;
* **changed**: it does not hold under the variant, and it is tagged with a rule that the variant's
  changed parameters declare they change (docs/variants.md): the report shows the base outcome and the
  variant's, e.g. ``base: legal; variant: illegal LOG-4 at /rounds/0/events/3: Ana must draw 4 cards,
  not 2``;
* **unexpected**: it does not hold under the variant, but it carries no rule the changed parameters
  declare: a tag is missing, or a parameter reaches further than it says;
* **error**: the scenario could not be played, or does not hold under UNO DUO itself.

In pytest, a held scenario passes, a changed one is reported as xfailed with both outcomes, an
unexpected one fails and so does an error: the run exits 0 unless something is unexpected or errs. The
variants' own scenarios (``features/variants/<name>/``) name their variant themselves and run as they
are. At the end the terminal shows, per rule, how many scenarios held, changed or were unexpected, and
every changed scenario with both outcomes; ``--variant-report PATH.json`` and ``--variant-report
PATH.md`` (repeatable) write the same report as JSON or Markdown.

The JSON report (``format: uno-duo-variant-run/1``)::

    {"format": "uno-duo-variant-run/1",
     "variant": {"name": "no-volley", "base": "uno-duo", "description": "...",
                 "changes": {"volley": {"base": true, "variant": false}, ...},
                 "rules_changed": ["D2-1", "D2-2", ...]},
     "totals": {"scenarios": 230, "held": 200, "changed": 30, "unexpected": 0, "error": 0},
     "rules": [{"rule": "D2-1", "title": "...", "declared": true,
                "held": 3, "changed": 5, "unexpected": 0, "error": 0, "status": "changed"}, ...],
     "scenarios": [{"id": "07_draw_2_volley.feature::Ben answers the Draw 2 and a volley begins",
                    "feature": "07_draw_2_volley.feature", "rule": "D2-1",
                    "scenario": "Ben answers the Draw 2 and a volley begins", "line": 32,
                    "example": null, "tags": ["D2-1", "D2-2"], "status": "changed",
                    "base": "legal", "variant": "illegal D2-1 at /rounds/0/events/1: ...",
                    "step": {"line": 36, "text": "Then the moves so far are legal"}}, ...]}

A scenario's ``id`` is its feature file (under ``features/``) and name, with an outline row's values
as pytest-bdd writes them (``04_turn.feature::A card that matches ...[red 9-red 4-red 4]``);
``example`` maps the row's columns to its values. ``base`` and ``variant`` give the referee's verdict
in one line at the step where the runs part (for a held scenario, at its last step), followed by what
that step read in it when the verdicts alone do not show the difference; ``step`` is that step (null
for a held scenario). ``status`` of a rule is the worst of its scenarios' (error, unexpected, changed,
held).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from referee.engine.rules import RULES
from referee.engine.variants import DEFAULT_RULES, PARAMETERS, UNO_DUO, VARIANTS, Variant, get_variant
from referee.errors import RefereeError
from steps import runner
from steps.runner import Run, Scenario

FORMAT = "uno-duo-variant-run/1"
STATUSES = ("held", "changed", "unexpected", "error")
_RUN = pytest.StashKey["VariantRun"]()


# ---- comparing two runs of a scenario -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Outcome:
    """A scenario under UNO DUO and under the variant: its status, both outcomes in one line each, and
    the step where the runs part (None when they do not)."""

    scenario: Scenario
    status: str
    base: str
    variant: str
    step: runner.Step | None = None

    def line(self) -> str:
        """``base: ...; variant: ...`` as the report prints it."""
        return f"base: {self.base}; variant: {self.variant}"

    def to_dict(self) -> dict[str, Any]:
        """The scenario's entry of the JSON report."""
        s = self.scenario
        return {"id": s.id, "feature": s.feature, "rule": s.rule, "scenario": s.name, "line": s.line,
                "example": dict(s.example) if s.example else None, "tags": sorted(s.tags & set(RULES)),
                "status": self.status, "base": self.base, "variant": self.variant,
                "step": {"line": self.step.line, "text": str(self.step)} if self.step else None}


def _said(result: runner.StepResult | None, other: runner.StepResult | None = None) -> str:
    """A step's outcome in one line: the verdict, and what the step read when the verdicts alone do not
    tell ``result`` from ``other``."""
    if result is None:
        return "the scenario stopped before this step"
    verdict = result.verdict or "not judged"
    if result.failure and result.verdict is None:
        return result.failure
    same = other is not None and other.verdict == result.verdict
    if result.seen and result.seen != result.verdict and (other is None or same):
        return f"{verdict}, {result.seen}"
    return verdict


def compare(scenario: Scenario, base: Run, variant: Run, declared: frozenset[str]) -> Outcome:
    """Classify a scenario from its two runs (``declared``: the rules the variant says it changes)."""
    if base.status != "passed":
        where = base.failed_step
        return Outcome(scenario, "error", f"does not hold: {where.failure}" if where else "does not hold",
                       "not compared", where.step if where else None)
    if variant.status == "passed":
        last = len(variant.steps) - 1
        return Outcome(scenario, "held", _said(base.at(last)), _said(variant.at(last)))
    where = variant.failed_step
    index = len(variant.steps) - 1
    if variant.status == "error":
        return Outcome(scenario, "error", _said(base.at(index)), where.failure, where.step)
    status = "changed" if scenario.tags & declared else "unexpected"
    return Outcome(scenario, status, _said(base.at(index), where), _said(where, base.at(index)), where.step)


# ---- a run of the rulebook under a variant ---------------------------------------------------------

def log_spec(variant: Variant) -> str | dict:
    """How the scenarios' logs name the variant: by name when registered, else by its parameters."""
    return variant.name if VARIANTS.get(variant.name) == variant else variant.to_spec()


@dataclass
class Report:
    """The outcomes of a run of the rulebook under one variant."""

    variant: Variant
    outcomes: list[Outcome]

    @property
    def declared(self) -> frozenset[str]:
        """The rules the variant's changed parameters declare."""
        return self.variant.rules.affected_rules()

    def changes(self) -> dict[str, tuple[Any, Any]]:
        """Each changed parameter: (UNO DUO's value, the variant's)."""
        return self.variant.rules.changed_from(DEFAULT_RULES)

    def totals(self) -> dict[str, int]:
        """How many scenarios are held, changed, unexpected, in error."""
        counts = Counter(o.status for o in self.outcomes)
        return {"scenarios": len(self.outcomes), **{s: counts[s] for s in STATUSES}}

    def rules(self) -> list[dict[str, Any]]:
        """Per rule with a scenario: how its scenarios fared, and the worst of them as its status."""
        by_rule: dict[str, Counter] = {}
        for outcome in self.outcomes:
            for rule in outcome.scenario.tags & set(RULES):
                by_rule.setdefault(rule, Counter())[outcome.status] += 1
        rows = []
        for rule in (r for r in RULES if r in by_rule):
            counts = by_rule[rule]
            status = next(s for s in reversed(STATUSES) if counts[s] or s == "held")
            rows.append({"rule": rule, "title": RULES[rule].title, "declared": rule in self.declared,
                         **{s: counts[s] for s in STATUSES}, "status": status})
        return rows

    @property
    def ok(self) -> bool:
        """Nothing unexpected, nothing in error."""
        totals = self.totals()
        return not totals["unexpected"] and not totals["error"]

    def to_dict(self) -> dict[str, Any]:
        """The JSON report (the shape is in this module's docstring)."""
        v = self.variant
        return {"format": FORMAT,
                "variant": {"name": v.name, "base": v.base, "description": v.description,
                            "changes": {k: {"base": a, "variant": b} for k, (a, b) in self.changes().items()},
                            "rules_changed": [r for r in RULES if r in self.declared]},
                "totals": self.totals(), "rules": self.rules(),
                "scenarios": [o.to_dict() for o in self.outcomes]}

    def _changes_text(self) -> str:
        return ", ".join(f"{k} {_value(a)} -> {_value(b)}" for k, (a, b) in self.changes().items()) or "none"

    def _declared_text(self) -> str:
        return ", ".join(r for r in RULES if r in self.declared) or "none"

    def _departures(self) -> list[tuple[str, list[Outcome]]]:
        """The changed, unexpected and erring scenarios, by status (statuses with none left out)."""
        groups = [(status, [o for o in self.outcomes if o.status == status])
                  for status in ("changed", "unexpected", "error")]
        return [(status, chosen) for status, chosen in groups if chosen]

    def lines(self) -> list[str]:
        """The report as the terminal shows it."""
        out = [f"changes from uno-duo: {self._changes_text()}",
               f"rules the changes declare: {self._declared_text()}",
               f"  {'rule':9} {'status':10} {'held':>4} {'changed':>7} {'unexpected':>10} {'error':>5}"]
        for row in self.rules():
            out.append(f"  {row['rule']:9} {row['status']:10} {row['held']:>4} {row['changed']:>7} "
                       f"{row['unexpected']:>10} {row['error']:>5}")
        for status, chosen in self._departures():
            out.append(f"{status} scenarios:")
            for o in chosen:
                out.append(f"  {o.scenario.id}")
                out.append(f"    at {o.step.line}: {o.step}" if o.step else "    (at its end)")
                out.append(f"    {o.line()}")
        t = self.totals()
        out.append(f"scenarios: {t['scenarios']}: {t['held']} held, {t['changed']} changed, "
                   f"{t['unexpected']} unexpected, {t['error']} error")
        return out

    def to_markdown(self) -> str:
        """The report as a Markdown page."""
        t = self.totals()
        out = [f"# The rulebook under variant `{self.variant.name}`", "",
               f"Changes from uno-duo: {self._changes_text()}. Rules the changes declare: "
               f"{self._declared_text()}.", "",
               f"{t['scenarios']} scenarios: {t['held']} held, {t['changed']} changed, {t['unexpected']} "
               f"unexpected, {t['error']} error.", "",
               "| rule | status | held | changed | unexpected | error |", "|---|---|---|---|---|---|"]
        for row in self.rules():
            out.append(f"| {row['rule']} | {row['status']} | {row['held']} | {row['changed']} | "
                       f"{row['unexpected']} | {row['error']} |")
        for status, chosen in self._departures():
            out += ["", f"## {status.capitalize()} scenarios", ""]
            for o in chosen:
                where = f" (line {o.step.line}: `{o.step}`)" if o.step else ""
                out.append(f"- `{o.scenario.id}`{where}: {o.line()}")
        return "\n".join(out) + "\n"

    def write(self, path: str | Path) -> None:
        """Write the report to ``path``: JSON for ``.json``, Markdown for ``.md``."""
        path = Path(path)
        text = (json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n" if path.suffix == ".json"
                else self.to_markdown())
        path.write_text(text, encoding="utf-8")


def _value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def judge_engine(document: dict) -> dict:
    """The referee's verdict on a log, as the rulebook's steps read it."""
    import referee

    return referee.judge(document).to_dict()


def run_rulebook(variant: Variant, scenarios: Iterable[Scenario] | None = None,
                 judge: Callable[[dict], dict] = judge_engine,
                 base_runs: dict[str, Run] | None = None) -> Report:
    """Every scenario under UNO DUO (or ``base_runs``, computed once for many variants) and ``variant``."""
    scenarios = list(runner.load() if scenarios is None else scenarios)
    spec = log_spec(variant)
    outcomes = []
    for scenario in scenarios:
        base = (base_runs or {}).get(scenario.id) or runner.run(scenario, judge)
        outcomes.append(compare(scenario, base, runner.run(scenario, judge, spec), variant.rules.affected_rules()))
    return Report(variant, outcomes)


def base_runs(scenarios: Iterable[Scenario], judge: Callable[[dict], dict] = judge_engine) -> dict[str, Run]:
    """Every scenario's run under UNO DUO, by id."""
    return {s.id: runner.run(s, judge) for s in scenarios}


def one_change_values() -> list[tuple[str, Any]]:
    """Every parameter with each value a designer would try on its own: every other choice of a choice
    or a flag, and half and twice the default of a number."""
    values = []
    for p in PARAMETERS.values():
        if p.type == "bool":
            values.append((p.name, not p.default))
        elif p.choices:
            values += [(p.name, c) for c in p.choices if c != p.default]
        else:
            values += [(p.name, max(1, p.default // 2)), (p.name, p.default * 2)]
    return values


def one_change(parameter: str, value: Any) -> Variant:
    """UNO DUO with one parameter changed."""
    return UNO_DUO.derive(f"uno-duo+{parameter}={_value(value)}", {parameter: value},
                          f"UNO DUO with {parameter} = {_value(value)}")


# ---- the pytest plugin ------------------------------------------------------------------------------

class VariantRun:
    """The variant under test and each rulebook scenario's outcome, as the pytest run collects them."""

    def __init__(self, variant: Variant, reports: list[str]):
        self.variant = variant
        self.reports = reports
        self.outcomes: dict[str, Outcome] = {}
        self._scenarios: dict[tuple[str, str, tuple], Scenario] = {}

    def log_spec(self) -> str | dict:
        """How the logs name the variant."""
        return log_spec(self.variant)

    def scenario(self, feature_file: str, name: str, example: dict | None) -> Scenario | None:
        """The rulebook scenario pytest-bdd runs as this item (None for a variant's own feature)."""
        path = Path(feature_file).resolve()
        root = runner.FEATURES.resolve()
        if root in path.parents:
            if path.relative_to(root).parts[0] == "variants":
                return None  # a variant's own scenario names its variant: it runs as it is
            base = root
        else:
            base = path.parent  # a rulebook kept elsewhere (a test's own feature files)
        key = (path.as_posix(), name, tuple((example or {}).items()))
        if key not in self._scenarios:
            for s in runner.parse_feature(path, base):
                self._scenarios[(path.as_posix(), s.name, s.example or ())] = s
        return self._scenarios.get(key)

    def report(self) -> Report:
        """The report of the scenarios run so far."""
        return Report(self.variant, sorted(self.outcomes.values(),
                                           key=lambda o: (o.scenario.feature, o.scenario.line)))


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("variant", "the rulebook under a variant")
    group.addoption("--variant", default=None, metavar="NAME|FILE",
                    help="play every rulebook scenario under UNO DUO and under this variant (a built-in "
                         "name or a .toml file) and report, per rule and per scenario, what changed")
    group.addoption("--variant-report", action="append", default=[], metavar="PATH",
                    help="also write the variant run's report to PATH (.json or .md); may be repeated")


def pytest_configure(config: pytest.Config) -> None:
    spec = config.getoption("--variant", None)
    reports = config.getoption("--variant-report", None) or []
    if reports and not spec:
        raise pytest.UsageError("--variant-report needs --variant")
    for path in reports:
        if Path(path).suffix not in (".json", ".md"):
            raise pytest.UsageError(f"--variant-report: {path!r} must end in .json or .md")
    if spec:
        try:
            config.stash[_RUN] = VariantRun(get_variant(spec), reports)
        except RefereeError as exc:
            raise pytest.UsageError(f"--variant: {exc}") from None


def variant_run(config: pytest.Config) -> VariantRun | None:
    """The run's variant, when ``--variant`` was given."""
    return config.stash.get(_RUN, None)


def _bdd_scenario(item: pytest.Function) -> tuple[str, str, dict | None] | None:
    """(feature file, scenario name, outline row) of a pytest-bdd test item, else None."""
    from pytest_bdd.scenario import scenario_wrapper_template_registry

    template = scenario_wrapper_template_registry.get(getattr(item, "obj", None))
    if template is None:
        return None
    callspec = getattr(item, "callspec", None)
    example = callspec.params.get("_pytest_bdd_example") if callspec else None
    return template.feature.filename, template.name, (dict(example) if example else None)


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Under ``--variant``, a rulebook scenario is played under both rule sets and compared."""
    run = variant_run(pyfuncitem.config)
    found = _bdd_scenario(pyfuncitem) if run else None
    scenario = run.scenario(*found) if found else None
    if scenario is None:
        return None  # not a rulebook scenario (or no --variant): pytest runs it as it is
    judge = pyfuncitem._request.getfixturevalue("judge_log")
    outcome = compare(scenario, runner.run(scenario, judge), runner.run(scenario, judge, run.log_spec()),
                      run.variant.rules.affected_rules())
    run.outcomes[scenario.id] = outcome
    where = f" at line {outcome.step.line}, {outcome.step}" if outcome.step else ""
    if outcome.status == "changed":
        pytest.xfail(f"changed{where}: {outcome.line()}")
    if outcome.status in ("unexpected", "error"):
        pytest.fail(f"{outcome.status}{where}: {outcome.line()}", pytrace=False)
    return True


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    run = variant_run(config)
    if run is None:
        return
    report = run.report()
    terminalreporter.section(f"the rulebook under variant {run.variant.name}")
    for line in report.lines():
        terminalreporter.write_line(line)
    for path in run.reports:
        report.write(path)
        terminalreporter.write_line(f"report written to {path}")
