"""The pages around the rulebook in the six languages (issue 37): ``/``, ``/play`` (its form and its table),
``/replay`` and the 404 page, and the rulebook beside them, at desktop and phone widths.

On every page: ``<html lang>`` is the language; no English is left but card codes, rule ids, what the page
marks as code (``<code>``, ``<kbd>``, ``<pre>``, ``translate="no"``: a variant's name, an example log's file
name) and proper names; no console error. The check of "no English" is the rulebook's
(tests/browser/test_rulebook_languages.py): in Greek and Telugu no Latin word at all but those; in the
languages written in Latin letters, no word that the language's own catalogs do not hold. The picker's choice
is remembered from page to page; the scripts count in each language's plural forms (Scottish Gaelic's four);
a whole game is played in Greek against a bot, to the round's end and the game's end. Screenshots in
reports/screenshots/ (page-<lang>-<page>-<viewport>.png).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee import judge
from referee.i18n import LANGUAGES, catalog
from tests.browser.seats import LONG, Seat, create_table, drive, first, is_keep, plays, without_player
from tests.browser.test_play_live import click_a_move, own_seat, shown_seq, take_seat, wait_for_seq, wait_for_the_bot
from tests.browser.test_rulebook_languages import catalog_words, english_left, foreign_to

TRANSLATED = [language for language in LANGUAGES if language != "en"]
#: Languages written in letters of their own: no Latin word may be left at all but names and codes.
OWN_SCRIPT = {"el", "te"}
#: Latin words a page may show in any language beside the rulebook's names and codes: the formats and the
#: HTTP method the home page names, the keys of the keyboard the replay viewer's hint names.
NAMES = {"JSON", "POST", "Home", "End"}

#: What the pages hide from the check: code, keys, a preformatted snippet, what says it is not translated.
CODE_ONLY = "code, kbd, pre, [translate=no]"

PAGES = {"home": "/", "play": "/play", "replay": "/replay?example=illegal-reverse-partial-dump",
         "not-found": "/no-such-page", "rulebook": "/rulebook"}


def visible_words(page) -> str:
    """The page's visible text, less what it marks as code or not to be translated."""
    return page.evaluate("""selector => {
        const hidden = [...document.querySelectorAll(selector)];
        const was = hidden.map((e) => e.style.display);
        hidden.forEach((e) => { e.style.display = "none"; });
        const text = document.body.innerText;
        hidden.forEach((e, i) => { e.style.display = was[i]; });
        return text;
    }""", CODE_ONLY)


def english_in(language: str, text: str) -> list[str]:
    """The words of ``text`` that are not the language's (English left), names and codes aside."""
    left = english_left(text) if language in OWN_SCRIPT else foreign_to(catalog_words(language), text)
    return [word for word in left if word not in NAMES]


def settle(page, name: str) -> None:
    """Wait until the page has drawn what its script draws on arrival."""
    if name == "replay":
        page.wait_for_selector("#viewer:not([hidden])")
        page.wait_for_function("() => document.getElementById('counter').textContent !== ''")
    if name == "play":
        page.wait_for_function("() => document.getElementById('bot-style').options.length > 0")
        page.wait_for_function("() => document.getElementById('bot-variant-about').textContent !== ''")


def test_the_check_finds_english():
    """The check can fail: English words on a Greek page, or on an Esperanto one, are found."""
    assert english_in("el", "Ο παίκτης Ana plays την κάρτα") == ["plays"]
    assert english_in("eo", "Ana holds ruĝa 4, plays") == ["holds", "plays"]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("name", list(PAGES))
