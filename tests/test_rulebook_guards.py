"""Guards on the rulebook itself (features/): every rule has a scenario, every tag is a rule id, every
scenario sits under a Rule titled with its id, no two scenarios of a feature share a name (pytest-bdd
would silently merge them), every feature opens with a description, and an unbound step fails.

And the rulebook reads as a book: an opening chapter first; every Rule states its rule in words, a
clarification marked as one; the chapters state every rule once, in the source's order; the chapters
of the game speak the game, the record's words kept for the record's chapter; no step of chapters 0
to 12 names a rule of the record (LOG-*) or the referee, nor does their prose; and a forbidden act ruled
under a rule of the record says why in the game's words, its scenario tagged GEN-2 and that rule."""

from __future__ import annotations

import importlib
import re
import textwrap
from pathlib import Path

import pytest
from gherkin.parser import Parser
from gherkin.token_scanner import TokenScanner

from referee.engine.rules import RULES

FEATURES = Path(__file__).resolve().parent.parent / "features"
ALLOWED_EXTRA_TAGS: frozenset[str] = frozenset()
RULE_TITLE = re.compile(r"(?P<id>[A-Z]+[0-9]*-[0-9]+)\b")


def _documents() -> dict[str, dict]:
    parser = Parser()
    return {path.relative_to(FEATURES).as_posix(): parser.parse(TokenScanner(path.read_text(encoding="utf-8")))
            for path in sorted(FEATURES.rglob("*.feature"))}


DOCUMENTS = _documents()
#: The rulebook's chapters; features/variants/<name>/ holds each variant's own scenarios.
CHAPTERS = sorted(name for name in DOCUMENTS if "/" not in name)
#: The chapter whose scenarios outside any Rule tell "Your first round" (issue 36).
FIRST_ROUND_CHAPTER = "00_the_game.feature"


def _children(feature: dict):
    """(rule or None, scenario) for every scenario of the feature."""
    for child in feature["children"]:
        if "scenario" in child:
            yield None, child["scenario"]
        elif "rule" in child:
            for grandchild in child["rule"]["children"]:
                if "scenario" in grandchild:
                    yield child["rule"], grandchild["scenario"]


def _tags(node: dict) -> set[str]:
    return {tag["name"].lstrip("@") for tag in node.get("tags", [])}


def _scenario_tags() -> list[tuple[str, str, set[str]]]:
    found = []
    for name, doc in DOCUMENTS.items():
        feature = doc["feature"]
        for rule, scenario in _children(feature):
            tags = _tags(scenario) | _tags(feature) | (_tags(rule) if rule else set())
            found.append((name, scenario["name"], tags))
    return found


def test_there_are_features():
    assert len(CHAPTERS) >= 14


def test_every_built_in_variant_has_its_own_features():
    from referee.engine.variants import BUILT_IN

    own = {name.split("/")[1] for name in DOCUMENTS if name.startswith("variants/")}
    assert own == set(BUILT_IN) - {"uno-duo"}


def test_every_rule_id_has_a_scenario():
    tagged = set().union(*(tags for _, _, tags in _scenario_tags()))
    missing = [rule_id for rule_id in RULES if rule_id not in tagged]
    assert not missing, f"rules with no scenario tagged: {missing}"


def test_every_tag_is_a_rule_id():
    unknown = {(feature, scenario, tag) for feature, scenario, tags in _scenario_tags()
               for tag in tags if tag not in RULES and tag not in ALLOWED_EXTRA_TAGS}
    assert not unknown, f"tags that are no rule id: {sorted(unknown)}"


def test_every_scenario_is_tagged():
    untagged = [(f, s) for f, s, tags in _scenario_tags() if not tags & set(RULES)]
    assert not untagged, untagged


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_scenario_names_are_unique_within_a_feature(name):
    names = [scenario["name"] for _, scenario in _children(DOCUMENTS[name]["feature"])]
    doubles = sorted({n for n in names if names.count(n) > 1})
    assert not doubles, f"{name}: scenarios sharing a name: {doubles}"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_scenario_sits_under_a_rule_titled_with_its_id(name):
    feature = DOCUMENTS[name]["feature"]
    loose = [scenario["name"] for rule, scenario in _children(feature) if rule is None]
    if name != FIRST_ROUND_CHAPTER:  # the opening chapter tells its first round as a story, before any rule
        assert not loose, f"{name}: scenarios outside a Rule: {loose}"
    for child in feature["children"]:
        if "rule" in child:
            title = child["rule"]["name"]
            m = RULE_TITLE.match(title)
            assert m and m.group("id") in RULES, f"{name}: Rule {title!r} does not start with a rule id"
            assert re.match(r"[A-Z]+[0-9]*-[0-9]+ — \S", title), f"{name}: Rule {title!r} is not 'ID — title'"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_rule_block_shows_its_own_rule(name):
    """A scenario under ``Rule: REV-2 ...`` is tagged REV-2: the Rule groups what it demonstrates."""
    for rule, scenario in _children(DOCUMENTS[name]["feature"]):
        if rule is None:
            continue  # the first round's story (chapter 0): each of its scenarios is tagged all the same
        rule_id = RULE_TITLE.match(rule["name"]).group("id")
        assert rule_id in _tags(scenario), f"{name}: {scenario['name']!r} is not tagged {rule_id}"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_feature_has_a_description(name):
    description = (DOCUMENTS[name]["feature"].get("description") or "").strip()
    assert len(description) > 80, f"{name}: the feature needs a description stating its rules"


