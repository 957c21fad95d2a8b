"""What the engine says of where a game stands: its :class:`Phase`, what comes :class:`Next` (with the
:class:`Prompt` of each decision or chance outcome it asks for) and the :class:`Position` at the end of a valid
prefix. A verdict (:mod:`referee.log.verdict`) carries them; they are the engine's vocabulary, below the log.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, Final

from referee.engine.cards import Card, Color
from referee.engine.moment import Owes, UnoState


class Phase(enum.Enum):
    """Where a game stands: what ``next`` asks for, or what ``position`` shows."""

    CUT = "cut"            # a tied cut: both cut again (CUT-2)
    DEAL = "deal"          # a round to deal (variants that deal)
    DRAFT = "draft"        # a round to draft, or a draft under way
    TURN_UP = "turn_up"    # the draft is over, no card turned up yet
    PLAY = "play"          # a round in play
    OVER = "over"          # the round is scored (``position`` only)


@dataclass(frozen=True, slots=True)
class Prompt:
    """An act outside play that ``next`` may ask for: a pick's ``decision``, the turn-up, a deal, a cut."""

    type: str
    decision: str | None = None

    def to_log(self, names: tuple[str, str] | None = None) -> dict:
        """As ``next.legal`` lists it."""
        return {"type": self.type} if self.decision is None else {"type": self.type, "decision": self.decision}


#: The prompts of the phases outside play.
PICK_PROMPTS: Final = (Prompt("pick", "keep"), Prompt("pick", "pass"))
TURN_UP: Final = (Prompt("turn_up"),)
DEAL: Final = (Prompt("deal"),)
CUT: Final = (Prompt("cut"),)


@dataclass(frozen=True, slots=True)
class Next:
    """Who is to act (``player``, an index into ``names``; None where the log does not tell), in what
    ``phase``, what they owe, the card they just drew (TURN-3), the events open to them (``legal``: events
    without a player, or :class:`Prompt`) and the interjections open to either player."""

    names: tuple[str, str]
    player: int | None
    phase: Phase
    legal: tuple[Any, ...]
    interjections: tuple[Any, ...] = ()
    owes: Owes | None = None
    drawn: Card | None = None
    round: int | None = None  # the round to come, when it is a new one

    def to_dict(self) -> dict[str, Any]:
        """As docs/log-format.md writes ``next``."""
        out: dict[str, Any] = {
            "player": None if self.player is None else self.names[self.player],
            "phase": self.phase.value,
            "owes": self.owes.to_dict() if self.owes else None,
            "drawn": self.drawn.code if self.drawn is not None else None,
            "legal": [option.to_log() for option in self.legal],
            "interjections": [option.to_log(self.names) for option in self.interjections],
        }
        if self.round is not None:
            out["round"] = self.round
        return out


@dataclass(frozen=True, slots=True)
class Position:
    """The last round at the end of the valid prefix, as a table would show it: each hand (in the order
    the cards came in), the top card and colour, the piles' sizes, each player's UNO standing, what is
    owed."""

    names: tuple[str, str]
    round: int
    phase: Phase
    hands: tuple[tuple[Card, ...], tuple[Card, ...]]
    top: Card | None
    color: Color | None
    draw_pile: int
    discard_pile: int
    uno: tuple[UnoState, UnoState]
    owes: Owes | None = None

    def to_dict(self) -> dict[str, Any]:
        """As docs/log-format.md writes ``position``."""
        names = self.names
        return {
            "round": self.round,
            "phase": self.phase.value,
            "hands": {names[i]: [c.code for c in self.hands[i]] for i in (0, 1)},
            "top": self.top.code if self.top else None,
            "color": self.color.word if self.color else None,
            "draw_pile": self.draw_pile,
            "discard_pile": self.discard_pile,
            "uno": {names[i]: self.uno[i].value for i in (0, 1)},
            "owes": self.owes.to_dict() if self.owes else None,
        }


__all__ = ["CUT", "DEAL", "PICK_PROMPTS", "TURN_UP", "Next", "Phase", "Position", "Prompt"]
