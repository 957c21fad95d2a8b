"""Finding the cards and rule ids named in a sentence ("Ana holds red reverse and wild draw 4", "illegal
under REV-2"), to draw the cards as cards and link the rules.

The names are the engine's own (:data:`referee.engine.cards.ALL_CARDS`), longest first, so that "wild draw 4" is
one card and not "wild" followed by words; the ids are the registry's (:data:`referee.engine.rules.RULES`).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from referee.engine.cards import ALL_CARDS, Card, parse_card
from referee.engine.rules import RULES


def _alternatives(names) -> str:
    return "|".join(re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names, key=len, reverse=True))


_TWO = {"red draw two", "yellow draw two", "green draw two", "blue draw two"}
#: A coloured card in any case ("red 4", "Red Reverse"); a wild only in lower case, as the book names
#: cards, so that the prose's "a Wild Draw 4 is played" (a kind of card) is left as words.
_COLOURED = _alternatives({c.name for c in ALL_CARDS if not c.is_wild} | _TWO)
_WILD = _alternatives({c.name for c in ALL_CARDS if c.is_wild} | {"wild draw four"})
_RULE = "|".join(re.escape(i) for i in sorted(RULES, key=len, reverse=True))
_PIECE = re.compile(rf"(?<![\w-])(?:(?P<rule>{_RULE})|(?P<card>(?i:{_COLOURED})|{_WILD}))(?![\w-])")


@dataclass(frozen=True, slots=True)
class Piece:
    """A run of plain text, or one card (``card``) or one rule id (``rule``), with the words that named it."""

    text: str
    card: Card | None = None
    rule: str | None = None


def pieces(text: str) -> list[Piece]:
    """``text`` cut into plain runs, cards and rule ids."""
    found: list[Piece] = []
    last = 0
    for match in _PIECE.finditer(text):
        if match.start() > last:
            found.append(Piece(text[last:match.start()]))
        if match.group("rule"):
            found.append(Piece(match.group(0), rule=match.group("rule")))
        else:
            found.append(Piece(match.group(0), parse_card(match.group(0))))
        last = match.end()
    if last < len(text):
        found.append(Piece(text[last:]))
    return found


def card_list(text: str) -> list[Card]:
    """The cards of a list as the book writes one: ``red 4, red skip and green 7`` (also ``then``);
    ``4 × wild draw 4`` stands for four of them; ``nothing`` for none. A name that is no card raises
    :class:`ValueError` (from :func:`referee.engine.cards.parse_card`)."""
    text = text.strip()
    if text in ("", "nothing", "no cards"):
        return []
    found: list[Card] = []
    for part in re.split(r",\s*|\s+and\s+|\s+then\s+", text):
        if m := re.fullmatch(r"\s*(\d+)\s*×\s*(.+)", part):
            found += [parse_card(m.group(2).strip())] * int(m.group(1))
        elif part.strip():
            found.append(parse_card(part.strip()))
    return found


def colour_class(card: Card) -> str:
    """The CSS class of a card's colour: ``red``, ``yellow``, ``green``, ``blue`` or ``wild``."""
    return "wild" if card.is_wild else card.color.word


def symbol(card: Card) -> str:
    """What is printed large on the card's face: its number, or its action as a short sign."""
    return {"number": str(card.number), "skip": "⊘", "reverse": "⇄", "draw 2": "+2", "wild": "W",
            "wild draw 4": "+4", "wild custom": "WC"}[card.kind.value]


@functools.cache
def _named_in(language: str) -> tuple[re.Pattern[str], dict[str, Card]]:
    from referee.i18n.words import card_name

    names = {card_name(card, language): card for card in ALL_CARDS}
    alternatives = _alternatives(names)
    return re.compile(rf"(?<![\w-])(?:(?P<rule>{_RULE})|(?P<card>{alternatives}))(?![\w-])"), names


def pieces_in(language: str):
    """:func:`pieces` for text in ``language``: its cards found by their names in that language's catalog
    (English: :func:`pieces` itself)."""
    if language == "en":
        return pieces
    pattern, names = _named_in(language)

    def cut(text: str) -> list[Piece]:
        found: list[Piece] = []
        last = 0
        for match in pattern.finditer(text):
            if match.start() > last:
                found.append(Piece(text[last:match.start()]))
            if match.group("rule"):
                found.append(Piece(match.group(0), rule=match.group("rule")))
            else:
                found.append(Piece(match.group(0), names[re.sub(r"\s+", " ", match.group(0))]))
            last = match.end()
        if last < len(text):
            found.append(Piece(text[last:]))
        return found

    return cut
