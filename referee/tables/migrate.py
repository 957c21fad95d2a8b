"""Schema migrations with Alembic, shipped inside the package so that an installed wheel can migrate.

:func:`migrate` brings a database to the newest revision (``referee db migrate``; the service also calls it as
it starts). It holds a lock while it runs — PostgreSQL's advisory lock, SQLite's write lock — so that two
processes starting at once do not both create the tables.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, text

from referee.tables.database import writing

__all__ = ["MIGRATIONS", "current_revision", "head_revision", "migrate"]

#: The folder of the migration scripts (inside the package).
MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# Any fixed number: the key of PostgreSQL's advisory lock taken while migrating.
_LOCK_KEY = 0x0D00_7AB1


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest revision the package ships."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (None: never migrated)."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def migrate(engine: Engine) -> str:
    """Upgrade the database behind ``engine`` to the newest revision, under a lock; the revision it is at."""
    config = _config()
    with writing(engine) as connection, connection.begin():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return head_revision()
