"""Invitations to a seat (the code's SHA-256, spent once its token is handed out) and each table's last activity
(what ``referee tables prune`` compares with the idle limit).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``live_seats.invitation_hash`` and ``live_tables.active`` (a table's creation, for those already there)."""
    with op.batch_alter_table("live_seats") as batch:
        batch.add_column(sa.Column("invitation_hash", sa.String(64), nullable=True))
    with op.batch_alter_table("live_tables") as batch:
        batch.add_column(sa.Column("active", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE live_tables SET active = created")
    with op.batch_alter_table("live_tables") as batch:
        batch.alter_column("active", existing_type=sa.DateTime(timezone=True), nullable=False)
    op.create_index("ix_live_tables_active", "live_tables", ["active"])


def downgrade() -> None:
    """Drop them."""
    op.drop_index("ix_live_tables_active", "live_tables")
    with op.batch_alter_table("live_tables") as batch:
        batch.drop_column("active")
    with op.batch_alter_table("live_seats") as batch:
        batch.drop_column("invitation_hash")
