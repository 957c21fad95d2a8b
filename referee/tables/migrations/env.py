"""Alembic's environment: migrations run on the connection :func:`referee.tables.migrate.migrate` hands in."""

from __future__ import annotations

from alembic import context

from referee.tables.schema import METADATA

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=METADATA, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
