"""Schemathesis over every operation of openapi.yaml, on an app whose live tables are in SQLite and in PostgreSQL:
no server error, every answer as documented (issue 38, item 7). Bounded: ``REFEREE_FUZZ_EXAMPLES`` (15 by default)
examples an operation and database.

The fuzzer mostly meets tables that do not exist (its ids are random), so a table is also set first and its id
given to the operations on one (``table_id``), with the seat's token: then it reaches the views and decisions."""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from referee.service import create_app
from tests.service.conftest import REPO

EXAMPLES = int(os.environ.get("REFEREE_FUZZ_EXAMPLES", "15"))


def test_every_operation_answers_without_a_server_error(database_url):
    app = create_app({"TESTING": True, "REFEREE_DATABASE_URL": database_url,
                      "REFEREE_TABLES_CREATE_LIMIT": "100000 per minute"})
    created = app.test_client().post("/v1/tables", json={"players": ["Ana", "Ben"], "bots": {"Ben": "greedy"}})
    assert created.status_code == 201
    table = created.get_json()
    schema = schemathesis.openapi.from_path(str(REPO / "openapi.yaml"))
    schema.app = app
    operations = [found.ok() for found in schema.get_all_operations()]
    assert {op.path for op in operations} >= {"/v1/tables", "/v1/tables/{table_id}", "/v1/tables/{table_id}/events",
                                              "/v1/tables/{table_id}/join", "/v1/tables/{table_id}/log"}
    for operation in operations:
        exercise(operation, table)


def exercise(operation, table: dict) -> None:
    """``EXAMPLES`` cases of ``operation``: half of those on a table put to the table that exists, with a token."""

    @given(case=operation.as_strategy(), real=st.booleans())
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
    def run(case, real):
        if real and case.path_parameters and "table_id" in case.path_parameters:
            case.path_parameters["table_id"] = table["id"]
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {table['tokens']['Ana']}"}
        # A log or a table has constraints JSON Schema cannot state (names that are the players', a seed the
        # service must allow): a schema-valid body may rightly get 422 (tests/service/test_service_fuzz.py).
        case.call_and_validate(excluded_checks=[positive_data_acceptance])

    run()
