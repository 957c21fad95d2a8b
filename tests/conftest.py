"""Test configuration: the rule ids as markers, the rulebook's steps, and how a log is judged.

``pytest --variant NAME|FILE`` runs the rulebook under a variant (tests/variant_run.py).
``pytest --through-http`` judges every scenario's log through the REST service (the Flask test client
posting to ``/v1/adjudications``) instead of calling :func:`referee.judge`, so that the same rulebook
proves the engine and the service rule alike.
"""

from __future__ import annotations

import pytest

from referee.errors import MalformedLog, Problem
from referee.rules import RULES

pytest_plugins = ["pytester", "tests.variant_run", "tests.rulebook_outcomes", "tests.browser.gate", "steps.fixtures",
                  "steps.position", "steps.moves", "steps.rulings", "tests.tables.postgres"]


def pytest_addoption(parser):
    parser.addoption(
        "--through-http", action="store_true", default=False,
        help="judge the feature scenarios' logs through the REST service, not referee.judge()")


def pytest_configure(config):
    for rule in RULES.values():
        config.addinivalue_line("markers", f"{rule.id}: {rule.title}")


@pytest.fixture
def log_variant(request):
    """The variant the scenarios' logs name: ``--variant``'s, else None (the field is left out: UNO DUO)."""
    from tests.variant_run import variant_run  # the plugin module, registered above

    run = variant_run(request.config)
    return run.log_spec() if run else None


@pytest.fixture(scope="session")
def _service_client(request):
    from referee.service import create_app  # written separately; imported only when asked for

    app = create_app()
    app.testing = True
    return app.test_client()


@pytest.fixture
def judge_log(request):
    """A function: game log (dict) -> the verdict as a dict; raises MalformedLog for a bad document."""
    if not request.config.getoption("--through-http"):
        import referee

        return lambda document: referee.judge(document).to_dict()

    client = request.getfixturevalue("_service_client")

    def judge_over_http(document: dict) -> dict:
        response = client.post("/v1/adjudications", json=document)
        body = response.get_json(silent=True) or {}
        if response.status_code in (400, 422):
            problems = body.get("problems") or body.get("errors") or []
            raise MalformedLog([Problem(p.get("pointer", ""), p.get("detail", ""), p.get("rule"))
                                for p in problems])
        assert response.status_code == 200, (response.status_code, body)
        return body

    return judge_over_http


@pytest.fixture(scope="session")
def dask_address():
    """The address of a local Dask cluster of two workers for the whole session: two threads of this
    process (quick to start), or with ``REFEREE_LONG=1`` two worker processes (every task pickled)."""
    import os

    distributed = pytest.importorskip("distributed")
    # Every port its own (":0"): a fixed one (the HTTP server's 8787) clashes with another worker's or
    # another run's cluster on the same machine.
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0",
                                       scheduler_port=0, processes=bool(os.environ.get("REFEREE_LONG")))
    try:
        yield cluster.scheduler_address
    finally:
        cluster.close()
