"""One answer two ways: the one-pass replay and the careful reader agree on every log.

:func:`referee.judge` reads and replays most logs in one pass (:func:`referee.log.replay.replay`: each event read
the quick way as the replay reaches it); any other log -- a problem of form anywhere, a broken rule -- goes
the careful way (:func:`~referee.log.document.read_log`, then :meth:`Replay.run`), which is the reference. These
tests hold the two to the same verdict or the same problems (pointers, rule ids, wording) on simulated
games, near-valid logs, every single mistake of the templates and mutants; they show that the one pass is
taken for legal logs and declines illegal ones; and that the quick reading of an entry is either the
careful reading's record or no answer at all.
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict

import pytest
from hypothesis import given
from hypothesis import strategies as st

import referee
from referee import judge, judge_text
from referee.engine.cards import ALL_CARDS
from referee.engine.variants import UNO_DUO
from referee.errors import MalformedLog, RefereeError
from referee.log.document import _read_event, _Reader, quick_event, read_frame, read_log
from referee.log.replay import Replay
from referee.play.selfplay import simulate_game
from tests.service.near_valid import TEMPLATES, near_valid, single_mistakes
from tests.test_fuzz import fuzz_settings

GAMES = [simulate_game(1, UNO_DUO, True), simulate_game(2, UNO_DUO, False), simulate_game(3, "classic-duel", True),
         simulate_game(4, "classic-duel", False), simulate_game(5, UNO_DUO.derive("s", {"refill": "shuffle"}), False)]


def answer(judging, document) -> object:
    """What ``judging`` answers for ``document``: the verdict as JSON, or the problems as JSON."""
    try:
        return judging(document).to_dict()
    except MalformedLog as exc:
        return [p.to_dict() for p in exc.problems]


def careful(document):
    return Replay(read_log(document)).run()


def one_pass(document):
    """The one pass alone: its verdict, or None where it declines (or cannot read the frame)."""
    frame = read_frame(document)
    return None if frame is None else Replay(frame.game).run_in_one_pass(frame.events)


def assert_one_answer(document) -> None:
    expected = answer(careful, document)
    assert answer(judge, document) == expected
    quick = one_pass(document)
    if quick is not None:  # the one pass answers only for a legal log, and answers as the careful way does
        assert quick.legal and quick.to_dict() == expected


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_a_legal_game_is_judged_in_one_pass_as_the_careful_way_judges_it(index: int) -> None:
    game = GAMES[index]
    quick = one_pass(game)
    assert quick is not None and quick.legal and quick.complete
    assert quick.to_dict() == careful(game).to_dict() == judge(game).to_dict()


def test_every_prefix_of_a_game_is_judged_alike() -> None:
    game = GAMES[0]
    for cut in (0, 1, 5, 40):
        prefix = copy.deepcopy(game)
        del prefix["result"]
        rnd = prefix["rounds"][1]
        rnd.pop("result")
        del rnd["events"][cut:]
        del prefix["rounds"][2:]
        assert one_pass(prefix) is not None
        assert_one_answer(prefix)


def test_the_one_pass_declines_a_log_that_breaks_a_rule() -> None:
    game = copy.deepcopy(GAMES[0])
    events = game["rounds"][0]["events"]
    first_play = next(e for e in events if e["type"] == "play")
    first_play["player"] = "Ben" if first_play["player"] == "Ana" else "Ana"  # out of turn: LOG-1
    assert one_pass(game) is None
    verdict = judge(game)
    assert not verdict.legal and verdict.violation.pointer.startswith("/rounds/0/events/")
    assert verdict.to_dict() == careful(game).to_dict()


def test_a_problem_of_form_after_a_broken_rule_is_still_reported() -> None:
    game = copy.deepcopy(GAMES[0])
    game["rounds"][0]["events"][0]["player"] = "Cy"
    game["rounds"][-1]["events"][-1]["card"] = "R10"
    assert answer(judge, game) == answer(careful, game)
    with pytest.raises(MalformedLog):
        judge(game)


@fuzz_settings(100)
@given(st.data())
def test_near_valid_logs_get_one_answer(data) -> None:
    assert_one_answer(near_valid(data))


@pytest.mark.parametrize("template", range(len(TEMPLATES)))
def test_every_single_mistake_gets_one_answer(template: int) -> None:
    for _, document in single_mistakes(TEMPLATES[template]):
        assert_one_answer(document)


def test_mutants_of_a_game_get_one_answer() -> None:
    game = GAMES[1]
    for r, rnd in enumerate(game["rounds"][:2]):
        for i in range(0, len(rnd["events"]), 17):
            for field, value in (("card", "G5"), ("player", "Ben"), ("type", "draw"), ("uno", True)):
                mutant = copy.deepcopy(game)
                mutant["rounds"][r]["events"][i][field] = value
                assert_one_answer(mutant)


# -- the quick reading of an entry ---------------------------------------------------------------------------

PLAYERS = ("Ana", "Ben")
CODES = [c.code for c in ALL_CARDS]
VALUES = st.sampled_from([*CODES[:6], "W", "W+4", "r7", "red 7", "Ana", "Ben", "Cy", "play", "draw", "dump",
                          "challenge", "uno", "catch", "shout", "red", "blue", "pink", True, False, 1, 0, 1.0, None,
                          ["R1"], ["R1", "G2"], [], ["x"], "R1", {}])
FIELDS = st.sampled_from(["player", "type", "card", "color", "uno", "cards", "dump", "refill", "next"])


def careful_event(item) -> object:
    reader = _Reader()
    reader.players = PLAYERS
    event = _read_event(reader, item, "/e")
    return None if reader.problems else event


@fuzz_settings(400)
@given(st.fixed_dictionaries({"player": st.sampled_from(["Ana", "Ben", "Cy", 1, None]),
                              "type": st.sampled_from(["play", "draw", "challenge", "uno", "catch", "dump", 3])},
                             optional={"card": VALUES, "color": VALUES, "uno": VALUES, "cards": VALUES}),
       st.dictionaries(FIELDS, VALUES, max_size=2), st.booleans())
def test_an_entry_read_the_quick_way_is_the_careful_reading(event: dict, extra: dict, unnamed_draws: bool) -> None:
    for item in (event, {**event, **extra}):
        quick = quick_event(item, {"Ana": 0, "Ben": 1}, unnamed_draws)
        if quick is not None:
            assert quick == careful_event(item), item
            assert unnamed_draws or type(quick).__name__ != "Draw" or quick.cards is not None


def test_the_quick_way_reads_the_common_entries_and_leaves_the_rest() -> None:
    players = {"Ana": 0, "Ben": 1}
    common = [{"player": "Ana", "type": "play", "card": "R7"}, {"player": "Ben", "type": "play", "card": "W",
                                                               "color": "red", "uno": True},
              {"player": "Ana", "type": "draw"}, {"player": "Ana", "type": "draw", "cards": ["G1"]},
              {"player": "Ben", "type": "challenge"}, {"player": "Ben", "type": "play", "card": "B2", "uno": False}]
    for item in common:
        assert quick_event(item, players, True) == careful_event(item) is not None
    left = [{"player": "Ana", "type": "play", "card": "r7"}, {"player": "Ana", "type": "play", "card": "R7", "uno": 1},
            {"player": "Ana", "type": "play", "card": "W"}, {"player": "Ana", "type": "draw", "cards": "W"},
            {"player": "Ana", "type": "play", "card": "RR", "dump": ["R1"]}, OrderedDict(player="Ana", type="draw"),
            {"player": "Cy", "type": "draw"}, {"player": "Ana", "type": "play", "card": "R7", "color": "red"},
            ["Ana", "draw"], {"player": ["Ana"], "type": "draw"}]
    for item in left:
        assert quick_event(item, players, True) is None, item
    assert quick_event({"player": "Ana", "type": "draw"}, players, False) is None  # no deck: a draw names its cards


# -- judge_text: the same answer as judge(json.loads(text)) --------------------------------------------------

TEXTS = [
    json.dumps(GAMES[0]), json.dumps(GAMES[3]).encode(),  # legal logs, as str and as UTF-8 bytes
    json.dumps({**GAMES[1], "result": {"winner": "Ana", "scores": {"Ana": 12345678901234567890123, "Ben": 0}}}),
    json.dumps({**GAMES[1], "variant": {"base": "uno-duo", "rules": {"target_score": 10**20}}}),
    json.dumps({**GAMES[1], "extra": float("nan")}), json.dumps({**GAMES[1], "extra": float("inf")}),
    '{"format": "uno-duo-log/1", "format": "uno-duo-log/1", "players": ["Ana", "Ben"], "rounds": []}',
    '{"players": ["Ana", "\\ud800"], "format": "uno-duo-log/1", "rounds": []}', "\ufeff{}", b"\xef\xbb\xbf{}",
    b'{"players": ["\xff"]}', "[" * 2000 + "]" * 2000, "not json", "", "1e400", "[1, 2,]",
    json.dumps(GAMES[2]).encode("utf-16"),
]


def outcome(work) -> object:
    try:
        return "verdict", work().to_dict()
    except MalformedLog as exc:
        return "malformed", [p.to_dict() for p in exc.problems]
    except (ValueError, RecursionError, RefereeError) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("index", range(len(TEXTS)))
def test_judge_text_answers_as_judge_of_json_loads(index: int) -> None:
    text = TEXTS[index]
    assert outcome(lambda: judge_text(text)) == outcome(lambda: judge(json.loads(text)))


def test_judge_text_parses_quickly_where_it_can() -> None:
    assert referee._orjson is not None, "orjson is a dependency: judge_text would parse with json alone"


@pytest.mark.parametrize("collecting", [True, False])
def test_judging_and_playing_pause_the_collector_and_leave_it_as_they_found_it(collecting: bool,
                                                                               monkeypatch) -> None:
    """judge, judge_text and simulate_game run with the cyclic collector paused (referee.collector), and
    leave it on or off as they found it, even when the log is refused."""
    import gc

    import referee.log.replay

    seen = []
    real = referee.log.replay.replay

    def replaying(document, variant=None):
        seen.append(gc.isenabled())
        return real(document, variant=variant)

    monkeypatch.setattr(referee.log.replay, "replay", replaying)
    (gc.enable if collecting else gc.disable)()
    try:
        log = simulate_game(3, UNO_DUO, True, on_step=lambda _: seen.append(gc.isenabled()))
        assert gc.isenabled() is collecting
        text = json.dumps(log)
        assert judge_text(text).to_dict() == judge(json.loads(text)).to_dict()
        assert gc.isenabled() is collecting
        with pytest.raises(MalformedLog):
            judge({"format": "uno-duo-log/1"})
        with pytest.raises(MalformedLog):
            judge_text('{"format": "uno-duo-log/1"}')
        assert gc.isenabled() is collecting
    finally:
        gc.enable()
    assert len(seen) > 100 and not any(seen)
