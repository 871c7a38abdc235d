"""The dashboard's aggregates: accuracy and exact median time per skill per day.

Built so that a first plot over millions of answers stays well under a second,
on SQLite as on PostgreSQL, with exact medians:

- Cohort (all trainees together): the counts and the exact median per day and
  skill are read from ``daily_skill_counts``, kept by a trigger on every answer
  (migration 0011 added the median: the trigger reads the one or two middle times
  back by a seek in the covering index ``ix_answers_day_skill``). Over some
  trainees only (an intake group), their answers are read and merged.
- One trainee: a range scan of ``ix_answers_trainee_day`` already ordered by day,
  skill and time; the medians are picked from the stream.
- Each trainee: the same, trainee by trainee (each a short range scan). The
  cohort table does not use it: it reads the rollup ``trainee_skill_days``
  (see ``rollups.py``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import date
from decimal import Decimal
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, Select, bindparam, select

from dealer_trainer.storage.graded import answers_of
from dealer_trainer.storage.models import DailySkillCount, Trainee
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
    trainee, skill, day. ``trainee_ids`` narrows the cohort (or each trainee's
    rows) to those trainees, an intake group say; ``None`` is every trainee.
    """
    wanted = None if skills is None else frozenset(skills)
    if trainee_id is None and not per_trainee:
        if trainee_ids is None:
            stats = _cohort(connection, first_day, last_day, wanted)
        else:
            stats = _cohort_of(connection, first_day, last_day, wanted, trainee_ids)
    else:
        if trainee_id is not None:
            ids: Collection[int] = [trainee_id]
        elif trainee_ids is not None:
            ids = sorted(trainee_ids)
        else:
            ids = connection.execute(select(Trainee.id).order_by(Trainee.id)).scalars().all()
        scan = _trainee_scan(connection)
        stats = []
        try:
            for each in ids:
                rows = scan.rows(trainee=each, first=first_day, last=last_day)
                stats += _from_ordered_rows(each, rows, wanted)
        finally:
            scan.close()
    return sorted(stats, key=lambda s: (s.trainee_id or 0, s.skill, s.day))


def _trainee_scan(connection: Connection) -> _Prepared:
    """One trainee's rows ``(day, skill, time, correct)`` of a day range, ordered by day,
    skill and time (a range of ``ix_answers_trainee_day``). On a centre's server, the
    graded answers: the grader's verdicts and the times that count (``storage.graded``)."""
    answers = answers_of(connection).c
    return _Prepared(
        connection,
        select(answers.answered_day, answers.skill, answers.time_taken_ms, answers.correct)
        .where(
            answers.trainee_id == bindparam("trainee"),
            answers.answered_day >= bindparam("first"),
            answers.answered_day <= bindparam("last"),
        )
        .order_by(answers.answered_day, answers.skill, answers.time_taken_ms),
    )


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
    rows = connection.execute(
        select(
            DailySkillCount.answered_day,
            DailySkillCount.skill,
            DailySkillCount.answers,
            DailySkillCount.correct,
            DailySkillCount.median2,
        ).where(
            DailySkillCount.answered_day >= first_day,
            DailySkillCount.answered_day <= last_day,
        )
    ).all()
    return [
        DailySkillStat(
            day=day,
            skill=skill,
            trainee_id=None,
            answers=answers,
            correct=correct,
            median_time_ms=Decimal(int(median2)) / Decimal(2),
        )
        for day, skill, answers, correct, median2 in rows
        if wanted is None or skill in wanted
    ]


def _cohort_of(
    connection: Connection,
    first_day: date,
    last_day: date,
    wanted: frozenset[str] | None,
    trainee_ids: Collection[int],
) -> list[DailySkillStat]:
    """The cohort's rows over some trainees only: their answers' times, merged per day
    and skill (a median of some trainees' answers is in no rollup)."""
    groups: dict[tuple[Any, str], tuple[list[int], list[int]]] = {}
    scan = _trainee_scan(connection)
    try:
        for trainee in sorted(trainee_ids):
            for day, skill, time_ms, correct in scan.rows(
                trainee=trainee, first=first_day, last=last_day
            ):
                if wanted is not None and skill not in wanted:
                    continue
                times, right = groups.setdefault((day, skill), ([], [0]))
                times.append(int(time_ms))
                right[0] += 1 if correct else 0
    finally:
        scan.close()
    return [
        DailySkillStat(
            day=_day(day),
            skill=skill,
            trainee_id=None,
            answers=len(times),
            correct=right[0],
            median_time_ms=_median(sorted(times)),
        )
        for (day, skill), (times, right) in groups.items()
    ]
