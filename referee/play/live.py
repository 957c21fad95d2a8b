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
  shows it only by the opponent's next event, which the game also accepts in its place). ``player`` may be
  left out; given, it must be the seat's name. Accepted, the game moves on -- every draw, deal, turn-up and
  next round the rules impose is carried out by the dealer -- and a :class:`Step` is returned. Refused,
  :class:`Refused` names the rule (the id the referee gives that event in a log) and nothing changes; a
  decision that is not well formed raises :class:`MalformedDecision` with every problem's JSON pointer
  (the log reader's own checks); after the end, :class:`GameOver`.
- Persistence: :attr:`LiveGame.opening` (the chance drawn at the start) and each :class:`Step` (the
  decision and the chance it drew, :meth:`Step.to_dict`) are everything needed to resume:
  :meth:`LiveGame.resume` replays them once -- no chance is drawn again for what was drawn -- and the game
  continues exactly as it would have. Acting costs the same at any length of game (no replay per decision).
- :meth:`LiveGame.record` -- the game as a complete ``uno-duo-log/1`` document with every round's ``deck``
  (it holds the hidden cards: a table serves it once the game is over), which :func:`referee.judge` rules
  legal with the same scores and winner.
- :meth:`LiveGame.decide` ``(seat, strategy, rng)`` -- a bot's decision for a seat (a
  :class:`~referee.players.Strategy` deciding from that seat's view only), or None when it has none now.

Seats are player indices: 0 is ``players[0]``.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from referee.cards import Card, Color
from referee.deck import standard_deck
from referee.document import _DECISIONS, _read_event, _Reader
from referee.draft import Draft, deal
from referee.errors import Problem, RefereeError
from referee.legal import Options, legal_events
from referee.match import Match
from referee.moment import Pending, UnoState
from referee.piles import DrawPile
from referee.play.dealer import CorruptRecord, Dealer
from referee.play.view import COLOURS, KEEP, PASS, Choice, PlayerView, seat_position
from referee.records import Draw, Event, Pick, draw
from referee.round_state import RoundState
from referee.selfplay import FORMAT, _variant, _variant_field
from referee.variants import Variant
from referee.violation import RuleBroken, broken

_COLOR_WORDS = {choice.value: choice for choice in COLOURS}
_COLORS = {color.word: color for color in Color}


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


class LiveGame:
    """One game played live, decision by decision (see the module's description)."""

    def __init__(self, players: Sequence[str], variant: str | Variant | None, dealer: Dealer):
        if len(players) != 2 or players[0] == players[1] or not all(isinstance(p, str) and p for p in players):
            raise ValueError("a game needs two players with different, non-empty names")
        self.names = (players[0], players[1])
        self.variant = _variant(variant)
        self.rules = self.variant.rules
        self.dealer = dealer
        self.match = Match(self.rules, self.names)
        self.seq = 0
        self.phase = "draft"
        self.draft: Draft | None = None
        self.state: RoundState | None = None
        self.pile: DrawPile | None = None
        self.hands: list[list[Card]] = [[], []]
        self.player_1 = 0
        self.turned: Card | None = None  # the turned-up wild awaiting its colour
        self._doc: dict[str, Any] = {"format": FORMAT, "variant": _variant_field(self.variant),
                                     "players": list(self.names), "cut": [], "rounds": []}
        self._round: dict[str, Any] = {}
        self._history: list[dict] = []
        self._cut()
        self._begin_round()
        #: The chance drawn at the start (the cut, round 1's deck), JSON-ready: stored with the steps.
        self.opening: tuple[dict, ...] = tuple(dealer.drawn)

    # -- starting and resuming --------------------------------------------------------------------

    @classmethod
    def start(cls, players: Sequence[str], variant: str | Variant | None = None,
              rng: random.Random | None = None) -> LiveGame:
        """A new game; chance is drawn from ``rng`` (a fresh :class:`random.SystemRandom` if None)."""
        return cls(players, variant, Dealer(rng if rng is not None else random.SystemRandom()))

    @classmethod
    def resume(cls, players: Sequence[str], variant: str | Variant | None, opening: Sequence[dict],
               steps: Sequence[dict], rng: random.Random | None = None) -> LiveGame:
        """The game stored as its ``opening`` chance and its ``steps`` (:meth:`Step.to_dict`, in order),
        replayed once: every stored outcome is dealt again, none drawn anew; chance after them comes from
        ``rng``. Raises :class:`~referee.play.dealer.CorruptRecord` if the stored game is not one this
        game could have played."""
        recorded = [*opening]
        for step in steps:
            recorded += step["chance"]
        game = cls(players, variant, Dealer(rng if rng is not None else random.SystemRandom(), recorded))
        for expected, step in enumerate(steps, 1):
            if step["seq"] != expected:
                raise CorruptRecord(f"step {expected} is stored as step {step['seq']}")
            try:
                game.act(step["seat"], step["decision"])
            except LiveError as error:
                raise CorruptRecord(f"stored step {expected} is not accepted: {error}") from error
        if game.dealer.replaying:
            raise CorruptRecord("stored chance is left over after the last step")
        return game

    # -- the game's standing ----------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """True once the game has ended (GAME-1)."""
        return self.phase == "over"

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited (the drafter, Player 1 naming a colour, the player to act);
        None once the game is over. Interjections may come from either seat meanwhile."""
        if self.phase == "draft":
            return self.draft.to_pick
        if self.phase == "colour":
            return self.player_1
        if self.phase == "play":
            return self.state.moment.player
        return None

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
        return copy.deepcopy(self._doc)

    # -- acting -----------------------------------------------------------------------------------

    def act(self, seat: int, decision: Any) -> Step:
        """Rule on ``seat``'s ``decision`` and, accepted, carry it out (see the module's description)."""
        if seat not in (0, 1):
            raise ValueError(f"a seat is 0 or 1, not {seat!r}")
        if self.over:
            raise GameOver("the game is over: no decision is taken any more")
        read = self._read(seat, decision)
        drawn_before = len(self.dealer.drawn)
        try:
            if self.phase == "draft":
                self._pick(seat, read)
            elif self.phase == "colour":
                self._colour(seat, read)
            else:
                self._play(seat, read)
        except RuleBroken as broken:
            raise Refused(broken.rule, broken.message) from None
        self.seq += 1
        return Step(self.seq, seat, copy.deepcopy(decision), tuple(self.dealer.drawn[drawn_before:]))

    def _read(self, seat: int, decision: Any) -> Event | Choice:
        """The decision's form, judged by the log reader (an event's fields exactly as a log's)."""
        reader = _Reader()
        reader.players = self.names
        if not isinstance(decision, dict):
            reader.problem("", "a decision must be an object")
            raise MalformedDecision(reader.problems)
        if "player" in decision:
            player = reader.player(decision["player"], "/player")
            if player is not None and player != seat:
                reader.problem("/player", f"this seat decides for {self.names[seat]}, not {self.names[player]}")
        read: Event | Choice | None = None
        if "type" in decision:
            if decision["type"] == "draw":
                for field in ("cards", "refill"):
                    if field in decision:
                        reader.problem(f"/{field}", f"the dealer draws the cards: a draw states no {field}")
            read = _read_event(reader, {**decision, "player": self.names[seat]}, "")
        elif "decision" in decision:
            reader.obj(decision, "", {"player", "decision"})
            value = decision["decision"]
            if isinstance(value, str) and value in _DECISIONS:
                read = KEEP if _DECISIONS[value] else PASS
            else:
                reader.problem("/decision", "must be \"keep\" or \"pass\"")
        elif "color" in decision:
            reader.obj(decision, "", {"player", "color"})
            color = reader.color(decision["color"], "/color")
            read = None if color is None else _COLOR_WORDS[color.word]
        else:
            reader.problem("", "a decision is an event (with \"type\"), a pick or a keep (\"decision\"), or a "
                               "turned-up wild's colour (\"color\")")
        if reader.problems or read is None:
            raise MalformedDecision(reader.problems or [Problem("", "not a decision")])
        return read

    # -- the draft and the turn-up ----------------------------------------------------------------

    def _pick(self, seat: int, read: Event | Choice) -> None:
        draft, pile = self.draft, self.pile
        if type(read) is not Choice or read.field != "decision":
            raise RuleBroken("DRAFT-6", f"the draft is not over ({draft.picks} of 14 picks): play cannot begin")
        drew, nxt = pile.top(2)
        pick = Pick(seat, drew, read is KEEP, nxt)
        draft.pick(pick)  # DRAFT-5: refused, unchanged, when it is not the seat's pick
        self._round["draft"].append(pick.to_log(self.names))
        self._history.append({"player": self.names[seat], "decision": read.value, "face_up": pick.passed.code})
        if draft.done:
            draft.finish()
            self.hands = draft.hands
            self._turn_up()

    def _turn_up(self) -> None:
        """START-1: the dealer turns up the top card; a wild waits for Player 1's colour (START-7)."""
        card = self.pile.top(1)[0]
        self._history.append({"turn_up": card.code})
        if card.is_wild:
            self.phase, self.turned = "colour", card
        else:
            self._start_play(card, None)

    def _colour(self, seat: int, read: Event | Choice) -> None:
        who = self.names[self.player_1]
        if type(read) is not Choice or read.field != "color" or seat != self.player_1:
            raise RuleBroken("START-7", f"{who}, Player 1, first names the colour of the turned-up "
                                        f"{self.turned.name}")
        color = _COLORS[read.value]
        self._history[-1]["color"] = color.word
        self._start_play(self.turned, color)

    def _start_play(self, card: Card, color: Color | None) -> None:
        # The record names the turned-up card with its colour only: a log's wild turn-up always has one.
        self._round["turn_up"] = card.code
        if color is not None:
            self._round["color"] = color.word
        self.state = RoundState.turned_up(self.rules, self.names, self.hands, self.pile, card, color, self.player_1)
        self.phase, self.turned, self.draft = "play", None, None

    # -- play -------------------------------------------------------------------------------------

    def _play(self, seat: int, read: Event | Choice) -> None:
        state = self.state
        moment = state.moment
        if type(read) is Choice:
            if read is KEEP and moment.kind is Pending.DRAWN and seat == moment.player:
                state.keep_drawn()
                return
            raise RuleBroken("TURN-3" if read is KEEP else "DRAFT-1",
                             f"there is no playable card just drawn for {self.names[seat]} to keep"
                             if read is KEEP else "the draft is over: each player has drafted 7 cards")
        event: Event = read
        if type(event) is Draw:
            refusal = state.refusal(draw(seat), named=False)
            if refusal is not None:
                raise broken(refusal)
            if moment.kind is Pending.DRAWN and seat != moment.player:
                state.keep_drawn()  # the opponent's draw: the drawer kept the card (TURN-3), as a log says it
            event = state.next_draw(self.dealer.refill)
        state.apply(event)  # refused: RuleBroken, the position as it was
        self._round["events"].append(event.to_log(self.names))
        public = event.to_log(self.names)
        if type(event) is Draw:
            public = {"player": self.names[seat], "type": "draw", "count": len(event.cards or ())}
        self._history.append(public)
        if state.over:
            self._score()

    def _score(self) -> None:
        state, names = self.state, self.names
        points = state.points()
        self.match.score(points)
        self._round["result"] = {"out": names[state.out], "points": {names[0]: points[0], names[1]: points[1]}}
        if self.match.over:
            winner = self.match.winner()
            self._doc["result"] = {"winner": None if winner is None else names[winner],
                                   "scores": {names[0]: self.match.scores[0], names[1]: self.match.scores[1]}}
            self.phase = "over"
        else:
            self._begin_round()

    # -- the dealer's part ------------------------------------------------------------------------

    def _cut(self) -> None:
        """CUT-1, CUT-2: the players cut until one cuts higher."""
        deck = standard_deck(self.rules.deck)
        cuts = []
        while not cuts or self.match.cut_tied:
            cuts.append(self.dealer.cut(deck))
            self.match.cut(cuts)
        self._doc["cut"] = [{self.names[0]: a.code, self.names[1]: b.code} for a, b in cuts]

    def _begin_round(self) -> None:
        """A round: its deck shuffled (DRAFT-2), then the draft -- or the deal and the turn-up."""
        match, rules, names = self.match, self.rules, self.names
        self.player_1 = player_1 = match.player_1(match.rounds)
        deck = self.dealer.deck(standard_deck(rules.deck))
        self.pile = DrawPile.of_deck(deck, rules.deck)
        self.state = None
        self._history = []
        self._round = {"first_drafter": names[player_1], "deck": [card.code for card in deck]}
        self._doc["rounds"].append(self._round)
        if rules.start == "deal":
            self.hands = deal(names, player_1, self.pile)
            self._round["events"] = []
            self._turn_up()
            return
        self._round["draft"] = []
        self._round["events"] = []
        self.draft = Draft(names, player_1, self.pile)
        self.phase = "draft"

    # -- what a seat sees -------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> PlayerView:
        """What ``seat`` may know now (``None``: the public, no hand at all)."""
        if seat not in (0, 1, None):
            raise ValueError(f"a seat is 0, 1 or None, not {seat!r}")
        phase, to_act = self.phase, self.to_act
        number = self.match.rounds + (0 if self.over else 1)
        common = {"players": self.names, "seat": seat, "seq": self.seq, "phase": phase, "round": number,
                  "to_act": to_act, "scores": self.scores, "history": tuple(self._history),
                  "winner": self.winner()}
        if phase in ("draft", "colour"):
            hands = self.draft.hands if phase == "draft" else self.hands
            mine = to_act == seat
            if phase == "draft":
                discard = self.draft.discard
                top, drawn = (discard[-1] if discard else None), (self.pile.top(1)[0] if mine else None)
                legal: tuple = (KEEP, PASS) if mine else ()
                pile, discarded = len(self.pile), len(discard)
            else:
                top, drawn, legal = self.turned, None, COLOURS if mine else ()
                pile, discarded = len(self.pile) - 1, 0
            return PlayerView(**common, hand=None if seat is None else tuple(hands[seat]),
                              hand_sizes=(len(hands[0]), len(hands[1])), top=top, color=None, draw_pile=pile,
                              discard_pile=discarded, drawn=drawn, owes=None, uno=(UnoState.NONE, UnoState.NONE),
                              legal=legal, interjections=())
        state = self.state
        moment = state.moment
        legal, interjections, options = (), (), None
        if phase == "play" and seat is not None:
            following = legal_events(state)
            interjections = tuple(option for option in following.interjections if option.player == seat)
            if seat == moment.player:
                legal = following.legal + ((KEEP,) if moment.kind is Pending.DRAWN else ())
                options = Options(seat_position(state, seat))
        drawn = moment.drawn if seat is not None and seat == moment.player else None
        return PlayerView(**common, hand=None if seat is None else tuple(state.hands[seat]),
                          hand_sizes=(len(state.hands[0]), len(state.hands[1])), top=state.top, color=state.color,
                          draw_pile=len(state.pile), discard_pile=len(state.discard), drawn=drawn,
                          owes=None if self.over else moment.owes(), uno=(state.uno[0], state.uno[1]),
                          legal=legal, interjections=interjections, options=options)

    # -- bots -------------------------------------------------------------------------------------

    def decide(self, seat: int, strategy: Any, rng: random.Random) -> dict | None:
        """``strategy``'s decision for ``seat`` now, in the form :meth:`act` takes, or None when it has
        none (not its decision, and no interjection it wants). The strategy sees the seat's view only."""
        if self.over:
            return None
        view = self.view(seat)
        rules = self.rules
        if self.phase == "draft":
            return (KEEP if strategy.keeps(view.drawn, rules, rng) else PASS).to_log() if view.legal else None
        if self.phase == "colour":
            return {"color": strategy.colour(view.hand, rules, rng).word} if view.legal else None
        known = view.options.state if view.options is not None else seat_position(self.state, seat)
        for option in view.interjections:
            if strategy.interjects(option, known, rng):
                return option.to_log()
        if view.options is None:
            return None
        chosen = strategy.choose(known, view.options, rng)
        return KEEP.to_log() if chosen is None else chosen.to_log()


__all__ = ["GameOver", "LiveError", "LiveGame", "MalformedDecision", "Refused", "Step"]
