"""Exceptions of the referee. Every one derives from :class:`RefereeError`.

A ruling that a game broke a rule is *not* an exception: it is a verdict (:mod:`referee.log.verdict`).
Exceptions are for input that cannot be judged at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.errors import RefereeError, UnknownCard, UnknownColor, UnknownVariant, VariantError


@dataclass(frozen=True, slots=True)
class Problem:
    """One way a document fails to be a well-formed version-1 log.

    ``pointer`` is an RFC 6901 pointer into the document (it may name a field); ``rule`` is the id of the
    game rule the form expresses, when there is one (DECK-1 for a third player), else ``None``.
    """

    pointer: str
    detail: str
    rule: str | None = None

    def to_dict(self) -> dict:
        """The problem as JSON-ready data."""
        return {"pointer": self.pointer, "detail": self.detail, "rule": self.rule}


class MalformedLog(RefereeError, ValueError):
    """The document is not a well-formed version-1 game log; it is not judged.

    ``problems`` lists every problem found, each with its pointer.
    """

    def __init__(self, problems: list[Problem]):
        self.problems = tuple(problems)
        first = self.problems[0] if self.problems else Problem("", "empty")
        more = f" (and {len(self.problems) - 1} more)" if len(self.problems) > 1 else ""
        super().__init__(f"malformed game log at {first.pointer or '/'}: {first.detail}{more}")


__all__ = ["MalformedLog", "Problem", "RefereeError", "UnknownCard", "UnknownColor", "UnknownVariant", "VariantError"]
