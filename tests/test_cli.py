"""The command line: verdicts as JSON or text, exit codes, batches, golden checks."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.cli import main

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
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


# --- judge --golden: the exit codes of plain judge, plain words, a diff -----------------------------


def _golden_pair(tmp_path: Path, source: str = FULL) -> Path:
    """A copy of ``source`` and its golden verdict in ``tmp_path``; returns the log's path."""
    log = tmp_path / "game.json"
    log.write_bytes(Path(source).read_bytes())
    (tmp_path / "game.verdict.json").write_bytes(Path(source.replace(".json", ".verdict.json")).read_bytes())
    return log


def test_golden_check_of_a_missing_log_exits_2_in_one_line(tmp_path: Path) -> None:
    missing = str(tmp_path / "missing.json")
    for mode in ("check", "update"):
        result = CliRunner().invoke(main, ["judge", "--golden", mode, missing])
        assert result.exit_code == 2, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.output.strip().count("\n") == 0 and "missing.json" in result.output
        assert "Traceback" not in result.output


def test_golden_check_of_an_unreadable_log_exits_2(tmp_path: Path) -> None:
    log = tmp_path / "game.json"
    log.write_bytes(b"\xff\xfe not text")
    result = run("judge", "--golden", "check", str(log))
    assert result.exit_code == 2
    assert result.output.strip().count("\n") == 0 and "game.json" in result.output


def test_golden_check_without_a_golden_verdict_says_so(tmp_path: Path) -> None:
    log = _golden_pair(tmp_path)
    (tmp_path / "game.verdict.json").unlink()
    result = run("judge", "--golden", "check", str(log))
    assert result.exit_code == 1
    assert "no golden verdict" in result.output
    assert "differs" not in result.output


def test_golden_check_shows_a_unified_diff_of_a_mismatch(tmp_path: Path) -> None:
    log = _golden_pair(tmp_path)
    golden = tmp_path / "game.verdict.json"
    golden.write_text(golden.read_text().replace('"verdict": "legal"', '"verdict": "illegal"'))
    result = run("judge", "--golden", "check", str(log))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert any(line.startswith("--- ") and "game.verdict.json" in line for line in lines)
    assert any(line.startswith("+++ ") for line in lines)
    assert any(line.startswith("@@") for line in lines)
    assert '-  "verdict": "illegal",' in lines and '+  "verdict": "legal",' in lines


def test_golden_check_and_update_agree(tmp_path: Path) -> None:
    log = _golden_pair(tmp_path, ILLEGAL)
    golden = tmp_path / "game.verdict.json"
    golden.unlink()
    assert run("judge", "--golden", "update", str(log)).exit_code == 0
    assert golden.exists()
    result = run("judge", "--golden", "check", str(log))
    assert result.exit_code == 0 and "matches" in result.output


# --- configuration errors: one line naming the setting, exit 2 ---------------------------------------


@pytest.mark.parametrize("name, value, expects", [
    ("REFEREE_VARIANTS_DIR", "{tmp}/no-such-dir", "a directory"),
    ("REFEREE_VARIANTS_DIR", "{tmp}/bad", "not valid TOML"),
])
def test_a_bad_setting_stops_any_command_in_one_line(tmp_path: Path, name: str, value: str, expects: str) -> None:
    (tmp_path / "bad").mkdir()
    (tmp_path / "bad" / "broken.toml").write_text("name = = 1\n")
    result = CliRunner().invoke(main, ["rules"], env={name: value.format(tmp=tmp_path)})
    assert result.exit_code == 2
    assert result.output.count("\n") == 1, result.output
    assert name in result.output and expects in result.output


_LOG = '{"format": "uno-duo-log/1", "players": ["A", "B"], "rounds": [], '
_EDGE_TEXTS = {
    "not JSON": '{"format": ',
    "too deep for json": "[" * 100_000 + "]" * 100_000,
    "NaN": _LOG + '"result": {"winner": null, "scores": {"A": NaN, "B": 0}}}',
    "integer beyond 64 bits": _LOG + '"result": {"winner": "A", "scores": {"A": 1' + "0" * 30 + ', "B": 0}}}',
    "duplicate key": '{"format": "uno-duo-log/1", "players": ["A", "B"], "players": ["A"], "rounds": []}',
    "byte-order mark": "\ufeff" + _LOG[:-2] + "}",
}


