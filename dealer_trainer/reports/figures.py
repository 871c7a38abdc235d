"""The dashboard's figures, computed from the storage aggregates (no Qt here).

Every figure starts from :class:`~dealer_trainer.storage.DailySkillStat` rows
(answers, correct answers and the exact median time of one skill on one day).
Accuracy over any span is exact (sums of counts). A median over several days
or skills cannot be rebuilt from daily medians, so spans use the *typical
time*: the median of the daily medians, each weighted by its number of
answers. The views say so in their tooltips.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import TYPE_CHECKING

from dealer_trainer.storage import DailySkillStat
from dealer_trainer.storage.rollups import SpanFigures, TraineeSpan

if TYPE_CHECKING:
    from dealer_trainer.storage.standards import SpeedShare

#: A skill is only called weak once it has this many answers in the span.
MIN_ANSWERS_FOR_WEAKNESS = 5


def weighted_median(values: Iterable[tuple[Decimal, int]]) -> Decimal | None:
    """The median of ``value`` repeated ``weight`` times (exact, like a median of the answers).

    >>> weighted_median([(Decimal(2000), 3), (Decimal(4000), 1)])
    Decimal('2000')
    """
    pairs = sorted((value, weight) for value, weight in values if weight > 0)
    total = sum(weight for _, weight in pairs)
    if not total:
        return None
    low_rank, high_rank = (total - 1) // 2, total // 2
    low = high = None
    seen = 0
    for value, weight in pairs:
        if low is None and seen + weight > low_rank:
            low = value
        if seen + weight > high_rank:
            high = value
            break
        seen += weight
    assert low is not None and high is not None
    return (low + high) / 2


@dataclass(frozen=True)
class Totals:
    """Answers, correct answers and the typical time over a span."""

    answers: int
    correct: int
    typical_ms: Decimal | None

    @property
    def accuracy_percent(self) -> Decimal | None:
        if not self.answers:
            return None
        return (Decimal(100 * self.correct) / Decimal(self.answers)).quantize(Decimal("0.1"))


def totals(stats: Iterable[DailySkillStat]) -> Totals:
    rows = list(stats)
    return Totals(
        answers=sum(s.answers for s in rows),
        correct=sum(s.correct for s in rows),
        typical_ms=weighted_median((s.median_time_ms, s.answers) for s in rows),
    )


@dataclass(frozen=True)
class DaySeries:
    """One line of a plot: per day, answers, correct answers and the (typical) time."""

    days: tuple[date, ...]
    answers: tuple[int, ...]
    correct: tuple[int, ...]
    time_ms: tuple[Decimal, ...]

    def accuracy_percent(self) -> list[float]:
        """For drawing only (a plot needs floats): the exact figures are in the tables."""
        return [100.0 * c / a for c, a in zip(self.correct, self.answers, strict=True)]

    def time_seconds(self) -> list[float]:
        return [float(t / 1000) for t in self.time_ms]

    def timestamps(self) -> list[float]:
        """Noon UTC of each day, as seconds since the epoch (what ``DateAxisItem`` reads)."""
        return [day_timestamp(day) for day in self.days]


def day_timestamp(day: date) -> float:
    return datetime.combine(day, time(12), UTC).timestamp()


def by_day(stats: Iterable[DailySkillStat], skill: str | None = None) -> DaySeries:
    """The series of one skill (exact medians), or of all skills together (typical times)."""
    groups: dict[date, list[DailySkillStat]] = defaultdict(list)
    for stat in stats:
        if skill is None or stat.skill == skill:
            groups[stat.day].append(stat)
    days = sorted(groups)
    figures = [totals(groups[day]) for day in days]
    return DaySeries(
        days=tuple(days),
        answers=tuple(f.answers for f in figures),
        correct=tuple(f.correct for f in figures),
        time_ms=tuple(f.typical_ms or Decimal(0) for f in figures),
    )


@dataclass(frozen=True)
class SkillFigure:
    skill: str
    totals: Totals
    target_ms: int | None  # a trained dealer's time at the easiest level, if the skill is known

    @property
    def slowness(self) -> Decimal | None:
        """Typical time over the target time (1 = as fast as a trained dealer)."""
        if self.target_ms is None or self.totals.typical_ms is None:
            return None
        return self.totals.typical_ms / Decimal(self.target_ms)


def per_skill(
    stats: Iterable[DailySkillStat], targets_ms: Mapping[str, int] | None = None
) -> list[SkillFigure]:
    groups: dict[str, list[DailySkillStat]] = defaultdict(list)
    for stat in stats:
        groups[stat.skill].append(stat)
    targets = targets_ms or {}
    return [
        SkillFigure(skill, totals(rows), targets.get(skill))
        for skill, rows in sorted(groups.items())
    ]


def weakest(figures: Sequence[SkillFigure], count: int = 5) -> list[SkillFigure]:
    """The skills to work on: lowest accuracy first, then slowest against the target.

    Skills with fewer than ``MIN_ANSWERS_FOR_WEAKNESS`` answers are left out: a
    single wrong answer does not make a weakness.
    """
    candidates = [f for f in figures if f.totals.answers >= MIN_ANSWERS_FOR_WEAKNESS]

    def key(figure: SkillFigure) -> tuple[Decimal, Decimal, str]:
        accuracy = figure.totals.accuracy_percent
        assert accuracy is not None
        return (accuracy, -(figure.slowness or Decimal(0)), figure.skill)

    return sorted(candidates, key=key)[:count]


def weakest_first(figures: Sequence[SkillFigure]) -> list[SkillFigure]:
    """Every skill: the weak ones first (as ``weakest`` orders them), then the others."""
    weak = weakest(figures, len(figures))
    return weak + [f for f in figures if f not in weak]


@dataclass(frozen=True)
class Trend:
    """What a trend shows of daily figures: the series over the days and the totals of one
    skill, or (``skill`` ``None``) of every skill together."""

    skill: str | None
    series: DaySeries
    overall: Totals


def trend(stats: Sequence[DailySkillStat], skill: str | None) -> Trend:
    return Trend(
        skill, by_day(stats, skill), totals(s for s in stats if skill is None or s.skill == skill)
    )


@dataclass(frozen=True)
class DailyFigures:
    """Daily figures with what a view shows of them, worked out where they are read (a
    worker thread): the trend of the skill chosen when they were asked for, and every
    skill's figures, weakest first. Worked out on the GUI thread, a cohort's 90 days were
    tens of milliseconds of Python the window could not answer in."""

    stats: tuple[DailySkillStat, ...]
    trend: Trend
    skills: tuple[SkillFigure, ...]  # weakest first


def daily_figures(
    stats: Sequence[DailySkillStat], skill: str | None, targets_ms: Mapping[str, int]
) -> DailyFigures:
    return DailyFigures(
        tuple(stats), trend(stats, skill), tuple(weakest_first(per_skill(stats, targets_ms)))
    )


@dataclass(frozen=True)
class TraineeFigure:
    """One row of the cohort table."""

    trainee_id: int
    name: str
    archived: bool
    totals: Totals
    active_days: int
    last_day: date | None
    weakest_skill: str | None


def per_trainee(
    stats: Iterable[DailySkillStat],
    names: Mapping[int, tuple[str, bool]],
    targets_ms: Mapping[str, int] | None = None,
) -> list[TraineeFigure]:
    """A row per trainee in ``names`` (id → (name, archived)), with or without answers."""
    groups: dict[int, list[DailySkillStat]] = defaultdict(list)
    for stat in stats:
        if stat.trainee_id is not None:
            groups[stat.trainee_id].append(stat)
    rows = []
    for trainee_id, (name, archived) in names.items():
        mine = groups.get(trainee_id, [])
        weak = weakest(per_skill(mine, targets_ms), 1)
        days = {s.day for s in mine}
        rows.append(
            TraineeFigure(
                trainee_id=trainee_id,
                name=name,
                archived=archived,
                totals=totals(mine),
                active_days=len(days),
                last_day=max(days) if days else None,
                weakest_skill=weak[0].skill if weak else None,
            )
        )
    return rows


def per_trainee_from_spans(
    spans: Mapping[int, TraineeSpan],
    names: Mapping[int, tuple[str, bool]],
    targets_ms: Mapping[str, int] | None = None,
) -> list[TraineeFigure]:
    """The rows of :func:`per_trainee`, from the rollup's spans instead of daily stats.

    The same figures, exactly: the spans hold each trainee's sums and typical times
    (overall and per skill) over the same daily medians.
    """
    targets = targets_ms or {}
    rows = []
    for trainee_id, (name, archived) in names.items():
        span = spans.get(trainee_id)
        if span is None:
            rows.append(
                TraineeFigure(trainee_id, name, archived, Totals(0, 0, None), 0, None, None)
            )
            continue
        skills = [
            SkillFigure(skill, _totals(figures), targets.get(skill))
            for skill, figures in sorted(span.skills.items())
        ]
        weak = weakest(skills, 1)
        rows.append(
            TraineeFigure(
                trainee_id=trainee_id,
                name=name,
                archived=archived,
                totals=_totals(span.overall),
                active_days=span.active_days,
                last_day=span.last_day,
                weakest_skill=weak[0].skill if weak else None,
            )
        )
    return rows


def _totals(figures: SpanFigures) -> Totals:
    return Totals(figures.answers, figures.correct, figures.typical_ms)


@dataclass(frozen=True)
class CohortFigures:
    """What the cohort view shows for a span: the per-day rows and the trainees' rows."""

    first: date
    last: date
    stats: tuple[DailySkillStat, ...]
    rows: tuple[TraineeFigure, ...]
    trainee_ids: frozenset[int] | None = None  # an intake group's, or None: every trainee
    #: Each trainee's answers right and within the target (``reports.within_target``),
    #: once read; ``None``: not read yet.
    within: Mapping[int, SpeedShare] | None = None
