"""The changed rule, counted: for every parameter in which two variants differ, the report counts how often play
used it, per round (or game), in each variant, and that count heads the report."""

from __future__ import annotations

import pytest

from referee.engine.variants import PARAMETERS, UNO_DUO
from referee.report import make_report
from referee.report.metrics import USES
from referee.report.summary import CHANGED_GROUP, RULES_GROUP

#: For each parameter: the values of A and B, and what the count of its use must be in A and in B ("0": never,
#: "+": sometimes). Random players: they hold every kind of card, forget UNO, catch and challenge.
CASES = {
    "deck": ("112", "108", "+", "0"),
    "start": ("draft", "deal", "+", "0"),
    "action_points": (10, 30, "+", "+"),
    "wild_points": (15, 40, "+", "+"),
    "wild_draw_4_points": (20, 50, "+", "+"),
    "scoring": ("opponent-hand", "own-hand", "+", "0"),
    "target_score": (100, 200, "+", "+"),
    "reaching_target": ("wins", "loses", "+", "0"),
    "volley": (True, False, "+", "0"),
    "wild_draw_4_answers_volley": (True, False, "+", "0"),
    "turned_up_draw_2_answerable": (True, False, "+", "0"),
    "reverse_dump": (True, False, "+", "0"),
    "reverse_skips": (True, False, "+", "0"),
    "challenge": ("any-playable", "none", "+", "0"),
    "bluff_draw": (2, 6, "+", "+"),
    "failed_challenge_draw": (4, 8, "+", "+"),
    "uno_penalty": (1, 4, "+", "+"),
    "refill": ("shuffle", "turn-over", "+", "+"),
    "final_draw": (True, False, "+", "0"),
}


def test_every_parameter_has_a_count_of_its_use():
    assert set(USES) == set(PARAMETERS) == set(CASES)


@pytest.mark.parametrize("parameter", list(CASES))
def test_the_changed_parameter_is_counted_and_heads_the_report(parameter):
    a, b, in_a, in_b = CASES[parameter]
    va = UNO_DUO.derive(f"{parameter}-a", {parameter: a})
    vb = UNO_DUO.derive(f"{parameter}-b", {parameter: b})
    # (a turned-up Draw 2 is answered about once in 120 rounds by random players: more games for it)
    games = 40 if parameter == "turned_up_draw_2_answerable" else 8
    report = make_report(va, vb, games=games, seed=2, bots=("random",))
    head = report["metrics"][0]
    assert head["group"] == CHANGED_GROUP and head["parameter"] == parameter
    assert [r for r in report["metrics"] if r["group"] == CHANGED_GROUP] == [head]
    assert report["changed"] == {parameter: [a, b]}
    for label, expected in (("A", in_a), ("B", in_b)):
        value = head[label]["value"]
        assert (value > 0) if expected == "+" else (value == 0), (label, value)
    assert report["finding"]["verdict"].lower().startswith(head["metric"].lower())


def test_the_house_rule_of_the_issue_counted_by_its_own_row():
    house = UNO_DUO.derive("wd4-answers", {"wild_draw_4_answers_volley": True})
    report = make_report(house, "uno-duo", games=40, seed=1)
    row = report["metrics"][0]
    assert row["parameter"] == "wild_draw_4_answers_volley" and row["metric"] == "Wild Draw 4 answering a volley"
    assert row["A"]["value"] > 0 and row["B"]["value"] == 0 and row["difference"]["low"] > 0
    # Rules no changed parameter governs and that fired as often in both are one line, not rows of the table.
    alike = report["finding"]["rules_alike"]
    assert alike["text"].startswith(f"{len(alike['rules'])} rules fired as often in both")
    summarised = {r["metric"] for r in report["metrics"] if r.get("summarised")}
    assert summarised == set(alike["rules"]) and len(summarised) > 30
    listed = [r for r in report["metrics"] if r["group"] == RULES_GROUP and not r.get("summarised")]
    governed = set(PARAMETERS["wild_draw_4_answers_volley"].rules)
    assert all(r["metric"] in governed or r["difference"]["flagged"] for r in listed)


def test_the_report_says_when_the_styles_weigh_none_of_the_rules_that_differ():
    penalty = UNO_DUO.derive("harsh", {"failed_challenge_draw": 8})
    note = make_report(penalty, "uno-duo", games=4, seed=1)["finding"]["players"]
    assert note.startswith("The styles seated (greedy, challenger) weigh none of the rules that differ "
                           "(failed_challenge_draw)")
    # greedy sheds by points: it weighs the action cards' points
    pricey = UNO_DUO.derive("pricey", {"action_points": 30})
    assert make_report(pricey, "uno-duo", games=4, seed=1)["finding"]["players"] is None
    assert make_report(pricey, "uno-duo", games=4, seed=1, bots=("random",))["finding"]["players"] is not None


def test_the_expert_weighs_every_rule_that_differs():
    """The search plays the variant's own rules out, so the report never says that a table with ``expert``
    seated weighs none of the changed rules (it did before ``ExpertPlayer.reads``). Unit-level: the note is
    asked of the seated styles' names, as the report asks it."""
    from referee.report.summary import players_note

    studies = [{"bots": ["expert-fast", "greedy"]}]
    assert players_note(studies, ("failed_challenge_draw",)) is None
    assert players_note([{"bots": ["greedy", "challenger"]}], ("failed_challenge_draw",)) is not None
