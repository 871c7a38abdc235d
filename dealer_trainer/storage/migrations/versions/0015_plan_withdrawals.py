"""A practice plan given by mistake is withdrawn: ``plan_withdrawals``.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-05

A plan assignment is insert-only (0010), as every record of what a trainee was asked
to do. Withdrawing one adds a row here (the assignment, who withdrew it, when) and
the assignment stays on file: it leaves the trainee's plans, the instructor's list
and the overdue list, and the audit log keeps that it was given and withdrawn. The
trainee's answers are never touched (a plan only counts them).

``plan_withdrawals`` is insert-only too (UPDATE and DELETE refused by triggers, and
on SQLite a replacing INSERT), and an assignment is withdrawn at most once. On the
centre's server an instructor withdraws through ``dt_withdraw_plan()`` only
(``storage/server/policy.py``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "plan_withdrawals"
_MESSAGE = "a withdrawal is kept as made: it cannot be changed or removed"


def upgrade() -> None:
    op.create_table(
        _TABLE,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("assignment_id", sa.Integer(), nullable=False),
        sa.Column("withdrawn_by", sa.Integer(), nullable=False),
        sa.Column("withdrawn_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["assignment_id"],
            ["plan_assignments.id"],
            name=op.f("fk_plan_withdrawals_assignment_id_plan_assignments"),
        ),
        sa.ForeignKeyConstraint(
            ["withdrawn_by"],
            ["instructors.id"],
            name=op.f("fk_plan_withdrawals_withdrawn_by_instructors"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_plan_withdrawals")),
        sa.UniqueConstraint("assignment_id", name=op.f("uq_plan_withdrawals_assignment_id")),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for event in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER {_TABLE}_refuse_{event.lower()} BEFORE {event} ON {_TABLE} "
                f"BEGIN SELECT RAISE(ABORT, '{_TABLE}: {_MESSAGE}'); END"
            )
        op.execute(
            f"CREATE TRIGGER {_TABLE}_refuse_replace BEFORE INSERT ON {_TABLE} "
            f"WHEN EXISTS (SELECT 1 FROM {_TABLE} WHERE id = NEW.id "
            "OR assignment_id = NEW.assignment_id) "
            f"BEGIN SELECT RAISE(ABORT, '{_TABLE}: a recorded row cannot be replaced'); END"
        )
    elif dialect == "postgresql":  # 0010's function refuses the change, naming the table
        op.execute(
            f"CREATE TRIGGER {_TABLE}_refuse_change BEFORE UPDATE OR DELETE ON {_TABLE} "
            "FOR EACH ROW EXECUTE FUNCTION standards_refuse_change()"
        )
        op.execute(
            f"CREATE TRIGGER {_TABLE}_refuse_truncate BEFORE TRUNCATE ON {_TABLE} "
            "FOR EACH STATEMENT EXECUTE FUNCTION standards_refuse_change()"
        )
    else:
        raise RuntimeError(f"no withdrawal immutability trigger written for {dialect}")


def downgrade() -> None:
    op.drop_table(_TABLE)  # drops its triggers with it
