"""The rulebook as a book: chapters, rules, scenarios, read from ``features/`` with the Cucumber parser.

:func:`load_book` parses every ``.feature`` file with ``gherkin-official`` (the parser pytest-bdd itself
uses) into small immutable records. Nothing here knows HTML; :mod:`referee.rulebook.html` draws them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gherkin.errors import ParserError
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

#: ``Rule: REV-2 — All or nothing`` (also ``REV-2: …``, ``REV-2 - …`` and ``REV-2 …``).
_RULE_NAME = re.compile(r"^\s*([A-Z][A-Z0-9]*-\d+[a-z]?)\b\s*[—–:-]?\s*(.*)$")
#: "Clarification: …", "Clarification (revised 2026-12-01): …" (or with a comma), "(clarification) …".
_CLARIFICATION = re.compile(r"^(?:(?P<label>Clarification(?:\s*\([^)]*\))?)\s*[:,]|\(clarification\))\s*")
_MARK = re.compile(r"\s*\(clarification\)\s*", re.IGNORECASE)
_ITEM = re.compile(r"^(?:(?P<number>\d+)[.)]|[-*•])\s+")
_HEADING_MAX = 70


class RulebookError(ValueError):
    """A feature file that is not Gherkin; the message names the file and the line."""


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A block of a description: a paragraph (``kind`` "p"), a heading ("heading") or a list ("ol", "ul",
    its entries in ``items``). A paragraph that starts "Clarification" (our reading where the source is
    silent or ambiguous) has ``clarification`` set and its marker, e.g. "Clarification (revised
    2026-12-01)", in ``label``; the marker is left out of ``text``."""

    text: str
    clarification: bool = False
    kind: str = "p"
    items: tuple[str, ...] = ()
    label: str = "Clarification"
    source: str | None = None  # the English, when ``text`` is a translation (anchors stay the same)

    @property
    def anchor(self) -> str:
        """The HTML id of a heading (``Your first round`` -> ``your-first-round``), from its English."""
        return anchor_of(self.source or self.text)


def anchor_of(text: str) -> str:
    """The HTML id of a heading of a description: ``Your first round`` -> ``your-first-round``."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


@dataclass(frozen=True, slots=True)
class Step:
    """One step: ``Given``/``When``/``Then``/``And``, its text, and a data table (rows, header first) or a
    doc string."""

    keyword: str
    text: str
    table: tuple[tuple[str, ...], ...] = ()
    docstring: str | None = None


@dataclass(frozen=True, slots=True)
class Examples:
    """One ``Examples:`` table of an outline: the header, and each row with its line in the file."""

    name: str
    header: tuple[str, ...]
    rows: tuple[tuple[int, tuple[str, ...]], ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario (or outline): where it is, its name, the rule ids it is tagged with, its steps."""

    file: str
    line: int
    keyword: str
    name: str
    tags: tuple[str, ...]
    description: tuple[Paragraph, ...]
    steps: tuple[Step, ...]
    examples: tuple[Examples, ...] = ()

    @property
    def anchor(self) -> str:
        """The HTML id of the scenario on its chapter's page."""
        return f"line-{self.line}"


@dataclass(frozen=True, slots=True)
class Background:
    """Steps every scenario of a chapter (or of a rule) starts with."""

    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class RuleSection:
    """A ``Rule:`` block: the rule's id, title and text, and its scenarios."""

    id: str | None
    title: str
    paragraphs: tuple[Paragraph, ...]
    background: Background | None
    scenarios: tuple[Scenario, ...]
    source_title: str | None = None  # the English, when ``title`` is a translation

    @property
    def plain_title(self) -> str:
        """The title without its "(clarification)" mark, for a heading that marks the clarification once,
        by itself."""
        if self.source_title is not None and _MARK.search(self.source_title):
            return re.sub(r"\s*\([^)]*\)\s*$", "", self.title).strip()  # a translation's own mark
        return _MARK.sub("", self.title).strip()

    @property
    def anchor(self) -> str:
        """The HTML id of the rule on its chapter's page: the rule id itself (``REV-2``)."""
        return self.id or anchor_of(self.source_title or self.title)


