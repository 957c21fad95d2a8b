"""The draft (DRAFT-1 … DRAFT-6) and, for variants without one, the deal."""

from __future__ import annotations

from typing import Final

from referee.engine.cards import Card
from referee.engine.moment import UnoState
from referee.engine.piles import DrawPile
from referee.engine.position import Phase, Position
from referee.engine.records import Pick
from referee.engine.violation import RuleBroken

PICKS: Final = 14  # seven picks each (DRAFT-1, DRAFT-5)
HAND = 7

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_PHASE_DRAFT: Final = Phase.DRAFT
_PHASE_TURN_UP: Final = Phase.TURN_UP
_UNO_NONE: Final = UnoState.NONE


class Draft:
    """A draft in progress: the draw pile, both hands and the draft's face-up discard pile."""

    __slots__ = ("discard", "hands", "names", "picks", "pile", "player_1", "to_pick")

    def __init__(self, names: tuple[str, str], player_1: int, pile: DrawPile):
        self.names = names
        self.player_1 = player_1
        self.pile = pile
        self.hands: list[list[Card]] = [[], []]
        self.discard: list[Card] = []
        self.picks = 0
        #: Who picks next: Player 1 first, then alternately (DRAFT-5; each pick hands it on).
        self.to_pick = player_1

    @property
    def done(self) -> bool:
        """True after the fourteenth pick."""
        return self.picks >= PICKS

    def position(self, number: int) -> Position:
        """The table during (or just after) the draft of round ``number``, for the verdict."""
        top = self.discard[-1] if self.discard else None
        return Position(self.names, number, _PHASE_TURN_UP if self.done else _PHASE_DRAFT,
                        (tuple(self.hands[0]), tuple(self.hands[1])), top, None, len(self.pile),
                        len(self.discard), (_UNO_NONE, _UNO_NONE))

    def pick(self, pick: Pick) -> None:
        """DRAFT-3: keep the top card (the next goes face up) or pass it (and keep the next)."""
        if self.done:
            raise RuleBroken("DRAFT-1", f"the draft is over: each player has drafted {HAND} cards")
        if pick.player != self.to_pick:
            raise RuleBroken("DRAFT-5", f"it is {self.names[self.to_pick]}'s pick, not {self.names[pick.player]}'s")
        slots = self.pile.slots
        if len(slots) >= 2 and slots[-1] is pick.drew and slots[-2] is pick.next:
            del slots[-2:]  # the common pick, kept short: the two top cards are known and are the ones named
        else:
            who = self.names[pick.player]
            named = (pick.drew, pick.next)
            slots = self.pile.peek(2)
            self._check_not_discarded(named, slots, who)
            cards = self.pile.take(named, slots, lambda: f"{who}'s pick")
            self.pile.commit(2, [c for s, c in zip(slots, cards, strict=True) if s is None])
        self.hands[pick.player].append(pick.kept)
        self.discard.append(pick.passed)
        self.picks += 1
        self.to_pick = 1 - pick.player

    def _check_not_discarded(self, named: tuple[Card, Card], slots: list, who: str) -> None:
        """DRAFT-4: a named card that is not the pile's next one but lies on the discard pile was taken
        from there."""
        ledger = self.pile.ledger
        for i, (card, slot) in enumerate(zip(named, slots, strict=False)):
            if slot is card or card not in self.discard:
                continue
            if slot is None and ledger is not None:
                seen = ledger.named.get(card, 0) + named[:i].count(card)
                if seen < ledger.counts.get(card, 0):
                    continue  # another copy can still be in the pile
            raise RuleBroken("DRAFT-4", f"{who} takes {card.name}, which lies on the discard pile")

    def finish(self) -> None:
        """DRAFT-6: the discard pile is turned over under the draw pile, its oldest card first."""
        self.pile.put_under(self.discard)
        self.discard = []


def deal(names: tuple[str, str], player_1: int, pile: DrawPile) -> list[list[Card]]:
    """A plain deal of seven each, one at a time, Player 2 first (variants with ``start = "deal"``)."""
    hands: list[list[Card]] = [[], []]
    for i in range(2 * HAND):
        player = (1 - player_1) if i % 2 == 0 else player_1
        slots = pile.peek(1)
        card = pile.take(None, slots, "the deal")[0]
        pile.commit(1, [])
        hands[player].append(card)
    return hands
