"""Fixtures of the service tests: an app with the default limits, its client, small logs."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from referee.service import create_app

REPO = Path(__file__).resolve().parents[2]
CONFORMANCE = REPO / "tests" / "conformance"

#: A legal, unfinished log: a setup round, Ben plays R2 saying UNO, Ana answers R4 saying UNO.
SMALL_LOG = {
    "format": "uno-duo-log/1",
    "players": ["Ana", "Ben"],
    "rounds": [{
        "first_drafter": "Ana",
        "setup": {"hands": {"Ana": ["R4", "G7"], "Ben": ["B1", "R2"]}, "discard": ["R9"]},
        "events": [
            {"player": "Ben", "type": "play", "card": "R2", "uno": True},
            {"player": "Ana", "type": "play", "card": "red 4", "uno": True},
        ],
    }],
}


@pytest.fixture
def app():
    """The service with its default settings."""
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    """A Flask test client of :func:`app`."""
    return app.test_client()


@pytest.fixture
def small_log():
    """A fresh copy of :data:`SMALL_LOG`, free to mutate."""
    return copy.deepcopy(SMALL_LOG)
