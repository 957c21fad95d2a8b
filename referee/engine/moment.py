"""The moment of a round: who is to act and what is pending, as one immutable value.

A :class:`Moment` is one of the :class:`Pending` kinds — an ordinary turn, the turned-up Reverse's open
dump, a volley total, a Wild Draw 4 to draw or challenge, the turned-up card's draw, a playable card just
drawn, the draw a catch or a challenge imposes (with the moment it interrupts), the END-2 draw, or the
round's end — with the few facts that kind needs. :class:`~referee.engine.round_state.RoundState` holds the
current one and judges each event by a handler for its kind; the verdict reads what is owed through
:meth:`Moment.owes`.

Moments are values: the engine moves from one to the next, and each is interned (made once), as cards are.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Final

from referee.engine.cards import Card


class Pending(enum.Enum):
    """What the moment waits for."""

    #: An ordinary turn: play a card that matches, or draw one (TURN-1 … TURN-3).
    TURN = "turn"
    #: The first turn after a turned-up Reverse: an ordinary turn, or the dump of its colour (START-6).
    OPENING = "opening"
    #: A Draw 2 total is owed: answer with a Draw 2, or draw it (D2-1 … D2-3).
    VOLLEY = "volley"
    #: A Wild Draw 4 is owed: draw it, or challenge (WD4-1, WD4-3).
    WILD_DRAW_4 = "wild_draw_4"
    #: The turned-up Draw 2 or Wild Draw 4 is owed: draw it, nothing else (START-3, START-4).
    TURNED_UP = "turned_up"
    #: A playable card was just drawn: its drawer may play it, or keep it (TURN-3).
    DRAWN = "drawn"
    #: The draw a catch or a challenge imposes, the very next event (UNO-2, UNO-4, WD4-4, WD4-5, WD4-7).
    PENALTY = "penalty"
    #: The going-out Draw 2 or Wild Draw 4 is still drawn (END-2).
    FINAL = "final"
    #: The round is over.
    OVER = "over"

    __hash__ = object.__hash__  # members are singletons: identity is equality, and C-fast in dicts


# Enum members as module constants (docs/performance.md, "Enum members read as module constants").
_PENDING_DRAWN: Final = Pending.DRAWN
_PENDING_FINAL: Final = Pending.FINAL
_PENDING_OPENING: Final = Pending.OPENING
_PENDING_OVER: Final = Pending.OVER
_PENDING_PENALTY: Final = Pending.PENALTY
_PENDING_TURN: Final = Pending.TURN
_PENDING_TURNED_UP: Final = Pending.TURNED_UP
_PENDING_VOLLEY: Final = Pending.VOLLEY
_PENDING_WILD_DRAW_4: Final = Pending.WILD_DRAW_4


class OwesKind(enum.Enum):
    """What kind of debt the player to act owes, as the verdict names it (``owes.kind``)."""

    VOLLEY = "volley"
    WILD_DRAW_4 = "wild_draw_4"
    TURNED_UP = "turned_up"
    PENALTY = "penalty"
    FINAL = "final"

    __hash__ = object.__hash__


@dataclass(frozen=True, slots=True, init=False)
class Owes:
    """What the player to act owes: ``cards`` to draw, and for an imposed draw the ``rule`` imposing it."""

    kind: OwesKind
    cards: int
    rule: str | None

    def __init__(self, kind: OwesKind, cards: int, rule: str | None = None) -> None:
        # Written out: compiled, the dataclass's would stay Python code (referee.log.records, "construction").
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "rule", rule)

    def to_dict(self) -> dict:
        """As the verdict writes it: ``{"kind", "cards"}``, with ``rule`` for an imposed draw."""
        if self.rule is None:
            return {"kind": self.kind.value, "cards": self.cards}
        return {"kind": self.kind.value, "cards": self.cards, "rule": self.rule}


_OWING: Final = {Pending.VOLLEY: OwesKind.VOLLEY, Pending.WILD_DRAW_4: OwesKind.WILD_DRAW_4,
                 Pending.TURNED_UP: OwesKind.TURNED_UP, Pending.PENALTY: OwesKind.PENALTY,
                 Pending.FINAL: OwesKind.FINAL}


@dataclass(frozen=True, slots=True, eq=False)
class Moment:
    """Who is to act (``player``) and what is pending (``kind``).

    ``cards`` is what is owed (a volley total, a Wild Draw 4's four, an imposed draw); ``card`` the card
    just drawn (:attr:`Pending.DRAWN`) or, on an ordinary turn, the unplayable card the opponent has just
    drawn (:meth:`missed`); ``rule`` the rule imposing a draw; ``bluff`` whether the Wild Draw 4 owed was
    played holding another playable card (WD4-6); ``then`` the moment an imposed draw interrupts. Build
    moments with the functions of this module: they are interned, one instance per value, so that ``is``
    and ``==`` agree (as for cards) and a moment is a C-fast dictionary key.
    """

    kind: Pending
    player: int
    cards: int = 0
    card: Card | None = None
    rule: str | None = None
    bluff: bool = False
    then: Moment | None = None
    #: The playable card just drawn, which its drawer may play now (TURN-3), else None.
    drawn: Card | None = field(init=False, repr=False)
    #: True when the next event must be ``player``'s draw (a penalty, or END-2's).
    imposed: bool = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Read at nearly every decision of a game played, and a moment is made once (interned): kept, not
        # worked out at each read.
        kind = self.kind
        object.__setattr__(self, "drawn", self.card if kind is _PENDING_DRAWN else None)
        object.__setattr__(self, "imposed", kind is _PENDING_PENALTY or kind is _PENDING_FINAL)

    @property
    def missed(self) -> Card | None:
        """On an ordinary turn, the unplayable card the opponent just drew (GEN-2 names its play at once
        TURN-1), else None."""
        return self.card if self.kind is _PENDING_TURN else None

    def draw_count(self) -> int:
        """How many cards ``player``'s draw takes now: what is owed, or one on a turn (TURN-3)."""
        return self.cards if self.kind in _OWING else 1

    def owes(self) -> Owes | None:
        """What ``player`` owes, or None."""
        kind = _OWING.get(self.kind)
        if kind is None:
            return None
        return Owes(kind, self.cards, self.rule)

    def __str__(self) -> str:
        return f"{self.kind.value} of player {self.player}" + (f" ({self.cards} owed)" if self.cards else "")


_TURNS: Final[dict[tuple[int, Card | None], Moment]] = {}
_DRAWN: Final[dict[tuple[int, Card], Moment]] = {}
_OWED: Final[dict[tuple[Pending, int, int, bool], Moment]] = {}


def turn(player: int, missed: Card | None = None) -> Moment:
    """An ordinary turn of ``player``; ``missed`` is the unplayable card the opponent just drew."""
    if missed is None:
        return TURNS[player]
    key = (player, missed)
    found = _TURNS.get(key)
    if found is None:
        found = _TURNS[key] = Moment(_PENDING_TURN, player, card=missed)
    return found


#: Each player's ordinary turn, nothing missed: ``turn(player)``, indexed (the engine moves to one of these
#: after most events).
TURNS: Final = (Moment(Pending.TURN, 0), Moment(Pending.TURN, 1))


def opening(player: int) -> Moment:
    """The first turn after a turned-up Reverse, its dump open (START-6)."""
    return _owed(_PENDING_OPENING, player, 0)


def volley(player: int, cards: int) -> Moment:
    """A Draw 2 total of ``cards`` owed by ``player``."""
    return _owed(_PENDING_VOLLEY, player, cards)


def wild_draw_4(player: int, cards: int, bluff: bool) -> Moment:
    """A Wild Draw 4 (total ``cards``) owed by ``player``; ``bluff``: its player held a playable card."""
    return _owed(_PENDING_WILD_DRAW_4, player, cards, bluff)


def turned_up(player: int, cards: int) -> Moment:
    """The turned-up Draw 2 or Wild Draw 4's ``cards``, owed by the first player (START-3, START-4)."""
    return _owed(_PENDING_TURNED_UP, player, cards)


def _owed(kind: Pending, player: int, cards: int, bluff: bool = False) -> Moment:
    key = (kind, player, cards, bluff)
    found = _OWED.get(key)
    if found is None:
        found = _OWED[key] = Moment(kind, player, cards, bluff=bluff)
    return found


def drawn(player: int, card: Card) -> Moment:
    """``player`` just drew ``card``, which is playable (TURN-3)."""
    key = (player, card)
    found = _DRAWN.get(key)
    if found is None:
        found = _DRAWN[key] = Moment(_PENDING_DRAWN, player, card=card)
    return found


_IMPOSED: Final[dict[tuple, Moment]] = {}


def penalty(player: int, cards: int, rule: str, then: Moment) -> Moment:
    """``player`` must draw ``cards`` now (``rule``: UNO-2, WD4-4 or WD4-5); ``then`` resumes after."""
    key = (player, cards, rule, then)
    found = _IMPOSED.get(key)
    if found is None:
        found = _IMPOSED[key] = Moment(_PENDING_PENALTY, player, cards, rule=rule, then=then)
    return found


def final(player: int, cards: int) -> Moment:
    """END-2: the opponent of the player who went out draws ``cards``, then the round is over."""
    key = (player, cards, "END-2", None)
    found = _IMPOSED.get(key)
    if found is None:
        found = _IMPOSED[key] = Moment(_PENDING_FINAL, player, cards, rule="END-2")
    return found


def over(player: int) -> Moment:
    """The round is over; ``player`` is the opponent of the one who went out (whom a ruling on a later
    event names as the one to act)."""
    return _owed(_PENDING_OVER, player, 0)


def seen_by(moment: Moment, seat: int | None) -> Moment:
    """``moment`` as ``seat`` knows it (None: the public): without a card only the other player has seen
    (the playable card they just drew, or the unplayable one ``missed``) and without whether a Wild Draw 4
    is a bluff (WD4-6), which only its player knows. A playable card just drawn by the other player is
    their decision to come: ``seat`` sees their turn."""
    kind = moment.kind
    player = moment.player
    if kind is _PENDING_TURN:  # the missed card was drawn by the other player, 1 - player
        return TURNS[player] if moment.card is not None and seat != 1 - player else moment
    if kind is _PENDING_DRAWN:
        return moment if player == seat else TURNS[player]
    if kind is _PENDING_WILD_DRAW_4:
        return wild_draw_4(player, moment.cards, False) if moment.bluff and seat != 1 - player else moment
    if kind is _PENDING_PENALTY and moment.then is not None:
        then = seen_by(moment.then, seat)
        return moment if then is moment.then else penalty(player, moment.cards, moment.rule or "", then)
    return moment


class UnoState(enum.Enum):
    """Where a player stands with UNO (UNO-1 … UNO-3): a catchable player opens an interjection."""

    NONE = "none"              # not at one card, or caught already for it
    DECLARED = "declared"      # at one card, UNO said
    CATCHABLE = "catchable"    # at one card, UNO not said: may say it late, or be caught


__all__ = ["TURNS", "Moment", "Owes", "OwesKind", "Pending", "UnoState", "drawn", "final", "opening", "over", "penalty",
           "seen_by", "turn", "turned_up", "volley", "wild_draw_4"]
