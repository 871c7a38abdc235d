"""Initial schema: instructors, trainees, exams, sessions, immutable answers, review state.

Revision ID: 0001
Revises:
Create Date: 2026-11-30

Frozen: a later schema change is a new revision, never an edit of this one.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

_MESSAGE = "answers are immutable: a recorded answer cannot be changed or deleted"
_SQLITE_TRIGGERS = [
    f"CREATE TRIGGER answers_refuse_update BEFORE UPDATE ON answers "
    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END",
    f"CREATE TRIGGER answers_refuse_delete BEFORE DELETE ON answers "
    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END",
]
_POSTGRESQL_TRIGGERS = [
    f"""CREATE FUNCTION answers_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{_MESSAGE} (%)', TG_OP USING ERRCODE = 'restrict_violation';
    END $$""",
    "CREATE TRIGGER answers_refuse_change BEFORE UPDATE OR DELETE ON answers "
    "FOR EACH ROW EXECUTE FUNCTION answers_refuse_change()",
    "CREATE TRIGGER answers_refuse_truncate BEFORE TRUNCATE ON answers "
    "FOR EACH STATEMENT EXECUTE FUNCTION answers_refuse_change()",
]


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "instructors",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("failed_attempts", sa.Integer(), nullable=False),
        sa.Column("last_failed_at", _when(), nullable=True),
        sa.Column("created_at", _when(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_instructors")),
        sa.UniqueConstraint("name", name=op.f("uq_instructors_name")),
    )
    op.create_table(
        "trainees",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_trainees")),
        sa.UniqueConstraint("name", name=op.f("uq_trainees_name")),
    )
    op.create_table(
        "exams",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("ruleset_id", sa.String(length=64), nullable=False),
        sa.Column("skills", sa.JSON(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("time_limit_s", sa.Integer(), nullable=True),
        sa.Column("difficulty", sa.Integer(), nullable=False),
        sa.Column("pass_mark_numerator", sa.Integer(), nullable=False),
        sa.Column("pass_mark_denominator", sa.Integer(), nullable=False),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
        sa.CheckConstraint("item_count BETWEEN 1 AND 500", name=op.f("ck_exams_item_count")),
        sa.CheckConstraint("difficulty BETWEEN 1 AND 3", name=op.f("ck_exams_difficulty")),
        sa.CheckConstraint(
            "pass_mark_numerator > 0 AND pass_mark_numerator <= pass_mark_denominator",
            name=op.f("ck_exams_pass_mark"),
        ),
        sa.ForeignKeyConstraint(
            ["created_by"], ["instructors.id"], name=op.f("fk_exams_created_by_instructors")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exams")),
    )
    op.create_table(
        "review_states",
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("due_at", _when(), nullable=True),
        sa.Column("updated_at", _when(), nullable=False),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_review_states_trainee_id_trainees")
        ),
        sa.PrimaryKeyConstraint("trainee_id", "skill", name=op.f("pk_review_states")),
    )
    op.create_index(
        op.f("ix_review_states_trainee_id_due_at"), "review_states", ["trainee_id", "due_at"]
    )
    op.create_table(
        "exam_assignments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("exam_id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("assigned_by", sa.Integer(), nullable=False),
        sa.Column("assigned_at", _when(), nullable=False),
        sa.Column("due_at", _when(), nullable=True),
        sa.Column("completed_at", _when(), nullable=True),
        sa.ForeignKeyConstraint(
            ["assigned_by"],
            ["instructors.id"],
            name=op.f("fk_exam_assignments_assigned_by_instructors"),
        ),
        sa.ForeignKeyConstraint(
            ["exam_id"], ["exams.id"], name=op.f("fk_exam_assignments_exam_id_exams")
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_exam_assignments_trainee_id_trainees")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_exam_assignments")),
        sa.UniqueConstraint(
            "exam_id", "trainee_id", name=op.f("uq_exam_assignments_exam_id_trainee_id")
        ),
    )
    op.create_index(op.f("ix_exam_assignments_trainee_id"), "exam_assignments", ["trainee_id"])
    op.create_table(
        "training_sessions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=20), nullable=False),
        sa.Column("ruleset_id", sa.String(length=64), nullable=False),
        sa.Column("app_version", sa.String(length=40), nullable=False),
        sa.Column("workstation", sa.String(length=100), nullable=False),
        sa.Column("exam_assignment_id", sa.Integer(), nullable=True),
        sa.Column("started_at", _when(), nullable=False),
        sa.Column("ended_at", _when(), nullable=True),
        sa.CheckConstraint(
            "kind IN ('practice', 'timed', 'review', 'exam')",
            name=op.f("ck_training_sessions_kind"),
        ),
        sa.ForeignKeyConstraint(
            ["exam_assignment_id"],
            ["exam_assignments.id"],
            name=op.f("fk_training_sessions_exam_assignment_id_exam_assignments"),
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_training_sessions_trainee_id_trainees")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_training_sessions")),
    )
    op.create_index(
        op.f("ix_training_sessions_trainee_id_started_at"),
        "training_sessions",
        ["trainee_id", "started_at"],
    )
    op.create_table(
        "answers",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("uid", sa.String(length=64), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("ruleset_id", sa.String(length=64), nullable=False),
        sa.Column("item_seed", sa.BigInteger(), nullable=False),
        sa.Column("situation", sa.JSON(), nullable=False),
        sa.Column("expected", sa.JSON(), nullable=False),
        sa.Column("given", sa.JSON(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("time_taken_ms", sa.Integer(), nullable=False),
        sa.Column("app_version", sa.String(length=40), nullable=False),
        sa.Column("presented_at", _when(), nullable=False),
        sa.Column("answered_at", _when(), nullable=False),
        sa.Column("answered_day", sa.Date(), nullable=False),
        sa.Column("recorded_at", _when(), nullable=False),
        sa.CheckConstraint(
            "time_taken_ms >= 0", name=op.f("ck_answers_time_taken_ms_non_negative")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_answers_session_id_training_sessions"),
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_answers_trainee_id_trainees")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_answers")),
        sa.UniqueConstraint("uid", name=op.f("uq_answers_uid")),
    )
    op.create_index(op.f("ix_answers_session_id"), "answers", ["session_id"])
    op.create_index(
        op.f("ix_answers_trainee_id_answered_at"), "answers", ["trainee_id", "answered_at"]
    )
    op.create_index(
        "ix_answers_trainee_day",
        "answers",
        ["trainee_id", "answered_day", "skill", "time_taken_ms", "correct"],
    )
    op.create_index(
        "ix_answers_day_skill", "answers", ["answered_day", "skill", "time_taken_ms", "correct"]
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        statements = _SQLITE_TRIGGERS
    elif dialect == "postgresql":
        statements = _POSTGRESQL_TRIGGERS
    else:
        raise RuntimeError(f"no answer-immutability trigger written for {dialect}")
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS answers_refuse_change() CASCADE")
    op.drop_table("answers")  # drops its indexes and SQLite triggers with it
    op.drop_table("training_sessions")
    op.drop_table("exam_assignments")
    op.drop_table("review_states")
    op.drop_table("exams")
    op.drop_table("trainees")
    op.drop_table("instructors")
