"""The cohort table's rollup read without visiting the table on PostgreSQL.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-01

The cohort table reads, for the days shown, every row of ``trainee_skill_days``
(migration 0011) in the order of its primary key: about 517 thousand rows for 90
days of a centre of 200 trainees. On PostgreSQL the primary key's index held only
the day, skill and trainee, so each row was then fetched from the table itself, one
page per row (516 thousand page reads, 0.4-0.6 s over 10 million answers). The
primary key now carries the figures too (``INCLUDE (answers, correct, median2)``):
the query is an index-only scan of a few thousand pages (0.15-0.2 s). The key, and
so what the answers' trigger upserts on, is unchanged.

SQLite keeps this table ``WITHOUT ROWID``: it is stored in its primary key's order
with every column already, so nothing changes there.
"""

from __future__ import annotations

from alembic import op

revision: str = "0013"
down_revision: str | None = "0012"
branch_labels: str | None = None
depends_on: str | None = None

_KEY = "answered_day, skill, trainee_id"


def _primary_key(include: str) -> None:
    op.execute(
        "ALTER TABLE trainee_skill_days DROP CONSTRAINT pk_trainee_skill_days,"
        f" ADD CONSTRAINT pk_trainee_skill_days PRIMARY KEY ({_KEY}){include}"
    )


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _primary_key(" INCLUDE (answers, correct, median2)")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        _primary_key("")
