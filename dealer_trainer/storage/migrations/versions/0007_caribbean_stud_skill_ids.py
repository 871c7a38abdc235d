"""Caribbean Stud skills are named after the game id: ``stud.qualify`` → ``caribbean_stud.qualify``.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01

Every place that stores a skill id is renamed: the answers (their ``skill`` column and
the ``skill`` of the item kept in ``situation``), the review states, the daily counts and
the exams' skill lists.  The answers refuse every UPDATE (0001): the refusal is lifted for
this one statement, inside the migration's transaction, and restored as it was.  The
daily counts are kept by an INSERT trigger (0002), which an UPDATE does not fire.
On SQLite the answers' hash chain (0006) covers the skill and the situation: it is
linked again over the renamed rows, so "verify records" finds the file as the app left it.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

from dealer_trainer.storage.chain import ANSWER_FIELDS, GENESIS, link
from dealer_trainer.storage.models import UTCDateTime

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | None = None
depends_on: str | None = None

OLD, NEW = "stud.", "caribbean_stud."

# The answers' update refusal of 0001, as 0001 wrote it (a revision never imports another).
_MESSAGE = "answers are immutable: a recorded answer cannot be changed or deleted"
_SQLITE_REFUSE_UPDATE = (
    f"CREATE TRIGGER answers_refuse_update BEFORE UPDATE ON answers "
    f"BEGIN SELECT RAISE(ABORT, '{_MESSAGE}'); END"
)


def _renamed(column: str, old: str, new: str) -> str:
    """SQL for ``column`` with the prefix ``old`` replaced by ``new`` (rows that have it)."""
    return f"'{new}' || substr({column}, {len(old) + 1})"


def _rename(old: str, new: str) -> None:
    bind = op.get_bind()
    dialect = bind.dialect.name
    if dialect not in ("sqlite", "postgresql"):
        raise RuntimeError(f"no skill-id migration written for {dialect}")
    # substr, not LIKE: "_" of caribbean_stud would match any character there.
    has_old = f"substr(skill, 1, {len(old)}) = :old"
    for table in ("review_states", "daily_skill_counts"):
        op.execute(
            sa.text(
                f"UPDATE {table} SET skill = {_renamed('skill', old, new)} WHERE {has_old}"
            ).bindparams(old=old)
        )

    # The item kept with the answer names its skill too: it is renamed with the column.
    if dialect == "sqlite":
        op.execute("DROP TRIGGER answers_refuse_update")
        op.execute(
            sa.text(
                f"UPDATE answers SET skill = {_renamed('skill', old, new)}, "
                f"situation = CASE WHEN json_type(situation, '$.skill') = 'text' "
                f"THEN json_set(situation, '$.skill', {_renamed('skill', old, new)}) "
                f"ELSE situation END "
                f"WHERE {has_old}"
            ).bindparams(old=old)
        )
        _link_again(bind)
        op.execute(_SQLITE_REFUSE_UPDATE)
    else:
        op.execute("ALTER TABLE answers DISABLE TRIGGER answers_refuse_change")
        op.execute(
            sa.text(
                f"UPDATE answers SET skill = {_renamed('skill', old, new)}, "
                f"situation = CASE WHEN json_typeof(situation -> 'skill') = 'string' "
                f"THEN jsonb_set(situation::jsonb, '{{skill}}', "
                f"to_jsonb({_renamed('skill', old, new)}))::json "
                f"ELSE situation END "
                f"WHERE {has_old}"
            ).bindparams(old=old)
        )
        op.execute("ALTER TABLE answers ENABLE TRIGGER answers_refuse_change")

    exams = sa.table("exams", sa.column("id", sa.Integer), sa.column("skills", sa.JSON))
    for exam_id, skills in bind.execute(sa.select(exams.c.id, exams.c.skills)).all():
        renamed = _renamed_list(skills, old, new)
        if renamed != skills:
            bind.execute(exams.update().where(exams.c.id == exam_id).values(skills=renamed))


#: How the chained fields are read back (as 0006 reads them to link them first).
_TYPES: dict[str, sa.types.TypeEngine[Any]] = {
    "session_id": sa.Integer(),
    "trainee_id": sa.Integer(),
    "item_seed": sa.BigInteger(),
    "situation": sa.JSON(),
    "expected": sa.JSON(),
    "given": sa.JSON(),
    "correct": sa.Boolean(),
    "time_taken_ms": sa.Integer(),
    "presented_at": UTCDateTime(),
    "answered_at": UTCDateTime(),
    "answered_day": sa.Date(),
    "recorded_at": UTCDateTime(),
}


def _link_again(bind: sa.Connection) -> None:
    """Every answer's ``chain_hash`` computed again over the rows as they now are."""
    answers = sa.table(
        "answers",
        sa.column("id", sa.Integer()),
        *(sa.column(name, _TYPES.get(name, sa.String())) for name in ANSWER_FIELDS),
        sa.column("chain_hash", sa.String()),
    )
    previous = GENESIS
    for row in bind.execute(sa.select(answers).order_by(answers.c.id)).mappings().all():
        previous = link(previous, dict(row), ANSWER_FIELDS)
        if row["chain_hash"] != previous:
            bind.execute(
                sa.update(answers).where(answers.c.id == row["id"]).values(chain_hash=previous)
            )


def _renamed_list(skills: list[object], old: str, new: str) -> list[object]:
    return [
        new + skill.removeprefix(old) if isinstance(skill, str) and skill.startswith(old) else skill
        for skill in skills
    ]


def upgrade() -> None:
    _rename(OLD, NEW)


def downgrade() -> None:
    _rename(NEW, OLD)
