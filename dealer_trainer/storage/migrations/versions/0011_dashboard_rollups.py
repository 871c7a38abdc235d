"""The dashboard's rollups: exact medians per day and skill, and per trainee, day and skill.

Revision ID: 0011
Revises: 0007
Create Date: 2026-12-01

``daily_skill_counts`` (0002) gains ``median2``: twice the exact median time of that
day's and skill's answers (twice, so that the mean of two middle times stays a whole
number). ``trainee_skill_days`` holds the same per trainee: answers, correct answers
and twice the median time of one trainee's answers of one skill on one day. The
insert trigger of 0002 keeps both in the same transaction as the answer: it adds the
answer to the counts, then reads the one or two middle times back by a seek in the
covering indexes ``ix_answers_day_skill`` and ``ix_answers_trainee_day`` (the answers
of a group are already ordered by time there). Answers never change or go, so
nothing has to be taken away. The existing answers are rolled up once here, each
group's middle times picked by a window over those same indexes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None

# The count as 0002 wrote it, for the downgrade (a revision never imports another).
_SQLITE_0002 = """CREATE TRIGGER answers_count_daily AFTER INSERT ON answers BEGIN
    INSERT INTO daily_skill_counts (answered_day, skill, answers, correct)
    VALUES (NEW.answered_day, NEW.skill, 1, CASE WHEN NEW.correct THEN 1 ELSE 0 END)
    ON CONFLICT (answered_day, skill) DO UPDATE
    SET answers = answers + 1, correct = correct + excluded.correct;
END"""
_POSTGRESQL_0002 = """CREATE OR REPLACE FUNCTION answers_count_daily() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO daily_skill_counts AS d (answered_day, skill, answers, correct)
    VALUES (NEW.answered_day, NEW.skill, 1, CASE WHEN NEW.correct THEN 1 ELSE 0 END)
    ON CONFLICT (answered_day, skill) DO UPDATE
    SET answers = d.answers + 1, correct = d.correct + EXCLUDED.correct;
    RETURN NULL;
END $$"""


def _middle(where: str, count: str) -> str:
    """Twice the median time of the answers matching ``where`` (``count`` of them): the
    time at rank (count-1)/2 plus the time at rank count/2 (the same one when odd)."""
    seek = f"SELECT time_taken_ms FROM answers WHERE {where} ORDER BY time_taken_ms LIMIT 1"
    return f"({seek} OFFSET ({count} - 1) / 2) + ({seek} OFFSET ({count}) / 2)"


_DAY = "answered_day = NEW.answered_day AND skill = NEW.skill"
_MINE = f"trainee_id = NEW.trainee_id AND {_DAY}"
_CORRECT = "CASE WHEN NEW.correct THEN 1 ELSE 0 END"

# SQLite: a LIMIT or OFFSET may not name a column of the row being updated, so the
# count is read back by the primary key (NEW.* are the statement's parameters there).
_SQLITE_COUNT_DAY = f"(SELECT answers FROM daily_skill_counts WHERE {_DAY})"
_SQLITE_COUNT_MINE = f"(SELECT answers FROM trainee_skill_days WHERE {_MINE})"
_SQLITE = f"""CREATE TRIGGER answers_count_daily AFTER INSERT ON answers BEGIN
    INSERT INTO daily_skill_counts (answered_day, skill, answers, correct, median2)
    VALUES (NEW.answered_day, NEW.skill, 1, {_CORRECT}, 2 * NEW.time_taken_ms)
    ON CONFLICT (answered_day, skill) DO UPDATE
    SET answers = answers + 1, correct = correct + excluded.correct;
    UPDATE daily_skill_counts SET median2 = {_middle(_DAY, _SQLITE_COUNT_DAY)}
    WHERE {_DAY} AND answers > 1;
    INSERT INTO trainee_skill_days (trainee_id, answered_day, skill, answers, correct, median2)
    VALUES (NEW.trainee_id, NEW.answered_day, NEW.skill, 1, {_CORRECT}, 2 * NEW.time_taken_ms)
    ON CONFLICT (answered_day, skill, trainee_id) DO UPDATE
    SET answers = answers + 1, correct = correct + excluded.correct;
    UPDATE trainee_skill_days SET median2 = {_middle(_MINE, _SQLITE_COUNT_MINE)}
    WHERE {_MINE} AND answers > 1;
