"""The examples and their golden verdicts (``make golden`` rewrites them; review the diff)."""

import json
from pathlib import Path

import pytest

from referee import judge

EXAMPLES = Path(__file__).parent.parent / "examples"
LOGS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".verdict.json"))


@pytest.mark.parametrize("path", LOGS, ids=[p.stem for p in LOGS])
def test_the_verdict_is_the_golden_one(path: Path) -> None:
    golden = json.loads(path.with_name(path.stem + ".verdict.json").read_text())
    assert judge(json.loads(path.read_text())).to_dict() == golden


def test_the_examples_cover_the_rule_families() -> None:
    verdicts = {p.stem: json.loads(p.with_name(p.stem + ".verdict.json").read_text()) for p in LOGS}
    illegal = {name: v["violation"]["rule"] for name, v in verdicts.items() if v["verdict"] == "illegal"}
    assert len(set(illegal.values()) | set(illegal)) >= 8
    assert {"DRAFT-5", "START-3", "TURN-1", "REV-2", "UNO-3", "LOG-5", "LOG-4", "GAME-2"} <= set(illegal.values())
    complete = [v for v in verdicts.values() if v["verdict"] == "legal" and v["complete"]]
    assert len(complete) >= 2 and any(len(v["rounds"]) > 1 for v in complete)
    assert any(v["verdict"] == "legal" and not v["complete"] for v in verdicts.values())


def test_every_log_has_its_golden_verdict() -> None:
    verdicts = {p.name.removesuffix(".verdict.json") for p in EXAMPLES.glob("*.verdict.json")}
    assert verdicts == {p.stem for p in LOGS}
