"""What a card does: the one statement of each card's action, played (as a dump's final card too) or
turned up, under a variant's rules.

SKIP-1 (and a Reverse where a variant makes it skip), D2-1, WD4-1/WD4-2, WILD-1, REV-5: :func:`action_of`.
The round (:mod:`referee.engine.round_state`) carries the action out; statistics and bots ask here what a card
does rather than restate it.
"""

from __future__ import annotations

import enum
from typing import Final

from referee.engine.cards import ALL_CARDS, Card, Kind
from referee.engine.variants import Rules


class Action(enum.Enum):
    """What happens once a card is laid as the final card of a play (or turned up, START-1)."""

    #: The turn passes to the opponent (a number, a Wild, a Reverse: REV-5, WILD-1, TURN-4).
    PASS = "pass"
    #: Its player takes another turn (SKIP-1; a Reverse where the variant makes it skip).
    AGAIN = "again"
    #: The opponent draws two unless they answer (D2-1).
    DRAW_2 = "draw 2"
    #: The opponent draws four or challenges; its player goes again after (WD4-1, WD4-2).
    DRAW_4 = "draw 4"

    __hash__ = object.__hash__  # members are singletons: identity hashing is C-fast

    @property
    def draws(self) -> int:
        """How many cards the action makes the opponent owe (0 for none)."""
        return _DRAWS[self]


# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_ACTION_AGAIN: Final = Action.AGAIN
_ACTION_DRAW_2: Final = Action.DRAW_2
_ACTION_DRAW_4: Final = Action.DRAW_4
_ACTION_PASS: Final = Action.PASS
_KIND_DRAW_2: Final = Kind.DRAW_2
_KIND_REVERSE: Final = Kind.REVERSE
_KIND_SKIP: Final = Kind.SKIP
_KIND_WILD_DRAW_4: Final = Kind.WILD_DRAW_4

_DRAWS = {Action.PASS: 0, Action.AGAIN: 0, Action.DRAW_2: 2, Action.DRAW_4: 4}


def action_of(card: Card, rules: Rules) -> Action:
    """The action ``card`` has under ``rules``."""
    kind = card.kind
    if kind is _KIND_SKIP or (kind is _KIND_REVERSE and rules.reverse_skips):
        return _ACTION_AGAIN
    if kind is _KIND_DRAW_2:
        return _ACTION_DRAW_2
    if kind is _KIND_WILD_DRAW_4:
        return _ACTION_DRAW_4
    return _ACTION_PASS


def actions(rules: Rules) -> dict[Card, Action]:
    """:func:`action_of` for every card under ``rules`` (a table the round reads on every play)."""
    return {card: action_of(card, rules) for card in ALL_CARDS}


#: Each variant's action table, made once (keyed by the rules' identity, checked against them).
_TABLES: dict = {}


def action_table(rules: Rules) -> dict[Card, Action]:
    """:func:`actions` of ``rules``, made once per variant (the round reads it on every play)."""
    table = _TABLES.get(id(rules))
    if table is None or table[0] is not rules:
        table = _TABLES[id(rules)] = (rules, actions(rules))
    return table[1]


def opens_dump(card: Card, rules: Rules) -> bool:
    """START-6: does ``card``, turned up, open the first player's dump of its colour?"""
    return card.kind is _KIND_REVERSE and rules.reverse_dump and action_of(card, rules) is _ACTION_PASS


__all__ = ["Action", "action_of", "action_table", "actions", "opens_dump"]
