"""Alembic's migration environment and scripts for the live tables (see :mod:`referee.tables.migrate`)."""
