"""Daily per-skill answer counts for the cohort dashboard, kept by a trigger.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-30

``daily_skill_counts`` holds, per calendar day and skill, how many answers were
recorded and how many were correct. An AFTER INSERT trigger on ``answers`` adds
to it in the same transaction as the answer, so it is exact whoever inserts;
since answers can never change or go, nothing ever has to be taken away. The
existing answers are counted once here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None

_SQLITE = [
    """CREATE TRIGGER answers_count_daily AFTER INSERT ON answers BEGIN
        INSERT INTO daily_skill_counts (answered_day, skill, answers, correct)
        VALUES (NEW.answered_day, NEW.skill, 1, CASE WHEN NEW.correct THEN 1 ELSE 0 END)
        ON CONFLICT (answered_day, skill) DO UPDATE
        SET answers = answers + 1, correct = correct + excluded.correct;
    END""",
]
_POSTGRESQL = [
    """CREATE FUNCTION answers_count_daily() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        INSERT INTO daily_skill_counts AS d (answered_day, skill, answers, correct)
        VALUES (NEW.answered_day, NEW.skill, 1, CASE WHEN NEW.correct THEN 1 ELSE 0 END)
        ON CONFLICT (answered_day, skill) DO UPDATE
        SET answers = d.answers + 1, correct = d.correct + EXCLUDED.correct;
        RETURN NULL;
    END $$""",
    "CREATE TRIGGER answers_count_daily AFTER INSERT ON answers "
    "FOR EACH ROW EXECUTE FUNCTION answers_count_daily()",
]


def upgrade() -> None:
    op.create_table(
        "daily_skill_counts",
        sa.Column("answered_day", sa.Date(), nullable=False),
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("answered_day", "skill", name=op.f("pk_daily_skill_counts")),
    )
    op.execute(
        "INSERT INTO daily_skill_counts (answered_day, skill, answers, correct) "
        "SELECT answered_day, skill, count(*), sum(CASE WHEN correct THEN 1 ELSE 0 END) "
        "FROM answers GROUP BY answered_day, skill"
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        statements = _SQLITE
    elif dialect == "postgresql":
        statements = _POSTGRESQL
    else:
        raise RuntimeError(f"no daily-count trigger written for {dialect}")
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily ON answers")
        op.execute("DROP FUNCTION IF EXISTS answers_count_daily()")
    else:
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily")
    op.drop_table("daily_skill_counts")
