"""The centre's speed standards and mastery rule, and the counts mastery is judged on.

Both settings are insert-only tables (migration 0010): every change is a new version,
with who set it and when, and goes into the audit log in the same transaction. The
standard in force for a skill is its newest version; a skill never set keeps the
drills' own target (``drills.standards.target_seconds``).

The counts are SQL, the same statement on SQLite and PostgreSQL: a window function
numbers each trainee's answers of each skill newest first (read in that order from the
index ``ix_answers_mastery``), and the last N (and the N before them, for the trend) are
summed, each answer counted good when it is right *and* within its skill's target (the
targets go in as a ``CASE`` on the skill).

On the server an instructor sets a standard, the rule and plans through ``SECURITY
DEFINER`` functions (``storage/server/policy.py``), which write the audit entry
themselves; a trainee reads the standards and the rule and writes none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Date, Integer, TextClause, bindparam, func, insert, select, text

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.drills.standards import (
    DEFAULT_RULE,
    MasteryRule,
    SkillMastery,
    all_targets_ms,
    check_target,
)
from dealer_trainer.rules.text import T
from dealer_trainer.storage import audit, within_rollup
from dealer_trainer.storage.errors import (
    InputRefusedError,
    StorageError,
    unknown_skill_refusal,
)
from dealer_trainer.storage.graded import answers_name
from dealer_trainer.storage.instructor_calls import InstructorCalls
from dealer_trainer.storage.models import Instructor, MasteryRuleRow, SpeedStandardRow, Trainee

if TYPE_CHECKING:
    from sqlalchemy import ColumnElement

    from dealer_trainer.storage.work import UnitOfWork

#: The audit entry's detail of a standard set back to the drills' own target (the server's
#: ``dt_set_speed_standard`` writes the same words).
DRILLS_TARGET = "the drills' target"


@dataclass(frozen=True)
class SpeedStandard:
    """One version of a skill's standard."""

    skill: str
    seconds: Decimal | None  # None: set back to the drills' own target
    version: int
    set_by: str  # the instructor's name
    set_at: datetime


@dataclass(frozen=True)
class SpeedShare:
    """A trainee's (or, ``trainee_id`` None, the cohort's) answers in a period: how many,
    how many right, and how many right *and* within their skill's target."""

    trainee_id: int | None
    answers: int
    right: int
    within: int

    @property
    def share_within(self) -> Fraction | None:
        return Fraction(self.within, self.answers) if self.answers else None

    @property
    def share_right(self) -> Fraction | None:
        return Fraction(self.right, self.answers) if self.answers else None


def standards(connection: Connection) -> dict[str, Decimal]:
    """The standard in force per skill the centre set (seconds): each skill's newest, but
    for a skill whose newest version sets it back to the drills' own target."""
    newest = (
        select(SpeedStandardRow.skill, func.max(SpeedStandardRow.version).label("version"))
        .group_by(SpeedStandardRow.skill)
        .subquery()
    )
    rows = connection.execute(
        select(SpeedStandardRow.skill, SpeedStandardRow.target_ms).join(
            newest,
            (newest.c.skill == SpeedStandardRow.skill)
            & (newest.c.version == SpeedStandardRow.version),
        )
    )
    return {skill: Decimal(ms) / 1000 for skill, ms in rows if ms is not None}


def history(connection: Connection, skill: str | None = None) -> list[SpeedStandard]:
    """Every version set (of one skill, or all), newest first."""
    query = (
        select(SpeedStandardRow, Instructor.name)
        .join(Instructor, Instructor.id == SpeedStandardRow.set_by)
        .order_by(SpeedStandardRow.set_at.desc(), SpeedStandardRow.id.desc())
    )
    if skill is not None:
        query = query.where(SpeedStandardRow.skill == skill)
    return [
        SpeedStandard(
            row.skill,
            None if row.target_ms is None else Decimal(row.target_ms) / 1000,
            row.version,
            row.name,
            row.set_at,
        )
        for row in connection.execute(query)
    ]


def mastery_rule(connection: Connection) -> MasteryRule:
    """The rule in force: the newest version, or the default (90 % of the last 30, close
    from 75 %) while no instructor has set one."""
    row = connection.execute(
        select(MasteryRuleRow).order_by(MasteryRuleRow.version.desc()).limit(1)
    ).first()
    if row is None:
        return DEFAULT_RULE
    return MasteryRule(
        row.last_answers, Fraction(row.mastered_percent, 100), Fraction(row.close_percent, 100)
    )


