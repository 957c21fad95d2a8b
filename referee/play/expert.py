"""``expert``: a seat that decides by searching the game with the engine's own rules, from its view only.

Determinized flat Monte Carlo search ("perfect-information Monte Carlo" with a sound sampler; the choice
against ISMCTS is argued in docs/players.md): at each decision in play the seat

1. brings its :class:`~referee.play.knowledge.Knowledge` up to date with the view (the discards laid since,
   the other seat's draws, the draft's face-up cards under the pile, what the other seat could have laid
   when it drew instead);
2. deals the hidden cards -- the other hand and the unknown part of the draw pile -- consistently with that
   knowledge (:func:`~referee.play.knowledge.deal`), making a whole :class:`~referee.engine.game.Game` of the
   position (the variant's rules, the match's scores);
3. plays every legal option of the view in a copy of that game (:meth:`Game.clone
   <referee.engine.game.Game.clone>`) and the round on for :data:`HORIZON` events with a fast greedy policy
   on the engine's own legal-move checks (:func:`rollout_move`; no rule restated), and scores it by the
   game's own points (:func:`value`: the game won or lost where the round ends it, the round's points where
   it ended, else the margin the round is expected to leave);
4. takes the option with the best total over the deals (the same deals and the same playout seed for every
   option: common random numbers, so that the options are compared on the same luck).

The budget is a number of whole-round playouts' worth of events per decision (:attr:`ExpertPlayer.playouts`
times :data:`EVENTS_PER_PLAYOUT`), shared among the options:
deterministic for a seed, as the report, the ladder and the tests need. The seat never sees the engine's
position: it reads its view (:class:`~referee.play.view.PlayerView`) and the position as it knows it
(:func:`~referee.play.knowledge.seat_position`, which holds no hidden card); the honesty test
(tests/test_expert.py) deals the hidden cards otherwise and gets the same decision.

The draft's keeps and a turned-up wild's colour are greedy's (:class:`~referee.play.players.GreedyPlayer`);
it catches every forgotten UNO and says its own late UNO, as the challenger does.
"""

from __future__ import annotations

import math
import random
import threading
from collections import OrderedDict
from typing import TYPE_CHECKING, Final

from referee.engine.cards import Card, Color
from referee.engine.deck import leader
from referee.engine.game import Game, Needs
from referee.engine.handlers import _bluffing, matching
from referee.engine.legal import Options
from referee.engine.loop import run
from referee.engine.moment import Pending, wild_draw_4
from referee.engine.piles import DrawPile
from referee.engine.round_state import RoundState
from referee.engine.steps import Keep, Step
from referee.engine.variants import PARAMETERS, Rules
from referee.engine.violation import RuleBroken
from referee.log.records import Catch, Challenge, Draw, Event, Play, SayUno, draw
from referee.play.knowledge import Knowledge, deal, seat_position
from referee.play.players import PLAYERS, ChallengerPlayer, GreedyPlayer, Strategy, _ranks
from referee.play.view import KEEP

if TYPE_CHECKING:
    from referee.play.view import PlayerView

#: Round points worth as much as a whole game in a playout's value (a round's margin, divided by this, is
#: kept within ±0.9, below a game won or lost).
POINTS_SCALE: Final = 200.0
#: The most events a playout plays when not cut earlier (:func:`play_out`'s default horizon).
PLAYOUT_EVENTS: Final = 1000
#: In a playout a player challenges a Wild Draw 4 whose player holds at least this many cards.
ROLLOUT_CHALLENGE_FROM: Final = 3
_COLOURS: Final = tuple(Color)
_OWING: Final = (Pending.VOLLEY, Pending.WILD_DRAW_4, Pending.TURNED_UP)
_NEEDS_EVENT: Final = Needs.EVENT
_NEEDS_OVER: Final = Needs.OVER
_WD4: Final = Pending.WILD_DRAW_4
_CHALLENGES: Final = (Challenge(0), Challenge(1))
#: A playout plays this many events, then is scored by :func:`_expected_margin` (unless the round ended):
#: measured against playing every round out (docs/players.md).
HORIZON: Final = 12
#: In a playout cut at its horizon, the log-odds of going out first that a card fewer in hand is worth.
CARDS_SLOPE: Final = 0.6
#: What a playout is taken to cost, in events played, when a budget of playouts is spent.
EVENTS_PER_PLAYOUT: Final = 30
#: What dealing the hidden cards is taken to cost, in events played (measured: a deal takes about as long
#: as a playout of 20 events; charged so that a decision whose playouts end at once stays bounded in time).
DEAL_EVENTS: Final = 20
#: The head start of the challenger's choice, a deal (in value: a game is ±1).
PRIOR: Final = 0.03
_CHALLENGER: Final = ChallengerPlayer()


