"""The cohort table's figures from the rollup ``trainee_skill_days``, never from the answers.

Each row of the rollup is one trainee's answers of one skill on one day: how many,
how many correct, and twice their exact median time (kept by the answers' insert
trigger, migration 0011). The cohort table shows, per trainee over a span, the
answers, correct answers, *typical time* (the median of the daily medians, each
weighted by its answers, as :func:`dealer_trainer.reports.figures.weighted_median`
defines it), days active, last day, and the same figures per skill (for the weakest
skill). Over a year of a centre that is a few hundred thousand rollup rows: the
database hands them over as one text per trainee and skill, NumPy parses them in C
and takes every weighted median in a few sorted passes, so no Python object is made
per row (the table used to read 2.47 M answers and build a row object each).

The figures are exactly those :func:`~dealer_trainer.reports.figures.per_trainee`
computes from :func:`~dealer_trainer.storage.aggregates.daily_skill_stats` (a test
compares them).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

import numpy as np
import numpy.typing as npt
from sqlalchemy import Connection, bindparam, text

Ints = npt.NDArray[np.int64]


@dataclass(frozen=True)
class SpanFigures:
    """Answers, correct answers and the typical time (``None`` without answers) of a span."""

    answers: int
    correct: int
    typical_ms: Decimal | None


@dataclass(frozen=True)
class TraineeSpan:
    """One trainee's figures over a span, overall and per skill (skills with answers)."""

    trainee_id: int
    overall: SpanFigures
    active_days: int
    last_day: date | None
    skills: Mapping[str, SpanFigures]


#: Each rollup row goes over as two whole numbers (fewer numbers to write out as text):
#: ``trainee_id * 2**32 + answers`` and ``correct * 2**34 + median2`` (a time is at
#: most 2**31 ms, so twice a median is below 2**33; answers are far below 2**29).
_HIGH, _LOW = 2**32, 2**34
_CONCAT = {"sqlite": "group_concat({}, ',')", "postgresql": "string_agg({}, ',')"}


def _query(dialect: str, filtered: bool) -> Any:
    if dialect not in _CONCAT:
        raise RuntimeError(f"no cohort rollup query written for {dialect}")
    row = (
        f"CAST(trainee_id * {_HIGH} + answers AS TEXT) || ',' ||"
        f" CAST(correct * {_LOW} + median2 AS TEXT)"
    )
    where = "answered_day >= :first AND answered_day <= :last"
    if filtered:
        where += " AND trainee_id IN :trainees"
    # One row per day and skill: a range of the primary key, read in its order.
    statement = text(
        f"SELECT answered_day, skill, count(*) AS n, {_CONCAT[dialect].format(row)} AS rows"
        f" FROM trainee_skill_days WHERE {where}"
        " GROUP BY answered_day, skill ORDER BY answered_day, skill"
    )
    if filtered:
        statement = statement.bindparams(bindparam("trainees", expanding=True))
    return statement


