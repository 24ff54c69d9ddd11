"""Alembic's environment: runs the migrations on the connection `Store.migrate` passes in
(`config.attributes["connection"]`); batch mode so SQLite can alter tables."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=None, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
