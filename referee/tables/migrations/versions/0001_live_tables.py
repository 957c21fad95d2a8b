"""The live tables: tables, seats (tokens hashed) and accepted steps, one per (table, seq).

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the three tables."""
    op.create_table(
        "live_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("variant", sa.JSON, nullable=False),
        sa.Column("players", sa.JSON, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("opening", sa.JSON, nullable=False),
        sa.Column("record", sa.JSON, nullable=True),
    )
    op.create_table(
        "live_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(200), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.UniqueConstraint("table_id", "player", name="uq_live_seats_player"),
    )
    op.create_table(
        "live_steps",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("decision", sa.JSON, nullable=False),
        sa.Column("chance", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """Drop them."""
    op.drop_table("live_steps")
    op.drop_table("live_seats")
    op.drop_table("live_tables")
