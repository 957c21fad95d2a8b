"""The rulebook in Greek, Telugu, Esperanto, Tagalog and Scottish Gaelic (issue 37): ``/rulebook?lang=el``
(``te``, ``eo``, ``tl``, ``gd``) and ``Accept-Language`` at desktop and phone widths. No English is left on the
page but card signs, rule ids and proper names: in Greek and Telugu, no Latin word else; in Esperanto, Tagalog
and Gaelic, written in Latin letters, no word that their catalogs do not hold (Tagalog's keep the cards' printed
names and the loanwords its rulebook uses, "card", "round", "turn": docs/i18n.md). The links, anchors and rule
ids are those of the English book; no console error. Screenshots in reports/screenshots/.
"""

from __future__ import annotations

import re

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from referee.bundled import features_dir
from referee.i18n import TRANSLATIONS
from referee.rulebook import load_book

#: Latin words a Greek or Telugu page may show: the players' and the designers' names, the game's name, the
#: Gherkin tools the footer names, the source directory, the picker's language tags.
PROPER = {"Ana", "Ben", "Cai", "UNO", "DUO", "Mark", "Cristina", "Ball", "Gherkin", "Cucumber", "features",
          "en", "fil", "gd", "el", "te", "eo", "API", "UTC"}
#: The variants' names (identifiers, like the rule ids) and the settings a variant's text quotes.
VARIANTS = {c.variant for c in load_book(features_dir()).chapters if c.variant}
#: A rule id (REV-2, WD4-6) or a card's sign (W, WC).
CODE = re.compile(r"^(?:[A-Z]+\d*-\d+[a-z]?|WC?)$")

PAGES = ["/rulebook", "/rulebook/00_the_game", "/rulebook/09_reverse", "/rulebook/REV-2",
         "/rulebook/11_wild_draw_4"]


def english_left(text: str) -> list[str]:
    """The Latin words of ``text`` that are neither proper names nor codes."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9'’-]*", text)
    return sorted({w for w in words if w not in PROPER and w not in VARIANTS and not CODE.match(w)})


def catalog_words(language: str) -> set[str]:
    """Every word the rulebook's and the service's catalogs of ``language`` translate into."""
    months = Locale.parse(language).months["format"]["wide"].values()  # dates; Gaelic's are two words
    found = {word.lower() for month in months for word in re.findall(r"[^\W\d_]+", month)}
    for domain in ("rulebook", "messages"):
        with (TRANSLATIONS / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as file:
            for message in read_po(file):
                for text in (message.string,) if isinstance(message.string, str) else message.string:
                    found.update(w.lower() for w in re.findall(r"[^\W\d_]+", text or ""))
    return found


def foreign_to(words: set[str], text: str) -> list[str]:
    """The words of ``text`` that are none of ``words`` (the catalog's), proper names or codes."""
    found = re.findall(r"[^\W\d_][\w'’-]*", text)
    return sorted({w for w in found if w not in PROPER and w not in VARIANTS and not CODE.match(w)
                   and not all(part.lower() in words for part in re.findall(r"[^\W\d_]+", w))})


def links(page) -> list[str]:
    """Every link and id of the page's main part, in order."""
    return page.eval_on_selector_all("main [href], main [id]",
                                     "els => els.map(e => e.getAttribute('href') || '#' + e.id)")


@pytest.mark.parametrize(("language", "rulebook"), [("el", "Βιβλίο κανόνων"), ("te", "నియమాల పుస్తకం")])
@pytest.mark.parametrize("path", PAGES)
def test_the_rulebook_reads_in_a_language_of_its_own_letters(web, path, language, rulebook):
    """Greek and Telugu: not a Latin word left but names and codes."""
    english = links(web.open(path))
    page = web.open(f"{path}?lang={language}")
    assert page.get_attribute("html", "lang") == language
    assert english_left(page.inner_text("body")) == []
    assert links(page) == english  # rule ids, anchors and links as in the English book
    assert rulebook in page.inner_text("header.site")
    web.no_horizontal_scroll()
    web.shot(f"rulebook-{language}-{path.strip('/').replace('/', '-')}")


def test_accept_language_greek_and_the_picker(browser, live_server, viewport):
    from tests.browser.conftest import VIEWPORTS, Page

    context = browser.new_context(viewport=VIEWPORTS[viewport], locale="el-GR",
                                  extra_http_headers={"Accept-Language": "el-GR,el;q=0.9"})
    web = Page(context.new_page(), live_server, viewport)
    page = web.open("/rulebook/09_reverse")
    assert page.get_attribute("html", "lang") == "el"
    # a card drawn as a card, named in Greek; its rule linked by id
    assert "κόκκινη Αντιστροφή" in page.locator(".card-name").all_inner_texts()
    assert page.locator("section.rule#REV-2 h2").inner_text().startswith("REV-2")
    # the picker offers each complete language; English is a click away
    picker = page.locator("ul.languages a")
    assert picker.all_inner_texts() == ["en", "fil", "gd", "el", "te", "eo"]
    page.locator("ul.languages a[hreflang=en]").click()
    page.wait_for_load_state("load")
    assert page.get_attribute("html", "lang") == "en"
    assert "With a Reverse, play every card of its colour too" in page.inner_text("main")
    context.close()
    assert web.unexpected_errors() == []


@pytest.mark.parametrize(("language", "asked", "rulebook"), [("eo", "eo", "Regularo"),
                                                           ("fil", "tl", "Aklat ng panuntunan"),
                                                           ("gd", "gd", "Leabhar riaghailtean")])
@pytest.mark.parametrize("path", ["/rulebook", "/rulebook/09_reverse", "/rulebook/13_the_record"])
def test_the_rulebook_reads_in_a_language_of_latin_letters(web, path, language, asked, rulebook):
    """Esperanto, Scottish Gaelic, and Tagalog (asked for as ``tl``, answered as CLDR's ``fil``)."""
    english = links(web.open(path))
    page = web.open(f"{path}?lang={asked}")
    assert page.get_attribute("html", "lang") == language
    assert foreign_to(catalog_words(language), page.inner_text("body")) == []
    assert links(page) == english
    assert rulebook in page.inner_text("header.site")
    web.no_horizontal_scroll()
    web.shot(f"rulebook-{language}-{path.strip('/').replace('/', '-')}")


def test_the_esperanto_check_finds_english():
    """The check above can fail: the English book's words are not Esperanto's."""
    assert "holds" in foreign_to(catalog_words("eo"), "Ana holds ruĝa 4 (TURN-1)")
