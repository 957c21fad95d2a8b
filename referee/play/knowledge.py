"""What one seat knows of a round, gathered from the views it is shown, and a sampler of the hidden cards.

A seat that searches (:mod:`referee.play.expert`) must deal the cards it cannot see -- the other hand and
the unknown part of the draw pile -- in ways consistent with everything it may know, and nothing else
(OpenSpiel's information state). :class:`Knowledge` keeps those facts for one seat through a round, from
that seat's own views (:class:`referee.play.view.PlayerView`) and its own decisions:

- its hand and the cards it drew itself (the view's hand);
- every card laid face up (:attr:`PlayerView.discards`, the discard pile bottom first);
- the draft's face-up cards, which DRAFT-6 turns over under the draw pile in a known order: the pile's
  bottom is known to both seats until it is drawn or a refill replaces the pile. A seat sees the face-up
  top at each of its picks and knows the card it passes itself; the card its keep turns face up it does not
  see in its views (the other seat's next pass covers it), so that slot stays unknown;
- the other hand's size (the view's) and the other seat's draws, read off the change between two views;
- one inference beyond the hard facts (:class:`Constraint`): an opponent who draws where they could have
  laid a card (an ordinary turn, or a volley they could have answered) held none of the cards that were
  playable then -- assuming they never decline a playable card (TURN-2 allows it; the bots do not). The
  cards they have drawn or laid since loosen it.

:func:`deal` draws one *determinization*: the other hand and the pile, consistent with the hard facts, and
with the inferences where they can be met (dropped where they cannot: they are beliefs, not facts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.cards import ALL_CARDS, Card, Color
from referee.engine.deck import deck_counts
from referee.engine.draft import PICKS
from referee.engine.legal import Options
from referee.engine.moment import Pending
from referee.engine.round_state import RoundState
from referee.log.records import Dump, Event, Play

if TYPE_CHECKING:
    from referee.play.view import PlayerView

#: How many times the sampler deals afresh to meet the inferences before it gives them up.
TRIES = 24
_DISTINCT = tuple(dict.fromkeys(ALL_CARDS))


@dataclass(frozen=True, slots=True)
class Constraint:
    """The other seat held none of ``cards`` when it held ``held`` cards, having laid ``laid`` cards in the
    round by then: of its hand now, at least ``held - (laid now - laid)`` cards are from then."""

    cards: frozenset[Card]
    held: int
    laid: int


class Knowledge:
    """One seat's knowledge of the round in play (see the module's description). Updated with
    :meth:`observe` at each view and :meth:`chose` / :meth:`picked` after each of the seat's decisions."""

    def __init__(self, seat: int, round_number: int, scores: tuple[int, int]):
        self.seat = seat
        self.round = round_number
        self.scores = scores
        #: The draft's face-up cards in the order they were turned face up (None: not seen by this seat).
        self.faceup: list[Card | None] = []
        #: The pile's bottom, bottom first, as long as it is known to be the draft's face-up cards.
        self.bottom_valid = True
        #: The discard pile at the last view in play, and how many cards the other seat has laid.
        self.discards: tuple[Card, ...] = ()
        self.other_laid = 0
        self.other_size = -1
        self.constraints: list[Constraint] = []
        #: What the seat laid since the last view, and the cards the other seat could then have laid
        #: (None: it was not left to decide an ordinary turn or a volley).
        self.laid: tuple[Card, ...] = ()
        self.open_to_other: frozenset[Card] | None = None
        #: The colour to match as the seat saw it, by the discard pile's index of the card it was set on.
        self.colours: dict[int, Color | None] = {}

    def copy(self) -> Knowledge:
        """An independent copy (the honesty test replays a decision from the same knowledge)."""
        twin = Knowledge(self.seat, self.round, self.scores)
        twin.faceup = list(self.faceup)
        twin.bottom_valid = self.bottom_valid
        twin.discards, twin.other_laid, twin.other_size = self.discards, self.other_laid, self.other_size
        twin.constraints = list(self.constraints)
        twin.laid, twin.open_to_other = self.laid, self.open_to_other
        twin.colours = dict(self.colours)
        return twin

    def belongs(self, view: PlayerView) -> bool:
        """Whether ``view`` is of the round this knowledge is of (else a new one is due)."""
        if view.round != self.round or view.scores != self.scores:
            return False
        if view.phase == "draft":
            sizes = view.hand_sizes
            return sizes[0] + sizes[1] >= len([c for c in self.faceup if c is not None]) and not self.discards
        if view.phase == "play" and self.discards:
            known = self.discards
            now = view.discards
            # the pile grows only by cards laid on it, or a refill leaves the top alone
            return now[:len(known)] == known or len(now) < len(known)
        return True

    # -- the draft ------------------------------------------------------------------------------------

    def observe_draft(self, view: PlayerView) -> None:
        """At a pick: the face-up top (the other seat's last pass) is the draft's last face-up card."""
        count = view.discard_pile
        while len(self.faceup) < count:
            self.faceup.append(None)
        if count and view.top is not None:
            self.faceup[count - 1] = view.top

    def picked(self, view: PlayerView, keep: bool) -> None:
        """After the seat's pick: passing turns the drawn card face up (keeping turns up the next, unseen)."""
        count = view.discard_pile
        while len(self.faceup) <= count:
            self.faceup.append(None)
        if not keep and view.drawn is not None:
            self.faceup[count] = view.drawn

    # -- play -----------------------------------------------------------------------------------------

    def observe(self, view: PlayerView) -> None:
        """A view in play: the discards laid since the last one, the other seat's draws and what they say."""
        other = 1 - self.seat
        now = view.discards
        size = view.hand_sizes[other]
        before = self.discards
        if not before and self.faceup:  # play begins: every pick turned a card face up (the last one unseen)
            self.faceup += [None] * (PICKS - len(self.faceup))
        if before and now[:len(before)] == before:
            new = list(now[len(before):])
            for card in self.laid:  # what the seat laid itself since; the rest is the other seat's
                if card in new:
                    new.remove(card)
            self.other_laid += len(new)
            if self.open_to_other is not None and not new and size > self.other_size >= 0:
                # it laid nothing and its hand grew: it drew where it could have laid a card of these
                self.constraints.append(Constraint(self.open_to_other, self.other_size, self.other_laid))
        elif before:
            # a refill turned the discards over (REFILL-1): the pile's bottom is no longer the draft's, and who
            # laid what between the views is not told; what was inferred is dropped with it
            self.bottom_valid = False
            self.constraints = []
            self.colours = {}
        self.discards = now
        if now:
            self.colours[len(now) - 1] = view.color
        self.other_size = size
        self.laid = ()
        self.open_to_other = None

    def chose(self, view: PlayerView, event: Event | None) -> None:
        """After the seat's decision ``event`` (None: a playable drawn card kept): what it laid, and -- when
        it leaves the other seat an ordinary turn or a volley -- the cards that seat could lay then, asked of
        the engine on the position as this seat knows it."""
        options = view.options
        if type(event) is Play:
            laid: tuple[Card, ...] = (event.card, *event.dump)
        elif type(event) is Dump:
            laid = event.cards
        else:
            return
        self.laid = laid
        if options is None:
            return
        after = options.state.copy()
        try:
            after.apply(event)
        except Exception:
            return
        moment = after.moment
        if moment.player != 1 - self.seat or moment.kind not in (Pending.TURN, Pending.VOLLEY):
            return
        self.other_size = len(after.hands[moment.player])
        self.open_to_other = playable(after)

    # -- what is hidden -------------------------------------------------------------------------------

    def pile_bottom(self, pile_size: int) -> list[Card | None]:
        """The draw pile's known bottom, bottom first (None: a slot whose card is not known), as long as it
        is the draft's face-up cards (DRAFT-6: turned over, the oldest drawn first)."""
        if not self.bottom_valid or not self.faceup:
            return []
        bottom = self.faceup[::-1]  # the last card turned face up lies at the very bottom
        return bottom[:min(len(bottom), pile_size)]


