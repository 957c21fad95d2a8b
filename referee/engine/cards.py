"""Cards and colours: small immutable values, parsed from short codes or long English names.

``parse_card('R+2')``, ``parse_card('red draw 2')`` and ``parse_card('Red Draw Two')`` are the same card.
Cards are interned: parsing returns the one instance of each card, so ``is`` and ``==`` agree.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import Final

from referee.engine.errors import UnknownCard, UnknownColor
from referee.engine.quoting import quoted


class Color(enum.Enum):
    """One of the four suit colours."""

    RED = "R"
    YELLOW = "Y"
    GREEN = "G"
    BLUE = "B"

    __hash__ = object.__hash__  # members are singletons: identity hashing is C-fast (cards key on it)

    @property
    def code(self) -> str:
        """One-letter code, as in card codes (``R``)."""
        return self.value

    @property
    def word(self) -> str:
        """The colour as the log writes a chosen colour (``red``)."""
        # Looked up, not made: an enum's ``name`` is a Python-level property even in the compiled build, and
        # every wild played is written with its colour.
        return _WORDS[self]

    @classmethod
    def parse(cls, text: object) -> Color:
        """The colour named by ``text`` (``red``, ``R``, case-insensitive); :class:`UnknownColor` else."""
        found = _COLORS_BY_TEXT.get(text.strip().lower()) if isinstance(text, str) else None
        if found is None:
            raise UnknownColor(f"unknown colour: {quoted(text)} (expected red, yellow, green or blue)")
        return found


_WORDS: dict[Color, str] = {c: c.name.lower() for c in Color}
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
        return self in (_KIND_WILD, _KIND_WILD_DRAW_4, _KIND_WILD_CUSTOM)

    @property
    def is_action(self) -> bool:
        """True for cards with an action: Skip, Reverse, Draw 2 and the wilds."""
        return self is not _KIND_NUMBER


# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_KIND_DRAW_2: Final = Kind.DRAW_2
_KIND_NUMBER: Final = Kind.NUMBER
_KIND_REVERSE: Final = Kind.REVERSE
_KIND_SKIP: Final = Kind.SKIP
_KIND_WILD: Final = Kind.WILD
_KIND_WILD_CUSTOM: Final = Kind.WILD_CUSTOM
_KIND_WILD_DRAW_4: Final = Kind.WILD_DRAW_4

_ACTION_CODES = {Kind.SKIP: "S", Kind.REVERSE: "R", Kind.DRAW_2: "+2"}
_WILD_CODES = {Kind.WILD: "W", Kind.WILD_DRAW_4: "W+4", Kind.WILD_CUSTOM: "WC"}


_INTERNED: dict[tuple, Card] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One UNO card. ``color`` is None for wilds; ``number`` is set for number cards only.

    Cards are interned: there is one instance of each card, so equality is identity (fast in hands and
    piles) and ``Card(Kind.NUMBER, Color.RED, 7) is parse_card("red 7")``. A combination that is no UNO
    card raises :class:`UnknownCard`.
    """

    kind: Kind
    color: Color | None = None
    number: int | None = None
    #: True for Wild, Wild Draw 4 and Wild Custom (precomputed: read on every play).
    is_wild: bool = field(init=False, repr=False)
    #: The short code (``R7``, ``GS``, ``B+2``, ``W+4``).
    code: str = field(init=False, repr=False)
    #: The long English name (``red 7``, ``green skip``, ``wild draw 4``).
    name: str = field(init=False, repr=False)

    def __new__(cls, kind: Kind, color: Color | None = None, number: int | None = None) -> Card:
        card = _INTERNED.get((kind, color, number))
        if card is None:
            if _INTERNED:
                raise UnknownCard(f"no UNO card is a {kind.value} of colour {color} and number {number}")
            card = object.__new__(cls)  # the first call builds the whole set (see _all_cards)
        return card

    def __post_init__(self) -> None:
        kind = self.kind
        wild = kind.is_wild
        if wild:
            code, name = _WILD_CODES[kind], kind.value
        else:
            suffix = str(self.number) if kind is _KIND_NUMBER else _ACTION_CODES[kind]
            what = str(self.number) if kind is _KIND_NUMBER else kind.value
            code, name = self.color.code + suffix, f"{self.color.word} {what}"
        object.__setattr__(self, "is_wild", wild)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "name", name)

    def __reduce__(self) -> tuple:
        return (Card, (self.kind, self.color, self.number))  # copies and pickles stay interned

    def symbol(self) -> str:
        """What a card matches by besides colour: its number, or its action."""
        return str(self.number) if self.kind is _KIND_NUMBER else self.kind.value

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


def _all_cards() -> list[Card]:
    keys: list[tuple[Kind, Color | None, int | None]] = [(_KIND_NUMBER, c, n) for c in Color for n in range(10)]
    keys += [(k, c, None) for c in Color for k in (_KIND_SKIP, _KIND_REVERSE, _KIND_DRAW_2)]
    keys += [(k, None, None) for k in (_KIND_WILD, _KIND_WILD_DRAW_4, _KIND_WILD_CUSTOM)]
    cards = [Card(*key) for key in keys]  # built before any is interned: __new__ makes each one
    _INTERNED.update(zip(keys, cards, strict=True))
    return cards


#: Every distinct card, in a stable order (by colour, then numbers, actions; wilds last).
ALL_CARDS: tuple[Card, ...] = tuple(_all_cards())


def _spellings(card: Card) -> list[str]:
    names = [card.code, card.name]
    if card.kind is _KIND_DRAW_2:
        names += [f"{card.color.word} draw two", f"{card.color.word} +2", f"{card.color.word} draw2"]
    if card.kind is _KIND_WILD_DRAW_4:
        names += ["wild draw four", "wild +4", "wd4"]
    if card.kind is _KIND_NUMBER:
        names.append(f"{card.color.word}{card.number}")
    return [re.sub(r"\s+", " ", n.lower()) for n in names]


_BY_TEXT: dict[str, Card] = {text: card for card in ALL_CARDS for text in _spellings(card)}
#: Every card by its upper-case short code.
CARDS_BY_CODE: dict[str, Card] = {card.code: card for card in ALL_CARDS}


def parse_card(text: object) -> Card:
    """The card named by a short code or a long English name, case-insensitively.

    >>> parse_card("r+2") is parse_card("Red Draw 2")
    True

    Raises :class:`UnknownCard` for anything else.
    """
    if isinstance(text, str):
        card = CARDS_BY_CODE.get(text)  # the common case: an upper-case code, no normalising needed
        if card is not None:
            return card
        card = _BY_TEXT.get(" ".join(text.lower().split()))
        if card is not None:
            return card
    raise UnknownCard(f"unknown card: {quoted(text)} (expected a code like 'R7', 'GS', 'B+2', 'W+4' "
                      "or a name like 'red 7', 'green skip', 'wild draw 4')")
