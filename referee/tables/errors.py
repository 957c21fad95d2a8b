"""What the table service refuses, one exception each; the HTTP layer gives each its status.

Every one derives from :class:`TableError`. None of them carries a card of a hidden hand or of the pile:
a refusal's words are the engine's, which name only what the acting seat holds or what is public.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.errors import Problem

__all__ = ["BadTableRequest", "DatabaseUnavailable", "GameNotOver", "InvitationSpent", "MalformedDecision",
           "MissingToken", "MoveRefused", "StaleMove", "TableError", "TableOver", "UnknownInvitation", "UnknownTable",
           "WrongToken"]


class TableError(Exception):
    """Base class of the table service's refusals."""


class UnknownTable(TableError):
    """No table has this id."""


class MissingToken(TableError):
    """The request needs a seat's token and has none."""


class WrongToken(TableError):
    """The token is no seat's token at this table."""


class StaleMove(TableError):
    """The decision was made on position ``given`` but the table is at ``current`` (another decision came first)."""

    def __init__(self, given: int, current: int):
        super().__init__(f"the move was made at seq {given}, but the table is at seq {current}: fetch the view again")
        self.given, self.current = given, current


class TableOver(TableError):
    """The game at this table has ended: it takes no more decisions."""


class UnknownInvitation(TableError):
    """No invitation of this table has this code, or its game has ended (an invitation expires with it)."""


class InvitationSpent(TableError):
    """A guest has joined with this invitation already: its seat's token was handed out once."""


class GameNotOver(TableError):
    """The record is asked for before the game has ended (it holds the hidden cards)."""


class MoveRefused(TableError):
    """The engine refused the decision: it breaks rule ``rule``; ``message`` is the engine's sentence.
    Nothing changed at the table."""

    def __init__(self, rule: str, message: str):
        super().__init__(f"{rule}: {message}")
        self.rule, self.message = rule, message


class MalformedDecision(TableError):
    """The decision is not well formed (the log reader's problems, each with its pointer)."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.detail}" for p in self.problems) or "malformed decision")


class BadTableRequest(TableError):
    """A table cannot be set as asked (an unknown variant or bot style, a seed not allowed, ...); each problem
    with its pointer into the request."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.pointer or '/'}: {p.detail}" for p in self.problems))


class DatabaseUnavailable(TableError):
    """The database was lost mid-request (its server restarted, the connection was cut): the request's
    statement did not complete, so a decision was not taken — or, if the connection broke after the commit,
    taken once. Asking again is safe: a stored decision makes the same ``seq`` stale (409), never a double."""
