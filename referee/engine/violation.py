"""A broken rule, as the engine finds it: raised inside a round, turned into the verdict's violation."""

from __future__ import annotations

from referee.engine.rules import RULES

#: A rule an entry would break, as the engine's checks return it without raising: ``(rule id, words,
#: *arguments)``, where ``words(*arguments)`` makes the message — built only when the refusal is raised, so
#: that the legal-move list, which tries many candidates, does not pay for words nobody reads.
Refusal = tuple  # (str, Callable[..., str], *Any)


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
    """The :class:`RuleBroken` for a refusal, to raise."""
    rule, words, *arguments = refusal
    return RuleBroken(rule, words(*arguments), pointer)
