"""The referee's ruling on a log: legal or not, the first violation, scores, winner, what comes next.

Typed values all through — :class:`Verdict`, :class:`Violation`, :class:`RoundSummary`, :class:`Next`,
:class:`Position` (and :class:`~referee.engine.moment.Owes`) — turned into JSON only by their ``to_dict``, at the
edge (the service, the command line).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.engine.position import CUT, DEAL, PICK_PROMPTS, TURN_UP, Next, Phase, Position, Prompt
from referee.engine.variants import Variant


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


__all__ = ["CUT", "DEAL", "PICK_PROMPTS", "TURN_UP", "Next", "Phase", "Position", "Prompt", "RoundSummary", "Verdict",
           "Violation"]
