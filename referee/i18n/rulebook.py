"""The rulebook in a language: its own gettext domain (``rulebook``), the book's words translated unit by unit.

The feature files stay English: they are the executable source. What a reader sees is translated here, from
``translations/<lang>/LC_MESSAGES/rulebook.po``: a chapter's title and prose, a rule's title and text, a
scenario's name, and each step through its step PATTERN. A step's message is the regular expression its step
definition declares (``steps/``); the translation writes each named group as a ``{slot}``, and the step's
arguments are filled in after translation: card lists with the cards' names of the ``messages`` catalogs,
players' names and numbers as they are, any other words through the catalog.

:func:`translate_book` is the one place that says what of a book is a message. The extractor
(:mod:`referee.i18n.rulebook_extract`) runs it with a recording :class:`Words` to write the template, so the
template holds exactly what the pages ask for. Rule ids, anchors, slugs, card codes and links never change.
"""

from __future__ import annotations

import dataclasses
import gettext
import re
from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po
from babel.support import NullTranslations

from referee.engine.cards import Card, Color
from referee.engine.rules import RULES
from referee.i18n import DEFAULT, resolve
from referee.i18n import catalog as catalog_of
from referee.i18n.words import COLOUR, card_name
from referee.rulebook.book import Background, Book, Chapter, Examples, Paragraph, RuleSection, Scenario, Step
from referee.rulebook.cardtext import card_list, pieces
from referee.rulebook.tabletop import OWED

#: The gettext domain of the rulebook's catalogs (beside the service's ``messages``).
DOMAIN = "rulebook"

#: The template extracted from ``features/`` and the rulebook's page templates (``make rulebook-i18n-extract``).
TEMPLATE = Path(__file__).with_name("rulebook.pot")

#: The languages the rulebook is OFFERED in: each one's rulebook catalog is complete (no empty or fuzzy
#: entry, every slot intact; tests/test_rulebook_i18n.py holds it). A language the referee speaks but that is
#: not here yet gets the English rulebook (docs/i18n.md lists the ones in progress).
OFFERED: tuple[str, ...] = ("en", "fil", "gd", "el", "te", "eo")

#: The contexts of the rulebook's messages: a step's pattern, a step argument or table cell that is words,
#: and the words that join a list of cards. Prose, titles and names have no context.
STEP, VALUE, LIST = "step", "value", "list"

#: The proper names of the scenarios' players: never translated.
_NAMES = frozenset({"Ana", "Ben", "Cy", "Dee"})
_COLOURS = frozenset(c.word for c in Color)
_NUMBER = re.compile(r"^[\d\s×+−-]+$")
_SEPARATOR = re.compile(r"(,\s*|\s+and\s+|\s+then\s+)")
_PLACEHOLDER = re.compile(r"<\w+>")  # an outline's slot, filled from its Examples row
_SLOT = re.compile(r"\{(\w+)\}")
_GROUP = re.compile(r"\(\?P<(\w+)>")


class Words:
    """Where the words of one language come from: ``gettext`` and ``pgettext`` of its rulebook catalog
    (English: the messages themselves)."""

    def __init__(self, translations: gettext.NullTranslations, language: str) -> None:
        self.translations = translations
        self.language = language

    def gettext(self, message: str) -> str:
        """``message`` translated (itself when the catalog lacks it)."""
        return self.translations.gettext(message) if message else message

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in ``context`` translated."""
        return self.translations.pgettext(context, message) if message else message

    def colour(self, word: str) -> str:
        """A colour's word (``red``) in the language (the ``messages`` catalogs')."""
        return word if self.language == DEFAULT else catalog_of(self.language).pgettext(COLOUR, word)

    def card(self, card: Card) -> str:
        """A card's name in the language (the ``messages`` catalogs' words)."""
        return card.name if self.language == DEFAULT else card_name(card, self.language)


def offered(tag: str | None) -> str:
    """The language the rulebook is drawn in for a requested tag: the tag's language when the rulebook is
    offered in it, else English."""
    language = resolve(tag)
    return language if language in OFFERED else DEFAULT


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled rulebook catalog of ``language`` (English: the messages as written), loaded once;
    :class:`~referee.i18n.MissingCatalog` when its ``.mo`` was never compiled."""
    return catalog_of(language, DOMAIN)


def words(language: str) -> Words:
    """The rulebook's words in ``language``."""
    return Words(catalog(language), language)