def _target_of(targets: Mapping[str, int]) -> tuple[str, dict[str, Any]]:
    """A SQL expression of an answer's target (ms) by its skill, ``a.skill``, and its values.

    A ``CASE`` rather than a join with a table of targets: the answers stay the only table
    read, through their indexes (a join let SQLite scan the answers once per skill).
    """
    branches: list[str] = []
    values: dict[str, Any] = {}
    for number, (skill, ms) in enumerate(sorted(targets.items())):
        branches.append(f"WHEN :s{number} THEN {int(ms)}")
        values[f"s{number}"] = skill
    return f"CASE a.skill {' '.join(branches)} END", values


def mastery_counts(
    connection: Connection,
    rule: MasteryRule,
    targets: Mapping[str, int],
    trainee_ids: Sequence[int] | None = None,
) -> dict[tuple[int, str], SkillMastery]:
    """Each (trainee, skill) with answers: its last ``rule.last_answers`` answers and the
    same number before them, each counted good when right and within ``targets`` (ms).

    ``trainee_ids``: only those trainees (a group); ``None``: every trainee whose answers
    the connection may read (on the server a trainee's login reads their own only).
    """
    if not targets or (trainee_ids is not None and not trainee_ids):
        return {}
    target, values = _target_of(targets)
    only = "AND a.trainee_id IN :ids" if trainee_ids is not None else ""
    statement = text(
        f"""
        WITH ranked AS (
            SELECT a.trainee_id, a.skill,
                   CASE WHEN a.correct AND a.time_taken_ms <= {target} THEN 1 ELSE 0 END
                       AS good,
                   row_number() OVER (
                       PARTITION BY a.trainee_id, a.skill
                       ORDER BY a.answered_at DESC, a.id DESC
                   ) AS newest
            FROM {answers_name(connection)} AS a
            WHERE a.skill IN :skills {only}
        )
        SELECT trainee_id, skill,
               sum(CASE WHEN newest <= :last THEN 1 ELSE 0 END),
               sum(CASE WHEN newest <= :last THEN good ELSE 0 END),
               sum(CASE WHEN newest > :last THEN 1 ELSE 0 END),
               sum(CASE WHEN newest > :last THEN good ELSE 0 END)
        FROM ranked
        WHERE newest <= 2 * :last
        GROUP BY trainee_id, skill
        """
    ).bindparams(bindparam("last", type_=Integer), bindparam("skills", expanding=True))
    values["skills"] = sorted(targets)
    if trainee_ids is not None:
        statement = statement.bindparams(bindparam("ids", expanding=True))
        values["ids"] = list(trainee_ids)
    values["last"] = rule.last_answers
    out = {}
    for trainee_id, skill, answers, good, earlier, earlier_good in connection.execute(
        statement, values
    ):
        out[(int(trainee_id), str(skill))] = SkillMastery(
            skill, int(answers), int(good), int(earlier), int(earlier_good), rule
        )
    return out


def speed_shares(
    connection: Connection,
    targets: Mapping[str, int],
    first_day: date,
    last_day: date,
    trainee_ids: Sequence[int] | None = None,
) -> list[SpeedShare]:
    """Per trainee (and last, the cohort of them together): answers from ``first_day`` to
    ``last_day``, right, and right within their skill's target.

    A skill whose rolled-up counts are of its target in force is read from the rollup
    ``trainee_skill_days`` (``within_rollup``); any other is counted from the answers.
    """
    if trainee_ids is None:
        # Named, even for all of them: the trainee's day index then covers the whole query
        # (without it SQLite read the day index and the table for every answer).
        trainee_ids = connection.execute(select(Trainee.id).order_by(Trainee.id)).scalars().all()
    if not targets or not trainee_ids:
        return [SpeedShare(None, 0, 0, 0)]
    rolled, others = within_rollup.split(targets, within_rollup.counted_targets(connection))
    days: dict[str, Any] = {"first": first_day, "last": last_day, "ids": list(trainee_ids)}
    found: dict[int, list[int]] = {}
    parts = []
    if rolled:
        parts.append((_ROLLED, {**days, "skills": rolled}))
    if others:
        target, values = _target_of(others)
        counted = _counted(target, answers_name(connection))
        parts.append((counted, {**days, **values, "skills": sorted(others)}))
    for statement, values in parts:
        for t, n, right, within in connection.execute(statement, values):
            sums = found.setdefault(int(t), [0, 0, 0])
            sums[0] += int(n)
            sums[1] += int(right)
            sums[2] += int(within)
    shares = [SpeedShare(t, *found[t]) for t in sorted(found)]
    cohort = SpeedShare(
        None,
        sum(s.answers for s in shares),
        sum(s.right for s in shares),
        sum(s.within for s in shares),
    )
    return [*shares, cohort]


