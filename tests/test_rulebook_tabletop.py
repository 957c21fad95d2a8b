"""The whole table drawn in each scenario's position (issue 36, item 7): what the rendered book draws is what
the scenario states (both hands), and what the referee makes of it -- the discard pile's top, the colour,
the draw pile, what is owed, whose move -- is the very position the rulebook's steps reach when they lay
the same table (steps/, judged by the referee), scenario by scenario. The browser tests look at it on a
desktop and a phone (tests/browser/test_rulebook_pages.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.bundled import features_dir
from referee.rulebook import Rulebook, load_book
from referee.rulebook.tabletop import stated_table
from steps import runner
from steps.define import matching
from steps.table import Table, codes
from tests.variant_run import judge_engine

FEATURES = Path(__file__).resolve().parent.parent / "features"
BOOK = load_book(features_dir())
RULEBOOK = Rulebook(BOOK)
GAME = [c for c in BOOK.chapters if c.variant is None and int(c.file.split("_", 1)[0]) <= 12]
_POSITION = re.compile(r"(Ana|Ben) (drafted first this round: .*|drafted first in round 1|holds .+)|"
                       r"the (top of the discard pile|discard pile from the bottom|card turned up|draw pile).*")


def _givens(scenario: runner.Scenario) -> list[runner.Step]:
    found = []
    for step in scenario.steps:
        if step.kind != "given":
            break
        found.append(step)
    return found


def _states_a_position(givens) -> bool:
    texts = [s.text for s in givens]
    return (all(_POSITION.fullmatch(t) for t in texts) and any(t.startswith("Ana holds") for t in texts)
            and any(t.startswith("Ben holds") for t in texts))


def _book_scenario(s: runner.Scenario):
    chapter = next(c for c in BOOK.chapters if c.file == s.feature)
    return next(b for b in chapter.all_scenarios() if b.line == s.line)


def _positioned() -> list[runner.Scenario]:
    return [s for c in GAME for s in runner.load([FEATURES / c.file], FEATURES)
            if s.example is None and _states_a_position(_givens(s))]


POSITIONED = _positioned()


def test_most_of_the_games_examples_state_a_whole_position():
    assert len(POSITIONED) >= 90, len(POSITIONED)  # 95 of the 134 examples of chapters 00-12 (issue 36)


@pytest.mark.parametrize("scenario", POSITIONED, ids=lambda s: s.id)
def test_the_table_drawn_is_the_table_the_steps_lay(scenario):
    drawn = RULEBOOK.table_of(_book_scenario(scenario))
    assert drawn is not None, "a scenario that states both hands and the discard pile gets its table drawn"
    table = Table(judge_engine, None, scenario.tags)
    for step in _givens(scenario):
        (definition,) = matching("given", step.text)
        fixtures = {"table": table}
        if step.datatable is not None:
            fixtures["datatable"] = [list(row) for row in step.datatable]
        definition.call(step.text, **fixtures)
    verdict = table.verdict()
    position, following = verdict["position"], verdict["next"]
    stated = {m.group(1): codes(m.group(2)) for step in _givens(scenario)
              if (m := re.fullmatch(r"(Ana|Ben) holds (.+)", step.text))}
    assert {seat.name: [c.code for c in seat.hand] for seat in drawn.seats} == stated
    assert (drawn.top.code, drawn.colour, drawn.draw_pile, drawn.discards) == (
        position["top"], position["color"], position["draw_pile"], position["discard_pile"])
    assert drawn.to_move == following["player"]
    assert drawn.owes == ((position.get("owes") or {}).get("cards") or 0)
    assert [s.name for s in drawn.seats if s.player_1] == [verdict["rounds"][-1]["first_drafter"]]


@pytest.mark.parametrize("chapter", GAME, ids=lambda c: c.file)
def test_each_positioned_scenario_shows_its_table_on_its_chapters_page(chapter):
    page = RULEBOOK.chapter_page(chapter)
    lines = {s.line for s in POSITIONED if s.feature == chapter.file}
    for line in lines:
        at = page.index(f'id="line-{line}"')
        following = page.find('<article class="scenario"', at + 1)
        section = page[at:following if following > 0 else len(page)]
        assert 'class="tabletop"' in section, line
        assert section.index('class="tabletop"') < section.index('class="steps"')


def test_what_is_owed_and_whose_move_come_from_the_referee():
    """A turned-up Wild Draw 4 (START-4): Player 2 owes four; a turned-up Skip (START-5): Player 1 moves."""
    _, owed = BOOK.rule("START-4")
    four = RULEBOOK.table_of(owed.scenarios[0])
    assert (four.to_move, four.owes, four.colour) == ("Ana", 4, "green")
    assert four.turn == "Ana must draw 4 (the turned-up card)"
    _, skipped = BOOK.rule("START-5")
    skip = RULEBOOK.table_of(skipped.scenarios[0])
    assert (skip.to_move, skip.owes, skip.turned_up) == ("Ben", 0, True)


def test_an_empty_or_stated_draw_pile_is_drawn_as_stated():
    _, refill = BOOK.rule("REFILL-2")
    empty = RULEBOOK.table_of(refill.scenarios[0])
    assert empty.draw_pile == 0 and empty.draw_top == ()
    chapter = BOOK.chapters[0]
    story = next(s for s in chapter.scenarios if s.name.startswith("Ana's Draw 2"))
    stated = RULEBOOK.table_of(story)
    assert [c.name for c in stated.draw_top] == ["green 1", "yellow 7"]


def test_no_table_is_drawn_where_no_whole_position_is_stated():
    """A draft from a shuffled deck, an outline, or a position that itself breaks a rule."""
    _, draft = BOOK.rule("DRAFT-3")
    assert all(RULEBOOK.table_of(s) is None for s in draft.scenarios)
    _, outline = BOOK.rule("SCORE-2")
    assert RULEBOOK.table_of(outline.scenarios[0]) is None
    assert stated_table([]) is None