def _weighted_medians(group: Ints, value: Ints, weight: Ints, groups: int) -> tuple[Ints, Ints]:
    """Per group 0..groups-1 (each non-empty), the low and high middle of ``value``
    repeated ``weight`` times: the values at ranks (total-1)//2 and total//2."""
    # One sort of one key (group, then value; a value is below 2**34): several times
    # faster than lexsort of the two.
    order = np.argsort(group * _LOW + value)
    g, v, w = group[order], value[order], weight[order]
    upto = np.cumsum(w)
    starts = np.searchsorted(g, np.arange(groups))
    totals = np.add.reduceat(w, starts)
    before = upto[starts] - w[starts]
    low = np.searchsorted(upto, before + (totals - 1) // 2, side="right")
    high = np.searchsorted(upto, before + totals // 2, side="right")
    return v[low], v[high]


def _dense(keys: Ints) -> tuple[Ints, Ints]:
    """The distinct ``keys`` (small whole numbers), ascending, and each key's position
    among them: ``np.unique(keys, return_inverse=True)`` by counting, not sorting."""
    present = np.bincount(keys) > 0
    position = np.cumsum(present) - 1
    return np.flatnonzero(present), position[keys]


def _typical(low2: int, high2: int) -> Decimal:
    """The weighted median from the two middle values, each twice a median time."""
    return Decimal(low2 + high2) / Decimal(4)


def _day(value: Any) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


def trainee_spans(
    connection: Connection,
    first_day: date,
    last_day: date,
    trainee_ids: Collection[int] | None = None,
) -> dict[int, TraineeSpan]:
    """Each trainee's figures from ``first_day`` to ``last_day`` (both included), by id.

    Trainees without an answer in the span are left out. ``trainee_ids`` narrows the
    cohort to those trainees (an intake group, say); ``None`` is every trainee.
    """
    dialect = connection.dialect.name
    if dialect == "sqlite":  # how its Date type stores a day
        params: dict[str, Any] = {"first": first_day.isoformat(), "last": last_day.isoformat()}
    else:
        params = {"first": first_day, "last": last_day}
    if trainee_ids is not None:
        if not trainee_ids:
            return {}
        params["trainees"] = sorted(trainee_ids)
    listed = connection.execute(_query(dialect, trainee_ids is not None), params).all()
    if not listed:
        return {}
    days = sorted({_day(day) for day, _, _, _ in listed})
    day_number = {day: n for n, day in enumerate(days)}
    skills = sorted({skill for _, skill, _, _ in listed})
    skill_number = {skill: n for n, skill in enumerate(skills)}
    counts = np.array([n for _, _, n, _ in listed], dtype=np.int64)
    # One parse per day and skill: short calls, so the GUI thread gets the GIL between.
    packed = np.concatenate(
        [np.fromstring(rows, dtype=np.int64, sep=",") for _, _, _, rows in listed]
    ).reshape(-1, 2)
    trainee_id, answers = packed[:, 0] // _HIGH, packed[:, 0] % _HIGH
    correct, median2 = packed[:, 1] // _LOW, packed[:, 1] % _LOW
    day = np.repeat(np.array([day_number[_day(d)] for d, _, _, _ in listed]), counts)
    skill = np.repeat(np.array([skill_number[s] for _, s, _, _ in listed]), counts)

    ids, trainee = _dense(trainee_id)
    pairs, pair = _dense(trainee * len(skills) + skill)
    pair_low, pair_high = _weighted_medians(pair, median2, answers, len(pairs))
    pair_answers = np.bincount(pair, weights=answers, minlength=len(pairs)).astype(np.int64)
    pair_correct = np.bincount(pair, weights=correct, minlength=len(pairs)).astype(np.int64)
    low, high = _weighted_medians(trainee, median2, answers, len(ids))
    trainee_days, _ = _dense(trainee * len(days) + day)
    active = np.bincount(trainee_days // len(days), minlength=len(ids))
    newest = np.zeros(len(ids), dtype=np.int64)
    np.maximum.at(newest, trainee, day)

    per_skill: list[dict[str, SpanFigures]] = [{} for _ in ids]
    for number, key in enumerate(pairs.tolist()):
        per_skill[key // len(skills)][skills[key % len(skills)]] = SpanFigures(
            answers=int(pair_answers[number]),
            correct=int(pair_correct[number]),
            typical_ms=_typical(int(pair_low[number]), int(pair_high[number])),
        )
    spans = {}
    for number, each in enumerate(ids.tolist()):
        mine = per_skill[number]
        spans[each] = TraineeSpan(
            trainee_id=each,
            overall=SpanFigures(
                answers=sum(s.answers for s in mine.values()),
                correct=sum(s.correct for s in mine.values()),
                typical_ms=_typical(int(low[number]), int(high[number])),
            ),
            active_days=int(active[number]),
            last_day=days[int(newest[number])],
            skills=mine,
        )
    return spans
