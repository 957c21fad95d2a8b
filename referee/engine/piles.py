"""The draw pile, with cards the log has not named yet, and the count of every card named so far.

A draw pile is a list with its top at the end. A slot holds a :class:`Card` when the card is known (the
round's deck was given, or the pile has reached the draft's discards or a turned-over discard pile) and
``None`` when the log will name it only as it is drawn. :class:`Ledger` counts every card named in the
round so that none appears more often than the deck holds it (LOG-3).
"""

from __future__ import annotations

from collections.abc import Callable

from referee.engine.cards import Card
from referee.engine.deck import count_cards, deck_counts
from referee.engine.violation import Refusal, RuleBroken, broken

#: Who or what names the cards, for messages: a text, or a function making it (built only on error).
Where = str | Callable[[], str]


def _text(where: Where) -> str:
    return where if isinstance(where, str) else where()


class Ledger:
    """How many copies of each card have been named in a round, against the deck's counts (LOG-3)."""

    __slots__ = ("counts", "named")

    def __init__(self, counts: dict[Card, int]):
        self.counts = counts
        self.named: dict[Card, int] = {}

    def refuse(self, cards: list[Card] | tuple[Card, ...], where: Where) -> Refusal | None:
        """Why ``cards`` cannot all be named on top of those named so far (DECK-2, LOG-3), or None.
        Changes nothing."""
        extra: dict[Card, int] = {}
        for card in cards:
            extra[card] = extra.get(card, 0) + 1
            held = self.counts.get(card, 0)
            if held == 0:
                return Refusal("DECK-2", lambda card=card: (
                    f"{_text(where)} names {card.name}, a card this deck does not hold"))
            if self.named.get(card, 0) + extra[card] > held:
                return Refusal("LOG-3", lambda card=card, held=held: (
                    f"{_text(where)} names {card.name} once more than the deck's "
                    f"{held} {'copy' if held == 1 else 'copies'}"))
        return None

    def check(self, cards: list[Card] | tuple[Card, ...], where: Where) -> None:
        """Raise unless ``cards`` can all be named on top of those named so far. Changes nothing."""
        refusal = self.refuse(cards, where)
        if refusal is not None:
            raise broken(refusal)

    def add(self, cards: list[Card] | tuple[Card, ...]) -> None:
        """Count ``cards`` as named (after :meth:`check`)."""
        named = self.named
        for card in cards:
            named[card] = named.get(card, 0) + 1

    def unnamed(self) -> int:
        """How many cards of the deck have not been named yet."""
        return sum(self.counts.values()) - sum(self.named.values())

    def copy(self) -> Ledger:
        """An independent copy (the deck's counts shared: they never change)."""
        twin = Ledger(self.counts)
        twin.named = dict(self.named)
        return twin


class DrawPile:
    """The face-down draw pile: known cards and unnamed slots, top at the end of ``slots``."""

    __slots__ = ("ledger", "slots")

    def __init__(self, slots: list[Card | None], ledger: Ledger | None):
        self.slots = slots
        self.ledger = ledger  # None when the round's deck is given: every slot is known

    def copy(self) -> DrawPile:
        """An independent copy: its own slots and ledger."""
        return DrawPile(list(self.slots), None if self.ledger is None else self.ledger.copy())

    @classmethod
    def of_deck(cls, deck: tuple[Card, ...] | list[Card] | None, variant_deck: str) -> DrawPile:
        """The pile a round begins with: the given ``deck`` (top first), every card known — it must be
        exactly the variant's deck (LOG-3) — or, without one, as many unnamed cards, counted as the log
        names them."""
        counts = deck_counts(variant_deck)
        if deck is None:
            return cls([None] * sum(counts.values()), Ledger(counts))
        if count_cards(deck) != counts:
            raise RuleBroken("LOG-3", f"the round's deck is not the {variant_deck}-card deck of this variant")
        return cls(list(reversed(deck)), None)

    def __len__(self) -> int:
        return len(self.slots)

    def peek(self, count: int) -> list[Card | None]:
        """The top ``count`` slots (or fewer), top first. Changes nothing."""
        return self.slots[:-count - 1:-1] if count else []

    def refuse(self, named: list[Card] | tuple[Card, ...] | None, slots: list[Card | None],
               where: Where) -> Refusal | None:
        """Why the cards a log names for ``slots`` (top first, as many) cannot be those, or None.

        A known slot must hold the named card (LOG-2); an unnamed slot takes the named card, which must be
        one the deck still has (LOG-3); with nothing named every slot must be known. Changes nothing.
        """
        if named is None:
            if None in slots:
                return Refusal("LOG-2", lambda: (f"{_text(where)} does not name the cards drawn, and the pile's "
                                                 "cards are not known"))
            return None
        fresh = []
        for slot, card in zip(slots, named, strict=True):
            if slot is None:
                fresh.append(card)
            elif slot is not card:
                return Refusal("LOG-2", lambda slot=slot, card=card: (
                    f"{_text(where)} names {card.name}, but the next card of the draw pile is {slot.name}"))
        if fresh and self.ledger is not None:
            return self.ledger.refuse(fresh, where)
        return None

    def take(self, named: list[Card] | tuple[Card, ...] | None, slots: list[Card | None],
             where: Where) -> list[Card]:
        """Check the cards a log names for ``slots`` (top first) and return the cards they are
        (:meth:`refuse` says what is checked). Raises without changing anything."""
        refusal = self.refuse(named, slots, where)
        if refusal is not None:
            raise broken(refusal)
        return list(slots) if named is None else list(named)  # type: ignore[arg-type]

    def commit(self, count: int, fresh: list[Card]) -> None:
        """Remove the top ``count`` slots; count the cards that were unnamed as named now."""
        if count:
            del self.slots[-count:]
        if fresh and self.ledger is not None:
            self.ledger.add(fresh)

    def top(self, count: int) -> list[Card]:
        """The top ``count`` cards (or fewer), top first, for a pile whose cards are known (self-play)."""
        cards = self.slots[:-count - 1:-1] if count else []  # peek's slice: self-play reads the pile at every draw
        if None in cards:
            raise ValueError("the pile's cards are not known")
        return cards  # type: ignore[return-value]

    def put_under(self, cards_top_first: list[Card]) -> None:
        """Put known cards under the pile, the first of them to be drawn first (DRAFT-6)."""
        self.slots[:0] = cards_top_first[::-1]

    def replace(self, cards_top_first: list[Card]) -> None:
        """Make the pile exactly these known cards (REFILL-1)."""
        self.slots = cards_top_first[::-1]  # type: ignore[assignment]  # a new list, of known cards only
