"""The message catalogs (referee/i18n/translations): complete, current, well formed, plural forms per CLDR.

A catalog falls behind the code when the code says something the catalog does not translate: the template
is extracted afresh here with the Makefile's own command (``make i18n-extract``) and every language's
catalog must hold each of its messages, translated, not fuzzy, and nothing else.
"""

from __future__ import annotations

import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel import Locale
from babel.messages.mofile import read_mo
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from referee.engine.cards import ALL_CARDS
from referee.engine.rules import RULES
from referee.i18n import LANGUAGES, TRANSLATIONS, catalog, resolve
from referee.i18n.words import card_key, card_name, rule_title

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [language for language in LANGUAGES if language != "en"]


def po(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=language)


def words(message) -> tuple[str, ...]:
    return (message.string,) if isinstance(message.string, str) else tuple(message.string)


def key(message) -> tuple:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """The template extracted from the code now, by the Makefile's target."""
    pot = tmp_path_factory.mktemp("i18n") / "messages.pot"
    subprocess.run(["make", "-s", "i18n-extract", f"I18N_POT={pot}", f"PYTHON={sys.executable}"], cwd=ROOT,
                   check=True, capture_output=True)
    with pot.open("rb") as file:
        return read_po(file)


def test_the_template_holds_every_rule_and_card(template):
    keys = {key(m) for m in template if m.id}
    assert {(rule.id, rule.title) for rule in RULES.values()} <= keys
    assert {("card", card_key(card)) for card in ALL_CARDS} <= keys
    assert len(RULES) == 61


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_catalog_keeps_up_with_the_code(template, language):
    """Every message of the code is in the catalog, translated and not fuzzy; nothing stale is left."""
    catalog_ = po(language)
    wanted = {key(m) for m in template if m.id}
    held = {key(m): m for m in catalog_ if m.id}
    assert sorted(wanted - set(held), key=str) == [], f"{language}: run make i18n-update and translate these"
    assert sorted(set(held) - wanted, key=str) == [], f"{language}: messages the code no longer says"
    for message in held.values():
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(form.strip() for form in forms), f"{language}: empty translation of {message.id!r}"
        assert not message.fuzzy, f"{language}: fuzzy translation of {message.id!r}"


def _placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize("language", TRANSLATED)
def test_placeholders_intact_and_babels_checks_pass(language):
    catalog_ = po(language)
    problems = [(message.id, [str(e) for e in errors]) for message, errors in catalog_.check() if errors]
    assert problems == []
    for message in catalog_:
        if not message.id:
            continue
        ids = (message.id,) if isinstance(message.id, str) else message.id
        forms = (message.string,) if isinstance(message.string, str) else message.string
        wanted = _placeholders(ids[-1]) | _placeholders(ids[0])
        for form in forms:  # a malformed brace fails here too (Formatter.parse raises)
            assert _placeholders(form) == wanted, (language, message.id, form)


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_forms_follow_cldr(language):
    catalog_ = po(language)
    expected = get_plural(language)
    assert catalog_.num_plurals == expected.num_plurals == len(Locale.parse(language).plural_form.rules) + 1
    assert catalog_.plural_expr == expected.plural_expr
    for message in catalog_:
        if message.id and not isinstance(message.id, str):
            assert len(message.string) == expected.num_plurals, message.id


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalog_is_the_catalog(language):
    """`make install` compiled the .mo from the .po as it is now (a stale .mo would say old words)."""
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.mo").open("rb") as file:
        compiled = read_mo(file)
    source = po(language)
    assert {key(m): words(m) for m in compiled if m.id} == {key(m): words(m) for m in source if m.id}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_rule_and_card_has_its_words(language):
    for rule in RULES.values():
        words = rule_title(rule.id, language)
        assert words and words != rule.title, (language, rule.id)
    names = {card_name(card, language) for card in ALL_CARDS}
    assert len(names) == len({card.name for card in ALL_CARDS}), f"{language}: two cards share a name"


def test_language_tags():
    assert resolve("el-GR") == "el"
    assert resolve("EN_gb") == "en"
    assert resolve("xx") is None and resolve("") is None and resolve(None) is None
    if "fil" in LANGUAGES:
        assert resolve("tl") == "fil" and resolve("tl-PH") == "fil"
    assert catalog("en").gettext("Unknown rule") == "Unknown rule"


@pytest.mark.parametrize(("count", "words"), [
    (1, "feumaidh Ben 1 chairt a tharraing, chan e 4"),     # CLDR "one": 1 and 11
    (2, "feumaidh Ben 2 chairt a tharraing, chan e 4"),     # "two": 2 and 12
    (3, "feumaidh Ben 3 cairtean a tharraing, chan e 4"),   # "few": 3-10 and 13-19
    (11, "feumaidh Ben 11 chairt a tharraing, chan e 4"),
    (12, "feumaidh Ben 12 chairt a tharraing, chan e 4"),
    (13, "feumaidh Ben 13 cairtean a tharraing, chan e 4"),
    (20, "feumaidh Ben 20 cairt a tharraing, chan e 4"),    # "other": 20 and beyond
])
def test_a_count_of_cards_in_scottish_gaelic(count, words):
    """Scottish Gaelic has four plural forms, chosen by CLDR's rule: the noun after 1 and 11, after 2 and 12,
    after 3 to 10 and 13 to 19, and after the rest each take their own form."""
    from referee.i18n.phrases import translate

    english = f"Ben must draw {count} card{'s' if count != 1 else ''}, not 4"
    assert translate(english, "gd") == words


def test_the_back_translation_shows_the_catalogs_words():
    """docs/i18n-back-translation.md sets each rule's words beside their back-translation: for every language
    and every rule, the words it shows are the catalog's now (a mend of a catalog is a mend of the page)."""
    text = (ROOT / "docs" / "i18n-back-translation.md").read_text(encoding="utf-8")
    sections = {section.split(")", 1)[0].rsplit("(", 1)[-1]: section for section in text.split("\n## ")[1:]}
    assert sorted(sections) == sorted(TRANSLATED)
    for language, section in sections.items():
        rows = {cells[1].strip(): cells for cells in (line.split("|") for line in section.splitlines())
                if len(cells) == 6 and cells[1].strip() in RULES}
        assert sorted(rows) == sorted(RULES), language
        for rule_id, cells in rows.items():
            assert cells[3].strip() == rule_title(rule_id, language), (language, rule_id)
            assert cells[4].strip(), (language, rule_id)  # its back-translation