def test_the_page_speaks_the_language(web, name, language):
    path = PAGES[name]
    page = web.open(f"{path}{'&' if '?' in path else '?'}lang={language}") if name != "not-found" else None
    if page is None:  # a 404 is not "ok": open it by hand
        web.expect_console_error("404")  # chromium reports the page's own status
        response = web.page.goto(f"{web.base}{path}?lang={language}", wait_until="load")
        assert response is not None and response.status == 404
        page = web.page
    settle(page, name)
    assert page.get_attribute("html", "lang") == language
    assert english_in(language, visible_words(page)) == []
    assert page.locator("ul.languages a").all_inner_texts() == list(LANGUAGES)
    web.no_horizontal_scroll()
    web.shot(f"page-{language}-{name}")


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_play_table_speaks_the_language(web, language):
    """The table's view, right after the deal against a bot: its prompt, piles, hands, moves and buttons."""
    page = web.open(f"/play?lang={language}")
    settle(page, "play")
    page.locator("#start-bot").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    assert page.get_attribute("html", "lang") == language
    assert english_in(language, visible_words(page)) == []
    web.no_horizontal_scroll()
    web.shot(f"page-{language}-play-table")


def test_the_english_pages_are_english(web):
    """The control: on the English pages the same check finds English (so it would find English left)."""
    for name, path in PAGES.items():
        if name == "not-found":
            web.expect_console_error("404")
            web.page.goto(f"{web.base}{path}", wait_until="load")
            page = web.page
        else:
            page = web.open(path)
        settle(page, name)
        assert page.get_attribute("html", "lang") == "en"
        assert len(english_in("el", visible_words(page))) > 10, name


def test_the_picker_remembers_the_choice_from_page_to_page(web):
    page = web.open("/")
    assert page.get_attribute("html", "lang") == "en"
    page.locator("ul.languages a[hreflang=el]").click()
    page.wait_for_load_state("load")
    assert page.get_attribute("html", "lang") == "el"
    for link in ("a[href='/play']", "a[href='/replay']", "a[href='/rulebook']"):
        page.locator(f"header.site {link}").first.click()
        page.wait_for_load_state("load")
        assert page.get_attribute("html", "lang") == "el", link
        assert page.locator("ul.languages a[aria-current=true]").all_inner_texts() == ["el"]
    web.expect_console_error("404")
    page.goto(f"{web.base}/nowhere", wait_until="load")
    assert page.get_attribute("html", "lang") == "el"
    assert "Τίποτα εδώ" in page.inner_text("main")
    page.locator("ul.languages a[hreflang=te]").click()  # from the 404 page, another choice
    page.wait_for_load_state("load")
    page = web.open("/replay")
    assert page.get_attribute("html", "lang") == "te"


def test_the_picker_keeps_the_table_the_play_page_shows(web):
    """Changing the language in the middle of a game: the same table, its words in the new language."""
    page = web.open("/play")
    page.locator("#start-bot").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    table = page.evaluate("() => location.hash")
    page.locator("ul.languages a[hreflang=el]").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    assert page.evaluate("() => location.hash") == table
    assert page.get_attribute("html", "lang") == "el"
    assert "εναντίον" in page.locator("#table-title").inner_text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_page_counts_in_the_catalogs_plural_forms(desktop, language):
    """The page's plural rule (the catalog's gettext expression, read by words.js) gives every count the
    form the catalog's own rule gives it: Scottish Gaelic's 1 and 11, 2 and 12, 3 to 10 and 13 to 19, 20+."""
    page = desktop.open(f"/play?lang={language}")
    counts = [*range(250), 1000, 1001, 1011, 1012, 100_004]
    said = page.evaluate("counts => counts.map((n) => window.UnoWords.pluralIndex(n))", counts)
    rule = (lambda n: int(n != 1)) if language == "en" else catalog(language).plural  # type: ignore[attr-defined]
    assert said == [rule(n) for n in counts]
    if language == "gd":
        assert [said[n] for n in (1, 11, 2, 12, 3, 10, 13, 19, 20, 0)] == [0, 0, 1, 1, 2, 2, 2, 2, 3, 3]


# -- a whole game in Greek ----------------------------------------------------------------------------------


def greek(page, selector: str) -> str:
    """The words of ``selector``, checked to hold no English (names and codes aside)."""
    text = page.locator(selector).inner_text()
    assert english_in("el", text) == [], (selector, text)
    return text


