"""The pages under their Content-Security-Policy, the API docs on a phone, the 404 page, and the replay
viewer's controls, in a real browser (issue 25). Every test fails on a console error, as in test_pages:
a script, style or image the policy refused would be one."""

from __future__ import annotations

import re


def test_every_page_works_under_its_content_security_policy(desktop):
    for path in ("/", "/rulebook", "/rulebook/REV-2", "/replay?example=illegal-reverse-partial-dump", "/docs"):
        response = desktop.page.goto(desktop.base + path, wait_until="load")
        policy = response.headers["content-security-policy"]
        assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy.split("script-src")[1].split(";")[0]
        assert response.headers["x-frame-options"] == "DENY"
    desktop.page.wait_for_selector(".opblock-summary-path")  # Swagger UI drew the operations
    assert desktop.page.locator(".swagger-ui .info .title").is_visible()


def test_the_api_docs_fit_a_phone_and_lead_back_to_the_site(web):
    page = web.open("/docs")
    page.wait_for_selector(".opblock-summary-path")
    width = page.evaluate("document.documentElement.clientWidth")
    assert width == page.viewport_size["width"]  # laid out at the phone's width, not at 980 px
    web.shot("docs-nav")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Rulebook").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "The rulebook of UNO DUO"
    page.go_back()
    page.get_by_role("link", name=re.compile("UNO DUO")).first.click()
    page.wait_for_load_state()
    assert page.url.rstrip("/") == web.base


def test_a_mistyped_page_gets_a_page_with_the_way_on(web):
    web.expect_console_error("404")  # chromium reports the page's own status
    response = web.page.goto(web.base + "/rulebook/NOPE-9", wait_until="load")
    assert response.status == 404 and response.headers["content-type"].startswith("text/html")
    page = web.page
    assert page.locator("h1").inner_text() == "Nothing here"
    assert "NOPE-9" in page.locator("main").inner_text()
    web.shot("not-found")
    web.no_horizontal_scroll()
    page.get_by_role("link", name="The replay viewer").click()
    page.wait_for_load_state()
    assert page.locator("h1").inner_text() == "Replay viewer"


def test_the_replay_controls_stay_put_as_the_counter_grows(web):
    """Next moved 438 -> 467 px over 1,000 steps; on a phone the counter has a line of its own."""
    page = web.open("/replay?example=full-game-with-decks")
    page.wait_for_selector("#viewer:not([hidden])")
    before = {name: page.locator(f"#{name}").bounding_box()["x"] for name in ("next", "last")}
    page.locator("body").press("End")
    assert re.fullmatch(r"Step (\d+) of \1", page.locator("#counter").inner_text())
    assert int(page.locator("#counter").inner_text().split()[1]) >= 1000  # four digits against one
    after = {name: page.locator(f"#{name}").bounding_box()["x"] for name in ("next", "last")}
    assert after == before
    web.shot("replay-controls-at-the-end")


def test_the_keyboard_hint_shows_only_where_there_is_a_keyboard(web):
    page = web.open("/replay?example=unfinished-game")
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.locator(".hint").is_visible() == (web.viewport == "desktop")
