"""The command line: verdicts as JSON or text, exit codes, batches, golden checks."""

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import main

EXAMPLES = Path(__file__).parent.parent / "examples"
FULL = str(EXAMPLES / "full-game-with-decks.json")
ILLEGAL = str(EXAMPLES / "illegal-reverse-partial-dump.json")


def run(*args: str, input: str | None = None):
    return CliRunner().invoke(main, list(args), input=input)


def test_a_legal_log_exits_0_with_its_verdict() -> None:
    result = run("judge", FULL)
    assert result.exit_code == 0
    verdict = json.loads(result.output)
    assert verdict["verdict"] == "legal" and verdict["complete"]


def test_an_illegal_log_exits_1_and_the_text_names_rule_and_event() -> None:
    result = run("judge", "--format", "text", ILLEGAL)
    assert result.exit_code == 1
    assert "REV-2" in result.output and "/rounds/0/events/0" in result.output


def test_unreadable_input_exits_2() -> None:
    assert run("judge", "-", input="{not json").exit_code == 2
    result = run("judge", "-", input='{"format": "uno-duo-log/1", "players": ["A"], "rounds": []}')
    assert result.exit_code == 2
    assert json.loads(result.output)["problems"][0]["pointer"] == "/players"
    assert run("judge", "no/such/file.json").exit_code == 2


def test_several_files_give_json_lines_and_the_worst_exit() -> None:
    result = run("judge", FULL, ILLEGAL, str(EXAMPLES / "full-game-with-decks.verdict.json"))
    assert result.exit_code == 1
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [line["verdict"] for line in lines] == ["legal", "illegal"]  # verdict files are passed over


def test_json_lines_in_json_lines_out() -> None:
    batch = "\n".join(json.dumps(json.loads(Path(p).read_text())) for p in (FULL, ILLEGAL)) + "\n"
    result = run("judge", "--lines", "-", input=batch)
    assert result.exit_code == 1
    assert [json.loads(line)["source"] for line in result.output.splitlines()] == ["-:1", "-:2"]


def test_golden_check_reproduces_every_example() -> None:
    logs = [str(p) for p in EXAMPLES.glob("*.json")]
    assert run("judge", "--golden", "check", *logs).exit_code == 0


def test_rules_variants_and_parameters_are_listed() -> None:
    assert "REV-2" in run("rules").output
    assert "classic-duel" in run("variants").output
    assert json.loads(run("variants", "uno-duo-108").output)["rules"]["deck"] == "108"
    assert run("variants", "nope").exit_code == 1
    assert "target_score" in run("parameters").output


def test_simulate_writes_legal_games_deterministically(tmp_path: Path) -> None:
    first = run("simulate", "--games", "2", "--seed", "5")
    assert first.exit_code == 0 and first.stdout == run("simulate", "--games", "2", "--seed", "5").stdout
    assert first.stderr == "wrote 2 games as JSON Lines to standard output\n"
    batch = first.stdout
    assert run("judge", "--lines", "-", input=batch).exit_code == 0
    out = tmp_path / "games"
    assert run("simulate", "--games", "1", "--no-deck", "--variant", "classic-duel", "--out", str(out)).exit_code == 0
    [game] = out.glob("*.json")
    assert "deck" not in json.loads(game.read_text())["rounds"][0]
    assert run("judge", str(game)).exit_code == 0


def test_simulate_stats_counts_rule_ids() -> None:
    stats = json.loads(run("simulate", "--games", "3", "--stats").stdout)
    assert stats["games"] == 3 and stats["rules"]["DRAFT-3"] > 0
