"""A study: many self-played games of one variant by two seated styles, measured and added up.

Game ``i`` of a study with seed ``S`` is ``simulate_game(game_seed(S, i), variant, seats=...)`` — the same
seeds whatever the variant, so two variants are compared on the same shuffles of round 1 — and the two
styles change seats every game: in even games the first style sits in seat ``Ana`` (the log's first
player), in odd games in seat ``Ben``. Games are played in fixed blocks of consecutive indices (the tasks
of an :class:`~referee.executor.Executor`), and the blocks' tallies are added in game order; since every
count is an integer the sum is exact, so a study's numbers are the same on one core, on many, or on a
Dask cluster.
"""

from __future__ import annotations

from dataclasses import dataclass

from referee.engine.variants import Variant
from referee.executor import Executor, with_batch
from referee.play.players import get_player
from referee.play.selfplay import game_seed, simulate_game
from referee.report.metrics import Measuring, Tally

#: The players' names in every game of a study (seat 0, seat 1).
SEATS = ("Ana", "Ben")
#: Games per task, at most.
BLOCK = 50


@dataclass(frozen=True, slots=True)
class Study:
    """What to play: ``games`` games of ``variant`` from ``seed``, by the styles ``bots`` (two names)."""

    variant: Variant
    games: int
    seed: int
    bots: tuple[str, str]

    def seats(self, index: int) -> tuple[str, str]:
        """The styles in seats Ana and Ben in game ``index`` (they swap every game)."""
        return self.bots if index % 2 == 0 else (self.bots[1], self.bots[0])

    def seating(self) -> dict[str, dict[str, int]]:
        """How many games each style played in each seat."""
        table = {seat: {bot: 0 for bot in dict.fromkeys(self.bots)} for seat in SEATS}
        for index in range(min(self.games, 2)):
            for seat, bot in zip(SEATS, self.seats(index), strict=True):
                table[seat][bot] += (self.games - index + 1) // 2
        return table


@dataclass(frozen=True, slots=True)
class Block:
    """Games ``start`` … ``stop - 1`` of a study (one task)."""

    study: Study
    start: int
    stop: int


def play_block(block: Block) -> Tally:
    """Play and measure one block of games; their tallies added in game order. Each game is measured as
    it is played (:class:`~referee.report.metrics.Measuring`), every event checked by the engine as it is
    applied; the figures equal those of replaying its log (:func:`~referee.report.metrics.measure_game`)."""
    study = block.study
    tally = Tally()
    for index in range(block.start, block.stop):
        bots = study.seats(index)
        seats = (get_player(bots[0]), get_player(bots[1]))
        measuring = Measuring(bots, SEATS)
        simulate_game(game_seed(study.seed, index), study.variant, players=SEATS, seats=seats,
                      observer=measuring, record=False)  # measured as played: no events written
        tally += measuring.tally  # complete: the game told its end (Observer.game_ended)
    return tally


def blocks(study: Study) -> list[Block]:
    """The study's tasks: blocks of at most :data:`BLOCK` games, fixed by the number of games alone."""
    size = max(1, min(BLOCK, study.games // 16))
    return [Block(study, start, min(start + size, study.games)) for start in range(0, study.games, size)]


def run_study(study: Study, executor: Executor | None = None, description: str | None = None) -> Tally:
    """Play ``study`` on ``executor`` (default: this process) and return the sum of its games' tallies."""
    return run_studies([study], executor, description or f"{study.variant.name}: {study.games} games")[0]


def run_studies(studies: list[Study], executor: Executor | None = None, description: str = "playing") -> list[Tally]:
    """Play every study on ``executor`` as one stream of blocks (no core idles between two studies) and
    return each study's tally, in the studies' order; each is the sum of its blocks in game order."""
    executor = executor or Executor(jobs=1, progress=False)
    totals = [Tally() for _ in studies]
    work = [(k, block) for k, study in enumerate(studies) for block in blocks(study)]
    # One block per task: a block is already many games.
    played = with_batch(executor, 1).map(play_block, [block for _, block in work], description, weight=_games)
    for (k, _), tally in zip(work, played, strict=True):
        totals[k] += tally
    return totals


def _games(block: Block) -> int:
    return block.stop - block.start


def check_bots(names: tuple[str, ...]) -> tuple[str, str]:
    """Two style names from ``--players`` (one name seats that style twice); unknown names raise."""
    if len(names) not in (1, 2):
        raise ValueError(f"--players names one or two styles, not {len(names)}")
    for name in names:
        get_player(name)
    return (names[0], names[-1])


__all__ = ["BLOCK", "SEATS", "Block", "Study", "blocks", "check_bots", "play_block", "run_studies", "run_study"]
