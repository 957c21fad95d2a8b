"""The one driver loop: a source says the next step, the game takes it.

Every game the referee runs -- a log replayed, a game self-played, a live table's game -- is driven by
:func:`run`: it asks a :class:`Source` for the next step (a chance outcome or a decision,
:mod:`referee.engine.steps`) and hands it to :meth:`Game.apply <referee.engine.game.Game.apply>`, which
refuses a step out of its stage with the rule that orders the stages, carries out what the rules then impose
and tells the game's observer. The sources say only where steps come from:

- a log (:class:`referee.log.replay.Replay`'s source): the log's cut, decks or set-ups, picks, turn-ups and
  events, with the log's own checks between them (claims, first drafters; the pointer of each entry);
- seats (:mod:`referee.play.selfplay`'s source): each seat decides from its own view with a random stream of
  its own, chance is a generator of the game's own;
- a queue fed by ``act`` (:class:`referee.play.live.LiveGame`'s source): the decisions from outside, one at a
  time, and the dealer's chance in between.

No driver calls a stage of the game itself (``tests/test_one_loop_sources.py`` reads their syntax trees).
"""

from __future__ import annotations

from typing import Protocol

from referee.engine.game import Game
from referee.engine.steps import Step
from referee.engine.violation import RuleBroken


class Source(Protocol):
    """Where a game's steps come from: a log, the seats and chance of a game played, a queue of decisions.

    :func:`run` calls :meth:`next_step` with the game as it stands after the previous step was taken (so a
    source may check what that step did before it answers), and :meth:`refused` when the game refuses a
    step, before the refusal (:class:`~referee.engine.violation.RuleBroken`, the game unchanged) goes on to
    the caller of :func:`run`."""

    def next_step(self, game: Game) -> Step | None:
        """The step ``game`` is to take next, or None: the source has none now (a log's end, a game played
        to its end, a queue of decisions empty while a seat is to decide)."""

    def refused(self, step: Step, broken: RuleBroken) -> None:
        """``game`` refused ``step`` with ``broken`` (a source names where the step came from: a log entry's
        pointer, say)."""


def run(game: Game, source: Source) -> None:
    """Drive ``game`` with the steps ``source`` gives until it has none; a refused step's
    :class:`~referee.engine.violation.RuleBroken` is raised here, after :meth:`Source.refused`."""
    step = source.next_step(game)
    while step is not None:
        try:
            game.apply(step)  # a method call: native in the compiled build
        except RuleBroken as broken:
            source.refused(step, broken)
            raise
        step = source.next_step(game)


__all__ = ["Source", "run"]
