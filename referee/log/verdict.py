"""The referee's ruling on a log: legal or not, the first violation, scores, winner, what comes next.

Typed values all through — :class:`Verdict`, :class:`Violation`, :class:`RoundSummary`, :class:`Next`,
:class:`Position` (and :class:`~referee.engine.moment.Owes`) — turned into JSON only by their ``to_dict``, at the
edge (the service, the command line).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Final

from referee.engine.cards import Card, Color
from referee.engine.moment import Owes, UnoState
from referee.engine.variants import Variant


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


@dataclass(frozen=True, slots=True)
class Violation:
    """The first entry of the log that breaks a rule.

    ``pointer`` is an RFC 6901 pointer to the entry (an event, a pick, a round field, a claim);
    ``rule`` a registered rule id; ``message`` one sentence for people; ``context`` the facts it rests on.
    """

    pointer: str
    rule: str
    message: str
    context: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"pointer": self.pointer, "rule": self.rule, "message": self.message,
                "context": self.context}


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """One round as far as it was played: who went out and the points (None while unfinished)."""

    number: int
    first_drafter: str
    out: str | None = None
    points: dict[str, int] | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"number": self.number, "first_drafter": self.first_drafter, "out": self.out,
                "points": self.points}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The ruling. ``rounds``, ``scores``, ``next`` and ``position`` describe the valid prefix: the game
    as it stood at the end of the log, or just before the violation."""

    variant: Variant
    violation: Violation | None
    complete: bool
    rounds: tuple[RoundSummary, ...]
    scores: dict[str, int]
    winner: str | None
    next: Next | None
    position: Position | None

    @property
    def legal(self) -> bool:
        """True when no entry of the log breaks a rule."""
        return self.violation is None

    def to_dict(self) -> dict[str, Any]:
        """The verdict as docs/log-format.md writes it."""
        return {
            "verdict": "legal" if self.violation is None else "illegal",
            "variant": self.variant.to_dict(),
            "complete": self.complete,
            "violation": self.violation.to_dict() if self.violation else None,
            "rounds": [r.to_dict() for r in self.rounds],
            "scores": self.scores,
            "winner": self.winner,
            "next": self.next.to_dict() if self.next else None,
            "position": self.position.to_dict() if self.position else None,
        }

    def summary(self) -> str:
        """A short human summary: the ruling, the rule and event at fault, the scores."""
        scores = ", ".join(f"{name} {pts}" for name, pts in self.scores.items())
        if self.violation:
            v = self.violation
            return f"illegal: {v.rule} at {v.pointer}: {v.message} (scores before it: {scores})"
        state = f"complete, {self.winner} wins" if self.complete else "unfinished"
        return f"legal, {state} (scores: {scores})"