# -- the playouts ---------------------------------------------------------------------------------------

def rollout_move(state: RoundState, rng: random.Random, worth: dict[Card, int],
                 held_back: dict[Card, int]) -> Event | None:
    """A playout's move for the player to act in ``state`` (a whole, determinized position): greedy's
    choices (an imposed draw; the playable drawn card played; a volley answered with the costliest card that
    answers it, else a challenge of a Wild Draw 4 from a hand of :data:`ROLLOUT_CHALLENGE_FROM` or more,
    else the draw; a dump; the costliest playable card, a Draw 2 held back; else the draw), UNO always said,
    a wild's colour the one held most. Every option comes from the engine's checks (:class:`Options`)."""
    options = Options(state)
    moment = options.moment
    player = options.player
    if moment.imposed:
        return draw(player)
    drawn = moment.drawn
    if drawn is not None:
        plays = options.plays(drawn)
        return _laid(options, drawn, plays) if plays else None
    cards = options.cards()
    if moment.kind in _OWING:
        found = options.first_ranked(cards, worth, rng.random)
        if found is not None:
            return _laid(options, found[0], found[1])
        if options.may_challenge() and len(state.hands[1 - player]) >= ROLLOUT_CHALLENGE_FROM:
            return _CHALLENGES[player]
        return draw(player)
    dumps = options.dumps()
    if dumps:
        return dumps[0]
    found = options.first_ranked(cards, held_back if len(cards) > 2 else worth, rng.random)
    if found is not None:
        return _laid(options, found[0], found[1])
    return draw(player)


def _laid(options: Options, card: Card, plays: tuple[Play, ...]) -> Play:
    """The play of ``card`` a playout makes: a wild in the colour held most, the longest dump, UNO said."""
    if card.is_wild:
        counts = dict.fromkeys(_COLOURS, 0)
        for held in options.hand:
            if held.color is not None:
                counts[held.color] += 1
        best = max(_COLOURS, key=counts.__getitem__)
        chosen = next((p for p in plays if p.color is best), plays[0])
    elif len(plays) == 1:
        chosen = plays[0]
    else:
        chosen = max(plays, key=lambda p: len(p.dump))
    return options.saying_uno(chosen)  # type: ignore[return-value]


class _Playout:
    """The playouts' :class:`~referee.engine.loop.Source`: both seats move by :func:`rollout_move` (a drawn
    card kept is a :class:`~referee.engine.steps.Keep`; a draw takes what the dealt pile gives) until the
    round ends or ``horizon`` events are played."""

    __slots__ = ("held_back", "horizon", "played", "rng", "worth")

    def __init__(self, rng: random.Random, worth: dict[Card, int], held_back: dict[Card, int],
                 horizon: int) -> None:
        self.rng, self.worth, self.held_back, self.horizon = rng, worth, held_back, horizon
        self.played = 0

    def next_step(self, game: Game) -> Step | None:
        """The next playout move, or None once the round is over or the horizon reached."""
        if game.needs is not _NEEDS_EVENT or self.played >= self.horizon:
            return None
        deciding = game.state if game.kept is None else game.deciding()
        event = rollout_move(deciding, self.rng, self.worth, self.held_back)
        if event is None:
            return Keep(deciding.moment.player)
        if type(event) is Draw:
            event = deciding.next_draw(self.rng.shuffle)
        self.played += 1
        return event

    def refused(self, step: Step, broken: RuleBroken) -> None:
        """Nothing to name: a playout's move comes from the engine's own options, so a refusal is a bug and
        goes on to the caller as it is."""


