"""Seat privacy: each viewer's own version, and invited seats reserved for their links.

``matches.viewer_versions`` holds every viewer's version (see ``getaway.server.match``);
NULL for older matches, whose viewers go on from the match's global version.
``seats.open`` says whether anyone may take the seat; existing seats start reserved (the
safe side: their invitation links still work, and the host can open them).

Revision ID: 0003
Revises: 0001
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("viewer_versions", sa.JSON(), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("open", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("open")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("viewer_versions")
