"""Exams that mix drill items and live-table rounds.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01

- ``exams.table_rounds``: rounds of the live table dealt in exam mode after the items
  (0, the default: an exam of items only, as every exam before), at
  ``exams.table_difficulty``, of ``exams.table_game``, judged for speed against
  ``exams.table_pace`` (the house's target, rounds an hour, when the exam was built).
  ``item_count`` may now be 0 (an exam of rounds only), never with no rounds either.
- ``table_round_ends.missed``: the planned steps not done and irregularities not ruled
  when a round ended, so that a round's score (right steps over judged steps) is read
  from what was recorded (``None`` for the rounds stored before).
- ``certifications.steps_right/steps_judged/rounds/rounds_in_pace/table_ms``: the
  live-table part of a certified sitting (0 for an exam of items only).

Nothing recorded is changed: existing exams get 0 rounds, existing certifications 0.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | None = None
depends_on: str | None = None

_EXAM_CHECKS = {
    "table_rounds": "table_rounds BETWEEN 0 AND 50",
    "has_work": "item_count + table_rounds > 0",
    "table_part": (
        "table_rounds = 0 OR (table_difficulty BETWEEN 1 AND 3 AND table_pace > 0 "
        "AND table_game IS NOT NULL)"
    ),
}
_CERTIFICATION_COLUMNS = ("steps_right", "steps_judged", "rounds", "rounds_in_pace")


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        # The item count's CHECK is in the table's DDL: the table is made again (its rows
        # copied as they are). Foreign keys of the assignments are checked at the commit.
        op.execute("PRAGMA defer_foreign_keys = ON")
    with op.batch_alter_table("exams", recreate="always" if dialect == "sqlite" else "auto") as b:
        b.add_column(sa.Column("table_rounds", sa.Integer(), nullable=False, server_default="0"))
        b.add_column(sa.Column("table_difficulty", sa.Integer(), nullable=True))
        b.add_column(sa.Column("table_pace", sa.Integer(), nullable=True))
        b.add_column(sa.Column("table_game", sa.String(length=40), nullable=True))
        b.drop_constraint(op.f("ck_exams_item_count"), type_="check")
        b.create_check_constraint(op.f("ck_exams_item_count"), "item_count BETWEEN 0 AND 500")
        for name, condition in _EXAM_CHECKS.items():
            b.create_check_constraint(op.f(f"ck_exams_{name}"), condition)
    op.add_column("table_round_ends", sa.Column("missed", sa.Integer(), nullable=True))
    for column in _CERTIFICATION_COLUMNS:
        op.add_column(
            "certifications",
            sa.Column(column, sa.Integer(), nullable=False, server_default="0"),
        )
    op.add_column(
        "certifications",
        sa.Column("table_ms", sa.BigInteger(), nullable=False, server_default="0"),
    )


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("PRAGMA defer_foreign_keys = ON")
        for column in (*_CERTIFICATION_COLUMNS, "table_ms"):
            op.execute(f"ALTER TABLE certifications DROP COLUMN {column}")
    else:
        for column in (*_CERTIFICATION_COLUMNS, "table_ms"):
            op.drop_column("certifications", column)
    with op.batch_alter_table("table_round_ends") as b:
        b.drop_column("missed")
    with op.batch_alter_table("exams", recreate="always" if dialect == "sqlite" else "auto") as b:
        for name in reversed(list(_EXAM_CHECKS)):
            b.drop_constraint(op.f(f"ck_exams_{name}"), type_="check")
        b.drop_constraint(op.f("ck_exams_item_count"), type_="check")
        b.create_check_constraint(op.f("ck_exams_item_count"), "item_count BETWEEN 1 AND 500")
        for column in ("table_game", "table_pace", "table_difficulty", "table_rounds"):
            b.drop_column(column)
