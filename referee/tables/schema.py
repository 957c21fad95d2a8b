"""The tables of the database (SQLAlchemy Core): a table, its two seats, and every step it accepted.

- ``live_tables``: one row a table — its unguessable ``id``, the ``variant`` (as the log writes it), the
  ``players``, when it was ``created``, the number of accepted decisions (``seq``), its ``state``
  (``playing`` or ``over``), the chance drawn when it was set (``opening``: the cut and the first deal, as
  the engine gives them), once over its ``record`` (the ``uno-duo-log/1`` document), and when it was last
  ``active`` (set or moved: an idle table expires).
- ``live_seats``: a seat's player, the SHA-256 of its token (never the token), or the bot style that plays it;
  an invited seat the SHA-256 of its invitation code too (its token's digest comes once the guest joins).
- ``live_steps``: every accepted decision, numbered: ``(table_id, seq)`` is the primary key, so two racing
  requests for the same move cannot both be stored; each step keeps the decision as the seat made it and
  the chance the dealer drew after it (cards drawn, the next round's deck), which a restart replays.

The Alembic migrations (:mod:`referee.tables.migrations`) create exactly these; a test holds them together.
"""

from __future__ import annotations

from sqlalchemy import JSON, Column, DateTime, ForeignKey, Integer, MetaData, String, Table, UniqueConstraint

__all__ = ["METADATA", "seats", "steps", "tables"]

METADATA = MetaData()

tables = Table(
    "live_tables", METADATA,
    Column("id", String(32), primary_key=True),
    Column("variant", JSON, nullable=False),
    Column("players", JSON, nullable=False),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("state", String(16), nullable=False),
    Column("opening", JSON, nullable=False),
    Column("record", JSON, nullable=True),
    Column("active", DateTime(timezone=True), nullable=False, index=True),
)

seats = Table(
    "live_seats", METADATA,
    Column("table_id", String(32), ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player", String(200), nullable=False),
    Column("token_hash", String(64), nullable=True),
    Column("bot", String(40), nullable=True),
    Column("invitation_hash", String(64), nullable=True),
    UniqueConstraint("table_id", "player", name="uq_live_seats_player"),
)

steps = Table(
    "live_steps", METADATA,
    Column("table_id", String(32), ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("decision", JSON, nullable=False),
    Column("chance", JSON, nullable=False),
)
