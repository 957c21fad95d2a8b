"""The living rulebook's renderer: structure, not wording (the chapters' text is free to change).

Every chapter is listed, every Rule id has an anchor and a page, cards are drawn as cards with their names,
clarifications are marked, tables are tables, outcomes and a variant run are shown per scenario.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.bundled import example_names, example_summaries, features_dir
from referee.cli import main
from referee.engine.rules import RULES
from referee.rulebook import ResultsError, Rulebook, RulebookError, load_book, load_outcomes, load_variant_report
from referee.rulebook.book import paragraphs
from referee.rulebook.cardtext import pieces

BOOK = load_book(features_dir())
#: Chapters found by a rule they state, not by file name (the book's files may be renamed).
REVERSE = BOOK.rule("REV-2")[0]
VOLLEY = BOOK.rule("D2-1")[0]
REPO = Path(__file__).resolve().parent.parent


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text inside elements of chosen classes."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.open: list[tuple[str, dict, list[str]]] = []
        self.texts: list[tuple[str, dict, str]] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attributes = {k: v or "" for k, v in attrs}
        self.tags.append((tag, attributes))
        if tag not in ("br", "img", "input", "link", "meta"):
            self.open.append((tag, attributes, []))

    def handle_endtag(self, tag):
        while self.open:
            name, attributes, text = self.open.pop()
            joined = "".join(text)
            self.texts.append((name, attributes, joined))
            if self.open:
                self.open[-1][2].append(joined)
            if name == "tag":
                break
            if name == tag:
                break

    def handle_data(self, data):
        if self.open:
            self.open[-1][2].append(data)

    def ids(self) -> set[str]:
        return {a["id"] for _, a in self.tags if "id" in a}

    def with_class(self, name: str) -> list[tuple[str, dict, str]]:
        return [t for t in self.texts if name in t[1].get("class", "").split()]


def site(tmp_path, **results) -> Path:
    Rulebook(BOOK, **results).write_site(tmp_path)
    return tmp_path


@pytest.fixture(scope="module")
def plain(tmp_path_factory) -> Path:
    """The site without results, written once for the tests that only read it."""
    return site(tmp_path_factory.mktemp("site"))


def test_the_book_has_every_chapter_in_file_order():
    main_files = sorted(p.name for p in features_dir().glob("*.feature"))
    assert [c.file for c in BOOK.chapters if c.variant is None] == main_files
    variant_files = sorted(p.relative_to(features_dir()).as_posix()
                           for p in features_dir().glob("variants/*/*.feature"))
    assert [c.file for c in BOOK.chapters if c.variant] == variant_files
    assert all(c.title for c in BOOK.chapters)


def test_every_rule_block_names_a_registered_rule():
    ids = BOOK.rule_ids()
    assert ids, "no Rule: blocks found"
    assert set(ids) <= set(RULES)


def test_the_contents_list_every_chapter_and_rule(plain):
    page = Elements((plain / "index.html").read_text(encoding="utf-8"))
    listed = [text.strip() for tag, attrs, text in page.texts if tag == "a" and attrs.get("href", "").endswith(".html")
              and any(attrs["href"] == f"{c.slug}.html" for c in BOOK.chapters) and "#" not in attrs["href"]]
    assert listed == [c.title for c in BOOK.chapters]
    hrefs = {a.get("href") for t, a in page.tags if t == "a"}
    for chapter in BOOK.chapters:
        if chapter.variant is None:
            for rule in chapter.rules:
                assert f"{chapter.slug}.html#{rule.anchor}" in hrefs


def test_every_rule_has_an_anchor_in_its_chapter_and_a_page(plain):
    out = plain
    for chapter in BOOK.chapters:
        ids = Elements((out / f"{chapter.slug}.html").read_text(encoding="utf-8")).ids()
        for rule in chapter.rules:
            assert rule.anchor in ids, (chapter.file, rule.anchor)
        for scenario in chapter.all_scenarios():
            assert scenario.anchor in ids
    for rule_id in RULES:
        page = Elements((out / f"{rule_id}.html").read_text(encoding="utf-8"))
        assert rule_id in page.ids()


def test_cards_are_drawn_as_cards_with_their_names(plain):
    html = (plain / f"{REVERSE.slug}.html").read_text(encoding="utf-8")
    cards = Elements(html).with_class("card")
    assert cards
    colours = {"card-red", "card-yellow", "card-green", "card-blue", "card-wild"}
    for _, attrs, text in cards:
        classes = set(attrs["class"].split())
        assert len(classes & colours) == 1
        assert attrs["title"] in text.lower()  # the name is there as text, not only the colour
    reds = [a["title"] for _, a, _ in cards if "card-red" in a["class"]]
    assert reds and all(t.startswith("red ") for t in reds)


def test_card_names_and_rule_ids_in_text():
    found = pieces("Ana holds Red Reverse, wild draw 4 and blue 7; illegal under REV-2, not REV-99 nor bluebird 7; "
                   "a Wild Draw 4 (the kind of card) is words")
    assert [(p.card.code if p.card else None, p.rule) for p in found if p.card or p.rule] == [
        ("RR", None), ("W+4", None), ("B7", None), (None, "REV-2")]
    assert "".join(p.text for p in found).startswith("Ana holds Red Reverse, wild")


def test_clarifications_are_marked():
    found = paragraphs("""The rule itself.
        It goes on.

        Clarification: what we decided,
        and why.
        (clarification) An older marking.
        A last plain paragraph? No: it continues the clarification.

        Plain again.""")
    assert [(p.clarification, p.text.split()[0]) for p in found] == [
        (False, "The"), (True, "what"), (True, "An"), (False, "Plain")]
    assert found[1].text == "what we decided, and why."


def test_rule_names_with_or_without_a_dash(tmp_path):
    (tmp_path / "01_x.feature").write_text("""Feature: X
  Rule: REV-2 — All or nothing
    The rule's text.
    Clarification: a reading.

    Scenario: One
      Given Ana holds red 4
      | a | b |
      | red 1 | 2 |

  Rule: REV-1 With a Reverse
    Scenario Outline: Two <card>
      Given Ana holds <card>
      Examples:
        | card |
        | red 5 |
        | blue 6 |