def test_features_read_in_chapter_order():
    names = CHAPTERS
    numbers = [int(n.split("_", 1)[0]) for n in names]
    assert numbers == list(range(len(names))), names


def test_an_unbound_step_fails(pytester):
    """A scenario with a step no definition matches fails; it is never silently skipped."""
    pytester.makefile(".feature", unbound=textwrap.dedent("""\
        Feature: Unbound
          Rule: TURN-1 A rule
            Scenario: A step nobody wrote
              Given a step that no definition matches
        """))
    pytester.makepyfile(test_unbound=textwrap.dedent("""\
        from pytest_bdd import scenarios
        scenarios("unbound.feature")
        """))
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-q")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*StepDefinitionNotFoundError*"])


@pytest.mark.parametrize("name", CHAPTERS)
def test_clarifications_are_marked(name):
    """A Rule whose registered rule is a clarification (our reading) says so in its title.

    (A variant's own features state the variant's reading of a rule, not a clarification of UNO DUO.)"""
    for child in DOCUMENTS[name]["feature"]["children"]:
        if "rule" in child:
            title = child["rule"]["name"]
            rule = RULES[RULE_TITLE.match(title).group("id")]
            assert rule.clarification == ("(clarification)" in title), (
                f"{name}: Rule {title!r} must be marked '(clarification)' exactly when "
                f"{rule.id} is one")


def _step_texts():
    """(feature, type, text) of every step the features run, outlines expanded, types resolved."""
    from steps import runner

    for scenario in runner.load(sorted(FEATURES.rglob("*.feature")), FEATURES):
        for step in scenario.steps:
            yield scenario.feature, step.kind, step.text


def test_every_step_matches_exactly_one_definition():
    """pytest-bdd silently takes the last definition when two patterns match: keep them disjoint."""
    from pytest_bdd.steps import step_function_context_registry

    for module in ("steps.position", "steps.moves", "steps.rulings"):  # registers the definitions
        importlib.import_module(module)

    contexts = list(step_function_context_registry.values())
    bad = set()
    for name, kind, text in _step_texts():
        matching = [c for c in contexts
                    if c.type in (kind, None) and c.parser.is_matching(text)
                    and c.step_func.__module__.startswith("steps.")]
        if len(matching) != 1:
            bad.add((name, kind, text, tuple(c.step_func.__name__ for c in matching)))
    assert not bad, sorted(bad)


def _forbidden_acts():
    """(feature, scenario, step text, rule) of every step about a forbidden act, outlines expanded."""
    from steps import runner
    from steps.rulings import ruling_of

    for scenario in runner.load(sorted(FEATURES.rglob("*.feature")), FEATURES):
        for step in scenario.steps:
            if step.kind == "then" and (rule := ruling_of(step.text, scenario.tags)):
                yield scenario, step.text, rule


def test_every_rule_cited_in_a_ruling_is_tagged():
    """A forbidden act's rule, named in its sentence or taken from a tag, is among the scenario's tags
    (GEN-2: the rule of the game that speaks to the act and the one named, both)."""
    missing = [(s.id, text, rule) for s, text, rule in _forbidden_acts() if rule not in s.tags]
    assert not missing, missing


# ---- the rulebook as a book -------------------------------------------------------------------------

def _rules(name: str):
    return [child["rule"] for child in DOCUMENTS[name]["feature"]["children"] if "rule" in child]


def _rule_id(rule: dict) -> str:
    return RULE_TITLE.match(rule["name"]).group("id")


def test_the_opening_chapter_comes_first_and_says_what_the_game_is():
    opening = CHAPTERS[0]
    assert opening.startswith("00_"), CHAPTERS
    text = DOCUMENTS[opening]["feature"]["description"]
    for needed in ("Quick reference", "What differs from classic UNO", "Your first round", "The object of the game",
                   "200", "exactly two players", "112-card", "Mark & Cristina Ball", "How to read an example",
                   "Player 1", "Player 2"):
        assert needed in text, f"{opening}: the opening chapter does not say {needed!r}"


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_every_rule_states_its_rule_in_words(name):
    """A reader who skips the scenarios still reads every rule: each Rule's description holds its text."""
    for rule in _rules(name):
        text = (rule.get("description") or "").strip()
        assert len(text) > 40, f"{name}: Rule {rule['name']!r} states no rule in words"


