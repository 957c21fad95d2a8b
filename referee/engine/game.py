"""The one game loop: a game from the cut to its end, stage by stage, whoever plays it.

A :class:`Game` is a resumable state machine (OpenSpiel's chance as a player). :attr:`Game.needs` says
what comes next -- chance (the cut, a round's deck, the turned-up card) or a seat's decision (a draft pick,
Player 1's colour for a turned-up wild, an event) -- and one method takes each. The game carries out what
the rules then impose (the draft's end, the start of play, the round's scoring, the game's end) and tells
its :class:`Observer` every step from here, and from nowhere else.

One driver loop steps through it (:func:`referee.engine.loop.run`), asking a source for each step; the
sources differ only in where decisions and chance come from:

- replay (:class:`referee.log.replay.Replay`): the log's cut, decks, picks, turn-ups and events;
- self-play (:mod:`referee.play.selfplay`): seats deciding from their views, chance a seeded shuffle;
- a live game (:class:`referee.play.live.LiveGame`): decisions one at a time from outside, chance the
  dealer's.

A drawer who keeps a playable drawn card (TURN-3) says so with :meth:`Game.keep` (a program that plays),
or a log says it by the opponent's next event. Either way the opponent's event is applied in the drawn
card's moment, as a replay of the log applies it, so that the hooks are told the same steps alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from mypy_extensions import mypyc_attr

from referee.engine.cards import Card, Color
from referee.engine.deck import cut_value
from referee.engine.draft import HAND, PICKS, Draft, deal
from referee.engine.match import Match
from referee.engine.moment import Moment, Pending
from referee.engine.piles import DrawPile
from referee.engine.records import Catch, Challenge, Draw, Dump, Event, Pick, Play, RoundLog, SayUno
from referee.engine.round_state import RoundState
from referee.engine.steps import Choose, Cut, Deal, Events, Keep, NameColour, NextRound, Picks, SetUp, Step, TurnUp
from referee.engine.variants import Rules
from referee.engine.violation import RuleBroken, broken

#: The moment of a round that is over (a module constant: compiled, a C variable read per event).
_OVER: Final = Pending.OVER


class Needs(Enum):
    """What the game takes next, and from whom: chance, a seat, or the loop's own next step."""

    CUT = "cut"          #: chance: the players cut (:meth:`Game.cut`)
    ROUND = "round"      #: the next round begins (:meth:`Game.begin_round`)
    DECK = "deck"        #: chance: the round's deck (:meth:`Game.deal`), or a stated set-up (:meth:`Game.set_up`)
    PICK = "pick"        #: a seat: the drafter's pick (:meth:`Game.pick`)
    TURN_UP = "turn_up"  #: chance: the pile's next card is turned up (:meth:`Game.turn_up`)
    COLOUR = "colour"    #: a seat: Player 1 names the turned-up wild's colour (:meth:`Game.colour`, START-7)
    EVENT = "event"      #: a seat: an event (:meth:`Game.event`), or keeping a drawn card (:meth:`Game.keep`)
    OVER = "over"        #: the game has ended (GAME-1)

    @property
    def is_chance(self) -> bool:
        """True where chance decides (the cut, a deck, the turned-up card)."""
        return self in (_NEEDS_CUT, _NEEDS_DECK, _NEEDS_TURN_UP)


# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_NEEDS_COLOUR: Final = Needs.COLOUR
_NEEDS_CUT: Final = Needs.CUT
_NEEDS_DECK: Final = Needs.DECK
_NEEDS_EVENT: Final = Needs.EVENT
_NEEDS_OVER: Final = Needs.OVER
_NEEDS_PICK: Final = Needs.PICK
_NEEDS_ROUND: Final = Needs.ROUND
_NEEDS_TURN_UP: Final = Needs.TURN_UP
_PENDING_DRAWN: Final = Pending.DRAWN
#: The round's events, each a step as it is.
_EVENT_TYPES: Final = frozenset((Play, Dump, Draw, Challenge, SayUno, Catch))


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How a game ended (GAME-1, GAME-2), as :meth:`Observer.game_ended` is told it: the final ``scores``
    and the ``winner`` (by player index, None on a tie), the ``rounds`` played, how many ``cuts`` were made
    (0 for a log that gives none) and round 1's ``first_drafter``."""

    scores: tuple[int, int]
    winner: int | None
    rounds: int
    cuts: int
    first_drafter: int