@dataclass(frozen=True, slots=True)
class Chapter:
    """One feature file: a chapter of the book, or a variant's own chapter (``variant`` is its name)."""

    file: str
    slug: str
    title: str
    paragraphs: tuple[Paragraph, ...]
    background: Background | None
    rules: tuple[RuleSection, ...]
    scenarios: tuple[Scenario, ...]  # the scenarios outside any Rule
    variant: str | None = None

    def section(self, heading: str) -> tuple[Paragraph, ...]:
        """The blocks of the chapter's text under ``heading`` (a heading of its description, in English), up
        to the next heading; empty when the chapter has no such heading."""
        found: list[Paragraph] = []
        inside = False
        for block in self.paragraphs:
            if block.kind == "heading":
                if inside:
                    break
                inside = (block.source or block.text) == heading
            elif inside:
                found.append(block)
        return tuple(found)

    def all_scenarios(self) -> list[Scenario]:
        """Every scenario of the chapter, in the file's order."""
        found = list(self.scenarios)
        for rule in self.rules:
            found.extend(rule.scenarios)
        return sorted(found, key=lambda s: s.line)


@dataclass(frozen=True, slots=True)
class Book:
    """Every chapter in order: the rulebook's files by name, then each variant's own files."""

    chapters: tuple[Chapter, ...]

    def chapter(self, slug: str) -> Chapter | None:
        """The chapter with this slug, if any."""
        return next((c for c in self.chapters if c.slug == slug), None)

    def rule(self, rule_id: str) -> tuple[Chapter, RuleSection] | None:
        """Where the rulebook (a variant's chapters last) states the rule ``rule_id``."""
        for chapter in sorted(self.chapters, key=lambda c: c.variant is not None):
            for rule in chapter.rules:
                if rule.id == rule_id:
                    return chapter, rule
        return None

    def tagged(self, rule_id: str) -> list[tuple[Chapter, Scenario]]:
        """Every scenario tagged with ``rule_id``, wherever it is."""
        return [(c, s) for c in self.chapters for s in c.all_scenarios() if rule_id in s.tags]

    def rule_ids(self) -> list[str]:
        """The id of every ``Rule:`` block, in the book's order."""
        return [r.id for c in self.chapters for r in c.rules if r.id]


def load_book(directory: Path) -> Book:
    """Parse every ``.feature`` file under ``directory`` (and ``variants/*/``); :class:`RulebookError` for
    a file that does not parse, or a directory with no chapters."""
    directory = Path(directory)
    files = sorted(p for p in directory.glob("*.feature"))
    variants = sorted(p for p in directory.glob("variants/*/*.feature"))
    if not files:
        raise RulebookError(f"{directory}: no .feature files (is this the rulebook's features/ directory?)")
    return Book(tuple(parse_chapter(path, directory) for path in files + variants))


def parse_chapter(path: Path, root: Path) -> Chapter:
    """One feature file as a chapter."""
    relative = path.relative_to(root).as_posix()
    try:
        document = Parser().parse(TokenScanner(path.read_text(encoding="utf-8")))
    except ParserError as exc:
        raise RulebookError(f"{relative}: {exc}") from None
    feature = document.get("feature") or {"name": path.stem, "description": "", "children": []}
    variant = relative.split("/")[1] if relative.startswith("variants/") else None
    slug = path.stem if variant is None else f"variant-{variant}-{path.stem}"
    background, rules, loose = _children(feature["children"], relative)
    return Chapter(relative, slug, feature["name"].strip(), paragraphs(feature.get("description", "")),
                   background, tuple(rules), tuple(loose), variant)


