"""The deck a variant plays with (DECK-2), what a card is worth in the cut (CUT-2) and the points cards
score (SCORE-2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache
from typing import Final

from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.variants import Rules

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_KIND_NUMBER: Final = Kind.NUMBER
_KIND_WILD_CUSTOM: Final = Kind.WILD_CUSTOM
_KIND_WILD_DRAW_4: Final = Kind.WILD_DRAW_4


@cache
def deck_counts(deck: str) -> dict[Card, int]:
    """How many copies of each card the deck holds: ``"112"`` (DECK-2) or the classic ``"108"``."""
    counts: Counter[Card] = Counter()
    for card in ALL_CARDS:
        if card.kind is _KIND_NUMBER:
            counts[card] = 1 if card.number == 0 else 2
        elif card.kind is _KIND_WILD_CUSTOM:
            counts[card] = 4 if deck == "112" else 0
        elif card.is_wild:
            counts[card] = 4
        else:
            counts[card] = 2
    return {card: n for card, n in counts.items() if n}


def count_cards(cards: Iterable[Card]) -> dict[Card, int]:
    """How many copies of each card ``cards`` holds, as :func:`deck_counts` gives a deck's.

    Counted by a ``Counter`` (its counting loop is C) and handed back as a plain dictionary, so that
    comparing it with a deck's counts is one comparison in C too (a ``Counter``'s is Python code): a round's
    deck is counted every round of self-play, and a loop here cost it 2 % of its bytecodes."""
    return dict(Counter(cards))


def deck_size(deck: str) -> int:
    """The number of cards in the deck."""
    return sum(deck_counts(deck).values())


def standard_deck(deck: str) -> list[Card]:
    """Every card of the deck, in a fixed order (unshuffled): a new list, the caller's to shuffle."""
    return list(_deck_order(deck))


@cache
def _deck_order(deck: str) -> tuple[Card, ...]:
    """The deck in :func:`standard_deck`'s order, made once (self-play takes a copy every round)."""
    return tuple(card for card, n in deck_counts(deck).items() for _ in range(n))


def points(card: Card, rules: Rules) -> int:
    """What ``card`` scores left in a hand (SCORE-2), under ``rules``."""
    kind = card.kind
    if kind is _KIND_NUMBER:
        return card.number
    if kind is _KIND_WILD_DRAW_4:
        return rules.wild_draw_4_points
    if kind.is_wild:
        return rules.wild_points
    return rules.action_points


def cut_value(card: Card) -> int:
    """CUT-2: a number card cuts at its face value, every other card (a symbol or a wild) at 0."""
    return card.number if card.kind is _KIND_NUMBER else 0


def cut_winner(first: Card, second: Card) -> int | None:
    """CUT-1, CUT-2: who wins one cut — 0 when ``first`` cuts higher, 1 when ``second`` does, None on
    equal values (both cut again)."""
    a, b = cut_value(first), cut_value(second)
    if a == b:
        return None
    return 0 if a > b else 1


def hand_points(hand: list[Card], rules: Rules) -> int:
    """The points of a whole hand."""
    return sum(points(card, rules) for card in hand)


def leader(scores: list[int] | tuple[int, int], rules: Rules) -> int | None:
    """GAME-2: who wins on these scores once the game is over — the lower score (or the higher, where
    reaching the target wins); None on a tie."""
    if scores[0] == scores[1]:
        return None
    lower = 0 if scores[0] < scores[1] else 1
    return lower if rules.reaching_target == "loses" else 1 - lower


__all__ = ["Color", "count_cards", "cut_value", "cut_winner", "deck_counts", "deck_size", "hand_points", "leader",
           "points", "standard_deck"]
