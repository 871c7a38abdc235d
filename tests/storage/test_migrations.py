"""Alembic builds exactly the models' schema, on SQLite and PostgreSQL, at open."""

from __future__ import annotations

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, create_engine, inspect, text

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.engine import alembic_config, head_revision
from dealer_trainer.storage.models import Base

from .conftest import FAST_PASSWORDS


def _diffs(url: str) -> list[object]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_migration_from_empty_matches_the_models(db_url: str) -> None:
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    assert _diffs(db_url) == []


def test_open_records_the_head_revision_and_reopening_is_a_no_op(db_url: str) -> None:
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            revision = MigrationContext.configure(connection).get_current_revision()
            tables = set(inspect(connection).get_table_names())
    finally:
        engine.dispose()
    assert revision == head_revision()
    assert tables == set(Base.metadata.tables) | {"alembic_version"}


def test_downgrade_to_empty_and_upgrade_again(db_url: str) -> None:
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(db_url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        with engine.connect() as connection:
            assert set(inspect(connection).get_table_names()) <= {"alembic_version"}
    finally:
        engine.dispose()
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    assert _diffs(db_url) == []


def test_database_of_a_newer_app_is_refused_untouched(db_url: str) -> None:
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(db_url)
    try:
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = '9999'"))
        with pytest.raises(StorageError, match="newer version"):
            Store.open(db_url, passwords=FAST_PASSWORDS)
        with engine.connect() as connection:
            assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == (
                "9999"
            )
    finally:
        engine.dispose()


def test_upgrade_from_0001_counts_the_answers_already_recorded(db_url: str) -> None:
    from datetime import date

    from .conftest import answer

    store = Store.open(db_url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    for n in range(5):
        trainee.record_answer(session.id, answer(n, correct=n != 2, time_taken_ms=1000 * (n + 1)))
    before = desk.daily_skill_stats(date(2026, 1, 1), date(2026, 12, 31))
    store.close()

    engine = create_engine(db_url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0001")
        with engine.connect() as connection:
            assert "daily_skill_counts" not in inspect(connection).get_table_names()
    finally:
        engine.dispose()

    reopened = Store.open(db_url, passwords=FAST_PASSWORDS)
    try:
        desk = reopened.instructor(reopened.verify_instructor("correct horse"))
        after = desk.daily_skill_stats(date(2026, 1, 1), date(2026, 12, 31))
    finally:
        reopened.close()
    assert after == before
    assert [(s.answers, s.correct) for s in after] == [(5, 4)]


def test_upgrade_to_0016_keeps_the_standards_set_and_their_triggers(db_url: str) -> None:
    """0016 makes ``speed_standards.target_ms`` nullable (SQLite: the table made again):
    the versions set before it stay, and stay unchangeable."""
    from decimal import Decimal

    from sqlalchemy.exc import DBAPIError

    store = Store.open(db_url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    desk.standards.set_standard("roulette.straight_up", Decimal("6.5"))
    store.close()
    engine = create_engine(db_url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0015")
    finally:
        engine.dispose()

    reopened = Store.open(db_url, passwords=FAST_PASSWORDS)  # upgrades to the head again
    try:
        desk = reopened.instructor(reopened.verify_instructor("correct horse"))
        assert desk.standards.standards() == {"roulette.straight_up": Decimal("6.5")}
        assert desk.standards.set_standard("roulette.straight_up", None).version == 2
        for statement in (
            "UPDATE speed_standards SET target_ms = 5000",
            "DELETE FROM speed_standards",
            "INSERT INTO speed_standards (id, skill, version, target_ms, set_by, set_at) "
            "SELECT id, skill, version + 10, 5000, set_by, set_at FROM speed_standards",
        ):

            def change(connection: Connection, sql: str = statement) -> None:
                connection.execute(text(sql))

            with pytest.raises((DBAPIError, StorageError)):
                reopened.write(change)
        assert [h.seconds for h in desk.standards.history()] == [None, Decimal("6.5")]
    finally:
        reopened.close()
    assert _diffs(db_url) == []
    # Back to 0015 is refused while a version without a time is on file: it would be lost.
    engine = create_engine(db_url)
    try:
        with engine.begin() as connection, pytest.raises(RuntimeError, match="drills' target"):
            config.attributes["connection"] = connection
            command.downgrade(config, "0015")
    finally:
        engine.dispose()
