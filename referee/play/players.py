"""The seats' one interface, :class:`Strategy`, and every style that plays on it.

A :class:`Strategy` decides for one seat from that seat's view (:class:`referee.play.view.PlayerView`)
and nothing else: its own hand, the other hand's size, the top card and colour, what is owed, and the
engine's checks of its own moves (``view.options``, a :class:`referee.engine.legal.Options` on the position as
the seat knows it -- the whole list, or card by card, as far as the strategy needs to ask). It returns
one of those events (or keeps a playable card it just drew); the engine checks it again. Every random
choice draws on the :class:`random.Random` it is handed, so a game is a function of its seed. Self-play
(:mod:`referee.play.selfplay`), the report's studies and a live table's bots all seat strategies.

The simulator's seeded mix is :class:`StyledPlayer`, one class for the :data:`STYLES` (leanings, each a
probability); the report's styles (:data:`PLAYERS`) are documented and fixed:

- ``random`` — uniformly random among the legal events of the moment (each colour of a wild is its own
  event; keeping a playable drawn card counts as one more choice), drawn without replacement among the
  candidates until the engine accepts one (:meth:`Options.uniform <referee.engine.legal.Options.uniform>`);
  keeps or passes in the draft with even chances; says UNO with even chances; makes an open interjection
  with even chances.
- ``greedy`` — sheds its costliest card first (SCORE-2 points under the variant; among cards worth the
  same, one at random; the engine is asked about the costliest first and no further than the first it
  accepts), a dump before any single card; holds a Draw 2 back to
  answer a volley (plays one outside a volley only when nothing else is playable, or to go out) and always
  answers a volley when it can; dumps whenever it can; always plays a playable drawn card and always says
  UNO; never challenges and never catches. Drafts wilds, Draw 2s and numbers up to 4; passes the rest.
  A wild's colour is the one whose cards in its hand are worth most.
- ``challenger`` — plays as ``greedy``, but catches a forgetful opponent every time it can and challenges a
  Wild Draw 4 whenever its player still holds :data:`CHALLENGE_FROM` cards or more (the more cards
  left, the likelier one of them was playable).

Self-play seats them with ``simulate_game(..., seats=(a, b))``; a designer's own style subclasses
:class:`Strategy`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mypy_extensions import mypyc_attr

from referee.engine import chance
from referee.engine.cards import ALL_CARDS, Card, Color, Kind
from referee.engine.deck import points
from referee.engine.legal import Options
from referee.engine.moment import Pending
from referee.engine.variants import Rules
from referee.log.records import Catch, Challenge, Dump, Event, Play, SayUno, draw

if TYPE_CHECKING:
    from referee.play.view import PlayerView

_COLOURS: Final = tuple(Color)  # iterating the enum itself is slow
#: The challenger challenges a Wild Draw 4 whose player holds at least this many cards after it.
CHALLENGE_FROM: Final = 3


class UnknownPlayer(ValueError):
    """A player style that is not one of :data:`PLAYERS`."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a designer's own style subclasses it
