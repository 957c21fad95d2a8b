"""The records of a game log: immutable, typed values for what the log states, below the engine.

The reader (:mod:`referee.log.document`) makes them from JSON; the engine (:mod:`referee.engine.round_state`,
:mod:`referee.engine.draft`) judges them; programs that play (:mod:`referee.play.selfplay`) make them and write them
back with :meth:`to_log`. A player is an index, 0 or 1, into the log's ``players``.

An event is one frozen dataclass per kind — :class:`Play`, :class:`Dump`, :class:`Draw`,
:class:`Challenge`, :class:`SayUno`, :class:`Catch` — each with only its own fields, so that a play
cannot carry a refill nor a draw a colour; the engine dispatches on the class. Values are shared where
they repeat: :func:`play` and :func:`draw` return one instance per distinct event (most events of a log
are a plain play or draw), which is safe because no record ever changes.
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Union

from referee.engine.cards import Card, Color
from referee.engine.variants import Variant


def _codes(cards: tuple[Card, ...]) -> list[str]:
    return [card.code for card in cards]


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """TURN-1: ``player`` lays ``card`` from their hand; ``color`` is chosen for a wild; ``uno`` says UNO
    with this play (UNO-1); ``dump`` is the rest of a Reverse's colour, in the order laid (REV-1 … REV-3)."""

    player: int
    card: Card
    color: Color | None
    uno: bool
    dump: tuple[Card, ...]

    def __init__(self, player: int, card: Card, color: Color | None = None, uno: bool = False,
                 dump: tuple[Card, ...] = ()) -> None:
        # Written out (the dataclass's would be Python code even compiled; see "construction" below).
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "color", color)
        object.__setattr__(self, "uno", uno)
        object.__setattr__(self, "dump", dump)

    @property
    def laid(self) -> tuple[Card, ...]:
        """Every card this play lays, in order: the card, then the dump."""
        return (self.card, *self.dump) if self.dump else (self.card,)

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it; without ``names`` no ``player`` (as ``next.legal`` lists it)."""
        out: dict[str, object] = {"player": names[self.player]} if names else {}
        out["type"] = "play"
        out["card"] = self.card.code
        if self.color is not None:
            out["color"] = self.color.word
        if self.dump:
            out["dump"] = _codes(self.dump)
        if self.uno:
            out["uno"] = True
        return out


@dataclass(frozen=True, slots=True, init=False)
class Dump:
    """START-6: on the turned-up Reverse, the first player lays ``cards``, all of its colour."""

    player: int
    cards: tuple[Card, ...]
    uno: bool

    def __init__(self, player: int, cards: tuple[Card, ...], uno: bool = False) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "uno", uno)

    @property
    def laid(self) -> tuple[Card, ...]:
        """Every card the dump lays, in order."""
        return self.cards

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it; without ``names`` no ``player``."""
        out: dict[str, object] = {"player": names[self.player]} if names else {}
        out["type"] = "dump"
        out["cards"] = _codes(self.cards)
        if self.uno:
            out["uno"] = True
        return out


@dataclass(frozen=True, slots=True, init=False)
class Draw:
    """``player`` takes cards from the draw pile: one (TURN-3) or what is owed. ``cards`` names them (None
    when the log leaves them to the round's deck); ``refill`` is the new draw pile, top first, under a
    shuffling variant (REFILL-1)."""

    player: int
    cards: tuple[Card, ...] | None
    refill: tuple[Card, ...] | None

    def __init__(self, player: int, cards: tuple[Card, ...] | None = None,
                 refill: tuple[Card, ...] | None = None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "refill", refill)

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it; without ``names`` no ``player``."""
        out: dict[str, object] = {"player": names[self.player]} if names else {}
        out["type"] = "draw"
        if self.refill is not None:
            out["refill"] = _codes(self.refill)
        if self.cards is not None:
            out["cards"] = _codes(self.cards)
        return out


@dataclass(frozen=True, slots=True)
class Challenge:
    """WD4-3: ``player`` challenges the Wild Draw 4 they were told to draw for."""

    player: int

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it; without ``names`` no ``player``."""
        return {"player": names[self.player], "type": "challenge"} if names else {"type": "challenge"}


