"""The five conformance games: complete legal games, and what a correct referee computes for each."""

import json
from pathlib import Path

import pytest

from referee import judge

HERE = Path(__file__).parent / "conformance"
GAMES = sorted(p for p in HERE.glob("game_*.json") if not p.name.endswith(".expect.json"))


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_the_referee_computes_the_expected_result(path: Path) -> None:
    expected = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    verdict = judge(json.loads(path.read_text())).to_dict()
    assert verdict["verdict"] == expected["verdict"]
    assert verdict["complete"] == expected["complete"]
    assert verdict["scores"] == expected["scores"]
    assert verdict["winner"] == expected["winner"]
    assert [{"out": r["out"], "points": r["points"]} for r in verdict["rounds"]] == expected["rounds"]


def test_there_are_games_with_and_without_decks() -> None:
    assert len(GAMES) == 5
    assert sum("nodeck" in p.name for p in GAMES) == 2
