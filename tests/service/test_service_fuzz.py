"""Schemathesis over every operation of openapi.yaml, in process: no 5xx, conforming responses.

A quick run by default (the whole suite must stay fast); ``REFEREE_FUZZ_EXAMPLES=500`` runs more.
"""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from referee.service import create_app
from tests.service.conftest import REPO

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "25"))

schema = schemathesis.openapi.from_path(str(REPO / "openapi.yaml"))
schema.app = create_app({"TESTING": True})


#: POST /v1/replays reads its body exactly as /v1/adjudications does (one function), so fewer examples;
#: tests/service/test_service_pages.py holds its answers to the Replay schema on real logs.
REPLAY_EXAMPLES = max(3, EXAMPLES // 8)


@schema.exclude(path="/v1/replays").parametrize()
@settings(max_examples=EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_api(case):
    check(case)


def check(case):
    # A log has constraints JSON Schema cannot state (every name is one of the two players, a
    # colour goes with a wild only), so a schema-valid log may rightly get 422: schemathesis may
    # not demand 2xx for it. Every other check (no 5xx, documented statuses, content types,
    # response schemas) applies.
    # Likewise a new table: the bots' keys must be its players, a seed needs the service's consent.
    excluded = [positive_data_acceptance] if case.operation.path in ("/v1/adjudications", "/v1/replays",
                                                                     "/v1/tables") else []
    case.call_and_validate(excluded_checks=excluded)


@schema.include(path="/v1/replays").parametrize()
@settings(max_examples=REPLAY_EXAMPLES, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
def test_replays(case):
    check(case)
