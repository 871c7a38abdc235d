"""The cohort rollup counts the answers right within their skill's target time.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-03

The cohort table's "Within target" column counted, for the days shown, every answer
itself (2.5 million for 90 days of a centre: 0.9-1.1 s). It now reads the rollup:

- ``trainee_skill_days.within``: of one trainee's answers of one skill on one day,
  those right and given within the target time that ``within_targets`` holds for
  the skill;
- ``within_targets`` (skill, target_ms): the target each skill's ``within`` was
  counted against. A target is the centre's speed standard or the drills' own, and
  either can change (a new standard, a new app version), so the app counts a skill
  again when the target in force is not the one here
  (``storage/within_rollup.py``), and until then reads that skill's figure from the
  answers themselves: the figure shown is always the one for the target in force.

The answers' insert trigger (0011) now also adds the new answer to ``within``
against the skill's target here, in the answer's own transaction. A skill not in
``within_targets`` counts 0 there and is read from the answers. The answers already
recorded are counted when the app first finds their skills' targets missing here
(nothing is counted in this migration: the targets are the app's, not the
schema's).

On PostgreSQL the rollup's primary key carries ``within`` too (0013), so the
column's read stays an index-only scan.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0014"
down_revision: str | None = "0013"
branch_labels: str | None = None
depends_on: str | None = None

_KEY = "answered_day, skill, trainee_id"


def _middle(where: str, count: str) -> str:
    """Twice the median time of the answers matching ``where`` (as 0011 reads it)."""
    seek = f"SELECT time_taken_ms FROM answers WHERE {where} ORDER BY time_taken_ms LIMIT 1"
    return f"({seek} OFFSET ({count} - 1) / 2) + ({seek} OFFSET ({count}) / 2)"


_DAY = "answered_day = NEW.answered_day AND skill = NEW.skill"
_MINE = f"trainee_id = NEW.trainee_id AND {_DAY}"
_CORRECT = "CASE WHEN NEW.correct THEN 1 ELSE 0 END"
#: 1 when the new answer is right and within its skill's counted target; 0 when it is
#: not, or when no target is counted for its skill (the comparison with no row is NULL).
_WITHIN = (
    "CASE WHEN NEW.correct AND NEW.time_taken_ms <="
    " (SELECT target_ms FROM within_targets WHERE skill = NEW.skill) THEN 1 ELSE 0 END"
)
_SQLITE_COUNT_DAY = f"(SELECT answers FROM daily_skill_counts WHERE {_DAY})"
_SQLITE_COUNT_MINE = f"(SELECT answers FROM trainee_skill_days WHERE {_MINE})"


def _sqlite(within: bool) -> str:
    """The trigger of 0011, with (``within``) or without the new count."""
    columns, values, adds = "", "", ""
    if within:
        columns, values, adds = ", within", f", {_WITHIN}", ", within = within + excluded.within"
    return f"""CREATE TRIGGER answers_count_daily AFTER INSERT ON answers BEGIN
    INSERT INTO daily_skill_counts (answered_day, skill, answers, correct, median2)
    VALUES (NEW.answered_day, NEW.skill, 1, {_CORRECT}, 2 * NEW.time_taken_ms)
    ON CONFLICT (answered_day, skill) DO UPDATE
    SET answers = answers + 1, correct = correct + excluded.correct;
    UPDATE daily_skill_counts SET median2 = {_middle(_DAY, _SQLITE_COUNT_DAY)}
    WHERE {_DAY} AND answers > 1;
    INSERT INTO trainee_skill_days
        (trainee_id, answered_day, skill, answers, correct, median2{columns})
    VALUES (NEW.trainee_id, NEW.answered_day, NEW.skill, 1, {_CORRECT},
            2 * NEW.time_taken_ms{values})
    ON CONFLICT (answered_day, skill, trainee_id) DO UPDATE
    SET answers = answers + 1, correct = correct + excluded.correct{adds};
    UPDATE trainee_skill_days SET median2 = {_middle(_MINE, _SQLITE_COUNT_MINE)}
    WHERE {_MINE} AND answers > 1;
END"""


def _postgresql(within: bool) -> str:
    """The trigger function of 0011, with (``within``) or without the new count."""
    columns, values, adds = "", "", ""
    if within:
        columns, values, adds = ", within", f", {_WITHIN}", ", within = t.within + EXCLUDED.within"
    return f"""CREATE OR REPLACE FUNCTION answers_count_daily() RETURNS trigger
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
        (trainee_id, answered_day, skill, answers, correct, median2{columns})
    VALUES (NEW.trainee_id, NEW.answered_day, NEW.skill, 1, {_CORRECT},
            2 * NEW.time_taken_ms{values})
    ON CONFLICT (answered_day, skill, trainee_id) DO UPDATE
    SET answers = t.answers + 1, correct = t.correct + EXCLUDED.correct{adds}
    RETURNING t.answers INTO n;
    IF n > 1 THEN
        UPDATE trainee_skill_days SET median2 = {_middle(_MINE, "n")} WHERE {_MINE};
    END IF;
    RETURN NULL;
END $$"""


def _primary_key(include: str) -> None:
    op.execute(
        "ALTER TABLE trainee_skill_days DROP CONSTRAINT pk_trainee_skill_days,"
        f" ADD CONSTRAINT pk_trainee_skill_days PRIMARY KEY ({_KEY}) INCLUDE ({include})"
    )


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect not in ("sqlite", "postgresql"):
        raise RuntimeError(f"no within-target rollup written for {dialect}")
    op.create_table(
        "within_targets",
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("target_ms", sa.Integer(), nullable=False),
        sa.CheckConstraint("target_ms >= 0", name=op.f("ck_within_targets_target_ms")),
        sa.PrimaryKeyConstraint("skill", name=op.f("pk_within_targets")),
    )
    op.add_column(
        "trainee_skill_days",
        sa.Column("within", sa.Integer(), nullable=False, server_default="0"),
    )
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily")
        op.execute(_sqlite(within=True))
    else:
        _primary_key("answers, correct, median2, within")
        op.execute(_postgresql(within=True))


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        op.execute("DROP TRIGGER IF EXISTS answers_count_daily")
        op.execute(_sqlite(within=False))
    else:
        op.execute(_postgresql(within=False))
        _primary_key("answers, correct, median2")
    op.execute("ALTER TABLE trainee_skill_days DROP COLUMN within")
    op.drop_table("within_targets")
