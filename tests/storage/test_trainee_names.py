"""One person, one name: spellings that differ only in case, Unicode form or invisible
characters are refused as a second trainee, in the app and in the database, on SQLite and
PostgreSQL; a database that already holds two such names opens and keeps both people apart."""

from __future__ import annotations

import pytest
from alembic import command
from sqlalchemy import create_engine, text
from sqlalchemy.exc import IntegrityError

from dealer_trainer.storage import DuplicateNameError, Store
from dealer_trainer.storage.engine import alembic_config
from dealer_trainer.storage.records import clean_name, name_key

from .conftest import FAST_PASSWORDS, MACAU, FakeClock, answer

PASSWORD = "correct horse"

#: Each a second spelling of "Ana Lei".
SPELLINGS = [
    pytest.param("ana lei", id="lower-case"),
    pytest.param("ANA LEI", id="upper-case"),
    pytest.param("ＡＮＡ ＬＥＩ", id="full-width-letters-nfkc"),
    pytest.param("Ａna Lei", id="one-full-width-letter"),
    pytest.param("Ana\u3000Lei", id="ideographic-space"),
    pytest.param("Ana\u00a0Lei", id="no-break-space"),
    pytest.param("Ana\u200b Lei", id="zero-width-space"),
    pytest.param("A\u200dna Lei", id="zero-width-joiner"),
    pytest.param("A\u200cna Lei", id="zero-width-non-joiner"),
    pytest.param("\ufeffAna Lei", id="byte-order-mark"),
    pytest.param("An\u00ada Lei", id="soft-hyphen"),
    pytest.param("\u200eAna Lei\u200f", id="bidi-marks"),
    pytest.param("\u2066Ana Lei\u2069", id="bidi-isolates"),
    pytest.param("  Ana Lei  ", id="leading-trailing-spaces"),
    pytest.param("Ana  Lei", id="double-space"),
    pytest.param("Ana\tLei", id="tab"),
]


def _desk(store: Store):  # type: ignore[no-untyped-def]
    return store.instructor(store.create_first_instructor("Instructor Ho", PASSWORD))


def test_name_key_is_one_for_every_spelling_and_apart_for_other_names() -> None:
    keys = {name_key(str(p.values[0])) for p in SPELLINGS}
    assert keys == {name_key("Ana Lei")} == {"ana lei"}
    # Other names stay other names: a letter more, an accent, another surname.
    assert len({name_key(n) for n in ("Ana Lei", "Ana Leia", "Aná Lei", "Ana Li", "AnaLei")}) == 5
    # NFC and NFD spellings of one accented letter are one name; kept as NFC.
    assert name_key("Aná Lei") == name_key("Ana\u0301 Lei")
    assert clean_name("Ana\u0301 Lei") == "Aná Lei"
    # The shown name keeps the letters as typed, without the invisible characters.
    assert clean_name("\ufeffＡna\u200b  Lei ") == "Ａna Lei"
    with pytest.raises(ValueError, match="visible characters"):
        clean_name("\u200b\u200d\ufeff")


@pytest.mark.parametrize("second", SPELLINGS)
def test_second_spelling_of_a_trainee_name_is_refused_naming_the_trainee(
    store: Store, second: str
) -> None:
    desk = _desk(store)
    first = desk.add_trainee("Ana Lei")
    with pytest.raises(DuplicateNameError) as refused:
        desk.add_trainee(second)
    assert refused.value.existing == "Ana Lei"
    assert "'Ana Lei'" in str(refused.value)
    assert [(p.id, p.name) for p in desk.all_trainees()] == [(first.id, "Ana Lei")]


def test_an_archived_trainee_keeps_their_name(store: Store) -> None:
    desk = _desk(store)
    ana = desk.add_trainee("Ana Lei")
    desk.set_trainee_archived(ana.id, True)
    with pytest.raises(DuplicateNameError, match="'Ana Lei'"):
        desk.add_trainee("ana lei")


def test_the_database_itself_refuses_a_second_name_key(store: Store, db_url: str) -> None:
    desk = _desk(store)
    desk.add_trainee("Ana Lei")
    engine = create_engine(db_url)
    try:
        with pytest.raises(IntegrityError), engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO trainees (name, name_key, archived, created_at) "
                    "VALUES ('ANA LEI', 'ana lei', false, CURRENT_TIMESTAMP)"
                )
            )
    finally:
        engine.dispose()


