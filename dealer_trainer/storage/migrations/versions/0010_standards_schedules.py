"""Speed standards, the mastery rule and practice plans (issue 15, standards and schedules).

Revision ID: 0010
Revises: 0007
Create Date: 2026-12-01

- ``speed_standards``: each version of a skill's target time an instructor set;
  the newest version of a skill is in force, a skill without one keeps the
  drills' own target.
- ``mastery_rules``: each version of the centre's mastery rule (the share of
  the last answers right and within the target that masters a skill, the share
  that is close, and how many answers are looked at).
- ``practice_plans`` and ``plan_assignments``: plans an instructor made (skills
  of one game, a number of items, a due date) and whom they were given to.

- ``ix_answers_mastery``: each trainee's answers of a skill newest first, with
  what the mastery rule counts (the window function over the last answers reads
  no table).

All four tables are insert-only, as the answers: triggers refuse UPDATE and DELETE
(and, on SQLite, a replacing INSERT), so no setting or plan is ever lost and a
change is a new version.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | None = None
depends_on: str | None = None

_TABLES = ("speed_standards", "mastery_rules", "practice_plans", "plan_assignments")
_MESSAGE = "standards and plans are kept as set: a change is a new version"
#: The keys an insert may collide with (SQLite's INSERT OR REPLACE deletes without a trigger).
_KEYS: dict[str, tuple[tuple[str, ...], ...]] = {
    "speed_standards": (("id",), ("skill", "version")),
    "mastery_rules": (("id",), ("version",)),
    "practice_plans": (("id",),),
    "plan_assignments": (("id",), ("plan_id", "trainee_id")),
}


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _by(table: str, column: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        [column], ["instructors.id"], name=op.f(f"fk_{table}_{column}_instructors")
    )


def upgrade() -> None:
    op.create_table(
        "speed_standards",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(length=100), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("target_ms", sa.Integer(), nullable=False),
        sa.Column("set_by", sa.Integer(), nullable=False),
        sa.Column("set_at", _when(), nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_speed_standards_version_positive")),
        sa.CheckConstraint(
            "target_ms BETWEEN 1000 AND 600000", name=op.f("ck_speed_standards_target_ms")
        ),
        _by("speed_standards", "set_by"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_speed_standards")),
        sa.UniqueConstraint("skill", "version", name=op.f("uq_speed_standards_skill_version")),
    )
    op.create_table(
        "mastery_rules",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("last_answers", sa.Integer(), nullable=False),
        sa.Column("mastered_percent", sa.Integer(), nullable=False),
        sa.Column("close_percent", sa.Integer(), nullable=False),
        sa.Column("set_by", sa.Integer(), nullable=False),
        sa.Column("set_at", _when(), nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_mastery_rules_version_positive")),
        sa.CheckConstraint(
            "last_answers BETWEEN 5 AND 500", name=op.f("ck_mastery_rules_last_answers")
        ),
        sa.CheckConstraint(
            "mastered_percent BETWEEN 1 AND 100", name=op.f("ck_mastery_rules_mastered_percent")
        ),
        sa.CheckConstraint(
            "close_percent BETWEEN 0 AND mastered_percent",
            name=op.f("ck_mastery_rules_close_percent"),
        ),
        _by("mastery_rules", "set_by"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_mastery_rules")),
        sa.UniqueConstraint("version", name=op.f("uq_mastery_rules_version")),
    )
    op.create_table(
        "practice_plans",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("skills", sa.JSON(), nullable=False),
        sa.Column("item_count", sa.Integer(), nullable=False),
        sa.Column("due_at", _when(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=True),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", _when(), nullable=False),
        sa.CheckConstraint(
            "item_count BETWEEN 1 AND 1000", name=op.f("ck_practice_plans_item_count")
        ),
        _by("practice_plans", "created_by"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_practice_plans")),
    )
    op.create_table(
        "plan_assignments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("plan_id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("assigned_by", sa.Integer(), nullable=False),
        sa.Column("assigned_at", _when(), nullable=False),
        sa.ForeignKeyConstraint(
            ["plan_id"],
            ["practice_plans.id"],
            name=op.f("fk_plan_assignments_plan_id_practice_plans"),
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_plan_assignments_trainee_id_trainees")
        ),
        _by("plan_assignments", "assigned_by"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_plan_assignments")),
        sa.UniqueConstraint(
            "plan_id", "trainee_id", name=op.f("uq_plan_assignments_plan_id_trainee_id")
        ),
    )
    op.create_index(op.f("ix_plan_assignments_trainee_id"), "plan_assignments", ["trainee_id"])
    # Mastery: each trainee's answers of a skill newest first, covering what the rule counts.
    op.create_index(
        "ix_answers_mastery",
        "answers",
        ["trainee_id", "skill", "answered_at", "id", "correct", "time_taken_ms"],
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for table in _TABLES:
            for event in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_refuse_{event.lower()} BEFORE {event} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{table}: {_MESSAGE}'); END"
                )
            collides = " OR ".join(
                "(" + " AND ".join(f"{c} = NEW.{c}" for c in key) + ")" for key in _KEYS[table]
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_replace BEFORE INSERT ON {table} "
                f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {collides}) "
                f"BEGIN SELECT RAISE(ABORT, '{table}: a recorded row cannot be replaced'); END"
            )
    elif dialect == "postgresql":
        op.execute(
            f"""CREATE FUNCTION standards_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '%: {_MESSAGE} (%)', TG_TABLE_NAME, TG_OP
                    USING ERRCODE = 'restrict_violation';
            END $$"""
        )
        for table in _TABLES:
            op.execute(
                f"CREATE TRIGGER {table}_refuse_change BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION standards_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION standards_refuse_change()"
            )
    else:
        raise RuntimeError(f"no standards immutability trigger written for {dialect}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS standards_refuse_change() CASCADE")
    op.drop_index("ix_answers_mastery", table_name="answers")
    op.drop_index(op.f("ix_plan_assignments_trainee_id"), table_name="plan_assignments")
    for table in reversed(_TABLES):
        op.drop_table(table)  # drops its SQLite triggers with it
