"""The shared executor: results in the items' order on one core, on many, and on a Dask cluster."""

from __future__ import annotations

import functools
import json

import pytest

from referee.executor import Executor, ExecutorError, available_cores, ordered_map


def square(x: int) -> int:
    return x * x


def scaled(x: int, by: int) -> int:
    return x * by


def fails_on_7(x: int) -> int:
    if x == 7:
        raise ValueError("seven")
    return x


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("batch", [1, 3, 100])
def test_results_come_in_the_items_order(jobs, batch):
    assert Executor(jobs, progress=False, batch=batch).map(square, range(50)) == [x * x for x in range(50)]


def test_a_stream_is_read_a_window_at_a_time_and_still_in_order():
    executor = Executor(2, progress=False, batch=2)
    assert list(executor.imap(square, iter(range(1000)))) == [x * x for x in range(1000)]


def test_a_partial_of_a_module_function_travels():
    assert ordered_map(functools.partial(scaled, by=3), range(40), jobs=2, progress=False, batch=4) == \
        [3 * x for x in range(40)]


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_error_in_a_task_reaches_the_caller(jobs):
    with pytest.raises(ValueError, match="seven"):
        Executor(jobs, progress=False, batch=2).map(fails_on_7, range(20))


def test_bad_settings_are_refused_in_words():
    with pytest.raises(ExecutorError, match="--jobs must be 1 or more"):
        Executor(0)
    assert Executor().jobs == available_cores() >= 1
    assert Executor(1).describe() == "this process" and Executor(3).describe() == "3 local processes"


def test_the_progress_bar_counts_weights_on_standard_error(capsys):
    executor = Executor(1, progress=True, batch=2)
    assert executor.map(square, [1, 2, 3], "squaring", weight=lambda x: 10) == [1, 4, 9]
    err = capsys.readouterr().err
    assert "squaring" in err and "30/30" in err


def test_a_dask_cluster_gives_the_same_results(dask_address):
    executor = Executor(dask=dask_address, progress=False, batch=3)
    assert executor.map(square, range(30)) == [x * x for x in range(30)]
    assert executor.describe() == f"the Dask cluster at {dask_address}"
    with pytest.raises(ValueError, match="seven"):
        executor.map(fails_on_7, range(10))


# -- the commands on the executor -------------------------------------------------------------------

def cli(*args: str, input: str | None = None):
    from click.testing import CliRunner

    from referee.cli import main

    return CliRunner().invoke(main, list(args), input=input)


def test_simulate_gives_the_same_games_on_one_core_two_and_dask(tmp_path, dask_address):
    one = cli("simulate", "--games", "12", "--seed", "4", "--jobs", "1")
    assert one.exit_code == 0 and len(one.stdout.splitlines()) == 12
    assert one.stderr == "wrote 12 games as JSON Lines to standard output\n"  # no bar: not a terminal
    assert cli("simulate", "--games", "12", "--seed", "4", "--jobs", "2").stdout == one.stdout
    assert cli("simulate", "--games", "12", "--seed", "4", "--dask", dask_address).stdout == one.stdout
    stats_one = cli("simulate", "--games", "12", "--seed", "4", "--stats", "--jobs", "1").stdout
    assert cli("simulate", "--games", "12", "--seed", "4", "--stats", "--jobs", "2").stdout == stats_one
    out = tmp_path / "games"
    written = cli("simulate", "--games", "12", "--seed", "4", "--out", str(out), "--jobs", "2")
    assert written.stderr == f"wrote 12 games to {out}/ (game_0000.json … game_0011.json)\n"
    files = sorted(out.glob("game_*.json"))
    assert [json.loads(f.read_text()) for f in files] == [json.loads(line) for line in one.stdout.splitlines()]


def test_batch_judge_keeps_the_input_order_on_every_core(tmp_path):
    games = cli("simulate", "--games", "40", "--seed", "8", "--jobs", "1").stdout.splitlines()
    games[17] = games[17].replace('"type": "play"', '"type": "dance"', 1)  # malformed: exit 2
    archive = tmp_path / "archive"
    (archive / "b").mkdir(parents=True)
    for i, line in enumerate(games[:20]):
        (archive / f"game_{i:02d}.json").write_text(line)
    (archive / "b" / "rest.jsonl").write_text("\n".join(games[20:]) + "\n")
    (archive / "game_00.verdict.json").write_text("{}")  # a verdict, passed over
    serial = cli("judge", str(archive), "--jobs", "1")
    parallel = cli("judge", str(archive), "--jobs", "2")
    assert serial.exit_code == parallel.exit_code == 2
    assert parallel.stdout == serial.stdout
    sources = [json.loads(line)["source"] for line in parallel.stdout.splitlines()]
    assert sources == [str(archive / "b" / "rest.jsonl") + f":{n}" for n in range(1, 21)] + \
        [str(archive / f"game_{i:02d}.json") for i in range(20)]
    as_lines = cli("judge", "--lines", "-", "--jobs", "2", input="\n".join(games) + "\n")
    assert [json.loads(line)["source"] for line in as_lines.stdout.splitlines()] == [f"-:{n}" for n in range(1, 41)]
    assert ["error" in json.loads(line) for line in as_lines.stdout.splitlines()].count(True) == 1
