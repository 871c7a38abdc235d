"""The cohort table's read of its rollup (migration 0013) and what it returns.

On PostgreSQL the primary key of ``trainee_skill_days`` carries the figures, so the
cohort table's query never visits the table (an index-only scan: over 10 million
answers that was 516 thousand page reads, 0.4-0.6 s). The migration on a database that
already holds answers keeps every figure the table shows, and the answers' trigger
still keeps the rollup equal to the raw aggregate after it.
"""

from __future__ import annotations

import random
from datetime import date

from alembic import command
from sqlalchemy import Connection, create_engine, text

from dealer_trainer.storage import Store
from dealer_trainer.storage.engine import alembic_config
from dealer_trainer.storage.rollups import _query

from .conftest import FAST_PASSWORDS, MACAU, FakeClock
from .test_rollups import (
    FIRST,
    LAST,
    SKILLS,
    Recorder,
    assert_rollups_equal_raw,
    assert_table_figures_equal,
)

PASSWORD = "a long instructor pw"


def _record_some(recorder: Recorder, count: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(count):
        recorder.record(
            rng.randrange(len(recorder.trainees)),
            SKILLS[rng.randrange(len(SKILLS))],
            rng.randrange(11),
            rng.choice([rng.randrange(300, 9000), 2000]),
            rng.random() < 0.7,
        )


def _plan(connection: Connection) -> str:
    """PostgreSQL's plan of the cohort table's query, the table scan ruled out (a test's
    few rows would be read whole otherwise)."""
    connection.execute(text("SET LOCAL enable_seqscan = off"))
    connection.execute(text("SET LOCAL enable_bitmapscan = off"))
    rows = connection.execute(
        text("EXPLAIN " + _query("postgresql", False).text), {"first": FIRST, "last": LAST}
    )
    return "\n".join(str(row[0]) for row in rows)


def test_cohort_table_reads_only_the_rollups_key_on_postgresql(
    db_url: str, clock: FakeClock
) -> None:
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
        _record_some(Recorder(store, desk, 3), 60, 13)
        if store.read(lambda c: c.dialect.name) == "postgresql":
            plan = store.read(_plan)
            assert "Index Only Scan using pk_trainee_skill_days" in plan, plan
        else:  # stored in the key's order with every column: the key is the table
            sql = store.read(
                lambda c: c.exec_driver_sql(
                    "SELECT sql FROM sqlite_master WHERE name = 'trainee_skill_days'"
                ).scalar_one()
            )
            assert "WITHOUT ROWID" in str(sql)
        assert_rollups_equal_raw(store)
        assert_table_figures_equal(desk, FIRST, LAST)
    finally:
        store.close()


def test_migration_0013_keeps_the_cohort_tables_figures_of_an_existing_database(
    db_url: str, clock: FakeClock
) -> None:
    """A database at 0011 holding answers is upgraded: the table shows the same figures,
    and answers recorded after the upgrade keep the rollups equal to the raw aggregate."""
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.create_first_instructor("Ana Lei", PASSWORD))
        recorder = Recorder(store, desk, 4)
        engine = create_engine(db_url)
        try:
            config = alembic_config()
            with engine.begin() as connection:
                config.attributes["connection"] = connection
                command.downgrade(config, "0011")
        finally:
            engine.dispose()
        _record_some(recorder, 150, 11)  # kept by 0011's trigger on 0011's key
        spans = desk.trainee_spans(FIRST, LAST)
        week = desk.trainee_spans(date(2026, 11, 24), date(2026, 11, 30))
    finally:
        store.close()
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = store.instructor(store.verify_instructor(PASSWORD))
        assert desk.trainee_spans(FIRST, LAST) == spans
        assert desk.trainee_spans(date(2026, 11, 24), date(2026, 11, 30)) == week
        assert_rollups_equal_raw(store)
        again = Recorder.__new__(Recorder)
        again.store, again.seed = store, 5000
        again.trainees = [store.trainee(t.id) for t in desk.all_trainees()]
        again.sessions = {t.trainee_id: t.start_session("roulette-2003").id for t in again.trainees}
        _record_some(again, 80, 12)  # the trigger upserts on the key as it now is
        assert_rollups_equal_raw(store)
        assert_table_figures_equal(desk, FIRST, LAST)
    finally:
        store.close()
