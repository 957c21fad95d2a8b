"""Every document the engine's reader accepts, the service's schema accepts too.

The service judges a log straight away and consults its marshmallow schema only to list the problems of
a log the engine refuses (the schema pass was three quarters of a request's time). That is sound only if
every log the engine accepts, the schema accepts too. (The converse need not hold: the schema does not
know the form a variant asks for, such as a dealt round's stated hands; the engine's 422 covers those.)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from referee.document import read_log
from referee.errors import RefereeError
from referee.service.schemas import GameLogSchema
from referee.simulate import simulate
from tests.test_fuzz import BASES, SCALE, near_valid

ROOT = Path(__file__).resolve().parent.parent.parent
SCHEMA = GameLogSchema()


def engine_accepts(document: object) -> bool:
    try:
        read_log(document)
    except RefereeError:
        return False
    return True


def schema_accepts(document: object) -> bool:
    if not isinstance(document, dict):
        return False
    try:
        SCHEMA.load(document)
    except ValidationError:
        return False
    return True


LOGS = [*sorted((ROOT / "examples").glob("*.json")), *sorted((ROOT / "tests" / "conformance").glob("game_*.json"))]


@pytest.mark.parametrize("path", [p for p in LOGS if not p.name.endswith((".verdict.json", ".expect.json"))],
                         ids=lambda p: p.stem)
def test_both_accept_every_example(path: Path) -> None:
    document = json.loads(path.read_text())
    assert engine_accepts(document) and schema_accepts(document)


def test_both_accept_simulated_games_of_every_variant() -> None:
    for variant in ("uno-duo", "classic-duel", "uno-duo-108"):
        for with_deck in (True, False):
            for document in simulate(2, seed=11, variant=variant, with_deck=with_deck):
                assert engine_accepts(document) and schema_accepts(document)


@settings(max_examples=300 * SCALE, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), base=st.integers(0, len(BASES) - 1))
def test_what_the_engine_accepts_the_schema_accepts(data, base) -> None:
    document = near_valid(data, base)
    if engine_accepts(document):
        assert schema_accepts(document), json.dumps(document)[:2000]
