"""A broken rule, as the engine finds it: a :class:`Refusal` when only asked, a :class:`RuleBroken` raised."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from mypy_extensions import mypyc_attr

from referee.engine.rules import RULES

#: An argument not given (None is an argument a message may name).
_UNSET: Final[Any] = object()


# Compiled: untracked by the cyclic collector (nothing it holds refers back to it), and one freed instance
# kept for the next -- self-play makes one and drops one at every decision.
@mypyc_attr(acyclic=True, free_list_len=1)
class Refusal:
    """The rule an event would break, as the engine's checks return it without raising: the ``rule`` id,
    and the ``words`` that make its message from the ``arguments``.

    The message is made only when asked (:attr:`message`, or :func:`broken` when the refusal is raised): the
    legal-move list tries many candidates and reads no message, so a refusal costs one small object, not a
    sentence. Read-only (its facts are properties without setters); compared by identity, like an exception.
    """

    __slots__ = ("_argument_1", "_argument_2", "_argument_3", "_argument_4", "_argument_5", "_rule", "_words")

    def __init__(self, rule: str, words: Callable[..., str], first: Any = _UNSET, second: Any = _UNSET,
                 third: Any = _UNSET, fourth: Any = _UNSET, fifth: Any = _UNSET) -> None:
        # The message's arguments (none to five), one a slot (docs/performance.md, "A refusal's arguments").
        self._rule = rule
        self._words = words
        self._argument_1 = first
        self._argument_2 = second
        self._argument_3 = third
        self._argument_4 = fourth
        self._argument_5 = fifth

    @property
    def rule(self) -> str:
        """The id of the rule broken (registered in :mod:`referee.engine.rules`)."""
        return self._rule

    @property
    def words(self) -> Callable[..., str]:
        """The function making the message from :attr:`arguments`."""
        return self._words

    @property
    def arguments(self) -> tuple[Any, ...]:
        """What the message names (players, cards, the position), handed to :attr:`words`."""
        given = (self._argument_1, self._argument_2, self._argument_3, self._argument_4, self._argument_5)
        return tuple(argument for argument in given if argument is not _UNSET)

    @property
    def message(self) -> str:
        """One sentence naming the cards and players: made now, on each call."""
        return self._words(*self.arguments)

    def __repr__(self) -> str:
        return f"<Refusal {self._rule}>"


class RuleBroken(Exception):
    """Raised by the engine when an entry of the log breaks a rule; never escapes :func:`referee.judge`.

    ``rule`` is a registered rule id; ``message`` one sentence naming the cards and players.
    """

    def __init__(self, rule: str, message: str, pointer: str | None = None):
        if rule not in RULES:  # the engine cites only registered ids
            raise AssertionError(f"engine cited unregistered rule {rule!r}")
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.pointer = pointer


def broken(refusal: Refusal, pointer: str | None = None) -> RuleBroken:
    """The :class:`RuleBroken` for a refusal, to raise (its message made now)."""
    return RuleBroken(refusal.rule, refusal.message, pointer)


__all__ = ["Refusal", "RuleBroken", "broken"]
