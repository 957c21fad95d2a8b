"""The steps a game is made of, other than the round's events: small immutable values that
:meth:`Game.apply <referee.engine.game.Game.apply>` takes, one for every chance outcome and every decision.

Chance (OpenSpiel's chance player): :class:`Cut`, :class:`Deal`, :class:`SetUp`, :class:`TurnUp`. The
loop's own step: :class:`NextRound`. A seat's decision: a draft pick (:class:`Choose`, or the log's
:class:`~referee.engine.records.Pick`, which names the cards), :class:`NameColour` (START-7),
:class:`Keep` (TURN-3), and every event of the round (:data:`~referee.engine.records.Event`), which is a
step as it is. A :class:`Step` is any of them. A log read as it is replayed hands its draft and its events over whole,
as :class:`Picks` and :class:`Events` (one step a run, so that a replay's one pass pays for the loop once a
round, not once an entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from referee.engine.cards import Card, Color
from referee.engine.piles import DrawPile
from referee.engine.records import Catch, Challenge, Draw, Dump, Event, Pick, Play, RoundLog, SayUno


@dataclass(frozen=True, slots=True)
class Cut:
    """Chance, CUT-1 and CUT-2: every cut so far, the latest last (a tie waits for another cut)."""

    cuts: tuple[tuple[Card, Card], ...]


@dataclass(frozen=True, slots=True)
class NextRound:
    """The loop's own step: the next round begins. ``rnd`` is the log's round, told to the observer (a game
    played leaves it None: the observer is told the round's index and Player 1)."""

    rnd: RoundLog | None = None


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the round's deck, top card first (DRAFT-2), from which the draft (or the deal) is made; None
    for a log's round that gives none (as many unnamed cards, named as the log names them)."""

    deck: tuple[Card, ...] | list[Card] | None


@dataclass(frozen=True, slots=True, eq=False)
class SetUp:
    """Chance as a log states it: a round begun from its ``hands`` and draw ``pile`` (a log's ``setup``);
    with a ``discard`` pile, play begins at once from it (``color`` the colour to match, ``to_act`` who
    moves first)."""

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    pile: DrawPile
    discard: tuple[Card, ...] = ()
    color: Color | None = None
    to_act: int = 0


@dataclass(frozen=True, slots=True)
class Choose:
    """A drafter's decision (DRAFT-3): ``player`` keeps the card just drawn, or passes it; the game reads the
    cards it names off the pile (:class:`~referee.engine.records.Pick` names them, as a log does)."""

    player: int
    keep: bool


@dataclass(frozen=True, slots=True)
class TurnUp:
    """Chance, START-1: ``card`` is turned up from the draw pile."""

    card: Card


@dataclass(frozen=True, slots=True)
class NameColour:
    """START-7: ``player`` (Player 1) names the colour of the turned-up wild (None: a log that names none)."""

    player: int
    color: Color | None


@dataclass(frozen=True, slots=True)
class Keep:
    """TURN-3: ``player`` keeps the playable card they just drew; the opponent decides next."""

    player: int


@dataclass(frozen=True, slots=True)
class Picks:
    """A run of draft picks (:class:`~referee.engine.records.Pick`), taken in order: a log's draft, or the
    picks of seats that decide each once the game has taken the one before (an iterator, read as the
    game takes them)."""

    picks: Iterable[Pick]


@dataclass(frozen=True, slots=True, eq=False)
class Events:
    """A run of the round's events, taken in order (a log's round, its events read as they are taken):
    ``take`` reads each and hands it to the function the game gives it (the game's own, or the round's
    ``apply`` where nobody watches), so that the source's reading loop is the game's applying loop."""

    take: Callable[[Callable[[Event], None]], None]


#: Every step :meth:`Game.apply <referee.engine.game.Game.apply>` takes, the most frequent first: the compiled
#: build checks a value handed over as a step against each in turn (docs/performance.md, "One driver loop").
Step = (Play | Draw | Pick | SayUno | Catch | Dump | Challenge | Keep | Choose | Events | Picks | TurnUp | NameColour
        | Deal | SetUp | NextRound | Cut)

__all__ = ["Choose", "Cut", "Deal", "Events", "Keep", "NameColour", "NextRound", "Picks", "SetUp", "Step", "TurnUp"]
