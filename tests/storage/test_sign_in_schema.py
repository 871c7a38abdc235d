"""Migration 0006: every person gets a login, every answer on SQLite a chain link."""

from __future__ import annotations

from alembic import command
from sqlalchemy import create_engine, select

from dealer_trainer.storage import Store
from dealer_trainer.storage.chain import ANSWER_FIELDS, GENESIS, link
from dealer_trainer.storage.engine import alembic_config
from dealer_trainer.storage.models import AnswerRow, Instructor, Trainee

from .conftest import FAST_PASSWORDS, answer


def test_upgrade_to_0006_gives_each_person_a_login_and_chains_the_answers(
    db_url: str,
) -> None:
    store = Store.open(db_url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    desk.add_trainee("Chan Tai Man")
    desk.add_trainee("陳大文")
    trainee = store.trainee(desk.add_trainee("José Ng").id)
    session = trainee.start_session("roulette-2003")
    for n in range(3):
        trainee.record_answer(session.id, answer(n))
    store.close()

    engine = create_engine(db_url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0005")
        Store.open(db_url, passwords=FAST_PASSWORDS).close()
        with engine.connect() as connection:
            logins = {
                row.name: row.login
                for table in (Instructor, Trainee)
                for row in connection.execute(select(table.name, table.login))
            }
            answers = connection.execute(select(AnswerRow).order_by(AnswerRow.id)).all()
    finally:
        engine.dispose()
    assert logins == {
        "Ana Lei": "ana.lei",
        "Chan Tai Man": "chan.tai.man",
        "陳大文": "trainee1",
        "José Ng": "jose.ng",
    }
    if engine.dialect.name == "sqlite":
        previous = GENESIS
        for row in answers:
            previous = link(previous, row._asdict(), ANSWER_FIELDS)
            assert row.chain_hash == previous
    else:
        assert {row.chain_hash for row in answers} == {None}
