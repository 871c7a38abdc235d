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


_DAY_NUMBER = {
    "sqlite": "replace(answered_day, '-', '')",
    "postgresql": "to_char(answered_day, 'YYYYMMDD')",
}
_CONCAT = {"sqlite": "group_concat({}, ',')", "postgresql": "string_agg({}, ',')"}


def _query(dialect: str, filtered: bool) -> Any:
    if dialect not in _DAY_NUMBER:
        raise RuntimeError(f"no cohort rollup query written for {dialect}")
    row = f"{_DAY_NUMBER[dialect]} || ',' || answers || ',' || correct || ',' || median2"
    where = "answered_day >= :first AND answered_day <= :last"
    if filtered:
        where += " AND trainee_id IN :trainees"
    statement = text(
        f"SELECT trainee_id, skill, count(*) AS n, {_CONCAT[dialect].format(row)} AS rows"
        f" FROM trainee_skill_days WHERE {where}"
        " GROUP BY trainee_id, skill ORDER BY trainee_id, skill"
    )
    if filtered:
        statement = statement.bindparams(bindparam("trainees", expanding=True))
    return statement


def _weighted_medians(group: Ints, value: Ints, weight: Ints, groups: int) -> tuple[Ints, Ints]:
    """Per group 0..groups-1 (each non-empty), the low and high middle of ``value``
    repeated ``weight`` times: the values at ranks (total-1)//2 and total//2."""
    order = np.lexsort((value, group))
    g, v, w = group[order], value[order], weight[order]
    upto = np.cumsum(w)
    starts = np.searchsorted(g, np.arange(groups))
    totals = np.add.reduceat(w, starts)
    before = upto[starts] - w[starts]
    low = np.searchsorted(upto, before + (totals - 1) // 2, side="right")
    high = np.searchsorted(upto, before + totals // 2, side="right")
    return v[low], v[high]


def _typical(low2: int, high2: int) -> Decimal:
    """The weighted median from the two middle values, each twice a median time."""
    return Decimal(low2 + high2) / Decimal(4)


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
    params: dict[str, Any] = {"first": first_day, "last": last_day}
    if trainee_ids is not None:
        if not trainee_ids:
            return {}
        params["trainees"] = sorted(trainee_ids)
    listed = connection.execute(_query(dialect, trainee_ids is not None), params).all()
    if not listed:
        return {}
    counts = np.array([n for _, _, n, _ in listed], dtype=np.int64)
    # One parse per trainee and skill: short calls, so the GUI thread gets the GIL between.
    flat = np.concatenate(
        [np.fromstring(rows, dtype=np.int64, sep=",") for _, _, _, rows in listed]
    )
    day, answers, correct, median2 = flat.reshape(-1, 4).T
    pairs = len(listed)
    pair = np.repeat(np.arange(pairs, dtype=np.int64), counts)
    trainee_of_pair = np.array([t for t, _, _, _ in listed], dtype=np.int64)
    ids, pair_trainee = np.unique(trainee_of_pair, return_inverse=True)
    trainee = pair_trainee[pair]

    pair_low, pair_high = _weighted_medians(pair, median2, answers, pairs)
    pair_answers = np.bincount(pair, weights=answers, minlength=pairs).astype(np.int64)
    pair_correct = np.bincount(pair, weights=correct, minlength=pairs).astype(np.int64)
    low, high = _weighted_medians(trainee, median2, answers, len(ids))
    days = np.unique(trainee * 100_000_000 + day)
    active = np.bincount(days // 100_000_000, minlength=len(ids))
    newest = np.full(len(ids), 0, dtype=np.int64)
    np.maximum.at(newest, trainee, day)

    skills: dict[int, dict[str, SpanFigures]] = {int(t): {} for t in ids}
    for number, (trainee_id, skill, _, _) in enumerate(listed):
        skills[trainee_id][skill] = SpanFigures(
            answers=int(pair_answers[number]),
            correct=int(pair_correct[number]),
            typical_ms=_typical(int(pair_low[number]), int(pair_high[number])),
        )
    spans = {}
    for number, trainee_id in enumerate(ids.tolist()):
        mine = skills[trainee_id]
        last = int(newest[number])
        spans[trainee_id] = TraineeSpan(
            trainee_id=trainee_id,
            overall=SpanFigures(
                answers=sum(s.answers for s in mine.values()),
                correct=sum(s.correct for s in mine.values()),
                typical_ms=_typical(int(low[number]), int(high[number])),
            ),
            active_days=int(active[number]),
            last_day=date(last // 10_000, last // 100 % 100, last % 100),
            skills=mine,
        )
    return spans