@pytest.mark.parametrize("text", [*_EDGE_TEXTS.values(), *(p.read_text() for p in sorted(EXAMPLES.glob("*.json")))],
                         ids=[*_EDGE_TEXTS, *(p.stem for p in sorted(EXAMPLES.glob("*.json")))])
def test_judge_answers_what_the_service_answers(text: str) -> None:
    """The command reads a log as the service reads a request's body (its limits, JSON's values only: no
    NaN) and judges it: the same verdict for a 200, the same detail for a 400 or 413 (of "the log", not
    "the body"), exit status 2 for those."""
    from referee.service import create_app

    service = create_app({"TESTING": True}).test_client().post(
        "/v1/adjudications", data=text.encode(), content_type="application/json")
    result = run("judge", "-", input=text)
    answer = json.loads(result.output)
    if service.status_code == 200:
        verdict = service.get_json()
        assert result.exit_code == (0 if verdict["verdict"] == "legal" else 1)
        if verdict["violation"]:
            verdict["violation"].pop("rule_url")
        assert answer == verdict
    elif service.status_code == 422:
        assert result.exit_code == 2 and answer["problems"] == service.get_json()["errors"]
    else:
        assert result.exit_code == 2, (service.status_code, answer)
        assert answer["detail"] == service.get_json()["detail"].replace("the body", "the log")


@pytest.mark.parametrize("args, why", [
    (["/dev/zero"], "the log exceeds the limit of 4194304 bytes"),
    (["--lines", "/dev/zero"], "the log exceeds the limit of 4194304 bytes"),
])
def test_an_endless_input_stops_at_the_service_limit(args: list[str], why: str) -> None:
    """It read /dev/zero whole: 3.2 GB in 4 s, and on."""
    result = run("judge", *args)
    assert result.exit_code == 2
    assert why in json.loads(result.output)["detail"]


def test_a_big_integer_is_refused_in_the_users_words(tmp_path: Path) -> None:
    log = tmp_path / "big.json"
    log.write_text(_LOG + '"result": {"winner": "A", "scores": {"A": 1' + "0" * 5000 + ', "B": 0}}}')
    result = run("judge", str(log))
    assert result.exit_code == 2
    detail = json.loads(result.output)["detail"]
    assert detail == "the log holds an integer of 5001 digits; integers of at most 4300 digits are read"
    assert "sys." not in detail


def test_nan_is_not_json(tmp_path: Path) -> None:
    result = run("judge", "-", input=_EDGE_TEXTS["NaN"])
    assert result.exit_code == 2
    assert json.loads(result.output) == {"error": "not JSON", "detail": "the log is not valid JSON: NaN is not a "
                                                                        "JSON value"}


def test_a_folder_without_logs_is_unreadable(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("no logs here")
    result = run("judge", str(tmp_path))
    assert result.exit_code == 2
    assert "holds no logs" in json.loads(result.output)["detail"]


def test_an_unknown_variant_says_where_a_house_rule_is_found(monkeypatch) -> None:
    monkeypatch.chdir(REPO)  # where variants/no-volley.toml is
    result = run("variants", "no-volley")
    assert result.exit_code == 1
    assert "did you mean variants/no-volley.toml?" in result.output and "REFEREE_VARIANTS_DIR" in result.output


def test_python_dash_m_referee_is_the_command_line_and_help_has_no_rest_markup() -> None:
    done = subprocess.run([sys.executable, "-m", "referee", "judge", "--help"], capture_output=True, text=True,
                          timeout=60, cwd=REPO)
    assert done.returncode == 0 and done.stdout.startswith("Usage: referee judge")
    assert "``" not in done.stdout
