"""The game across its rounds: the cut, who drafts first each round, the scores and the winner.

:class:`Match` holds what carries from round to round — CUT-1 and CUT-2 (the cut), DRAFT-7 (the first
drafter alternates), SCORE-1 and GAME-1 (scores accumulate to the target), GAME-2 (the winner). The
replay of a log and self-play both keep their game in one.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.engine.cards import Card
from referee.engine.deck import cut_value, cut_winner, leader
from referee.engine.variants import Rules
from referee.engine.violation import RuleBroken


class Match:
    """A game between ``names`` under ``rules``, round by round."""

    __slots__ = ("cut_tied", "first_drafter", "names", "rounds", "rules", "scores")

    def __init__(self, rules: Rules, names: tuple[str, str]):
        self.rules = rules
        self.names = names
        self.scores = [0, 0]
        self.rounds = 0                        # rounds scored
        self.first_drafter: int | None = None  # of round 1: the cut's winner, or what the log names
        self.cut_tied = False                  # the last cut is a tie: the players are to cut again

    def cut(self, cuts: Sequence[tuple[Card, Card]]) -> None:
        """CUT-1, CUT-2: every cut but the last is a tie; the last decides who drafts first — or, a tie
        too, leaves the players to cut again. Raises (pointer ``/cut/i``) for a cut after a decided one."""
        last = len(cuts) - 1
        for i, (a, b) in enumerate(cuts):
            if i < last and cut_winner(a, b) is not None:
                raise RuleBroken("CUT-2", f"{a.name} ({cut_value(a)}) and {b.name} ({cut_value(b)}) decide "
                                          "the cut: no further cut follows", f"/cut/{i + 1}")
        self.first_drafter = cut_winner(*cuts[-1])
        self.cut_tied = self.first_drafter is None

    def player_1(self, index: int) -> int | None:
        """DRAFT-7: who drafts first in round ``index`` (from 0); None while nobody knows."""
        if self.first_drafter is None:
            return None
        return self.first_drafter if index % 2 == 0 else 1 - self.first_drafter

    def score(self, points: tuple[int, int]) -> None:
        """SCORE-1, GAME-1: a round's points are added to the scores."""
        self.scores[0] += points[0]
        self.scores[1] += points[1]
        self.rounds += 1

    @property
    def over(self) -> bool:
        """GAME-1: a player has reached the target score."""
        return max(self.scores) >= self.rules.target_score

    def winner(self) -> int | None:
        """GAME-2: once the game is over, who wins (None before, or on a tie)."""
        return leader(self.scores, self.rules) if self.over else None


__all__ = ["Match"]
