"""A live game: two players decide one at a time, the dealer draws chance, the engine rules at once.

The API (what a live table builds on):

- :meth:`LiveGame.start` ``(players, variant=None, rng=None)`` -- a new game for two named players: the
  dealer (:class:`~referee.play.dealer.Dealer`, chance drawn from ``rng``: ``secrets.SystemRandom()`` at
  a table, a seeded :class:`random.Random` in tests) cuts, shuffles round 1's deck and the game waits for
  the first decision.
- :attr:`LiveGame.to_act` (the seat whose decision is awaited, None once over), :attr:`LiveGame.over`,
  :attr:`LiveGame.seq` (the number of decisions accepted so far).
- :meth:`LiveGame.view` ``(seat)`` -- the :class:`~referee.play.view.PlayerView` of seat 0 or 1;
  ``view(None)`` the public view (no hand at all).
- :meth:`LiveGame.act` ``(seat, decision)`` -- a decision in the log's event form without what the dealer
  supplies: a pick ``{"decision": "keep"|"pass"}``; a turned-up wild's colour ``{"color": "red"}`` (Player
  1's, START-7); a draw ``{"type": "draw"}`` (the dealer draws the cards); a play ``{"type": "play",
  "card": "R5", "uno": true}`` (a wild with ``color``, a Reverse with ``dump``); the opening ``dump``;
  ``challenge``; and the interjections ``uno`` and ``catch``, accepted from either seat whenever the rules
  open them. A drawer who keeps a playable card just drawn says ``{"decision": "keep"}`` (TURN-3; a log
  shows it only by the opponent's next event); until the drawer decides, the opponent's event (but a late
  UNO or a catch) is out of turn (LOG-1), where a replay reads it as the keep. ``player`` may be
  left out; given, it must be the seat's name. Accepted, the game moves on -- every draw, deal, turn-up and
  next round the rules impose is carried out by the dealer -- and a :class:`Step` is returned. Refused,
  :class:`Refused` names the rule (the id the referee gives that event in a log) and nothing changes; a
  decision that is not well formed raises :class:`MalformedDecision` with every problem's JSON pointer
  (the log reader's own checks); after the end, :class:`GameOver`.
- Persistence: :attr:`LiveGame.opening` (the chance drawn at the start) and each :class:`Step` (the
  decision and the chance it drew, :meth:`Step.to_dict`) are everything needed to resume:
  :meth:`LiveGame.resume` replays them once -- no chance is drawn again for what was drawn -- and the game
  continues exactly as it would have; :meth:`LiveGame.follow` carries out one stored step on a game in memory
  (what another process accepted). Acting costs the same at any length of game (no replay per decision).
- :meth:`LiveGame.record` -- the game as a complete ``uno-duo-log/1`` document with every round's ``deck``
  (it holds the hidden cards: a table serves it once the game is over), which :func:`referee.judge` rules
  legal with the same scores and winner.
- :meth:`LiveGame.decide` ``(seat, strategy, rng)`` -- a bot's decision for a seat (a
  :class:`~referee.play.players.Strategy` -- ``referee.play.players.get_player("greedy")``, say -- deciding from
  that seat's view only), or None when it has none now; in a round past
  :data:`~referee.play.selfplay.CAREFUL_AFTER` events, the careful style's decision instead, as in self-play,
  so that every bots' game ends.

The game (:class:`~referee.engine.game.Game`) is driven by the one driver loop
(:func:`referee.engine.loop.run`), whose source a live game is: a queue fed by :meth:`LiveGame.act`, and the
dealer's chance wherever the game needs it in between. Its record is written by the one log writer
(:class:`~referee.play.writer.LogWriter`) as self-play's is; an observer given to :meth:`LiveGame.start` is told
every step as a replay of the record tells it. Seats are player indices: 0 is ``players[0]``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.engine.cards import Card, Color
from referee.engine.deck import points as card_points
from referee.engine.deck import standard_deck
from referee.engine.draft import Draft
from referee.engine.game import Both, Game, Needs, Observer, both
from referee.engine.legal import INTERJECTIONS
from referee.engine.loop import run
from referee.engine.match import Match
from referee.engine.moment import Moment, Pending
from referee.engine.moment import drawn as drawn_moment
from referee.engine.records import RoundLog
from referee.engine.round_state import RoundState
from referee.engine.steps import Choose, Cut, Deal, Keep, NameColour, NextRound, TurnUp
from referee.engine.steps import Step as GameStep
from referee.engine.variants import Rules, Variant, variant_of
from referee.engine.violation import RuleBroken, broken
from referee.errors import Problem, RefereeError
from referee.log.document import read_decision
from referee.log.records import Catch, Draw, Event, Pick, SayUno, draw
from referee.play.dealer import CorruptRecord, Dealer
from referee.play.players import CAREFUL, Strategy, StyledPlayer
from referee.play.selfplay import CAREFUL_AFTER
from referee.play.view import COLOURS, KEEP, PASS, Choice, PlayerView, view_before_play
from referee.play.writer import LogWriter

_COLOR_WORDS = {choice.value: choice for choice in COLOURS}
_COLORS = {color.word: color for color in Color}
_INTERJECTION_TYPES = (SayUno, Catch)


class LiveError(RefereeError):
    """Base class of what :meth:`LiveGame.act` raises for a decision it does not accept."""


class Refused(LiveError):
    """The decision breaks a rule now: ``rule`` is its id (the one the referee gives the same event in a
    log), ``message`` one sentence naming the cards and players. Nothing changed."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message