def test_a_whole_game_in_greek_against_a_bot(desktop):
    """Clicks only, from the Greek form to the Greek final scores and the replay viewer: a short game (the
    points that end the game set to 1: the first round's end ends it) against the greedy bot."""
    web = desktop
    page = web.open("/play?lang=el")
    settle(page, "play")
    page.locator("#bot-style").select_option("greedy")
    page.locator("#bot-target").fill("1")
    assert "όταν ένας παίκτης φτάσει τον 1 πόντο" in greek(page, "#bot-variant-about")  # one point: the singular
    page.locator("#start-bot").click()
    page.wait_for_selector("#table:not([hidden])")
    wait_for_seq(page, 0)
    seat = own_seat(web)
    assert "Ben (μποτ, άπληστο)" in greek(page, "#opponent-name")
    seen_moves = set()
    for _ in range(1500):
        if page.locator("#over:not([hidden])").count():
            break
        greek(page, "#prompt")
        seen_moves.update(page.locator("#moves li").all_inner_texts())
        before = shown_seq(page)
        if not click_a_move(page):
            wait_for_the_bot(page, before)
            continue
        page.wait_for_function(
            "n => Number(document.getElementById('play').dataset.seq) > n || "
            "!document.getElementById('refusal').hidden", arg=before)
        assert page.locator("#refusal").is_hidden(), page.locator("#refusal").inner_text()
    else:
        pytest.fail("the game did not end within 1,500 clicks")
    final = seat.view()
    assert final["over"]
    assert any(move.startswith("Ο παίκτης Ana παίζει την κάρτα") for move in seen_moves), seen_moves
    assert english_in("el", " ".join(seen_moves)) == []
    # the game's end: who won, the final scores, the last round's end (who went out, each hand's points)
    words = greek(page, "#over-words")
    assert f"Κερδίζει ο παίκτης {final['winner']}" in words and "Τελικές βαθμολογίες:" in words
    for name, score in final["scores"].items():
        assert f"{name} {score}" in words
    assert greek(page, "#over-title") == "Το παιχνίδι τελείωσε"
    last = greek(page, "#over-round")
    assert f"Γύρος {final['round']}, ο τελευταίος" in last and "βγήκε" in last
    assert page.locator("#over-round th[scope=col]").all_inner_texts() == [
        "Παίκτης", "Κάρτες που έμειναν (πόντοι η καθεμία)", "Πόντοι σε αυτόν τον γύρο", "Σύνολο"]
    assert greek(page, "#prompt").startswith("Το παιχνίδι τελείωσε")
    assert english_in("el", visible_words(page)) == []
    web.shot("page-el-play-over", full_page=False)
    # the record, and the game replayed in Greek
    page.wait_for_function("() => document.getElementById('download').href.startsWith('blob:')")
    with page.expect_download() as got:
        page.locator("#download").click()
    verdict = judge(json.loads(Path(got.value.path()).read_text(encoding="utf-8")))
    assert verdict.legal and verdict.complete and verdict.scores == final["scores"]
    page.locator("#open-replay").click()
    page.wait_for_url(re.compile(r"/replay#from-play$"))
    page.wait_for_selector("#viewer:not([hidden])")
    assert page.get_attribute("html", "lang") == "el"
    assert f"Το παιχνίδι ολοκληρώθηκε: κερδίζει ο παίκτης {final['winner']}" in greek(page, "#verdict")
    assert english_in("el", visible_words(page)) == []