@cache
def step_patterns() -> tuple[re.Pattern[str], ...]:
    """The steps' patterns, in the order the steps declare them, read from the template (the package does
    not carry ``steps/``; the template is their copy, kept current by a test)."""
    with TEMPLATE.open("rb") as file:
        template = read_po(file)
    return tuple(re.compile(m.id) for m in template if m.context == STEP and isinstance(m.id, str))


def slots(pattern: str) -> set[str]:
    """The named groups of a step pattern: the ``{slots}`` its translation must hold, no more, no fewer."""
    return set(_GROUP.findall(pattern))


def translation_slots(text: str) -> set[str]:
    """The ``{slots}`` a translation holds."""
    return set(_SLOT.findall(text))


_SECTION = re.compile(r"\[([^\[\]|]*)(?:\|([^\[\]]*))?\]")


def fill(template: str, values: dict[str, str]) -> str:
    """A step pattern's translation with its slots filled. Words that the pattern makes optional around a
    slot (``(?: choosing (?P<color>...))?``) are written as a section ``[ choosing {color}]``, shown only
    when every slot in it has a value; ``[A|B]`` shows ``B`` otherwise (``[, passes it and keeps
    {kept}| and keeps it]``)."""
    def section(match: re.Match[str]) -> str:
        inside = _SLOT.findall(match.group(1))
        shown = bool(inside) and all(values.get(name) for name in inside)
        return match.group(1) if shown else (match.group(2) or "")

    return _SECTION.sub(section, template).format(**values)


# -- the book, unit by unit ---------------------------------------------------------------------------


def translate_book(book: Book, words: Words, patterns: Iterable[re.Pattern[str]] | None = None) -> Book:
    """``book`` with every word a reader sees in ``words``' language; ids, slugs, anchors and lines kept."""
    found = tuple(step_patterns() if patterns is None else patterns)
    tr = _Translator(words, found)
    return Book(tuple(tr.chapter(c) for c in book.chapters))


class _Translator:
    def __init__(self, words: Words, patterns: tuple[re.Pattern[str], ...]) -> None:
        self.words = words
        self.patterns = patterns

    def chapter(self, chapter: Chapter) -> Chapter:
        return dataclasses.replace(
            chapter, title=self.words.gettext(chapter.title), paragraphs=self.blocks(chapter.paragraphs),
            background=self.background(chapter.background), rules=tuple(self.rule(r) for r in chapter.rules),
            scenarios=tuple(self.scenario(s) for s in chapter.scenarios))

    def rule(self, rule: RuleSection) -> RuleSection:
        return dataclasses.replace(
            rule, title=self.words.gettext(rule.title), paragraphs=self.blocks(rule.paragraphs),
            background=self.background(rule.background), scenarios=tuple(self.scenario(s) for s in rule.scenarios),
            source_title=rule.source_title or rule.title)

    def scenario(self, scenario: Scenario) -> Scenario:
        return dataclasses.replace(
            scenario, name=self.words.gettext(scenario.name), keyword=self.words.pgettext("keyword", scenario.keyword),
            description=self.blocks(scenario.description),
            steps=self.steps(scenario.steps), examples=tuple(self.examples(e) for e in scenario.examples))

    def examples(self, examples: Examples) -> Examples:
        return dataclasses.replace(
            examples, name=self.words.gettext(examples.name),
            header=tuple(self.value(h) for h in examples.header),
            rows=tuple((line, tuple(self.value(c) for c in row)) for line, row in examples.rows))

    def background(self, background: Background | None) -> Background | None:
        return None if background is None else Background(self.steps(background.steps))

    def blocks(self, blocks: tuple[Paragraph, ...]) -> tuple[Paragraph, ...]:
        return tuple(self.block(b) for b in blocks)

    def block(self, block: Paragraph) -> Paragraph:
        """A paragraph or heading, or a list entry by entry (a list's text is its entries joined)."""
        items = tuple(self.words.gettext(i) for i in block.items)
        text = " ".join(items) if block.items else self.words.gettext(block.text)
        label = self.words.gettext(block.label) if block.clarification else block.label
        return dataclasses.replace(block, text=text, items=items, label=label, source=block.source or block.text)

    def steps(self, steps: tuple[Step, ...]) -> tuple[Step, ...]:
        return tuple(dataclasses.replace(
            s, keyword=self.words.pgettext("keyword", s.keyword), text=self.step_text(s.text),
            table=tuple(tuple(self.value(c) for c in row) for row in s.table)) for s in steps)

    def step_text(self, text: str) -> str:
        """:meth:`step_words` with an outline's ``<slots>`` named as its Examples' header is."""
        return _PLACEHOLDER.sub(lambda m: f"<{self.value(m.group(0)[1:-1])}>", self.step_words(text))

    def step_words(self, text: str) -> str:
        """A step through its pattern: the pattern's translation with the arguments filled in. A step no
        pattern matches (an outline's ``<slot>``) is a message of its own."""
        for pattern in self.patterns:
            match = pattern.fullmatch(text)
            if match is not None:
                template = self.words.pgettext(STEP, pattern.pattern)
                values = {name: self.value(v) if v is not None else "" for name, v in match.groupdict().items()}
                if template == pattern.pattern:  # untranslated (English): the step as written
                    return text
                return fill(template, values)
        return self.words.pgettext(STEP, text)

    def value(self, value: str) -> str:
        """A step's argument or a table's cell: a name or number as it is, a list of cards in the language's
        card names, anything else through the catalog."""
        stripped = value.strip()
        if not stripped or stripped in _NAMES or _NUMBER.match(stripped) or _PLACEHOLDER.fullmatch(stripped):
            return value
        if stripped in RULES:
            return value
        if stripped in _COLOURS:
            return self.words.colour(stripped)
        cards = _cards(stripped)
        if cards is not None:
            return self.cards(stripped)
        named = [p.card for p in pieces(value) if p.card is not None]
        if not named:
            return self.words.pgettext(VALUE, value)
        # words around cards ("draws red 6"): one message with a slot a card, the cards named after
        template = "".join(f"{{c{sum(1 for q in found[:i] if q.card)}}}" if piece.card else piece.text
                           for found in [pieces(value)] for i, piece in enumerate(found))
        return self.words.pgettext(VALUE, template).format(
            **{f"c{i}": self.words.card(card) for i, card in enumerate(named)})

    def cards(self, text: str) -> str:
        """A list of cards as the book writes one (``red 4, red skip then green 7``), in the language."""
        if text in ("nothing", "no cards"):
            return self.words.pgettext(LIST, text)
        out: list[str] = []
        for part in _SEPARATOR.split(text):
            if _SEPARATOR.fullmatch(part):
                out.append(", " if part.strip() == "," else self.words.pgettext(LIST, f" {part.strip()} "))
            elif m := re.fullmatch(r"(\d+\s*×\s*)(.+)", part):
                out.append(m.group(1) + self.words.card(_one(m.group(2))))
            else:
                out.append(self.words.card(_one(part)))
        return "".join(out)


