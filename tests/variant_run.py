"""``pytest --variant NAME|FILE``: the rulebook under a variant, for regression testing of house rules.

Every scenario's log names the variant. A scenario tagged with a rule the variant changes (its
parameters declare the rules they affect, docs/variants.md) is expected to behave differently: it runs
as a non-strict xfail, so it is reported as *changed* — "still holds" when it passes anyway, "differs"
when it does not — and never silently skipped. Any other scenario must still pass: a failure there is
a regression the variant caused. The variant's own scenarios (``features/variants/<name>/``) name their
variant themselves and run as they are. At the end a table shows, per rule id, held / changed / failed.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

from referee.errors import RefereeError
from referee.rules import RULES
from referee.variants import VARIANTS, Variant, get_variant

OWN_FEATURES = Path(__file__).resolve().parent.parent / "features" / "variants"
_RUN = pytest.StashKey["VariantRun"]()


class VariantRun:
    """The variant under test, the rules it changes, and each scenario's outcome."""

    def __init__(self, variant: Variant):
        self.variant = variant
        self.changed_rules = variant.rules.affected_rules()
        self.rules_of: dict[str, set[str]] = {}       # nodeid -> rule ids of a rulebook scenario
        self.outcomes: dict[str, str] = {}            # nodeid -> passed, failed, differs, still holds

    def log_spec(self) -> str | dict:
        """How the logs name the variant: by name when registered, else by its parameters."""
        return self.variant.name if self.variant.name in VARIANTS else self.variant.to_spec()

    def table(self) -> list[tuple[str, str, str]]:
        """(rule id, held|changed|failed, detail) for every rule with a scenario that ran."""
        by_rule: dict[str, list[str]] = defaultdict(list)
        for nodeid, rules in self.rules_of.items():
            for rule in rules:
                if nodeid in self.outcomes:
                    by_rule[rule].append(self.outcomes[nodeid])
        rows = []
        for rule in (r for r in RULES if r in by_rule):
            counts = {k: by_rule[rule].count(k) for k in ("passed", "failed", "still holds", "differs")}
            if counts["failed"]:
                status = "failed"
            elif rule in self.changed_rules:
                status = "changed"
            else:
                status = "held"
            detail = ", ".join(f"{n} {k}" for k, n in counts.items() if n)
            rows.append((rule, status, detail))
        return rows


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--variant", default=None, metavar="NAME|FILE",
                     help="run the rulebook under this variant (a built-in name or a .toml file) and report, "
                          "per rule, which still hold")


def pytest_configure(config: pytest.Config) -> None:
    spec = config.getoption("--variant", None)
    if spec:
        try:
            config.stash[_RUN] = VariantRun(get_variant(spec))
        except RefereeError as exc:
            raise pytest.UsageError(f"--variant: {exc}") from None


def variant_run(config: pytest.Config) -> VariantRun | None:
    """The run's variant, when ``--variant`` was given."""
    return config.stash.get(_RUN, None)


def _is_own_feature(item: pytest.Item) -> bool:
    return OWN_FEATURES in Path(str(item.path)).resolve().parents or "features/variants/" in item.nodeid


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    run = variant_run(config)
    if run is None:
        return
    for item in items:
        rules = {m.name for m in item.iter_markers() if m.name in RULES}
        if not rules or _is_own_feature(item):
            continue
        run.rules_of[item.nodeid] = rules
        changed = sorted(rules & run.changed_rules)
        if changed:
            item.add_marker(pytest.mark.xfail(reason=f"{run.variant.name} changes {', '.join(changed)}",
                                              strict=False))


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    run = _ACTIVE.get("run")
    if run is None or report.nodeid not in run.rules_of:
        return
    if report.when == "call" or (report.when == "setup" and not report.passed):
        if hasattr(report, "wasxfail"):
            run.outcomes[report.nodeid] = "still holds" if report.passed else "differs"
        else:
            run.outcomes[report.nodeid] = "passed" if report.passed else "failed"


_ACTIVE: dict[str, VariantRun] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    run = variant_run(session.config)
    if run is not None:
        _ACTIVE["run"] = run


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    run = variant_run(config)
    if run is None:
        return
    write = terminalreporter.write_line
    changes = ", ".join(f"{k}={new}" for k, (_, new) in run.variant.rules.changed_from(
        get_variant("uno-duo").rules).items()) or "none"
    terminalreporter.section(f"the rulebook under variant {run.variant.name}")
    write(f"changes from uno-duo: {changes}")
    rows = run.table()
    for rule, status, detail in rows:
        write(f"  {rule:9} {status:8} {detail}")
    totals = {s: sum(1 for _, st, _ in rows if st == s) for s in ("held", "changed", "failed")}
    write(f"rules: {totals['held']} held, {totals['changed']} changed, {totals['failed']} failed")
    write("held: every scenario of the rule that touches no changed rule passed; changed: the variant changes "
          "the rule (its scenarios still hold or differ); failed: a scenario of an unchanged rule failed")
