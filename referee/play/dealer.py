"""Chance as a player (OpenSpiel): the dealer draws the cut, each round's deck and a shuffled refill.

A :class:`Dealer` draws from a random source -- :class:`secrets.SystemRandom` at a live table, a seeded
:class:`random.Random` in tests and self-play -- and writes down every outcome it draws
(:attr:`Dealer.drawn`, JSON-ready), so that a game can be stored and resumed. Given outcomes drawn before
(``recorded``), it hands those out first, in order, and draws afresh only after them: a resumed game
continues with the very cards it had, and no chance is drawn twice.

Outcomes, in the order the game draws them:

- ``{"cut": [A, B]}`` -- one cut: the card each player cut (CUT-1), in the order of the players;
- ``{"deck": [...]}`` -- a round's deck, top card first (DRAFT-2);
- ``{"refill": [...]}`` -- a shuffled refill, top card first (REFILL-1, variants with ``refill = "shuffle"``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from referee.engine import chance
from referee.engine.cards import CARDS_BY_CODE, Card
from referee.engine.errors import RefereeError


class CorruptRecord(RefereeError, ValueError):
    """A stored outcome that is not what the game draws next (another kind, or other cards): the record
    was not written by this game."""


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


class Dealer:
    """The chance player of one game: draws with ``rng``, after handing out the ``recorded`` outcomes."""

    __slots__ = ("drawn", "recorded", "rng")

    def __init__(self, rng: random.Random, recorded: Sequence[dict] = ()):
        self.rng = rng
        self.recorded = list(reversed(recorded))  # next outcome at the end
        #: Every outcome handed out so far, recorded or fresh (JSON-ready), in order.
        self.drawn: list[dict] = []

    def cut(self, deck: Sequence[Card]) -> tuple[Card, Card]:
        """One cut: two different cards of ``deck`` (CUT-1), the first for the first player."""
        recorded = self._recorded("cut")
        if recorded is not None:
            a, b = recorded
            pair = (a, b)
        else:
            sample = self.rng.sample(list(deck), 2)
            pair = (sample[0], sample[1])
        self.drawn.append({"cut": _codes(pair)})
        return pair

    def deck(self, cards: Sequence[Card]) -> list[Card]:
        """A round's deck: ``cards`` shuffled, top card first (DRAFT-2)."""
        return self._order("deck", cards)

    def refill(self, cards: list[Card]) -> None:
        """Order a refill in place (REFILL-1 under a shuffling variant), top card first."""
        cards[:] = self._order("refill", cards)

    def _order(self, kind: str, cards: Sequence[Card]) -> list[Card]:
        recorded = self._recorded(kind)
        if recorded is not None:
            if sorted(recorded, key=id) != sorted(cards, key=id):
                raise CorruptRecord(f"the stored {kind} is not an order of the cards to be shuffled")
            order = recorded
        else:
            order = list(cards)
            chance.shuffle(self.rng, order)
        self.drawn.append({kind: _codes(order)})
        return order

    def _recorded(self, kind: str) -> list[Card] | None:
        if not self.recorded:
            return None
        outcome: Any = self.recorded.pop()
        if not isinstance(outcome, dict) or list(outcome) != [kind]:
            raise CorruptRecord(f"the next stored outcome should be a {kind}, not {outcome!r}")
        try:
            return [CARDS_BY_CODE[code] for code in outcome[kind]]
        except (KeyError, TypeError):
            raise CorruptRecord(f"the stored {kind} names a card that is not one: {outcome[kind]!r}") from None

    def hand_out(self, outcomes: Sequence[dict]) -> None:
        """Hand out ``outcomes`` (drawn before and stored) next, in order, before drawing afresh."""
        self.recorded.extend(reversed(outcomes))

    def take_back(self) -> list[dict]:
        """The stored outcomes not handed out yet (in order), no longer to be handed out."""
        left, self.recorded = list(reversed(self.recorded)), []
        return left

    @property
    def replaying(self) -> bool:
        """True while stored outcomes remain to be handed out."""
        return bool(self.recorded)


__all__ = ["CorruptRecord", "Dealer"]