def _bound(statement: TextClause) -> TextClause:
    return statement.bindparams(
        bindparam("first", type_=Date),
        bindparam("last", type_=Date),
        bindparam("skills", expanding=True),
        bindparam("ids", expanding=True),
    )


#: The skills counted against their target in force: the rollup's rows of the days.
_ROLLED = _bound(
    text(
        """
        SELECT r.trainee_id, sum(r.answers), sum(r.correct), sum(r.within)
        FROM trainee_skill_days AS r
        WHERE r.answered_day >= :first AND r.answered_day <= :last
          AND r.skill IN :skills AND r.trainee_id IN :ids
        GROUP BY r.trainee_id
        """
    )
)


def _counted(target: str, answers: str) -> TextClause:
    """The other skills: their answers of the days, each against ``target`` (a CASE);
    ``answers``: the table read (the graded answers on a centre's server)."""
    return _bound(
        text(
            f"""
            SELECT a.trainee_id, count(*),
                   sum(CASE WHEN a.correct THEN 1 ELSE 0 END),
                   sum(CASE WHEN a.correct AND a.time_taken_ms <= {target} THEN 1 ELSE 0 END)
            FROM {answers} AS a
            WHERE a.answered_day >= :first AND a.answered_day <= :last
              AND a.skill IN :skills AND a.trainee_id IN :ids
            GROUP BY a.trainee_id
            """
        )
    )


