"""Drawing the rulebook as HTML pages: the contents, one page per chapter, one page per rule.

The same pages serve the static site (``referee rulebook --out DIR``) and the service (``/rulebook``); a
:class:`Links` says where each page and asset lives in either.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from babel.dates import format_datetime
from jinja2 import Environment, PackageLoader, select_autoescape

from referee.engine.rules import RULES
from referee.rulebook import cardtext
from referee.rulebook.book import Book, Chapter, Scenario
from referee.rulebook.results import Results
from referee.rulebook.tabletop import Tabletop, stated_table

STATIC = Path(__file__).resolve().parent / "static"


@dataclass(frozen=True)
class Links:
    """Where pages are: ``pattern``s with ``{slug}``, ``{id}`` and ``{name}`` (a static file), and the
    extra links of the page's navigation bar (label, href)."""

    index: str = "index.html"
    home: str | None = None  # the site's home, when it has one beyond the rulebook
    chapter: str = "{slug}.html"
    rule: str = "{id}.html"
    static: str = "static/{name}"
    nav: tuple[tuple[str, str], ...] = ()

    def to_chapter(self, chapter: Chapter) -> str:
        """The chapter's page."""
        return self.chapter.format(slug=chapter.slug)

    def to_rule(self, rule_id: str) -> str:
        """The rule's own page."""
        return self.rule.format(id=rule_id)

    def to_static(self, name: str) -> str:
        """A stylesheet or image of the pages."""
        return self.static.format(name=name)


