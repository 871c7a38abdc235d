"""The dashboard's aggregates: accuracy and exact median time per skill per day.

One SQL statement per question, the same on SQLite and PostgreSQL: window
functions rank the times inside each (trainee,) skill, day group, and the outer
query keeps the one or two middle values. The covering indexes
``ix_answers_trainee_skill_day`` and ``ix_answers_skill_day`` hold every column
read, so the table itself is never touched.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import Connection, and_, case, func, or_, select
from sqlalchemy.orm import InstrumentedAttribute

from dealer_trainer.storage.models import AnswerRow
from dealer_trainer.storage.records import DailySkillStat


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
    trainees together (``trainee_id`` is ``None`` in those rows).
    """
    by_trainee = trainee_id is not None or per_trainee
    keys: list[InstrumentedAttribute[Any]] = [AnswerRow.skill, AnswerRow.answered_day]
    if by_trainee:
        keys.insert(0, AnswerRow.trainee_id)
    names = [key.key for key in keys]

    conditions = [AnswerRow.answered_day >= first_day, AnswerRow.answered_day <= last_day]
    if trainee_id is not None:
        conditions.append(AnswerRow.trainee_id == trainee_id)
    if skills is not None:
        conditions.append(AnswerRow.skill.in_(list(skills)))

    ranked = (
        select(
            *keys,
            AnswerRow.time_taken_ms.label("t"),
            AnswerRow.correct.label("ok"),
            func.row_number().over(partition_by=keys, order_by=AnswerRow.time_taken_ms).label("rn"),
            func.count().over(partition_by=keys).label("n"),
        )
        .where(and_(*conditions))
        .subquery("ranked")
    )
    n = ranked.c.n
    middle = or_(ranked.c.rn == (n + 1) // 2, ranked.c.rn == (n + 2) // 2)
    group = [ranked.c[name] for name in names]
    query = (
        select(
            *group,
            func.max(n).label("answers"),
            func.sum(case((ranked.c.ok, 1), else_=0)).label("correct"),
            func.sum(case((middle, ranked.c.t), else_=0)).label("middle_sum"),
            func.sum(case((middle, 1), else_=0)).label("middle_count"),
        )
        .group_by(*group)
        .order_by(*group)
    )
    stats = []
    for row in connection.execute(query):
        day = row.answered_day
        if isinstance(day, str):  # SQLite returns a text date through a subquery
            day = date.fromisoformat(day)
        stats.append(
            DailySkillStat(
                day=day,
                skill=row.skill,
                trainee_id=row.trainee_id if by_trainee else None,
                answers=int(row.answers),
                correct=int(row.correct),
                median_time_ms=Decimal(int(row.middle_sum)) / Decimal(int(row.middle_count)),
            )
        )
    return stats
