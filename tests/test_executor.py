"""The shared executor: results in the items' order on one core, on many, and on a Dask cluster."""

from __future__ import annotations

import functools

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