def _children(children: list[dict], file: str) -> tuple[Background | None, list[RuleSection], list[Scenario]]:
    background, rules, scenarios = None, [], []
    for child in children:
        if "background" in child:
            background = Background(_steps(child["background"]["steps"]))
        elif "rule" in child:
            rules.append(_rule(child["rule"], file))
        elif "scenario" in child:
            scenarios.append(_scenario(child["scenario"], file))
    return background, rules, scenarios


def _rule(node: dict, file: str) -> RuleSection:
    match = _RULE_NAME.match(node["name"])
    rule_id, title = (match.group(1), match.group(2).strip()) if match else (None, node["name"].strip())
    background, _, scenarios = _children(node["children"], file)
    return RuleSection(rule_id, title, paragraphs(node.get("description", "")), background, tuple(scenarios))


def _scenario(node: dict, file: str) -> Scenario:
    tags = tuple(t["name"].lstrip("@") for t in node.get("tags", []))
    examples = tuple(_examples(e) for e in node.get("examples", []) if e.get("tableHeader"))
    return Scenario(file, node["location"]["line"], node["keyword"].strip(), node["name"].strip(), tags,
                    paragraphs(node.get("description", "")), _steps(node["steps"]), examples)


def _examples(node: dict) -> Examples:
    header = tuple(c["value"] for c in node["tableHeader"]["cells"])
    rows = tuple((row["location"]["line"], tuple(c["value"] for c in row["cells"]))
                 for row in node.get("tableBody", []))
    return Examples(node.get("name", "").strip(), header, rows)


def _steps(nodes: list[dict]) -> tuple[Step, ...]:
    return tuple(_step(n) for n in nodes)


def _step(node: dict) -> Step:
    table: Any = node.get("dataTable")
    rows = tuple(tuple(c["value"] for c in row["cells"]) for row in table["rows"]) if table else ()
    doc = node.get("docString")
    return Step(node["keyword"].strip(), node["text"], rows, doc["content"] if doc else None)


def paragraphs(text: str) -> tuple[Paragraph, ...]:
    """A description as blocks: paragraphs split at blank lines and before every line that starts a
    clarification; a short first line without closing punctuation, followed by text, is a heading; lines
    that start "1." or "-" are list entries (their indented continuations join them)."""
    blocks: list[Paragraph] = []
    lines = text.splitlines()
    current: list[str] = []
    marker: re.Match | None = None
    items: list[list[str]] = []
    ordered = False
    item_indent = 0

    def close() -> None:
        nonlocal marker
        if current:
            label = (marker.group("label") or "Clarification") if marker else "Clarification"
            blocks.append(Paragraph(" ".join(current), marker is not None, label=label[0].upper() + label[1:]))
        current.clear()
        marker = None

    def close_list() -> None:
        if items:
            entries = tuple(" ".join(i) for i in items)
            blocks.append(Paragraph(" ".join(entries), kind="ol" if ordered else "ul", items=entries))
        items.clear()

    for index, raw in enumerate(lines):
        line = raw.strip()
        following = lines[index + 1].strip() if index + 1 < len(lines) else ""
        if not line:
            close()
            close_list()
            continue
        clarification = _CLARIFICATION.match(line)
        item = _ITEM.match(line)
        if clarification:
            close()
            close_list()
            marker = clarification
            line = line[clarification.end():]
        elif item:
            close()
            if not items:
                ordered = item.group("number") is not None
            items.append([line[item.end():]])
            item_indent = _indent(raw)
            continue
        elif items and _indent(raw) > item_indent and not current:
            items[-1].append(line)  # an entry's indented continuation
            continue
        elif items:
            close_list()
        if not current and marker is None and following and len(line) <= _HEADING_MAX \
                and not line.endswith((".", ":", ";", ",", "!", "?", ")")):
            blocks.append(Paragraph(line, kind="heading"))
            continue
        if line:
            current.append(line)
    close()
    close_list()
    return tuple(blocks)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())
