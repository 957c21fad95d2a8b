"""The per-scenario table (the game log being written) as a fixture."""

import pytest

from steps.table import Table


@pytest.fixture
def table(judge_log, log_variant, request):
    """The game log of this scenario, judged by ``judge_log`` when a ``Then`` step asks; it knows the
    scenario's tags, which pytest-bdd gives the test as markers."""
    return Table(judge_log, log_variant, {marker.name for marker in request.node.iter_markers()})
