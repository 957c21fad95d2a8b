"""The one game loop: a game from the cut to its end, stage by stage, whoever plays it.

A :class:`Game` is a resumable state machine (OpenSpiel's chance as a player). :attr:`Game.needs` says
what comes next -- chance (the cut, a round's deck, the turned-up card) or a seat's decision (a draft pick,
Player 1's colour for a turned-up wild, an event) -- and one method takes each. The game carries out what
the rules then impose (the draft's end, the start of play, the round's scoring, the game's end) and tells
its :class:`Observer` every step from here, and from nowhere else.

Three drivers step through it; they differ only in where decisions and chance come from:

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
from enum import Enum
from typing import Final

from mypy_extensions import mypyc_attr

from referee.engine.cards import Card, Color
from referee.engine.draft import PICKS, Draft, deal
from referee.engine.match import Match
from referee.engine.moment import Moment, Pending
from referee.engine.piles import DrawPile
from referee.engine.round_state import RoundState
from referee.engine.variants import Rules
from referee.engine.violation import RuleBroken, broken
from referee.log.records import Catch, Draw, Event, Pick, RoundLog, SayUno

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


# Enum members as module constants, for the functions below: in CPython 3.11 reading a member off its
# class costs ~100 ns (EnumType's __getattr__ takes every class attribute off the fast path), a global ~10.
_NEEDS_COLOUR: Final = Needs.COLOUR
_NEEDS_CUT: Final = Needs.CUT
_NEEDS_DECK: Final = Needs.DECK
_NEEDS_EVENT: Final = Needs.EVENT
_NEEDS_OVER: Final = Needs.OVER
_NEEDS_PICK: Final = Needs.PICK
_NEEDS_ROUND: Final = Needs.ROUND
_NEEDS_TURN_UP: Final = Needs.TURN_UP
_PENDING_DRAWN: Final = Pending.DRAWN


@mypyc_attr(allow_interpreted_subclasses=True)  # the report, statistics, walk and tests subclass it
class Observer:
    """Hooks into a game for tools that study games (:mod:`referee.play.statistics`, say), told alike by a
    replay, self-play and a live game: the :class:`Game` tells them.

    Each hook does nothing here; a subclass overrides the ones it needs. They see the engine's own
    objects and must not change them."""

    def round_begins(self, rnd: RoundLog) -> None:
        """A round is about to be played (a replay hands the log's round; a game played, its index and
        Player 1)."""

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


class Game:
    """One game between ``names`` under ``rules``, played stage by stage (see the module's description);
    ``observer`` (optional) is told of each step.

    Its standing is public for the drivers to read: ``match`` (the cut, scores, winner), ``round_index``
    (from 0; -1 before the first round), ``player_1``, ``pile``, ``draft`` (the round's draft, or its deal,
    until play begins), ``hands`` (the round's, once drafted, dealt or set up), ``state`` (the round in play,
    kept once over until the next round begins), ``points`` (the round last scored)."""

    __slots__ = ("draft", "hands", "kept", "match", "names", "needs", "observer", "pile", "player_1", "points",
                 "round_index", "rules", "state", "turned")

    def __init__(self, rules: Rules, names: tuple[str, str], observer: Observer | None = None):
        self.rules = rules
        self.names = names
        self.observer = observer
        self.match = Match(rules, names)
        self.needs = _NEEDS_CUT
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

    def clone(self) -> Game:
        """An independent copy of the whole game, to search on (an expert player's playouts): the match's
        scores, the round's hands, piles, draft and position are its own; cards, moments, UNO standings and
        the rules are values, shared. The copy has no observer (a search tells nobody its trials)."""
        twin = Game(self.rules, self.names)
        match, copied = self.match, twin.match
        copied.scores, copied.rounds = list(match.scores), match.rounds
        copied.first_drafter, copied.cut_tied = match.first_drafter, match.cut_tied
        twin.needs, twin.round_index, twin.player_1 = self.needs, self.round_index, self.player_1
        twin.turned, twin.kept, twin.points = self.turned, self.kept, self.points
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
        self.match.cut(cuts)
        self.needs = _NEEDS_CUT if self.match.cut_tied else _NEEDS_ROUND

    def begin_round(self, rnd: RoundLog | None = None) -> None:
        """The next round begins: Player 1 is who drafts first (DRAFT-7); ``rnd`` is the log's round, told
        to the observer (a game played tells its index and Player 1)."""
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
        self.pile = pile
        draft = self.draft = Draft(self.names, self.player_1, pile)
        if self.rules.start == "deal":
            draft.hands = self.hands = deal(self.names, self.player_1, pile)
            draft.picks = PICKS  # dealt: as far on as a finished draft, nothing under the pile
            self.needs = _NEEDS_TURN_UP
        else:
            self.needs = _NEEDS_PICK

    def set_up(self, hands: list[list[Card]], pile: DrawPile) -> None:
        """A round begun from a stated position (a log's ``setup``): its hands and draw pile."""
        self.pile, self.hands = pile, hands
        self.needs = _NEEDS_TURN_UP

    def next_card(self) -> Card:
        """The card the dealer turns up: the pile's next (where it is known)."""
        return self.pile.top(1)[0]

    def turn_up(self, card: Card) -> None:
        """START-1: ``card`` is turned up from the pile; a wild waits for Player 1's colour (START-7)."""
        if card.is_wild:
            self.turned = card
            self.needs = _NEEDS_COLOUR
        else:
            self._begin_play(card, None)

    def start_from(self, discard: tuple[Card, ...], chosen: Color | None, to_act: int) -> None:
        """Play begins from a stated position (a log's ``setup`` with a discard pile): ``to_act`` moves."""
        state = RoundState.starting(self.rules, self.names, self.hands, self.pile)
        state.start_from(discard, chosen, to_act)
        self.state, self.draft = state, None
        self.needs = _NEEDS_EVENT

    def settle(self) -> None:
        """After events applied straight to :attr:`state` (a replay's quick pass, with no observer): the
        round scored if they ended it."""
        if self.state.moment.kind is _OVER:
            self._score()

    # -- the seats' decisions ---------------------------------------------------------------------

    def pick(self, pick: Pick) -> None:
        """DRAFT-3: the drafter's pick (refused as the draft rules); after the fourteenth the draft ends
        (DRAFT-6) and the card is to be turned up."""
        draft = self.draft
        draft.pick(pick)
        if self.observer is not None:
            self.observer.picked(draft, pick)
        if draft.done:
            draft.finish()
            self.hands = draft.hands
            self.needs = _NEEDS_TURN_UP

    def colour(self, color: Color | None) -> None:
        """START-7: Player 1's colour for the turned-up wild; play begins."""
        self._begin_play(self.turned, color)

    def keep(self, player: int) -> None:
        """TURN-3: ``player`` keeps the playable card they just drew; the opponent decides next."""
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
        if it breaks a rule); the round is scored when it ends."""
        state = self.state
        kept = self.kept
        if kept is not None and state.moment is kept:
            refusal = self.deciding().refusal(event)  # judged where the drawer has kept the card
            if refusal is not None:
                raise broken(refusal)
        observer = self.observer
        if observer is None:
            state.apply(event)
        else:
            observer.before_event(state, event)
            state.apply(event)
            observer.after_event(state, event)
        if kept is not None and type(event) is not SayUno and type(event) is not Catch:
            self.kept = None  # an interjection leaves the drawer's keep standing; any other event ends it
        if state.moment.kind is _OVER:
            self._score()

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
        self.needs = _NEEDS_OVER if self.match.over else _NEEDS_ROUND
        if self.observer is not None:
            self.observer.round_scored(state, points)


__all__ = ["Game", "Needs", "Observer"]
