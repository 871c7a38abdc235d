""" "Verify records" (single PC): what was changed behind the app's back, and what cannot be seen.

The app seals every answer and every audit-log entry into a hash chain
(``chain.py``) and the database refuses UPDATE, DELETE and a replacing INSERT on
them (triggers). Someone with the ``sqlite3`` shell must drop a trigger to change
an answer; this finds what they did to the rows:

- an answer **changed** after it was recorded (its seal no longer fits its content),
- an answer **added** that the app never recorded (no seal, or one that fits nothing),
- answers **removed** (ids run 1, 2, 3 …: a gap is rows taken out),
- the same for the audit log,
- a protecting trigger **missing or altered** (put back later, it cannot be seen).

What it cannot see (``CANNOT_DETECT``, shown with every result): a person who has
read this program and recomputes every seal after a change; the whole file put
back from an older copy; the latest answers removed from the end; anything done
with the app's own code by someone who controls this computer's account.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from enum import Enum, unique
from typing import Any

from sqlalchemy import Connection, select, text

from dealer_trainer.storage.chain import ANSWER_FIELDS, AUDIT_FIELDS, GENESIS, link
from dealer_trainer.storage.models import AnswerRow, AuditLogRow, Trainee

#: The triggers that keep answers and the audit log as recorded (SQLite), by name.
PROTECTING_TRIGGERS: tuple[str, ...] = (
    "answers_refuse_update",
    "answers_refuse_delete",
    "answers_refuse_replace",
    "audit_log_refuse_update",
    "audit_log_refuse_delete",
    "audit_log_refuse_replace",
    "table_rounds_refuse_update",
    "table_rounds_refuse_delete",
    "table_rounds_refuse_replace",
    "table_attempts_refuse_update",
    "table_attempts_refuse_delete",
    "table_attempts_refuse_replace",
    "table_round_ends_refuse_update",
    "table_round_ends_refuse_delete",
    "table_round_ends_refuse_replace",
    "house_rulesets_refuse_update",
    "house_rulesets_refuse_delete",
    "house_rulesets_refuse_replace",
)


@unique
class Problem(Enum):
    ANSWER_CHANGED = "answer_changed"
    ANSWER_ADDED = "answer_added"
    ANSWERS_REMOVED = "answers_removed"
    AUDIT_CHANGED = "audit_changed"
    AUDIT_ADDED = "audit_added"
    AUDIT_REMOVED = "audit_removed"
    TRIGGER_MISSING = "trigger_missing"


@dataclass(frozen=True)
class Finding:
    """One thing found. ``trainee`` and ``at`` say whose answer and when (answers)."""

    problem: Problem
    trainee: str | None = None
    at: datetime | None = None
    #: The trigger's name (``TRIGGER_MISSING``): for IT, not for the training manager.
    what: str | None = None
    #: How many rows are missing (``*_REMOVED``: just before the row ``trainee``/``at``).
    count: int = 1


@dataclass(frozen=True)
class Verification:
    answers_checked: int
    audit_entries_checked: int
    findings: tuple[Finding, ...]
    #: On the server the database refuses such changes itself: there is nothing to chain.
    on_server: bool = False

    @property
    def clean(self) -> bool:
        return not self.findings


class _Kinds:
    def __init__(self, changed: Problem, added: Problem, removed: Problem) -> None:
        self.changed, self.added, self.removed = changed, added, removed


def _walk(
    rows: Sequence[Mapping[str, Any]],
    fields: Sequence[str],
    kinds: _Kinds,
    found: Callable[[Problem, Mapping[str, Any], int], None],
) -> None:
    """Walk a chain in id order. The app's ids run 1, 2, 3 … without a gap (SQLite gives
    the next free rowid, and nothing recorded is ever deleted by the app): a gap is rows
    removed; a row whose seal does not fit was changed or slipped in."""
    previous, expected_id = GENESIS, 1
    for index, row in enumerate(rows):
        sealed = row["chain_hash"]
        following = rows[index + 1] if index + 1 < len(rows) else None
        gap = row["id"] - expected_id
        expected_id = row["id"] + 1
        if gap > 0:
            found(kinds.removed, row, gap)
        if sealed is None:
            found(kinds.added, row, 1)  # the app seals every row it writes
            continue
        if link(previous, row, fields) == sealed:
            previous = sealed
            continue
        if gap > 0:
            previous = sealed  # sealed after the rows now missing: already said
            continue
        sealed_next = None if following is None else following["chain_hash"]
        if following is not None and link(previous, following, fields) == sealed_next:
            found(kinds.added, row, 1)  # the chain goes on around it: it was slipped in
            continue
        found(kinds.changed, row, 1)  # changed (or replaced) after it was recorded
        previous = sealed


def verify_records(connection: Connection) -> Verification:
    """Check the chains and the triggers (read only)."""
    if connection.dialect.name != "sqlite":
        return Verification(0, 0, (), on_server=True)
    names = dict(connection.execute(select(Trainee.id, Trainee.name)).tuples().all())
    findings: list[Finding] = []
    answers = [
        dict(row._mapping)
        for row in connection.execute(select(AnswerRow).order_by(AnswerRow.id)).all()
    ]

    def answer_found(problem: Problem, row: Mapping[str, Any], count: int) -> None:
        findings.append(
            Finding(problem, names.get(row["trainee_id"]), row["answered_at"], count=count)
        )

    _walk(
        answers,
        ANSWER_FIELDS,
        _Kinds(Problem.ANSWER_CHANGED, Problem.ANSWER_ADDED, Problem.ANSWERS_REMOVED),
        answer_found,
    )
    entries = [
        dict(row._mapping)
        for row in connection.execute(select(AuditLogRow).order_by(AuditLogRow.id)).all()
    ]

    def entry_found(problem: Problem, row: Mapping[str, Any], count: int) -> None:
        findings.append(Finding(problem, None, row["at"], count=count))

    _walk(
        entries,
        AUDIT_FIELDS,
        _Kinds(Problem.AUDIT_CHANGED, Problem.AUDIT_ADDED, Problem.AUDIT_REMOVED),
        entry_found,
    )
    present = {
        str(name)
        for (name,) in connection.execute(
            text("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        )
    }
    for name in PROTECTING_TRIGGERS:
        if name not in present:
            findings.append(Finding(Problem.TRIGGER_MISSING, what=name))
    return Verification(len(answers), len(entries), tuple(findings))
