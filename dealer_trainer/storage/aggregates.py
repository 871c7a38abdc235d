"""The dashboard's aggregates: accuracy and exact median time per skill per day.

Built so that a first plot over millions of answers stays well under a second,
on SQLite as on PostgreSQL, with exact medians:

- Cohort (all trainees together): the counts per day and skill come from
  ``daily_skill_counts`` (kept by a trigger on every answer); then, for each
  group, the one or two middle times are read by a seek in the covering index
  ``ix_answers_day_skill`` (``ORDER BY time_taken_ms LIMIT 2 OFFSET (n-1)/2``),
  never sorting anything.
- One trainee: a range scan of ``ix_answers_trainee_day`` already ordered by day,
  skill and time; the medians are picked from the stream.
- Each trainee: the same, trainee by trainee (each a short range scan).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, and_, bindparam, select

from dealer_trainer.storage.models import AnswerRow, DailySkillCount, Trainee
from dealer_trainer.storage.records import DailySkillStat


def _day(value: Any) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


def _median(sorted_times: Sequence[int]) -> Decimal:
    count = len(sorted_times)
    middle = sorted_times[(count - 1) // 2 : count // 2 + 1]
    return Decimal(sum(middle)) / Decimal(len(middle))


def daily_skill_stats(
    connection: Connection,
    first_day: date,
    last_day: date,
    *,
    trainee_id: int | None = None,
    per_trainee: bool = False,
    skills: Sequence[str] | None = None,
) -> list[DailySkillStat]:
    """Per skill and day from ``first_day`` to ``last_day`` (both included).

    With ``trainee_id``: that trainee's rows. Else with ``per_trainee``: one row per
    trainee, skill and day. Else the cohort: one row per skill and day, all
    trainees together (``trainee_id`` is ``None`` in those rows). Sorted by
    trainee, skill, day.
    """
    skill_list = None if skills is None else list(skills)
    if trainee_id is not None:
        stats = _one_trainee(connection, trainee_id, first_day, last_day, skill_list)
    elif per_trainee:
        ids = connection.execute(select(Trainee.id).order_by(Trainee.id)).scalars().all()
        stats = []
        for each in ids:
            stats += _one_trainee(connection, each, first_day, last_day, skill_list)
    else:
        stats = _cohort(connection, first_day, last_day, skill_list)
    return sorted(stats, key=lambda s: (s.trainee_id or 0, s.skill, s.day))


def _one_trainee(
    connection: Connection,
    trainee_id: int,
    first_day: date,
    last_day: date,
    skills: list[str] | None,
) -> list[DailySkillStat]:
    query = select(
        AnswerRow.answered_day, AnswerRow.skill, AnswerRow.time_taken_ms, AnswerRow.correct
    ).where(
        AnswerRow.trainee_id == trainee_id,
        AnswerRow.answered_day >= first_day,
        AnswerRow.answered_day <= last_day,
    )
    if skills is not None:
        query = query.where(AnswerRow.skill.in_(skills))
    query = query.order_by(AnswerRow.answered_day, AnswerRow.skill, AnswerRow.time_taken_ms)
    rows: Iterable[Any] = connection.execute(query)
    stats = []
    for (day, skill), group in groupby(rows, key=lambda row: (row[0], row[1])):
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
    connection: Connection, first_day: date, last_day: date, skills: list[str] | None
) -> list[DailySkillStat]:
    conditions = [
        DailySkillCount.answered_day >= first_day,
        DailySkillCount.answered_day <= last_day,
    ]
    if skills is not None:
        conditions.append(DailySkillCount.skill.in_(skills))
    counts = connection.execute(
        select(
            DailySkillCount.answered_day,
            DailySkillCount.skill,
            DailySkillCount.answers,
            DailySkillCount.correct,
        ).where(and_(*conditions))
    ).all()
    # Thousands of tiny index seeks: compiled once and run on the driver's cursor,
    # which costs a few microseconds each instead of a full Core execution.
    middle = (
        select(AnswerRow.time_taken_ms)
        .where(AnswerRow.answered_day == bindparam("day"), AnswerRow.skill == bindparam("skill"))
        .order_by(AnswerRow.time_taken_ms)
        .limit(bindparam("take"))
        .offset(bindparam("skip"))
        .compile(dialect=connection.dialect)
    )
    sql = str(middle)
    sqlite = connection.dialect.name == "sqlite"
    cursor = connection.connection.cursor()
    stats = []
    try:
        for day, skill, n, ok in counts:
            count = int(n)
            values = {
                "day": day.isoformat() if sqlite else day,
                "skill": skill,
                "take": 2 - count % 2,
                "skip": (count - 1) // 2,
            }
            if middle.positiontup is not None:
                cursor.execute(sql, [values[name] for name in middle.positiontup])
            else:
                cursor.execute(sql, values)
            times = [int(time) for (time,) in cursor.fetchall()]
            stats.append(
                DailySkillStat(
                    day=day,
                    skill=skill,
                    trainee_id=None,
                    answers=count,
                    correct=int(ok),
                    median_time_ms=Decimal(sum(times)) / Decimal(len(times)),
                )
            )
    finally:
        cursor.close()
    return stats