class Strategy:
    """How one seat plays, from its view only. Subclasses override the decisions; each returns an option
    the engine listed (the engine checks it again).

    ``view.options`` (a :class:`referee.engine.legal.Options`, when the seat is to play) answers what is open:
    ``options.legal`` the events open to the seat, and the lazy queries (``options.plays(card)``,
    ``options.first(cards, random)``, ``options.uniform(rng)``, ...) that ask the engine only as far as a
    choice needs; ``view.may_interject(option)`` whether a late UNO or a catch is open.
    """

    #: The style's name (``--bots`` names it).
    name = "strategy"
    #: One line on how it plays (the report prints it).
    summary = ""
    # What the style can do at all, declared (the report shows a figure no seated style can move as "not
    # measured with these styles", not as a 0 % that would read as a finding about the rules):
    #: whether it may leave UNO unsaid,
    forgets_uno = True
    #: whether it ever catches a forgotten UNO,
    catches = True
    #: whether it ever challenges a Wild Draw 4,
    challenges_wild_draw_4 = True
    #: and whether it may keep a wild for later (a style that sheds wilds first goes out on one only when
    #: nothing else is left).
    holds_wilds = True
    #: The variant's parameters (:data:`referee.engine.variants.PARAMETERS`, by name) whose values the style
    #: weighs in choosing among the legal events -- beyond what the engine allows, which every style plays
    #: by. The report says so when the seated styles weigh none of the parameters it compares.
    reads: tuple[str, ...] = ()

    def keeps(self, view: PlayerView, rng: random.Random) -> bool:
        """DRAFT-3: keep ``view.drawn`` (else pass it and keep the next)."""
        raise NotImplementedError

    def colour(self, view: PlayerView, rng: random.Random) -> Color:
        """The colour to name for the turned-up wild (START-7), holding ``view.hand``."""
        raise NotImplementedError

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        """Make ``option`` (a late UNO or a catch by this seat) now? Asked at every decision of the game for
        each such option of the seat, open or not (when none is open, through :meth:`interjection`):
        ``view`` is the seat's view when the option is open, and None when it is not (then the answer does
        not matter; a style that draws on ``rng`` for every option still may, and so draws the same whatever
        is open)."""
        raise NotImplementedError

    def interjection(self, options: tuple[SayUno | Catch, ...], view: PlayerView | None,
                     rng: random.Random) -> SayUno | Catch | None:
        """The first of ``options`` (this seat's late UNOs or catches, in the order they are asked) it makes
        now, or None: :meth:`interjects` asked of each in turn with the same ``view`` (the seat's view when
        every option is open, None when none is). Self-play asks it once a decision for each seat when no
        interjection is open (a call a seat rather than one an option); a style may override it only to
        answer the same, with the same draws, faster."""
        for option in options:
            if self.interjects(option, view, rng):
                return option
        return None

    def choose(self, view: PlayerView, rng: random.Random) -> Event | None:
        """One of ``view.options.legal`` (UNO may be left unsaid, a dump reordered), or None to keep the
        playable card just drawn (only while ``view.drawn`` is set). A draw stands for what the draw
        takes."""
        raise NotImplementedError

    def for_game(self, game: object) -> Strategy:
        """The strategy to seat at the one game ``game`` names (a live table's id, say), for a caller that
        has several games in play at once: itself, for a style that keeps nothing between its decisions; a
        style that does (``expert``'s knowledge of the round) keeps it apart for each such game."""
        return self

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))


# -- the simulator's styles: a seeded mix of leanings -----------------------------------------------------

@dataclass(frozen=True, slots=True)
class Style:
    """A player's leanings, each a probability (``prefer`` names the cards it likes to play)."""

    name: str
    keep: float = 0.5        # draft: keep the card drawn rather than pass it
    decline: float = 0.0     # draw instead of playing although a card is playable (TURN-2)
    keep_drawn: float = 0.2  # keep a playable card just drawn (TURN-3)
    volley: float = 0.7      # answer a Draw 2 with a Draw 2 (D2-1)
    dump: float = 0.7        # lay the rest of the colour with a Reverse (REV-1, START-6)
    say_uno: float = 0.8     # say UNO with the play that leaves one card (UNO-1)
    late_uno: float = 0.3    # at a moment when catchable: say UNO late (UNO-3)
    catch: float = 0.4       # at a moment when the opponent is catchable: catch (UNO-2)
    challenge: float = 0.4   # challenge a Wild Draw 4 (WD4-3)
    prefer: str = "random"   # "random", "actions", "points" (shed the costliest) or "wild4" (bluffs)
    smart_colour: float = 0.7  # choose the colour held most (else any colour)


STYLES: tuple[Style, ...] = (
    Style("casual"),
    Style("aggressive", keep=0.7, keep_drawn=0.05, volley=1.0, dump=1.0, say_uno=0.95, catch=0.7,
          challenge=0.5, prefer="actions"),
    Style("cautious", keep=0.4, decline=0.15, keep_drawn=0.5, volley=0.4, dump=0.4, say_uno=0.7,
          late_uno=0.5, catch=0.3, challenge=0.2, prefer="points"),
    Style("bluffer", keep=0.6, decline=0.05, volley=0.8, challenge=0.8, prefer="wild4", smart_colour=0.9),
    Style("forgetful", keep=0.3, decline=0.05, keep_drawn=0.3, say_uno=0.2, late_uno=0.4, catch=0.2,
          challenge=0.3, smart_colour=0.2),
)

#: Played when a round has gone on too long, so that every game ends: always play, always shed.
CAREFUL = Style("careful", decline=0.0, keep_drawn=0.0, volley=1.0, dump=1.0, prefer="points")

