"""The browser tests: one Debian chromium per session driven by Playwright, the service live on 127.0.0.1.

Chromium comes from Debian (``apt-get install chromium``); Playwright's own browser download is not used.
``REFEREE_CHROMIUM`` names another binary. Without a chromium (or without Playwright) the tests are
skipped with the reason, and the summary says so plainly -- except in CI (``CI`` set), where they fail.

Screenshots go to ``reports/screenshots/`` on every run; with ``REFEREE_SCREENSHOTS=docs`` (``make
screenshots``) the README's images in ``docs/img/`` are rewritten too.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from referee.bundled import features_dir
from referee.rulebook import load_book
from referee.service import create_app

REPO = Path(__file__).resolve().parents[2]
SHOTS = REPO / "reports" / "screenshots"
DOC_IMAGES = REPO / "docs" / "img"
VIEWPORTS = {"desktop": {"width": 1366, "height": 768}, "phone": {"width": 390, "height": 844}}
#: Chromium without the calls home a fresh profile makes (updates, sync, metrics): tests stay offline.
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-dev-shm-usage",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-default-apps", "--disable-extensions", "--no-first-run", "--metrics-recording-only",
                 "--disable-features=Translate,OptimizationHints,MediaRouter", "--mute-audio"]
_MISSING: list[str] = []


def chromium_path() -> str | None:
    """The chromium to drive: ``REFEREE_CHROMIUM``, else Debian's."""
    wanted = os.environ.get("REFEREE_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).is_file() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


def _unavailable(reason: str):
    _MISSING.append(reason)
    if os.environ.get("CI"):
        pytest.fail(f"browser tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """One headless chromium for the whole session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright is not installed (pip install -e '.[test]')")
    path = chromium_path()
    if path is None:
        _unavailable("no chromium found (apt-get install -y chromium, or set REFEREE_CHROMIUM)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def outcomes_file(tmp_path_factory) -> Path:
    """A test run's outcomes: every scenario passed but the first of the Reverse's chapter, which failed."""
    book = load_book(features_dir())
    reverse = book.rule("REV-2")[0]
    entries = []
    failed = None
    for chapter in book.chapters:
        for scenario in chapter.all_scenarios():
            outcome = "passed"
            if failed is None and chapter is reverse:
                failed, outcome = scenario, "failed"
            rows = [dict(zip(ex.header, row, strict=False)) for ex in scenario.examples for _, row in ex.rows]
            for example in rows or [None]:
                entries.append({"feature": scenario.file, "line": scenario.line, "name": scenario.name,
                                "example": example, "outcome": outcome})
    path = tmp_path_factory.mktemp("outcomes") / "rulebook-outcomes.json"
    path.write_text(json.dumps({"format": "rulebook-outcomes/1", "updated": "2026-12-01T12:00:00+00:00",
                                "scenarios": entries}), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def live_server(outcomes_file):
    """The service on 127.0.0.1 at a free port, in a thread; its base URL."""
    app = create_app({"TESTING": True, "REFEREE_RULEBOOK_OUTCOMES": str(outcomes_file)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


class Page:
    """A browser page on the live server that records every console error and uncaught exception."""

    def __init__(self, page, base: str, viewport: str):
        self.page = page
        self.base = base
        self.viewport = viewport
        self.errors: list[str] = []
        self.expected: list[str] = []  # console errors a test provokes on purpose (a refused log's 422)
        page.on("console", lambda message: self.errors.append(f"console: {message.text}")
                if message.type == "error" else None)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))

    def expect_console_error(self, text: str) -> None:
        """The test provokes a console error containing ``text``; it is not a failure."""
        self.expected.append(text)

    def unexpected_errors(self) -> list[str]:
        """Console errors and uncaught exceptions the test did not provoke."""
        return [e for e in self.errors if not any(text in e for text in self.expected)]

    def open(self, path: str):
        """Go to ``path`` of the service and wait for the page (and its requests) to settle."""
        response = self.page.goto(self.base + path, wait_until="load")
        assert response is not None and response.ok, (path, response and response.status)
        return self.page

    def shot(self, name: str, doc: str | None = None, full_page: bool = True,
             doc_viewports: tuple[str, ...] = ("desktop",)) -> Path:
        """Screenshot into reports/screenshots/; also docs/img/<doc>-<viewport>.png for the README, when
        ``REFEREE_SCREENSHOTS=docs`` and the viewport is one of ``doc_viewports``."""
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{name}-{self.viewport}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        if doc and os.environ.get("REFEREE_SCREENSHOTS") == "docs" and self.viewport in doc_viewports:
            DOC_IMAGES.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, DOC_IMAGES / f"{doc}-{self.viewport}.png")
        return path

    def no_horizontal_scroll(self) -> None:
        """The page fits the viewport's width: nothing to scroll sideways."""
        overflow = self.page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 1, f"the page is {overflow}px wider than the {self.viewport} viewport"


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request) -> str:
    """Each browser test runs at 1366x768 and at a phone's width."""
    return request.param


@pytest.fixture
def web(browser, live_server, viewport):
    """A fresh page at the viewport; at the end, no console error may have happened."""
    context = browser.new_context(viewport=VIEWPORTS[viewport], device_scale_factor=1,
                                  is_mobile=viewport == "phone", has_touch=viewport == "phone")
    page = Page(context.new_page(), live_server, viewport)
    page.page.set_default_timeout(10_000)
    yield page
    context.close()
    assert page.unexpected_errors() == []


@pytest.fixture
def desktop(browser, live_server):
    """A fresh page at 1366x768 only (for what the viewport does not change)."""
    context = browser.new_context(viewport=VIEWPORTS["desktop"])
    page = Page(context.new_page(), live_server, "desktop")
    page.page.set_default_timeout(10_000)
    yield page
    context.close()
    assert page.unexpected_errors() == []


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _MISSING:
        terminalreporter.section("browser tests")
        terminalreporter.write_line(f"BROWSER TESTS NOT RUN: {_MISSING[0]}", red=True, bold=True)
