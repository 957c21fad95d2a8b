"""The table tests run on both databases: ``database_url`` is SQLite (a file in a temporary folder) and a fresh
database on this run's throw-away PostgreSQL server (tests/tables/postgres.py)."""

from __future__ import annotations

import pytest

from referee.tables.database import DATABASE_FILE


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request, tmp_path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / DATABASE_FILE}"
    return request.getfixturevalue("postgres_url")
