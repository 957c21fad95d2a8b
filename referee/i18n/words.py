"""The game's own words in a language: each rule's title and chapter, the colours, the cards' names.

Each is looked up by the English the engine holds (the registry's title, a colour's word, a card's name), with
a gettext context that keeps equal English apart (``pgettext``): the rule id for a rule's title,
``chapter``, ``colour`` and ``card``. :mod:`referee.i18n.extract` gives Babel the same keys, so a catalog
that lacks one is caught by the tests (docs/i18n.md).
"""

from __future__ import annotations

from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.rules import get_rule
from referee.i18n import catalog

#: The gettext contexts of the game's words.
CHAPTER, COLOUR, CARD = "chapter", "colour", "card"
#: The contexts of a bot style's name and summary, and of a built-in variant's description.
STYLE, VARIANT = "bot style", "variant"


def rule_title(rule_id: str, language: str) -> str:
    """The one-line words of the rule ``rule_id`` in ``language`` (``KeyError`` for an unknown id)."""
    rule = get_rule(rule_id)
    return catalog(language).pgettext(rule.id, rule.title)


def chapter(section: str, language: str) -> str:
    """The name of a chapter of the rules (a :class:`~referee.engine.rules.Rule`'s ``section``)."""
    return catalog(language).pgettext(CHAPTER, section)


def colour(color: Color, language: str) -> str:
    """A colour's word (``red`` → ``κόκκινο``)."""
    return catalog(language).pgettext(COLOUR, color.word)


def card_key(card: Card) -> str:
    """The English a card's name is translated from: its name, with a number card's number left as
    ``{number}`` (one message a colour, not ten)."""
    if card.kind is Kind.NUMBER:
        return f"{card.color.word} {{number}}"
    return card.name


def card_keys() -> list[str]:
    """Every card's :func:`card_key`, once each, in the deck's order."""
    return list(dict.fromkeys(card_key(card) for card in ALL_CARDS))


def card_name(card: Card, language: str) -> str:
    """A card's name in ``language`` (``red 7`` → ``κόκκινο 7``); its code never changes."""
    words = catalog(language).pgettext(CARD, card_key(card))
    return words.format(number=card.number) if card.kind is Kind.NUMBER else words


def style_words(name: str, language: str) -> str:
    """A bot style's name or summary (``GET /v1/tables/styles``) in ``language``; the style's name as the
    API takes it never changes."""
    return catalog(language).pgettext(STYLE, name)


def variant_description(description: str, language: str) -> str:
    """A built-in variant's description in ``language`` (a variant's name, which the API takes, never changes)."""
    return catalog(language).pgettext(VARIANT, description) if description else description


__all__ = ["CARD", "CHAPTER", "COLOUR", "STYLE", "VARIANT", "card_key", "card_keys", "card_name", "chapter", "colour",
           "rule_title", "style_words", "variant_description"]