@dataclass(frozen=True, slots=True)
class SayUno:
    """UNO-3: ``player``, holding one card undeclared, says UNO late (an interjection, UNO-4)."""

    player: int

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it (an interjection always names its player)."""
        return {"type": "uno", "player": names[self.player]} if names else {"type": "uno"}


@dataclass(frozen=True, slots=True)
class Catch:
    """UNO-2: ``player`` catches the opponent, who holds one card undeclared (an interjection, UNO-4)."""

    player: int

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """The event as a log writes it (an interjection always names its player)."""
        return {"type": "catch", "player": names[self.player]} if names else {"type": "catch"}


# -- construction, made quick ---------------------------------------------------------------------------
# A record is made for every event and pick a log holds. The records made most often (Play, Dump, Draw,
# Pick) write their __init__ out: the one dataclasses generates is Python code even in the compiled build
# (mypyc compiles only what the source holds: 280 ns a Draw against 26 ns written out, a tenth), and
# compiled, object.__setattr__ on a slot is a direct store. In plain Python object.__setattr__ is a call;
# setting the slots through their descriptors is faster (390 against 590 ns a Draw), and as final: the
# classes stay frozen (their __setattr__ still refuses). So the plain build replaces those __init__ with
# the quick ones below; the compiled build cannot patch a class and keeps the written-out ones.

#: True when this module runs compiled by mypyc: its functions are then built-ins, not Python functions.
COMPILED = not isinstance(_codes, types.FunctionType)


def _setters(cls: type, *names: str) -> tuple:
    return tuple(cls.__dict__[name].__set__ for name in names)


if not COMPILED:
    _PLAY = _setters(Play, "player", "card", "color", "uno", "dump")
    _DUMP = _setters(Dump, "player", "cards", "uno")
    _DRAW = _setters(Draw, "player", "cards", "refill")


def _play_init(self: Play, player: int, card: Card, color: Color | None = None, uno: bool = False,
               dump: tuple[Card, ...] = ()) -> None:
    s_player, s_card, s_color, s_uno, s_dump = _PLAY
    s_player(self, player)
    s_card(self, card)
    s_color(self, color)
    s_uno(self, uno)
    s_dump(self, dump)


def _dump_init(self: Dump, player: int, cards: tuple[Card, ...], uno: bool = False) -> None:
    s_player, s_cards, s_uno = _DUMP
    s_player(self, player)
    s_cards(self, cards)
    s_uno(self, uno)


def _draw_init(self: Draw, player: int, cards: tuple[Card, ...] | None = None,
               refill: tuple[Card, ...] | None = None) -> None:
    s_player, s_cards, s_refill = _DRAW
    s_player(self, player)
    s_cards(self, cards)
    s_refill(self, refill)


if not COMPILED:
    Play.__init__ = _play_init  # type: ignore[method-assign]
    Dump.__init__ = _dump_init  # type: ignore[method-assign]
    Draw.__init__ = _draw_init  # type: ignore[method-assign]


#: Any event of a round.
Event = Union[Play, Dump, Draw, Challenge, SayUno, Catch]  # noqa: UP007 (a runtime alias for isinstance)
#: The events that may come at any moment their conditions hold (UNO-4).
INTERJECTIONS = (SayUno, Catch)
#: Every event class by its log ``type``.
EVENT_CLASSES: dict[str, type] = {"play": Play, "dump": Dump, "draw": Draw, "challenge": Challenge, "uno": SayUno,
                                  "catch": Catch}
#: The log's event ``type`` values, in the log format's order.
EVENT_TYPES: tuple[str, ...] = tuple(EVENT_CLASSES)

_PLAYS: dict[tuple, Play] = {}
_DRAWS = (Draw(0), Draw(1))


def play(player: int, card: Card, color: Color | None = None, uno: bool = False) -> Play:
    """The play of one card (no dump), shared: equal plays are the same instance."""
    key = (player, card, color, uno)
    found = _PLAYS.get(key)
    if found is None:
        found = _PLAYS[key] = Play(player, card, color, uno)
    return found


def draw(player: int) -> Draw:
    """The draw that names no cards (the round's deck tells them), shared."""
    return _DRAWS[player]


@dataclass(frozen=True, slots=True, init=False)
class Pick:
    """DRAFT-3: ``player`` drew ``drew`` and kept it (``keep``: ``next`` goes face up) or passed it (``drew``
    goes face up and ``next`` is kept)."""

    player: int
    drew: Card
    keep: bool
    next: Card
    #: The card that goes into the hand (set with the others: the draft reads it for every pick).
    kept: Card = field(init=False, repr=False, compare=False)
    #: The card that goes face up on the draft's discard pile.
    passed: Card = field(init=False, repr=False, compare=False)

    def __init__(self, player: int, drew: Card, keep: bool, next: Card) -> None:  # the plain build's: _pick_init
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "drew", drew)
        object.__setattr__(self, "keep", keep)
        object.__setattr__(self, "next", next)
        kept, passed = _kept_and_passed(drew, keep, next)
        object.__setattr__(self, "kept", kept)
        object.__setattr__(self, "passed", passed)

    def to_log(self, names: tuple[str, str]) -> dict:
        """The pick as a log writes it."""
        return {"player": names[self.player], "drew": self.drew.code, "decision": "keep" if self.keep else "pass",
                "next": self.next.code}