@dataclass
class Rulebook:
    """A book with the results to show beside its scenarios, ready to be drawn page by page."""

    book: Book
    links: Links = field(default_factory=Links)
    outcomes: Results | None = None
    variant_report: Results | None = None
    language: str = "en"  # one of referee.i18n.rulebook.OFFERED; the book's words and the pages' in it
    #: (tag, href) of each language the rulebook is offered in, for the pages' language picker
    languages: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        from referee.i18n.rulebook import translate_book  # the rulebook domain reads this package's book
        from referee.i18n.rulebook import words as rulebook_words

        self._env = Environment(loader=PackageLoader("referee.rulebook"), autoescape=select_autoescape(),
                                trim_blocks=True, lstrip_blocks=True, extensions=["jinja2.ext.i18n"])
        words = rulebook_words(self.language)
        self._env.install_gettext_translations(words.translations, newstyle=True)  # type: ignore[attr-defined]
        self._source = self.book  # the English: the table a scenario lays out is read from its steps
        if self.language != "en":
            self.book = translate_book(self.book, words)
        self._env.filters["when"] = when
        self._env.filters["sentence"] = sentence
        self._tables: dict[tuple[str, int], Tabletop | None] = {}
        self._env.globals.update(pieces=cardtext.pieces_in(self.language), lang=self.language,
                                 languages=self.languages,
                                 card_words=words.card, colour_words=words.colour,
                                 colour_class=cardtext.colour_class,
                                 symbol=cardtext.symbol, links=self.links, registry=RULES, table_of=self.table_of,
                                 outcomes=self.outcomes, variant_report=self.variant_report)

    def table_of(self, scenario: Scenario) -> Tabletop | None:
        """The whole table ``scenario`` lays out before its first move (its chapter's and rule's Backgrounds
        first), or None when it states no whole position (a draft, an earlier round, an outline)."""
        key = (scenario.file, scenario.line)
        if key not in self._tables:
            self._tables[key] = None
            for chapter in self._source.chapters:
                if chapter.file != scenario.file:
                    continue
                shared = list(chapter.background.steps) if chapter.background else []
                for rule in (None, *chapter.rules):
                    scenarios = chapter.scenarios if rule is None else rule.scenarios
                    source = next((s for s in scenarios if s.line == scenario.line), None)
                    if source is not None and not source.examples:
                        own = list(rule.background.steps) if rule is not None and rule.background else []
                        self._tables[key] = stated_table([*shared, *own, *source.steps])
        return self._tables[key]

    def _page(self, template: str, **values) -> str:
        return self._env.get_template(template).render(book=self.book, **values)

    def index_page(self) -> str:
        """The quick reference and what differs from classic UNO (the opening chapter's, first), a way in to
        the first round, then every chapter with its rules, and the last run's tally."""
        opening = next((c for c in self.book.chapters if c.variant is None), None)
        return self._page("index.html", opening=opening,
                          counts=self.tally(self.outcomes) if self.outcomes else None,
                          variant_counts=self.tally(self.variant_report) if self.variant_report else None)

    def tally(self, results: Results) -> dict[str, int]:
        """How many of the book's scenarios (an outline: each row) have each outcome; "not run" for those
        the results do not cover (results for scenarios no longer in the book are not counted)."""
        counts: dict[str, int] = {}
        for chapter in self.book.chapters:
            for scenario in chapter.all_scenarios():
                rows = [(e.header, row) for e in scenario.examples for _, row in e.rows]
                found = [results.for_row(scenario, h, r) for h, r in rows] if rows else \
                    [results.for_scenario(scenario)]
                for result in found:
                    name = result.outcome if result else "not run"
                    counts[name] = counts.get(name, 0) + 1
        return counts

    def chapter_page(self, chapter: Chapter) -> str:
        """A whole chapter: its text, each rule with its id as an anchor, every scenario."""
        chapters = list(self.book.chapters)
        at = chapters.index(chapter)
        return self._page("chapter.html", chapter=chapter,
                          previous=chapters[at - 1] if at > 0 else None,
                          next=chapters[at + 1] if at + 1 < len(chapters) else None)

    def rule_page(self, rule_id: str) -> str | None:
        """One rule on its own page, and the scenarios elsewhere that cite it; None for an id the book
        does not state and the registry does not hold."""
        found = self.book.rule(rule_id)
        if found is None and rule_id not in RULES:
            return None
        chapter, rule = found if found else (None, None)
        elsewhere = [(c, s) for c, s in self.book.tagged(rule_id)
                     if rule is None or s not in rule.scenarios]
        return self._page("rule.html", rule_id=rule_id, chapter=chapter, rule=rule, elsewhere=elsewhere)

    def write_site(self, out: Path) -> list[Path]:
        """Write every page and the stylesheet under ``out``; the files written."""
        out = Path(out)
        out.mkdir(parents=True, exist_ok=True)
        written = [_write(out / self.links.index, self.index_page())]
        for chapter in self.book.chapters:
            written.append(_write(out / self.links.to_chapter(chapter), self.chapter_page(chapter)))
        for rule_id in dict.fromkeys([*self.book.rule_ids(), *RULES]):
            written.append(_write(out / self.links.to_rule(rule_id), self.rule_page(rule_id)))
        for asset in STATIC.iterdir():
            target = out / self.links.to_static(asset.name)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(asset, target)
            written.append(target)
        return written


def when(stamp: str, language: str = "en") -> str:
    """An ISO 8601 time as a person reads it, in UTC: ``3 December 2026 at 08:10 UTC`` (in another
    language, CLDR's words for the date, from Babel); a stamp that is no ISO time is shown as it is."""
    try:
        moment = datetime.fromisoformat(stamp)
    except (TypeError, ValueError):
        return str(stamp)
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC)
    zone = " UTC" if moment.tzinfo is not None else ""
    if language != "en":
        return format_datetime(moment.replace(tzinfo=None), "d MMMM y, HH:mm", locale=language) + zone
    return f"{moment.day} {moment:%B %Y} at {moment:%H:%M}{zone}"


def sentence(text: str) -> str:
    """``text`` with its first letter in capitals: a clarification's words standing without their
    "Clarification:" label begin a sentence of their own."""
    for at, letter in enumerate(text):
        if letter.isalpha():
            return text[:at] + letter.upper() + text[at + 1:]
    return text


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


__all__ = ["Links", "Rulebook"]
