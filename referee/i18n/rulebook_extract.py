"""The Babel extractor of the rulebook's domain: what the pages of ``features/`` ask the catalog for.

``babel-rulebook.cfg`` maps ``features/00_the_game.feature`` (the book's first file) to :func:`features`,
which reads the whole book (every chapter and variant beside it) and the step definitions of ``steps/``, and
yields each message :func:`referee.i18n.rulebook.translate_book` asks for: the steps' patterns first, in the
order they are declared (the pages match a step against them in that order), then the book's words in
reading order. The page templates' own words come from Jinja2's extractor (same file).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

Extracted = Iterator[tuple[int, str, str | tuple[str, str], list[str]]]

#: The modules that declare the rulebook's steps (tests/conftest.py's plugins of ``steps/``).
STEP_MODULES = ("steps.position", "steps.moves", "steps.rulings")


def patterns() -> list[re.Pattern[str]]:
    """Every step definition's pattern, once, in the order declared."""
    for name in STEP_MODULES:
        importlib.import_module(name)
    from steps.define import STEPS

    seen: dict[str, re.Pattern[str]] = {}
    for definition in STEPS:
        seen.setdefault(definition.pattern.pattern, definition.pattern)
    return list(seen.values())


def features(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every message of the rulebook's pages drawn from the book in ``fileobj``'s directory."""
    from referee.i18n.rulebook import STEP, VALUE, record, slots
    from referee.rulebook.book import load_book

    directory = Path(fileobj.name).resolve().parent
    recorder = record(load_book(directory), patterns())
    declared = {p.pattern for p in patterns()}
    for context, message in recorder.asked:
        if context == STEP and message in declared:
            named = ", ".join(f"{{{s}}}" for s in sorted(slots(message))) or "none"
            note = f"A step's pattern (a regular expression): a sentence with each named group as its slot: {named}."
        elif context == VALUE:
            note = "A step's words (an argument or a table's cell)."
        else:
            note = ""
        if context is None:
            yield 1, "gettext", message, [note] if note else []
        else:
            yield 1, "pgettext", (context, message), [note] if note else []
