"""The rulebook's step for a forbidden act checks the exact rule and the exact entry, as the referee
names them, however the sentence is worded: a wrong rule, a wrong act or a missing rule fails.

Each case is a small feature file played through the very step definitions pytest-bdd runs
(steps.runner); the rulebook's own scenarios show the passing side on every run."""

from __future__ import annotations

import textwrap

import pytest

from steps import runner
from tests.variant_run import judge_engine

SKIPPED = """\
    Feature: A Skip and a move out of turn
      Rule: SKIP-1 — The player of a Skip takes another turn
        Background:
          Given Ben drafted first this round: he is Player 1, and Ana is Player 2
          And Ana holds red skip, red 4 and green 7
          And Ben holds red 5 and blue 6
          And the top of the discard pile is red 9

        {tags}
        Scenario: The skipped player moves
          When Ana plays red skip
          And Ben plays red 5
          Then {then}
"""


def _run(tmp_path, tags: str, then: str) -> runner.Run:
    path = tmp_path / "skip.feature"
    path.write_text(textwrap.dedent(SKIPPED).format(tags=tags, then=then), encoding="utf-8")
    (scenario,) = runner.load([path], tmp_path)
    return runner.run(scenario, judge_engine)


@pytest.mark.parametrize("tags, then", [
    ("@SKIP-1 @LOG-1 @GEN-2", "Ben may not play red 5: Ana's Skip gave her another turn"),
    ("@SKIP-1 @LOG-1", "Ben may not play red 5: it is Ana's turn (LOG-1)"),
])
def test_the_right_rule_at_the_right_act_holds(tmp_path, tags, then):
    run = _run(tmp_path, tags, then)
    assert run.status == "passed", run.failed_step
    assert run.steps[-1].seen.startswith("illegal LOG-1 at /rounds/0/events/1: ")


@pytest.mark.parametrize("tags, then", [
    # the rule from the tag is not the one the referee names
    ("@SKIP-1 @LOG-4 @GEN-2", "Ben may not play red 5: Ana's Skip gave her another turn"),
    # the rule in the sentence is not the one the referee names
    ("@SKIP-1 @LOG-1", "Ben may not play red 5: Ana's Skip gave her another turn (SKIP-1)"),
    # the right rule, but the act forbidden is Ben's, not Ana's
    ("@SKIP-1 @LOG-1", "Ana may not play red skip: it is Ana's turn (LOG-1)"),
])
def test_a_wrong_rule_or_a_wrong_act_fails(tmp_path, tags, then):
    run = _run(tmp_path, tags, then)
    assert run.status == "failed", run.steps[-1]
    assert "illegal LOG-1 at /rounds/0/events/1" in run.failed_step.failure


@pytest.mark.parametrize("tags", ["@SKIP-1", "@SKIP-1 @LOG-1 @LOG-4"])
def test_a_sentence_without_a_rule_needs_exactly_one_rule_of_the_record_among_the_tags(tmp_path, tags):
    run = _run(tmp_path, tags, "Ben may not play red 5: Ana's Skip gave her another turn")
    assert run.status == "error"
    assert "one rule of the record" in run.failed_step.failure


def test_a_legal_move_is_not_forbidden(tmp_path):
    path = tmp_path / "skip.feature"
    text = textwrap.dedent(SKIPPED).format(tags="@SKIP-1", then="Ana may not play red 4: it is Ben's turn (LOG-1)")
    path.write_text(text.replace("And Ben plays red 5", "And Ana plays red 4"), encoding="utf-8")
    (scenario,) = runner.load([path], tmp_path)
    run = runner.run(scenario, judge_engine)
    assert run.status == "failed" and run.failed_step.seen == "legal"
