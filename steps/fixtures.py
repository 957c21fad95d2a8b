"""The per-scenario table (the game log being written) as a fixture."""

import pytest

from steps.table import Table


@pytest.fixture
def table(judge_log, log_variant):
    """The game log of this scenario, judged by ``judge_log`` when a ``Then`` step asks."""
    return Table(judge_log, log_variant)
