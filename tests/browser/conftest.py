"""The browser tests: Debian's chromium driven by Playwright, the service live on 127.0.0.1.

The ``browser`` fixture and what happens without a chromium (skipped, and the summary says so; failed
in CI) are in :mod:`tests.browser.gate`, a plugin of the whole suite.

Screenshots go to ``reports/screenshots/`` on every run; with ``REFEREE_SCREENSHOTS=docs`` (``make
screenshots``) the README's images in ``docs/img/`` are rewritten too.
"""

from __future__ import annotations

import json
import os
import shutil
import threading
from contextlib import contextmanager
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


def _outcomes(path: Path, failing_chapter: str | None) -> Path:
    """Write a test run's outcomes for every scenario of the book: all passed, but the first scenario of
    the chapter of rule ``failing_chapter`` (when given), which failed."""
    book = load_book(features_dir())
    failing = book.rule(failing_chapter)[0] if failing_chapter else None
    entries = []
    failed = None
    for chapter in book.chapters:
        for scenario in chapter.all_scenarios():
            outcome = "passed"
            if failed is None and chapter is failing:
                failed, outcome = scenario, "failed"
            rows = [dict(zip(ex.header, row, strict=False)) for ex in scenario.examples for _, row in ex.rows]
            for example in rows or [None]:
                entries.append({"feature": scenario.file, "line": scenario.line, "name": scenario.name,
                                "example": example, "outcome": outcome})
    path.write_text(json.dumps({"format": "rulebook-outcomes/1", "updated": "2026-12-01T12:00:00+00:00",
                                "scenarios": entries}), encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def outcomes_file(tmp_path_factory) -> Path:
    """A test run's outcomes: every scenario passed but the first of the Reverse's chapter, which failed."""
    return _outcomes(tmp_path_factory.mktemp("outcomes") / "rulebook-outcomes.json", "REV-2")


@contextmanager
def _serving(outcomes: Path):
    """The service on 127.0.0.1 at a free port, in a thread, showing ``outcomes`` (its live tables in a
    database beside them); its base URL."""
    app = create_app({"TESTING": True, "REFEREE_RULEBOOK_OUTCOMES": str(outcomes),
                      "REFEREE_TABLES_ALLOW_SEED": True,  # a test may deal a chosen game (a turned-up wild)
                      "REFEREE_TABLES_CREATE_LIMIT": "10000 per minute",  # the tests set many tables, one client
                      "REFEREE_DATA_DIR": str(outcomes.parent / "tables")})  # the live tables, thrown away
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="session")
def live_server(outcomes_file):
    """The service on a free port, its rulebook showing :func:`outcomes_file` (one scenario failed)."""
    with _serving(outcomes_file) as base:
        yield base


@pytest.fixture(scope="session")
def green_server(tmp_path_factory):
    """The service on a free port after a green test run (every scenario passed): the README's pictures
    of the rulebook are taken here, so that they show what a reader's own ``make test`` gives."""
    with _serving(_outcomes(tmp_path_factory.mktemp("green") / "rulebook-outcomes.json", None)) as base:
        yield base


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


def context_options(viewport: str, motion: str = "reduce") -> dict:
    """A browser context at ``viewport``. The pages' animations are off (``prefers-reduced-motion: reduce``, as
    a person may ask): the play page then shows the other player's moves at once, and a test waits for no
    pacing; the test of the pacing itself asks for ``motion="no-preference"``."""
    return {"viewport": VIEWPORTS[viewport], "device_scale_factor": 1, "is_mobile": viewport == "phone",
            "has_touch": viewport == "phone", "reduced_motion": motion}


@pytest.fixture(params=list(VIEWPORTS))
def viewport(request) -> str:
    """Each browser test runs at 1366x768 and at a phone's width."""
    return request.param


@pytest.fixture
def web(browser, live_server, viewport):
    """A fresh page at the viewport; at the end, no console error may have happened."""
    context = browser.new_context(**context_options(viewport))
    page = Page(context.new_page(), live_server, viewport)
    page.page.set_default_timeout(10_000)
    yield page
    context.close()
    assert page.unexpected_errors() == []


def _desktop(browser, base: str):
    context = browser.new_context(**context_options("desktop"))
    page = Page(context.new_page(), base, "desktop")
    page.page.set_default_timeout(10_000)
    yield page
    context.close()
    assert page.unexpected_errors() == []


@pytest.fixture
def desktop(browser, live_server):
    """A fresh page at 1366x768 only (for what the viewport does not change)."""
    yield from _desktop(browser, live_server)


@pytest.fixture
def green_desktop(browser, green_server):
    """A fresh page at 1366x768 on :func:`green_server`."""
    yield from _desktop(browser, green_server)

