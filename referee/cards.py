"""Cards and colours: small immutable values, parsed from short codes or long English names.

``parse_card('R+2')``, ``parse_card('red draw 2')`` and ``parse_card('Red Draw Two')`` are the same card.
Cards are interned: parsing returns the one instance of each card, so ``is`` and ``==`` agree.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from referee.errors import UnknownCard, UnknownColor


class Color(enum.Enum):
    """One of the four suit colours."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    @property
    def code(self) -> str:
        """One-letter code, as in card codes (``R``)."""
        return self.value

    @property
    def word(self) -> str:
        """The colour as the log writes a chosen colour (``red``)."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Color:
        """The colour named by ``text`` (``red``, ``R``, case-insensitive); :class:`UnknownColor` else."""
        found = _COLORS_BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise UnknownColor(f"unknown colour: {text!r} (expected red, yellow, green or blue)")
        return found


_COLORS_BY_TEXT = {c.word: c for c in Color} | {c.code.lower(): c for c in Color}


class Kind(enum.Enum):
    """What a card is, apart from its colour."""

    NUMBER = "number"
    SKIP = "skip"
    REVERSE = "reverse"
    DRAW_2 = "draw 2"
    WILD = "wild"
    WILD_DRAW_4 = "wild draw 4"
    WILD_CUSTOM = "wild custom"

    @property
    def is_wild(self) -> bool:
        """True for the colourless cards: Wild, Wild Draw 4, Wild Custom."""
        return self in (Kind.WILD, Kind.WILD_DRAW_4, Kind.WILD_CUSTOM)

    @property
    def is_action(self) -> bool:
        """True for cards with an action: Skip, Reverse, Draw 2 and the wilds."""
        return self is not Kind.NUMBER


_ACTION_CODES = {Kind.SKIP: "S", Kind.REVERSE: "R", Kind.DRAW_2: "+2"}
_WILD_CODES = {Kind.WILD: "W", Kind.WILD_DRAW_4: "W+4", Kind.WILD_CUSTOM: "WC"}


@dataclass(frozen=True, slots=True)
class Card:
    """One UNO card. ``color`` is None for wilds; ``number`` is set for number cards only."""

    kind: Kind
    color: Color | None = None
    number: int | None = None

    @property
    def code(self) -> str:
        """The short code (``R7``, ``GS``, ``B+2``, ``W+4``)."""
        if self.kind.is_wild:
            return _WILD_CODES[self.kind]
        suffix = str(self.number) if self.kind is Kind.NUMBER else _ACTION_CODES[self.kind]
        return self.color.code + suffix

    @property
    def name(self) -> str:
        """The long English name (``red 7``, ``green skip``, ``wild draw 4``)."""
        if self.kind.is_wild:
            return self.kind.value
        what = str(self.number) if self.kind is Kind.NUMBER else self.kind.value
        return f"{self.color.word} {what}"

    @property
    def is_wild(self) -> bool:
        """True for Wild, Wild Draw 4 and Wild Custom."""
        return self.kind.is_wild

    def symbol(self) -> str:
        """What a card matches by besides colour: its number, or its action."""
        return str(self.number) if self.kind is Kind.NUMBER else self.kind.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def _all_cards() -> list[Card]:
    cards = [Card(Kind.NUMBER, c, n) for c in Color for n in range(10)]
    cards += [Card(k, c) for c in Color for k in (Kind.SKIP, Kind.REVERSE, Kind.DRAW_2)]
    cards += [Card(k) for k in (Kind.WILD, Kind.WILD_DRAW_4, Kind.WILD_CUSTOM)]
    return cards


#: Every distinct card, in a stable order (by colour, then numbers, actions; wilds last).
ALL_CARDS: tuple[Card, ...] = tuple(_all_cards())


def _spellings(card: Card) -> list[str]:
    names = [card.code, card.name]
    if card.kind is Kind.DRAW_2:
        names += [f"{card.color.word} draw two", f"{card.color.word} +2", f"{card.color.word} draw2"]
    if card.kind is Kind.WILD_DRAW_4:
        names += ["wild draw four", "wild +4", "wd4"]
    if card.kind is Kind.NUMBER:
        names.append(f"{card.color.word}{card.number}")
    return [re.sub(r"\s+", " ", n.lower()) for n in names]


_BY_TEXT: dict[str, Card] = {text: card for card in ALL_CARDS for text in _spellings(card)}
_BY_CODE: dict[str, Card] = {card.code: card for card in ALL_CARDS}


def parse_card(text: str) -> Card:
    """The card named by a short code or a long English name, case-insensitively.

    >>> parse_card("r+2") is parse_card("Red Draw 2")
    True

    Raises :class:`UnknownCard` for anything else.
    """
    if isinstance(text, str):
        card = _BY_CODE.get(text)  # the common case: an upper-case code, no normalising needed
        if card is not None:
            return card
        card = _BY_TEXT.get(" ".join(text.lower().split()))
        if card is not None:
            return card
    raise UnknownCard(f"unknown card: {text!r} (expected a code like 'R7', 'GS', 'B+2', 'W+4' "
                      "or a name like 'red 7', 'green skip', 'wild draw 4')")
