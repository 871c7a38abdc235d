"""Intake groups, several instructors (disable one), staff numbers.

Revision ID: 0009
Revises: 0007
Create Date: 2026-12-01

- ``intake_groups``: a class of trainees (name, start date, archived), its name unique
  by ``records.name_key`` as trainee names are; ``group_instructors``: who teaches it;
  ``group_members``: who is in it, one row per stay (``joined_at`` .. ``left_at``), so
  a trainee moved to another group keeps their history; at most one open stay per
  trainee (a partial unique index on SQLite and PostgreSQL).
- ``instructors.disabled``: a disabled instructor cannot sign in; their records stay.
  ``instructors.name_key``: instructors' names are unique by their key too (filled for
  the instructors there are; a later spelling of an older instructor's name keeps NULL,
  as migration 0003 did for trainees).
- ``trainees.staff_number``: optional, unique when given (several NULLs are allowed).
- ``ix_audit_log_action_id``: the people lists' change check reads the newest people
  entry of the audit log (``storage.groups.people_signature``) without a scan.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.storage.models import UTCDateTime
from dealer_trainer.storage.records import name_key

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | None = None
depends_on: str | None = None

_instructors = sa.table(
    "instructors",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String(100)),
    sa.column("name_key", sa.String(400)),
)


def upgrade() -> None:
    op.create_table(
        "intake_groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("name_key", sa.String(length=400), nullable=False),
        sa.Column("start_date", sa.Date(), nullable=False),
        sa.Column("archived", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_by", sa.Integer(), nullable=False),
        sa.Column("created_at", UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["created_by"],
            ["instructors.id"],
            name=op.f("fk_intake_groups_created_by_instructors"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_intake_groups")),
    )
    op.create_index(op.f("ix_intake_groups_name_key"), "intake_groups", ["name_key"], unique=True)
    op.create_table(
        "group_instructors",
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("instructor_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["intake_groups.id"],
            name=op.f("fk_group_instructors_group_id_intake_groups"),
        ),
        sa.ForeignKeyConstraint(
            ["instructor_id"],
            ["instructors.id"],
            name=op.f("fk_group_instructors_instructor_id_instructors"),
        ),
        sa.PrimaryKeyConstraint("group_id", "instructor_id", name=op.f("pk_group_instructors")),
    )
    op.create_table(
        "group_members",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("joined_at", UTCDateTime(), nullable=False),
        sa.Column("left_at", UTCDateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["group_id"],
            ["intake_groups.id"],
            name=op.f("fk_group_members_group_id_intake_groups"),
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"],
            ["trainees.id"],
            name=op.f("fk_group_members_trainee_id_trainees"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_group_members")),
    )
    op.create_index(op.f("ix_group_members_group_id"), "group_members", ["group_id"])
    op.create_index(
        "ix_group_members_current",
        "group_members",
        ["trainee_id"],
        unique=True,
        sqlite_where=sa.text("left_at IS NULL"),
        postgresql_where=sa.text("left_at IS NULL"),
    )
    op.add_column(
        "instructors",
        sa.Column("disabled", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("instructors", sa.Column("name_key", sa.String(length=400), nullable=True))
    bind = op.get_bind()
    taken: set[str] = set()
    rows = bind.execute(
        sa.select(_instructors.c.id, _instructors.c.name).order_by(_instructors.c.id)
    )
    for instructor_id, name in rows.all():
        try:
            key = name_key(name)
        except ValueError:
            continue
        if key in taken:
            continue
        taken.add(key)
        bind.execute(
            sa.update(_instructors).where(_instructors.c.id == instructor_id).values(name_key=key)
        )
    op.create_index(op.f("ix_instructors_name_key"), "instructors", ["name_key"], unique=True)
    op.add_column("trainees", sa.Column("staff_number", sa.String(length=32), nullable=True))
    op.create_index(op.f("ix_trainees_staff_number"), "trainees", ["staff_number"], unique=True)
    op.create_index("ix_audit_log_action_id", "audit_log", ["action", "id"])


def downgrade() -> None:
    op.drop_index("ix_audit_log_action_id", table_name="audit_log")
    op.drop_index(op.f("ix_trainees_staff_number"), table_name="trainees")
    with op.batch_alter_table("trainees") as batch:
        batch.drop_column("staff_number")
    op.drop_index(op.f("ix_instructors_name_key"), table_name="instructors")
    with op.batch_alter_table("instructors") as batch:
        batch.drop_column("name_key")
        batch.drop_column("disabled")
    op.drop_index("ix_group_members_current", table_name="group_members")
    op.drop_index(op.f("ix_group_members_group_id"), table_name="group_members")
    op.drop_table("group_members")
    op.drop_table("group_instructors")
    op.drop_index(op.f("ix_intake_groups_name_key"), table_name="intake_groups")
    op.drop_table("intake_groups")
