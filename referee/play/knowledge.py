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
- the other hand a challenge of the seat's showed it (WD4-3): those cards are still held unless laid since.

Beyond the hard facts it makes these inferences about the other hand (the first three kept as a
:class:`Constraint` named by its ``source``, which the cards the other seat has drawn or laid since loosen):

- ``"draw"``: an opponent who draws where they could have laid a card (an ordinary turn, or a volley they
  could have answered) held none of the cards that were playable then -- assuming they never decline a
  playable card (TURN-2 allows it; the bots do not);
- with :attr:`Knowledge.model` (the other seat's plays read as a greedy player's, as ``challenger``
  plays; :meth:`Knowledge._plays`): ``"play"``, a card laid alone means no playable card ranked above it
  was held; ``"dump"``, a Reverse dump (REV-1, REV-2) leaves none of its colour (a fact whoever plays, read
  with the plays, and only where the Reverse passes the turn); and the draft's picks
  (:meth:`Knowledge.drafted`), the hand's drafted cards leaning to those greedy keeps, in a variant that
  drafts.

:func:`deal` draws one *determinization*: the other hand and the pile, consistent with the hard facts, and
with the inferences where they can be met (dropped where they cannot: they are beliefs, not facts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from referee.engine.actions import Action, action_of
from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.deck import deck_counts
from referee.engine.draft import PICKS
from referee.engine.handlers import matching
from referee.engine.legal import Options
from referee.engine.moment import Pending, turn
from referee.engine.round_state import RoundState
from referee.engine.variants import Rules
from referee.log.records import Draw, Dump, Event, Play
from referee.play.players import _ranks, greedy_keeps

if TYPE_CHECKING:
    from referee.play.view import PlayerView

_DISTINCT = tuple(dict.fromkeys(ALL_CARDS))
_OF_COLOUR = {colour: frozenset(c for c in _DISTINCT if c.color is colour) for colour in Color}
_REVERSE = Kind.REVERSE
#: The actions (:func:`~referee.engine.actions.action_of`) after which their player acts again -- at once
#: (SKIP-1, a Reverse where the variant makes it skip) or once the four are drawn (WD4-2): a draw of theirs
#: may then come after their play.
_GOES_AGAIN = frozenset((Action.AGAIN, Action.DRAW_4))
_PASSES = Action.PASS


@dataclass(frozen=True, slots=True)
class Constraint:
    """The other seat held none of ``cards`` when it held ``held`` cards, having laid ``laid`` cards in the
    round by then: of its hand now, at least ``held - (laid now - laid)`` cards are from then."""

    cards: frozenset[Card]
    held: int
    laid: int
    #: What it was read from: ``"draw"`` (a draw where a card was playable), ``"play"`` (a greedy player's
    #: choice of card), ``"dump"`` (a Reverse dump).
    source: str = "draw"


class Knowledge:
    """One seat's knowledge of the round in play (see the module's description). Updated with
    :meth:`observe` at each view and :meth:`chose` / :meth:`picked` after each of the seat's decisions."""

    def __init__(self, seat: int, round_number: int, scores: tuple[int, int], model: bool = True):
        self.seat = seat
        #: Whether to infer from the other seat's plays as from a greedy player's (:meth:`_plays`).
        self.model = model
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
        #: The position as the seat knows it when its move left the other seat to decide (with
        #: :attr:`open_to_other`), for what the other seat's plays then say.
        self.after: RoundState | None = None
        #: Every card the other seat laid this round, in order (while the discards are followed).
        self.other_cards: list[Card] = []
        #: The hand the seat's last challenge showed it (WD4-3; None: none, or no longer followed), and how
        #: many cards the other seat had laid by then; ``shown_seen``: the last one read off a view.
        self.shown: tuple[Card, ...] | None = None
        self.shown_laid = 0
        self.shown_seen: tuple[Card, ...] | None = None
        #: The other seat's draft picks as read at the seat's own (by the face-up count): True where it
        #: surely kept a card greedy keeps, False where it may have passed (:meth:`observe_draft`).
        self.other_picks: dict[int, bool] = {}
        #: How many cards the other seat has drawn in play (None: not followed).
        self.other_drawn: int | None = 0
        #: The colour to match as the seat saw it, by the discard pile's index of the card it was set on.
        self.colours: dict[int, Color | None] = {}

    def copy(self) -> Knowledge:
        """An independent copy (the honesty test replays a decision from the same knowledge)."""
        twin = Knowledge(self.seat, self.round, self.scores, self.model)
        twin.faceup = list(self.faceup)
        twin.bottom_valid = self.bottom_valid
        twin.discards, twin.other_laid, twin.other_size = self.discards, self.other_laid, self.other_size
        twin.constraints = list(self.constraints)
        twin.laid, twin.open_to_other, twin.after = self.laid, self.open_to_other, self.after
        twin.colours = dict(self.colours)
        twin.other_cards = list(self.other_cards)
        twin.other_picks, twin.other_drawn = dict(self.other_picks), self.other_drawn
        twin.shown, twin.shown_laid, twin.shown_seen = self.shown, self.shown_laid, self.shown_seen
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
            # the other seat's pick just before: a card greedy keeps was not passed by a greedy player, so
            # it kept its first card (one it keeps); another it may have passed (and kept the next, unseen)
            self.other_picks[count] = greedy_keeps(view.top)

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
        if not before:  # the first view in play: the other seat may have laid and drawn before it
            self.other_drawn = max(0, size - PICKS // 2 + max(0, len(now) - 1 - len(self.laid)))
        shown = view.shown
        if shown is not None and shown != self.shown_seen:
            # the seat's challenge showed it the other hand (WD4-3), before anything the other seat laid since
            # the last view: every earlier inference is about cards now known or since laid
            self.shown_seen = self.shown = shown
            self.shown_laid = self.other_laid
            self.constraints = []
        if before and now[:len(before)] == before:
            new = list(now[len(before):])
            for card in self.laid:  # what the seat laid itself since; the rest is the other seat's
                if card in new:
                    new.remove(card)
            # how many cards the other seat drew between the views (-1: not known)
            drew = size - self.other_size + len(new) if self.other_size >= 0 else -1
            if self.other_drawn is not None:
                self.other_drawn = self.other_drawn + drew if drew >= 0 else None
            if self.open_to_other is not None and drew > 0 and (not new or (
                    drew == 1 and len(new) == 1 and action_of(new[0], view.rules) not in _GOES_AGAIN)):
                # it drew where it could have laid a card of these (and, if it laid one since, that was
                # the card it drew: TURN-3)
                self.constraints.append(Constraint(self.open_to_other, self.other_size, self.other_laid))
            elif self.model and self.after is not None and drew == 0 and new:
                self._plays(new)
            self.other_laid += len(new)
            self.other_cards += new
        elif before:
            # a refill turned the discards over (REFILL-1): the pile's bottom is no longer the draft's, and who
            # laid what between the views is not told; what was inferred is dropped with it
            self.bottom_valid = False
            self.constraints = []
            self.shown = None
            self.other_drawn = None
            self.colours = {}
        self.discards = now
        if now:
            self.colours[len(now) - 1] = view.color
        self.other_size = size
        self.laid = ()
        self.open_to_other = None
        self.after = None

    def chose(self, view: PlayerView, event: Event | None) -> None:
        """After the seat's decision ``event`` (None: a playable drawn card kept): what it laid, and -- when
        it leaves the other seat an ordinary turn or a volley -- the cards that seat could lay then, asked of
        the engine on the position as this seat knows it."""
        options = view.options
        if type(event) is Play:
            laid: tuple[Card, ...] = (event.card, *event.dump)
        elif type(event) is Dump:
            laid = event.cards
        elif event is None or type(event) is Draw:
            # a draw (or a drawn card kept) leaves the discards as they are; the other seat is next unless
            # the seat may still play the card it draws (then its next decision comes first, and is read)
            after = seat_position(view)
            after.moment = turn(1 - self.seat)
            self.other_size = view.hand_sizes[1 - self.seat]
            self.open_to_other = playable(after)
            self.after = after
            return
        else:
            return
        self.laid = laid
        if options is None:
            return
        after = seat_position(view).copy()
        try:
            after.apply(event)
        except Exception:
            return
        moment = after.moment
        if moment.player != 1 - self.seat or moment.kind not in (Pending.TURN, Pending.VOLLEY):
            return
        self.other_size = len(after.hands[moment.player])
        self.open_to_other = playable(after)
        self.after = after

    def _plays(self, new: list[Card]) -> None:
        """What the other seat's plays since the seat's move (``new``, in order; no draw between) say, read
        as a greedy player's (:class:`~referee.play.players.GreedyPlayer`, whom ``challenger`` plays as):
        a card laid alone means no playable card ranked above it was held (greedy lays the highest it can,
        a Draw 2 held back while 2+ cards stay); a Reverse dump (REV-2) leaves no card of its colour, a fact
        whoever plays. An answer to a volley says nothing (every Draw 2 is worth the same).

        Cards of a Reverse's colour laid after it are its dump only where the variant has the dump and the
        Reverse passes the turn (REV-5): where it skips, they may be plays of the turn its player goes again."""
        after = self.after
        assert after is not None
        rules = after.rules
        dumps = rules.reverse_dump
        worth, held_back = _ranks(rules)
        held, laid = self.other_size, self.other_laid
        under, colour = after.top, after.color
        player = 1 - self.seat
        index = 0
        while index < len(new):
            card = new[index]
            run = 1
            if dumps and card.kind is _REVERSE and action_of(card, rules) is _PASSES:
                while index + run < len(new) and new[index + run].color is card.color:
                    run += 1
            held, laid = held - run, laid + run
            if run > 1:  # a dump: none of its colour is left
                self.constraints.append(Constraint(_OF_COLOUR[card.color], held, laid, "dump"))
            elif not (index == 0 and after.moment.kind is Pending.VOLLEY):
                rank = held_back if held + 1 > 2 else worth
                known = colour if colour is not None else card.color  # laid on a wild: its colour
                cards = playable_on(after, player, under, known)
                if colour is None and card.is_wild:
                    cards = frozenset(c for c in cards if c.is_wild)  # the colour then is not known
                above = frozenset(c for c in cards if rank[c] > rank[card])
                if above:
                    self.constraints.append(Constraint(above, held, laid, "play"))
            last = new[index + run - 1]
            under, colour = last, last.color
            index += run

    # -- what is hidden -------------------------------------------------------------------------------

    def drafted(self, size: int, rules: Rules) -> tuple[int, float]:
        """How many of the other hand's ``size`` cards are surely from its draft (it has drawn no more than
        the rest since), and the chance that the sampler must take one of them among the cards greedy keeps
        (half the deck; the rest of the time it is dealt at random): a card greedy keeps is likely 1 for a
        pick read as a keep, 2/3 for one that may have been a pass (a third of such picks kept the first card,
        the rest a card at random), 3/4 for a pick not seen; ``2 * likely - 1`` of the slots are forced.
        None under ``rules`` that deal the hands (``start = "deal"``): there was no draft to choose in."""
        if self.other_drawn is None or rules.start == "deal":
            return 0, 0.0
        picks = PICKS // 2
        seen = list(self.other_picks.values())[:picks]
        likely = (sum(1.0 if kept else 2 / 3 for kept in seen) + 0.75 * (picks - len(seen))) / picks
        return max(0, min(size - self.other_drawn, picks - self.other_laid)), 2 * likely - 1

    def still_shown(self) -> list[Card]:
        """The cards of the shown hand (:attr:`shown`) the other seat must still hold: those it has not laid
        since (a card laid like one shown is taken to be that one, so this is what is sure)."""
        if self.shown is None:
            return []
        left = list(self.shown)
        for card in self.other_cards[self.shown_laid:]:
            if card in left:
                left.remove(card)
        return left

    def pile_bottom(self, pile_size: int) -> list[Card | None]:
        """The draw pile's known bottom, bottom first (None: a slot whose card is not known), as long as it
        is the draft's face-up cards (DRAFT-6: turned over, the oldest drawn first)."""
        if not self.bottom_valid or not self.faceup:
            return []
        bottom = self.faceup[::-1]  # the last card turned face up lies at the very bottom
        return bottom[:min(len(bottom), pile_size)]


def seat_position(view: PlayerView) -> RoundState:
    """The round in play as the view's seat knows it (:meth:`RoundState.known_to
    <referee.engine.round_state.RoundState.known_to>`: its own hand, the other hand as unknown cards, no draw
    pile, the moment as the seat sees it), from ``view.seat_position``. Never the view's ``options.state``:
    the view's own checks run on the engine's round, which holds the other hand. A searching seat reads the
    round through this and nothing else; outside play there is no round to read (ValueError)."""
    known = view.seat_position
    if known is None:
        raise ValueError("the view is not of a round in play: no position to search")
    return known


def playable(state: RoundState) -> frozenset[Card]:
    """The cards the player to act in ``state`` could lay now, whatever they hold: the engine's own checks
    asked for a hand of one card of each kind (TURN-1, D2-1, ... under the position's rules)."""
    trial = state.copy()
    player = state.moment.player
    trial.hands[player] = list(_DISTINCT)
    options = Options(trial)
    return frozenset(card for card in options.cards() if options.plays(card))


#: :func:`playable_on`'s answers, by the rules (a frozen value: equal rules share their answers, and a key
#: holds its rules, so that no other rules made later can take its place as an ``id`` could), top and colour.
_PLAYABLE_ON: dict[tuple[Rules, Card, Color | None], frozenset[Card]] = {}


def playable_on(position: RoundState, player: int, top: Card, colour: Color | None) -> frozenset[Card]:
    """The cards ``player`` could lay on an ordinary turn of ``position``'s round with ``top`` on the discard
    pile in ``colour`` (:func:`playable`, the engine asked; kept for each top and colour of a variant)."""
    key = (position.rules, top, colour)
    found = _PLAYABLE_ON.get(key)
    if found is None:
        trial = position.copy()
        trial.discard = [top]
        trial.color = colour
        trial.matching = matching(top, colour)
        trial.moment = turn(player)
        found = _PLAYABLE_ON[key] = playable(trial)
    return found


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
    can be (:func:`_constrained`), else dropped."""
    other = 1 - knowledge.seat
    size = view.hand_sizes[other]
    pile_size = view.draw_pile
    bottom = knowledge.pile_bottom(pile_size)
    pool = unseen(view, bottom)
    if len(pool) != size + pile_size - sum(1 for c in bottom if c is not None):
        bottom = []  # the knowledge does not add up (a view missed): deal without the bottom
        pool = unseen(view, bottom)
    held = knowledge.still_shown()[:size]
    for card in list(held):
        if card in pool:
            pool.remove(card)
        else:  # the knowledge does not add up: the card is not there to be held
            held.remove(card)
    laid_now = knowledge.other_laid
    # the shown cards still held are the hand's oldest: the inferences bind the rest
    needs = [(c.cards, min(size, c.held - (laid_now - c.laid)) - len(held)) for c in knowledge.constraints]
    needs = [(cards, count) for cards, count in needs if count > 0]
    rng.shuffle(pool)
    free = size - len(held)
    # the hand's oldest cards may be from the draft, where a greedy player kept cards it keeps
    drafted, chance = knowledge.drafted(size, view.rules) if knowledge.model else (0, 0.0)
    if needs or drafted:
        hand, rest = _constrained(pool, free, needs, max(0, drafted - len(held)), chance, rng)
    else:
        hand, rest = pool[:free], pool[free:]
    hand = held + hand
    slots: list[Card] = []
    fill = iter(rest)
    for known in bottom:
        slots.append(known if known is not None else next(fill))
    slots.extend(fill)
    return list(hand), slots


def _constrained(pool: list[Card], size: int, needs: list[tuple[frozenset[Card], int]], drafted: int,
                 chance: float, rng: random.Random) -> tuple[list[Card], list[Card]]:
    """A hand of ``size`` from ``pool`` (shuffled) meeting the inferences: an inference that at least ``count``
    cards of the hand now avoid ``cards`` binds the hand's ``count`` oldest cards. The cards are ordered by
    age (the later an inference, the more of the hand it binds, for fewer cards have been drawn since): slot
    ``i`` avoids every set whose count exceeds ``i``, and takes the first card of the pool that does. A slot
    no card can fill takes the first card left: an inference is a belief, dropped where it cannot be met.
    The ``drafted`` oldest slots are from the draft: each is, with ``chance``, a card greedy keeps."""
    needs = sorted(needs, key=lambda need: need[1], reverse=True)
    left = list(pool)
    hand: list[Card] = []
    avoid: frozenset[Card] | None = None
    for slot in range(size):  # the oldest slot first: it avoids most
        while needs and needs[-1][1] <= slot:
            needs.pop()
            avoid = None
        if avoid is None:
            avoid = frozenset().union(*(cards for cards, _ in needs))
        found = None
        if slot < drafted and rng.random() < chance:
            found = next((i for i, card in enumerate(left) if card not in avoid and greedy_keeps(card)), None)
        if found is None:
            found = next((i for i, card in enumerate(left) if card not in avoid), 0)
        hand.append(left.pop(found))
    return hand, left


__all__ = ["Constraint", "Knowledge", "deal", "playable", "playable_on", "seat_position", "unseen"]