_FINISHERS: Final = (Kind.DRAW_2, Kind.WILD_DRAW_4)
_WORTH: dict[int, tuple[Rules, dict[Card, int]]] = {}


def points_table(rules: Rules) -> dict[Card, int]:
    """Every card's points under ``rules`` (:func:`referee.engine.deck.points`), made once per variant (found by
    identity: hashing the rules' many fields would cost more than the table saves)."""
    found = _WORTH.get(id(rules))
    if found is None or found[0] is not rules:
        found = _WORTH[id(rules)] = (rules, {card: points(card, rules) for card in ALL_CARDS})
    return found[1]


# The cards of a kind, as sets: a test per card held without a property call (Kind.is_action).
_ACTIONS: Final = frozenset(card for card in ALL_CARDS if card.kind.is_action)
_WILD_DRAW_4S: Final = frozenset(card for card in ALL_CARDS if card.kind is Kind.WILD_DRAW_4)
#: What is owed, answered with a play, a challenge or a draw (not a turn's choice).
_OWING: Final = (Pending.VOLLEY, Pending.WILD_DRAW_4, Pending.TURNED_UP)
_CHALLENGES: Final = (Challenge(0), Challenge(1))

# Enum members as module constants, for the functions below: in CPython 3.11 reading a member off its
# class costs ~100 ns (EnumType's __getattr__ takes every class attribute off the fast path), a global ~10.
_KIND_DRAW_2: Final = Kind.DRAW_2
_KIND_NUMBER: Final = Kind.NUMBER


