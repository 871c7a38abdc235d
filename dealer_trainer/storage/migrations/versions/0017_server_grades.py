"""The server grades: ``answer_grades`` and ``sitting_grades`` (issue 36).

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-08

On the centre's server a grade, a time that counts and a certification are the server's
to compute, never a workstation's to send. ``dealer-trainer server grader`` (under its own
role, ``storage/server/grader.py``) writes:

- ``answer_grades``: one row per answer, the item made again from its spec (an exam's
  from the exam's seed), the given answer graded by the rules core, the expected answer
  as the grader computed it, whether the stored situation is the one made again, the
  exam item it answers and whether it counts (first answer of that item, recorded within
  the sitting's time limit), its time by the server's clock, and a flag where it is wrong
  or does not count whatever it says;
- ``sitting_grades``: one row per ended exam sitting, its score as
  ``storage/certification.py`` counts it from those grades (and from its live-table
  rounds judged again from their steps), passed or not, when and by which version.

Both are insert-only (UPDATE and DELETE refused by triggers, even to the owner, and on
SQLite a replacing INSERT). On a single PC the tables exist and stay empty: the app is the
grader there (its OS user could change the file anyway). The server's clock on the
answers' and sessions' stamps, the grader's role and its grants are the server's rules
(``storage/server/policy.py``, laid by ``server init``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | None = None
depends_on: str | None = None

_MESSAGE = "a grade is kept as the grader wrote it: it cannot be changed or removed"
_KEYS = {"answer_grades": "answer_id", "sitting_grades": "session_id"}


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _big_id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "answer_grades",
        sa.Column("answer_id", _big_id(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("expected", sa.JSON(), nullable=True),
        sa.Column("situation_matches", sa.Boolean(), nullable=False),
        sa.Column("item_index", sa.Integer(), nullable=True),
        sa.Column("counts", sa.Boolean(), nullable=False),
        sa.Column("server_ms", sa.BigInteger(), nullable=True),
        sa.Column("flag", sa.String(length=40), nullable=True),
        sa.Column("graded_at", _when(), nullable=False),
        sa.Column("grader_version", sa.String(length=40), nullable=False),
        sa.ForeignKeyConstraint(
            ["answer_id"], ["answers.id"], name=op.f("fk_answer_grades_answer_id_answers")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_answer_grades_session_id_training_sessions"),
        ),
        sa.PrimaryKeyConstraint("answer_id", name=op.f("pk_answer_grades")),
    )
    op.create_index(op.f("ix_answer_grades_session_id"), "answer_grades", ["session_id"])
    op.create_table(
        "sitting_grades",
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("answered", sa.Integer(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("in_time", sa.Integer(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("time_ms", sa.BigInteger(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("rounds_ended", sa.Integer(), nullable=False),
        sa.Column("steps_right", sa.Integer(), nullable=False),
        sa.Column("steps_judged", sa.Integer(), nullable=False),
        sa.Column("rounds_in_pace", sa.Integer(), nullable=False),
        sa.Column("table_ms", sa.BigInteger(), nullable=False),
        sa.Column("flagged", sa.Integer(), nullable=False),
        sa.Column("timed_out", sa.Boolean(), nullable=False),
        sa.Column("passed", sa.Boolean(), nullable=False),
        sa.Column("graded_at", _when(), nullable=False),
        sa.Column("grader_version", sa.String(length=40), nullable=False),
        sa.CheckConstraint(
            "correct BETWEEN 0 AND item_count", name=op.f("ck_sitting_grades_correct")
        ),
        sa.CheckConstraint("in_time BETWEEN 0 AND correct", name=op.f("ck_sitting_grades_in_time")),
        sa.CheckConstraint(
            "steps_right BETWEEN 0 AND steps_judged", name=op.f("ck_sitting_grades_steps_right")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_sitting_grades_session_id_training_sessions"),
        ),
        sa.PrimaryKeyConstraint("session_id", name=op.f("pk_sitting_grades")),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for table, key in _KEYS.items():
            for event in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_refuse_{event.lower()} BEFORE {event} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{table}: {_MESSAGE}'); END"
                )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_replace BEFORE INSERT ON {table} "
                f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {key} = NEW.{key}) "
                f"BEGIN SELECT RAISE(ABORT, '{table}: a recorded row cannot be replaced'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            f"""CREATE FUNCTION grades_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '%: {_MESSAGE} (%)', TG_TABLE_NAME, TG_OP
                    USING ERRCODE = 'restrict_violation';
            END $$"""
        )
        for table in _KEYS:
            op.execute(
                f"CREATE TRIGGER {table}_refuse_change BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION grades_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION grades_refuse_change()"
            )
    else:
        raise RuntimeError(f"no grade immutability trigger written for {dialect}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS grades_refuse_change() CASCADE")
    op.drop_table("sitting_grades")  # drops its SQLite triggers with it
    op.drop_index(op.f("ix_answer_grades_session_id"), table_name="answer_grades")
    op.drop_table("answer_grades")
