"""Certification: the centre's settings, exam windows, speed pass marks, certifications.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01

- ``centre_settings``: the centre's settings (its name for the transcript, the
  number of sittings an exam allows, the days to wait between sittings, the months
  a certification stays valid), one row per version, insert-only: the newest
  version rules and every earlier one stays on file (``storage/centre.py``).
- ``exam_assignments.opens_at``: an exam's window opens (``due_at`` closes it).
- ``exams.speed_mark_numerator/denominator``: the speed pass mark (the share of
  items right and within their skill's target time), ``exams.speed_targets``: the
  target of each skill, in milliseconds, when the exam was built.
- ``certifications``: a trainee certified for a game by a passing sitting,
  insert-only (``storage/certification.py``).

Each sitting of an exam (a retake too) is its own exam session, as before: none
is ever changed or removed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | None = None
depends_on: str | None = None

_MESSAGES = {
    "centre_settings": "centre settings are kept as set: add a new version",
    "certifications": "a certification is kept as awarded: it cannot be changed or deleted",
}
_KEYS = {"centre_settings": ("id", "version"), "certifications": ("id", "session_id")}


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    op.add_column("exam_assignments", sa.Column("opens_at", _when(), nullable=True))
    op.add_column("exams", sa.Column("speed_mark_numerator", sa.Integer(), nullable=True))
    op.add_column("exams", sa.Column("speed_mark_denominator", sa.Integer(), nullable=True))
    op.add_column("exams", sa.Column("speed_targets", sa.JSON(), nullable=True))
    if dialect != "sqlite":  # SQLite cannot add a CHECK to a table in place; the app checks
        op.create_check_constraint(
            op.f("ck_exams_speed_mark"),
            "exams",
            "speed_mark_numerator IS NULL OR (speed_mark_numerator > 0 "
            "AND speed_mark_numerator <= speed_mark_denominator)",
        )
    op.create_table(
        "centre_settings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("centre_name", sa.String(length=200), nullable=False),
        sa.Column("retake_limit", sa.Integer(), nullable=False),
        sa.Column("retake_wait_days", sa.Integer(), nullable=False),
        sa.Column("validity_months", sa.Integer(), nullable=False),
        sa.Column("changed_by", sa.Integer(), nullable=False),
        sa.Column("changed_at", _when(), nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_centre_settings_version_positive")),
        sa.CheckConstraint(
            "retake_limit BETWEEN 1 AND 20", name=op.f("ck_centre_settings_retake_limit")
        ),
        sa.CheckConstraint(
            "retake_wait_days BETWEEN 0 AND 365", name=op.f("ck_centre_settings_retake_wait_days")
        ),
        sa.CheckConstraint(
            "validity_months BETWEEN 1 AND 120", name=op.f("ck_centre_settings_validity_months")
        ),
        sa.ForeignKeyConstraint(
            ["changed_by"],
            ["instructors.id"],
            name=op.f("fk_centre_settings_changed_by_instructors"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_centre_settings")),
        sa.UniqueConstraint("version", name=op.f("uq_centre_settings_version")),
    )
    op.create_table(
        "certifications",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("exam_id", sa.Integer(), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("passed_at", _when(), nullable=False),
        sa.Column("correct", sa.Integer(), nullable=False),
        sa.Column("in_time", sa.Integer(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("time_taken_ms", sa.BigInteger(), nullable=False),
        sa.Column("approved_by", sa.Integer(), nullable=False),
        sa.Column("valid_until", sa.Date(), nullable=False),
        sa.CheckConstraint(
            "correct BETWEEN 0 AND item_count", name=op.f("ck_certifications_correct")
        ),
        sa.CheckConstraint("in_time BETWEEN 0 AND correct", name=op.f("ck_certifications_in_time")),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_certifications_trainee_id_trainees")
        ),
        sa.ForeignKeyConstraint(
            ["exam_id"], ["exams.id"], name=op.f("fk_certifications_exam_id_exams")
        ),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_certifications_session_id_training_sessions"),
        ),
        sa.ForeignKeyConstraint(
            ["approved_by"],
            ["instructors.id"],
            name=op.f("fk_certifications_approved_by_instructors"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_certifications")),
        sa.UniqueConstraint("session_id", name=op.f("uq_certifications_session_id")),
    )
    op.create_index(op.f("ix_certifications_trainee_id"), "certifications", ["trainee_id"])
    for table, message in _MESSAGES.items():
        if dialect == "sqlite":
            for event in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_refuse_{event.lower()} BEFORE {event} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{message}'); END"
                )
            collides = " OR ".join(f"{key} = NEW.{key}" for key in _KEYS[table])
            op.execute(
                f"CREATE TRIGGER {table}_refuse_replace BEFORE INSERT ON {table} "
                f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {collides}) "
                f"BEGIN SELECT RAISE(ABORT, '{table}: a recorded row cannot be replaced'); END"
            )
        elif dialect == "postgresql":
            op.execute(
                f"""CREATE FUNCTION {table}_refuse_change() RETURNS trigger LANGUAGE plpgsql
                AS $$ BEGIN
                    RAISE EXCEPTION '{message} (%)', TG_OP USING ERRCODE = 'restrict_violation';
                END $$"""
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_change BEFORE UPDATE OR DELETE ON {table} "
                f"FOR EACH ROW EXECUTE FUNCTION {table}_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_truncate BEFORE TRUNCATE ON {table} "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {table}_refuse_change()"
            )
        else:
            raise RuntimeError(f"no {table} immutability trigger written for {dialect}")


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    for table in _MESSAGES:
        if dialect == "postgresql":
            op.execute(f"DROP FUNCTION IF EXISTS {table}_refuse_change() CASCADE")
        op.drop_table(table)
    if dialect == "sqlite":
        for column in ("speed_targets", "speed_mark_denominator", "speed_mark_numerator"):
            op.execute(f"ALTER TABLE exams DROP COLUMN {column}")
        op.execute("ALTER TABLE exam_assignments DROP COLUMN opens_at")
    else:
        op.drop_constraint(op.f("ck_exams_speed_mark"), "exams", type_="check")
        for column in ("speed_targets", "speed_mark_denominator", "speed_mark_numerator"):
            op.drop_column("exams", column)
        op.drop_column("exam_assignments", "opens_at")