def test_a_rounds_end_in_greek(desktop):
    """The round's end between two rounds: Ana in the Greek page, Ben a client of the API. The table is played
    over the API until a hand is nearly empty; then Ana plays on the page (Ben over the API) until the round
    ends, and the page shows it in Greek and goes on to round 2."""
    web = desktop
    table = create_table(web.base, ["Ana", "Ben"], variant=LONG)
    ana = Seat(web.base, table["id"], table["tokens"]["Ana"])
    ben = Seat(web.base, table["id"], table["tokens"]["Ben"])
    web.open("/?lang=el")  # the picker's choice, remembered for the play page
    take_seat(web, ana)
    page = web.page
    assert page.get_attribute("html", "lang") == "el"
    plays_first = {name: (lambda v: first(v, is_keep, plays(lambda code: True))) for name in ("Ana", "Ben")}
    views = drive({"Ana": ana, "Ben": ben}, plays_first,
                  lambda vs: vs["Ana"]["phase"] == "play" and vs["Ana"]["to_act"] == "Ana"
                  and min(vs["Ana"]["hand_sizes"].values()) <= 2)
    wait_for_seq(page, views["Ana"]["seq"])  # the page has seen round 1
    for _ in range(300):
        if page.locator("#round-end:not([hidden])").count():
            break
        view = ana.view()
        if view["to_act"] == "Ben":
            ben.act(without_player(plays_first["Ben"](ben.view())), view["seq"])
            wait_for_seq(page, view["seq"] + 1)
            continue
        before = shown_seq(page)
        if click_a_move(page):
            page.wait_for_function("n => Number(document.getElementById('play').dataset.seq) > n || "
                                   "!document.getElementById('round-end').hidden", arg=before)
    else:
        pytest.fail("the round did not end within 300 decisions")
    ended = ana.view()["last_round"]
    assert greek(page, "#round-end-title") == "Ο γύρος 1 τελείωσε"
    went_out = "Βγήκες." if ended["out"] == "Ana" else f"Ο παίκτης {ended['out']} βγήκε."
    assert went_out in greek(page, "#round-end-words")
    rows = greek(page, "#round-end-table")
    assert "Ana (εσύ)" in rows and "καμία κάρτα: βγήκε" in rows
    assert page.locator("#round-end th[scope=col]").all_inner_texts()[0] == "Παίκτης"
    assert greek(page, "#next-round") == "Στον γύρο 2"
    web.shot("page-el-play-round-end", full_page=False)
    page.locator("#next-round").click()
    assert "Γύρος 2" in greek(page, "#scoreline")


def test_a_refusal_in_greek_names_its_rule(web):
    """A card the view does not offer, tried all the same: the API, asked in the page's language, says no in
    Greek; the rule's id is the same in every language. Every call of the page's script asks in Greek."""
    asked: list[str] = []
    web.page.on("request", lambda request: asked.append(request.headers.get("accept-language", ""))
                if "/v1/" in request.url else None)
    table = create_table(web.base, ["Ana", "Ben"], variant=LONG)
    ana = Seat(web.base, table["id"], table["tokens"]["Ana"])
    ben = Seat(web.base, table["id"], table["tokens"]["Ben"])
    web.open("/?lang=el")
    take_seat(web, ana)
    page = web.page

    def unplayable(view: dict) -> list[str]:
        playable = {e["card"] for e in view["legal"] if e.get("type") == "play"}
        return [c for c in view["hand"] if c not in playable and not c.startswith("W")]

    views = drive({"Ana": ana, "Ben": ben}, {"Ana": lambda v: first(v, is_keep, plays(lambda c: True)),
                                             "Ben": lambda v: first(v, is_keep, plays(lambda c: True))},
                  lambda vs: vs["Ana"]["to_act"] == "Ana" and vs["Ana"]["phase"] == "play"
                  and not vs["Ana"]["owes"] and bool(unplayable(vs["Ana"])))
    wait_for_seq(page, views["Ana"]["seq"])
    web.expect_console_error("status of 422")  # the browser reports the refused POST itself
    page.locator(f"#hand button.unplayable[data-card='{unplayable(views['Ana'])[0]}']").first.click()
    page.wait_for_selector("#refusal:not([hidden])")
    refusal = greek(page, "#refusal")
    assert refusal.startswith("Ο διαιτητής λέει όχι.")
    rule = page.locator("#refusal .rule-id").inner_text()
    assert re.fullmatch(r"[A-Z]+\d*-\d+", rule)
    assert page.locator("#refusal a.rule-link").inner_text() == f"Διάβασε τον κανόνα {rule} στο βιβλίο κανόνων"
    web.shot("page-el-play-refusal", full_page=False)
    assert asked and set(asked) == {"el"}
