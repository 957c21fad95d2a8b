"""referee.walk: one step per entry the engine accepted, each position the verdict of the log cut there.

The oracle is the engine itself: the position after an entry is the verdict's ``position`` for the log
that stops right after that entry, and who acts next is that verdict's ``next.player``.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

import referee
from referee.errors import MalformedLog
from referee.play.selfplay import simulate
from referee.walk import KINDS, resolve, walk
from tests.support import ev, game, position, turned_up

EXAMPLES = sorted(p for p in (Path(__file__).resolve().parent.parent / "examples").glob("*.json")
                  if not p.name.endswith(".verdict.json"))


def prefix(document: dict, pointer: str) -> dict:
    """The log as it stood right after the entry at ``pointer``: nothing later, no claim not yet made."""
    parts = pointer.split("/")[1:]
    cut = copy.deepcopy(document)
    cut.pop("result", None)
    if parts[0] == "result":
        return copy.deepcopy(document)
    if parts[0] == "cut":
        cut["cut"] = cut["cut"][:int(parts[1]) + 1]
        cut["rounds"] = []
        return cut
    index = int(parts[1])
    cut["rounds"] = cut["rounds"][:index + 1]
    rnd = cut["rounds"][index]
    where = parts[2]
    if where != "result":
        rnd.pop("result", None)
    if where in ("draft", "setup"):
        rnd.pop("turn_up", None)
        rnd.pop("color", None)
        rnd["events"] = []
    if where == "draft":
        rnd["draft"] = rnd["draft"][:int(parts[3]) + 1]
    if where == "turn_up":
        rnd["events"] = []
    if where == "events":
        rnd["events"] = rnd["events"][:int(parts[3]) + 1]
    return cut


def check_step(document: dict, step) -> None:
    """The step's position, scores and player to act are the verdict's for the log cut after it."""
    if step.kind == "cut":
        assert step.position is None
        return
    if step.kind == "setup" and step.position is None:
        return  # a stated set-up followed by a turned-up card: the engine reports no position between
    judged = referee.judge(prefix(document, step.pointer))
    assert judged.legal, (step.pointer, judged.violation)
    verdict = judged.to_dict()
    if step.kind == "pick" and step.position["phase"] == "turn_up":
        # The fourteenth pick: its discards are still face up; the verdict has turned them under.
        assert step.position["hands"] == verdict["position"]["hands"]
        total = step.position["draw_pile"] + step.position["discard_pile"]
        assert total == verdict["position"]["draw_pile"] + verdict["position"]["discard_pile"]
        return
    assert step.position == verdict["position"], step.pointer
    assert step.scores == verdict["scores"], step.pointer
    if step.position["phase"] in ("play", "draft"):
        assert step.to_act == verdict["next"]["player"], step.pointer
    else:
        assert step.to_act is None


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_every_example_steps_to_its_verdict(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    steps = walk(document)
    verdict = referee.judge(document)
    assert steps.verdict.to_dict() == verdict.to_dict()
    last = steps.steps[-1]
    if verdict.violation:
        assert last.violation == verdict.violation
        assert last.pointer == verdict.violation.pointer
        assert [s for s in steps if s.violation] == [last]
    else:
        assert all(s.violation is None for s in steps)
    assert last.position == verdict.to_dict()["position"]
    assert last.scores == verdict.scores
    assert {s.kind for s in steps} <= set(KINDS)
    for step in steps:
        assert step.entry == resolve(document, step.pointer)
    pointers = [s.pointer for s in steps]
    assert len(set(pointers)) == len(pointers)
    # Every position along the way; the long games sampled (every entry would be quadratic): the first
    # round's draft, every turned-up card and claim, and some twenty entries spread over the game.
    stride = max(1, len(steps) // 20)
    chosen = [s for i, s in enumerate(steps) if not s.violation and (
        i % stride == 0 or i < 16 or s.kind not in ("event", "pick"))]
    for step in chosen:
        check_step(document, step)


def test_every_entry_of_a_game_is_a_step_in_order():
    document = json.loads((EXAMPLES[0].parent / "full-game-with-decks.json").read_text(encoding="utf-8"))
    expected = [f"/cut/{i}" for i in range(len(document["cut"]))]
    for r, rnd in enumerate(document["rounds"]):
        expected += [f"/rounds/{r}/draft/{i}" for i in range(len(rnd["draft"]))]
        expected.append(f"/rounds/{r}/turn_up")
        expected += [f"/rounds/{r}/events/{i}" for i in range(len(rnd["events"]))]
        if "result" in rnd:
            expected.append(f"/rounds/{r}/result")
    expected.append("/result")
    assert [s.pointer for s in walk(document)] == expected


@pytest.mark.parametrize("variant", ["uno-duo", "classic-duel"])
def test_simulated_games_step_to_each_verdict(variant):
    for document in simulate(2, seed=11, variant=variant, with_deck=False):
        document["rounds"] = document["rounds"][:2]  # two rounds: enough for the round change
        document.pop("result", None)
        steps = walk(document)
        assert steps.verdict.legal
        for step in steps.steps[::7] + steps.steps[-3:]:
            check_step(document, step)


def test_a_round_over_shows_its_points_in_the_scores():
    document = game(position(["R4"], ["B1", "B2"], ["R9"], ev("Ana", "play", card="R4")))
    last = walk(document).steps[-1]
    assert last.position["phase"] == "over"
    assert last.scores == referee.judge(document).scores == {"Ana": 0, "Ben": 3}
    assert last.to_act is None


def test_the_violating_entry_is_last_with_the_position_before_it():
    document = game(position(["RR", "R4", "R5", "G1"], ["G3", "Y6"], ["R9"],
                             ev("Ana", "play", card="RR", dump=["R4"]), ev("Ben", "play", card="G3")))
    steps = walk(document).steps
    assert [s.pointer for s in steps] == ["/rounds/0/setup", "/rounds/0/events/0"]
    broken = steps[-1]
    assert (broken.violation.rule, broken.violation.pointer) == ("REV-2", "/rounds/0/events/0")
    assert broken.position == steps[0].position  # nothing of the refused play was applied
    assert broken.entry == {"player": "Ana", "type": "play", "card": "RR", "dump": ["R4"]}
    assert broken.to_act == "Ana"


def test_a_turned_up_card_after_a_setup():
    document = game(turned_up(["R1", "G2"], ["B3", "Y4"], "R7", ev("Ana", "play", card="R1")))
    steps = walk(document).steps
    assert [s.kind for s in steps] == ["setup", "turn_up", "event"]
    assert steps[0].position is None
    assert steps[1].position["top"] == "R7"
    assert steps[1].to_act == "Ana"


def test_a_broken_cut_is_the_last_step():
    setup = {"first_drafter": "Ana", "setup": {"hands": {"Ana": ["R1"], "Ben": ["B1"]}, "discard": ["G1"]}}
    decided_then_more = game(setup, cut=[{"Ana": "R7", "Ben": "G5"}, {"Ana": "R1", "Ben": "G2"}])
    steps = walk(decided_then_more).steps
    assert [s.pointer for s in steps] == ["/cut/0", "/cut/1"]
    assert (steps[-1].violation.rule, steps[-1].kind, steps[-1].position) == ("CUT-2", "cut", None)
    tied_then_a_round = game(setup, cut=[{"Ana": "R7", "Ben": "G7"}])
    steps = walk(tied_then_a_round).steps
    assert [(s.pointer, s.violation and s.violation.rule) for s in steps] == [("/cut/0", None), ("/rounds/0", "CUT-2")]


def test_a_malformed_log_is_refused_as_judge_refuses_it():
    with pytest.raises(MalformedLog) as caught:
        walk({"format": "uno-duo-log/1", "players": ["Ana"], "rounds": []})
    with pytest.raises(MalformedLog) as judged:
        referee.judge({"format": "uno-duo-log/1", "players": ["Ana"], "rounds": []})
    assert [p.pointer for p in caught.value.problems] == [p.pointer for p in judged.value.problems]


def test_steps_are_json_ready():
    document = json.loads((EXAMPLES[0].parent / "illegal-uno-false-catch.json").read_text(encoding="utf-8"))
    data = [s.to_dict() for s in walk(document)]
    assert json.loads(json.dumps(data)) == data
    assert data[-1]["violation"]["rule"] == "UNO-3"


@pytest.mark.parametrize(("pointer", "value"), [
    ("", {"a": [1, {"b/c": 2, "d~e": 3}]}), ("/a/0", 1), ("/a/1/b~1c", 2), ("/a/1/d~0e", 3),
    ("/a/5", None), ("/x", None), ("/a/1/b~1c/z", None)])
def test_resolve(pointer, value):
    assert resolve({"a": [1, {"b/c": 2, "d~e": 3}]}, pointer) == value


_GARBAGE_OF_A_WALK = """
import gc, json, sys
from referee.walk import walk
document = json.loads(open(sys.argv[1], encoding="utf-8").read())
gc.disable()
gc.set_debug(gc.DEBUG_SAVEALL)  # what the collector finds unreachable stays in gc.garbage, to be named
gc.collect()
gc.garbage.clear()
steps = walk(document)
assert len(steps) > 100
del steps
gc.collect()
print(json.dumps(sorted({type(o).__qualname__ for o in gc.garbage if type(o).__module__.startswith("referee")})))
"""


def test_a_walk_leaves_no_cyclic_garbage():
    """The recorder and the replay referred to each other, so each walk's replay stayed in memory until
    the cyclic collector ran: in a serving worker (young threshold 50,000) for many requests. Measured in
    a process of its own: in the test process, another test's server thread may leave garbage meanwhile."""
    log = EXAMPLES[0].parent / "full-game-with-decks.json"
    found = subprocess.run([sys.executable, "-c", _GARBAGE_OF_A_WALK, str(log)], capture_output=True,
                           text=True, check=True, timeout=120)
    assert json.loads(found.stdout) == []  # before the fix: _Recorder, Replay, RoundState, ... (5,611 objects)
