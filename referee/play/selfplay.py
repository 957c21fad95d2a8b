"""Self-play: complete, legal version-1 game logs from seeded-random bots.

:func:`simulate_game` plays one game through the one game loop, :class:`~referee.engine.game.Game` — the cut,
the round's shuffled deck as a :meth:`DrawPile.of_deck <referee.engine.piles.DrawPile.of_deck>`, the draft (or
the deal), the turn-up, then, event by event, a seat's :class:`~referee.play.players.Strategy` choosing from its
:class:`~referee.play.view.PlayerView` (the engine's checks, asked lazily) → :meth:`Game.event
<referee.engine.game.Game.event>`, a draw taking what :meth:`Game.draw <referee.engine.game.Game.draw>` says —
and writes what happened as a log (each record's ``to_log``). Nothing here restates a rule. The game is a
function of its seed (one :class:`random.Random`, no global state). :func:`simulate` yields many games.

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
from referee.engine.game import Game, Needs, Observer
from referee.engine.legal import INTERJECTIONS, INTERJECTIONS_OF, legal_interjections
from referee.engine.piles import DrawPile
from referee.engine.records import Catch, Draw, Event, Pick, Play, SayUno
from referee.engine.round_state import CATCHABLE, RoundState
from referee.engine.variants import UNO_DUO, Variant, variant_of
from referee.log.document import FORMAT
from referee.play.players import CAREFUL, STYLES, Strategy, StyledPlayer
from referee.play.view import PlayerView, before_play

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
_NEEDS_EVENT: Final = Needs.EVENT
_NEEDS_OVER: Final = Needs.OVER
_NEEDS_PICK: Final = Needs.PICK

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
    """One simulated game: the one loop (:class:`~referee.engine.game.Game`) driven by seats and a seeded
    shuffle, written down as a log."""

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
        # The log's form (whether a draw names its cards, an explicit "uno": false) draws on its own
        # generator, so that the same seed plays the same game with and without decks.
        self.form: Callable[[], float] = random.Random(seed ^ 0x5EED).random
        self.variant = variant
        self.rules = variant.rules
        self.with_deck = with_deck
        self.record = record
        self.names = (str(players[0]), str(players[1]))
        self.on_step = on_step
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
        self.game = Game(self.rules, self.names, observer)
        self.match = self.game.match
        #: The round in play (from 1) and the scores before it, as its views give them (set by each round).
        self.round_number = 0
        self.standing = (0, 0)

    def play(self) -> dict:
        names, match, game = self.names, self.match, self.game
        doc: dict[str, Any] = {"format": FORMAT, "variant": self.variant.to_log(),
                               "players": list(names), "cut": self._cut(), "rounds": []}
        while game.needs is not _NEEDS_OVER:
            if match.rounds >= 1000:
                raise RuntimeError("simulated game does not end")  # pragma: no cover
            doc["rounds"].append(self._round())
        winner = match.winner()
        doc["result"] = {"winner": None if winner is None else names[winner],
                         "scores": {names[0]: match.scores[0], names[1]: match.scores[1]}}
        return doc

    def _cut(self) -> list[dict]:
        """CUT-1, CUT-2: each player cuts a card until one cuts higher (the match rules on it)."""
        deck = standard_deck(self.rules.deck)
        cuts: list[tuple[Card, Card]] = []
        while self.game.needs is _NEEDS_CUT:
            a, b = self.rng.sample(deck, 2)
            cuts.append((a, b))
            self.game.cut(cuts)
        return [{self.names[0]: a.code, self.names[1]: b.code} for a, b in cuts]

    # -- one round --------------------------------------------------------------------------------

    def _round(self) -> dict:
        rng, rules, names, game = self.rng, self.rules, self.names, self.game
        deck = standard_deck(rules.deck)  # a new list
        chance.shuffle(rng, deck)  # top card first
        game.begin_round()
        self.round_number, self.standing = game.round_index + 1, self._scores()
        player_1 = game.player_1
        rnd: dict[str, Any] = {}
        if game.round_index == 0 or rng.random() < 0.5:
            rnd["first_drafter"] = names[player_1]
        if self.with_deck and self.record:
            rnd["deck"] = [c.code for c in deck]
        game.deal(DrawPile.of_deck(deck, rules.deck))
        if game.needs is _NEEDS_PICK:
            self._draft(rnd)
        elif not self.with_deck and self.record:  # dealt: the hands are stated as a set-up
            rnd["setup"] = {"hands": {names[i]: [c.code for c in game.hands[i]] for i in (0, 1)}}
        card = game.next_card()
        rnd["turn_up"] = card.code
        game.turn_up(card)
        if game.needs is _NEEDS_COLOUR:
            color = self.seats[player_1].colour(self._colour_view(card), self.seat_rngs[player_1])
            rnd["color"] = color.word
            game.colour(color)
        state = game.state
        if self.on_step is not None:
            self.on_step(state)
        events = self._play(state)
        if self.record:
            rnd["events"] = events
        pts = game.points
        rnd["result"] = {"out": names[state.out], "points": {names[0]: pts[0], names[1]: pts[1]}}
        return rnd

    def _colour_view(self, card: Card) -> PlayerView:
        """Player 1's view as they name the turned-up wild's colour (START-7)."""
        game = self.game
        player_1 = game.player_1
        return PlayerView(self.names, self.rules, player_1, "colour", player_1, None, before_play(game, player_1),
                          round=game.round_index + 1, scores=self._scores())

    def _draft(self, rnd: dict) -> None:
        game = self.game
        draft, pile = game.draft, game.pile
        assert draft is not None and pile is not None  # the round is drafted (narrowed: native reads)
        names, rules, seats, rngs, record = self.names, self.rules, self.seats, self.seat_rngs, self.record
        round_number, scores = self.round_number, self.standing
        on_step = self.on_step
        picks: list[dict] = []
        if record:
            rnd["draft"] = picks
        while game.needs is _NEEDS_PICK:
            who = draft.to_pick
            top = pile.top(2)
            view = PlayerView(names, rules, who, "draft", who, None, before_play(game, who), 0, round_number, scores)
            pick = Pick(who, top[0], seats[who].keeps(view, rngs[who]), top[1])
            game.pick(pick)
            if record:
                picks.append(pick.to_log(names))
            if on_step is not None:
                on_step(draft)

    def _play(self, state: RoundState) -> list[dict]:
        """Play the round out: one event at a time, each checked by the engine before it is logged (with
        ``record``). A seat that keeps a playable drawn card says so to the loop, which applies the
        opponent's next event as a log's (in the drawn card's moment)."""
        events: list[dict] = []
        played = 0
        record = self.record
        hoard = self.rng.random() < HOARD_ROUNDS and self.styled
        shuffle = self._shuffle
        choose = self._choose  # looked up here: the tests wrap it
        on_step = self.on_step
        game = self.game
        playing = _NEEDS_EVENT
        while game.needs is playing:
            if played > MAX_EVENTS:
                raise RuntimeError("simulated round does not end")  # pragma: no cover
            if hoard and len(state.pile) == 0 and len(state.discard) <= 1:
                hoard = False  # the piles ran dry: a short draw has been made (or is next); play on
            careful = played > (CAREFUL_AFTER * (4 if hoard else 1)) and self.styled
            deciding = state if game.kept is None else game.deciding()
            event = choose(deciding, hoard and not careful, careful)
            if event is None:  # a playable drawn card kept: the opponent decides next
                game.keep(deciding.moment.player)
                continue
            if type(event) is Draw:
                event = deciding.next_draw(shuffle)
            game.event(event)
            played += 1
            if record:
                events.append(self._logged(event))
            if on_step is not None:
                on_step(state)
        return events

    def _shuffle(self, cards: list[Card]) -> None:
        """Order the refill of a variant that shuffles it (``refill = "shuffle"``) with chance's refill generator."""
        chance.shuffle(self.refills, cards)

    def _logged(self, event: Event) -> dict:
        """The event as the log writes it, in one of the forms the log format allows."""
        if type(event) is Draw and self.with_deck and self.form() >= 0.5:
            event = Draw(event.player, None, event.refill)  # the deck tells which cards are drawn
        logged = event.to_log(self.names)
        if type(event) is Play and not event.uno and self.form() < 0.1:
            logged["uno"] = False  # an explicit false is as good as none
        return logged

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



def _among(option: SayUno | Catch, options: tuple[Event, ...]) -> bool:
    """``option in options`` by identity: the interjections open are the engine's own candidates
    (:data:`~referee.engine.legal.INTERJECTIONS`, interned), and ``in`` would run the records' equality, a
    Python-level dataclass method even in the compiled build, for every other one."""
    return any(candidate is option for candidate in options)


__all__ = ["game_seed", "simulate", "simulate_game"]
