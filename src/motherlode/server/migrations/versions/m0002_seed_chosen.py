"""Whether a table's seed was given by whoever made it (then they may know every hidden card).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(
            sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("seed_chosen")
