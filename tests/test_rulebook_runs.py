"""Whole runs of the rulebook, as people start them: through the HTTP API, and under variants.

A variant run (tests/variant_run.py) plays every scenario under UNO DUO and under the variant and
sorts them into held, changed and unexpected. Here:

* every parameter is changed alone, to each value a designer would try first, and no scenario may
  change unless it is tagged with a rule the parameter declares it changes; likewise each built-in
  variant: so the tags stay complete as the rulebook grows (in-process, playing the scenarios straight
  through the steps: a whole rulebook takes a fraction of a second);
* the run a designer starts (``pytest tests/test_features.py --variant FILE --variant-report ...``)
  prints the table and the changed scenarios with both outcomes, writes its reports and exits 0, and
  exits 1 when a scenario changes that is tagged with no rule the variant changes;
* a variant file may not take a built-in variant's name;
* ``pytest --through-http`` judges every scenario through the REST service.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from referee.engine.variants import BUILT_IN, get_variant, load_configured_variants, load_variant_file
from referee.errors import VariantError
from steps import runner
from tests import variant_run

ROOT = Path(__file__).resolve().parent.parent
# Only the plugins the rulebook needs: the run starts in a second instead of three.
ENV = {**os.environ, "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}


def _pytest(*args: str) -> subprocess.Popen:
    """A nested pytest of the rulebook. It records no outcomes: reports/rulebook-outcomes.json is the outer
    run's, written once at its end (a nested run writing it would race the service tests reading it)."""
    return subprocess.Popen([sys.executable, "-m", "pytest", "tests/test_features.py", "-q", "--tb=line",
                             "-p", "no:cacheprovider", "-p", "pytest_bdd.plugin", "--rulebook-outcomes=", *args],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# ---- in-process: every parameter alone, every built-in variant ------------------------------------

@pytest.fixture(scope="module")
def scenarios() -> list[runner.Scenario]:
    return runner.load()


@pytest.fixture(scope="module")
def base(scenarios) -> dict[str, runner.Run]:
    """Every scenario under UNO DUO, played once for all the variants below."""
    return variant_run.base_runs(scenarios)


@pytest.fixture(scope="module")
def one_change_reports(scenarios, base) -> dict[str, variant_run.Report]:
    """The rulebook under each parameter changed alone, by ``parameter=value``."""
    return {f"{p}={v}": variant_run.run_rulebook(variant_run.one_change(p, v), scenarios, base_runs=base)
            for p, v in variant_run.one_change_values()}


def _explain(report: variant_run.Report) -> str:
    bad = [o for o in report.outcomes if o.status in ("unexpected", "error")]
    return "\n".join(f"{o.status}: {o.scenario.id} (tags {sorted(o.scenario.tags)}) at {o.step}: {o.line()}"
                     for o in bad)


def test_the_rulebook_holds_under_uno_duo(scenarios, base):
    failing = {sid: run.failed_step for sid, run in base.items() if run.status != "passed"}
    assert len(scenarios) > 200 and not failing, failing


@pytest.mark.parametrize("change", [f"{p}={v}" for p, v in variant_run.one_change_values()])
def test_a_parameter_changed_alone_changes_only_the_rules_it_declares(change, one_change_reports):
    report = one_change_reports[change]
    assert report.ok, _explain(report)
    assert report.totals()["changed"] > 0, f"no scenario of the rulebook shows what {change} changes"


@pytest.mark.parametrize("name", sorted(BUILT_IN - {"uno-duo"}))
def test_a_built_in_variant_changes_only_the_rules_it_declares(name, scenarios, base):
    report = variant_run.run_rulebook(get_variant(name), scenarios, base_runs=base)
    assert report.ok, _explain(report)
    assert report.totals()["changed"] > 0, "a variant that changes nothing in the rulebook"


# ---- the run a designer starts ----------------------------------------------------------------------

@pytest.fixture(scope="module")
def designer_runs(tmp_path_factory) -> dict[str, tuple[int, str, Path]]:
    """The runs people start, together (independent processes): a variant file with both reports, a
    rulebook with a scenario whose tag is missing, and the rulebook through the HTTP API."""
    tmp = tmp_path_factory.mktemp("runs")
    mistagged = tmp / "features"
    mistagged.mkdir()
    (mistagged / "mistagged.feature").write_text(textwrap.dedent("""\
        Feature: A scenario whose outcome hangs on the UNO penalty
          Its outcome depends on how many cards a caught player draws, yet one of them is not tagged UNO-2.

          Background:
            Given Ben drafted first this round: he is Player 1, and Ana is Player 2
            And Ana holds red 4 and green 7
            And Ben holds blue 5 and blue 6
            And the top of the discard pile is red 9

          Rule: UNO-3 — Late UNO until caught

            @UNO-3
            Scenario: A caught player draws, but the scenario forgets its UNO-2 tag
              When Ana plays red 4 without saying UNO
              And Ben catches Ana
              And Ana draws 2 cards
              Then the moves so far are legal

            @UNO-3 @UNO-2
            Scenario: The same, tagged
              When Ana plays red 4 without saying UNO
              And Ben catches Ana
              And Ana draws 2 cards
              Then the moves so far are legal

            @UNO-3
            Scenario: A late UNO, untouched by the penalty
              When Ana plays red 4 without saying UNO
              And Ana says UNO
              Then the moves so far are legal
        """), encoding="utf-8")
    penalty = tmp / "four-card-penalty.toml"
    penalty.write_text('name = "four-card-penalty"\n[rules]\nuno_penalty = 4\n', encoding="utf-8")
    clash = tmp / "uno-duo.toml"
    clash.write_text("[rules]\nvolley = false\n", encoding="utf-8")
    started = {
        "unknown": _pytest("--variant", "uno-trio"),
        "clash": _pytest("--variant", str(clash)),
        "file": _pytest("--variant", "variants/no-volley.toml", "--variant-report", str(tmp / "r.json"),
                        "--variant-report", str(tmp / "r.md")),
        "mistagged": _pytest("-o", f"bdd_features_base_dir={mistagged}", "--variant", str(penalty)),
        "http": _pytest("--through-http"),
    }
    outputs = {name: proc.communicate(timeout=300) for name, proc in started.items()}
    return {name: (started[name].returncode, out + err, tmp) for name, (out, err) in outputs.items()}


def test_a_variant_run_prints_the_table_and_the_changed_scenarios(designer_runs):
    code, out, _ = designer_runs["file"]
    assert code == 0, out[-3000:]
    rows = dict(re.findall(r"^  ([A-Z]+[0-9]*-[0-9]+) +(held|changed|unexpected|error) ", out, re.M))
    assert rows["D2-1"] == "changed" and rows["TURN-1"] == "held", out[-3000:]
    assert "unexpected" not in rows.values() and "error" not in rows.values(), out[-3000:]
    assert re.search(r"^changed scenarios:$", out, re.M), out[-3000:]
    assert re.search(r"^    base: legal.*; variant: illegal D2-1 at /rounds/0/events/\d+: ", out, re.M), out[-3000:]
    assert re.search(r"^scenarios: \d+: \d+ held, \d+ changed, 0 unexpected, 0 error$", out, re.M), out[-3000:]


def test_a_variant_run_writes_its_report_as_json_and_markdown(designer_runs):
    _, _, tmp = designer_runs["file"]
    report = json.loads((tmp / "r.json").read_text(encoding="utf-8"))
    assert report["format"] == "uno-duo-variant-run/1"
    assert report["variant"]["name"] == "no-volley"
    assert report["variant"]["changes"]["volley"] == {"base": True, "variant": False}
    scenarios = report["scenarios"]
    assert report["totals"]["scenarios"] == len(scenarios) == len({s["id"] for s in scenarios}) > 200
    changed = [s for s in scenarios if s["status"] == "changed"]
    assert changed and all(set(s["tags"]) & set(report["variant"]["rules_changed"]) for s in changed)
    assert all(s["base"] != s["variant"] and s["step"]["text"] for s in changed)
    assert {s["status"] for s in scenarios} <= {"held", "changed"}
    markdown = (tmp / "r.md").read_text(encoding="utf-8")
    assert markdown.startswith("# The rulebook under variant `no-volley`")
    assert "| D2-1 | changed |" in markdown and "## Changed scenarios" in markdown


def test_a_change_no_tag_declares_is_unexpected_and_fails_the_run(designer_runs):
    code, out, _ = designer_runs["mistagged"]
    assert code == 1, out[-3000:]
    assert re.search(r"^unexpected scenarios:$", out, re.M), out[-3000:]
    assert "mistagged.feature::A caught player draws, but the scenario forgets its UNO-2 tag" in out
    assert re.search(r"base: legal; variant: illegal LOG-4 at /rounds/0/events/2: ", out), out[-3000:]
    assert re.search(r"^scenarios: 3: 1 held, 1 changed, 1 unexpected, 0 error$", out, re.M), out[-3000:]
    assert re.search(r"1 failed, 1 passed, 1 xfailed", out), out[-3000:]


def test_the_rulebook_through_the_http_api(designer_runs):
    code, out, _ = designer_runs["http"]
    assert code == 0, out[-3000:]
    assert re.search(r"^\d{3,} passed in", out, re.M), out[-500:]


def test_an_unknown_variant_is_a_usage_error(designer_runs):
    code, out, _ = designer_runs["unknown"]
    assert code == 4 and "--variant: unknown variant 'uno-trio'" in out, out[-2000:]


# ---- a variant file may not take a built-in's name -------------------------------------------------

def test_a_variant_file_named_like_a_built_in_is_refused(tmp_path):
    named = tmp_path / "mine.toml"
    named.write_text('name = "uno-duo"\n[rules]\nvolley = false\n', encoding="utf-8")
    stem = tmp_path / "classic-duel.toml"
    stem.write_text("[rules]\nvolley = false\n", encoding="utf-8")
    for path in (named, stem):
        with pytest.raises(VariantError, match="the name of a built-in variant"):
            load_variant_file(path)
    with pytest.raises(VariantError, match="the name of a built-in variant"):
        load_configured_variants({"REFEREE_VARIANTS_DIR": str(tmp_path)})


def test_a_variant_file_named_like_a_built_in_is_a_usage_error(designer_runs):
    code, out, _ = designer_runs["clash"]
    assert code == 4 and "is named 'uno-duo', the name of a built-in variant" in out, out[-2000:]
