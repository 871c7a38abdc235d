"""One key per trainee name, unique: "Ana Lei", "ana lei" and "ＡＮＡ ＬＥＩ" are one name.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01

``trainees.name_key`` holds ``records.name_key(name)`` (NFKC, case-folded, no
invisible characters, single spaces) under a unique index, so the database
refuses a second spelling of a registered name whichever workstation adds it.

A database may already hold two profiles whose names are now one name (two
people, or one person registered twice: the app cannot tell). Nothing is merged
and nothing is renamed: the older profile (the lower id) takes the key, every
later one keeps a NULL key (a unique index allows several NULLs on SQLite and
PostgreSQL) and all of them keep their names, sessions and answers. The
instructor's trainee list flags such a profile until one of them is renamed.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from dealer_trainer.storage.records import name_key

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

_trainees = sa.table(
    "trainees",
    sa.column("id", sa.Integer()),
    sa.column("name", sa.String(100)),
    sa.column("name_key", sa.String(400)),
)


def upgrade() -> None:
    op.add_column("trainees", sa.Column("name_key", sa.String(length=400), nullable=True))
    bind = op.get_bind()
    taken: set[str] = set()
    rows = bind.execute(sa.select(_trainees.c.id, _trainees.c.name).order_by(_trainees.c.id))
    for trainee_id, name in rows.all():
        try:
            key = name_key(name)
        except ValueError:  # a name of invisible characters only: no key, kept as it is
            continue
        if key in taken:
            continue  # a later spelling of an older profile's name: flagged, not merged
        taken.add(key)
        bind.execute(sa.update(_trainees).where(_trainees.c.id == trainee_id).values(name_key=key))
    op.create_index(op.f("ix_trainees_name_key"), "trainees", ["name_key"], unique=True)


def downgrade() -> None:
    op.drop_index(op.f("ix_trainees_name_key"), table_name="trainees")
    with op.batch_alter_table("trainees") as batch:
        batch.drop_column("name_key")
