"""The name a certification was issued to: ``certifications.certified_name``.

Revision ID: 0019
Revises: 0017
Create Date: 2026-12-07

A certificate states who was certified. A trainee's name may be corrected later (the
audit log says when and by whom); the certificate keeps the name as it was when the
sitting passed, and shows the current one beside it. On one PC the app writes it with the
certification; on a centre's server a trigger of ``server init`` (``dt_certified_name``,
``storage/server/policy.py``) writes it from the trainee's row, whatever the grader sent.

Certifications recorded before this revision keep NULL there: the name they were issued
to was not kept, and the views show the current name alone.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("certifications", sa.Column("certified_name", sa.String(100), nullable=True))


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("PRAGMA defer_foreign_keys = ON")
        op.execute("ALTER TABLE certifications DROP COLUMN certified_name")
    else:
        op.drop_column("certifications", "certified_name")
