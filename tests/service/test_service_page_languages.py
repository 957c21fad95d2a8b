"""The pages in the language a person picks (issue 37): ``?lang=``, then the ``lang`` cookie the picker's
choice leaves, then ``Accept-Language``; ``<html lang>`` and a picker on every page; the scripts' words handed
to the page from the catalog; the API the play page calls answering in the page's language.

What the pages look like in each language, and that no English is left on them, is tested in a browser
(tests/browser/test_page_languages.py).
"""

from __future__ import annotations

import json
import re

import pytest
from babel.messages.pofile import read_po

from referee.i18n import LANGUAGES, catalog
from referee.i18n.pages import TEMPLATE, page_words, plural_expression, script_messages
from referee.i18n.service import COOKIE
from referee.i18n.words import rule_title
from referee.tables.game import bot_styles

PAGES = ["/", "/play", "/replay", "/rulebook", "/rulebook/REV-2"]
HTML = {"Accept": "text/html"}


def html_lang(html: str) -> str:
    found = re.search(r'<html lang="([\w-]+)"', html)
    assert found, html[:200]
    return found.group(1)


def picker(html: str) -> dict[str, str]:
    """The picker's links: language tag -> address."""
    block = re.search(r'<ul class="languages"[^>]*>(.*?)</ul>', html, re.S)
    assert block, "no language picker on the page"
    return dict((tag, href.replace("&amp;", "&"))
                for href, tag in re.findall(r'<a href="([^"]+)" hreflang="([\w-]+)"', block.group(1)))


@pytest.mark.parametrize("path", [*PAGES, "/no-such-page"])
def test_every_page_has_its_language_and_a_picker_of_every_language(client, path):
    for language in LANGUAGES:
        response = client.get(f"{path}?lang={language}", headers=HTML)
        assert response.status_code == (404 if path == "/no-such-page" else 200)
        html = response.get_data(as_text=True)
        assert html_lang(html) == language
        assert response.headers["Content-Language"] == language
        links = picker(html)
        assert list(links) == list(LANGUAGES)
        assert all(href.startswith(f"{path}?") and href.endswith(f"lang={tag}") for tag, href in links.items())


def test_the_picker_keeps_the_pages_other_arguments(client):
    html = client.get("/replay?example=illegal-reverse-partial-dump&lang=el", headers=HTML).get_data(as_text=True)
    assert picker(html)["gd"] == "/replay?example=illegal-reverse-partial-dump&lang=gd"


def test_the_choice_is_remembered_in_a_cookie_and_read_after_lang_and_before_accept_language(client):
    greek = {**HTML, "Accept-Language": "gd"}
    assert html_lang(client.get("/", headers=greek).get_data(as_text=True)) == "gd"  # Accept-Language alone
    picked = client.get("/play?lang=el", headers=greek)
    assert html_lang(picked.get_data(as_text=True)) == "el"
    cookie = picked.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}=el;") and "Path=/" in cookie and "SameSite=Lax" in cookie
    # every page after it: the cookie wins over Accept-Language...
    for path in PAGES:
        assert html_lang(client.get(path, headers=greek).get_data(as_text=True)) == "el", path
    # ... and ?lang= over the cookie (and it sets the cookie anew)
    again = client.get("/replay?lang=te", headers=greek)
    assert html_lang(again.get_data(as_text=True)) == "te"
    assert again.headers["Set-Cookie"].startswith(f"{COOKIE}=te;")
    assert html_lang(client.get("/", headers=greek).get_data(as_text=True)) == "te"
    # a cookie naming no language the referee speaks is passed over
    client.set_cookie(COOKIE, "xx")
    assert html_lang(client.get("/", headers=greek).get_data(as_text=True)) == "gd"


def test_the_api_follows_the_cookie_too_and_lang_on_the_api_sets_no_cookie(client):
    client.set_cookie(COOKIE, "el")
    answer = client.get("/v1/rules/REV-2")
    assert answer.headers["Content-Language"] == "el" and "Cookie" in answer.headers["Vary"]
    asked = client.get("/v1/rules/REV-2?lang=gd")
    assert asked.headers["Content-Language"] == "gd" and "Set-Cookie" not in asked.headers


def test_a_page_in_greek_speaks_greek(client):
    home = client.get("/?lang=el", headers=HTML).get_data(as_text=True)
    assert "Ο διαιτητής του UNO DUO" in home and "Παίξε ένα παιχνίδι" in home
    assert "<code>/v1/adjudications</code>" in home  # the template's markup kept, not escaped
    missing = client.get("/rulebook/NO-SUCH?lang=el", headers=HTML)
    assert missing.status_code == 404
    page = missing.get_data(as_text=True)
    assert "Τίποτα εδώ" in page and "το βιβλίο κανόνων δεν έχει κανόνα ή κεφάλαιο" in page