class StyledPlayer(Strategy):
    """One seeded-random player of the simulator, with the leanings of its :class:`Style`: how often it
    keeps in the draft, declines a playable card, keeps a playable drawn card, answers a volley, dumps,
    says UNO, catches, challenges, and which cards it prefers. It draws on the generator it was made with
    (the game's), in the order self-play always drew. ``hoarding`` (set by self-play for a round): decline
    every card (TURN-2) and keep every drawn one, the only way legal play reaches a short draw."""

    __slots__ = ("catching", "hoarding", "random", "rng", "rules", "saying", "style", "worth")

    def __init__(self, style: Style, rng: random.Random, rules: Rules):
        self.style = style
        self.rng = rng
        # Its draws: a leaning ``p`` is taken when ``self.random() < p`` (one number whatever ``p`` is), the
        # generator's own method kept bound, for the several draws of each decision.
        self.random = rng.random
        self.rules = rules
        self.worth = points_table(rules)  # each card's points (SCORE-2), for the "points" preference
        #: The chances of making a late UNO, and a catch, at a moment it is considered.
        self.saying = style.late_uno / 2
        self.catching = style.catch / 2
        self.hoarding = False

    @property  # type: ignore[override]
    def name(self) -> str:
        """The style's name."""
        return self.style.name

    def __eq__(self, other: object) -> bool:
        return type(other) is StyledPlayer and other.style == self.style

    def __hash__(self) -> int:
        return hash(self.style)

    # -- the decisions ----------------------------------------------------------------------------

    def keeps(self, view: PlayerView, rng: random.Random) -> bool:
        """DRAFT-3: keep the card drawn (wilds and Draw 2s likelier)."""
        card = view.drawn
        liking = self.style.keep
        if card.is_wild or card.kind is _KIND_DRAW_2:
            liking = min(1.0, liking + 0.3)
        return self.random() < liking

    def colour(self, view: PlayerView, rng: random.Random) -> Color:
        """The colour held most, or (sometimes) any."""
        return self._colour(view.hand)

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        """With the style's leaning, when it is open (drawn for every option, open or not)."""
        leaning = self.saying if type(option) is SayUno else self.catching
        return self.random() < leaning and view is not None

    def interjection(self, options: tuple[SayUno | Catch, ...], view: PlayerView | None,
                     rng: random.Random) -> SayUno | Catch | None:
        """:meth:`interjects` for each of ``options`` in turn (one random number each, until one is made),
        in one call: self-play asks it at nearly every decision. (A subclass that changes :meth:`interjects`
        changes this too.)"""
        random = self.random
        if view is None:  # none is open (nearly always): a number drawn for each, and no answer to give
            for _ in options:
                random()
            return None
        for option in options:
            if random() < (self.saying if type(option) is SayUno else self.catching):
                return option
        return None

    def choose(self, view: PlayerView, rng: random.Random) -> Event | None:
        """The style's choice: an imposed draw; a drawn card played or kept; an answer to what is owed, a
        challenge or the draw; a dump; a card by preference, or a declined turn's draw."""
        # Asked of the seat to play, whose view has its options; they hold the moment as the seat knows it
        # (one property read where two were: self-play asks at every decision).
        options = view.options
        moment = options.moment
        player = moment.player
        if moment.imposed:
            return draw(player)
        style = self.style
        if moment.drawn is not None:
            if self.hoarding or self.random() < style.keep_drawn:
                return None
            return self.choose_play(options)
        if moment.kind in _OWING:
            if self.random() < style.volley:
                chosen = self.choose_play(options)
                if chosen is not None:
                    return chosen
            if self.random() < style.challenge and options.may_challenge():
                return _CHALLENGES[player]
            return draw(player)
        if self.hoarding:
            return draw(player)  # a hoarder declines every card (TURN-2)
        dumps = options.dumps()
        if dumps and self.random() < style.dump:
            return self.finish(dumps[0])
        if self.random() >= style.decline:
            chosen = self.choose_play(options)
            if chosen is not None:
                return chosen
        return draw(player)

    # -- how it plays a card ----------------------------------------------------------------------

    def _colour(self, hand: Sequence[Card], without: tuple[Card, ...] = ()) -> Color:
        """The colour to choose for a wild: the one held most, or (sometimes) any."""
        colours = list(_COLOURS)
        if self.random() < self.style.smart_colour:
            rest = list(hand)
            for card in without:
                if card in rest:
                    rest.remove(card)
            counts = {c: 0 for c in colours}
            for card in rest:
                if card.color is not None:
                    counts[card.color] += 1
            best = max(counts.values())
            colours = [c for c in colours if counts[c] == best]
        return chance.choice(self.rng, colours)

    def choose_play(self, options: Options) -> Play | None:
        """A legal play, or None if no card may be played: a card by preference, then its colour or dump.

        The engine is asked lazily: the player orders the cards it holds by its preference
        (:meth:`_tiers`) and takes the first the engine accepts (:meth:`Options.plays
        <referee.engine.legal.Options.plays>`), a uniformly random one among those it likes equally."""
        cards = options.cards()
        tiers = self._tiers(cards, options.hand)
        found = None
        if tiers is None:  # the costliest first: one query, by points (as the tiers of equal points would)
            found = options.first_ranked(cards, self.worth, self.random)
        else:  # the first tier with a card the engine accepts (each tier's cards tried in a random order)
            for tier in tiers:
                found = options.first(tier, self.random)
                if found is not None:
                    break
        if found is None:
            return None
        card, plays = found
        if card.is_wild:
            chosen_colour = self._colour(options.hand, (card,))
            chosen = next(o for o in plays if o.color is chosen_colour)
        elif len(plays) == 1:  # one way to play it (as below, with nothing to choose: no draw)
            chosen = plays[0]
        else:
            dumps = [o for o in plays if o.dump]
            plain = [o for o in plays if not o.dump]
            chosen = dumps[0] if dumps and (not plain or self.random() < self.style.dump) else plain[0]
        return self.finish(options.saying_uno(chosen))

    def _tiers(self, cards: list[Card], hand: list[Card]) -> list[list[Card]] | None:
        """The cards held, in tiers of preference: the first tier with a legal play is chosen from; None
        for the costliest first (the tiers are the cards of equal points, highest first)."""
        if len(hand) == 2 and len(cards) == 2 and self.random() < 0.5:
            # keep a Draw 2 / Wild Draw 4 to go out with (END-2): play the other card first
            finishers = [c for c in cards if c.kind in _FINISHERS]
            if len(finishers) == 1:
                return [[c for c in cards if c not in finishers], finishers]
        prefer = self.style.prefer
        if prefer == "random" or self.random() >= 0.75:
            return [cards]
        if prefer == "wild4":
            return [[c for c in cards if c in _WILD_DRAW_4S], cards]
        if prefer == "actions":
            return [[c for c in cards if c in _ACTIONS], [c for c in cards if c not in _ACTIONS]]
        return None  # "points": the costliest first

    def finish(self, option: Play | Dump) -> Play | Dump:
        """``option`` as the player lays it: a dump in a shuffled order (REV-3), UNO said or forgotten."""
        is_play = type(option) is Play
        laid = option.dump if is_play else option.cards
        uno = option.uno and self.random() < self.style.say_uno
        if len(laid) > 1:
            order = list(laid)
            chance.shuffle(self.rng, order)
            laid = tuple(order)
        elif uno == option.uno:
            return option
        if is_play:
            return Play(option.player, option.card, option.color, uno, laid)
        return Dump(option.player, laid, uno)


