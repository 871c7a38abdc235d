""" "Verify records" (single PC): what was changed behind the app's back, and what cannot be seen.

The app seals every answer and every audit-log entry into a hash chain
(``chain.py``) and the database refuses UPDATE, DELETE and a replacing INSERT on
them (triggers). Someone with the ``sqlite3`` shell must drop a trigger to change
an answer; this finds what they did to the rows:

- an answer **changed** after it was recorded (its seal no longer fits its content),
- an answer **added** that the app never recorded (no seal, or one that fits nothing),
- answers **removed** (ids run 1, 2, 3 …: a gap is rows taken out),
- the same for the audit log,
- a protecting trigger **missing or altered** (put back later, it cannot be seen),
- the dashboard's **rollups** (``daily_skill_counts``, ``trainee_skill_days`` with its
  ``within``) not what the answers add up to: each is counted again from the answers
  and every day and skill (and trainee) whose figures differ is named, with the figures
  shown and those the answers hold. This is checked on a centre's server too, where only
  the database's own trigger writes them (someone with the owner's rights could).

What it cannot see (``CANNOT_DETECT``, shown with every result): a person who has
read this program and recomputes every seal after a change; the whole file put
back from an older copy; the latest answers removed from the end; anything done
with the app's own code by someone who controls this computer's account.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum, unique
from typing import Any

from sqlalchemy import Connection, func, select, text

from dealer_trainer.storage.chain import ANSWER_FIELDS, AUDIT_FIELDS, GENESIS, link
from dealer_trainer.storage.graded import answers_name
from dealer_trainer.storage.models import AnswerRow, AuditLogRow, Trainee
from dealer_trainer.storage.within_rollup import one_snapshot

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
    #: A rollup row of the dashboard (or the cohort table) that is not what the answers
    #: add up to: ``rollup`` says which, ``skill`` and ``day`` (and ``trainee``) which row.
    ROLLUP_CHANGED = "rollup_changed"


#: The rollups Verify counts again (``Finding.rollup``).
DAILY = "daily_skill_counts"  # the dashboard: all trainees, per day and skill
PER_TRAINEE = "trainee_skill_days"  # the cohort table: per trainee, day and skill


@dataclass(frozen=True)
class Figures:
    """A rollup row's figures: answers, right answers, twice the median time (ms) and,
    per trainee, those right within the skill's counted target."""

    answers: int = 0
    correct: int = 0
    median2: int = 0
    within: int = 0


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
    #: ``ROLLUP_CHANGED``: which rollup (``DAILY`` or ``PER_TRAINEE``), its row's skill
    #: and day, the figures it shows and those the recorded answers add up to.
    rollup: str | None = None
    skill: str | None = None
    day: date | None = None
    shown: Figures | None = None
    recorded: Figures | None = None

    @property
    def counts_differ(self) -> bool:
        """The answers or right answers differ (not only the time or the within count)."""
        shown, recorded = self.shown or Figures(), self.recorded or Figures()
        return (shown.answers, shown.correct) != (recorded.answers, recorded.correct)


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


def _rolled_up(keys: str, within: bool, answers: str = "answers") -> str:
    """The rollup's figures counted from the answers (as migration 0011 first counted them,
    and the answers' trigger keeps them): per ``keys``, the answers, the right ones, twice
    the median time and (``within``) those right within the skill's counted target. The
    keys in the order of a covering index of the answers (``ix_answers_day_skill``,
    ``ix_answers_trainee_day``), so the database reads that index in order. ``answers``:
    what the rollups count (``graded_answers`` on a centre's server: the grader's verdicts
    and the times that count, ``storage.graded``)."""
    right_within = (
        "CASE WHEN correct AND time_taken_ms <= (SELECT w.target_ms FROM within_targets AS w "
        "WHERE w.skill = a.skill) THEN 1 ELSE 0 END"
        if within
        else "0"
    )
    return f"""
        SELECT {keys}, count(*), sum(c),
               sum(CASE WHEN r = (n - 1) / 2 THEN t ELSE 0 END)
             + sum(CASE WHEN r = n / 2 THEN t ELSE 0 END),
               sum(w)
        FROM (
            SELECT {keys}, time_taken_ms AS t, CASE WHEN correct THEN 1 ELSE 0 END AS c,
                   {right_within} AS w,
                   row_number() OVER (PARTITION BY {keys} ORDER BY time_taken_ms) - 1 AS r,
                   count(*) OVER (PARTITION BY {keys}) AS n
            FROM {answers} AS a
        ) AS ranked
        GROUP BY {keys}"""


def _day(value: Any) -> date:
    return value if isinstance(value, date) else date.fromisoformat(str(value))


def rollup_findings(connection: Connection, names: Mapping[int, str]) -> list[Finding]:
    """Every row of the dashboard's rollups that is not what the recorded answers add up
    to (a row changed, added or taken away), by day and skill (and trainee). The database
    compares them (``EXCEPT`` both ways): only the rows that differ come back."""
    findings: list[Finding] = []
    checks = (
        (DAILY, "answered_day, skill", False, "answers, correct, median2, 0"),
        (PER_TRAINEE, "trainee_id, answered_day, skill", True, "answers, correct, median2, within"),
    )
    for rollup, keys, within, columns in checks:
        names_of_keys = [key.strip() for key in keys.split(",")]
        width = len(names_of_keys)
        day_at, skill_at = names_of_keys.index("answered_day"), names_of_keys.index("skill")
        compared = f"""
            WITH recorded AS ({_rolled_up(keys, within, answers_name(connection))}),
                 shown AS (SELECT {keys}, {columns} FROM {rollup})
            SELECT 1, * FROM (SELECT * FROM recorded EXCEPT SELECT * FROM shown) AS r
            UNION ALL
            SELECT 0, * FROM (SELECT * FROM shown EXCEPT SELECT * FROM recorded) AS s"""
        differ: dict[tuple[Any, ...], dict[bool, Figures]] = {}
        for row in connection.execute(text(compared)):
            key = tuple(row[1 : 1 + width])
            figures = Figures(*(int(v or 0) for v in row[1 + width : 5 + width]))
            differ.setdefault(key, {})[bool(row[0])] = figures
        for key in sorted(differ, key=lambda k: (str(k[day_at]), str(k[skill_at]), str(k))):
            both = differ[key]
            findings.append(
                Finding(
                    Problem.ROLLUP_CHANGED,
                    trainee=names.get(key[0]) if rollup == PER_TRAINEE else None,
                    rollup=rollup,
                    skill=str(key[skill_at]),
                    day=_day(key[day_at]),
                    shown=both.get(False, Figures()),
                    recorded=both.get(True, Figures()),
                )
            )
    return findings


def verify_records(connection: Connection) -> Verification:
    """Check the chains and the triggers, and count the rollups again (read only). On a
    centre's server the rollups only: the database refuses a change to an answer there."""
    one_snapshot(connection)  # the answers and the rollups of one moment (PostgreSQL)
    names = dict(connection.execute(select(Trainee.id, Trainee.name)).tuples().all())
    if connection.dialect.name != "sqlite":
        answers_on_server = int(connection.execute(select(func.count(AnswerRow.id))).scalar_one())
        return Verification(
            answers_on_server, 0, tuple(rollup_findings(connection, names)), on_server=True
        )
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
    findings += rollup_findings(connection, names)
    return Verification(len(answers), len(entries), tuple(findings))