def words_of(html: str) -> dict:
    block = re.search(r'<script type="application/json" id="page-words">(.*?)</script>', html, re.S)
    assert block, "the page carries no words for its scripts"
    return json.loads(block.group(1))


def test_the_play_page_hands_its_scripts_their_words_in_its_language(client):
    html = client.get("/play?lang=el", headers=HTML).get_data(as_text=True)
    words = words_of(html)
    assert words["lang"] == "el"
    assert words["messages"]["{player} plays {card}"] == "Ο παίκτης {player} παίζει την κάρτα {card}"
    assert words["messages"]["{n} card"] == ["{n} κάρτα", "{n} κάρτες"]
    assert words["colours"]["red"] == "κόκκινο"
    assert words["styles"]["greedy"] == "άπληστο"
    faces = json.loads(re.search(r'id="card-faces">(.*?)</script>', html, re.S).group(1))
    assert faces["R7"]["name"] == "κόκκινο 7" and faces["R7"]["colour"] == "red"  # the name, never the code
    rules = json.loads(re.search(r'id="rule-words">(.*?)</script>', html, re.S).group(1))
    assert rules["REV-2"]["title"] == rule_title("REV-2", "el") != rule_title("REV-2", "en")
    assert rules["REV-2"]["url"] == "/rulebook/REV-2"


def test_a_scripts_messages_are_the_templates_messages_located_in_it():
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    for script in ("play.js", "replay.js"):
        said = {singular for singular, _ in script_messages(script)}
        located = {m.id if isinstance(m.id, str) else m.id[0] for m in template
                   if any(path.endswith(f"/{script}") for path, _ in m.locations)}
        assert said == located and len(said) > 50, script
    assert ("{n} card", "{n} cards") in script_messages("play.js")
    assert script_messages("cards.js") == ()  # it says no words of its own: the faces are the service's


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_plural_rule_handed_to_the_page_is_the_catalogs(language):
    expression = plural_expression(language)
    if language == "en":
        assert expression == "(n != 1)"
        return
    header = catalog(language).info()["plural-forms"]  # "nplurals=N; plural=EXPRESSION;"
    assert header.split("plural=")[-1].rstrip("; ") == expression
    plurals = int(re.search(r"nplurals=(\d+)", header).group(1))
    words = page_words(language, ("play.js",))
    assert {len(forms) for forms in words["messages"].values() if isinstance(forms, list)} == {plurals}


def test_the_gaelic_page_gets_four_forms_a_count():
    words = page_words("gd", ("play.js",))
    assert all(len(forms) == 4 for forms in words["messages"].values() if isinstance(forms, list))


def test_the_api_the_play_page_calls_answers_in_its_language(client):
    greek = {"Accept-Language": "el"}
    styles = {s["name"]: s["summary"] for s in client.get("/v1/tables/styles", headers=greek).get_json()["styles"]}
    assert list(styles) == [s["name"] for s in bot_styles()]  # the names a table takes, unchanged
    assert styles["greedy"].startswith("ξεφορτώνεται πρώτα")
    variants = client.get("/v1/variants", headers=greek).get_json()["variants"]
    assert {v["name"] for v in variants} >= {"uno-duo", "classic-duel"}
    assert next(v for v in variants if v["name"] == "uno-duo")["description"].startswith("Το UNO DUO")
    one = client.get("/v1/variants/classic-duel", headers=greek).get_json()
    assert one["description"].startswith("κλασικό UNO για δύο")
    english = client.get("/v1/variants/classic-duel").get_json()
    assert english["description"].startswith("classic two-player UNO")


def test_the_replay_viewer_gets_the_cards_names_in_its_language(client, small_log):
    answer = client.post("/v1/replays", json=small_log, headers={"Accept-Language": "el"})
    assert answer.status_code == 200
    assert answer.get_json()["cards"]["R7"]["name"] == "κόκκινο 7"
    words = words_of(client.get("/replay?lang=el", headers=HTML).get_data(as_text=True))
    assert words["messages"]["Legal."] == "Νόμιμο."


def test_every_message_a_script_says_is_in_the_template():
    """Each ``_("...")`` and ``ngettext("...", ...)`` of the scripts is extracted: a call Babel's extractor does
    not read (one inside a template literal's ``${}``) would show English on every page."""
    static = TEMPLATE.parents[1] / "service" / "static"
    for script in ("play.js", "replay.js", "cards.js", "words.js"):
        text = (static / script).read_text(encoding="utf-8")
        said = {singular for singular, _ in script_messages(script)}
        # a message written whole (one joined with + is checked by the extraction test of the catalogs)
        called = set(re.findall(r'(?<![\w.])(?:_|ngettext)\("((?:[^"\\]|\\.)*)"(?!\s*\+)', text))
        assert called <= said, (script, sorted(called - said))
        assert len(called) >= {"play.js": 100, "replay.js": 50}.get(script, 0), script
        assert not re.search(r"\$\{[^}]*\b(?:_|ngettext)\(", text), f"{script}: a call inside a template literal"
