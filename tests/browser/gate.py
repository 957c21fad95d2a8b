"""The browser tests' gate: one Debian chromium per test process, or a plain word on why there is none.

A plugin of the whole suite (``tests/conftest.py`` registers it), so that its summary runs where the
terminal is: under pytest-xdist that is the controller, which collects no test and never loads
``tests/browser/conftest.py``. The ``browser`` fixture runs in a worker; when chromium (or Playwright) is
missing it skips the test -- or, with ``CI`` set, fails it -- and the reason rides on the test's report
(``report.browser_missing``, which xdist carries to the controller), so the summary says plainly that the
browser tests did not run, with or without xdist.

Chromium comes from Debian (``apt-get install chromium``); Playwright's own browser download is not used.
``REFEREE_CHROMIUM`` names another binary.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

#: Chromium without the calls home a fresh profile makes (updates, sync, metrics): tests stay offline.
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--disable-extensions", "--no-first-run", "--metrics-recording-only",
                 "--disable-features=Translate,OptimizationHints,MediaRouter", "--mute-audio"]
#: Why this process has no browser (set by :func:`unavailable`).
_MISSING: list[str] = []


def chromium_path() -> str | None:
    """The chromium to drive: ``REFEREE_CHROMIUM``, else Debian's."""
    wanted = os.environ.get("REFEREE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def unavailable(reason: str):
    """The browser tests cannot run: skip them with ``reason``; in CI (``CI`` set) fail them instead."""
    _MISSING.append(reason)
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for the whole session (of this process: one per xdist worker)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        unavailable("no chromium found (apt-get install -y chromium, or set REFEREE_CHROMIUM)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call):
    report = yield
    return mark_missing(report, item, call, _MISSING, "browser", "browser_missing")


def mark_missing(report, item: pytest.Item, call, missing: list[str], fixture: str, attribute: str):
    """Put the first of ``missing`` (why a gated kind of test cannot run) on the setup report of a test that
    uses ``fixture``, as ``attribute``: xdist carries it to the controller's :class:`Summary`."""
    if missing and call.when == "setup" and fixture in getattr(item, "fixturenames", ()):
        setattr(report, attribute, missing[0])
    return report


class Summary:
    """Gathers, from the reports this process sees (every worker's, in the controller), why the browser
    tests (or another gated kind: ``attribute`` names it on the reports, ``what`` in the summary) did not run,
    and says so at the end of the terminal summary."""

    def __init__(self, attribute: str = "browser_missing", what: str = "browser tests"):
        self.reasons: list[str] = []
        self.attribute, self.what = attribute, what

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        reason = getattr(report, self.attribute, None)
        if reason and reason not in self.reasons:
            self.reasons.append(reason)

    def pytest_terminal_summary(self, terminalreporter, exitstatus, config) -> None:
        if self.reasons:
            terminalreporter.section(self.what)
            terminalreporter.write_line(f"{self.what.upper()} NOT RUN: {self.reasons[0]}", red=True, bold=True)


def pytest_configure(config: pytest.Config) -> None:
    config.pluginmanager.register(Summary(), "browser-gate-summary")
