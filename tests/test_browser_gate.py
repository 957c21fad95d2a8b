"""The browser tests' gate: without a chromium they skip and the summary says so; in CI they fail."""

from __future__ import annotations

import pytest

from tests.browser import conftest as browser


class Reporter:
    """Collects what the terminal summary writes."""

    def __init__(self):
        self.lines: list[str] = []

    def section(self, title, **_):
        self.lines.append(f"== {title}")

    def write_line(self, line, **_):
        self.lines.append(line)


@pytest.fixture
def no_chromium(monkeypatch, tmp_path):
    monkeypatch.setenv("REFEREE_CHROMIUM", str(tmp_path / "no-such-chromium"))
    monkeypatch.setattr(browser, "_MISSING", [])
    assert browser.chromium_path() is None


def test_without_chromium_they_skip_locally_and_say_so(no_chromium, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no chromium"):
        browser._unavailable("no chromium found")
    reporter = Reporter()
    browser.pytest_terminal_summary(reporter, 0, None)
    assert "BROWSER TESTS NOT RUN: no chromium found" in reporter.lines


def test_without_chromium_they_fail_in_ci(no_chromium, monkeypatch):
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="cannot run in CI"):
        browser._unavailable("no chromium found")


def test_with_chromium_the_summary_is_quiet(monkeypatch):
    monkeypatch.setattr(browser, "_MISSING", [])
    reporter = Reporter()
    browser.pytest_terminal_summary(reporter, 0, None)
    assert reporter.lines == []
