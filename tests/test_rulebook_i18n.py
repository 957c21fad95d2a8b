"""The rulebook's own catalogs (the ``rulebook`` domain): current with features/, complete where offered, and
the pages drawn through them keep every id, anchor and link of the English book."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from click.testing import CliRunner

from referee.cli import main
from referee.i18n import LANGUAGES, TRANSLATIONS
from referee.i18n.rulebook import OFFERED, STEP, TEMPLATE, Words, offered, slots, translation_slots
from referee.rulebook import Rulebook, load_book

ROOT = Path(__file__).resolve().parents[1]
FEATURES = ROOT / "features"
TRANSLATED = [language for language in LANGUAGES if language != "en"]
_OUTLINE = re.compile(r"<\w+>")
_FORMAT = re.compile(r"%\(\w+\)[sd]")


def po(language: str):
    with (TRANSLATIONS / language / "LC_MESSAGES" / "rulebook.po").open("rb") as file:
        return read_po(file, locale=language)


def key(message) -> tuple:
    return (message.context, message.id if isinstance(message.id, str) else tuple(message.id))


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """The template extracted from features/ and the templates now, by the Makefile's target."""
    pot = tmp_path_factory.mktemp("rulebook-i18n") / "rulebook.pot"
    subprocess.run(["make", "-s", "rulebook-i18n-extract", f"RULEBOOK_POT={pot}", f"PYTHON={sys.executable}"],
                   cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as file:
        return read_po(file)


def test_the_committed_template_is_current(fresh):
    with TEMPLATE.open("rb") as file:
        committed = read_po(file)
    assert [key(m) for m in committed if m.id] == [key(m) for m in fresh if m.id], \
        "features/ or the steps changed: run `make rulebook-i18n-update`"


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalog_holds_every_message_of_the_book(fresh, language):
    wanted = {key(m) for m in fresh if m.id}
    held = {key(m) for m in po(language) if m.id}
    assert not wanted - held, f"{language} lacks {sorted(wanted - held, key=str)[:5]}: run `make rulebook-i18n-update`"
    assert not held - wanted, f"{language} holds messages the book no longer has: {sorted(held - wanted, key=str)[:5]}"


def test_every_offered_language_is_complete():
    assert OFFERED[0] == "en" and set(OFFERED) <= set(LANGUAGES)
    for language in OFFERED[1:]:
        _complete(language)


def _complete(language: str) -> None:
    catalog = po(language)
    for message in catalog:
        if not message.id:
            continue
        assert message.string, f"{language}: {message.id!r} is not translated"
        assert not message.fuzzy, f"{language}: {message.id!r} is fuzzy"
        if message.context == STEP and "(?" in message.id:
            assert translation_slots(message.string) == slots(message.id), f"{language}: {message.id!r}"
        elif isinstance(message.id, str):
            assert sorted(_FORMAT.findall(message.string)) == sorted(_FORMAT.findall(message.id)), message.id
            assert translation_slots(message.string) == translation_slots(message.id), message.id
        # an outline's <slots> stay, to be filled from its Examples
        if isinstance(message.id, str) and "(?" not in message.id:
            assert set(_OUTLINE.findall(message.string)) == set(_OUTLINE.findall(message.id)), message.id
        assert not list(message.check(catalog)), f"{language}: {message.id!r}"


def test_a_language_not_offered_gets_the_english_book():
    assert offered("el-GR") == ("el" if "el" in OFFERED else "en")
    assert offered("xx") == "en" and offered(None) == "en"
    for language in LANGUAGES:
        assert offered(language) in OFFERED


def marked(language: str) -> Words:
    """Every message of the template 'translated' into a marked English (``«...»``), slots kept: a real
    gettext catalog, so that what is and is not drawn through it shows."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    catalog = Catalog(locale="el", domain="rulebook")
    for message in template:
        if message.id:
            string = tuple(f"«{i}»" for i in message.id) if message.pluralizable else f"«{_slotted(message)}»"
            catalog.add(message.id, string, context=message.context)
    buffer = __import__("io").BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Words(Translations(buffer, domain="rulebook"), language)


def _slotted(message) -> str:
    if message.context == STEP and "(?P<" in message.id:
        return " ".join(f"{{{s}}}" for s in sorted(slots(message.id))) or "step"
    return message.id


def _ids(html: str) -> list[str]:
    return re.findall(r'(?:id|href)="([^"]+)"', html)


def test_a_chapter_drawn_through_a_catalog_keeps_its_ids_anchors_and_links(monkeypatch):
    book = load_book(FEATURES)
    english = Rulebook(book)
    monkeypatch.setattr("referee.i18n.rulebook.words", marked)
    greek = Rulebook(book, language="el")
    for chapter in book.chapters:
        mine = greek.book.chapter(chapter.slug)
        assert mine is not None and mine.title == f"«{chapter.title}»"
        assert _ids(greek.chapter_page(mine)) == _ids(english.chapter_page(chapter))
    assert _ids(greek.index_page()) == _ids(english.index_page())
    assert _ids(greek.rule_page("REV-2")) == _ids(english.rule_page("REV-2"))
    page = greek.chapter_page(greek.book.chapter("09_reverse"))
    assert '<html lang="el">' in page
    # "Ana holds red reverse, red 4, ..." through its pattern: the slots filled, the cards in Greek
    assert "κόκκινη Αντιστροφή" in page and "Ana" in page
    assert "red reverse" not in re.sub(r"<[^>]+>", "", page)


def test_the_static_site_in_a_language_not_offered_is_refused(tmp_path):
    runner = CliRunner()
    refused = [lang for lang in TRANSLATED if lang not in OFFERED] + ["de"]  # "de": no catalog at all
    for language in refused:
        result = runner.invoke(main, ["rulebook", "--out", str(tmp_path / language), "--lang", language])
        assert result.exit_code != 0 and "--lang" in result.output
    result = runner.invoke(main, ["rulebook", "--out", str(tmp_path / "en"), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert '<html lang="en">' in (tmp_path / "en" / "index.html").read_text(encoding="utf-8")


def test_the_service_draws_the_rulebook_in_an_offered_language_only():
    from referee.service import create_app

    client = create_app().test_client()
    for asked, headers in (("?lang=el", {}), ("", {"Accept-Language": "el"}), ("?lang=tl", {})):
        page = client.get(f"/rulebook{asked}", headers={"Accept": "text/html", **headers})
        assert page.status_code == 200
        language = offered((asked[6:] if asked else None) or headers.get("Accept-Language"))
        assert f'<html lang="{language}">' in page.get_data(as_text=True)