def playable(state: RoundState) -> frozenset[Card]:
    """The cards the player to act in ``state`` could lay now, whatever they hold: the engine's own checks
    asked for a hand of one card of each kind (TURN-1, D2-1, ... under the position's rules)."""
    trial = state.copy()
    player = state.moment.player
    trial.hands[player] = list(_DISTINCT)
    options = Options(trial)
    return frozenset(card for card in options.cards() if options.plays(card))


def unseen(view: PlayerView, bottom: list[Card | None]) -> list[Card]:
    """The cards the seat has not seen: the deck less its hand, the discards and the pile's known bottom."""
    counts = dict(deck_counts(view.rules.deck))
    for group in (view.hand or (), view.discards, bottom):
        for card in group:
            if card is not None:
                counts[card] -= 1
    return [card for card, count in counts.items() for _ in range(count) if count > 0]


def deal(knowledge: Knowledge, view: PlayerView, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """One determinization: the other hand, and the draw pile's slots (bottom first, its top last), dealt
    from the cards the seat has not seen, with the known bottom in place; the inferences met where they
    can be (:data:`TRIES` deals), else dropped."""
    other = 1 - knowledge.seat
    size = view.hand_sizes[other]
    pile_size = view.draw_pile
    bottom = knowledge.pile_bottom(pile_size)
    pool = unseen(view, bottom)
    if len(pool) != size + pile_size - sum(1 for c in bottom if c is not None):
        bottom = []  # the knowledge does not add up (a view missed): deal without the bottom
        pool = unseen(view, bottom)
    laid_now = knowledge.other_laid
    needs = [(c.cards, c.held - (laid_now - c.laid)) for c in knowledge.constraints]
    needs = [(cards, count) for cards, count in needs if count > 0]
    for _ in range(TRIES if needs else 1):
        rng.shuffle(pool)
        hand = pool[:size]
        if all(sum(1 for card in hand if card not in cards) >= count for cards, count in needs):
            break
    else:
        hand, pool = _constrained(pool, size, needs, rng)
    rest = pool[size:]  # the hand is the pool's first cards either way
    slots: list[Card] = []
    fill = iter(rest)
    for card in bottom:
        slots.append(card if card is not None else next(fill))
    slots.extend(fill)
    return list(hand), slots


def _constrained(pool: list[Card], size: int, needs: list[tuple[frozenset[Card], int]],
                 rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A hand meeting the strongest inference (its count of cards drawn from outside its set), the rest at
    random: what rejection could not find in :data:`TRIES` deals."""
    cards, count = max(needs, key=lambda need: need[1])
    outside = [c for c in pool if c not in cards]
    inside = [c for c in pool if c in cards]
    rng.shuffle(outside)
    count = min(count, len(outside), size)
    hand = outside[:count]
    rest = outside[count:] + inside
    rng.shuffle(rest)
    hand += rest[:size - count]
    return hand, hand + rest[size - count:]


__all__ = ["Constraint", "Knowledge", "deal", "playable", "unseen"]