""", encoding="utf-8")
    book = load_book(tmp_path)
    rules = book.chapters[0].rules
    assert [(r.id, r.title) for r in rules] == [("REV-2", "All or nothing"), ("REV-1", "With a Reverse")]
    assert [p.clarification for p in rules[0].paragraphs] == [False, True]
    assert rules[0].scenarios[0].steps[0].table == (("a", "b"), ("red 1", "2"))
    assert [row for _, row in rules[1].scenarios[0].examples[0].rows] == [("red 5",), ("blue 6",)]
    html = Rulebook(book).chapter_page(book.chapters[0])
    tables = Elements(html).with_class("table-wrap")
    assert len(tables) == 2 and "red 1" in tables[0][2]


def test_a_file_that_is_not_gherkin_is_named(tmp_path):
    bad = "Feature: X\n  Scenario: a\n    Given x\n    | a |\n    | b | c |\n"  # rows of unequal width
    (tmp_path / "01_bad.feature").write_text(bad, encoding="utf-8")
    with pytest.raises(RulebookError, match=r"01_bad\.feature"):
        load_book(tmp_path)
    with pytest.raises(RulebookError, match=r"no \.feature files"):
        load_book(tmp_path / "absent")


def _outcomes(tmp_path, failed_line: int) -> Path:
    entries = []
    for chapter in BOOK.chapters:
        for scenario in chapter.all_scenarios():
            rows = [dict(zip(e.header, r, strict=False)) for e in scenario.examples for _, r in e.rows]
            for example in rows or [None]:
                outcome = "failed" if (chapter is REVERSE and scenario.line == failed_line) else "passed"
                entries.append({"feature": scenario.file, "line": scenario.line, "name": scenario.name,
                                "example": example, "outcome": outcome})
    path = tmp_path / "outcomes.json"
    path.write_text(json.dumps({"format": "rulebook-outcomes/1", "scenarios": entries}), encoding="utf-8")
    return path


def test_each_scenario_shows_its_last_outcome(tmp_path):
    failed = REVERSE.all_scenarios()[1]
    out = site(tmp_path / "site", outcomes=load_outcomes(_outcomes(tmp_path, failed.line)))
    page = Elements((out / f"{REVERSE.slug}.html").read_text(encoding="utf-8"))
    articles = {a["id"]: text for tag, a, text in page.texts if tag == "article" and "scenario" in a.get("class", "")}
    assert "failed" in articles[failed.anchor]
    assert all("passed" in text for anchor, text in articles.items() if anchor != failed.anchor)
    outline = next(s for c in BOOK.chapters for s in c.all_scenarios() if s.examples)
    html = (out / f"{BOOK.chapters[[c.file for c in BOOK.chapters].index(outline.file)].slug}.html").read_text(
        encoding="utf-8")
    rows = [t for tag, a, t in Elements(html).texts if tag == "tr" and a.get("id") in
            {f"line-{line}" for e in outline.examples for line, _ in e.rows}]
    assert rows and all("passed" in r for r in rows)  # each row of an outline has its own outcome


def test_a_variant_run_is_shown_per_scenario(tmp_path):
    held, changed, odd = VOLLEY.all_scenarios()[:3]
    report = tmp_path / "variant.json"  # the shape tests/variant_run.py writes (uno-duo-variant-run/1)
    report.write_text(json.dumps({"format": "uno-duo-variant-run/1", "variant": {"name": "no-volley"}, "rules": [
        {"rule": "D2-1", "status": "changed", "held": 1, "changed": 1, "unexpected": 0, "error": 0}], "scenarios": [
        {"feature": held.file, "line": held.line, "status": "held", "base": "legal", "variant": "legal"},
        {"feature": changed.file, "line": changed.line, "status": "changed", "base": "legal",
         "variant": "illegal D2-1 at /rounds/0/events/1: Ben must draw",
         "step": {"line": changed.line + 4, "text": "Then the moves so far are legal"}},
        {"feature": odd.file, "line": odd.line, "status": "unexpected", "base": "legal",
         "variant": "illegal LOG-4 at /rounds/0/events/2"}]}), encoding="utf-8")
    out = site(tmp_path / "site", variant_report=load_variant_report(report))
    page = Elements((out / f"{VOLLEY.slug}.html").read_text(encoding="utf-8"))
    articles = {a["id"]: text for tag, a, text in page.texts if tag == "article" and "scenario" in a.get("class", "")}
    assert "held" in articles[held.anchor]
    assert "changed" in articles[changed.anchor]
    assert "illegal D2-1 at /rounds/0/events/1" in articles[changed.anchor] and "legal" in articles[changed.anchor]
    assert "the moves so far are legal" in articles[changed.anchor]  # where the two runs part
    assert "unexpected" in articles[odd.anchor]
    sides = [t for t in page.with_class("side-by-side")]
    assert sides and "no-volley" in sides[0][2] and "base rules" in sides[0][2]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(r"1 held.*1 changed.*1 unexpected", index, re.S)
    assert 'href="D2-1.html"' in index  # the table per rule


def test_a_bad_variant_report_is_refused(tmp_path):
    report = tmp_path / "bad.json"
    report.write_text(json.dumps({"scenarios": [{"feature": "x", "line": 1, "status": "maybe"}]}), encoding="utf-8")
    with pytest.raises(ResultsError, match="held, changed, unexpected"):
        load_variant_report(report)
    result = CliRunner().invoke(main, ["rulebook", "--out", str(tmp_path / "s"), "--variant-report", str(report)])
    assert result.exit_code == 1 and "held, changed, unexpected" in result.output


def test_the_command_writes_the_site(tmp_path):
    outcomes = _outcomes(tmp_path, -1)
    result = CliRunner().invoke(main, ["rulebook", "--out", str(tmp_path / "s"), "--outcomes", str(outcomes)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "s"
    assert (out / "index.html").is_file() and (out / "static" / "rulebook.css").is_file()
    assert {p.stem for p in out.glob("*.html")} >= {c.slug for c in BOOK.chapters} | set(RULES)
    css = Elements((out / "index.html").read_text(encoding="utf-8"))
    assert ("link", {"rel": "stylesheet", "href": "static/rulebook.css"}) in css.tags  # relative: opens from disk


def test_the_package_finds_its_rulebook_and_examples():
    assert (features_dir() / REVERSE.file).is_file()
    assert features_dir().resolve() == (REPO / "features").resolve()
    assert "illegal-reverse-partial-dump" in example_names()
    assert "REV-2" in example_summaries()["illegal-reverse-partial-dump"]


def test_the_tally_counts_the_books_scenarios_only(tmp_path):
    first = REVERSE.all_scenarios()[0]
    path = tmp_path / "o.json"
    path.write_text(json.dumps({"scenarios": [
        {"feature": first.file, "line": first.line, "example": None, "outcome": "passed"},
        {"feature": "99_gone.feature", "line": 3, "example": None, "outcome": "failed"}]}), encoding="utf-8")
    tally = Rulebook(BOOK).tally(load_outcomes(path))
    total = sum(len([r for e in s.examples for r in e.rows]) or 1 for c in BOOK.chapters for s in c.all_scenarios())
    assert tally == {"passed": 1, "not run": total - 1}