class _Once:
    """A :class:`~referee.engine.loop.Source` of one step: an option of the seat's view made in a dealt game."""

    __slots__ = ("step",)

    def __init__(self, step: Step) -> None:
        self.step: Step | None = step

    def next_step(self, game: Game) -> Step | None:
        """The one step, then None."""
        step, self.step = self.step, None
        return step

    def refused(self, step: Step, broken: RuleBroken) -> None:
        """Nothing to name (the option came from the view's legal list)."""


def play_out(game: Game, rng: random.Random, horizon: int = PLAYOUT_EVENTS) -> int:
    """Play ``game``'s round to its end (or ``horizon`` events) with :func:`rollout_move` for both seats,
    through the one loop (:func:`referee.engine.loop.run`, a :class:`_Playout` source): the variant's own
    rules and scoring. Returns how many events it played."""
    worth, held_back = _ranks(game.rules)
    source = _Playout(rng, worth, held_back, horizon)
    run(game, source)
    return source.played


def value(game: Game, seat: int) -> float:
    """What the playout's end is worth to ``seat``, in the game's own terms: a game won (+1) or lost (-1)
    where the round ended it; else the round's points for or against the seat (:func:`margin`) -- or, in a
    round still in play (a playout cut at its horizon), the margin it is expected to leave
    (:func:`_expected_margin`) -- over :data:`POINTS_SCALE`, within ±0.9."""
    if game.needs is _NEEDS_OVER:
        winner = game.winner()
        return 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    # unfinished (a playout cut at its horizon): from the hands as they stand
    found = _expected_margin(game.state, seat) if game.needs is _NEEDS_EVENT else margin(game.points, seat, game.rules)
    return max(-0.9, min(0.9, found / POINTS_SCALE))


def margin(points: tuple[int, int], seat: int, rules: Rules) -> float:
    """What a round's ``points`` (by seat) are worth to ``seat``: by how much they put it ahead, positive
    where they favour it -- ahead as the engine's GAME-2 reads scores (:func:`~referee.engine.deck.leader`:
    the lower where reaching the target loses, the higher where it wins)."""
    ahead = leader(points, rules)
    if ahead is None:
        return 0.0
    gap = float(abs(points[0] - points[1]))
    return gap if ahead == seat else -gap


def _points_if_out(state: RoundState, out: int) -> tuple[int, int]:
    """The round's points (SCORE-1, SCORE-2) as the engine scores them (:meth:`RoundState.points`) were
    ``out`` to go out now, the other hand as it stands."""
    return RoundState(state.rules, state.names, state.hands, state.pile, state.discard, state.color,
                      state.matching, state.moment, state.uno, out, state.shuffled, state.actions).points()


def _expected_margin(state: RoundState, seat: int) -> float:
    """The round's margin for ``seat`` (:func:`margin`) expected from a round in play: the margin of the
    points were the seat to go out now, and of those were the other, weighed by the chance that the seat goes
    out first -- a logistic of the difference in cards held (:data:`CARDS_SLOPE` a card)."""
    mine, theirs = len(state.hands[seat]), len(state.hands[1 - seat])
    chance = 1.0 / (1.0 + math.exp(-CARDS_SLOPE * (theirs - mine)))
    rules = state.rules
    return (chance * margin(_points_if_out(state, seat), seat, rules)
            + (1.0 - chance) * margin(_points_if_out(state, 1 - seat), seat, rules))


# -- a determinized game --------------------------------------------------------------------------------

