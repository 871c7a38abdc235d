"""The rolled-up answers within their skill's target (migration 0014, ``within_rollup``).

The "Within target" figures (``standards.speed_shares``) are checked against a second,
independent count: plain Python over the recorded answers and the targets in force. They
must be equal whether a skill's rollup counts are of its target in force (read from the
rollup), of an older target (a standard set since: read from the answers) or of none (a
store from before 0014), and the answers' trigger must keep the counts as answers come.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from datetime import date
from decimal import Decimal

import pytest
from alembic import command
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Connection, create_engine, text

from dealer_trainer.drills.standards import all_targets_ms
from dealer_trainer.storage import InstructorDesk, Store
from dealer_trainer.storage.engine import alembic_config
from dealer_trainer.storage.standards import SpeedShare
from dealer_trainer.storage.within_rollup import counted_targets

from .conftest import FAST_PASSWORDS, MACAU, FakeClock
from .test_rollups import Recorder

PASSWORD = "a long instructor pw"
SKILLS = ("roulette.straight_up", "craps.line_bets", "roulette.outside_bets")
FIRST = date(2026, 11, 20)
LAST = date(2026, 11, 30)


def counted_by_hand(
    connection: Connection, targets: Mapping[str, int], first: date, last: date
) -> list[SpeedShare]:
    """The figures from the answers one by one: the independent count."""
    rows = connection.execute(
        text("SELECT trainee_id, skill, answered_day, correct, time_taken_ms FROM answers")
    ).all()
    sums: dict[int, list[int]] = {}
    for trainee_id, skill, stored_day, ok, ms in rows:
        day = date.fromisoformat(stored_day) if isinstance(stored_day, str) else stored_day
        if skill not in targets or not first <= day <= last:
            continue
        mine = sums.setdefault(int(trainee_id), [0, 0, 0])
        mine[0] += 1
        mine[1] += bool(ok)
        mine[2] += bool(ok) and ms <= targets[skill]
    shares = [SpeedShare(t, sums[t][0], sums[t][1], sums[t][2]) for t in sorted(sums)]
    cohort = SpeedShare(
        None,
        sum(s.answers for s in shares),
        sum(s.right for s in shares),
        sum(s.within for s in shares),
    )
    return [*shares, cohort]


def rollup_rows_match_their_targets(connection: Connection) -> bool:
    """Every rollup row of a counted skill holds the count for the target kept for it."""
    counted = counted_targets(connection)
    rows = connection.execute(
        text("SELECT trainee_id, answered_day, skill, within FROM trainee_skill_days")
    ).all()
    for trainee_id, day, skill, within in rows:
        expected = 0
        if skill in counted:
            expected = connection.execute(
                text(
                    "SELECT count(*) FROM answers WHERE trainee_id = :t AND answered_day = :d"
                    " AND skill = :s AND correct AND time_taken_ms <= :ms"
                ),
                {"t": trainee_id, "d": day, "s": skill, "ms": counted[skill]},
            ).scalar_one()
        if within != expected:
            return False
    return True


def assert_shares_exact(store: Store, desk: InstructorDesk, first: date, last: date) -> None:
    targets = desk.standards.targets_ms()
    expected = store.read(lambda c: counted_by_hand(c, targets, first, last))
    assert desk.standards.speed_shares(first, last) == expected
    ids = [s.trainee_id for s in expected[:2] if s.trainee_id is not None]
    some = [s for s in expected if s.trainee_id in ids]
    cohort = SpeedShare(
        None,
        sum(s.answers for s in some),
        sum(s.right for s in some),
        sum(s.within for s in some),
    )
    assert desk.standards.speed_shares(first, last, ids) == [*some, cohort]


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))


@pytest.fixture
def trainees(store: Store, desk: InstructorDesk) -> Iterator[Recorder]:
    yield Recorder(store, desk, 3)


_ANSWERS = st.lists(
    st.tuples(
        st.integers(0, 2),
        st.sampled_from(SKILLS),
        st.integers(0, 10),
        # times on and around the targets (8 s, 20 s, the standards below) are common
        st.one_of(
            st.sampled_from([7999, 8000, 8001, 12_000, 20_000, 20_001]), st.integers(0, 40_000)
        ),
        st.booleans(),
    ),
    min_size=1,
    max_size=10,
)


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    batch=_ANSWERS,
    standard=st.sampled_from([None, Decimal("12"), Decimal("8"), Decimal("30.5")]),
    recount=st.booleans(),
)
def test_within_target_shares_equal_a_count_of_the_answers_whatever_the_rollup_holds(
    store: Store,
    desk: InstructorDesk,
    trainees: Recorder,
    batch: list[tuple[int, str, int, int, bool]],
    standard: Decimal | None,
    recount: bool,
) -> None:
    # Each example adds to the same records: answers, a standard set, a count again.
    half = len(batch) // 2
    for who, skill, day, ms, ok in batch[:half]:
        trainees.record(who, skill, day, ms, ok)
    if standard is not None:
        desk.standards.set_standard(SKILLS[len(batch) % 3], standard)
    assert_shares_exact(store, desk, FIRST, LAST)
    if recount:
        desk.standards.recount_within()
        assert store.read(counted_targets) == desk.standards.targets_ms()
    for who, skill, day, ms, ok in batch[half:]:
        trainees.record(who, skill, day, ms, ok)
    assert store.read(rollup_rows_match_their_targets)
    assert_shares_exact(store, desk, FIRST, LAST)
    assert_shares_exact(store, desk, date(2026, 11, 24), date(2026, 11, 25))


def test_a_new_standard_is_counted_from_the_answers_until_the_rollup_is_counted_again(
    store: Store, desk: InstructorDesk, trainees: Recorder
) -> None:
    for n, ms in enumerate((5000, 9000, 11_000, 13_000)):
        trainees.record(n, "roulette.straight_up", n, ms, True)
    assert desk.standards.recount_within() == sorted(all_targets_ms())
    assert desk.standards.recount_within() == []  # nothing left to count
    cohort = desk.standards.speed_shares(FIRST, LAST)[-1]
    assert (cohort.answers, cohort.within) == (4, 1)  # the drills' own 8 s
    desk.standards.set_standard("roulette.straight_up", Decimal("12"))
    # Stale in the rollup, still exact: that skill is counted from the answers.
    assert store.read(counted_targets)["roulette.straight_up"] == 8000
    assert desk.standards.speed_shares(FIRST, LAST)[-1].within == 3
    assert desk.standards.recount_within() == ["roulette.straight_up"]
    assert store.read(counted_targets)["roulette.straight_up"] == 12_000
    trainees.record(0, "roulette.straight_up", 0, 12_000, True)  # the trigger, new target
    trainees.record(1, "roulette.straight_up", 0, 12_001, True)
    assert desk.standards.speed_shares(FIRST, LAST)[-1].within == 4
    assert store.read(rollup_rows_match_their_targets)


def test_an_upgraded_store_is_exact_before_and_after_its_first_count(
    db_url: str, clock: FakeClock
) -> None:
    """A store at 0013 with answers is upgraded: nothing is counted by the migration, the
    figures come from the answers, and the instructor's first count fills the rollup."""
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
        trainees = Recorder(store, desk, 3)
        engine = create_engine(db_url)
        try:
            config = alembic_config()
            with engine.begin() as connection:
                config.attributes["connection"] = connection
                command.downgrade(config, "0013")
        finally:
            engine.dispose()
        rng = random.Random(14)
        for _ in range(90):  # recorded under 0013's trigger: no within counted
            trainees.record(
                rng.randrange(3), rng.choice(SKILLS), rng.randrange(8), rng.randrange(25_000), True
            )
    finally:
        store.close()
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.verify_instructor(PASSWORD))
        assert store.read(counted_targets) == {}
        assert_shares_exact(store, desk, FIRST, LAST)
        assert len(desk.standards.recount_within()) == len(all_targets_ms())
        assert store.read(rollup_rows_match_their_targets)
        assert_shares_exact(store, desk, FIRST, LAST)
    finally:
        store.close()
