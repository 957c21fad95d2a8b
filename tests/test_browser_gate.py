"""The browser tests' gate: without a chromium they skip and the summary says so; in CI they fail.

The last test runs a small suite on two xdist workers, as ``make test`` runs the real one: the summary's
line about the browser must reach the controller's terminal, and the rulebook's outcomes must be written
once, by the controller, from every worker's reports (tests/rulebook_outcomes.py).
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.browser import gate

REPO = Path(__file__).resolve().parent.parent


class Reporter:
    """Collects what the terminal summary writes."""

    def __init__(self):
        self.lines: list[str] = []

    def section(self, title, **_):
        self.lines.append(f"== {title}")

    def write_line(self, line, **_):
        self.lines.append(line)


class Report:
    """A test's report as the summary sees it."""

    def __init__(self, **attributes):
        self.__dict__.update(attributes)


@pytest.fixture
def no_chromium(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_CHROMIUM", str(tmp_path / "no-such-chromium"))
    monkeypatch.setattr(gate, "_MISSING", [])
    assert gate.chromium_path() is None


def test_without_chromium_they_skip_locally_and_say_so(no_chromium, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium"):
        gate.unavailable("no chromium found")
    summary = gate.Summary()
    summary.pytest_runtest_logreport(Report(browser_missing=gate._MISSING[0]))
    reporter = Reporter()
    summary.pytest_terminal_summary(reporter, 0, None)
    assert "BROWSER TESTS NOT RUN: no chromium found" in reporter.lines


def test_without_chromium_they_fail_in_ci(no_chromium, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot run in CI"):
        gate.unavailable("no chromium found")


def test_with_chromium_the_summary_is_quiet():
    summary = gate.Summary()
    summary.pytest_runtest_logreport(Report())  # a report that says nothing of the browser
    reporter = Reporter()
    summary.pytest_terminal_summary(reporter, 0, None)
    assert reporter.lines == []


def test_on_two_workers_the_summary_and_the_outcomes_reach_the_controller(pytester, monkeypatch, tmp_path):
    pytester.makeini("[pytest]\nbdd_features_base_dir = features\n")
    pytester.makeconftest('pytest_plugins = ["tests.rulebook_outcomes", "tests.browser.gate"]\n')
    (pytester.path / "features").mkdir()
    (pytester.path / "features" / "two.feature").write_text(textwrap.dedent("""\
        Feature: Two scenarios
          Scenario: One that holds
            Given a step that holds
          Scenario: One that breaks
            Given a step that breaks
        """), encoding="utf-8")
    pytester.makepyfile(test_two=textwrap.dedent("""\
        from pytest_bdd import given, scenarios

        scenarios(".")

        @given("a step that holds")
        def holds():
            pass

        @given("a step that breaks")
        def breaks():
            raise AssertionError("broken on purpose")
        """), test_page="def test_a_page(browser):\n    pass\n")
    outcomes = tmp_path / "outcomes.json"
    monkeypatch.setenv("PYTHONPATH", str(REPO))
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")  # only the plugins this run needs
    monkeypatch.setenv("REFEREE_CHROMIUM", str(tmp_path / "no-such-chromium"))
    monkeypatch.delenv("CI", raising=False)
    result = pytester.runpytest_subprocess("-p", "xdist.plugin", "-p", "pytest_bdd.plugin", "-n", "2",
                                           "-p", "no:cacheprovider", "--rulebook-outcomes", str(outcomes))
    result.assert_outcomes(passed=1, failed=1, skipped=1)
    result.stdout.fnmatch_lines(["*BROWSER TESTS NOT RUN: no chromium found*"])
    written = json.loads(outcomes.read_text(encoding="utf-8"))
    assert sorted((s["name"], s["outcome"]) for s in written["scenarios"]) == [
        ("One that breaks", "failed"), ("One that holds", "passed")]
