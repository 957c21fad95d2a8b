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
    assert [{"first_drafter": r["first_drafter"], "out": r["out"], "points": r["points"]}
            for r in verdict["rounds"]] == expected["rounds"]


def test_the_cut_ranks_a_number_above_a_symbol() -> None:
    # CUT-2 (revised): in game_s9001_g0 Ana's blue 2 beats Farid's green Skip (0), so Ana drafts first.
    game = json.loads((HERE / "game_s9001_g0.json").read_text())
    assert game["cut"][-1] == {"Ana": "B2", "Farid": "GS"}
    assert judge(game).rounds[0].first_drafter == "Ana"


def test_there_are_games_with_and_without_decks() -> None:
    assert len(GAMES) == 5
    assert sum("nodeck" in p.name for p in GAMES) == 2