# -- the report's styles --------------------------------------------------------------------------------

class RandomPlayer(Strategy):
    """Uniformly random among the legal events (see the module's description)."""

    name = "random"
    summary = "uniformly random among the legal events; says UNO, catches and keeps with even chances"

    def keeps(self, view: PlayerView, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def colour(self, view: PlayerView, rng: random.Random) -> Color:
        return chance.choice(rng, _COLOURS)

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        return view is not None and rng.random() < 0.5

    def choose(self, view: PlayerView, rng: random.Random) -> Event | None:
        # uniform among the legal events, judging candidates only until one is accepted
        chosen = view.options.uniform(rng, keep=view.drawn is not None)
        if chosen is None or type(chosen) not in (Play, Dump):
            return chosen
        uno = chosen.uno and rng.random() >= 0.5  # saying UNO is the player's to forget (UNO-1, UNO-2)
        laid = list(chosen.dump if type(chosen) is Play else chosen.cards)
        if laid:
            chance.shuffle(rng, laid)
        if type(chosen) is Play:
            return Play(chosen.player, chosen.card, chosen.color, uno, tuple(laid))
        return Dump(chosen.player, tuple(laid), uno)


def greedy_keeps(card: Card) -> bool:
    """Whether ``greedy`` (and ``challenger``) keeps ``card`` in the draft: wilds, Draw 2s, numbers up to 4."""
    return card.is_wild or card.kind is _KIND_DRAW_2 or (card.kind is _KIND_NUMBER and card.number <= 4)


class GreedyPlayer(Strategy):
    """Sheds the costliest card first, holds a Draw 2 for a volley, dumps when it can (module docs)."""

    name = "greedy"
    summary = ("sheds its costliest card first, holds a Draw 2 back for a volley, dumps when it can; "
               "never challenges or catches")
    forgets_uno = False
    catches = False
    challenges_wild_draw_4 = False
    holds_wilds = False  # a wild is among its costliest cards: it goes first
    #: it sheds by the points a card scores
    reads: tuple[str, ...] = ("action_points", "wild_points", "wild_draw_4_points")

    def keeps(self, view: PlayerView, rng: random.Random) -> bool:
        return greedy_keeps(view.drawn)

    def colour(self, view: PlayerView, rng: random.Random) -> Color:
        return _richest(view.hand, view.rules, rng)

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        # says a forgotten UNO at once (it never forgets; a guard)
        return view is not None and isinstance(option, SayUno)

    def challenges(self, view: PlayerView, seat: int) -> bool:
        """Challenge the Wild Draw 4 now owed by ``seat``? Greedy never does."""
        return False

    def choose(self, view: PlayerView, rng: random.Random) -> Event | None:
        moves = view.options
        seat = moves.player
        hand = moves.hand
        cards = moves.cards()
        rules = view.rules
        worth, held_back = _ranks(rules)
        moment = moves.moment
        if moment.drawn is not None:
            return self._costliest(moves, cards, hand, worth, rules, rng)  # play the drawn card (or keep it)
        if moment.owes() is not None:
            answer = self._costliest(moves, cards, hand, worth, rules, rng)
            if answer is not None:
                return answer  # answer the volley
            if self.challenges(view, seat) and moves.may_challenge():
                return Challenge(seat)
            return draw(seat)
        dumps = self._dumps(moves, cards, rules, rng)
        if dumps is not None:
            return dumps
        # hold a Draw 2 back for a volley: every other card ranks above every Draw 2
        chosen = self._costliest(moves, cards, hand, held_back if len(hand) > 2 else worth, rules, rng)
        return draw(seat) if chosen is None else chosen

    def _dumps(self, moves: Options, cards: list[Card], rules: Rules, rng: random.Random) -> Event | None:
        """The legal dump (a turned-up Reverse's, or a Reverse with the rest of its colour) that sheds
        most, ties at random; None if there is none."""
        options: list[Event] = list(moves.dumps())
        for card in cards:
            if card.kind is _REVERSE:
                options += [moves.saying_uno(o) for o in moves.plays(card) if o.dump]
        if not options:
            return None
        worth = [_shed(o, rules) for o in options]
        most = max(worth)
        return chance.choice(rng, [o for o, w in zip(options, worth, strict=True) if w == most])

    def _costliest(self, moves: Options, cards: list[Card], hand: list[Card], rank: dict[Card, int],
                   rules: Rules, rng: random.Random) -> Event | None:
        """A legal play of the highest-ranked of ``cards`` that has one (by points, :func:`_ranks`; ties
        at random; the engine asked card by card, highest first, in one query), shedding most; a wild
        names the colour worth most in the hand left. None if none of ``cards`` may be played."""
        found = moves.first_ranked(cards, rank, rng.random)
        if found is None:
            return None
        card, plays = found
        if card.is_wild:
            rest = list(hand)
            rest.remove(card)
            colour = _richest(rest, rules, rng)
            return moves.saying_uno(next(o for o in plays if o.color is colour))
        return moves.saying_uno(plays[0] if len(plays) == 1 else max(plays, key=lambda o: _shed(o, rules)))


_REVERSE: Final = Kind.REVERSE
_RANKS: Final[dict[int, tuple[Rules, dict[Card, int], dict[Card, int]]]] = {}


def _ranks(rules: Rules) -> tuple[dict[Card, int], dict[Card, int]]:
    """Greedy's orders of preference under ``rules``: each card's points (SCORE-2, costliest first), and the
    same with every card but a Draw 2 raised above every Draw 2 (a Draw 2 held back for a volley, played
    only when nothing else is). Made once per variant, found by identity (as :func:`points_table`)."""
    found = _RANKS.get(id(rules))
    if found is None or found[0] is not rules:
        worth = points_table(rules)
        above = max(worth.values()) + 1  # a card raised by this is tried before any card not raised
        held_back = {card: value + (0 if card.kind is _KIND_DRAW_2 else above) for card, value in worth.items()}
        found = _RANKS[id(rules)] = (rules, worth, held_back)
    return found[1], found[2]


def _richest(hand: Sequence[Card], rules: Rules, rng: random.Random) -> Color:
    """The colour whose cards in ``hand`` are worth most (SCORE-2), ties at random."""
    worth = dict.fromkeys(_COLOURS, 0)
    for card in hand:
        if card.color is not None:
            worth[card.color] += points(card, rules)
    best = max(worth.values())
    return chance.choice(rng, [c for c in _COLOURS if worth[c] == best])


def _shed(option: Event, rules: Rules) -> int:
    """The points an option lays down (its card and any dump)."""
    worth = points_table(rules)
    return sum(worth[card] for card in option.laid)


class ChallengerPlayer(GreedyPlayer):
    """Greedy play; catches every forgotten UNO and challenges a Wild Draw 4 from a full hand."""

    name = "challenger"
    summary = (f"plays as greedy; catches every forgotten UNO, challenges a Wild Draw 4 whose player "
               f"holds {CHALLENGE_FROM}+ cards")
    catches = True
    challenges_wild_draw_4 = True

    def interjects(self, option: SayUno | Catch, view: PlayerView | None, rng: random.Random) -> bool:
        return view is not None  # catch whenever the opponent is catchable (and say a late UNO at once)

    def challenges(self, view: PlayerView, seat: int) -> bool:
        return view.hand_sizes[1 - seat] >= CHALLENGE_FROM


#: The styles by name (the search-based ``expert`` levels are added by :mod:`referee.play.expert`).
PLAYERS: dict[str, Strategy] = {s.name: s for s in (RandomPlayer(), GreedyPlayer(), ChallengerPlayer())}


def get_player(name: str) -> Strategy:
    """The style named ``name``; :class:`UnknownPlayer` names the known ones otherwise."""
    try:
        return PLAYERS[name]
    except KeyError:
        raise UnknownPlayer(f"unknown player style {name!r} (known: {', '.join(PLAYERS)})") from None


# The search-based levels register themselves in PLAYERS (expert.py builds on this module, so it comes last).
from referee.play import expert as _expert  # noqa: E402, F401

__all__ = ["CAREFUL", "CHALLENGE_FROM", "PLAYERS", "STYLES", "ChallengerPlayer", "GreedyPlayer", "RandomPlayer",
           "Strategy", "Style", "StyledPlayer", "UnknownPlayer", "get_player", "greedy_keeps", "points_table"]
