"""How the rulebook's steps are declared: each one registered with pytest-bdd and in :data:`STEPS`.

pytest-bdd runs the scenarios of ``features/`` as tests. A variant run (tests/variant_run.py) replays the
same scenarios many times over without pytest's machinery, so it needs the same step definitions in a
form it can call directly: :data:`STEPS` holds each definition's kind, pattern and function, exactly as
pytest-bdd was given them.
"""

from __future__ import annotations

import functools
import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass

from pytest_bdd import given as bdd_given
from pytest_bdd import parsers
from pytest_bdd import then as bdd_then
from pytest_bdd import when as bdd_when

_DECORATORS = {"given": bdd_given, "when": bdd_when, "then": bdd_then}


@dataclass(frozen=True, slots=True)
class StepDefinition:
    """One step definition: ``kind`` (given, when, then), its full-match ``pattern`` and ``func``."""

    kind: str
    pattern: re.Pattern[str]
    func: Callable[..., object]

    def arguments(self, text: str) -> dict[str, str | None] | None:
        """The named groups of ``text`` when the pattern matches all of it, else None."""
        match = self.pattern.fullmatch(text)
        return None if match is None else match.groupdict()

    def call(self, text: str, **fixtures: object) -> object:
        """Run the step for ``text``, passing the fixtures and arguments its function asks for."""
        wanted = _parameters(self.func)
        values = {**(self.arguments(text) or {}), **fixtures}
        return self.func(**{name: value for name, value in values.items() if name in wanted})


@functools.cache
def _parameters(func: Callable[..., object]) -> frozenset[str]:
    return frozenset(inspect.signature(func).parameters)


#: Every step definition of ``steps/``, in the order declared.
STEPS: list[StepDefinition] = []


def step(*kinds: str, pattern: str, depth: int = 0) -> Callable[[Callable[..., object]], Callable[..., object]]:
    """Declare a step of the given kinds (``"given"``, ``"when"``, ``"then"``) with a regex ``pattern``.

    ``depth``: how many decorators of its own stand between the declaring module and this one."""

    def decorate(func: Callable[..., object]) -> Callable[..., object]:
        for kind in kinds:
            # the step fixture belongs to the module that declares the step, ``2 + depth`` frames up
            _DECORATORS[kind](parsers.re(pattern), stacklevel=2 + depth)(func)
            STEPS.append(StepDefinition(kind, re.compile(pattern), func))
        return func

    return decorate


def given(pattern: str):
    """A ``Given`` step: what is on the table, or what already happened."""
    return step("given", pattern=pattern)


def when(pattern: str):
    """A ``When`` step: the move the scenario is about."""
    return step("when", pattern=pattern)


def then(pattern: str):
    """A ``Then`` step: what the referee's verdict says."""
    return step("then", pattern=pattern)


def given_or_when(pattern: str, depth: int = 0):
    """A step that is ``Given`` when it already happened and ``When`` when it happens now."""
    return step("given", "when", pattern=pattern, depth=depth)


def matching(kind: str, text: str) -> list[StepDefinition]:
    """Every definition of that kind whose pattern matches the whole of ``text``."""
    found = _matches.get((kind, text, len(STEPS)))
    if found is None:
        found = _matches[(kind, text, len(STEPS))] = [s for s in STEPS if s.kind == kind
                                                      and s.pattern.fullmatch(text)]
    return found


_matches: dict[tuple[str, str, int], list[StepDefinition]] = {}
