"""Intake groups and instructors' accounts on a centre's server, through each person's login.

An instructor manages groups only through the server's functions (no direct write to
the groups' tables), disables another instructor (whose role loses LOGIN and the
instructors' rights at once) and gives staff numbers; a trainee cannot create a group,
join one, or read another group's members or instructors: only their own group and
their own stays.
"""

from __future__ import annotations

from datetime import date

import psycopg
import pytest

from dealer_trainer.storage import AccessDeniedError, StorageError
from dealer_trainer.storage.groups import DuplicateGroupNameError, DuplicateStaffNumberError
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre

START_DAY = date(2026, 11, 2)
PASSWORD = "a long server password"


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
        "eve": centre.add("trainee", "eve", "Eve Trainee", by=ina),
        "ray": centre.add("trainee", "ray", "Ray Trainee", by=ina),
    }


def _open(centre: Centre, login: str) -> ServerStore:
    return open_server_store(
        centre.workstation_url, login, centre.passwords[login], clock=FakeClock(), day_zone=MACAU
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


def _trainee_id(centre: Centre, login: str) -> int:
    with centre.connect(login) as connection:
        row = connection.execute("SELECT dt_trainee_id()").fetchone()
    assert row is not None
    return int(row[0])


@pytest.fixture(scope="module")
def groups(centre: Centre, people: dict[str, str]) -> dict[str, int]:
    """Tom in November, Eve in December (moved there from November), Ray in none."""
    tom, eve = _trainee_id(centre, people["tom"]), _trainee_id(centre, people["eve"])
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre).people()
        november = desk.create_group("November", START_DAY)
        december = desk.create_group("December", date(2026, 12, 7))
        desk.set_members(november.id, [tom, eve])
        desk.move_trainee(eve, december.id)
        desk.set_group_instructors(november.id, [store.person.person_id])
    return {"november": november.id, "december": december.id, "tom": tom, "eve": eve}


def test_instructor_manages_groups_through_the_functions(
    centre: Centre, people: dict[str, str], groups: dict[str, int]
) -> None:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre).people()
        november = desk.group(groups["november"])
        assert november.trainee_ids == (groups["tom"],)
        assert november.instructor_ids == (store.person.person_id,)
        assert [s.group_name for s in desk.stays(groups["eve"])] == ["November", "December"]
        with pytest.raises(DuplicateGroupNameError):
            desk.create_group("ＮＯＶＥＭＢＥＲ", START_DAY)
        with pytest.raises(DuplicateGroupNameError):
            desk.update_group(groups["december"], "november", START_DAY)
        spare = desk.create_group("Spare", START_DAY)
        desk.set_group_archived(spare.id, True)
        with pytest.raises(StorageError, match="archived"):
            desk.move_trainee(groups["tom"], spare.id)
        assert desk.group(spare.id).archived
        staff = desk.set_staff_number(groups["tom"], "md-0001")
        assert staff.staff_number == "MD-0001"
        with pytest.raises(DuplicateStaffNumberError):
            desk.set_staff_number(groups["eve"], "MD-0001")
    with centre.connect(people["ina"]) as ina:
        for statement in (
            "INSERT INTO intake_groups (name, name_key, start_date, archived, created_by, "
            "created_at) VALUES ('X', 'x', '2026-01-01', false, 1, now())",
            f"UPDATE intake_groups SET name = 'Y' WHERE id = {groups['november']}",
            f"DELETE FROM group_members WHERE trainee_id = {groups['eve']}",
            "INSERT INTO group_instructors (group_id, instructor_id) VALUES "
            f"({groups['december']}, 1)",
            "UPDATE instructors SET disabled = true",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                ina.execute(statement)


def test_trainee_cannot_create_or_join_a_group_or_read_another_groups_members(
    centre: Centre, people: dict[str, str], groups: dict[str, int]
) -> None:
    with centre.connect(people["tom"]) as tom:
        assert tom.execute("SELECT name FROM intake_groups").fetchall() == [("November",)]
        assert tom.execute("SELECT trainee_id, group_id FROM group_members").fetchall() == [
            (groups["tom"], groups["november"])
        ]
        for statement in (
            "SELECT dt_group_create('Mine', 'mine', '2026-01-01')",
            f"SELECT dt_group_move({groups['tom']}, {groups['december']})",
            f"SELECT dt_group_set_instructors({groups['november']}, ARRAY[1])",
            "SELECT dt_set_instructor_disabled(1, true)",
            "INSERT INTO group_members (group_id, trainee_id, joined_at) VALUES "
            f"({groups['december']}, {groups['tom']}, now())",
            f"UPDATE group_members SET left_at = now() WHERE trainee_id = {groups['tom']}",
            "SELECT * FROM group_instructors",
            f"UPDATE trainees SET staff_number = 'X1' WHERE id = {groups['tom']}",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                tom.execute(statement)
    with centre.connect(people["ray"]) as ray:  # in no group: sees none
        assert ray.execute("SELECT count(*) FROM intake_groups").fetchone() == (0,)
        assert ray.execute("SELECT count(*) FROM group_members").fetchone() == (0,)


def test_a_disabled_instructor_cannot_sign_in_and_loses_the_rights_at_once(
    centre: Centre, people: dict[str, str], groups: dict[str, int]
) -> None:
    wong = centre.login("wong")
    centre.passwords[wong] = PASSWORD  # dropped with the centre
    with _open(centre, people["ina"]) as store:
        ina = _instructor(store, centre).people()
        wong_id = ina.add_instructor("Wong Instructor", PASSWORD, wong)
        with pytest.raises(StorageError, match="own account"):
            ina.set_instructor_disabled(store.person.person_id, True)
        with _open(centre, wong) as wong_store:
            wong_desk = _instructor(wong_store, centre).people()
            assert [g.name for g in wong_desk.groups() if not g.archived][:2] == [
                "December",
                "November",
            ]
            ina.set_instructor_disabled(wong_id, True)
            with pytest.raises(StorageError):
                wong_desk.create_group("Wong's own", START_DAY)  # signed in, but no longer
        assert [(a.login, a.disabled) for a in ina.instructors() if a.login == wong] == [
            (wong, True)
        ]
        with pytest.raises(AccessDeniedError, match="disabled instructor"):
            _open(centre, wong)
        ina.set_instructor_disabled(wong_id, False)
        with _open(centre, wong) as again:
            assert again.person.kind == "instructor"
