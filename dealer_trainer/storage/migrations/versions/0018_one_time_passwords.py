"""One-time passwords: ``trainees.password_one_time`` and ``instructors.password_one_time``.

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-07

A password someone else sets for a person (an instructor for a new trainee or in a reset;
IT with ``dealer-trainer server add-person`` / ``set-password``) is one-time: the person
chooses their own at the next sign-in, and no exam can be started before that (issue 36,
"who may act for whom"). The flag is set where that password is set and cleared only
where the person changes their own: on a single PC by the app, on a centre's server by
``dt_add_person`` / ``dt_set_password`` and ``dt_change_own_password`` (``storage/server/
policy.py``). Nobody is granted to write it on the server (an instructor's UPDATE on
``trainees`` names its columns), so only those functions change it.

Existing people keep the password they have: the flag starts false.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | None = None
depends_on: str | None = None

_TABLES = ("trainees", "instructors")


def upgrade() -> None:
    for table in _TABLES:
        op.add_column(
            table,
            sa.Column("password_one_time", sa.Boolean(), nullable=False, server_default=sa.false()),
        )


def downgrade() -> None:
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_column("password_one_time")