def determinize(knowledge: Knowledge, view: PlayerView, rng: random.Random,
                position: RoundState | None = None) -> Game:
    """A whole game at the view's position, its hidden cards dealt by :func:`~referee.play.knowledge.deal`:
    the match's scores and round, the seat's hand, the public discards, the dealt other hand and pile, and
    the moment (a Wild Draw 4 owed by the seat is a bluff or not as the dealt hand says, WD4-6). ``position``:
    the round as the seat knows it (:func:`~referee.play.knowledge.seat_position`), when already at hand."""
    known = seat_position(view) if position is None else position
    seat = knowledge.seat
    other = 1 - seat
    hand, slots = deal(knowledge, view, rng)
    hands = [[], []]  # type: list[list[Card]]
    hands[seat] = list(known.hands[seat])
    hands[other] = hand
    pile = DrawPile(slots, None)  # type: ignore[arg-type]
    moment = known.moment
    discards = list(view.discards)
    if moment.kind is _WD4 and moment.player == seat and len(discards) >= 2:
        moment = wild_draw_4(seat, moment.cards, _bluffed(knowledge, known, hand, discards))
    state = RoundState(known.rules, known.names, hands, pile, discards, known.color, known.matching, moment,
                       known.uno, known.out, known.shuffled, known.actions)
    game = Game(known.rules, known.names)
    match = game.match
    match.scores = list(view.scores)
    match.rounds = view.round - 1
    match.first_drafter = 0
    game.round_index = view.round - 1
    game.state, game.pile, game.hands = state, pile, hands
    game.needs = _NEEDS_EVENT
    return game


def _bluffed(knowledge: Knowledge, known: RoundState, hand: list[Card], discards: list[Card]) -> bool:
    """WD4-6 on the dealt hand: the engine's own judgement of a bluff, on the position before the Wild Draw 4
    was laid (the card under it, and the colour then, where the seat knows it)."""
    wd4, under = discards[-1], discards[-2]
    colour = knowledge.colours.get(len(discards) - 2) if under.is_wild else under.color
    if colour is None:
        return False  # the colour then is not known to the seat: taken as no bluff
    before = known.copy()
    before.hands[1 - knowledge.seat] = [*hand, wd4]
    before.color = colour
    before.matching = matching(under, colour)
    return _bluffing(before, 1 - knowledge.seat, wd4)


# -- the player -----------------------------------------------------------------------------------------