END"""

# PostgreSQL: the upsert returns the new count. Under READ COMMITTED the second
# statement takes a new snapshot after the upsert's row lock was granted, so it sees
# every answer counted before this one, even another workstation's.
_POSTGRESQL = f"""CREATE OR REPLACE FUNCTION answers_count_daily() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    n integer;
BEGIN
    INSERT INTO daily_skill_counts AS d (answered_day, skill, answers, correct, median2)
    VALUES (NEW.answered_day, NEW.skill, 1, {_CORRECT}, 2 * NEW.time_taken_ms)
    ON CONFLICT (answered_day, skill) DO UPDATE
    SET answers = d.answers + 1, correct = d.correct + EXCLUDED.correct
    RETURNING d.answers INTO n;
    IF n > 1 THEN
        UPDATE daily_skill_counts SET median2 = {_middle(_DAY, "n")} WHERE {_DAY};
    END IF;
    INSERT INTO trainee_skill_days AS t
        (trainee_id, answered_day, skill, answers, correct, median2)
    VALUES (NEW.trainee_id, NEW.answered_day, NEW.skill, 1, {_CORRECT}, 2 * NEW.time_taken_ms)
    ON CONFLICT (answered_day, skill, trainee_id) DO UPDATE
    SET answers = t.answers + 1, correct = t.correct + EXCLUDED.correct
    RETURNING t.answers INTO n;
    IF n > 1 THEN
        UPDATE trainee_skill_days SET median2 = {_middle(_MINE, "n")} WHERE {_MINE};
    END IF;
    RETURN NULL;
END $$"""


def _rolled_up(keys: str) -> str:
    """SELECT of ``keys``, answers, correct answers and twice the median, from answers."""
    return f"""
        SELECT {keys}, count(*), sum(c),
               sum(CASE WHEN r = (n - 1) / 2 THEN t ELSE 0 END)
             + sum(CASE WHEN r = n / 2 THEN t ELSE 0 END)
        FROM (
            SELECT {keys}, time_taken_ms AS t, CASE WHEN correct THEN 1 ELSE 0 END AS c,
                   row_number() OVER (PARTITION BY {keys} ORDER BY time_taken_ms) - 1 AS r,
                   count(*) OVER (PARTITION BY {keys}) AS n
            FROM answers
        ) AS ranked
        GROUP BY {keys}"""


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect not in ("sqlite", "postgresql"):
        raise RuntimeError(f"no dashboard rollups written for {dialect}")
    op.create_table(
        "trainee_skill_days",
        sa.Column("answered_day", sa.Date(), nullable=False),
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("answers", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("median2", sa.BigInteger(), nullable=False),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_trainee_skill_days_trainee_id_trainees")
        ),
        # Ordered as the cohort table reads it: a range of days, each day skill by skill.
        sa.PrimaryKeyConstraint(
            "answered_day", "skill", "trainee_id", name=op.f("pk_trainee_skill_days")
        ),
        sqlite_with_rowid=False,
    )
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily")
    # Counted again with the medians: the same counts, and the medians beside them.
    op.execute("DELETE FROM daily_skill_counts")
    with op.batch_alter_table("daily_skill_counts") as batch:
        batch.add_column(sa.Column("median2", sa.BigInteger(), nullable=False, server_default="0"))
    op.execute(
        "INSERT INTO daily_skill_counts (answered_day, skill, answers, correct, median2)"
        + _rolled_up("answered_day, skill")
    )
    op.execute(
        "INSERT INTO trainee_skill_days"
        " (trainee_id, answered_day, skill, answers, correct, median2)"
        + _rolled_up("trainee_id, answered_day, skill")
    )
    op.execute(_SQLITE if dialect == "sqlite" else _POSTGRESQL)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily")
    with op.batch_alter_table("daily_skill_counts") as batch:
        batch.drop_column("median2")
    op.drop_table("trainee_skill_days")
    op.execute(_SQLITE_0002 if dialect == "sqlite" else _POSTGRESQL_0002)
