"""What a person sees in a browser: the home page, the rulebook and the replay viewer.

Each test runs at 1366x768 and at a phone's width (fixture ``web``) or at 1366x768 only (``desktop``),
fails on any console error, and leaves a screenshot in reports/screenshots/. The README's images
(docs/img/, ``make screenshots``) are taken by the same tests; those of the rulebook on a server after a
green run (``green_desktop``), since the other tests show a failed scenario on purpose.
"""

from __future__ import annotations

import json
import re

from referee.bundled import features_dir
from referee.rulebook import load_book
from tests.browser.conftest import REPO

BOOK = load_book(features_dir())
CHAPTERS = [c for c in BOOK.chapters if c.variant is None]
#: What the rulebook's stylesheet paints each colour (rulebook.css: --red, --green, ...).
PAINT = {"red": "rgb(200, 35, 27)", "green": "rgb(47, 138, 37)", "blue": "rgb(18, 87, 184)",
         "yellow": "rgb(242, 207, 29)"}


def test_home_page_says_what_this_is_and_links_everything(web):
    page = web.open("/")
    assert "UNO DUO" in page.locator("h1").inner_text()
    web.shot("home", doc="home")
    web.no_horizontal_scroll()
    snippet = page.locator(".snippet")  # the curl command is shown whole, not scrolled out of its tile
    assert snippet.evaluate("e => e.scrollWidth <= e.clientWidth"), snippet.inner_text()
    names = page.locator(".tile ul.examples a").all_inner_texts()
    assert "illegal-reverse-partial-dump" in names
    if web.viewport != "desktop":
        return  # the links are the same at any width; following them once is enough
    page.get_by_role("link", name="Read the rulebook").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "The rulebook of UNO DUO"
    page.go_back()
    page.get_by_role("link", name="illegal-reverse-partial-dump").click()
    page.wait_for_selector("#viewer:not([hidden])")
    assert "REV-2" in page.locator("#verdict").inner_text()
    page.go_back()
    api = page.get_by_role("link", name="Use the API").get_attribute("href")
    assert page.request.get(web.base + api).ok  # the page itself: test_api_docs_prefill_a_real_log


def test_api_docs_prefill_a_real_log(desktop):
    page = desktop.open("/docs/")
    page.wait_for_selector(".opblock-summary-path")
    assert "UNO DUO referee" in page.locator(".swagger-ui .info .title").inner_text()
    page.locator("#operations-adjudications-adjudicate").click()
    shown = page.locator("#operations-adjudications-adjudicate .body-param__example, "
                         "#operations-adjudications-adjudicate .microlight").first
    log = json.loads((REPO / "examples" / "illegal-reverse-partial-dump.json").read_text(encoding="utf-8"))
    assert json.loads(shown.inner_text()) == log
    shown.evaluate("e => e.scrollIntoView({block: 'center'})")  # the picture shows the log itself
    desktop.shot("docs", doc="docs", full_page=False)


def test_rulebook_lists_every_chapter_in_order(web):
    page = web.open("/rulebook")
    listed = page.locator("ol.chapters > li.chapter-entry > a").all_inner_texts()
    assert listed == [c.title for c in CHAPTERS]
    assert page.locator(".tally .badge-failed").inner_text().startswith("1 ")
    web.shot("rulebook", full_page=False)
    web.no_horizontal_scroll()


def test_a_chapter_draws_cards_as_cards_and_marks_its_rules(web):
    chapter = BOOK.rule("REV-2")[0]  # the Reverse's chapter: red cards, and the failed scenario
    page = web.open(f"/rulebook/{chapter.slug}")
    assert page.locator("h1").inner_text() == chapter.title
    for rule in chapter.rules:
        assert page.locator(f"section.rule[id='{rule.anchor}']").count() == 1
    red = page.locator(".scenario .card.card-red").first
    assert red.is_visible()
    assert red.evaluate("e => getComputedStyle(e).backgroundColor") == PAINT["red"]
    name = red.locator(".card-name").inner_text()
    assert name.lower().startswith("red ")  # the name is text too: colour is not the only signal
    assert page.locator(".badge-failed").count() >= 1  # the failed scenario shows as failed
    assert page.locator(".badge-passed").count() >= 1
    if any(p.clarification for p in chapter.paragraphs) or any(
            p.clarification for r in chapter.rules for p in r.paragraphs):
        mark = page.locator(".clarification .clar-mark").first
        assert mark.is_visible() and mark.inner_text().lower() == "clarification"
    page.locator(".scenario .badge-failed").first.scroll_into_view_if_needed()
    web.shot("chapter", full_page=False)
    web.no_horizontal_scroll()


def test_after_a_green_run_every_scenario_shows_passed(green_desktop):
    """The README's pictures of the rulebook are of a green run, as a reader's own ``make test`` leaves it
    (the tests above show a failed scenario on purpose)."""
    page = green_desktop.open("/rulebook")
    tally = page.locator(".tally .badge").all_inner_texts()
    assert len(tally) == 1 and re.fullmatch(r"\d+ passed", tally[0]), tally
    assert page.locator(".badge-failed").count() == 0
    green_desktop.shot("rulebook-green", doc="rulebook", full_page=False)
    green_desktop.no_horizontal_scroll()
    chapter = BOOK.rule("REV-2")[0]
    page = green_desktop.open(f"/rulebook/{chapter.slug}")
    badges = page.locator(".scenario .badge").all_inner_texts()
    assert badges and all(b.endswith("passed") for b in badges), badges
    green_desktop.shot("chapter-green", doc="chapter", full_page=False)
    green_desktop.no_horizontal_scroll()


