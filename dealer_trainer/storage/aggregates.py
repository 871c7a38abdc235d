"""The dashboard's aggregates: accuracy and exact median time per skill per day.

Built so that a first plot over millions of answers stays well under a second,
on SQLite as on PostgreSQL, with exact medians:

- Cohort (all trainees together): the counts per day and skill come from
  ``daily_skill_counts`` (kept by a trigger on every answer); then, for each
  group, the one or two middle times are read by a seek in the covering index
  ``ix_answers_day_skill`` (``ORDER BY time_taken_ms LIMIT 2 OFFSET (n-1)/2``),
  never sorting anything (on PostgreSQL all seeks run in one LATERAL query).
- One trainee: a range scan of ``ix_answers_trainee_day`` already ordered by day,
  skill and time; the medians are picked from the stream.
- Each trainee: the same, trainee by trainee (each a short range scan).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import date
from decimal import Decimal
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Select, bindparam, select, text

from dealer_trainer.storage.models import AnswerRow, DailySkillCount, Trainee
from dealer_trainer.storage.records import DailySkillStat


def _day(value: Any) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


def _median(sorted_times: Sequence[int]) -> Decimal:
    count = len(sorted_times)
    middle = sorted_times[(count - 1) // 2 : count // 2 + 1]
    return Decimal(sum(middle)) / Decimal(len(middle))


class _Prepared:
    """A statement compiled once and run many times on the driver's own cursor.

    The aggregates run thousands of small queries or read hundreds of thousands of
    rows; skipping Core's per-execution and per-row work makes them several times
    faster. Dates go in as ISO text on SQLite (how its Date type stores them).
    """

    def __init__(self, connection: Connection, statement: Select[Any]) -> None:
        compiled = statement.compile(dialect=connection.dialect)
        self._sql = str(compiled)
        self._order = compiled.positiontup
        self._sqlite = connection.dialect.name == "sqlite"
        self._cursor = connection.connection.cursor()

    def rows(self, **values: object) -> list[Any]:
        if self._sqlite:
            values = {k: v.isoformat() if isinstance(v, date) else v for k, v in values.items()}
        if self._order is not None:
            self._cursor.execute(self._sql, [values[name] for name in self._order])
        else:
            self._cursor.execute(self._sql, values)
        return list(self._cursor.fetchall())

    def close(self) -> None:
        self._cursor.close()


def daily_skill_stats(
    connection: Connection,
    first_day: date,
    last_day: date,
    *,
    trainee_id: int | None = None,
    per_trainee: bool = False,
    skills: Sequence[str] | None = None,
    trainee_ids: Collection[int] | None = None,
) -> list[DailySkillStat]:
    """Per skill and day from ``first_day`` to ``last_day`` (both included).

    With ``trainee_id``: that trainee's rows. Else with ``per_trainee``: one row per
    trainee, skill and day. Else the cohort: one row per skill and day, all
    trainees together (``trainee_id`` is ``None`` in those rows). Sorted by
    trainee, skill, day.
    """
    wanted = None if skills is None else frozenset(skills)
    if trainee_ids is not None and trainee_id is None:
        return _group_stats(connection, first_day, last_day, trainee_ids, per_trainee, wanted)
    if trainee_id is None and not per_trainee:
        cohort = _cohort_lateral if connection.dialect.name == "postgresql" else _cohort
        stats = cohort(connection, first_day, last_day, wanted)
    else:
        if trainee_id is not None:
            ids: Sequence[int] = [trainee_id]
        else:
            ids = connection.execute(select(Trainee.id).order_by(Trainee.id)).scalars().all()
        scan = _Prepared(
            connection,
            select(
                AnswerRow.answered_day,
                AnswerRow.skill,
                AnswerRow.time_taken_ms,
                AnswerRow.correct,
            )
            .where(
                AnswerRow.trainee_id == bindparam("trainee"),
                AnswerRow.answered_day >= bindparam("first"),
                AnswerRow.answered_day <= bindparam("last"),
            )
            .order_by(AnswerRow.answered_day, AnswerRow.skill, AnswerRow.time_taken_ms),
        )
        stats = []
        try:
            for each in ids:
                rows = scan.rows(trainee=each, first=first_day, last=last_day)
                stats += _from_ordered_rows(each, rows, wanted)
        finally:
            scan.close()
    return sorted(stats, key=lambda s: (s.trainee_id or 0, s.skill, s.day))


def _from_ordered_rows(
    trainee_id: int | None, rows: Iterable[Any], wanted: frozenset[str] | None
) -> list[DailySkillStat]:
    """Stats from rows ``(day, skill, time, correct)`` ordered by day, skill, time."""
    stats = []
    for (day, skill), group in groupby(rows, key=lambda row: (row[0], row[1])):
        if wanted is not None and skill not in wanted:
            continue
        members = list(group)
        stats.append(
            DailySkillStat(
                day=_day(day),
                skill=skill,
                trainee_id=trainee_id,
                answers=len(members),
                correct=sum(1 for member in members if member[3]),
                median_time_ms=_median([member[2] for member in members]),
            )
        )
    return stats


def _cohort(
    connection: Connection, first_day: date, last_day: date, wanted: frozenset[str] | None
) -> list[DailySkillStat]:
    counts = connection.execute(
        select(
            DailySkillCount.answered_day,
            DailySkillCount.skill,
            DailySkillCount.answers,
            DailySkillCount.correct,
        ).where(
            DailySkillCount.answered_day >= first_day,
            DailySkillCount.answered_day <= last_day,
        )
    ).all()
    middle = _Prepared(
        connection,
        select(AnswerRow.time_taken_ms)
        .where(AnswerRow.answered_day == bindparam("day"), AnswerRow.skill == bindparam("skill"))
        .order_by(AnswerRow.time_taken_ms)
        .limit(bindparam("take"))
        .offset(bindparam("skip")),
    )
    stats = []
    try:
        for day, skill, answers, correct in counts:
            if wanted is not None and skill not in wanted:
                continue
            times = [
                int(time)
                for (time,) in middle.rows(
                    day=day, skill=skill, take=2 - answers % 2, skip=(answers - 1) // 2
                )
            ]
            stats.append(
                DailySkillStat(
                    day=day,
                    skill=skill,
                    trainee_id=None,
                    answers=answers,
                    correct=correct,
                    median_time_ms=Decimal(sum(times)) / Decimal(len(times)),
                )
            )
    finally:
        middle.close()
    return stats


# PostgreSQL takes the same seeks in one statement: a LATERAL subquery may use the
# outer row in its LIMIT and OFFSET, so there is one round trip, not one per group.
_COHORT_LATERAL = text(
    """
    SELECT c.answered_day, c.skill, c.answers, c.correct, m.middle_sum, m.middle_count
    FROM daily_skill_counts AS c
    CROSS JOIN LATERAL (
        SELECT sum(s.t) AS middle_sum, count(*) AS middle_count
        FROM (
            SELECT a.time_taken_ms AS t
            FROM answers AS a
            WHERE a.answered_day = c.answered_day AND a.skill = c.skill
            ORDER BY a.time_taken_ms
            LIMIT 2 - c.answers % 2 OFFSET (c.answers - 1) / 2
        ) AS s
    ) AS m
    WHERE c.answered_day BETWEEN :first AND :last
    """
)


def _cohort_lateral(
    connection: Connection, first_day: date, last_day: date, wanted: frozenset[str] | None
) -> list[DailySkillStat]:
    rows = connection.execute(_COHORT_LATERAL, {"first": first_day, "last": last_day})
    return [
        DailySkillStat(
            day=day,
            skill=skill,
            trainee_id=None,
            answers=answers,
            correct=correct,
            median_time_ms=Decimal(int(middle_sum)) / Decimal(int(middle_count)),
        )
        for day, skill, answers, correct, middle_sum, middle_count in rows
        if wanted is None or skill in wanted
    ]


# -- an intake group (storage/groups.py) ---------------------------------------------------


def _group_stats(
    connection: Connection,
    first_day: date,
    last_day: date,
    trainee_ids: Collection[int],
    per_trainee: bool,
    wanted: frozenset[str] | None,
) -> list[DailySkillStat]:
    """A group's figures: each member's (``per_trainee``), or the members' together.

    Kept apart from the cohort's queries (a group is a few dozen trainees): each member
    as one trainee's figures are read, or the members' answers in one scan ordered by
    day, skill and time, their medians picked from the stream.
    """
    ids = sorted(set(trainee_ids))
    if per_trainee:
        return [
            stat
            for trainee in ids
            for stat in daily_skill_stats(
                connection,
                first_day,
                last_day,
                trainee_id=trainee,
                skills=None if wanted is None else sorted(wanted),
            )
        ]
    if not ids:
        return []
    rows = connection.execute(
        select(AnswerRow.answered_day, AnswerRow.skill, AnswerRow.time_taken_ms, AnswerRow.correct)
        .where(
            AnswerRow.trainee_id.in_(ids),
            AnswerRow.answered_day >= first_day,
            AnswerRow.answered_day <= last_day,
        )
        .order_by(AnswerRow.answered_day, AnswerRow.skill, AnswerRow.time_taken_ms)
    )
    stats = _from_ordered_rows(None, rows, wanted)
    return sorted(stats, key=lambda s: (s.skill, s.day))