class ExpertPlayer(Strategy):
    """Decides in play by determinized search (see the module's description) on a budget of ``playouts``
    playouts' worth of events a decision, shared among its options, each playout cut at ``horizon`` events;
    drafts and names a turned-up wild's colour as greedy does.

    It keeps each seat's :class:`Knowledge` of the round between its decisions (a few hundred at most, the
    oldest dropped), started afresh when a view is of another round: by the game -- the one :meth:`for_game`
    names (a live table's), else the thread it is asked in (self-play plays a thread's games one after
    another) -- the players' names and the seat. Two games of the same names in play at once in one thread
    keep their knowledge apart only when each is seated with :meth:`for_game`."""

    summary = ""
    forgets_uno = False
    catches = True
    challenges_wild_draw_4 = True
    holds_wilds = True
    #: Every parameter: its playouts run the variant's own rules, so whatever a parameter changes in play
    #: changes what its search finds (its draft and a turned-up wild's colour are greedy's, which read none).
    reads: tuple[str, ...] = tuple(PARAMETERS)
    #: How many seats' knowledge is kept at once (a live server's bots, a report's games).
    MEMORY = 512

    def __init__(self, name: str, playouts: int, model: bool = True, prior: float = PRIOR,
                 horizon: int = HORIZON):
        self.name = name
        #: The budget of a decision, in playouts' worth of events (:data:`EVENTS_PER_PLAYOUT` each).
        self.playouts = playouts
        #: Whether its knowledge reads the other seat's plays as a greedy player's (Knowledge.model).
        self.model = model
        #: The head start of the challenger's choice, a deal (:data:`PRIOR`).
        self.prior = prior
        #: How many events a playout plays before it is scored as it stands (:func:`value`).
        self.horizon = horizon
        self.summary = (f"searches: deals the hidden cards as its knowledge allows, plays each option {horizon} "
                        f"events ahead with the engine and estimates the rest of the round (a budget of "
                        f"{playouts * EVENTS_PER_PLAYOUT:,} events a decision)")
        self._greedy = GreedyPlayer()
        self._memory: OrderedDict[tuple, Knowledge] = OrderedDict()
        self._lock = threading.Lock()
        #: The game it is seated at (:meth:`for_game`; None: the thread it is asked in tells the game).
        self._game: object = None

    def for_game(self, game: object) -> ExpertPlayer:
        """This level seated at the game ``game`` names (hashable, not None): the same decisions, its knowledge
        kept under ``game`` in the level's one memory (shared, so its bound holds over every game)."""
        bound = ExpertPlayer(self.name, self.playouts, self.model, self.prior, self.horizon)
        bound._memory, bound._lock, bound._game = self._memory, self._lock, game
        return bound

    def _knobs(self) -> tuple:
        """Everything that makes its decisions what they are (its name and knowledge do not)."""
        return self.playouts, self.model, self.prior, self.horizon

    def __eq__(self, other: object) -> bool:
        return type(other) is ExpertPlayer and other._knobs() == self._knobs()

    def __hash__(self) -> int:
        return hash((ExpertPlayer, *self._knobs()))

    def __reduce__(self) -> tuple:
        # A copy (another process's) is made anew from the name and knobs: the knowledge stays in its process,
        # and the compiled class is not made without its constructor's arguments (pickle's default would).
        return ExpertPlayer, (self.name, self.playouts, self.model, self.prior, self.horizon)

    # -- knowledge ------------------------------------------------------------------------------------

    def knowledge(self, view: PlayerView) -> Knowledge:
        """The seat's knowledge of the view's round (a new one when the view is of another)."""
        game = self._game
        key = (game, threading.get_ident() if game is None else 0, view.players, view.seat)
        with self._lock:  # a live server's threads share the style
            found = self._memory.get(key)
            if found is None or not found.belongs(view):
                found = Knowledge(view.seat, view.round, view.scores, self.model)
                self._memory[key] = found
                while len(self._memory) > self.MEMORY:
                    self._memory.popitem(last=False)
            else:
                self._memory.move_to_end(key)
            return found

    # -- the decisions --------------------------------------------------------------------------------

    def keeps(self, view: PlayerView, rng: random.Random) -> bool:
        """DRAFT-3 as greedy keeps; the face-up cards it sees are noted (they end under the pile)."""
        known = self.knowledge(view)
        known.observe_draft(view)
        keep = self._greedy.keeps(view, rng)
        known.picked(view, keep)
        return keep

    def colour(self, view: PlayerView, rng: random.Random) -> Color:
        """The colour worth most in its hand (greedy's)."""
        return self._greedy.colour(view, rng)

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        """Catches every forgotten UNO and says its own late, whenever open."""
        return view is not None

    def choose(self, view: PlayerView, rng: random.Random) -> Event | None:
        """The option with the best value over the deals (see the module's description)."""
        known = self.knowledge(view)
        known.observe(view)
        chosen = self.decide(known, view, rng)
        known.chose(view, chosen)
        if type(chosen) is Play and chosen.card.is_wild and not chosen.dump:
            known.colours[len(view.discards)] = chosen.color
        return chosen

    def decide(self, knowledge: Knowledge, view: PlayerView, rng: random.Random) -> Event | None:
        """The search itself, from ``knowledge`` and ``view`` alone (changes neither): the decision, with
        the seat's draws on ``rng`` the same whatever the hidden cards are.

        The budget is spent by sequential halving (Karnin, Koren & Somekh, 2013): every option is played out
        on the same deals, the worse half dropped, the deals doubled for the rest, until one is left; each
        deal's playouts share one seed (common random numbers)."""
        candidates = _distinct_cards(view)
        seed = rng.getrandbits(64)
        if len(candidates) == 1:
            return _as_event(candidates[0])
        seat = knowledge.seat
        position = seat_position(view)  # once a decision: where the view makes it, it is a new copy each time
        alive = list(range(len(candidates)))
        # The challenger's choice starts ahead by PRIOR a deal: the search must find better, not as good
        # (noise alone then leaves the seat playing as the challenger would, not at random).
        prior = self._prior(view, seed)
        totals = [0.0] * len(candidates)
        rounds = max(1, (len(candidates) - 1).bit_length())
        games: list[tuple[Game, int, random.Random]] = []
        done = 0
        # Each halving round spends its share of the budget in events played (a long round's playouts
        # cost more: the time a decision takes is bounded, and still a function of the seed alone).
        share = self.playouts * EVENTS_PER_PLAYOUT // rounds
        while len(alive) > 1:
            spent = 0
            while spent < share or done == 0:
                if len(games) <= done:
                    dealer = random.Random(seed + len(games))
                    games.append((determinize(knowledge, view, dealer, position), dealer.getrandbits(64), dealer))
                    spent += DEAL_EVENTS  # a deal costs as much as a few events: short playouts buy no more
                game, rollout_seed, dealer = games[done]
                for i in alive:
                    trial = game.clone()
                    _make(trial, seat, candidates[i], dealer)
                    spent += play_out(trial, random.Random(rollout_seed), self.horizon) + 1
                    totals[i] += value(trial, seat)
                    if candidates[i] == prior:
                        totals[i] += self.prior
                done += 1
            alive.sort(key=lambda i: (-totals[i], i))
            alive = alive[:(len(alive) + 1) // 2]
        return _as_event(candidates[alive[0]])


    def _prior(self, view: PlayerView, seed: int) -> object:
        """What the challenger would choose here (its draws on a generator of its own, from ``seed``), as
        listed (a wild in the colour :func:`_distinct_cards` gives it)."""
        chosen = _CHALLENGER.choose(view, random.Random(seed ^ 0x9E3779B97F4A7C15))
        if chosen is None:
            return KEEP
        if type(chosen) is Play and chosen.card.is_wild:
            return next((o for o in _distinct_cards(view) if type(o) is Play and o.card is chosen.card), chosen)
        return chosen


def _distinct_cards(view: PlayerView) -> list[object]:
    """The view's options with a wild's four colours as one: the colour with most cards in the hand left
    (ties: the first in the colours' order). Four near-equal options of one card would otherwise win the
    noisy comparison four times as often as any other card."""
    hand = view.hand or ()
    found: list[object] = []
    seen: set[tuple] = set()
    for option in view.legal:
        if type(option) is Play and option.card.is_wild:
            key = (option.card, option.dump, option.uno)
            if key in seen:
                continue
            seen.add(key)
            counts = dict.fromkeys(_COLOURS, 0)
            rest = list(hand)
            rest.remove(option.card)
            for card in rest:
                if card.color is not None:
                    counts[card.color] += 1
            best = max(_COLOURS, key=counts.__getitem__)
            option = next(o for o in view.legal if type(o) is Play and o.card is option.card and o.color is best
                          and o.dump == option.dump and o.uno == option.uno)
        found.append(option)
    return found


def _as_event(option: object) -> Event | None:
    """A listed option as :meth:`Strategy.choose` returns it: None for keeping the drawn card."""
    return None if option is KEEP else option  # type: ignore[return-value]


def _make(game: Game, seat: int, option: object, rng: random.Random) -> None:
    """Make the listed ``option`` in ``game`` (a draw takes what the dealt pile gives), through the one loop."""
    if option is KEEP:
        step: Step = Keep(seat)
    elif type(option) is Draw:
        step = game.deciding().next_draw(rng.shuffle)
    else:
        step = option  # type: ignore[assignment]
    run(game, _Once(step))


#: The expert's levels: ``expert`` for live play and the ladder's top; ``expert-fast``, the report's, at the least
#: budget found to beat greedy clearly (docs/performance.md, "The report with expert seated").
LEVELS: Final = (ExpertPlayer("expert", 160), ExpertPlayer("expert-fast", 24))

__all__ = ["LEVELS", "ExpertPlayer", "determinize", "margin", "play_out", "rollout_move", "value"]

PLAYERS.update({level.name: level for level in LEVELS})  # offered wherever a style is (players.PLAYERS)