class MalformedDecision(LiveError, ValueError):
    """The decision is not well formed; ``problems`` lists every problem with its JSON pointer into the
    decision (``/card``, ``/color``, ...). Nothing changed."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = tuple(problems)
        first = self.problems[0]
        super().__init__(f"malformed decision at {first.pointer or '/'}: {first.detail}")


class GameOver(LiveError):
    """The game has ended: no decision is taken any more."""


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted decision: its number ``seq`` (from 1), the ``seat`` that made it, the ``decision`` as
    given, and the ``chance`` outcomes the dealer drew carrying it out (a refill, the next round's deck)."""

    seq: int
    seat: int
    decision: dict
    chance: tuple[dict, ...]

    def to_dict(self) -> dict:
        """JSON-ready, for storage; :meth:`LiveGame.resume` takes it back."""
        return {"seq": self.seq, "seat": self.seat, "decision": copy.deepcopy(self.decision),
                "chance": [dict(outcome) for outcome in self.chance]}


#: The game's stage as a table names it (:attr:`LiveGame.phase`); the round's next begins at once.
_PHASES = {Needs.PICK: "draft", Needs.COLOUR: "colour", Needs.EVENT: "play", Needs.OVER: "over"}


class _Public(Observer):
    """What both players of a live game may see, as the game tells it: the round's public history (each pick
    and the face-up card it leaves, the turned-up card and its colour, each event -- a draw as its size) and
    the last round's end (:meth:`LiveGame.round_end`)."""

    def __init__(self, names: tuple[str, str], rules: Rules):
        self.names = names
        self.rules = rules
        self.match: Match | None = None  # the game's own, once it is made (LiveGame.__init__)
        self.history: list[dict] = []
        #: The last round's end (None before the first ends).
        self.last_round: dict[str, Any] | None = None

    def round_begins(self, rnd: RoundLog) -> None:
        self.history = []

    def picked(self, draft: Draft, pick: Pick) -> None:
        self.history.append({"player": self.names[pick.player], "decision": (KEEP if pick.keep else PASS).value,
                             "face_up": pick.passed.code})

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        if card.is_wild:  # the turned-up card is in the history already (LiveGame.next_step): its colour now
            self.history[-1]["color"] = state.color.word

    def after_event(self, state: RoundState, event: Event) -> None:
        names = self.names
        if type(event) is Draw:
            self.history.append({"player": names[event.player], "type": "draw", "count": len(event.cards or ())})
        else:
            self.history.append(event.to_log(names))

    def round_scored(self, state: RoundState, points: tuple[int, int]) -> None:
        # The round's end as both players may now see it: the hands left, what each card scored, the totals.
        names, match = self.names, self.match
        assert match is not None
        self.last_round = {
            "round": match.rounds, "out": names[state.out],
            "hands": {names[i]: [{"card": c.code, "points": card_points(c, self.rules)} for c in state.hands[i]]
                      for i in (0, 1)},
            "points": {names[0]: points[0], names[1]: points[1]},
            "scores": {names[0]: match.scores[0], names[1]: match.scores[1]}}


