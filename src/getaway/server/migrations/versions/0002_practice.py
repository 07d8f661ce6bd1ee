"""Practice matches: a match made on a chosen seed says so to everyone.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Every existing match was made before a chosen seed needed the flag: not practice.
    op.add_column(
        "matches",
        sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("practice")
