"""The dashboard's rollups (migration 0011) equal the raw aggregate of the answers.

``daily_skill_counts`` (per day and skill) and ``trainee_skill_days`` (per trainee, day
and skill) hold answers, correct answers and twice the exact median time, kept by the
answers' insert trigger in the answer's own transaction. Checked against a plain
median of the recorded answers after random inserts (hypothesis), after the migration
on a database that already holds answers, and through the cohort table's figures.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, create_engine, text

from dealer_trainer.reports import figures
from dealer_trainer.storage import InstructorDesk, Store, TraineeDesk
from dealer_trainer.storage.engine import alembic_config

from .conftest import FAST_PASSWORDS, MACAU, FakeClock, answer

SKILLS = ("craps.odds.four", "roulette.payout.split", "roulette.payout.straight_up")
FIRST = date(2026, 11, 20)
LAST = date(2026, 11, 30)


def _raw(connection: Connection, keys: str) -> dict[tuple[Any, ...], tuple[int, int, int]]:
    """Per group of ``keys``: answers, correct, twice the median (from the answers)."""
    rows = connection.execute(
        text(f"SELECT {keys}, time_taken_ms, correct FROM answers ORDER BY {keys}, time_taken_ms")
    ).all()
    groups: dict[tuple[Any, ...], list[tuple[int, bool]]] = {}
    for row in rows:
        *names, ms, ok = row
        groups.setdefault(tuple(str(k) for k in names), []).append((int(ms), bool(ok)))
    out = {}
    for key, values in groups.items():
        times = [ms for ms, _ in values]
        n = len(times)
        out[key] = (n, sum(ok for _, ok in values), times[(n - 1) // 2] + times[n // 2])
    return out


def _rolled(connection: Connection, table: str, keys: str) -> dict[tuple[Any, ...], tuple]:  # type: ignore[type-arg]
    rows = connection.execute(text(f"SELECT {keys}, answers, correct, median2 FROM {table}")).all()
    width = len(keys.split(","))
    return {tuple(str(k) for k in row[:width]): tuple(int(v) for v in row[width:]) for row in rows}


def assert_rollups_equal_raw(store: Store) -> None:
    def check(connection: Connection) -> None:
        day = "answered_day, skill"
        mine = "trainee_id, answered_day, skill"
        assert _rolled(connection, "daily_skill_counts", day) == _raw(connection, day)
        assert _rolled(connection, "trainee_skill_days", mine) == _raw(connection, mine)

    store.read(check)


def assert_table_figures_equal(desk: InstructorDesk, first: date, last: date) -> None:
    """The cohort table from the rollup shows exactly what it showed from daily stats."""
    names = {t.id: (t.name, t.archived) for t in desk.all_trainees()}
    targets = {SKILLS[0]: 3000, SKILLS[1]: 2500}
    before = figures.per_trainee(
        desk.daily_skill_stats(first, last, per_trainee=True), names, targets
    )
    after = figures.per_trainee_from_spans(desk.trainee_spans(first, last), names, targets)
    assert after == before


class Recorder:
    """Trainees with an open session each, recording answers on given days."""

    def __init__(self, store: Store, desk: InstructorDesk, count: int) -> None:
        self.store = store
        self.trainees: list[TraineeDesk] = [
            store.trainee(desk.add_trainee(f"Trainee {n}").id) for n in range(count)
        ]
        self.sessions = {t.trainee_id: t.start_session("roulette-2003").id for t in self.trainees}
        self.seed = 0

    def record(self, who: int, skill: str, day: int, ms: int, ok: bool) -> None:
        trainee = self.trainees[who % len(self.trainees)]
        self.seed += 1
        when = datetime(2026, 11, 20, 3, tzinfo=UTC) + timedelta(days=day, seconds=self.seed)
        trainee.record_answer(
            self.sessions[trainee.trainee_id],
            answer(self.seed, skill=skill, correct=ok, time_taken_ms=ms, answered_at=when),
        )


@pytest.fixture
def recorder(store: Store) -> Iterator[Recorder]:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "a long instructor pw"))
    yield Recorder(store, desk, 4)


_ANSWERS = st.lists(
    st.tuples(
        st.integers(0, 3),
        st.sampled_from(SKILLS),
        st.integers(0, 10),
        # few distinct times: ties at the middle are common
        st.one_of(st.integers(0, 5).map(lambda n: 1000 * n), st.integers(0, 60_000)),
        st.booleans(),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(batch=_ANSWERS)
def test_rollups_equal_the_raw_aggregate_after_random_inserts(
    recorder: Recorder, batch: list[tuple[int, str, int, int, bool]]
) -> None:
    # Each example adds to the same records: the rollups are checked as they grow.
    for who, skill, day, ms, ok in batch:
        recorder.record(who, skill, day, ms, ok)
    assert_rollups_equal_raw(recorder.store)
    desk = recorder.store.instructor(recorder.store.verify_instructor("a long instructor pw"))
    assert_table_figures_equal(desk, FIRST, LAST)
    assert_table_figures_equal(desk, date(2026, 11, 25), date(2026, 11, 26))


def test_cohort_table_figures_equal_daily_stats_on_many_answers(
    store: Store, recorder: Recorder
) -> None:
    import random

    rng = random.Random(15)
    for _ in range(400):
        recorder.record(
            rng.randrange(4),
            SKILLS[rng.randrange(3)],
            rng.randrange(11),
            rng.choice([rng.randrange(500, 9000), 2000, 2500]),
            rng.random() < 0.75,
        )
    desk = store.instructor(store.verify_instructor("a long instructor pw"))
    assert_rollups_equal_raw(store)
    assert_table_figures_equal(desk, FIRST, LAST)
    spans = desk.trainee_spans(FIRST, LAST)
    assert len(spans) == 4
    one = next(iter(spans))
    assert set(desk.trainee_spans(FIRST, LAST, trainee_ids=[one])) == {one}
    assert desk.trainee_spans(FIRST, LAST, trainee_ids=[]) == {}
    # The cohort over some trainees only (an intake group): their answers merged.
    some = sorted(spans)[:2]
    group = desk.daily_skill_stats(FIRST, LAST, trainee_ids=some)
    each = [s for s in desk.daily_skill_stats(FIRST, LAST, per_trainee=True)]
    for stat in group:
        mine = [
            s for s in each if s.trainee_id in some and (s.day, s.skill) == (stat.day, stat.skill)
        ]
        assert stat.answers == sum(s.answers for s in mine)
        assert stat.correct == sum(s.correct for s in mine)
    assert desk.daily_skill_stats(FIRST, LAST, trainee_ids=list(spans)) == desk.daily_skill_stats(
        FIRST, LAST
    )


def test_migration_rolls_up_the_answers_an_existing_database_holds(
    db_url: str, clock: FakeClock
) -> None:
    """A database at 0007 with answers (its trigger counting without medians) is upgraded:
    the rollups then equal the raw aggregate, and the new trigger keeps them so."""
    import random

    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.create_first_instructor("Ana Lei", "a long instructor pw"))
        recorder = Recorder(store, desk, 3)
        engine = create_engine(db_url)
        try:
            config = alembic_config()
            with engine.begin() as connection:
                config.attributes["connection"] = connection
                command.downgrade(config, "0007")
        finally:
            engine.dispose()
        rng = random.Random(7)
        for _ in range(120):  # recorded under 0007's trigger: no medians kept
            recorder.record(
                rng.randrange(3),
                SKILLS[rng.randrange(3)],
                rng.randrange(4),
                rng.randrange(100, 5000),
                rng.random() < 0.6,
            )
    finally:
        store.close()
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        assert_rollups_equal_raw(store)
        desk = store.instructor(store.verify_instructor("a long instructor pw"))
        assert_table_figures_equal(desk, FIRST, LAST)
        again = Recorder.__new__(Recorder)
        again.store, again.seed = store, 1000
        again.trainees = [store.trainee(t.id) for t in desk.all_trainees()]
        again.sessions = {t.trainee_id: t.start_session("roulette-2003").id for t in again.trainees}
        for n in range(30):
            again.record(n, SKILLS[n % 3], n % 4, 100 * n, n % 2 == 0)
        assert_rollups_equal_raw(store)
    finally:
        store.close()