class LiveGame:
    """One game played live, decision by decision (see the module's description): the source of the one
    driver loop (:func:`~referee.engine.loop.run`) for its game, decisions from outside and the dealer's chance."""

    def __init__(self, players: Sequence[str], variant: str | Variant | None, dealer: Dealer,
                 observer: Observer | None = None):
        if len(players) != 2 or players[0] == players[1] or not all(isinstance(p, str) and p for p in players):
            raise ValueError("a game needs two players with different, non-empty names")
        self.names = (players[0], players[1])
        self.variant = variant_of(variant)
        self.rules = self.variant.rules
        self.dealer = dealer
        #: The one log writer (:class:`~referee.play.writer.LogWriter`): the game's record, every deck given.
        self.writer = LogWriter(self.variant, self.names)
        #: What both players see of the round so far, and of the last round's end (told by the game).
        self.public = _Public(self.names, self.rules)
        self.loop = Game(self.rules, self.names, both(Both(self.writer, self.public), observer))
        self.match = self.public.match = self.loop.match
        self.seq = 0
        #: The loop's source (:class:`~referee.engine.loop.Source`): the decision accepted by :meth:`act`, queued
        #: for the loop; the dealer's chance after it.
        self._queue: list[GameStep] = []
        self._cuts: list[tuple[Card, Card]] = []
        #: The moment after an ordinary draw of an unplayable card while its drawer is still asked to keep it
        #: (:meth:`_unplayable_drawn`), None otherwise.
        self._asked: Moment | None = None
        self._careful_player: Strategy | None = None
        run(self.loop, self)  # the dealer cuts and deals round 1 (and turns its card up, where it is dealt)
        #: The chance drawn at the start (the cut, round 1's deck), JSON-ready: stored with the steps.
        self.opening: tuple[dict, ...] = tuple(dealer.drawn)

    # -- starting and resuming --------------------------------------------------------------------

    @classmethod
    def start(cls, players: Sequence[str], variant: str | Variant | None = None,
              rng: random.Random | None = None, observer: Observer | None = None) -> LiveGame:
        """A new game; chance is drawn from ``rng`` (a fresh :class:`random.SystemRandom` if None).
        ``observer``, if given, is told of every step as a replay of the game's record would tell it."""
        return cls(players, variant, Dealer(rng if rng is not None else random.SystemRandom()), observer)

    @classmethod
    def resume(cls, players: Sequence[str], variant: str | Variant | None, opening: Sequence[dict],
               steps: Sequence[dict], rng: random.Random | None = None) -> LiveGame:
        """The game stored as its ``opening`` chance and its ``steps`` (:meth:`Step.to_dict`, in order),
        replayed once: every stored outcome is dealt again, none drawn anew; chance after them comes from
        ``rng``. Raises :class:`~referee.play.dealer.CorruptRecord` if the stored game is not one this
        game could have played."""
        game = cls(players, variant, Dealer(rng if rng is not None else random.SystemRandom(), opening))
        if game.dealer.replaying:
            raise CorruptRecord("stored chance is left over after the opening")
        if len(game.dealer.drawn) != len(opening):  # the game needed chance the opening lacks: drawn anew
            raise CorruptRecord("the stored opening lacks chance the game's start needs (a cut or the deck)")
        for step in steps:
            game.follow(step)
        return game

    def follow(self, step: dict) -> None:
        """Carry out one stored step (:meth:`Step.to_dict`): the next decision, with the chance the dealer
        drew for it dealt again (none drawn anew) -- what another process accepted meanwhile, say. Raises
        :class:`~referee.play.dealer.CorruptRecord`, the game as it was, if the step is not the next one,
        is not accepted, or leaves stored chance unused."""
        if step["seq"] != self.seq + 1:
            raise CorruptRecord(f"step {step['seq']} does not follow step {self.seq}")
        decision = step["decision"]
        if self._asked is not None and step["seat"] == self._asked.player and not (
                isinstance(decision, dict) and decision.get("type") in ("uno", "catch")):
            # The opponent's own move where the drawer of an unplayable card is asked to keep it: a step stored
            # before the drawer was asked (the turn passed at once then). Its game goes on as it was played.
            self._asked = None
        self.dealer.hand_out(step["chance"])
        drawn_before = len(self.dealer.drawn)
        try:
            self.act(step["seat"], step["decision"])
        except LiveError as error:
            raise CorruptRecord(f"stored step {step['seq']} is not accepted: {error}") from error
        finally:
            left = self.dealer.take_back()
        if left:
            raise CorruptRecord(f"stored chance is left over after step {step['seq']}")
        if len(self.dealer.drawn) - drawn_before != len(step["chance"]):  # chance drawn anew: none was stored
            raise CorruptRecord(f"stored step {step['seq']} lacks the chance it drew")

    # -- the game's standing ----------------------------------------------------------------------

    @property
    def phase(self) -> str:
        """``"draft"``, ``"colour"`` (Player 1 names a turned-up wild's colour), ``"play"`` or ``"over"``."""
        return _PHASES[self.loop.needs]

    @property
    def over(self) -> bool:
        """True once the game has ended (GAME-1)."""
        return self.loop.needs is Needs.OVER

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited (the drafter, Player 1 naming a colour, the player to act -- the
        drawer of a card just drawn, playable or not); None once the game is over. Interjections may come from
        either seat meanwhile."""
        asked = self._asked
        return self.loop.to_act if asked is None else 1 - asked.player

    @property
    def awaits_drawer(self) -> bool:
        """True while the drawer of a card just drawn by an ordinary draw, playable or not, is to play or keep it
        (TURN-3): the opponent's event is out of turn until then (interjections aside)."""
        if self._asked is not None:
            return True
        game = self.loop
        return game.needs is Needs.EVENT and game.state.moment.kind is Pending.DRAWN and game.state.moment is not \
            game.kept

    @property
    def state(self) -> RoundState | None:
        """The round in play (the last one, once the game is over), or None during a draft."""
        return self.loop.state

    @property
    def player_1(self) -> int:
        """Who drafts first this round, and names a turned-up wild's colour (DRAFT-7, START-7)."""
        return self.loop.player_1

    @property
    def scores(self) -> tuple[int, int]:
        """The scores so far."""
        return self.match.scores[0], self.match.scores[1]

    def winner(self) -> int | None:
        """GAME-2: the winning seat once the game is over (None before, or on a tie)."""
        return self.match.winner()

    def seat_of(self, name: str) -> int:
        """The seat of the player ``name``; ValueError if neither is."""
        return self.names.index(name)

    def record(self) -> dict:
        """The game so far as a ``uno-duo-log/1`` document with every round's deck (a copy). It holds both
        hands and the decks: serve it to the players only once the game is over."""
        return copy.deepcopy(self.writer.doc)

    # -- acting -----------------------------------------------------------------------------------

    def act(self, seat: int, decision: Any) -> Step:
        """Rule on ``seat``'s ``decision`` and, accepted, carry it out (see the module's description)."""
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {seat!r}")
        if self.over:
            raise GameOver("the game is over: no decision is taken any more")
        step = self._step(seat, self._read(seat, decision))
        drawn_before = len(self.dealer.drawn)
        try:
            if type(step) is Choose or type(step) is NameColour:
                self._take(step)  # the game refuses a pick or a colour out of its stage (DRAFT-1, DRAFT-6, START-7)
            else:
                self._play(seat, step)
        except RuleBroken as broken:
            raise Refused(broken.rule, broken.message) from None
        self.seq += 1
        return Step(self.seq, seat, copy.deepcopy(decision), tuple(self.dealer.drawn[drawn_before:]))

    def _read(self, seat: int, decision: Any) -> Event | Choice:
        """The decision's form, judged by the log reader (an event's fields exactly as a log's)."""
        read, problems = read_decision(decision, self.names, seat)
        if problems or read is None:
            raise MalformedDecision(problems or [Problem("", "not a decision")])
        if read is True or read is False:
            return KEEP if read else PASS
        if isinstance(read, Color):
            return _COLOR_WORDS[read.word]
        return read

    def _step(self, seat: int, read: Event | Choice) -> Event | Choose | NameColour | Keep:
        """The decision as the game's step: a choice's meaning is the stage's (a kept drawn card in play, a
        pick in the draft); the game refuses a step out of its stage (DRAFT-1, DRAFT-6, START-7)."""
        if type(read) is not Choice:
            return read
        if read.field == "color":
            return NameColour(seat, _COLORS[read.value])
        if read is KEEP and self.loop.needs is Needs.EVENT:
            return Keep(seat)
        return Choose(seat, read is KEEP)

    # -- the loop's source ------------------------------------------------------------------------

    def _take(self, step: GameStep) -> None:
        """The one loop takes the decision ``step`` (refused: :class:`~referee.engine.violation.RuleBroken`, the
        game as it was), then whatever the dealer's chance carries out after it."""
        self._queue.append(step)
        run(self.loop, self)

    def next_step(self, game: Game) -> GameStep | None:
        """The decision queued by :meth:`act`; else chance, which the dealer draws where the game needs it
        (the cut, the next round and its deck, the card turned up); else None: a seat is to decide."""
        if self._queue:
            return self._queue.pop()
        needs = game.needs
        if needs is Needs.TURN_UP:
            card = game.next_card()
            # The record names the turned-up card with its colour only: a log's wild turn-up always has one.
            self.public.history.append({"turn_up": card.code})
            return TurnUp(card)
        if needs is Needs.ROUND:
            return NextRound()
        if needs is Needs.DECK:  # DRAFT-2: the round's deck shuffled
            return Deal(self.dealer.deck(standard_deck(self.rules.deck)))
        if needs is Needs.CUT:  # CUT-1, CUT-2: the players cut until one cuts higher
            self._cuts.append(self.dealer.cut(standard_deck(self.rules.deck)))
            return Cut(tuple(self._cuts))
        return None

    def refused(self, step: GameStep, broken: RuleBroken) -> None:
        """The decision was refused: nothing of it stays queued."""
        self._queue.clear()

    # -- play -------------------------------------------------------------------------------------

    def _play(self, seat: int, step: Event | Keep) -> None:
        game = self.loop
        if self._asked is not None and self._keeps_unplayable(seat, KEEP if type(step) is Keep else step):
            return
        if type(step) is Keep:
            self._take(step)  # TURN-3: refused unless the seat has just drawn a playable card
            return
        event: Event = step  # type: ignore[assignment]
        state = game.state
        if state is None:  # the draft or the turn-up: the game refuses play now (DRAFT-6, START-7)
            self._take(event)
            return
        moment = state.moment
        if moment.kind is Pending.DRAWN and moment is not game.kept and seat != moment.player \
                and type(event) not in _INTERJECTION_TYPES:
            # At a table the drawer decides first (play the card or keep it); a log, which has no keep,
            # shows a keep by the opponent's next event instead, and a replay accepts that.
            raise broken(state.out_of_turn(event))
        ordinary = type(event) is Draw and moment.kind is Pending.TURN
        if type(event) is Draw:
            refusal = game.deciding().refusal(draw(seat), named=False)
            if refusal is not None:
                raise broken(refusal)
            event = game.draw(self.dealer.refill)
        self._take(event)  # refused: RuleBroken, the position as it was
        if self._asked is not None and state.moment is not self._asked:
            self._asked = None  # an interjection moved the round on (a penalty): the turn is the opponent's
        if ordinary and state.moment.kind is Pending.TURN and state.moment.missed is not None:
            self._asked = state.moment  # the card drawn is unplayable: its drawer is asked all the same

    def _keeps_unplayable(self, seat: int, read: Event | Choice) -> bool:
        """Item 8's secret: after an ordinary draw the drawer is always asked to play or keep the card, so that
        whether it was playable shows in nothing the other seat receives. While the drawer of an unplayable
        card is asked, every decision is judged on a copy of the round in the moment a playable one would
        have made (:meth:`_as_if_playable`) -- the opponent's out of turn, the drawer's anything but keeping
        it -- and the keep (True) passes the turn on, which the round did already; the record is unchanged. An
        interjection that the copy allows is applied to the round (False)."""
        asked = self._asked
        assert asked is not None
        drawer = 1 - asked.player
        if read is KEEP and seat == drawer:
            self._asked = None
            return True
        if type(read) is Choice:
            return False  # the choice's own refusal (a keep by the opponent, a pass) is as in the playable case
        as_if = self._as_if_playable()
        if type(read) in _INTERJECTION_TYPES:
            refusal = as_if.refusal(read)
            if refusal is not None:
                raise broken(refusal)
            return False
        # The opponent is out of turn as before a playable card's decision; the drawer's other events are
        # judged where the round is (the turn passed), as a log judges them: TURN-1 for the card drawn.
        refusal = as_if.out_of_turn(read) if seat != drawer else \
            self.loop.state.refusal(draw(seat) if type(read) is Draw else read, named=type(read) is not Draw)
        if refusal is not None:
            raise broken(refusal)
        raise RuleBroken("TURN-3", f"{self.names[drawer]} may only keep the card just drawn")  # pragma: no cover

    def _as_if_playable(self) -> RoundState:
        """A copy of the round in the moment after an ordinary draw of a playable card, the card the drawer
        holds (what both seats' views are made of while the drawer of an unplayable card is asked)."""
        asked = self._asked
        assert asked is not None and asked.missed is not None
        copy_ = self.loop.state.copy()
        copy_.moment = drawn_moment(1 - asked.player, asked.missed)
        return copy_

    # -- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` may know now (``None``: the public, no hand at all)."""
        if seat not in (0, 1, None):
            raise ValueError(f"a seat is 0, 1 or None, not {seat!r}")
        phase, to_act = self.phase, self.to_act
        history = tuple(self.public.history)
        game = self.loop
        if phase in ("play", "over"):
            position = game.deciding() if self._asked is None else self._as_if_playable()
            return PlayerView(self.names, self.rules, seat, phase, to_act, position, None, self.seq,
                              self.match.rounds + (0 if self.over else 1), self.scores, self.winner(), history)
        return view_before_play(game, seat, self.seq, history)

    def goal(self) -> dict[str, Any]:
        """How the game is won (GAME-1, GAME-2 under the variant): the target score and whether reaching it
        loses (UNO DUO: the lowest score wins) or wins."""
        return {"target_score": self.rules.target_score, "reaching_target": self.rules.reaching_target}

    def round_end(self) -> dict[str, Any] | None:
        """The last round's end, JSON-ready (None before the first round ends): its number, who went out, the
        hands left with each card's points (SCORE-2), the round's points and the totals after it. Public: a
        round's hands are shown when it is scored, and the next round is dealt from a fresh shuffle."""
        return copy.deepcopy(self.public.last_round)

    # -- bots -------------------------------------------------------------------------------------

    def _careful(self, rng: random.Random) -> Strategy:
        careful = self._careful_player
        if careful is None:
            careful = self._careful_player = StyledPlayer(CAREFUL, rng, self.rules)
        return careful

    def decide(self, seat: int, strategy: Strategy, rng: random.Random) -> dict | None:
        """``strategy``'s decision for ``seat`` now, in the form :meth:`act` takes, or None when it has
        none (not its decision, and no interjection it wants). The strategy sees the seat's view only."""
        if self.over:
            return None
        if self.phase == "play" and len(self.public.history) > CAREFUL_AFTER:
            # A round gone on this long plays on carefully, as self-play's does, so that every round ends: two
            # styles that never change their minds can repeat one position for ever (greedy against challenger
            # under a 200-card bluff penalty replays a 12-decision cycle with the piles empty).
            strategy = self._careful(rng)
        view = self.view(seat)
        if self.phase == "draft":
            return (KEEP if strategy.keeps(view, rng) else PASS).to_log() if view.legal else None
        if self.phase == "colour":
            return {"color": strategy.colour(view, rng).word} if view.legal else None
        open_now = view.interjections
        for option in INTERJECTIONS:
            if option.player == seat and strategy.interjects(option, view if option in open_now else None, rng):
                return option.to_log()
        if seat != self.to_act:
            return None
        if self._asked is not None:
            return KEEP.to_log()  # the card drawn is unplayable: keeping it is all there is
        chosen = strategy.choose(view, rng)
        return KEEP.to_log() if chosen is None else chosen.to_log()


__all__ = ["GameOver", "LiveError", "LiveGame", "MalformedDecision", "Refused", "Step"]