def test_renaming_into_another_trainees_name_is_refused(store: Store) -> None:
    desk = _desk(store)
    desk.add_trainee("Ana Lei")
    wong = desk.add_trainee("Wong Mei")
    with pytest.raises(DuplicateNameError, match="'Ana Lei'"):
        desk.rename_trainee(wong.id, "ａｎａ ｌｅｉ")
    renamed = desk.rename_trainee(wong.id, "WONG Mei Ling")
    assert renamed.name == "WONG Mei Ling"
    # Correcting one's own capitals is no clash.
    assert desk.rename_trainee(wong.id, "Wong Mei Ling").name == "Wong Mei Ling"


def test_find_trainee_takes_the_exact_name_then_one_other_spelling(store: Store) -> None:
    desk = _desk(store)
    ana = desk.add_trainee("Ana Lei")
    found = store.find_trainee("ana\u200b lei")
    assert found is not None and found.id == ana.id
    assert store.find_trainee("Ana Leia") is None


def _legacy_pair(db_url: str, clock: FakeClock) -> tuple[int, int]:
    """A database at 0002 holding "Ana Lei" and "ANA LEI" (two people), each with answers."""
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    desk = _desk(store)
    store.close()
    engine = create_engine(db_url)
    config = alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
        with engine.begin() as connection:
            ids = []
            for name in ("Ana Lei", "ANA LEI"):
                connection.execute(
                    text(
                        "INSERT INTO trainees (name, archived, created_at) "
                        "VALUES (:name, false, CURRENT_TIMESTAMP)"
                    ),
                    {"name": name},
                )
                ids.append(
                    connection.execute(
                        text("SELECT id FROM trainees WHERE name = :name"), {"name": name}
                    ).scalar_one()
                )
    finally:
        engine.dispose()
    del desk
    return ids[0], ids[1]


def test_an_old_database_with_two_spellings_opens_and_keeps_both_people(
    db_url: str, clock: FakeClock
) -> None:
    older, newer = _legacy_pair(db_url, clock)
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        # Both people are still there, each with their own answers; nothing merged.
        for trainee_id, seed in ((older, 1), (newer, 2)):
            trainee = store.trainee(trainee_id)
            session = trainee.start_session("roulette-2003")
            trainee.record_answer(session.id, answer(seed))
        desk = store.instructor(store.verify_instructor(PASSWORD))
        profiles = {p.id: p for p in desk.all_trainees()}
        assert {profiles[older].name, profiles[newer].name} == {"Ana Lei", "ANA LEI"}
        assert not profiles[older].name_clash and profiles[newer].name_clash
        for trainee_id, seed in ((older, 1), (newer, 2)):
            mine = store.trainee(trainee_id).answers()
            assert [a.record.item_seed for a in mine] == [seed]
        # Each person picks their own profile by the name they see.
        picked_older, picked_newer = store.find_trainee("Ana Lei"), store.find_trainee("ANA LEI")
        assert picked_older is not None and picked_older.id == older
        assert picked_newer is not None and picked_newer.id == newer
        # A third spelling is not guessed between two people, and cannot be registered.
        assert store.find_trainee("ana lei") is None
        with pytest.raises(DuplicateNameError):
            desk.add_trainee("ana lei")
        # Renaming the later one tells them apart and clears the flag.
        renamed = desk.rename_trainee(newer, "Ana Lei (Taipa)")
        assert not renamed.name_clash
        # The older one may not take the other's new name, nor the newer one the old name.
        with pytest.raises(DuplicateNameError):
            desk.rename_trainee(newer, "ana lei")
    finally:
        store.close()


def test_name_key_migration_downgrades_and_upgrades_again(db_url: str, clock: FakeClock) -> None:
    store = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    desk = _desk(store)
    ana = desk.add_trainee("Ana Lei")
    store.close()
    engine = create_engine(db_url)
    config = alembic_config()
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "0002")
    finally:
        engine.dispose()
    reopened = Store.open(db_url, clock=clock, passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        desk = reopened.instructor(reopened.verify_instructor(PASSWORD))
        assert [p.id for p in desk.all_trainees()] == [ana.id]
        with pytest.raises(DuplicateNameError):
            desk.add_trainee("ANA LEI")
    finally:
        reopened.close()


def test_two_workstations_adding_one_name_at_once_get_the_clear_refusal(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The app's check runs first; if another workstation inserts between that check and
    this insert, the unique index refuses it and the message still names the trainee."""
    from dealer_trainer.storage import desks

    desk = _desk(store)
    desk.add_trainee("Ana Lei")
    monkeypatch.setattr(desks, "_refuse_taken", lambda *args, **kwargs: None)  # lost the race
    with pytest.raises(DuplicateNameError) as refused:
        desk.add_trainee("ＡＮＡ ＬＥＩ")
    assert refused.value.existing == "Ana Lei"
    assert [p.name for p in desk.all_trainees()] == ["Ana Lei"]
