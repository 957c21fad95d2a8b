"""Babel extractors for the words the engine holds as data, not as ``gettext`` calls.

The rules' titles and chapters (``referee/engine/rules.py``) and the colours and cards
(``referee/engine/cards.py``) are read from the modules themselves, so the English stays written once, in the
engine; ``babel.cfg`` maps each file to its extractor here. Each message is yielded as a ``pgettext`` call
(context, English), the form :mod:`referee.i18n.words` looks it up by.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO, Any

Extracted = Iterator[tuple[int, str, tuple[str, str], list[str]]]


def _line_of(text: str, needle: str) -> int:
    """The 1-based line where ``needle`` first occurs in ``text`` (1 when it does not)."""
    at = text.find(needle)
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def rules(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every rule's title (context: its id) and every chapter name (context ``chapter``)."""
    from referee.engine.rules import RULES
    from referee.i18n.words import CHAPTER

    text = fileobj.read().decode("utf-8")
    chapters: dict[str, None] = {}
    for rule in RULES.values():
        chapters[rule.section] = None
        yield _line_of(text, f'"{rule.id}"'), "pgettext", (rule.id, rule.title), [f"The words of rule {rule.id}."]
    for section in chapters:
        yield _line_of(text, f'"{section}"'), "pgettext", (CHAPTER, section), ["A chapter of the rules."]


def cards(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every colour's word (context ``colour``) and every card's name (context ``card``; a number card's
    name once a colour, its number left as ``{number}``)."""
    from referee.engine.cards import Color
    from referee.i18n.words import CARD, COLOUR, card_keys

    fileobj.read()
    for color in Color:
        yield 1, "pgettext", (COLOUR, color.word), ["A colour of the cards."]
    for key in card_keys():
        note = "A card's name; {number} is its number." if "{number}" in key else "A card's name."
        yield 1, "pgettext", (CARD, key), [note]


def styles(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every bot style's name and summary (context ``bot style``), as ``GET /v1/tables/styles`` lists them."""
    from referee.i18n.words import STYLE
    from referee.tables.game import bot_styles

    text = fileobj.read().decode("utf-8")
    for style in bot_styles():
        line = _line_of(text, f'"{style["name"]}"')
        yield line, "pgettext", (STYLE, style["name"]), ["A bot's style, as the play page names it."]
        yield line, "pgettext", (STYLE, style["summary"]), [f"What the bot style {style['name']} does."]


def variants(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any) -> Extracted:
    """Every built-in variant's description (context ``variant``), as ``GET /v1/variants`` gives them."""
    from referee.engine.variants import VARIANTS
    from referee.i18n.words import VARIANT

    text = fileobj.read().decode("utf-8")
    for variant in VARIANTS.values():
        if variant.description:
            yield (_line_of(text, f'"{variant.name}"'), "pgettext", (VARIANT, variant.description),
                   [f"What the variant {variant.name} is (its name stays as it is)."])