@mypyc_attr(allow_interpreted_subclasses=True)  # the report, statistics, walk and tests subclass it
class Observer:
    """Hooks into a game for tools that study games (:mod:`referee.play.statistics`, say), told alike by a
    replay, self-play and a live game: the :class:`Game` tells them.

    Each hook does nothing here; a subclass overrides the ones it needs. They see the engine's own
    objects and must not change them."""

    def watches_events(self) -> bool:
        """Whether the game tells this observer of each event (:meth:`before_event`, :meth:`after_event`);
        asked once, when the game is made. An observer of the rounds' frame only says False, and the game
        applies events straight to the round (docs/performance.md, "One driver loop")."""
        return True

    def watches_before_events(self) -> bool:
        """Whether an observer told of each event is told before it is applied too (:meth:`before_event`), not
        only after; asked once, when the game is made. A log writer, which writes what was applied, says
        False, and no call is made for it."""
        return True

    def round_begins(self, rnd: RoundLog) -> None:
        """A round is about to be played (a replay hands the log's round; a game played, its index and
        Player 1)."""

    def dealt(self, pile: DrawPile) -> None:
        """The round's deck was dealt as its draw ``pile`` (every card named, but in a log that gives no deck),
        before the draft (or the deal) takes from it: a log writer writes it down."""

    def cut(self, cuts: tuple[tuple[Card, Card], ...]) -> None:
        """CUT-1, CUT-2: the players cut; ``cuts`` is every cut so far, the latest last."""

    def picked(self, draft: Draft, pick: Pick) -> None:
        """A draft pick was made (``draft`` shows the result)."""

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        """The round's card was turned up (START-1); play begins."""

    def before_event(self, state: RoundState, event: Event) -> None:
        """An event is about to be applied."""

    def after_event(self, state: RoundState, event: Event) -> None:
        """An event was applied (it broke no rule)."""

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        """The round is over and scored."""

    def game_ended(self, end: GameEnd) -> None:
        """GAME-1, GAME-2: the round just scored ended the game, as ``end`` says. Told once, after
        :meth:`round_scored`: the one place a game's end is decided, for every source of the loop."""


@mypyc_attr(allow_interpreted_subclasses=True)  # the report's Measuring is one
class Both(Observer):
    """Tells two observers of every step (the first, then the second)."""

    def __init__(self, first: Observer, second: Observer):
        self.pair = (first, second)
        # Each named, so that every hook's two calls are direct (native calls in the compiled build), no loop.
        self.first = first
        self.second = second

    def watches_events(self) -> bool:
        return self.first.watches_events() or self.second.watches_events()

    def watches_before_events(self) -> bool:
        return self.first.watches_before_events() or self.second.watches_before_events()

    def round_begins(self, rnd: RoundLog) -> None:
        self.first.round_begins(rnd)
        self.second.round_begins(rnd)

    def cut(self, cuts: tuple[tuple[Card, Card], ...]) -> None:
        self.first.cut(cuts)
        self.second.cut(cuts)

    def dealt(self, pile: DrawPile) -> None:
        self.first.dealt(pile)
        self.second.dealt(pile)

    def picked(self, draft: Draft, pick: Pick) -> None:
        self.first.picked(draft, pick)
        self.second.picked(draft, pick)

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        self.first.turned_up(state, card, player_1)
        self.second.turned_up(state, card, player_1)

    def before_event(self, state: RoundState, event: Event) -> None:
        self.first.before_event(state, event)
        self.second.before_event(state, event)

    def after_event(self, state: RoundState, event: Event) -> None:
        self.first.after_event(state, event)
        self.second.after_event(state, event)

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        self.first.round_scored(state, points)
        self.second.round_scored(state, points)

    def game_ended(self, end: GameEnd) -> None:
        self.first.game_ended(end)
        self.second.game_ended(end)


def both(first: Observer | None, second: Observer | None) -> Observer | None:
    """One observer telling ``first`` and ``second`` (either may be None) of every step, or None for none."""
    if first is None:
        return second
    return first if second is None else Both(first, second)


