"""The play page (``/play``) without a table: the choices it offers come from the service, the home page
links to it, and the card drawing it shares with the replay viewer sorts a hand by colour and value.
The games themselves: :mod:`tests.browser.test_play_live`.
"""

from __future__ import annotations

import json

from referee.play.players import PLAYERS
from tests.browser.conftest import REPO


def test_the_page_offers_the_services_styles_and_variants(web):
    """The styles and variants come from the API (GET /v1/tables/styles, GET /v1/variants), not the page's HTML."""
    page = web.open("/play")
    listed = page.request.get(web.base + "/v1/tables/styles").json()["styles"]
    assert [s["name"] for s in listed] == list(PLAYERS)
    page.wait_for_function("n => document.querySelectorAll('#bot-style option').length === n", arg=len(listed))
    styles = page.locator("#bot-style option").evaluate_all("os => os.map(o => o.value)")
    assert styles == [s["name"] for s in listed]
    chosen = page.locator("#bot-style").input_value()  # the strongest first (test_play_told)
    assert page.locator("#style-summary").inner_text() == next(s["summary"] for s in listed if s["name"] == chosen)
    variants = page.request.get(web.base + "/v1/variants").json()["variants"]
    page.wait_for_function("n => document.querySelectorAll('#bot-variant option').length === n", arg=len(variants))
    assert page.locator("#bot-variant option").all_inner_texts() == [v["name"] for v in variants]
    page.locator("#bot-style").select_option("random")
    assert page.locator("#style-summary").inner_text() == PLAYERS["random"].summary
    web.shot("play-styles")
    web.no_horizontal_scroll()


def test_the_home_page_links_to_play(desktop):
    page = desktop.open("/")
    page.get_by_role("link", name="Play a game").click()
    page.wait_for_load_state()
    assert page.locator("h1").first.inner_text() == "Play UNO DUO"


def test_the_replay_viewer_and_the_play_page_sort_hands_by_colour_and_value(desktop):
    """Both pages draw cards with cards.js, in the order the service's card faces give (colour, then value)."""
    page = desktop.open("/replay?example=full-game-with-decks")
    page.wait_for_selector("#viewer:not([hidden])")
    faces = page.request.post(desktop.base + "/v1/replays", data=json.loads(
        (REPO / "examples" / "full-game-with-decks.json").read_text(encoding="utf-8"))).json()["cards"]
    for _ in range(12):
        page.locator("body").press("ArrowRight")
    hands = page.locator("#players .player .hand").all()
    assert len(hands) == 2
    for shown in hands:
        codes = shown.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        assert len(codes) > 1 and codes == sorted(codes, key=lambda c: faces[c]["order"])
    colours = [faces[c]["colour"] for c in codes]
    assert colours == sorted(colours, key=colours.index)  # each colour together
