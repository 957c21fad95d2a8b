"""The rulebook's pages as a newcomer reads them (issues 23 and 25): a rule's own page opens with the rule,
a card's sign stays inside its oval, a wild card's name can be read, the outcome pill stands apart from
the rule tags, the last run's time is written in words. Screenshots in reports/screenshots/.
"""

from __future__ import annotations

import base64
import re

from referee.bundled import features_dir
from referee.rulebook import load_book

BOOK = load_book(features_dir())

#: How far a sign's text reaches towards the edge of its oval: (half the text's width / the oval's half
#: width)² + (half a capital's height / the oval's half height)²; 1 touches the edge. Set at 0.8 so that
#: a sign clears the oval's border and its tilt.
REACH = """els => els.map(e => {
  const style = getComputedStyle(e), tilt = e.style.transform;
  e.style.transform = 'none';  // measured upright: the tilt only turns the oval and its sign together
  const range = document.createRange(); range.selectNodeContents(e);
  const text = range.getBoundingClientRect(), oval = e.getBoundingClientRect();
  e.style.transform = tilt;
  const capital = parseFloat(style.fontSize) * 0.72;
  return [e.textContent, (text.width / oval.width) ** 2 + (capital / oval.height) ** 2];
})"""

#: The pixels of a PNG (a data: URL), read through a canvas: [[r, g, b], ...].
PIXELS = """async url => {
  const image = new Image(); image.src = url; await image.decode();
  const canvas = document.createElement('canvas'); canvas.width = image.width; canvas.height = image.height;
  const context = canvas.getContext('2d'); context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data, found = [];
  for (let i = 0; i < data.length; i += 4) found.push([data[i], data[i + 1], data[i + 2]]);
  return found;
}"""


def _luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a, b) -> float:
    """WCAG 2's contrast ratio of two colours."""
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_a_rules_page_opens_with_the_rule(web):
    _, rule = BOOK.rule("REV-2")
    page = web.open("/rulebook/REV-2")
    heading = page.locator("h1")
    assert heading.inner_text().startswith("REV-2") and rule.title in heading.inner_text()
    words = page.locator("section.rule .rule-text").first
    shared = page.locator(".background").first
    assert "Every scenario of this chapter starts with" in shared.inner_text()
    tops = [e.bounding_box()["y"] for e in (heading, words, shared)]
    assert tops == sorted(tops), tops  # the title, then the rule's words, then the set-up
    web.shot("rule-REV-2")
    web.no_horizontal_scroll()


def test_a_cards_sign_stays_inside_its_oval(desktop):
    reaches = {}
    for rule in ("D2-1", "WD4-6"):  # +2; +4, W and WC (the Wild Custom)
        page = desktop.open(f"/rulebook/{BOOK.rule(rule)[0].slug}")
        reaches.update(dict(page.locator(".card-sym").evaluate_all(REACH)))
    assert {"+2", "+4", "W", "WC", "7"} <= set(reaches), reaches
    assert all(reach <= 0.8 for reach in reaches.values()), reaches
    page.locator(".card-sym-2").first.scroll_into_view_if_needed()
    desktop.shot("card-signs", full_page=False)