class CentreStandards(InstructorCalls):
    """What an instructor reads and sets of the centre's standards (each call checks the
    unlocked session; every change is a new version and an audit entry)."""

    # -- reading ---------------------------------------------------------------------

    def standards(self) -> dict[str, Decimal]:
        result: dict[str, Decimal] = self._read(standards)
        return result

    def targets_ms(self) -> dict[str, int]:
        """Every skill's target in force (ms): the centre's standard or the drills' own."""
        return all_targets_ms(self.standards())

    def history(self, skill: str | None = None) -> list[SpeedStandard]:
        result: list[SpeedStandard] = self._read(lambda c: history(c, skill))
        return result

    def mastery_rule(self) -> MasteryRule:
        result: MasteryRule = self._read(mastery_rule)
        return result

    def mastery(
        self, trainee_ids: Sequence[int] | None = None
    ) -> dict[tuple[int, str], SkillMastery]:
        """Each trainee's standing per skill they answered (``trainee_ids``: a group)."""

        def work(connection: Connection) -> dict[tuple[int, str], SkillMastery]:
            targets = all_targets_ms(standards(connection))
            return mastery_counts(connection, mastery_rule(connection), targets, trainee_ids)

        result: dict[tuple[int, str], SkillMastery] = self._read(work)
        return result

    def speed_shares(
        self, first_day: date, last_day: date, trainee_ids: Sequence[int] | None = None
    ) -> list[SpeedShare]:
        """Right and within the target, per trainee and (last) for all of them together."""

        def work(connection: Connection) -> list[SpeedShare]:
            within_rollup.one_snapshot(connection)
            targets = all_targets_ms(standards(connection))
            return speed_shares(connection, targets, first_day, last_day, trainee_ids)

        result: list[SpeedShare] = self._read(work)
        return result

    def recount_within(self) -> list[str]:
        """Count again, skill by skill, the rolled-up answers within the target of every
        skill whose target in force is not the one they were counted against (a standard
        set, a new app version's default, a store from before migration 0014); the
        skills counted, in order. Each skill is its own short write, so a trainee's answer
        never waits long; the figures read meanwhile are exact (``speed_shares``)."""

        def stale(connection: Connection) -> list[str]:
            targets = all_targets_ms(standards(connection))
            _, others = within_rollup.split(targets, within_rollup.counted_targets(connection))
            return sorted(others)

        def recount(skill: str, connection: Connection) -> bool:
            # The target read again in the write: another instructor may have set one since.
            ms = all_targets_ms(standards(connection)).get(skill)
            if ms is None or within_rollup.counted_targets(connection).get(skill) == ms:
                return False
            within_rollup.recount(connection, skill, ms, server=self._store.is_server)
            return True

        stale_skills: list[str] = self._read(stale)
        return [skill for skill in stale_skills if self._skill_write(partial(recount, skill))]

    # -- setting ---------------------------------------------------------------------

    def set_standard(self, skill: str, seconds: Decimal | None) -> SpeedStandard:
        """Set ``skill``'s target time (a new version; logged), or with ``seconds`` None
        set it back to the drills' own target (a version without a time: the skill follows
        the drills' target again). ``ValueError`` for an unknown skill or a time out of
        range, saying which."""
        if skill not in all_skills():
            raise InputRefusedError(
                T("This version of the trainer has no such skill: choose one from the list.")
            )
        value = None if seconds is None else check_target(seconds)
        ms = None if value is None else int(value * 1000)

        def work(connection: Connection) -> SpeedStandard:
            if self._store.is_server:
                connection.execute(
                    text("SELECT dt_set_speed_standard(:skill, :ms)"), {"skill": skill, "ms": ms}
                )
            else:
                self._add_version(
                    connection,
                    SpeedStandardRow,
                    {"skill": skill, "target_ms": ms},
                    (
                        audit.Action.STANDARD_SET,
                        f"skill:{skill}",
                        DRILLS_TARGET if value is None else f"{value} s",
                    ),
                    (SpeedStandardRow.skill == skill,),
                )
            return history(connection, skill)[0]

        result: SpeedStandard = self._skill_write(work)
        return result

    def _add_version(
        self,
        connection: Connection,
        table: type[SpeedStandardRow] | type[MasteryRuleRow],
        values: dict[str, Any],
        logged: tuple[audit.Action, str | None, str],
        among: tuple[ColumnElement[bool], ...] = (),
    ) -> None:
        """One computer's store: the next version of a speed standard or of the mastery
        rule (counted ``among`` the rows of the same skill), set by this instructor now;
        ``logged``: the audit entry's action, subject and detail."""
        newest = select(func.coalesce(func.max(table.version), 0)).where(*among)
        version = connection.execute(newest).scalar_one()
        now = self._store.now()
        connection.execute(
            insert(table).values(
                version=int(version) + 1,
                **values,
                set_by=self._session.instructor_id,
                set_at=now,
            )
        )
        audit.append(connection, now, self._actor(connection), *logged)

    def _skill_write(self, work: Any) -> Any:
        """A write that names a skill: the server's refusal of one it does not know
        (``dt_skill_known``) said in words."""
        try:
            return self._write(work)
        except StorageError as exc:
            refused = unknown_skill_refusal(exc)
            if refused is None:
                raise
            raise refused from exc

    def set_mastery_rule(self, rule: MasteryRule) -> MasteryRule:
        """Set the centre's mastery rule (a new version; logged). Shares are whole percents."""
        shares = (rule.mastered * 100, rule.close * 100)
        if any(share.denominator != 1 for share in shares):
            raise InputRefusedError(T("The mastery rule's shares are whole percents."))
        mastered, close = (int(share) for share in shares)

        def work(connection: Connection) -> MasteryRule:
            if self._store.is_server:
                connection.execute(
                    text("SELECT dt_set_mastery_rule(:last, :mastered, :close)"),
                    {"last": rule.last_answers, "mastered": mastered, "close": close},
                )
            else:
                values = {
                    "last_answers": rule.last_answers,
                    "mastered_percent": mastered,
                    "close_percent": close,
                }
                self._add_version(
                    connection,
                    MasteryRuleRow,
                    values,
                    (
                        audit.Action.MASTERY_RULE_SET,
                        None,
                        f"{mastered} % of the last {rule.last_answers}, close from {close} %",
                    ),
                )
            return mastery_rule(connection)

        result: MasteryRule = self._write(work)
        return result


class MyStandards:
    """A trainee's own standing: the centre's standards and rule, and their own answers."""

    def __init__(self, store: UnitOfWork, trainee_id: int) -> None:
        self._store = store
        self._trainee_id = trainee_id

    def standards(self) -> dict[str, Decimal]:
        return self._store.read(standards)

    def mastery(self) -> tuple[MasteryRule, dict[str, SkillMastery]]:
        """The rule in force, and this trainee's standing per skill they answered."""

        def work(connection: Connection) -> tuple[MasteryRule, dict[str, SkillMastery]]:
            rule = mastery_rule(connection)
            targets = all_targets_ms(standards(connection))
            counts = mastery_counts(connection, rule, targets, [self._trainee_id])
            return rule, {skill: found for (_t, skill), found in counts.items()}

        return self._store.read(work)
