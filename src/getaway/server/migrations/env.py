"""Alembic's environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from getaway.server.db import Base


def run(connection: Connection) -> None:
    # Batch mode lets later revisions alter tables on SQLite too (it rebuilds the table).
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


_connection = context.config.attributes.get("connection")
if not isinstance(_connection, Connection):
    raise RuntimeError("getaway migrations run through getaway.server.migrate.upgrade()")
run(_connection)
