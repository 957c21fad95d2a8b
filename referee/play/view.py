"""A player's view: the position as one seat may know it (OpenSpiel's observation, not the state).

:class:`PlayerView` is immutable and holds only what its seat may see: its own hand, the other hand's
*size*, the discard pile's top card and the colour to match, the draw pile's size, what is owed and by
whom, whose move it is, the scores and the round, the round's public history, and that seat's legal
decisions and interjections. Never the other hand, the draw pile's order or the deck: the view is built
from those facts alone and keeps no reference to the engine's position. The public view (``seat`` None)
holds no hand at all.

A strategy choosing for a seat gets the view and nothing else. Its lazy queries (:attr:`PlayerView.options`,
a :class:`~referee.legal.Options`) ask the engine's own checks about a *seat position*
(:func:`seat_position`): a copy of the round that holds the seat's hand and the public facts, the other
hand as unknown cards and no draw pile -- which is all a check of the seat's own decisions reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.cards import Card, Color
from referee.legal import Options
from referee.moment import Owes, UnoState
from referee.piles import DrawPile
from referee.round_state import RoundState


@dataclass(frozen=True, slots=True)
class Choice:
    """A decision outside the round's events: a pick's ``{"decision": "keep"|"pass"}`` (DRAFT-3), keeping a
    playable card just drawn (``{"decision": "keep"}``, TURN-3), a turned-up wild's ``{"color": ...}``
    (START-7)."""

    field: str
    value: str

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """As a decision is written: one field."""
        return {self.field: self.value}


KEEP = Choice("decision", "keep")
PASS = Choice("decision", "pass")
#: The choices of a turned-up wild's colour, in the colours' order.
COLOURS = tuple(Choice("color", color.word) for color in Color)


@dataclass(frozen=True, slots=True)
class PlayerView:
    """The position as ``seat`` (0 or 1; None for the public) may know it.

    ``phase`` is ``"draft"``, ``"colour"`` (Player 1 names a turned-up wild's colour), ``"play"`` or
    ``"over"``. ``hand`` is the seat's own cards (None in the public view); ``hand_sizes`` both sizes.
    ``top`` is the discard pile's top card (in the draft: the draft's face-up pile), ``color`` the colour
    to match; ``drawn`` is the card the seat has just drawn and may decide on (the draft's pick, or a
    playable card, TURN-3) -- shown to that seat only. ``owes`` is what the player to act owes; ``uno`` each
    player's UNO standing. ``history`` is the round's events as the log writes them, without the cards a
    draw takes. ``legal`` is what the seat may decide now (empty when it is not its decision),
    ``interjections`` the late UNO or catch open to it now. ``seq`` counts the decisions accepted so far.
    """

    players: tuple[str, str]
    seat: int | None
    seq: int
    phase: str
    round: int
    to_act: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, int]
    top: Card | None
    color: Color | None
    draw_pile: int
    discard_pile: int
    drawn: Card | None
    owes: Owes | None
    uno: tuple[UnoState, UnoState]
    scores: tuple[int, int]
    history: tuple[dict, ...]
    legal: tuple[Any, ...]
    interjections: tuple[Any, ...]
    winner: int | None = None
    #: The engine's checks of the seat's own moves on its seat position (None unless the seat is to play).
    options: Options | None = field(default=None, compare=False, repr=False)

    @property
    def you(self) -> str | None:
        """The seat's player's name (None in the public view)."""
        return None if self.seat is None else self.players[self.seat]

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return self.phase == "over"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, names for players and codes for cards; the public view has no ``hand``."""
        names = self.players
        out: dict[str, Any] = {
            "seq": self.seq,
            "you": self.you,
            "players": list(names),
            "phase": self.phase,
            "round": self.round,
            "to_act": None if self.to_act is None else names[self.to_act],
            "hand_sizes": {names[i]: self.hand_sizes[i] for i in (0, 1)},
            "top": None if self.top is None else self.top.code,
            "color": None if self.color is None else self.color.word,
            "draw_pile": self.draw_pile,
            "discard_pile": self.discard_pile,
            "drawn": None if self.drawn is None else self.drawn.code,
            "owes": None if self.owes is None else {**self.owes.to_dict(), "player": names[self.to_act]}
            if self.to_act is not None else None,
            "uno": {names[i]: self.uno[i].value for i in (0, 1)},
            "scores": {names[i]: self.scores[i] for i in (0, 1)},
            "history": [dict(entry) for entry in self.history],
            "legal": [option.to_log() for option in self.legal],
            "interjections": [option.to_log() for option in self.interjections],
            "over": self.over,
            "winner": None if self.winner is None else names[self.winner],
        }
        if self.hand is not None:
            out["hand"] = [card.code for card in self.hand]
        return out


def seat_position(state: RoundState, seat: int) -> RoundState:
    """The round as ``seat`` knows it, for the engine's checks of that seat's decisions: its own hand,
    the other hand as as many unknown cards (None), the discard pile's top card alone, no draw pile; the
    colour, the moment and the UNO standings are public. Checks of the seat's own plays, dumps,
    challenges, unnamed draws and interjections read nothing else."""
    hands: list[list[Card]] = [[], []]
    hands[seat] = list(state.hands[seat])
    hands[1 - seat] = [None] * len(state.hands[1 - seat])  # type: ignore[list-item]  # unknown cards
    masked = RoundState(state.rules, state.names, hands, DrawPile([], None))
    masked.discard = state.discard[-1:]
    masked.color = state.color
    masked.matching = state.matching
    masked.moment = state.moment
    masked.uno = list(state.uno)
    masked.out = state.out
    return masked


__all__ = ["COLOURS", "KEEP", "PASS", "Choice", "PlayerView", "seat_position"]