def test_a_wild_cards_name_is_readable(desktop):
    """A wild's name is white on the card's own face: at least 7:1 (WCAG AAA) against three quarters of
    the pixels around its letters (a name written across the four colours had 1.6:1 on yellow)."""
    page = desktop.open(f"/rulebook/{BOOK.rule('WD4-6')[0].slug}")
    for kind in ("wild", "wild draw 4", "wild custom"):
        name = page.locator(f".card-wild[title='{kind}'] .card-name").first
        name.scroll_into_view_if_needed()
        ink = [int(v) for v in re.findall(r"\d+", name.evaluate("e => getComputedStyle(e).color"))[:3]]
        url = "data:image/png;base64," + base64.b64encode(name.screenshot()).decode()
        around = sorted(_contrast(ink, p) for p in page.evaluate(PIXELS, url)
                        if sum(abs(a - b) for a, b in zip(p, ink, strict=True)) > 90)
        assert around and around[len(around) // 4] >= 7, (kind, around[len(around) // 4])
    desktop.shot("wild-cards", full_page=False)


def test_the_outcome_pill_stands_apart_from_the_tags(web):
    page = web.open(f"/rulebook/{BOOK.rule('REV-2')[0].slug}")
    meta = page.locator(".scenario .meta").first
    pill, tag = meta.locator(".badge").bounding_box(), meta.locator(".tag").first.bounding_box()
    same_line = abs(pill["y"] - tag["y"]) < pill["height"]
    gap = tag["x"] - (pill["x"] + pill["width"]) if same_line else tag["y"] - (pill["y"] + pill["height"])
    assert gap >= 4, gap


def test_the_last_run_is_dated_in_words(web):
    page = web.open("/rulebook")
    stamp = page.locator(".tally time")
    assert stamp.get_attribute("datetime") == "2026-12-01T12:00:00+00:00"  # the outcomes the tests serve
    assert stamp.inner_text() == "1 December 2026 at 12:00 UTC"


def _first_round_scenario(name_start: str):
    return next(s for s in BOOK.chapters[0].scenarios if s.name.startswith(name_start))


def test_the_whole_table_is_drawn_in_a_scenarios_position(web):
    """Issue 36: both hands as the scenario states them, the discard pile's top and the colour, the draw
    pile, what is owed and whose turn, on desktop and phone -- a Draw 2 owed by Ben from the record's words,
    and the first round's Draw 2 scenario with two cards named on top of the draw pile."""
    scenario = _first_round_scenario("Ana's Draw 2")
    page = web.open(f"/rulebook/{BOOK.chapters[0].slug}")
    figure = page.locator(f"#{scenario.anchor} figure.tabletop")
    figure.scroll_into_view_if_needed()
    assert figure.is_visible()
    seats = figure.locator(".seat")
    assert seats.count() == 2
    ben, ana = seats.nth(0), seats.nth(1)
    assert [c.get_attribute("title") for c in ana.locator(".card").all()] == ["blue draw 2", "wild"]
    assert [c.get_attribute("title") for c in ben.locator(".card").all()] == [
        "wild draw 4", "green 6", "yellow 9", "blue 9"]
    assert "Player 2" in ana.inner_text() and "to play" in ana.inner_text() and "Player 1" in ben.inner_text()
    discard = figure.locator(".discard-pile")
    assert discard.locator(".card").first.get_attribute("title") == "blue 2" and "blue" in discard.inner_text()
    draw = figure.locator(".draw-pile")
    assert "105 cards" in draw.inner_text()
    assert [c.get_attribute("title") for c in draw.locator(".card[title]").all()] == ["green 1", "yellow 7"]
    assert "nothing is owed" in figure.locator(".turn").inner_text()
    # the table sits between the story's words and its steps, inside the page's width
    box, steps = figure.bounding_box(), page.locator(f"#{scenario.anchor} .steps").bounding_box()
    assert box["y"] + box["height"] <= steps["y"] + 1
    assert box["x"] >= 0 and box["x"] + box["width"] <= web.page.viewport_size["width"] + 1
    web.no_horizontal_scroll()
    figure.screenshot(path=str(web.shot("tabletop-first-round", full_page=False).with_name(
        f"tabletop-first-round-figure-{web.viewport}.png")))


def test_what_is_owed_is_drawn_with_the_table(web):
    """A turned-up Draw 2 (START-3): Ana, Player 2, owes two cards before she moves."""
    chapter, rule = BOOK.rule("START-3")
    scenario = rule.scenarios[0]
    page = web.open(f"/rulebook/{chapter.slug}")
    figure = page.locator(f"#{scenario.anchor} figure.tabletop")
    figure.scroll_into_view_if_needed()
    caption = figure.locator(".turn").inner_text()
    assert caption.startswith("Ana must draw 2 cards"), caption
    assert "Turned up" in figure.locator(".discard-pile").inner_text()
    assert "must draw 2" in figure.locator(".seat.to-move").inner_text()
    assert figure.locator(".seat.to-move .seat-name strong").inner_text() == "Ana"
    web.no_horizontal_scroll()
    figure.screenshot(path=str(web.shot("tabletop-turned-up-draw-2", full_page=False).with_name(
        f"tabletop-turned-up-draw-2-figure-{web.viewport}.png")))


def test_the_rulebook_opens_with_the_quick_reference(web):
    page = web.open("/rulebook")
    heading = page.locator("main h2").first
    assert heading.inner_text() == "Quick reference"
    quick = page.locator("section.quick-reference")
    assert quick.locator("li").count() >= 10
    assert quick.locator("li").first.locator("a.rule-ref").count() >= 1
    assert page.locator("section.differences li").count() >= 6
    top = quick.bounding_box()["y"]
    assert top < page.locator("nav.contents").bounding_box()["y"]
    web.shot("rulebook-quick-reference", full_page=False)
    page.locator("a", has_text="Your first round").click()
    page.wait_for_url("**#your-first-round")
    assert page.locator("#your-first-round").is_visible()
    web.no_horizontal_scroll()
    web.shot("rulebook-first-round", full_page=False)
