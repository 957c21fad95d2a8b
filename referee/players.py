"""Players of fixed, documented styles for studies of a variant (``referee report``).

A :class:`Strategy` decides for one seat and only ever picks among what the engine offers: a
:class:`referee.legal.Options` of the position answers what is open now (records of
:mod:`referee.records`) — the whole list, or card by card, as far as the strategy needs to ask — and a
strategy returns one of those events (or keeps a playable card it just drew). It may read its own hand and what
both players can see (the top card, the colour, hand sizes, what is owed); it never looks at the other
hand or the draw pile. Every random choice
draws on the :class:`random.Random` it is handed, so a game is a function of its seed.

The styles (:data:`PLAYERS`):

- ``random`` — uniformly random among the legal events of the moment (each colour of a wild is its own
  event; keeping a playable drawn card counts as one more choice), drawn without replacement among the
  candidates until the engine accepts one (:meth:`Options.uniform <referee.legal.Options.uniform>`);
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

Self-play seats them with ``simulate_game(..., seats=(a, b))``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from mypy_extensions import mypyc_attr

from referee import chance
from referee.bots import points_table
from referee.cards import Card, Color, Kind
from referee.deck import points
from referee.legal import Options
from referee.records import Challenge, Dump, Event, Play, SayUno, draw
from referee.round_state import RoundState
from referee.variants import Rules

_COLOURS: Final = tuple(Color)  # iterating the enum itself is slow
#: The challenger challenges a Wild Draw 4 whose player holds at least this many cards after it.
CHALLENGE_FROM: Final = 3


class UnknownPlayer(ValueError):
    """A player style that is not one of :data:`PLAYERS`."""


@mypyc_attr(allow_interpreted_subclasses=True)  # a designer's own style subclasses it
class Strategy:
    """How one seat plays. Subclasses override the decisions; each returns an option the engine listed.

    ``moves`` is the :class:`referee.legal.Options` of the position: ``moves.legal`` the events open to
    the player to move, ``moves.interjections`` the UNO and catch events open now — records, each with
    its ``player`` — and the lazy queries (``moves.plays(card)``, ``moves.first(cards, random)``,
    ``moves.uniform(rng)``, ...) that ask the engine only as far as a choice needs.
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

    def keeps(self, card: Card, rules: Rules, rng: random.Random) -> bool:
        """DRAFT-3: keep ``card`` (else pass it and keep the next)."""
        raise NotImplementedError

    def colour(self, hand: Sequence[Card], rules: Rules, rng: random.Random) -> Color:
        """The colour to name for a wild (the turned-up one, START-7), holding ``hand``."""
        raise NotImplementedError

    def interjects(self, option: Event, state: RoundState, rng: random.Random) -> bool:
        """Make ``option`` (a late UNO or a catch by this seat) now?"""
        raise NotImplementedError

    def choose(self, state: RoundState, moves: Options, rng: random.Random) -> Event | None:
        """One of ``moves.legal`` (UNO may be left unsaid, a dump reordered), or None to keep the playable
        card just drawn (only while ``state.drawn`` is set). A draw stands for what the draw takes."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other)

    def __hash__(self) -> int:
        return hash(type(self))


def seat_of(state: RoundState, moves: Options) -> int:
    """The index of the player to move in ``moves``."""
    return moves.player


class RandomPlayer(Strategy):
    """Uniformly random among the legal events (see the module's description)."""

    name = "random"
    summary = "uniformly random among the legal events; says UNO, catches and keeps with even chances"

    def keeps(self, card: Card, rules: Rules, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def colour(self, hand: Sequence[Card], rules: Rules, rng: random.Random) -> Color:
        return chance.choice(rng, _COLOURS)

    def interjects(self, option: Event, state: RoundState, rng: random.Random) -> bool:
        return rng.random() < 0.5

    def choose(self, state: RoundState, moves: Options, rng: random.Random) -> Event | None:
        # uniform among the legal events, judging candidates only until one is accepted
        chosen = moves.uniform(rng, keep=state.drawn is not None)
        if chosen is None or type(chosen) not in (Play, Dump):
            return chosen
        uno = chosen.uno and rng.random() >= 0.5  # saying UNO is the player's to forget (UNO-1, UNO-2)
        laid = list(chosen.dump if type(chosen) is Play else chosen.cards)
        if laid:
            chance.shuffle(rng, laid)
        if type(chosen) is Play:
            return Play(chosen.player, chosen.card, chosen.color, uno, tuple(laid))
        return Dump(chosen.player, tuple(laid), uno)


class GreedyPlayer(Strategy):
    """Sheds the costliest card first, holds a Draw 2 for a volley, dumps when it can (module docs)."""

    name = "greedy"
    summary = ("sheds its costliest card first, holds a Draw 2 back for a volley, dumps when it can; "
               "never challenges or catches")
    forgets_uno = False
    catches = False
    challenges_wild_draw_4 = False
    holds_wilds = False  # a wild is among its costliest cards: it goes first

    def keeps(self, card: Card, rules: Rules, rng: random.Random) -> bool:
        return card.is_wild or card.kind is Kind.DRAW_2 or (card.kind is Kind.NUMBER and card.number <= 4)

    def colour(self, hand: Sequence[Card], rules: Rules, rng: random.Random) -> Color:
        worth = dict.fromkeys(_COLOURS, 0)
        for card in hand:
            if card.color is not None:
                worth[card.color] += points(card, rules)
        best = max(worth.values())
        return chance.choice(rng, [c for c in _COLOURS if worth[c] == best])

    def interjects(self, option: Event, state: RoundState, rng: random.Random) -> bool:
        return isinstance(option, SayUno)  # says a forgotten UNO at once (it never forgets; a guard)

    def challenges(self, state: RoundState, seat: int) -> bool:
        """Challenge the Wild Draw 4 now owed by ``seat``? Greedy never does."""
        return False

    def choose(self, state: RoundState, moves: Options, rng: random.Random) -> Event | None:
        seat = moves.player
        hand = moves.hand
        cards = moves.cards()
        rules = state.rules
        worth, held_back = _ranks(rules)
        moment = moves.moment
        if moment.drawn is not None:
            return self._costliest(moves, cards, hand, worth, rules, rng)  # play the drawn card (or keep it)
        if moment.owes() is not None:
            answer = self._costliest(moves, cards, hand, worth, rules, rng)
            if answer is not None:
                return answer  # answer the volley
            if self.challenges(state, seat) and moves.may_challenge():
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
            colour = self.colour(rest, rules, rng)
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
        held_back = {card: value + (0 if card.kind is Kind.DRAW_2 else above) for card, value in worth.items()}
        found = _RANKS[id(rules)] = (rules, worth, held_back)
    return found[1], found[2]


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

    def interjects(self, option: Event, state: RoundState, rng: random.Random) -> bool:
        return True  # catch whenever the opponent is catchable (and say a late UNO at once)

    def challenges(self, state: RoundState, seat: int) -> bool:
        return len(state.hands[1 - seat]) >= CHALLENGE_FROM


#: The styles by name.
PLAYERS: dict[str, Strategy] = {s.name: s for s in (RandomPlayer(), GreedyPlayer(), ChallengerPlayer())}


def get_player(name: str) -> Strategy:
    """The style named ``name``; :class:`UnknownPlayer` names the known ones otherwise."""
    try:
        return PLAYERS[name]
    except KeyError:
        raise UnknownPlayer(f"unknown player style {name!r} (known: {', '.join(PLAYERS)})") from None


__all__ = ["CHALLENGE_FROM", "PLAYERS", "ChallengerPlayer", "GreedyPlayer", "RandomPlayer", "Strategy",
           "UnknownPlayer", "get_player", "seat_of"]
