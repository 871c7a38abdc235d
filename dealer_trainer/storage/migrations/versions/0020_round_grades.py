"""The server grades the live table's rounds: ``round_grades`` (issue 36).

Revision ID: 0020
Revises: 0019
Create Date: 2026-12-08

An exam's rounds were judged again by the centre's grader within its sitting; a practice
round's figures (the instructor's live-table results, *My progress*) still counted the
workstation's verdicts. ``round_grades`` holds the grader's judgement of every round that
ended (``storage/server/grader.py``): the round dealt again from its seed, its recorded
steps judged again by the rules core, whether it was settled, the steps tried and right,
each step's verdict (``verdicts``: by the attempt's position, ``{"accepted", "code",
"citation"}``), the time that counts (the server's stamps', or the workstation's where that
is longer) and whether the stored situation is the one dealt again. The server's views
``graded_table_attempts`` and ``graded_round_ends`` read it (``policy.py``).

Insert-only as the other grades (UPDATE and DELETE refused by triggers; on SQLite a
replacing INSERT too). On a single PC the table exists and stays empty.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0020"
down_revision: str | None = "0019"
branch_labels: str | None = None
depends_on: str | None = None

_MESSAGE = "a grade is kept as the grader wrote it: it cannot be changed or removed"


def _big_id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "round_grades",
        sa.Column("round_id", _big_id(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("complete", sa.Boolean(), nullable=False),
        sa.Column("steps_tried", sa.Integer(), nullable=False),
        sa.Column("steps_right", sa.Integer(), nullable=False),
        sa.Column("verdicts", sa.JSON(), nullable=False),
        sa.Column("ms", sa.BigInteger(), nullable=False),
        sa.Column("situation_matches", sa.Boolean(), nullable=False),
        sa.Column("flag", sa.String(length=40), nullable=True),
        sa.Column("graded_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("grader_version", sa.String(length=40), nullable=False),
        sa.CheckConstraint(
            "steps_right BETWEEN 0 AND steps_tried", name=op.f("ck_round_grades_steps_right")
        ),
        sa.CheckConstraint("ms >= 0", name=op.f("ck_round_grades_ms_non_negative")),
        sa.ForeignKeyConstraint(
            ["round_id"], ["table_rounds.id"], name=op.f("fk_round_grades_round_id_table_rounds")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_round_grades_session_id_training_sessions"),
        ),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_round_grades")),
    )
    op.create_index(op.f("ix_round_grades_session_id"), "round_grades", ["session_id"])
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for event in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER round_grades_refuse_{event.lower()} BEFORE {event} ON "
                f"round_grades BEGIN SELECT RAISE(ABORT, 'round_grades: {_MESSAGE}'); END"
            )
        op.execute(
            "CREATE TRIGGER round_grades_refuse_replace BEFORE INSERT ON round_grades "
            "WHEN EXISTS (SELECT 1 FROM round_grades WHERE round_id = NEW.round_id) "
            "BEGIN SELECT RAISE(ABORT, 'round_grades: a recorded row cannot be replaced'); END"
        )
    elif dialect == "postgresql":  # grades_refuse_change() is 0017's
        op.execute(
            "CREATE TRIGGER round_grades_refuse_change BEFORE UPDATE OR DELETE ON round_grades "
            "FOR EACH ROW EXECUTE FUNCTION grades_refuse_change()"
        )
        op.execute(
            "CREATE TRIGGER round_grades_refuse_truncate BEFORE TRUNCATE ON round_grades "
            "FOR EACH STATEMENT EXECUTE FUNCTION grades_refuse_change()"
        )
    else:
        raise RuntimeError(f"no grade immutability trigger written for {dialect}")


def downgrade() -> None:
    op.drop_index(op.f("ix_round_grades_session_id"), table_name="round_grades")
    op.drop_table("round_grades")  # its triggers with it
