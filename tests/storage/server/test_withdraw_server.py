"""An exam withdrawn before it is sat, on a centre's server (issue 15): the database itself
lets an instructor delete an assignment only while no sitting of it exists, and writes
the audit entry; a trainee deletes none, and a sitting once started stays a record."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from psycopg import errors

from dealer_trainer.storage import SessionKind, StorageError, audit
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre

SKILL = "roulette.straight_up"


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
        "eve": centre.add("trainee", "eve", "Eve Trainee", by=ina),
    }


def _open(centre: Centre, login: str) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


@pytest.fixture(scope="module")
def given(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, int]]:
    """One exam given to Tom and to Eve; Eve starts hers."""
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        trainees = {p.name: p.id for p in desk.all_trainees()}
        paper = desk.create_exam(
            "Straight-ups", "roulette-2003", [SKILL], 2, 5, Fraction(1, 2), speed_targets_ms={}
        )
        tom, eve = desk.assign_exam(paper.id, [trainees["Tom Trainee"], trainees["Eve Trainee"]])
    with _open(centre, people["eve"]) as store:
        trainee = store.trainee_desk(store.sign_in(people["eve"], centre.passwords[people["eve"]]))
        trainee.exam_paper(eve.id)
        trainee.start_session("roulette-2003", SessionKind.EXAM, exam_assignment_id=eve.id)
    yield {"exam": paper.id, "tom": tom.id, "eve": eve.id}


def test_a_trainee_deletes_no_assignment(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with centre.connect(people["tom"]) as tom, pytest.raises(errors.InsufficientPrivilege):
        tom.execute("DELETE FROM exam_assignments")


def test_a_started_exam_is_not_withdrawn_even_by_a_raw_delete(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with centre.connect(people["ina"]) as ina:
        gone = ina.execute("DELETE FROM exam_assignments WHERE id = %s", (given["eve"],))
        assert gone.rowcount == 0  # the "withdraw" policy keeps it: its sitting exists
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        with pytest.raises(StorageError, match="has been started"):
            desk.withdraw_exam(given["eve"])
        assert given["eve"] in {a.id for a in desk.assignments(given["exam"])}


def test_an_exam_not_started_is_withdrawn_and_the_server_writes_the_audit_entry(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        desk.withdraw_exam(given["tom"])
        assert given["tom"] not in {a.id for a in desk.assignments(given["exam"])}
        [entry] = [e for e in desk.audit_log() if e.action is audit.Action.EXAM_WITHDRAWN]
        assert (entry.actor, entry.subject) == (people["ina"], f"exam:{given['exam']}")
        assert entry.detail == people["tom"]
        with pytest.raises(StorageError, match="not there any more"):
            desk.withdraw_exam(given["tom"])
    with _open(centre, people["tom"]) as store:
        trainee = store.trainee_desk(store.sign_in(people["tom"], centre.passwords[people["tom"]]))
        assert trainee.open_exams() == []  # nothing to sit any more
