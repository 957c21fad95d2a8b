"""The rulebook as a player reaches for it (issue 36): a quick reference and what differs from classic UNO
first, a first round told as a story of examples, the record's rules in the record's chapter, refusals
that are a player's mistakes (each naming its rule), the seating said once, no prose repeated by the step
after it, the bluff shown, and no talk of programs in the chapters of the game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.bundled import features_dir
from referee.engine.rules import RULES
from referee.rulebook import Rulebook, load_book
from steps import runner
from steps.rulings import FORBIDDEN

FEATURES = Path(__file__).resolve().parent.parent / "features"
BOOK = load_book(features_dir())
OPENING = BOOK.chapters[0]
GAME = [c for c in BOOK.chapters if c.variant is None and int(c.file.split("_", 1)[0]) <= 12]
RULE_ID = re.compile(r"\b[A-Z]+[0-9]*-[0-9]+\b")
SEATING = re.compile(r"drafted first this round", re.IGNORECASE)


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _runnable(chapter) -> list[runner.Scenario]:
    return runner.load([FEATURES / chapter.file], FEATURES)


# ---- 1 and 3: the quick reference and the differences, first -----------------------------------------

def test_the_quick_reference_is_one_page_each_line_linked_to_its_rule():
    entries = [item for block in OPENING.section("Quick reference") for item in block.items]
    assert len(entries) >= 10, entries
    assert sum(len(e.split()) for e in entries) <= 600
    unlinked = [e for e in entries if not any(i in RULES for i in RULE_ID.findall(e))]
    assert not unlinked, f"quick reference lines naming no rule: {unlinked}"
    text = " ".join(entries)
    for topic in ("turn", "Draw 2", "Skip", "Reverse", "Wild", "Wild Draw 4", "turned-up", "draft", "UNO",
                  "scores", "200", "bluff", "volley", "dump"):
        assert topic in text, f"the quick reference does not speak of {topic!r}"


def test_what_differs_from_classic_uno_is_listed_each_linked_to_its_rule():
    entries = [item for block in OPENING.section("What differs from classic UNO") for item in block.items]
    assert len(entries) >= 6, entries
    assert all(any(i in RULES for i in RULE_ID.findall(e)) for e in entries), entries


def test_the_opening_chapter_opens_with_the_quick_reference_then_the_differences_then_the_first_round():
    headings = [b.text for b in OPENING.paragraphs if b.kind == "heading"]
    assert headings[:2] == ["Quick reference", "What differs from classic UNO"], headings
    assert headings[-1] == "Your first round", headings


def test_the_rendered_book_offers_the_quick_reference_first(tmp_path):
    page = Rulebook(BOOK).index_page()
    main = page[page.index("<main"):]
    first_section = main.index("<section")
    assert main.index('id="quick-reference"') == main.index("<section") + len('<section class="quick-reference" ')
    assert main.index('id="quick-reference"') < main.index('id="what-differs"') < main.index('class="contents"')
    assert main.index("<h1>") < first_section < main.index('class="lede"')
    assert f'href="{OPENING.slug}.html#your-first-round"' in main
    assert re.search(r'<a class="rule-ref" href="TURN-1\.html">TURN-1</a>', main[:main.index('id="what-differs"')])
    chapter = Rulebook(BOOK).chapter_page(OPENING)
    assert 'id="your-first-round"' in chapter
    assert chapter.index('id="quick-reference"') < chapter.index('id="your-first-round"') < chapter.index(
        f'id="line-{OPENING.scenarios[0].line}"') < chapter.index('id="GEN-1"')


# ---- 2: your first round ----------------------------------------------------------------------------

def test_the_first_round_is_a_story_of_examples_from_the_cut_to_the_score():
    story = list(OPENING.scenarios)
    assert len(story) >= 7
    assert all(s.tags for s in story)
    shown = [set(s.tags) for s in story]
    order = ["CUT-1", "DRAFT-3", "START-1", "TURN-1", "SKIP-1", "REV-1", "D2-1", "UNO-1", "END-1", "SCORE-1"]
    firsts = [next(i for i, tags in enumerate(shown) if rule in tags) for rule in order]
    assert firsts == sorted(firsts), dict(zip(order, firsts, strict=True))
    last = story[-1].steps
    assert any("went out" in s.text for s in last) and any("scores" in s.text for s in last)
    # every step of the story runs: each one is a scenario of the book, played by tests/test_features.py
    names = {s.name for s in _runnable(OPENING) if s.rule is None}
    assert names == {s.name for s in story}


# ---- 4: the record's rules in the record's chapter ----------------------------------------------------

def test_the_opening_chapter_holds_no_example_of_gen_2():
    assert not [s.name for s in OPENING.all_scenarios() if "GEN-2" in s.tags]
    assert BOOK.rule("GEN-2")[0].file.startswith("13_")


def _refusals(chapters) -> tuple[int, list[tuple[str, str, str]]]:
    total, refused = 0, []
    for chapter in chapters:
        seen = {}
        for s in _runnable(chapter):
            last = s.steps[-1].text
            seen[s.name] = (s, last) if re.fullmatch(FORBIDDEN, last) else seen.get(s.name)
        total += len(seen)
        refused += [(chapter.file, s.name, last) for s, last in filter(None, seen.values())]
    return total, refused


def test_at_most_a_quarter_of_the_games_examples_end_in_a_refusal():
    total, refused = _refusals(GAME)
    assert len(refused) <= total / 4, f"{len(refused)} of {total} examples end in a refusal"


def test_every_refusal_in_the_chapters_of_the_game_names_its_rule_in_brackets():
    _, refused = _refusals(GAME)
    bare = [(f, n, last) for f, n, last in refused if not re.search(rf"\(({'|'.join(RULES)})\)$", last)]
    assert not bare, bare


def test_the_refusals_only_a_record_can_commit_are_in_the_records_chapter():
    """A move out of turn and the like (the record's rules), and moves no player could make at a table."""
    record_only = re.compile(r"fifteenth pick|catch (herself|himself)|join the game|may not cut again|"
                             r"be turned up: the draft is not over|keep blue 4")
    for chapter in GAME:
        for s in _runnable(chapter):
            texts = [step.text for step in s.steps]
            assert not [t for t in texts if record_only.search(t)], (s.id, texts[-1])
            ruled = [t for t in texts if re.fullmatch(FORBIDDEN, t)]
            assert not (ruled and any(tag.startswith("LOG-") for tag in s.tags)), s.id


def test_every_rule_keeps_a_running_example():
    tagged = {tag for s in runner.load() for tag in s.tags}
    assert set(RULES) <= tagged, sorted(set(RULES) - tagged)


# ---- 5: no repetition -------------------------------------------------------------------------------

@pytest.mark.parametrize("chapter", [c for c in BOOK.chapters if c.variant is None], ids=lambda c: c.file)
def test_the_seating_line_is_said_at_most_once_a_chapter(chapter):
    text = (FEATURES / chapter.file).read_text(encoding="utf-8")
    assert len(SEATING.findall(text)) <= 1, SEATING.findall(text)
    prose = [line for line in text.splitlines() if "drafted first" in line and not line.strip().startswith(
        ("Given", "And", "When", "Then", "|", "@"))]
    assert not [p for p in prose if re.search(r"\bhe is Player 1\b", p)], prose


def _last_sentence(blocks) -> str:
    texts = [b.text or " ".join(b.items) for b in blocks]
    return re.split(r"(?<=[.:!?])\s+", texts[-1].strip())[-1] if texts else ""


def _repeats(prose: str, step: str) -> bool:
    said, told = set(_words(prose)), _words(step)
    return bool(told) and sum(w in said for w in told) / len(told) >= 0.8


@pytest.mark.parametrize("chapter", [c for c in BOOK.chapters if c.variant is None], ids=lambda c: c.file)
def test_no_prose_is_repeated_by_the_step_after_it(chapter):
    pairs = []
    first = chapter.background.steps[0] if chapter.background else None
    if first is not None:
        pairs.append((_last_sentence(chapter.paragraphs), first.text))
    for rule in chapter.rules:
        steps = (rule.background.steps if rule.background else ()) or (rule.scenarios[0].steps if rule.scenarios
                                                                       else ())
        if steps:
            pairs.append((_last_sentence(rule.paragraphs), steps[0].text))
    for s in chapter.all_scenarios():
        if s.description and s.steps:
            pairs.append((_last_sentence(s.description), s.steps[0].text))
    repeated = [(p, s) for p, s in pairs if p and _repeats(p, s)]
    assert not repeated, repeated


# ---- 6: the bluff, the tensions, and no talk of programs ---------------------------------------------

def test_an_unchallenged_bluff_stands():
    chapter, rule = BOOK.rule("WD4-3")
    assert "bluff" in " ".join(p.text for p in rule.paragraphs)
    shown = []
    for s in rule.scenarios:
        texts = [step.text for step in s.steps]
        holds = next((t for t in texts if t.startswith("Ana holds") and "wild draw 4" in t), "")
        if ("Ana plays wild draw 4 choosing green" in texts and "Ben draws 4 cards" in texts
                and not any("challenges" in t for t in texts) and re.search(r"\bred [0-9]\b", holds)):
            shown.append(s)
    assert shown, "no scenario shows a Wild Draw 4 played on red 9 by a player holding a red card, unchallenged"
    ran = {s.name for s in _runnable(chapter)}
    assert shown[0].name in ran


TALK = re.compile(r"\b(programs?|tags?|accounts?|parameters?|as if it had been played against them|"
                  r"passing it for the next one)\b", re.IGNORECASE)


@pytest.mark.parametrize("chapter", GAME, ids=lambda c: c.file)
def test_the_chapters_of_the_game_do_not_talk_of_programs_tags_accounts_or_parameters(chapter):
    lines = (FEATURES / chapter.file).read_text(encoding="utf-8").splitlines()
    found = [(n, m.group(0)) for n, line in enumerate(lines, 1) if not line.strip().startswith("@")
             for m in TALK.finditer(line)]
    assert not found, found


def test_a_turn_is_not_said_to_be_one_card_where_a_dump_lays_several():
    turn = " ".join(e for b in OPENING.section("Quick reference") for e in b.items if e.startswith("A turn"))
    reverse = " ".join(e for b in OPENING.section("Quick reference") for e in b.items if e.startswith("Reverse"))
    assert "play one card" in turn and "every other card of its colour" in reverse