def test_a_rules_anchor_is_reachable_by_keyboard(desktop):
    chapter = next(c for c in CHAPTERS if c.rules)
    rule = chapter.rules[0]
    page = desktop.open(f"/rulebook/{chapter.slug}")
    page.keyboard.press("Tab")  # the skip link comes first
    assert page.evaluate("document.activeElement.textContent").startswith("Skip")
    page.keyboard.press("Enter")
    link = page.locator(f".rule-list a[href='#{rule.anchor}']")
    link.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == f"#{rule.anchor}"


def _hands(page) -> dict[str, list[str]]:
    return {p.get_attribute("data-player"): p.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
            for p in page.locator("#players .player").all()}


def test_next_steps_the_replay_and_changes_the_hands(desktop):
    web = desktop
    page = web.open("/replay?example=illegal-uno-false-catch")
    page.wait_for_selector("#viewer:not([hidden])")
    counter = page.locator("#counter")
    assert re.fullmatch(r"Step 1 of \d+", counter.inner_text())
    assert page.locator("#entry-pointer").inner_text() == "/rounds/0/setup"
    before = _hands(page)
    assert set(before) == {"Ana", "Ben"} and all(before.values())
    page.get_by_role("button", name="Next entry").click()
    assert counter.inner_text().startswith("Step 2 of")
    assert page.locator("#entry-pointer").inner_text() == "/rounds/0/events/0"
    after = _hands(page)
    assert after != before
    page.get_by_role("button", name="Previous entry").click()
    assert _hands(page) == before
    page.locator("body").press("ArrowRight")  # the keyboard steps too
    assert counter.inner_text().startswith("Step 2 of")
    page.locator("body").press("ArrowLeft")
    assert counter.inner_text().startswith("Step 1 of")
    web.no_horizontal_scroll()


def test_stepping_a_long_game_keeps_the_page_still(desktop):
    page = desktop.open("/replay?example=full-game-with-decks")
    page.wait_for_selector("#viewer:not([hidden])")
    page.locator("#players").scroll_into_view_if_needed()
    before = page.evaluate("window.scrollY")
    for _ in range(30):
        page.locator("body").press("ArrowRight")
    assert page.locator("#counter").inner_text().startswith("Step 31 of")
    assert page.evaluate("window.scrollY") == before  # only the list of entries scrolls
    current = page.locator("#step-list button.current")
    assert current.inner_text().startswith(page.locator("#entry-pointer").inner_text())
    box = page.locator("#step-list").bounding_box()
    shown = current.bounding_box()
    assert box["y"] <= shown["y"] and shown["y"] + shown["height"] <= box["y"] + box["height"]


def test_the_violation_is_highlighted_and_links_its_rule(web):
    page = web.open("/replay?example=illegal-reverse-partial-dump")
    page.wait_for_selector("#viewer:not([hidden])")
    assert "REV-2" in page.locator("#verdict").inner_text()
    page.locator("body").press("End")
    entry = page.locator("#entry")
    assert "is-violation" in entry.get_attribute("class")
    assert page.locator("#entry-pointer").inner_text() == "/rounds/0/events/0"
    assert page.locator("#step-list li.broken").count() == 1
    assert "REV-2" in page.locator("#entry-violation").inner_text()
    assert page.locator("#entry").evaluate("e => getComputedStyle(e).borderTopWidth") == "3px"
    top = page.locator("#centre .card").first
    assert top.get_attribute("data-card") == "R9" and "red 9" in top.inner_text()
    assert "red" in page.locator("#centre").inner_text()  # the colour to play, named
    web.shot("replay", doc="replay", doc_viewports=("desktop", "phone"))
    page.locator("#entry-violation a.rule-link").click()
    page.wait_for_load_state()
    assert page.url.endswith("/rulebook/REV-2")
    assert "REV-2" in page.locator("h1").first.inner_text()


def test_a_pasted_log_is_replayed_and_a_bad_one_explained(desktop):
    page = desktop.open("/replay")
    log = (REPO / "examples" / "illegal-turn-card-matches-nothing.json").read_text(encoding="utf-8")
    page.locator("#log-text").fill(log)
    page.get_by_role("button", name="Replay this log").click()
    page.wait_for_selector("#viewer:not([hidden])")
    assert "TURN-1" in page.locator("#verdict").inner_text()
    desktop.expect_console_error("status of 422")  # the browser reports the refused POST itself
    page.locator("#log-text").fill('{"format": "uno-duo-log/1", "players": ["Ana"], "rounds": []}')
    page.get_by_role("button", name="Replay this log").click()
    status = page.locator("#status")
    status.locator("li").first.wait_for()
    assert "Malformed" in status.inner_text()
    assert "/players" in status.inner_text()


def test_an_uploaded_log_is_replayed(desktop):
    page = desktop.open("/replay")
    page.locator("#log-file").set_input_files(str(REPO / "examples" / "unfinished-game.json"))
    page.wait_for_selector("#viewer:not([hidden])")
    assert "unfinished" in page.locator("#verdict").inner_text()
    page.get_by_role("button", name="Last entry").click()
    assert page.locator("#players .player.to-act").count() == 1
