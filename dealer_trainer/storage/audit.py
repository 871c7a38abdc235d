"""The audit trail: who signed in (or failed to), who added, archived or set a password
for whom, which exams were built and assigned. Appended in the transaction of the act
itself, so an act and its entry are committed together or not at all.

Nothing here ever takes a password: an entry names people by login and says what
was done. On SQLite each entry carries ``chain_hash`` (``chain.link`` over the log),
so an entry removed or changed with the ``sqlite3`` shell shows in "verify records".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum, unique

from sqlalchemy import Connection, insert, select

from dealer_trainer.storage.chain import AUDIT_FIELDS, GENESIS, link
from dealer_trainer.storage.models import AuditLogRow

DETAIL_LENGTH = 500
#: Between the value before and the value after a change, in an entry's detail (a
#: rename: "Old Name → New Name"; a staff number; a move between groups). The server's
#: triggers write the same (``storage/server/policy.py``).
ARROW = " \u2192 "


def change(before: str | None, after: str | None) -> str:
    """The detail of a change from ``before`` to ``after`` (``None``: nothing)."""
    return f"{before or ''}{ARROW}{after or ''}"


@unique
class Action(Enum):
    SIGN_IN = "sign_in"
    SIGN_IN_FAILED = "sign_in_failed"
    SIGN_IN_DELAYED = "sign_in_delayed"
    PERSON_ADDED = "person_added"
    PERSON_ARCHIVED = "person_archived"
    PERSON_RESTORED = "person_restored"
    PERSON_RENAMED = "person_renamed"
    PASSWORD_SET = "password_set"
    EXAM_BUILT = "exam_built"
    EXAM_ASSIGNED = "exam_assigned"
    EXAM_WITHDRAWN = "exam_withdrawn"
    EXAM_STARTED = "exam_started"
    RECORDS_VERIFIED = "records_verified"
    # People of a centre (storage/groups.py, migration 0009).
    STAFF_NUMBER_SET = "staff_number_set"
    INSTRUCTOR_DISABLED = "instructor_disabled"
    INSTRUCTOR_ENABLED = "instructor_enabled"
    GROUP_CREATED = "group_created"
    GROUP_CHANGED = "group_changed"
    GROUP_ARCHIVED = "group_archived"
    GROUP_RESTORED = "group_restored"
    GROUP_INSTRUCTORS_SET = "group_instructors_set"
    GROUP_MEMBER_MOVED = "group_member_moved"
    CENTRE_SETTINGS_CHANGED = "centre_settings_changed"
    STANDARD_SET = "standard_set"
    MASTERY_RULE_SET = "mastery_rule_set"
    PLAN_ASSIGNED = "plan_assigned"
    PLAN_WITHDRAWN = "plan_withdrawn"


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: datetime
    actor: str | None
    action: Action | str  # a code this version does not know stays as it is
    subject: str | None
    detail: str


def append(
    connection: Connection,
    at: datetime,
    actor: str | None,
    action: Action,
    subject: str | None = None,
    detail: str = "",
) -> None:
    """Add one entry (in the caller's transaction)."""
    values: dict[str, object] = {
        "at": at,
        "actor": actor,
        "action": action.value,
        "subject": subject,
        "detail": detail[:DETAIL_LENGTH],
    }
    if connection.dialect.name == "sqlite":
        previous = connection.execute(
            select(AuditLogRow.chain_hash).order_by(AuditLogRow.id.desc()).limit(1)
        ).scalar_one_or_none()
        values["chain_hash"] = link(previous or GENESIS, values, AUDIT_FIELDS)
    connection.execute(insert(AuditLogRow).values(**values))


def _action(code: str) -> Action | str:
    try:
        return Action(code)
    except ValueError:
        return code


def entries(connection: Connection, limit: int = 500) -> list[AuditEntry]:
    """The newest entries first."""
    rows = connection.execute(
        select(AuditLogRow).order_by(AuditLogRow.id.desc()).limit(limit)
    ).all()
    return [AuditEntry(r.id, r.at, r.actor, _action(r.action), r.subject, r.detail) for r in rows]