def _kept_and_passed(drew: Card, keep: bool, next: Card) -> tuple[Card, Card]:
    """DRAFT-3: the drawn card kept (the next goes face up), or passed (face up; the next is kept)."""
    return (drew, next) if keep else (next, drew)


if not COMPILED:
    _PICK = _setters(Pick, "player", "drew", "keep", "next", "kept", "passed")


def _pick_init(self: Pick, player: int, drew: Card, keep: bool, next: Card) -> None:
    s_player, s_drew, s_keep, s_next, s_kept, s_passed = _PICK
    s_player(self, player)
    s_drew(self, drew)
    s_keep(self, keep)
    s_next(self, next)
    kept, passed = _kept_and_passed(drew, keep, next)
    s_kept(self, kept)
    s_passed(self, passed)


if not COMPILED:
    Pick.__init__ = _pick_init  # type: ignore[method-assign]


@dataclass(frozen=True, slots=True)
class Setup:
    """A round that starts from a stated position instead of a deck and a draft (log-format extension)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    discard: tuple[Card, ...] = ()
    color: Color | None = None
    draw_pile: tuple[Card, ...] = ()
    hidden: int | None = None
    to_act: int | None = None


@dataclass(frozen=True, slots=True)
class RoundLog:
    """One round as the log states it. ``result`` is the claim ``(out, points by player index)``."""

    index: int
    first_drafter: int | None = None
    deck: tuple[Card, ...] | None = None
    draft: tuple[Pick, ...] = ()
    setup: Setup | None = None
    turn_up: Card | None = None
    color: Color | None = None
    events: tuple[Event, ...] = ()
    result: tuple[int, tuple[int, int]] | None = None


@dataclass(frozen=True, slots=True)
class GameLog:
    """A whole game log, well-formed. ``result`` is the claim ``(winner, scores by player index)``."""

    players: tuple[str, str]
    variant: Variant
    cut: tuple[tuple[Card, Card], ...] | None
    rounds: tuple[RoundLog, ...] = field(default=())
    result: tuple[int | None, tuple[int, int]] | None = None


__all__ = ["EVENT_CLASSES", "EVENT_TYPES", "INTERJECTIONS", "Catch", "Challenge", "Draw", "Dump", "Event", "GameLog",
           "Pick", "Play", "RoundLog", "SayUno", "Setup", "draw", "play"]
