"""What may happen now: the events open to the players, found by the engine's own checks.

:func:`legal_events` proposes candidates — a play of every distinct card held (a wild once per colour; a
Reverse alone and with the rest of its colour), the dump of each colour held, a challenge, a draw, and
each player's late UNO and catch, each only where the moment has a handler for that kind of event
(:meth:`RoundState.open_events`) — and keeps those :meth:`RoundState.refusal` does not refuse. No rule
is restated here: change a check in :mod:`referee.round_state` and this list follows.

Three conventions keep the list short (and the checks few: the list is made before every bot's move),
and the test suite checks each against the engine on thousands of positions: a play that may say UNO is
listed with ``uno`` (it is equally legal without); a dump is listed once, in hand order (REV-3: any
order of the same cards is legal); and a wild is judged once and listed in every colour, the colour being
a choice made with the play that no check reads (WILD-1) — as the dump's order is.
"""

from __future__ import annotations

from functools import cache, lru_cache

from referee.cards import Card, Color, Kind
from referee.records import Catch, Challenge, Draw, Dump, Event, Play, SayUno, draw, play
from referee.round_state import RoundState, of_colour
from referee.verdict import Next, Phase

_COLORS = tuple(Color)


def legal_events(state: RoundState) -> Next:
    """The :class:`~referee.verdict.Next` of a round in play: who acts, what they owe, the events open to
    them and the interjections open to either player."""
    moment = state.moment
    legal, interjections = legal_moves(state)
    return Next(state.names, moment.player, Phase.PLAY, legal, interjections, moment.owes(), moment.drawn)


def legal_moves(state: RoundState) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """``(legal, interjections)``: the events the player to act may make now, and the interjections
    either player may make."""
    return legal_acts(state), legal_interjections(state)


def legal_acts(state: RoundState) -> tuple[Event, ...]:
    """The events the player to act may make now (plays, dumps, a challenge, a draw)."""
    moment = state.moment
    player = moment.player
    open_events = state.open_events()
    legal: list[Event] = []
    hand = state.hands[player]
    if Play in open_events:
        check, said, plays_of, reverse = state.refuser(Play), state.uno_refusal, _plays, _REVERSE
        for card in dict.fromkeys(hand):
            if card.kind is reverse:
                for candidate in _reverse_plays(player, card, hand):
                    if check(state, moment, candidate) is None:
                        legal.append(_saying_uno(state, candidate))
                continue
            plays, saying = plays_of(player, card)
            first = plays[0]
            if check(state, moment, first) is None:  # a wild is judged once, listed in every colour
                legal += saying if said(first, True) is None else plays
    if Dump in open_events:
        check = state.refuser(Dump)
        for color in dict.fromkeys(c.color for c in hand if c.color is not None):
            candidate = Dump(player, tuple(of_colour(hand, color)))
            if check(state, moment, candidate) is None:
                legal.append(_saying_uno(state, candidate))
    if Challenge in open_events and state.refuser(Challenge)(state, moment, _CHALLENGE[player]) is None:
        legal.append(_CHALLENGE[player])
    candidate = draw(player)
    if state.refuser(Draw)(state, moment, candidate, False) is None:  # a draw names no cards here
        legal.append(candidate)
    return tuple(legal)


def legal_interjections(state: RoundState) -> tuple[Event, ...]:
    """The late UNOs and catches open to either player now (UNO-2 … UNO-4)."""
    if SayUno not in state.open_events():
        return ()
    moment = state.moment
    say, catch = state.refuser(SayUno), state.refuser(Catch)
    found: list[Event] = []
    for who in (0, 1):
        if say(state, moment, _SAY[who]) is None:
            found.append(_SAY[who])
        if catch(state, moment, _CATCH[1 - who]) is None:
            found.append(_CATCH[1 - who])
    return tuple(found)


_SAY = (SayUno(0), SayUno(1))
_CHALLENGE = (Challenge(0), Challenge(1))
_CATCH = (Catch(0), Catch(1))


_REVERSE = Kind.REVERSE


@cache
def _plays(player: int, card: Card) -> tuple[tuple[Play, ...], tuple[Play, ...]]:
    """The ways of playing ``card`` (not a Reverse) — one per colour for a wild — and the same with UNO
    said."""
    colours = _COLORS if card.is_wild else (None,)
    return (tuple(play(player, card, color) for color in colours),
            tuple(play(player, card, color, True) for color in colours))


def _reverse_plays(player: int, reverse: Card, hand: list[Card]) -> tuple[Play, ...]:
    """A Reverse alone, and with the rest of its colour in hand order."""
    rest = of_colour(hand, reverse.color)
    rest.remove(reverse)
    return _reverse_with(player, reverse, tuple(rest)) if rest else _plays(player, reverse)[0]


@lru_cache(maxsize=4096)
def _reverse_with(player: int, reverse: Card, rest: tuple[Card, ...]) -> tuple[Play, ...]:
    return play(player, reverse), Play(player, reverse, None, False, rest)


def _saying_uno(state: RoundState, candidate: Play | Dump) -> Play | Dump:
    """An accepted candidate with UNO said, where the engine's UNO check accepts that too (UNO-1, UNO-3)."""
    if state.uno_refusal(candidate, said=True) is not None:
        return candidate
    if type(candidate) is Dump:
        return Dump(candidate.player, candidate.cards, True)
    if candidate.dump:
        return Play(candidate.player, candidate.card, None, True, candidate.dump)
    return play(candidate.player, candidate.card, candidate.color, True)


__all__ = ["legal_acts", "legal_events", "legal_interjections", "legal_moves"]
