"""What may happen now: the events open to the players, found by the engine's own checks.

The candidates — a play of every distinct card held (a wild once per colour; a Reverse alone and with the
rest of its colour), the dump of each colour held, a challenge, a draw, and each player's late UNO and
catch — are proposed only where the moment has a handler for that kind of event
(:meth:`RoundState.open_events`), and kept when :meth:`RoundState.refusal` does not refuse them. No rule
is restated here: change a check in :mod:`referee.engine.handlers` and every list and choice follows.

The candidates come in *groups*, each judged by one check: a wild's four colours are one group (the colour
is a choice made with the play that no check reads, WILD-1), every other candidate is a group of one.
:func:`legal_events` lists every accepted group; :class:`Options` asks the engine group by group, only as
far as a player choosing among them needs (a bot that prefers some cards tries them in its order of
preference and stops at the first the engine accepts), and can draw uniformly among the legal events
without judging them all (:meth:`Options.uniform`).

Three conventions keep the list short, and the test suite checks each against the engine on thousands of
positions: a play that may say UNO is listed with ``uno`` (it is equally legal without); a dump is listed
once, in hand order (REV-3: any order of the same cards is legal); and a wild is judged once and listed in
every colour.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from mypy_extensions import mypyc_attr

from referee.engine import chance
from referee.engine.cards import Card, Color, Kind
from referee.engine.handlers import Check, layable, may_say_uno, of_colour
from referee.engine.moment import Moment
from referee.engine.position import Next, Phase
from referee.engine.records import Catch, Challenge, Draw, Dump, Event, Play, SayUno, draw, play
from referee.engine.round_state import RoundState

_COLORS: Final = tuple(Color)
_REVERSE: Final = Kind.REVERSE
#: ``dict.fromkeys`` bound once (compiled, a method looked up on ``dict`` at every call cost as much as the call).
_IN_ORDER: Final = dict.fromkeys
Group = tuple  # of events judged by one check (a wild's colours; else one event)

# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_PHASE_PLAY: Final = Phase.PLAY


def legal_events(state: RoundState) -> Next:
    """The :class:`~referee.log.verdict.Next` of a round in play: who acts, what they owe, the events open to
    them and the interjections open to either player."""
    moment = state.moment
    legal, interjections = legal_moves(state)
    return Next(state.names, moment.player, _PHASE_PLAY, legal, interjections, moment.owes(), moment.drawn)


def legal_moves(state: RoundState) -> tuple[tuple[Event, ...], tuple[Event, ...]]:
    """``(legal, interjections)``: the events the player to act may make now, and the interjections
    either player may make."""
    return Options(state).legal, legal_interjections(state)


def legal_interjections(state: RoundState) -> tuple[Event, ...]:
    """The late UNOs and catches open to either player now (UNO-2 … UNO-4)."""
    moment = state.moment
    checks = _interjection_checks(state)
    if not checks:
        return ()
    found = [option for option, check in checks[2] if check(state, moment, option, True) is None]
    return tuple(found) if found else ()


def may_interject(state: RoundState, option: SayUno | Catch) -> bool:
    """May ``option`` (a late UNO or a catch, by either player) be made now? The check of
    :func:`legal_interjections`, for one candidate."""
    checks = _interjection_checks(state)
    return bool(checks) and checks[type(option) is Catch](state, state.moment, option, True) is None


#: The interjection checks of each moment — a late UNO's, a catch's, and each candidate of
#: :data:`INTERJECTIONS` with its check — or ``()`` where it takes none, resolved once per moment: the
#: handlers are a function of the moment (:meth:`RoundState.refuser`), and moments are interned values.
_INTERJECTION_CHECKS: Final[dict[Moment, tuple]] = {}


#: The events each moment takes and its check of a play by the player to act (None where it takes no
#: play), resolved once per moment as the interjection checks are.
_PLAY_CHECKS: Final[dict[Moment, tuple[tuple[type, ...], Check | None]]] = {}


def _interjection_checks(state: RoundState) -> tuple:
    """The interjection checks of the moment now (:data:`_INTERJECTION_CHECKS`), resolved on its first use."""
    moment = state.moment
    checks = _INTERJECTION_CHECKS.get(moment)
    if checks is None:
        if SayUno not in state.open_events():
            checks = ()
        else:
            say, catch = state.refuser(SayUno), state.refuser(Catch)
            checks = say, catch, tuple((option, catch if type(option) is Catch else say) for option in INTERJECTIONS)
        _INTERJECTION_CHECKS[moment] = checks
    return checks


# Compiled: untracked by the cyclic collector (nothing it holds refers back to it), and one freed instance
# kept for the next -- self-play makes one and drops one at every decision.
@mypyc_attr(acyclic=True, free_list_len=1)
class Options:
    """What the player to act may do now, asked of the engine only as far as it is needed.

    ``legal`` and ``interjections`` are what :func:`legal_moves` gives; :meth:`plays` judges the ways of
    playing one card, :meth:`dumps` the dumps, :meth:`may_challenge` and :meth:`may_draw` the other
    candidates, each once per position (the answers are kept). The position must not change while the
    options are in use."""

    __slots__ = ("_allowed", "_check", "_interjections", "_judged", "_legal", "_open", "_plain", "hand", "moment",
                 "player", "state")

    def __init__(self, state: RoundState):
        moment = state.moment
        self.state = state
        self.moment = moment
        self.player = player = moment.player
        self.hand = state.hands[player]
        checks = _PLAY_CHECKS.get(moment)
        if checks is None:
            open_events = state.open_events()
            checks = _PLAY_CHECKS[moment] = (open_events, state.refuser(Play) if Play in open_events else None)
        open_events, check = checks
        self._open = open_events
        self._check = check  # None: no play is taken now
        # The cards a play may lay at all (TURN-1, asked once): every other card is refused by the check, so
        # it is passed over without one (most of a hand, on most turns). None: any card (a volley's answer).
        self._allowed = layable(state, moment)
        self._plain = _PLAYS[player]
        self._judged: dict[Card, tuple[Play, ...]] = {}
        self._legal: tuple[Event, ...] | None = None
        self._interjections: tuple[Event, ...] | None = None

    @property
    def legal(self) -> tuple[Event, ...]:
        """Every event the player to act may make now: plays (by card, in hand order), dumps, a challenge,
        a draw; UNO said where the engine accepts it."""
        if self._legal is None:
            found: list[Event] = []
            for card in self.cards():
                plays = self.plays(card)
                if plays:
                    found += _saying(self.state, plays)
            found += self.dumps()
            if self.may_challenge():
                found.append(_CHALLENGE[self.player])
            if self.may_draw():
                found.append(draw(self.player))
            self._legal = tuple(found)
        return self._legal

    @property
    def interjections(self) -> tuple[Event, ...]:
        """The late UNOs and catches open to either player now."""
        if self._interjections is None:
            self._interjections = legal_interjections(self.state)
        return self._interjections

    def cards(self) -> list[Card]:
        """The distinct cards the player to act holds, in hand order: the cards a play may lay."""
        hand = self.hand
        # Most hands hold no card twice (four in five in self-play): then a set says so, and a copy is the
        # answer, for about half what ordering through a dictionary costs in either build.
        if len(set(hand)) == len(hand):
            return hand[:]
        return list(_IN_ORDER(hand))

    def groups(self, card: Card) -> tuple[Group, ...]:
        """The candidate plays of ``card`` (held), grouped by the check that judges them: a Reverse alone
        and with the rest of its colour (two groups), a wild in every colour (one), any other card alone."""
        player = self.player
        if card.kind is _REVERSE:
            return tuple((candidate,) for candidate in _reverse_plays(player, card, self.hand))
        return (_PLAYS[player][card][0],)

    def plays(self, card: Card) -> tuple[Play, ...]:
        """The legal plays of ``card`` (held by the player to act), UNO unsaid; ``()`` when the engine
        refuses every way of playing it, or the moment takes no play. :meth:`saying_uno` gives a play
        with UNO said where that is legal too (:attr:`legal` lists them so)."""
        allowed = self._allowed
        if allowed is not None and card not in allowed:
            return ()
        found = self._judged.get(card)
        if found is not None:
            return found
        check = self._check
        if check is None:
            found = ()
        elif card.kind is _REVERSE:
            state, moment = self.state, self.moment
            found = tuple([candidate for candidate in _reverse_plays(self.player, card, self.hand)
                           if check(state, moment, candidate, True) is None])
        else:
            found = self._plain[card][0]
            if check(self.state, self.moment, found[0], True) is not None:  # a wild is judged once, in one colour
                found = ()
        self._judged[card] = found
        return found

    def first(self, cards: list[Card], random: Callable[[], float], start: int = 0,
              end: int = -1) -> tuple[Card, tuple[Play, ...]] | None:
        """The first of ``cards[start:end]`` (the whole list by default; a negative ``end``: to its end) with a
        legal play, and its plays (as :meth:`plays`), trying them in a random order -- drawn without
        replacement with ``random`` (a ``random.Random().random``), so uniformly among those that have one;
        None if none has. ``cards`` is reordered in place: each card tried is replaced by the last untried one."""
        if self._check is None:
            return None
        if end < 0:  # (an int, not None: a native int when compiled)
            end = len(cards)
        # TURN-1's set, read here as plays() reads it: a card it leaves out (most of a hand) is passed over
        # without a call, and draws the same number as it would have.
        allowed = self._allowed
        while end > start:
            index = start + int(random() * (end - start))
            card = cards[index]
            if allowed is None or card in allowed:
                found = self.plays(card)
                if found:
                    return card, found
            end -= 1
            cards[index] = cards[end]
        return None

    def first_ranked(self, cards: list[Card], rank: dict[Card, int],
                     random: Callable[[], float]) -> tuple[Card, tuple[Play, ...]] | None:
        """The first of ``cards`` with a legal play, and its plays, trying the highest ``rank`` first: for
        each rank, highest first, what :meth:`first` gives for the cards of that rank (in their order
        in ``cards``), drawing on ``random`` exactly as that would; None if no card has a legal play.
        One query for a player who prefers some cards to others (greedy's costliest first)."""
        if self._check is None:
            return None
        ordered = sorted(cards, key=rank.__getitem__, reverse=True)  # stable: equal ranks keep their order
        count = len(ordered)
        start = 0
        while start < count:
            value = rank[ordered[start]]
            end = start + 1
            while end < count and rank[ordered[end]] == value:
                end += 1
            found = self.first(ordered, random, start, end)  # a direct call: native when compiled
            if found is not None:
                return found
            start = end
        return None

    def saying_uno(self, option: Play | Dump) -> Play | Dump:
        """``option`` (legal) with UNO said, where the engine's UNO check accepts that (UNO-1, UNO-3)."""
        return _saying_uno(self.state, option)

    def dumps(self) -> tuple[Dump, ...]:
        """The legal dumps (of a turned-up Reverse's colour, START-6), one per colour, in hand order."""
        if Dump not in self._open:
            return ()
        state, moment, player, hand = self.state, self.moment, self.player, self.hand
        check = state.refuser(Dump)
        found = []
        for color in dict.fromkeys(c.color for c in hand if c.color is not None):
            candidate = Dump(player, tuple(of_colour(hand, color)))
            if check(state, moment, candidate, True) is None:
                found.append(_saying_uno(state, candidate))
        return tuple(found)

    def may_challenge(self) -> bool:
        """May the player to act challenge now (WD4-3)?"""
        state = self.state
        return Challenge in self._open and \
            state.refuser(Challenge)(state, self.moment, _CHALLENGE[self.player], True) is None

    def may_draw(self) -> bool:
        """May the player to act draw now? (A draw names no cards here: the pile gives them.)"""
        state = self.state
        return state.refuser(Draw)(state, self.moment, draw(self.player), False) is None

    def uniform(self, rng: random.Random, keep: bool = False) -> Event | None:
        """One of :attr:`legal` drawn uniformly at random — and with ``keep``, None (keeping the card just
        drawn, TURN-3) as one more choice — judging candidates only until one is accepted.

        Each candidate event (a wild's colours each count) is a ticket; tickets are drawn without
        replacement, and a refused one takes the rest of its group with it. Every accepted ticket is as
        likely as any other to be the first drawn, so the result is uniform among the legal events."""
        tickets: list[tuple[Card | None, tuple, int]] = []
        for card in self.cards():
            for group in self.groups(card):
                tickets += [(card, group, i) for i in range(len(group))]
        for dump in self.dumps():
            tickets.append((None, (dump,), 0))
        tickets.append((None, (_CHALLENGE[self.player],), 0))
        tickets.append((None, (draw(self.player),), 0))
        if keep:
            tickets.append((None, (None,), 0))
        while tickets:
            index = chance.below(rng, len(tickets))
            ticket_card, group, i = tickets[index]
            chosen = self._accepted(ticket_card, group, i)
            if chosen is not _REFUSED:
                return chosen
            tickets[index] = tickets[-1]
            tickets.pop()
        raise ValueError(f"nothing is legal at {self.moment}")  # pragma: no cover - a round in play

    def _accepted(self, card: Card | None, group: Group, i: int) -> Event | object | None:
        """The ticket's event as listed (UNO said where accepted), or _REFUSED."""
        candidate = group[i]
        if card is not None:
            for listed in self.plays(card):
                if listed.color is candidate.color and listed.dump == candidate.dump:
                    return _saying_uno(self.state, listed)
            return _REFUSED
        kind = type(candidate)
        if candidate is None:
            return None
        if kind is Dump:
            return candidate  # dumps() listed only the accepted ones
        if kind is Challenge:
            return candidate if self.may_challenge() else _REFUSED
        return candidate if self.may_draw() else _REFUSED


_REFUSED: Final = object()
_SAY: Final = (SayUno(0), SayUno(1))
_CHALLENGE: Final = (Challenge(0), Challenge(1))
_CATCH: Final = (Catch(0), Catch(1))
#: Every interjection candidate, in the order :func:`legal_interjections` lists them.
INTERJECTIONS: Final[tuple[SayUno | Catch, ...]] = (_SAY[0], _CATCH[1], _SAY[1], _CATCH[0])
#: Each player's own interjection candidates (by seat), in the order of :data:`INTERJECTIONS`.
INTERJECTIONS_OF: Final[tuple[tuple[SayUno | Catch, ...], ...]] = tuple(
    tuple(option for option in INTERJECTIONS if option.player == seat) for seat in (0, 1))


class _PlaysOf(dict):
    """The ways of playing each card (not a Reverse) by one player — one per colour for a wild — and the
    same with UNO said, made on first use (a dictionary keyed by the interned card: C-fast)."""

    def __init__(self, player: int):
        super().__init__()
        self.player = player

    def __missing__(self, card: Card) -> tuple[tuple[Play, ...], tuple[Play, ...]]:
        colours = _COLORS if card.is_wild else (None,)
        found = self[card] = (tuple(play(self.player, card, color) for color in colours),
                              tuple(play(self.player, card, color, True) for color in colours))
        return found


_PLAYS: Final = (_PlaysOf(0), _PlaysOf(1))


def _saying(state: RoundState, plays: tuple[Play, ...]) -> tuple[Play, ...]:
    """Legal plays of one card as :attr:`Options.legal` lists them: with UNO said where accepted (a wild's
    colours judged once)."""
    first = plays[0]
    if first.dump or first.card.kind is _REVERSE:
        return tuple(_saying_uno(state, p) for p in plays)
    if not may_say_uno(state, first):
        return plays
    return _PLAYS[first.player][first.card][1]


def _reverse_plays(player: int, reverse: Card, hand: list[Card]) -> tuple[Play, ...]:
    """A Reverse alone, and with the rest of its colour in hand order."""
    rest = of_colour(hand, reverse.color)
    rest.remove(reverse)
    return _reverse_with(player, reverse, tuple(rest)) if rest else _PLAYS[player][reverse][0]


@lru_cache(maxsize=4096)
def _reverse_with(player: int, reverse: Card, rest: tuple[Card, ...]) -> tuple[Play, ...]:
    return play(player, reverse), Play(player, reverse, None, False, rest)


def _saying_uno(state: RoundState, candidate: Play | Dump) -> Play | Dump:
    """An accepted candidate with UNO said, where the engine's UNO check accepts that too (UNO-1, UNO-3)."""
    if not may_say_uno(state, candidate):
        return candidate
    if type(candidate) is Dump:
        return Dump(candidate.player, candidate.cards, True)
    if candidate.dump:
        return Play(candidate.player, candidate.card, None, True, candidate.dump)
    return play(candidate.player, candidate.card, candidate.color, True)


__all__ = ["INTERJECTIONS", "INTERJECTIONS_OF", "Options", "legal_events", "legal_interjections", "legal_moves",
           "may_interject"]
