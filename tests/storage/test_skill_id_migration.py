"""Migration 0007 renames the stored Caribbean Stud skills (``stud.*`` → ``caribbean_stud.*``).

A database is filled at the schema before 0007 with the old ids, the way the app wrote
them, then opened: every place that stores a skill id reads the new id, the counts and
the answers are otherwise untouched, and a recorded answer is still refused any change.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from fractions import Fraction

import pytest
from alembic import command
from sqlalchemy import create_engine, select, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.drills.skills import all_skills
from dealer_trainer.storage import Store
from dealer_trainer.storage.chain import ANSWER_FIELDS, GENESIS, link
from dealer_trainer.storage.engine import alembic_config
from dealer_trainer.storage.models import AnswerRow
from dealer_trainer.storage.records import JSONValue

from .conftest import FAST_PASSWORDS, answer

BEFORE = "0006"  # the schema just before the rename (sign-in came first)


def _migrate(db_url: str, where: str) -> None:
    engine = create_engine(db_url)
    try:
        config = alembic_config()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            if where == "down":
                command.downgrade(config, BEFORE)
            else:
                command.upgrade(config, where)
    finally:
        engine.dispose()


def _old_records(db_url: str) -> None:
    """A trainee's answers, review state and an exam, stored at 0005 with the old ids."""
    store = Store.open(db_url, passwords=FAST_PASSWORDS)
    try:
        desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
        trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
        session = trainee.start_session("caribbean-stud-2004")
        for n, skill in enumerate(["stud.qualify", "stud.qualify", "roulette.payout.split"]):
            record = answer(n, skill=skill, correct=n != 1)
            situation: JSONValue = {"skill": skill, "seed": n, "situation": {"hand": "As Kd"}}
            trainee.record_answer(session.id, dataclasses.replace(record, situation=situation))
        trainee.save_review_state("stud.qualify", {"stability": 2.5}, None)
        trainee.save_review_state("roulette.payout.split", {"stability": 1.5}, None)
        desk.create_exam(
            "Stud check",
            "caribbean-stud-2004",
            ["stud.qualify", "stud.settlement", "roulette.payout.split"],
            item_count=10,
            seed=7,
            pass_mark=Fraction(4, 5),
        )
    finally:
        store.close()
    # Back to the schema before 0007, with the old ids as the app then wrote them (written
    # at head and taken down: the app's models of today would not fit the old tables).
    _migrate(db_url, "down")


def _stored(db_url: str) -> dict[str, object]:
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT skill, situation FROM answers ORDER BY id"))
            answers = [(skill, situation) for skill, situation in rows]
            return {
                "answers": [skill for skill, _ in answers],
                "situations": [
                    situation if isinstance(situation, str) else repr(situation)
                    for _, situation in answers
                ],
                "reviews": sorted(
                    connection.execute(text("SELECT skill FROM review_states")).scalars()
                ),
                "counts": sorted(
                    (skill, answers, correct)
                    for skill, answers, correct in connection.execute(
                        text("SELECT skill, answers, correct FROM daily_skill_counts")
                    )
                ),
                "exam": connection.execute(text("SELECT skills FROM exams")).scalar_one(),
            }
    finally:
        engine.dispose()


def test_opening_renames_every_stored_stud_skill(db_url: str) -> None:
    _old_records(db_url)
    store = Store.open(db_url, passwords=FAST_PASSWORDS)  # migrates to the head
    try:
        desk = store.instructor(store.verify_instructor("correct horse"))
        answers = desk.answers()
        trainee = store.trainee(answers[0].trainee_id)
        reviews = trainee.review_states()
        (exam,) = desk.exams()
        stats = desk.daily_skill_stats(date(2026, 1, 1), date(2026, 12, 31))
    finally:
        store.close()

    assert [a.record.skill for a in answers] == [
        "caribbean_stud.qualify",
        "caribbean_stud.qualify",
        "roulette.payout.split",
    ]
    assert [a.record.situation["skill"] for a in answers] == [  # type: ignore[index, call-overload]
        "caribbean_stud.qualify",
        "caribbean_stud.qualify",
        "roulette.payout.split",
    ]
    assert answers[0].record.situation["situation"] == {"hand": "As Kd"}  # type: ignore[index, call-overload]
    assert {r.skill: r.state for r in reviews} == {
        "caribbean_stud.qualify": {"stability": 2.5},
        "roulette.payout.split": {"stability": 1.5},
    }
    assert exam.skills == (
        "caribbean_stud.qualify",
        "caribbean_stud.settlement",
        "roulette.payout.split",
    )
    assert sorted((s.skill, s.answers, s.correct) for s in stats) == [
        ("caribbean_stud.qualify", 2, 1),
        ("roulette.payout.split", 1, 1),
    ]
    assert {"caribbean_stud.qualify", "caribbean_stud.settlement"} <= set(all_skills())


def test_answers_stay_immutable_after_the_rename(db_url: str) -> None:
    _old_records(db_url)
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(db_url)
    try:
        with pytest.raises(DBAPIError, match="immutable"), engine.begin() as connection:
            connection.execute(text("UPDATE answers SET skill = 'x'"))
        with pytest.raises(DBAPIError, match="immutable"), engine.begin() as connection:
            connection.execute(text("DELETE FROM answers"))
        with engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM answers")).scalar_one() == 3
    finally:
        engine.dispose()


def test_the_answers_hash_chain_still_holds_after_the_rename(db_url: str) -> None:
    """The chain (0006) covers the skill and the situation: the rename links it again, or
    "verify records" would report every renamed answer as changed behind the app's back."""
    _old_records(db_url)
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(db_url)
    try:
        with engine.connect() as connection:
            answers = connection.execute(select(AnswerRow).order_by(AnswerRow.id)).all()
    finally:
        engine.dispose()
    assert {row.skill for row in answers} >= {"caribbean_stud.qualify"}
    if engine.dialect.name != "sqlite":
        return  # the server keeps no chain: its roles refuse the change itself
    previous = GENESIS
    for row in answers:
        previous = link(previous, row._asdict(), ANSWER_FIELDS)
        assert row.chain_hash == previous, row.id


def test_downgrade_gives_back_the_old_ids(db_url: str) -> None:
    _old_records(db_url)
    before = _stored(db_url)
    Store.open(db_url, passwords=FAST_PASSWORDS).close()
    after = _stored(db_url)
    assert after["answers"] != before["answers"]
    _migrate(db_url, "down")
    back = _stored(db_url)
    assert back["answers"] == before["answers"]
    assert back["reviews"] == before["reviews"]
    assert back["counts"] == before["counts"]
    assert back["exam"] == before["exam"]
    assert all('"stud.' in s or "'stud." in s or "roulette" in s for s in back["situations"])  # type: ignore[attr-defined]
