"""The live table's rounds: each round, each attempt as it happened, each round's end.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

Three insert-only tables, refused UPDATE and DELETE by triggers as the answers
are (0001): a round is written when it is dealt, every attempt is committed
on its own the moment it is judged, and the round's summary is a row of its
own written once at the end, so a crash loses nothing already played and a
recorded step can never be changed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None

_TABLES = ("table_rounds", "table_attempts", "table_round_ends")
_MESSAGE = "table rounds are immutable: a recorded round or step cannot be changed or deleted"


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _big_id() -> sa.types.TypeEngine[int]:
    return sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    op.create_table(
        "table_rounds",
        sa.Column("id", _big_id(), nullable=False),
        sa.Column("uid", sa.String(length=64), nullable=False),
        sa.Column("session_id", sa.Integer(), nullable=False),
        sa.Column("trainee_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("ruleset_id", sa.String(length=64), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("difficulty", sa.Integer(), nullable=False),
        sa.Column("situation", sa.JSON(), nullable=False),
        sa.Column("app_version", sa.String(length=40), nullable=False),
        sa.Column("started_at", _when(), nullable=False),
        sa.CheckConstraint("difficulty BETWEEN 1 AND 3", name=op.f("ck_table_rounds_difficulty")),
        sa.ForeignKeyConstraint(
            ["session_id"],
            ["training_sessions.id"],
            name=op.f("fk_table_rounds_session_id_training_sessions"),
        ),
        sa.ForeignKeyConstraint(
            ["trainee_id"], ["trainees.id"], name=op.f("fk_table_rounds_trainee_id_trainees")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_rounds")),
        sa.UniqueConstraint("uid", name=op.f("uq_table_rounds_uid")),
    )
    op.create_index(op.f("ix_table_rounds_session_id"), "table_rounds", ["session_id"])
    op.create_index(
        op.f("ix_table_rounds_trainee_id_started_at"), "table_rounds", ["trainee_id", "started_at"]
    )
    op.create_table(
        "table_attempts",
        sa.Column("id", _big_id(), nullable=False),
        sa.Column("round_id", _big_id(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=20), nullable=True),
        sa.Column("step", sa.JSON(), nullable=True),
        sa.Column("accepted", sa.Boolean(), nullable=False),
        sa.Column("verdict_code", sa.String(length=60), nullable=True),
        sa.Column("citation", sa.String(length=100), nullable=True),
        sa.Column("ms", sa.Integer(), nullable=False),
        sa.Column("recorded_at", _when(), nullable=False),
        sa.CheckConstraint("ms >= 0", name=op.f("ck_table_attempts_ms_non_negative")),
        sa.CheckConstraint("position >= 0", name=op.f("ck_table_attempts_position_non_negative")),
        sa.ForeignKeyConstraint(
            ["round_id"], ["table_rounds.id"], name=op.f("fk_table_attempts_round_id_table_rounds")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_table_attempts")),
        sa.UniqueConstraint(
            "round_id", "position", name=op.f("uq_table_attempts_round_id_position")
        ),
    )
    op.create_table(
        "table_round_ends",
        sa.Column("round_id", _big_id(), nullable=False),
        sa.Column("steps", sa.Integer(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("mistakes", sa.Integer(), nullable=False),
        sa.Column("ms", sa.BigInteger(), nullable=False),
        sa.Column("complete", sa.Boolean(), nullable=False),
        sa.Column("ended_at", _when(), nullable=False),
        sa.CheckConstraint("ms >= 0", name=op.f("ck_table_round_ends_ms_non_negative")),
        sa.ForeignKeyConstraint(
            ["round_id"],
            ["table_rounds.id"],
            name=op.f("fk_table_round_ends_round_id_table_rounds"),
        ),
        sa.PrimaryKeyConstraint("round_id", name=op.f("pk_table_round_ends")),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        for table in _TABLES:
            for event in ("UPDATE", "DELETE"):
                op.execute(
                    f"CREATE TRIGGER {table}_refuse_{event.lower()} BEFORE {event} ON {table} "
                    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END"
                )
    elif dialect == "postgresql":
        op.execute(
            f"""CREATE FUNCTION table_rounds_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '{_MESSAGE} (%)', TG_OP USING ERRCODE = 'restrict_violation';
            END $$"""
        )
        for table in _TABLES:
            op.execute(
                f"CREATE TRIGGER {table}_refuse_change BEFORE UPDATE OR DELETE ON {table} "
                "FOR EACH ROW EXECUTE FUNCTION table_rounds_refuse_change()"
            )
            op.execute(
                f"CREATE TRIGGER {table}_refuse_truncate BEFORE TRUNCATE ON {table} "
                "FOR EACH STATEMENT EXECUTE FUNCTION table_rounds_refuse_change()"
            )
    else:
        raise RuntimeError(f"no table-round immutability trigger written for {dialect}")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS table_rounds_refuse_change() CASCADE")
    op.drop_table("table_round_ends")  # drops its indexes and SQLite triggers with it
    op.drop_table("table_attempts")
    op.drop_table("table_rounds")
