"""House rulesets, kept in the database where every workstation of the centre sees them.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01

``house_rulesets`` keeps each version of a house ruleset file an instructor added:
its whole text, validated when it was added, with its id, version, game, base
and title. Rows are never changed or deleted (triggers, as for the answers): an
answer records ``<id>@<version>``, so what it was graded under stays on file.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None

_MESSAGE = "house rulesets are kept as added: answers were graded under them; add a new version"
_SQLITE_TRIGGERS = [
    "CREATE TRIGGER house_rulesets_refuse_update BEFORE UPDATE ON house_rulesets "
    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END",
    "CREATE TRIGGER house_rulesets_refuse_delete BEFORE DELETE ON house_rulesets "
    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END",
]
_POSTGRESQL_TRIGGERS = [
    f"""CREATE FUNCTION house_rulesets_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{_MESSAGE} (%)', TG_OP USING ERRCODE = 'restrict_violation';
    END $$""",
    "CREATE TRIGGER house_rulesets_refuse_change BEFORE UPDATE OR DELETE ON house_rulesets "
    "FOR EACH ROW EXECUTE FUNCTION house_rulesets_refuse_change()",
    "CREATE TRIGGER house_rulesets_refuse_truncate BEFORE TRUNCATE ON house_rulesets "
    "FOR EACH STATEMENT EXECUTE FUNCTION house_rulesets_refuse_change()",
]


def upgrade() -> None:
    op.create_table(
        "house_rulesets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("ruleset_id", sa.String(length=48), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=20), nullable=False),
        sa.Column("base", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("file_name", sa.String(length=255), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("sha256", sa.String(length=64), nullable=False),
        sa.Column("added_by", sa.Integer(), nullable=False),
        sa.Column("added_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("version >= 1", name=op.f("ck_house_rulesets_version_positive")),
        sa.ForeignKeyConstraint(
            ["added_by"],
            ["instructors.id"],
            name=op.f("fk_house_rulesets_added_by_instructors"),
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_house_rulesets")),
        sa.UniqueConstraint(
            "ruleset_id", "version", name=op.f("uq_house_rulesets_ruleset_id_version")
        ),
    )
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        statements = _SQLITE_TRIGGERS
    elif dialect == "postgresql":
        statements = _POSTGRESQL_TRIGGERS
    else:
        raise RuntimeError(f"no house-ruleset immutability trigger written for {dialect}")
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS house_rulesets_refuse_change() CASCADE")
    op.drop_table("house_rulesets")  # drops its SQLite triggers with it