@pytest.mark.parametrize("name", CHAPTERS)
def test_a_clarification_says_in_its_text_what_it_decides(name):
    """The Rule of a clarification has a line beginning 'Clarification' that says what it decides (a rule
    of the source may carry one too, for the part of it that the source leaves open)."""
    for rule in _rules(name):
        lines = [line.strip() for line in (rule.get("description") or "").splitlines()]
        if RULES[_rule_id(rule)].clarification:
            assert any(line.startswith("Clarification") for line in lines), (
                f"{name}: Rule {rule['name']!r} is a clarification, and no line says 'Clarification'")


def test_the_chapters_state_every_rule_once_in_the_source_order():
    """In the source's order, except GEN-2 (which rule a ruling names), stated with the record's rules in the
    record's chapter, just before them (issue 36): a player meets the game first."""
    stated = [_rule_id(rule) for name in CHAPTERS for rule in _rules(name)]
    expected = [r for r in RULES if r != "GEN-2"]
    expected.insert(expected.index("LOG-1"), "GEN-2")
    assert stated == expected, [r for r in stated if stated.count(r) > 1] or stated
    assert "GEN-2" in [_rule_id(rule) for rule in _rules(CHAPTERS[-1])]


RULE_ID = re.compile(r"\b[A-Z]+[0-9]*-[0-9]+\b")
RECORD_WORDS = re.compile(r"\b(record|records|recorded|pointer|stated position|interjections?|catchable|"
                          r"draws in all|log|logs)\b", re.IGNORECASE)


@pytest.mark.parametrize("name", [n for n in CHAPTERS if not n.startswith(("00_", "13_"))])
def test_the_chapters_of_the_game_speak_the_game(name):
    """The record's vocabulary belongs to its chapter (13): chapters 1 to 12 speak of the game."""
    lines = (FEATURES / name).read_text(encoding="utf-8").splitlines()
    found = [(number, m.group(0)) for number, line in enumerate(lines, 1)
             for m in RECORD_WORDS.finditer(RULE_ID.sub("", line))]
    assert not found, f"{name}: record vocabulary at {found}"


def test_a_ruling_under_a_rule_of_the_record_says_why():
    """Where GEN-2 names a rule of the record for an act of the game (chapters 0-12), the sentence says
    why in the game's words and the scenario is tagged GEN-2, the rule that says why that rule is named."""
    silent = [(s.id, text) for s, text, rule in _forbidden_acts()
              if not s.feature.startswith("13_") and rule.startswith("LOG-") and "GEN-2" not in s.tags]
    assert not silent, f"forbidden acts ruled under a rule of the record, not tagged GEN-2: {silent}"


GAME_CHAPTERS = [n for n in CHAPTERS if int(n.split("_", 1)[0]) <= 12]
REFEREE_SPEAK = re.compile(r"\bLOG-[0-9]+\b|\breferee\b", re.IGNORECASE)


@pytest.mark.parametrize("name", GAME_CHAPTERS)
def test_the_game_chapters_steps_name_no_rule_of_the_record_nor_the_referee(name):
    """A reader of chapters 0 to 12 meets the game, not a referee's report: no step (nor a cell of its
    table, nor an outline's value) names a rule of the record (LOG-*) or the referee. Where GEN-2 names a
    rule of the record, the scenario's tag carries it."""
    from steps import runner

    found = set()
    for scenario in runner.load([FEATURES / name], FEATURES):
        for step in scenario.steps:
            words = [step.text, *(cell for row in step.datatable or () for cell in row)]
            found |= {(step.line, m.group(0), step.text) for text in words for m in REFEREE_SPEAK.finditer(text)}
    assert not found, f"{name}: steps that speak as a referee: {sorted(found)}"


@pytest.mark.parametrize("name", GAME_CHAPTERS)
def test_the_game_chapters_text_names_no_rule_of_the_record_nor_the_referee(name):
    """Nor does the chapter's prose (its description, its rules' and scenarios' texts): the rules of the
    record and the order of the checks are chapter 13's. Tags may name them."""
    lines = (FEATURES / name).read_text(encoding="utf-8").splitlines()
    found = [(number, m.group(0)) for number, line in enumerate(lines, 1) if not line.strip().startswith("@")
             for m in REFEREE_SPEAK.finditer(line)]
    assert not found, f"{name}: {found}"


def test_every_step_matches_exactly_one_definition_of_the_variant_runs_too():
    """The variant runs play steps through steps.define.STEPS: the same definitions pytest-bdd has."""
    from steps.define import matching

    for module in ("steps.position", "steps.moves", "steps.rulings"):
        importlib.import_module(module)
    bad = sorted({(name, kind, text) for name, kind, text in _step_texts() if len(matching(kind, text)) != 1})
    assert not bad, bad