class Game:
    """One game between ``names`` under ``rules``, played stage by stage (see the module's description);
    ``observer`` (optional) is told of each step.

    Its standing is public for the drivers to read: ``match`` (the cut, scores, winner), ``round_index``
    (from 0; -1 before the first round), ``player_1``, ``pile``, ``draft`` (the round's draft, or its deal,
    until play begins), ``hands`` (the round's, once drafted, dealt or set up), ``state`` (the round in play,
    kept once over until the next round begins), ``points`` (the round last scored)."""

    __slots__ = ("cuts", "draft", "hands", "kept", "match", "names", "needs", "observer", "pile", "player_1",
                 "points", "round_index", "rules", "state", "turned", "warned", "watcher")

    def __init__(self, rules: Rules, names: tuple[str, str], observer: Observer | None = None):
        self.rules = rules
        self.names = names
        self.observer = observer
        #: The observer if it is told of each event (:meth:`Observer.watches_events`, asked once), else None.
        self.watcher = observer if observer is not None and observer.watches_events() else None
        #: The observer if it is also told of each event before it is applied (asked once), else None.
        self.warned = self.watcher if self.watcher is not None and observer.watches_before_events() else None
        self.match = Match(rules, names)
        self.needs = _NEEDS_CUT
        self.cuts: tuple[tuple[Card, Card], ...] = ()  # the cuts so far (CUT-1, CUT-2)
        self.round_index = -1
        self.player_1 = 0
        self.pile: DrawPile | None = None
        self.draft: Draft | None = None
        self.hands: list[list[Card]] = [[], []]  # the round's hands once drafted, dealt or set up
        self.state: RoundState | None = None
        self.turned: Card | None = None  # a turned-up wild waiting for its colour
        #: The drawn card's moment its drawer keeps (TURN-3) while the opponent decides; None otherwise.
        self.kept: Moment | None = None
        #: The points of the round last scored (SCORE-1), by player index.
        self.points: tuple[int, int] = (0, 0)

    # -- the game's standing ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """GAME-1: a player has reached the target score."""
        return self.match.over

    @property
    def scores(self) -> list[int]:
        """The scores so far, by player index."""
        return self.match.scores

    def winner(self) -> int | None:
        """GAME-2: once the game is over, who wins (None before, or on a tie)."""
        return self.match.winner()

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited (the drafter, Player 1 naming a colour, the player to act --
        the drawer's opponent once a drawn card is kept); None where chance or the loop moves next.
        Interjections may come from either seat meanwhile."""
        needs = self.needs
        if needs is _NEEDS_EVENT:
            moment = self.state.moment
            return 1 - moment.player if moment is self.kept else moment.player
        if needs is _NEEDS_PICK:
            return self.draft.to_pick
        if needs is _NEEDS_COLOUR:
            return self.player_1
        return None

    def deciding(self) -> RoundState:
        """The round as the next decision is taken in it: the round in play or, while its drawer keeps a
        drawn card, a copy in the moment after keeping (the round itself stays in the drawn card's moment,
        where the opponent's event is applied, as a log applies it)."""
        state = self.state
        if self.kept is not None and state.moment is self.kept:
            kept = state.copy()
            kept.keep_drawn()
            return kept
        return state

    # -- the one entry ----------------------------------------------------------------------------

    def apply(self, step: Step) -> None:
        """Take ``step``, a chance outcome or a decision (:mod:`referee.engine.steps`, or an event of the
        round), and carry out what the rules then impose. A step the game does not need now is refused with
        the rule that orders the game's stages (DRAFT-1, DRAFT-6, START-1, START-7, CUT-2, GAME-2, LOG-6), a
        decision that breaks a rule with that rule: :class:`~referee.engine.violation.RuleBroken`, the game
        as it was."""
        # An if-chain by type, the most frequent steps first (events, then picks): a table by type was measured
        # slower for events, and would make each call a Python-level one in the compiled build
        # (docs/performance.md, "Game.apply's dispatch").
        kind = type(step)
        if kind in _EVENT_TYPES:
            self.event(step)  # type: ignore[arg-type]
        elif kind is Pick:
            self.pick(step)  # type: ignore[arg-type]
        elif kind is Keep:
            self.keep(step.player)  # type: ignore[union-attr]
        elif kind is Choose:
            self.choose(step.player, step.keep)  # type: ignore[union-attr]
        elif kind is Events:
            self._events(step.take)  # type: ignore[union-attr]
        elif kind is Picks:
            for pick in step.picks:  # type: ignore[union-attr]
                self.pick(pick)
        elif kind is TurnUp:
            self.turn_up(step.card)  # type: ignore[union-attr]
        elif kind is NameColour:
            self.colour(step.color, step.player)  # type: ignore[union-attr]
        elif kind is Deal:
            self.deal(DrawPile.of_deck(step.deck, self.rules.deck))  # type: ignore[union-attr]
        elif kind is SetUp:
            self._set_up_step(step)  # type: ignore[arg-type]
        elif kind is NextRound:
            self.begin_round(step.rnd)  # type: ignore[union-attr]
        elif kind is Cut:
            self.cut(step.cuts)  # type: ignore[union-attr]
        else:
            raise TypeError(f"not a step of the game: {step!r}")

    def _events(self, take: Callable[[Callable[[Event], None]], None]) -> None:
        """A run of the round's events, which ``take`` reads and hands, in order, to the function it is given:
        :meth:`event`, or, with nobody watching events and no kept card (a replay's one pass), the round's own
        ``apply`` -- the round then scored once if they ended it: the tight loop a replay's speed is
        (docs/performance.md, "One driver loop")."""
        state = self.state
        if state is None or self.watcher is not None or self.kept is not None or self.needs is not _NEEDS_EVENT:
            take(self.event)
            return
        take(state.apply)
        if state.moment.kind is _OVER:
            self._score()

    def _set_up_step(self, step: SetUp) -> None:
        self.set_up([list(step.hands[0]), list(step.hands[1])], step.pile)
        if step.discard:
            self.start_from(step.discard, step.color, step.to_act)

    def clone(self) -> Game:
        """An independent copy of the whole game, to search on (an expert player's playouts): the match's
        scores, the round's hands, piles, draft and position are its own; cards, moments, UNO standings and
        the rules are values, shared. The copy has no observer (a search tells nobody its trials)."""
        twin = Game(self.rules, self.names)
        match, copied = self.match, twin.match
        copied.scores, copied.rounds = list(match.scores), match.rounds
        copied.first_drafter, copied.cut_tied = match.first_drafter, match.cut_tied
        twin.needs, twin.round_index, twin.player_1 = self.needs, self.round_index, self.player_1
        twin.turned, twin.kept, twin.points, twin.cuts = self.turned, self.kept, self.points, self.cuts
        state = self.state
        if state is not None and state.pile is self.pile:  # in play: the position holds the pile and the hands
            twin.state = state = state.copy()
            twin.pile, twin.hands = state.pile, state.hands
        else:
            twin.state = None if state is None else state.copy()
            twin.pile = None if self.pile is None else self.pile.copy()
            twin.hands = [list(self.hands[0]), list(self.hands[1])]
        draft = self.draft
        if draft is not None:  # the draft (or the deal) in progress: its own hands, face-up pile and pile
            twin.draft = copy = Draft(draft.names, draft.player_1, twin.pile if draft.pile is self.pile
                                      else draft.pile.copy())
            copy.hands = twin.hands if draft.hands is self.hands else [list(draft.hands[0]), list(draft.hands[1])]
            copy.discard, copy.picks, copy.to_pick = list(draft.discard), draft.picks, draft.to_pick
        return twin

    # -- chance and the loop's own steps ----------------------------------------------------------

    def cut(self, cuts: Sequence[tuple[Card, Card]]) -> None:
        """CUT-1, CUT-2: the cuts so far (every one, the latest last); a tie waits for another cut."""
        if self.needs is not _NEEDS_CUT or self.round_index >= 0:
            raise RuleBroken("CUT-1", "the players cut once, before round 1")
        self.match.cut(cuts)
        self.cuts = tuple(cuts)
        if self.observer is not None:
            self.observer.cut(self.cuts)
        self.needs = _NEEDS_CUT if self.match.cut_tied else _NEEDS_ROUND

    def begin_round(self, rnd: RoundLog | None = None) -> None:
        """The next round begins: Player 1 is who drafts first (DRAFT-7); ``rnd`` is the log's round, told
        to the observer (a game played tells its index and Player 1). Refused after a tied cut (CUT-2),
        after the game's end (GAME-2) and while a round is unfinished (LOG-6). Before any cut (a log that
        gives none) round 1 may begin once its first drafter is known."""
        needs = self.needs
        if needs is not _NEEDS_ROUND:
            if needs is _NEEDS_CUT and self.match.cut_tied:
                a, b = self.cuts[-1]
                raise RuleBroken("CUT-2", f"{a.name} and {b.name} cut {cut_value(a)} each: the players must "
                                          "cut again before round 1")
            if needs is _NEEDS_OVER:
                raise RuleBroken("GAME-2", "the game ended with the previous round: no round may follow")
            if needs is not _NEEDS_CUT or self.round_index >= 0:
                raise RuleBroken("LOG-6", f"round {self.round_index + 1} is unfinished: only the last round of "
                                          "a log may be")
        match = self.match
        index = match.rounds
        player_1 = match.player_1(index)
        if self.observer is not None:  # told while the last round still stands
            self.observer.round_begins(rnd if rnd is not None else RoundLog(index, player_1))
        self.round_index, self.player_1 = index, player_1 if player_1 is not None else 0
        self.state = self.draft = self.pile = self.turned = self.kept = None
        self.needs = _NEEDS_DECK

    def deal(self, pile: DrawPile) -> None:
        """The round's deck, as its draw pile: the draft begins (DRAFT-1), or the deal is made (a dealing
        variant) and the card is to be turned up."""
        if self.needs is not _NEEDS_DECK:
            raise self._not_now("deal")
        self.pile = pile
        if self.observer is not None:
            self.observer.dealt(pile)
        draft = self.draft = Draft(self.names, self.player_1, pile)
        if self.rules.start == "deal":
            draft.hands = self.hands = deal(self.names, self.player_1, pile)
            draft.picks = PICKS  # dealt: as far on as a finished draft, nothing under the pile
            self.needs = _NEEDS_TURN_UP
        else:
            self.needs = _NEEDS_PICK

    def set_up(self, hands: list[list[Card]], pile: DrawPile) -> None:
        """A round begun from a stated position (a log's ``setup``): its hands and draw pile."""
        if self.needs is not _NEEDS_DECK:
            raise self._not_now("deal")
        self.pile, self.hands = pile, hands
        self.needs = _NEEDS_TURN_UP

    def next_card(self) -> Card:
        """The card the dealer turns up: the pile's next (where it is known)."""
        return self.pile.top(1)[0]

    def turn_up(self, card: Card) -> None:
        """START-1: ``card`` is turned up from the pile; a wild waits for Player 1's colour (START-7)."""
        if self.needs is not _NEEDS_TURN_UP:
            raise self._not_now("turn_up")
        if card.is_wild:
            self.turned = card
            self.needs = _NEEDS_COLOUR
        else:
            self._begin_play(card, None)

    def start_from(self, discard: tuple[Card, ...], chosen: Color | None, to_act: int) -> None:
        """Play begins from a stated position (a log's ``setup`` with a discard pile): ``to_act`` moves."""
        if self.needs is not _NEEDS_TURN_UP:
            raise self._not_now("turn_up")
        state = RoundState.starting(self.rules, self.names, self.hands, self.pile)
        state.start_from(discard, chosen, to_act)
        self.state, self.draft = state, None
        self.needs = _NEEDS_EVENT

    # -- the seats' decisions ---------------------------------------------------------------------

    def choose(self, player: int, keep: bool) -> None:
        """DRAFT-3: the drafter ``player`` keeps the card just drawn or passes it (the pick's cards read off
        the pile, as :meth:`pick` takes them from a log)."""
        if self.needs is not _NEEDS_PICK:
            raise self._not_now("pick")
        drew, following = self.pile.top(2)
        self.pick(Pick(player, drew, keep, following))

    def pick(self, pick: Pick) -> None:
        """DRAFT-3: the drafter's pick (refused as the draft rules); after the fourteenth the draft ends
        (DRAFT-6) and the card is to be turned up."""
        if self.needs is not _NEEDS_PICK:
            raise self._not_now("pick")
        draft = self.draft
        draft.pick(pick)
        if self.observer is not None:
            self.observer.picked(draft, pick)
        if draft.done:
            draft.finish()
            self.hands = draft.hands
            self.needs = _NEEDS_TURN_UP

    def colour(self, color: Color | None, player: int | None = None) -> None:
        """START-7: Player 1's colour for the turned-up wild (``player``, when given, must be Player 1);
        play begins."""
        if self.needs is not _NEEDS_COLOUR:
            raise self._not_now("colour")
        if player is not None and player != self.player_1:
            raise self._not_now("another")
        self._begin_play(self.turned, color)

    def keep(self, player: int) -> None:
        """TURN-3: ``player`` keeps the playable card they just drew; the opponent decides next."""
        if self.needs is not _NEEDS_EVENT:
            raise self._not_now("keep")
        state = self.state
        moment = state.moment
        if moment.kind is not _PENDING_DRAWN or moment.player != player or moment is self.kept:
            raise RuleBroken("TURN-3", f"there is no playable card just drawn for {self.names[player]} to keep")
        self.kept = moment

    def draw(self, shuffle: Callable[[list[Card]], None] | None = None) -> Draw:
        """The draw the player to act makes now, read off the known pile; ``shuffle`` (chance) orders a
        refill under a shuffling variant."""
        return self.deciding().next_draw(shuffle)

    def event(self, event: Event) -> None:
        """Apply ``event`` (raises :class:`~referee.engine.violation.RuleBroken`, the position unchanged,
        if it breaks a rule); the round is scored when it ends. Before play begins it is refused by the
        stage the game is at (DRAFT-6, START-1, START-7); once the round is over, by the round's rules."""
        state = self.state
        if state is None:  # play has not begun (a round over is the round's rules to refuse)
            raise self._not_now("event")
        kept = self.kept
        if kept is not None and state.moment is kept:
            refusal = self.deciding().refusal(event)  # judged where the drawer has kept the card
            if refusal is not None:
                raise broken(refusal)
        watcher = self.watcher
        if watcher is None:
            state.apply(event)
        else:
            warned = self.warned
            if warned is not None:
                warned.before_event(state, event)
            state.apply(event)
            watcher.after_event(state, event)
        if kept is not None and type(event) is not SayUno and type(event) is not Catch:
            self.kept = None  # an interjection leaves the drawer's keep standing; any other event ends it
        if state.moment.kind is _OVER and self.needs is _NEEDS_EVENT:
            self._score()

    # -- the stages' order ------------------------------------------------------------------------

    def _not_now(self, step: str) -> RuleBroken:
        """The refusal of a ``step`` ("deal", "pick", "turn_up", "colour", "another" -- a colour named by
        the wrong seat --, "keep" or "event") that the game does not take now: the rule that orders the
        stage it is at."""
        needs = self.needs
        if needs is _NEEDS_PICK:
            if step == "turn_up":
                return RuleBroken("DRAFT-6", f"the draft is not over ({self.draft.picks} of {PICKS} picks): no "
                                             "card is turned up yet")
            return RuleBroken("DRAFT-6", f"the draft is not over ({self.draft.picks} of {PICKS} picks): play "
                                         "cannot begin")
        if needs is _NEEDS_COLOUR:
            return RuleBroken("START-7", f"{self.names[self.player_1]}, Player 1, first names the colour of the "
                                         f"turned-up {self.turned.name}")
        if step == "pick" and needs is not _NEEDS_DECK and self.round_index >= 0:
            return RuleBroken("DRAFT-1", f"the draft is over: each player has drafted {HAND} cards")
        if step == "colour":
            return RuleBroken("START-7", "no turned-up wild waits for its colour")
        if needs is _NEEDS_CUT and self.match.cut_tied:
            a, b = self.cuts[-1]
            return RuleBroken("CUT-2", f"{a.name} and {b.name} cut {cut_value(a)} each: the players must cut "
                                       "again before round 1")
        if needs is _NEEDS_OVER:
            return RuleBroken("GAME-2", "the game is over: nothing more is played")
        return RuleBroken("START-1", "play begins only once the top card of the draw pile is turned up")

    # -- what the rules then impose ---------------------------------------------------------------

    def _begin_play(self, card: Card, color: Color | None) -> None:
        state = RoundState.turned_up(self.rules, self.names, self.hands, self.pile, card, color, self.player_1)
        self.state, self.draft, self.turned = state, None, None
        self.needs = _NEEDS_EVENT
        if self.observer is not None:
            self.observer.turned_up(state, state.top, self.player_1)

    def _score(self) -> None:
        """SCORE-1, GAME-1: the round's points are added; the game ends or the next round is due."""
        state = self.state
        points = self.points = state.points()
        self.match.score(points)
        match = self.match
        over = match.over
        self.needs = _NEEDS_OVER if over else _NEEDS_ROUND
        observer = self.observer
        if observer is not None:
            observer.round_scored(state, points)
            if over:
                first = match.first_drafter
                observer.game_ended(GameEnd((match.scores[0], match.scores[1]), match.winner(), match.rounds,
                                            len(self.cuts), first if first is not None else 0))


__all__ = ["Both", "Game", "GameEnd", "Needs", "Observer", "both"]
