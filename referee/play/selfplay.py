"""Self-play: complete, legal version-1 game logs from seeded-random bots.

:func:`simulate_game` plays one game through the one driver loop (:func:`referee.engine.loop.run`), whose
source it is: the game (:class:`~referee.engine.game.Game`) asks for each step and self-play answers with
chance from the game's own seeded generators -- the cut, the round's shuffled deck, the card turned up, a
shuffled refill -- or a seat's decision, its :class:`~referee.play.players.Strategy` choosing from its
:class:`~referee.play.view.PlayerView` (the engine's checks, asked lazily), a draw taking what
:meth:`Game.draw <referee.engine.game.Game.draw>` says. The log is written by the one log writer
(:class:`~referee.play.writer.LogWriter`, an observer of the game) in self-play's form. Nothing here restates
a rule. The game is a function of its seed (no global state). :func:`simulate` yields many games.

>>> log = simulate_game(7)
>>> from referee import judge
>>> judge(log).legal
True
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterator
from typing import Any, Final

from referee import collector
from referee.engine import chance
from referee.engine.cards import Card
from referee.engine.deck import standard_deck
from referee.engine.draft import Draft
from referee.engine.game import Game, Needs, Observer, both
from referee.engine.legal import INTERJECTIONS, INTERJECTIONS_OF, legal_interjections
from referee.engine.loop import run
from referee.engine.moment import Pending
from referee.engine.records import Catch, Draw, Event, Pick, Play, SayUno
from referee.engine.round_state import CATCHABLE, RoundState
from referee.engine.steps import Cut, Deal, Events, Keep, NameColour, NextRound, Picks, Step, TurnUp
from referee.engine.variants import UNO_DUO, Variant, variant_of
from referee.engine.violation import RuleBroken
from referee.play.players import CAREFUL, STYLES, Strategy, StyledPlayer
from referee.play.view import PlayerView, view_before_play
from referee.play.writer import LogForm, LogWriter

#: After this many events in a round the bots stop declining and keeping (so that every round ends).
CAREFUL_AFTER: Final = 400
#: A round that has not ended after this many events is a bug of the simulator (never seen).
MAX_EVENTS: Final = 20_000
#: The chance that a round is played by two hoarders (decline every card until the piles run dry):
#: the only way legal play reaches a short draw (REFILL-2).
HOARD_ROUNDS: Final = 0.03

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_NEEDS_COLOUR: Final = Needs.COLOUR
_NEEDS_CUT: Final = Needs.CUT
_NEEDS_DECK: Final = Needs.DECK
_NEEDS_EVENT: Final = Needs.EVENT
_NEEDS_PICK: Final = Needs.PICK
_NEEDS_ROUND: Final = Needs.ROUND
_NEEDS_TURN_UP: Final = Needs.TURN_UP
_OVER: Final = Pending.OVER
#: A game played begins each round with the same step (the observer is told the round's index and Player 1).
_NEXT_ROUND: Final = NextRound()

Hook = Callable[[Any], None]


def _stream(seed: int, name: str) -> int:
    """The seed of the generator ``name`` of the game played with ``seed`` (a seat's, say): apart from chance's."""
    digest = hashlib.sha256(f"uno-duo/{seed}/{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run started with ``seed`` (stable across Python versions)."""
    digest = hashlib.sha256(f"uno-duo/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def simulate(games: int, seed: int = 0, variant: str | Variant | None = None,
             with_deck: bool = True) -> Iterator[dict]:
    """Yield ``games`` complete, legal game logs (dicts, version 1); game ``i`` is
    ``simulate_game(game_seed(seed, i), variant, with_deck)``.

    ``variant`` is a built-in name, a ``.toml`` file or a :class:`Variant` (default ``uno-duo``);
    ``with_deck=False`` leaves every round's ``deck`` out and names every card instead.
    """
    chosen = variant_of(variant)
    for index in range(games):
        yield simulate_game(game_seed(seed, index), chosen, with_deck)


def simulate_game(seed: int, variant: str | Variant | None = UNO_DUO, with_deck: bool = True,
                  players: tuple[str, str] = ("Ana", "Ben"), on_step: Hook | None = None,
                  seats: tuple[Strategy, Strategy] | None = None, observer: Observer | None = None,
                  record: bool = True) -> dict:
    """One complete game, to the variant's target score, as a version-1 log (a JSON-ready dict).

    Deterministic for ``seed``. With ``with_deck`` each round gives its shuffled ``deck`` and draws
    name their cards only sometimes; without it no ``deck`` is given and every card is named (a dealt
    round then states its hands as ``setup``). The log claims the cut, every round's and the game's
    result. ``on_step``, if given, is called with the :class:`~referee.engine.draft.Draft` after every pick
    and with the :class:`~referee.engine.round_state.RoundState` after the turn-up and every event (tests use
    it to check that no card is lost or made up). ``seats``, if given, are the two
    :class:`~referee.play.players.Strategy` objects that play (the first for ``players[0]``) instead of the
    seeded mix of :data:`~referee.play.players.STYLES`; they play as they are, with no hoarding rounds and no
    careful fallback. ``observer``, if given, is a :class:`~referee.engine.game.Observer` told of every step
    exactly as a :class:`~referee.log.replay.Replay` of the log would tell it (the same hooks, in the same
    order, with the engine's own position: an event after a kept card is applied, as replay applies it,
    in the moment after the draw), so that a game can be measured as it is played instead of replayed.
    ``record=False`` writes only the log's frame — the players, the cut, each round's first drafter and
    result, the game's result — and no round's deck, draft, setup or events, for a caller that measures the
    game with ``observer`` and never reads them: the game played is the same (the log's form draws on
    its own generator), only less is written. The game is played with the cyclic collector paused
    (:mod:`referee.collector`), hooks included.
    """
    with collector.paused():  # a game makes no cyclic garbage (referee.collector); hooks run with it paused too
        return _SelfPlay(seed, variant_of(variant), with_deck, players, on_step, seats, observer, record).play()


class _SelfPlay:
    """One simulated game: the one loop (:func:`~referee.engine.loop.run`) driven by seats and a seeded
    shuffle -- this is its :class:`~referee.engine.loop.Source` -- written down by the log writer."""

    def __init__(self, seed: int, variant: Variant, with_deck: bool, players: tuple[str, str],
                 on_step: Hook | None, seats: tuple[Strategy, Strategy] | None = None,
                 observer: Observer | None = None, record: bool = True):
        #: Chance: the game's own generator (the cut, each round's deck, a shuffled refill), and nobody else's.
        self.rng = random.Random(seed)
        #: Each seat's own generator, which its strategy draws on, apart from chance: whatever a seat does
        #: (and however many numbers its style draws), the deals of a seed stay the same.
        # (Of any length to the compiler, as ``seats`` below: a pair would be unboxed and boxed again at every
        # decision that indexes it.)
        self.seat_rngs: tuple[random.Random, ...] = (random.Random(_stream(seed, "seat 0")),
                                                     random.Random(_stream(seed, "seat 1")))
        #: Chance for a shuffled refill, on its own: how many refills a round takes is the seats' doing.
        self.refills = random.Random(_stream(seed, "refills"))
        self.variant = variant
        self.rules = variant.rules
        self.names = (str(players[0]), str(players[1]))
        #: Self-play's own seeded mix (no ``seats`` given): it may hoard a round and turns careful in a long one.
        self.styled = seats is None
        # The mix is drawn whoever plays, so that a seed deals the same cards to any seats.
        styles = [chance.choice(self.rng, STYLES) for _ in (0, 1)]
        #: The mix's own players (typed as theirs, so that setting ``hoarding`` is a native store).
        self.mix: tuple[StyledPlayer, ...] | None = None
        if seats is None:
            self.mix = (StyledPlayer(styles[0], self.seat_rngs[0], self.rules),
                        StyledPlayer(styles[1], self.seat_rngs[1], self.rules))
            seats = self.mix
        # Of any length to the compiler, so that it is kept as one object: a pair would be unboxed and boxed
        # again at every decision.
        self.seats: tuple[Strategy, ...] = seats
        # The careful player of a round gone on too long (either seat's, drawing on the mix's own generator).
        self.careful = StyledPlayer(CAREFUL, random.Random(_stream(seed, "careful")), self.rules)
        # The log's form (whether a draw names its cards, an explicit "uno": false) draws on its own
        # generator, so that the same seed plays the same game with and without decks.
        self.writer = LogWriter(variant, self.names, _Form(self.rng, with_deck, random.Random(seed ^ 0x5EED).random),
                                record)
        self.game = Game(self.rules, self.names, both(self.writer, both(observer, _on_step(on_step))))
        self.match = self.game.match
        #: The round in play (from 1) and the scores before it, as its views give them (set by each round).
        self.round_number = 0
        self.standing = (0, 0)
        self.cuts: list[tuple[Card, Card]] = []
        #: The round's play: events applied so far, whether two hoarders play it, whether its play has begun.
        self.played = 0
        self.hoard = False
        self.fresh = False
        #: The round's events as one step, and a kept drawn card that stopped their run (given next).
        self.events = Events(self._take)
        self.keep: Keep | None = None

    def play(self) -> dict:
        run(self.game, self)
        return self.writer.doc

    # -- the source of the loop -------------------------------------------------------------------

    def next_step(self, game: Game) -> Step | None:
        """The step the game needs next: a seat's decision from its view, or chance from the game's own
        generator (:class:`~referee.engine.loop.Source`)."""
        needs = game.needs
        if needs is _NEEDS_EVENT:
            keep = self.keep
            if keep is not None:  # the run of events below stopped at a playable drawn card kept
                self.keep = None
                return keep
            return self.events
        if needs is _NEEDS_PICK:
            return Picks(self._picks(game))
        if needs is _NEEDS_TURN_UP:
            self.fresh = True
            return TurnUp(game.next_card())
        if needs is _NEEDS_DECK:
            deck = standard_deck(self.rules.deck)  # a new list
            chance.shuffle(self.rng, deck)  # top card first
            self.round_number, self.standing = game.round_index + 1, self._scores()
            return Deal(deck)
        if needs is _NEEDS_ROUND:
            if self.match.rounds >= 1000:
                raise RuntimeError("simulated game does not end")  # pragma: no cover
            return _NEXT_ROUND
        if needs is _NEEDS_COLOUR:
            player_1 = game.player_1
            self.fresh = True
            return NameColour(player_1, self.seats[player_1].colour(view_before_play(game, player_1),
                                                                     self.seat_rngs[player_1]))
        if needs is _NEEDS_CUT:
            # CUT-1, CUT-2: each player cuts a card until one cuts higher (the match rules on it).
            a, b = self.rng.sample(standard_deck(self.rules.deck), 2)
            self.cuts.append((a, b))
            return Cut(tuple(self.cuts))
        return None  # the game is over

    def refused(self, step: Step, broken: RuleBroken) -> None:
        """Self-play's seats decide among what the engine allows: a refusal is a bug, raised as it is."""

    def _picks(self, game: Game) -> Iterator[Pick]:
        """DRAFT-3: the draft's picks, each drafter keeping the card just drawn or passing it as its seat
        decides from its view -- each made once the game has taken the one before (read lazily by
        :class:`~referee.engine.steps.Picks`: the draft as one step, the loop not going round for each)."""
        draft, pile, seats, rngs = game.draft, game.pile, self.seats, self.seat_rngs
        while game.needs is _NEEDS_PICK:
            who = draft.to_pick
            top = pile.top(2)
            yield Pick(who, top[0], seats[who].keeps(view_before_play(game, who), rngs[who]), top[1])

    def _take(self, apply: Callable[[Event], None]) -> None:
        """The round's events, each decided by the seats (:meth:`_choose`) and handed to ``apply`` (the game's,
        which checks it) until the round is over or a playable drawn card is kept (TURN-3: the loop then
        applies the opponent's next event as a log's, in the drawn card's moment). One
        :class:`~referee.engine.steps.Events` step for the run, as a log's events are read: the loop does not
        go round for each."""
        game = self.game
        state = game.state
        if self.fresh:  # play has just begun: the round's own draws
            self.fresh = False
            self.played = 0
            self.hoard = self.rng.random() < HOARD_ROUNDS and self.styled
        played, hoard, styled = self.played, self.hoard, self.styled
        choose = self._choose  # read as an attribute, not called natively: the tests wrap it (both builds)
        shuffle = self._shuffle
        try:
            while state.moment.kind is not _OVER:
                if played > MAX_EVENTS:
                    raise RuntimeError("simulated round does not end")  # pragma: no cover
                if hoard and len(state.pile) == 0 and len(state.discard) <= 1:
                    hoard = False  # the piles ran dry: a short draw has been made (or is next); play on
                careful = played > (CAREFUL_AFTER * (4 if hoard else 1)) and styled
                deciding = state if game.kept is None else game.deciding()
                event = choose(deciding, hoard and not careful, careful)
                if event is None:  # a playable drawn card kept: the opponent decides next
                    self.keep = Keep(deciding.moment.player)
                    return
                if type(event) is Draw:
                    event = deciding.next_draw(shuffle)
                apply(event)
                played += 1
        finally:
            self.played, self.hoard = played, hoard

    def _shuffle(self, cards: list[Card]) -> None:
        """Order the refill of a variant that shuffles it (``refill = "shuffle"``) with chance's refill generator."""
        chance.shuffle(self.refills, cards)

    def _choose(self, state: RoundState, hoard: bool, careful: bool) -> Event | None:
        """The next event (a draw stands for whatever the draw takes), or None to keep a playable drawn
        card: the seats decide from their views. Interjections first -- they may come at any moment their
        conditions hold (UNO-4) -- each candidate asked of its player's seat (with its view where it is
        open, else None; when none is open, each seat once for all of its own); then the player to act's
        seat (the careful player's in a round gone on too long), hoarding where self-play hoards."""
        seats, rngs = self.seats, self.seat_rngs
        # Open only while a player is catchable (UNO-2, UNO-3): usually none, and then no view is made for them.
        uno = state.uno
        open_now = legal_interjections(state) if uno[0] is CATCHABLE or uno[1] is CATCHABLE else ()
        player = state.moment.player
        view: PlayerView | None = None  # the view of the player to act, once made
        if not open_now:
            # None is open (the usual case): each seat is asked once for its own candidates, in their order
            # (Strategy.interjection: the answers and draws of asking option by option, with no view to make).
            made = seats[0].interjection(INTERJECTIONS_OF[0], None, rngs[0])
            if made is None:
                made = seats[1].interjection(INTERJECTIONS_OF[1], None, rngs[1])
            if made is not None:
                return made
        else:
            views: list[PlayerView | None] = [None, None]
            for option in INTERJECTIONS:
                asker = option.player
                seen = None
                if _among(option, open_now):
                    seen = views[asker]
                    if seen is None:
                        seen = views[asker] = self._view(state, asker)
                if seats[asker].interjects(option, seen, rngs[asker]):
                    return option
            view = views[player]
        seat = seats[player]
        mix = self.mix
        if careful:
            seat = self.careful
        elif mix is not None:
            mix[player].hoarding = hoard
        if view is None:
            view = PlayerView(state.names, self.rules, player, "play", player, state, None, 0, self.round_number,
                              self.standing)
        return seat.choose(view, rngs[player])

    def _view(self, state: RoundState, seat: int) -> PlayerView:
        """``seat``'s view of the round in play (self-play keeps no public history: none is given)."""
        return PlayerView(state.names, self.rules, seat, "play", state.moment.player, state, None, 0, self.round_number,
                          self.standing)

    def _scores(self) -> tuple[int, int]:
        scores = self.match.scores
        return scores[0], scores[1]



class _Form(LogForm):
    """Self-play's log form: round 1 names its first drafter, later rounds half the time (drawn on chance's
    generator, as it always was); each round gives its deck or not (``with_deck``); with a deck, a draw
    names its cards half the time, and a play without UNO says ``"uno": false`` one time in ten (drawn on the
    form's own generator, so that the same seed plays the same game with and without decks)."""

    def __init__(self, rng: random.Random, with_deck: bool, form: Callable[[], float]):
        self.rng = rng
        self.with_deck = with_deck
        self.form = form

    def names_first_drafter(self, index: int) -> bool:
        return index == 0 or self.rng.random() < 0.5

    def gives_deck(self) -> bool:
        return self.with_deck

    def event(self, event: Event, names: tuple[str, str]) -> dict:
        if type(event) is Draw and self.with_deck and self.form() >= 0.5:
            event = Draw(event.player, None, event.refill)  # the deck tells which cards are drawn
        logged = event.to_log(names)
        if type(event) is Play and not event.uno and self.form() < 0.1:
            logged["uno"] = False  # an explicit false is as good as none
        return logged


class _OnStep(Observer):
    """``simulate_game``'s ``on_step``, told the draft after every pick and the round after the turn-up and
    every event."""

    def __init__(self, on_step: Hook):
        self.on_step = on_step

    def picked(self, draft: Draft, pick: Pick) -> None:
        self.on_step(draft)

    def turned_up(self, state: RoundState, card: Card, player_1: int) -> None:
        self.on_step(state)

    def after_event(self, state: RoundState, event: Event) -> None:
        self.on_step(state)


def _on_step(on_step: Hook | None) -> Observer | None:
    return None if on_step is None else _OnStep(on_step)


def _among(option: SayUno | Catch, options: tuple[Event, ...]) -> bool:
    """``option in options`` by identity: the interjections open are the engine's own candidates
    (:data:`~referee.engine.legal.INTERJECTIONS`, interned), and ``in`` would run the records' equality, a
    Python-level dataclass method even in the compiled build, for every other one."""
    return any(candidate is option for candidate in options)


__all__ = ["game_seed", "simulate", "simulate_game"]
