"""The live tables' benchmarks (bench/expert_tables.py, bench/exploiter.py) run end to end, and the exploiter plays
as documented.

Each script is run as the docs say, on 2 games of quick styles (the figures are docs/performance.md's; here only
that the scripts play whole games through the API and report what they played): against an app in the script's
process, and once over HTTP against a real ``referee serve``. The exploiter's choices are checked on views
written out in the API's own form.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee.engine.variants import DEFAULT_RULES
from tests.tables.serving import Service

BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.fixture
def exploiter(monkeypatch):
    """bench/exploiter.py as a module (bench/ on the path for this test only)."""
    monkeypatch.syspath_prepend(str(BENCH))
    import exploiter as module

    return module


def _run(script: str, tmp_path: Path, *options: str) -> dict:
    out = tmp_path / f"{script}.json"
    finished = subprocess.run([sys.executable, str(BENCH / f"{script}.py"), "--games", "2", "--out", str(out),
                               *options], capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    result = json.loads(out.read_text())
    assert result["complete"] and len(result["games"]) == 2
    return result


def _check_two_bot_games(result: dict) -> None:
    games = result["games"]
    assert [g["seat"] for g in games] == [0, 1]  # the measured style sits in each seat once
    assert games[0]["seeded"] and games[0]["seed"] == games[1]["seed"]  # a mirrored pair: one deal, seats swapped
    for game in games:
        assert game["winner"] in ("Ana", "Ben") and game["decisions"] > 100
        loser_score = game["scores"]["opponent" if game["won"] else "style"]
        assert loser_score >= 200  # GAME-2: the game ended with one player over the target
    rate = result["win_rate"]
    assert rate["wins"] == sum(g["won"] for g in games) and rate["games"] == 2
    assert rate["low"] <= rate["value"] <= rate["high"]


def test_expert_tables_plays_whole_two_bot_games_in_process(tmp_path):
    result = _run("expert_tables", tmp_path, "--style", "greedy", "--opponent", "challenger", "--seed", "5")
    assert result["style"] == "greedy" and result["opponent"] == "challenger"
    _check_two_bot_games(result)


def test_expert_tables_plays_over_http_against_referee_serve(tmp_path):
    service = Service(f"sqlite:///{tmp_path / 'tables.sqlite3'}", tmp_path, REFEREE_TABLES_ALLOW_SEED="1")
    try:
        result = _run("expert_tables", tmp_path, "--url", f"http://127.0.0.1:{service.port}",
                      "--style", "challenger", "--opponent", "greedy")
    finally:
        service.stop()
    assert result["service"] == f"http://127.0.0.1:{service.port}"
    _check_two_bot_games(result)


def test_the_exploiter_plays_whole_games_and_times_every_move(tmp_path):
    result = _run("exploiter", tmp_path, "--opponent", "challenger", "--seed", "7")
    games = result["games"]
    assert [g["seat"] for g in games] == [0, 1]
    assert result["refused"] == 0  # every decision it posted was one its view listed, and was taken
    assert result["challenges"] > 0 and 0 <= result["challenges_upheld"] <= result["challenges"]
    posts = sum(g["posts"] for g in games)
    assert len(result["moves"]) == posts == result["latency"]["all_moves"]["moves"]
    answered = result["latency"]["answered_by_the_bot"]
    assert 0 < answered["moves"] < posts  # the bot replied to some moves (not to a catch, nor within its turn)
    assert 0 < answered["median_ms"] <= answered["p99_ms"] <= answered["max_ms"]
    in_play = result["latency"]["in_play"]["moves"]
    assert in_play == sum(move["type"] != "pick" for move in result["moves"]) and 0 < in_play < posts
    for game in games:
        assert game["winner"] in ("Ana", "Ben")
        assert game["bot_won"] == (game["winner"] == ("Ben" if game["seat"] == 0 else "Ana"))


def _view(legal, interjections=(), hand=(), phase="play", drawn=None) -> dict:
    return {"phase": phase, "legal": list(legal), "interjections": list(interjections), "hand": list(hand),
            "drawn": drawn}


def test_the_exploiter_catches_and_says_uno_before_anything_else(exploiter):
    plays = [{"type": "play", "card": "R5"}, {"type": "draw"}]
    assert exploiter.decide(_view(plays, [{"type": "catch"}], ["R5", "G2"]), DEFAULT_RULES) == {"type": "catch"}
    assert exploiter.decide(_view(plays, [{"type": "uno"}], ["R5"]), DEFAULT_RULES) == {"type": "uno"}
    assert exploiter.decide(_view([], [{"type": "catch"}]), DEFAULT_RULES) == {"type": "catch"}  # not its turn
    assert exploiter.decide(_view([]), DEFAULT_RULES) is None


def test_the_exploiter_challenges_every_wild_draw_4(exploiter):
    owed = [{"type": "draw"}, {"type": "challenge"}]
    assert exploiter.decide(_view(owed, hand=["R5"]), DEFAULT_RULES) == {"type": "challenge"}


def test_the_exploiter_sheds_the_most_points_it_can(exploiter):
    hand = ["R5", "RS", "RR", "W", "G9", "G8", "GS"]  # green 27 points, red 25
    legal = [{"type": "play", "card": "R5"}, {"type": "play", "card": "RS"}, {"type": "play", "card": "RR"},
             {"type": "play", "card": "RR", "dump": ["R5", "RS"]}]
    legal += [{"type": "play", "card": "W", "color": c} for c in ("red", "yellow", "green", "blue")]
    legal.append({"type": "draw"})
    assert exploiter.decide(_view(legal, hand=hand), DEFAULT_RULES) == legal[3]  # the dump: 25 points
    wilds = legal[4:]
    # the wild (15) over the Skip (10), its colour the one the rest of the hand holds most points of
    assert exploiter.decide(_view(legal[:2] + wilds, hand=hand), DEFAULT_RULES) == {"type": "play", "card": "W",
                                                                                   "color": "green"}
    assert exploiter.decide(_view([{"type": "draw"}], hand=hand), DEFAULT_RULES) == {"type": "draw"}
    drawn = [{"type": "play", "card": "B1"}, {"decision": "keep"}]
    assert exploiter.decide(_view(drawn, hand=[*hand, "B1"]), DEFAULT_RULES) == drawn[0]  # a playable draw is played


def test_the_exploiter_drafts_and_names_a_colour_as_greedy_does(exploiter):
    picks = [{"decision": "keep"}, {"decision": "pass"}]
    assert exploiter.decide(_view(picks, phase="draft", drawn="W+4"), DEFAULT_RULES) == {"decision": "keep"}
    assert exploiter.decide(_view(picks, phase="draft", drawn="B3"), DEFAULT_RULES) == {"decision": "keep"}
    assert exploiter.decide(_view(picks, phase="draft", drawn="B9"), DEFAULT_RULES) == {"decision": "pass"}
    colours = [{"color": c} for c in ("red", "yellow", "green", "blue")]
    assert exploiter.decide(_view(colours, hand=["Y1", "Y2", "BS"], phase="colour"), DEFAULT_RULES) == {"color": "blue"}


def test_the_exploiter_reads_a_challenge_upheld_or_failed_off_the_answer(exploiter):
    failed = {"owes": {"kind": "penalty", "cards": 6, "rule": "WD4-5", "player": "Ana"}}
    assert not exploiter._challenge_upheld(failed, "Ana")
    assert exploiter._challenge_upheld({"owes": None}, "Ana")  # the bot drew its four at once
    assert exploiter._challenge_upheld(failed, "Ben")  # another seat's penalty
    # a draw the challenger owes under another rule than WD4-5 is no lost challenge (UNO-2: caught since)
    caught = {"owes": {"kind": "penalty", "cards": 2, "rule": "UNO-2", "player": "Ana"}}
    assert exploiter._challenge_upheld(caught, "Ana")


def test_every_game_is_dealt_a_seed_the_tables_take(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    import live_tables

    transport = live_tables.InProcessTransport()
    try:
        for game in range(12):  # game_seed's 64 bits exceed the API's range for about half of these
            table = live_tables.create_table(transport, {"Ana": "greedy", "Ben": "greedy"},
                                             live_tables.deal_seed(39, game))
            assert table.seeded
    finally:
        transport.close()
