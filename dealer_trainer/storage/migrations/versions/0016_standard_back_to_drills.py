"""A speed standard set back to the drills' own target: ``speed_standards.target_ms`` NULL.

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-06

A centre's standard is insert-only (0010): every change is a new version. An instructor
who wants a skill back on the drills' own target (``drills.standards.target_seconds``)
adds a version without a time: ``target_ms`` NULL. The skill then follows the drills'
target again, as if no standard had been set, and a later release that changes that
target changes it for this skill too; the versions before stay on file.

The range check (1 to 600 seconds) still holds for every time given; a NULL passes it.
PostgreSQL drops the NOT NULL in place. SQLite cannot, so the table is made again with the
same columns and constraints, its rows copied, and its three triggers (no UPDATE, no
DELETE, no replacing INSERT) made again as 0010 made them.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | None = None
depends_on: str | None = None

_TABLE = "speed_standards"
_MESSAGE = "standards and plans are kept as set: a change is a new version"  # as 0010


def _sqlite_table(name: str, target_ms: str) -> str:
    return f"""CREATE TABLE {name} (
        id INTEGER NOT NULL,
        skill VARCHAR(100) NOT NULL,
        version INTEGER NOT NULL,
        target_ms {target_ms},
        set_by INTEGER NOT NULL,
        set_at DATETIME NOT NULL,
        CONSTRAINT pk_speed_standards PRIMARY KEY (id),
        CONSTRAINT ck_speed_standards_version_positive CHECK (version >= 1),
        CONSTRAINT ck_speed_standards_target_ms CHECK (target_ms BETWEEN 1000 AND 600000),
        CONSTRAINT fk_speed_standards_set_by_instructors FOREIGN KEY(set_by)
            REFERENCES instructors (id),
        CONSTRAINT uq_speed_standards_skill_version UNIQUE (skill, version)
    )"""


def _sqlite_remake(target_ms: str) -> None:
    """Make the table again with ``target_ms`` declared so, its rows and triggers kept."""
    for event in ("update", "delete", "replace"):
        op.execute(f"DROP TRIGGER IF EXISTS {_TABLE}_refuse_{event}")
    op.execute(_sqlite_table(f"{_TABLE}_new", target_ms))
    op.execute(
        f"INSERT INTO {_TABLE}_new (id, skill, version, target_ms, set_by, set_at) "
        f"SELECT id, skill, version, target_ms, set_by, set_at FROM {_TABLE}"
    )
    op.execute(f"DROP TABLE {_TABLE}")
    op.execute(f"ALTER TABLE {_TABLE}_new RENAME TO {_TABLE}")
    for event in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER {_TABLE}_refuse_{event.lower()} BEFORE {event} ON {_TABLE} "
            f"BEGIN SELECT RAISE(ABORT, '{_TABLE}: {_MESSAGE}'); END"
        )
    op.execute(
        f"CREATE TRIGGER {_TABLE}_refuse_replace BEFORE INSERT ON {_TABLE} "
        f"WHEN EXISTS (SELECT 1 FROM {_TABLE} WHERE (id = NEW.id) "
        "OR (skill = NEW.skill AND version = NEW.version)) "
        f"BEGIN SELECT RAISE(ABORT, '{_TABLE}: a recorded row cannot be replaced'); END"
    )


def upgrade() -> None:
    dialect = op.get_bind().dialect.name
    if dialect == "sqlite":
        _sqlite_remake("INTEGER")
    elif dialect == "postgresql":
        op.alter_column(_TABLE, "target_ms", existing_type=sa.Integer(), nullable=True)
    else:
        raise RuntimeError(f"no standards migration written for {dialect}")


def downgrade() -> None:
    # A version back to the drills' target has no time to keep in a NOT NULL column:
    # the downgrade refuses while there is one, rather than lose it.
    found = (
        op.get_bind()
        .execute(sa.text(f"SELECT count(*) FROM {_TABLE} WHERE target_ms IS NULL"))
        .scalar_one()
    )
    if found:
        raise RuntimeError(
            f"{found} speed standard version(s) set back to the drills' target: "
            "a schema before 0016 cannot keep them"
        )
    if op.get_bind().dialect.name == "sqlite":
        _sqlite_remake("INTEGER NOT NULL")
    else:
        op.alter_column(_TABLE, "target_ms", existing_type=sa.Integer(), nullable=False)