def _one(name: str) -> Card:
    return card_list(name)[0]


def _cards(text: str) -> list[Card] | None:
    """The cards ``text`` lists, or None when it is not a list of cards."""
    try:
        cards = card_list(text)
    except (ValueError, KeyError):
        return None
    return cards if cards or text in ("nothing", "no cards") else None


class Recorder(Words):
    """A :class:`Words` that answers every message with itself and remembers each one asked for, with a
    gettext context or none (the extractor's view of :func:`translate_book`)."""

    def __init__(self) -> None:
        super().__init__(NullTranslations(), DEFAULT)
        self.asked: dict[tuple[str | None, str], None] = {}

    def gettext(self, message: str) -> str:
        if message:
            self.asked.setdefault((None, message), None)
        return message

    def pgettext(self, context: str, message: str) -> str:
        if message:
            self.asked.setdefault((context, message), None)
        return message


#: Words the pages show that come from elsewhere than the book and the templates' literals: the service's
#: links in the navigation bar (referee/service/pages.py), a test run's and a variant run's outcomes, and
#: what a player owes on the table before the first move (referee/rulebook/tabletop.py).
SHOWN = ("Play", "Replay viewer", "API docs", "passed", "failed", "skipped", "held", "changed", "unexpected",
         "error", *OWED.values())


def record(book: Book, patterns: Iterable[re.Pattern[str]], on_step: Callable[[str], None] | None = None) -> Recorder:
    """Every message rendering ``book`` asks for: a step's pattern once it matched a step, with the
    patterns ordered as given."""
    recorder = Recorder()
    ordered = tuple(patterns)
    for pattern in ordered:  # the patterns first, in order: the pages read them back in this order
        recorder.pgettext(STEP, pattern.pattern)
    translate_book(book, recorder, ordered)
    for words in SHOWN:
        recorder.gettext(words)
    return recorder


__all__ = [
    "DOMAIN",
    "OFFERED",
    "TEMPLATE",
    "Recorder",
    "Words",
    "catalog",
    "offered",
    "record",
    "slots",
    "step_patterns",
    "translate_book",
    "translation_slots",
    "words",
]
