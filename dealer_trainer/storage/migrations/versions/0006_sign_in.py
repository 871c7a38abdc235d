"""Sign-in for everyone, an append-only audit log, a hash chain over the answers.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

- ``trainees.login``, ``instructors.login``: the name a person signs in with,
  unique, lower case, PostgreSQL-role-safe (a letter, then letters, digits,
  ``_``, ``.``, ``-``; at most 63 characters). Existing people get one made
  from their name (``Ana Lei`` -> ``ana.lei``; a name with no Latin letters ->
  ``trainee1`` / ``instructor1``), unique across both tables.
- ``trainees.password_hash`` (argon2id, single-PC mode; NULL on the server,
  where PostgreSQL holds the password; NULL also for a trainee registered
  before this revision until the instructor sets one),
  ``trainees.failed_attempts`` / ``trainees.last_failed_at``: the per-account
  escalating delay after wrong passwords (instructors already have both).
- ``audit_log``: who did what (``at``, ``actor`` login, ``action`` code,
  ``subject``, ``detail``; never a password), append-only (triggers refuse
  UPDATE, DELETE and a replacing INSERT), ``chain_hash`` chaining its rows.
- ``answers.chain_hash``: see ``storage/chain.py``; filled here for the
  answers already recorded on SQLite (NULL on PostgreSQL, whose roles refuse
  the change itself).
- SQLite: ``INSERT OR REPLACE``/``REPLACE``/an UPSERT's replace on any
  insert-only table deletes the old row without firing its DELETE trigger; a
  BEFORE INSERT trigger now refuses any insert that collides with a recorded
  row's key, so the replace never happens.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.storage.chain import ANSWER_FIELDS, GENESIS, link
from dealer_trainer.storage.logins import login_from_name
from dealer_trainer.storage.models import UTCDateTime

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None

_LOGIN_LENGTH = 63
_AUDIT_MESSAGE = "the audit log is append-only: an entry cannot be changed or deleted"

#: Insert-only tables and the keys a replacing INSERT would collide on (SQLite).
_INSERT_ONLY: dict[str, tuple[tuple[str, ...], ...]] = {
    "answers": (("id",), ("uid",)),
    "table_rounds": (("id",), ("uid",)),
    "table_attempts": (("id",), ("round_id", "position")),
    "table_round_ends": (("round_id",),),
    "house_rulesets": (("id",), ("ruleset_id", "version")),
    "audit_log": (("id",),),
}


def _when() -> sa.DateTime:
    return sa.DateTime(timezone=True)


def _fill_logins(bind: sa.Connection, table: str, fallback: str, taken: set[str]) -> None:
    people = sa.table(table, sa.column("id", sa.Integer()), sa.column("name"), sa.column("login"))
    rows = bind.execute(sa.select(people.c.id, people.c.name).order_by(people.c.id)).all()
    for person_id, name in rows:
        login = login_from_name(name, fallback, taken.__contains__)
        taken.add(login)
        bind.execute(sa.update(people).where(people.c.id == person_id).values(login=login))


def _chain_answers(bind: sa.Connection) -> None:
    answers = sa.table(
        "answers",
        sa.column("id", sa.Integer()),
        sa.column("uid", sa.String()),
        sa.column("session_id", sa.Integer()),
        sa.column("trainee_id", sa.Integer()),
        sa.column("skill", sa.String()),
        sa.column("ruleset_id", sa.String()),
        sa.column("item_seed", sa.BigInteger()),
        sa.column("situation", sa.JSON()),
        sa.column("expected", sa.JSON()),
        sa.column("given", sa.JSON()),
        sa.column("correct", sa.Boolean()),
        sa.column("time_taken_ms", sa.Integer()),
        sa.column("app_version", sa.String()),
        sa.column("presented_at", UTCDateTime()),
        sa.column("answered_at", UTCDateTime()),
        sa.column("answered_day", sa.Date()),
        sa.column("recorded_at", UTCDateTime()),
        sa.column("chain_hash", sa.String()),
    )
    previous = GENESIS
    rows = bind.execute(sa.select(answers).order_by(answers.c.id)).mappings().all()
    if not rows:
        return
    op.execute("DROP TRIGGER answers_refuse_update")
    for row in rows:
        previous = link(previous, dict(row), ANSWER_FIELDS)
        bind.execute(
            sa.update(answers).where(answers.c.id == row["id"]).values(chain_hash=previous)
        )
    op.execute(
        "CREATE TRIGGER answers_refuse_update BEFORE UPDATE ON answers BEGIN SELECT "
        "RAISE(ABORT, 'answers are immutable: a recorded answer cannot be changed or deleted'); "
        "END"
    )


def _refuse_replace_sql(table: str, keys: tuple[tuple[str, ...], ...]) -> str:
    collides = " OR ".join(
        "(" + " AND ".join(f"{column} = NEW.{column}" for column in key) + ")" for key in keys
    )
    return (
        f"CREATE TRIGGER {table}_refuse_replace BEFORE INSERT ON {table} "
        f"WHEN EXISTS (SELECT 1 FROM {table} WHERE {collides}) "
        f"BEGIN SELECT RAISE(ABORT, '{table}: a recorded row cannot be replaced'); END"
    )


def upgrade() -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    for table in ("instructors", "trainees"):
        # NOT NULL needs a default for the rows already there; each gets its login below.
        op.add_column(
            table,
            sa.Column("login", sa.String(length=_LOGIN_LENGTH), nullable=False, server_default=""),
        )
    op.add_column("trainees", sa.Column("password_hash", sa.String(length=255), nullable=True))
    op.add_column(
        "trainees",
        sa.Column("failed_attempts", sa.Integer(), nullable=False, server_default="0"),
    )
    op.add_column("trainees", sa.Column("last_failed_at", _when(), nullable=True))
    op.add_column("answers", sa.Column("chain_hash", sa.String(length=64), nullable=True))
    taken: set[str] = set()
    _fill_logins(bind, "instructors", "instructor", taken)
    _fill_logins(bind, "trainees", "trainee", taken)
    for table in ("instructors", "trainees"):
        if dialect != "sqlite":  # SQLite cannot drop a default in place; '' is unique anyway
            op.alter_column(table, "login", server_default=None)
        op.create_index(op.f(f"ix_{table}_login"), table, ["login"], unique=True)
    op.create_table(
        "audit_log",
        sa.Column("id", sa.BigInteger().with_variant(sa.Integer(), "sqlite"), nullable=False),
        sa.Column("at", _when(), nullable=False),
        sa.Column("actor", sa.String(length=_LOGIN_LENGTH), nullable=True),
        sa.Column("action", sa.String(length=40), nullable=False),
        sa.Column("subject", sa.String(length=200), nullable=True),
        sa.Column("detail", sa.Text(), nullable=False),
        sa.Column("chain_hash", sa.String(length=64), nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit_log")),
    )
    op.create_index(op.f("ix_audit_log_at"), "audit_log", ["at"])
    if dialect == "sqlite":
        _chain_answers(bind)
        for event in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER audit_log_refuse_{event.lower()} BEFORE {event} ON audit_log "
                f"BEGIN SELECT RAISE(ABORT, '{_AUDIT_MESSAGE}'); END"
            )
        for table, keys in _INSERT_ONLY.items():
            op.execute(_refuse_replace_sql(table, keys))
    elif dialect == "postgresql":
        op.execute(
            f"""CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '{_AUDIT_MESSAGE} (%)', TG_OP USING ERRCODE = 'restrict_violation';
            END $$"""
        )
        op.execute(
            "CREATE TRIGGER audit_log_refuse_change BEFORE UPDATE OR DELETE ON audit_log "
            "FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change()"
        )
        op.execute(
            "CREATE TRIGGER audit_log_refuse_truncate BEFORE TRUNCATE ON audit_log "
            "FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change()"
        )
    else:
        raise RuntimeError(f"no audit-log trigger written for {dialect}")


def _drop_column(table: str, column: str) -> None:
    # SQLite's own DROP COLUMN keeps the table's triggers (a batch copy would lose them).
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    else:
        op.drop_column(table, column)


def downgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS audit_log_refuse_change() CASCADE")
    else:
        for table in _INSERT_ONLY:
            if table != "audit_log":
                op.execute(f"DROP TRIGGER IF EXISTS {table}_refuse_replace")
    op.drop_table("audit_log")
    for table in ("instructors", "trainees"):
        op.drop_index(op.f(f"ix_{table}_login"), table_name=table)
        _drop_column(table, "login")
    for column in ("password_hash", "failed_attempts", "last_failed_at"):
        _drop_column("trainees", column)
    _drop_column("answers", "chain_hash")
