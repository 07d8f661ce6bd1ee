"""Match leases: which server process owns each match when several share the database.

A row says ``owner`` (a process's node id) holds the match until ``expires_at`` (the
database's clock); see ``getaway.server.lease``. One process without Redis never writes here.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_leases",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id"), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_match_leases_owner", "match_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_match_leases_owner", table_name="match_leases")
    op.drop_table("match_leases")
