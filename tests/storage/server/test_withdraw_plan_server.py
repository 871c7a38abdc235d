"""A practice plan withdrawn on a centre's server (issue 15): only through
``dt_withdraw_plan()``, by an instructor, while the plan is not done; the server writes
the withdrawal and its audit entry, and a trainee reads the withdrawals of their own
plans only and writes none."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from psycopg import errors

from dealer_trainer.storage import StorageError, audit
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    open_server_store,
)
from tests.storage.conftest import MACAU
from tests.storage.server.conftest import Centre, practice_answer

STRAIGHT = "roulette.straight_up"


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
        clock=lambda: datetime.now(UTC),
        day_zone=MACAU,
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


@pytest.fixture(scope="module")
def given(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, int]]:
    """A plan of 2 items given to Tom and to Eve; Eve does hers."""
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        trainees = {p.name: p.id for p in desk.all_trainees()}
        desk.schedules.assign_plan(
            "Straight-ups",
            "roulette",
            [STRAIGHT],
            2,
            datetime.now(UTC) + timedelta(days=2),
            [trainees["Tom Trainee"], trainees["Eve Trainee"]],
        )
        ids = {p.trainee_id: p.assignment_id for p in desk.schedules.progress()}
    with _open(centre, people["eve"]) as store:
        eve = store.trainee_desk(store.sign_in(people["eve"], centre.passwords[people["eve"]]))
        session = eve.start_session("roulette-2003")
        for seed in range(2):
            eve.record_answer(
                session.id, practice_answer(seed, skill=STRAIGHT, answered_at=datetime.now(UTC))
            )
        eve.end_session(session.id)
        centre.wait_answers_graded(session.id)  # a plan counts graded answers
    yield {"tom": ids[trainees["Tom Trainee"]], "eve": ids[trainees["Eve Trainee"]]}


@pytest.mark.parametrize(
    "statement",
    [
        "INSERT INTO plan_withdrawals (assignment_id, withdrawn_by, withdrawn_at) "
        "SELECT id, 1, now() FROM plan_assignments",
        "SELECT dt_withdraw_plan((SELECT min(id) FROM plan_assignments))",
    ],
)
def test_a_trainee_withdraws_no_plan(
    centre: Centre, people: dict[str, str], given: dict[str, int], statement: str
) -> None:
    with centre.connect(people["tom"]) as tom, pytest.raises(errors.InsufficientPrivilege):
        tom.execute(statement)


def test_an_instructor_withdraws_through_the_function_only(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with centre.connect(people["ina"]) as ina, pytest.raises(errors.InsufficientPrivilege):
        ina.execute(
            "INSERT INTO plan_withdrawals (assignment_id, withdrawn_by, withdrawn_at) "
            "VALUES (%s, 1, now())",
            (given["tom"],),
        )


def test_a_plan_done_is_not_withdrawn_by_the_server(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with centre.connect(people["ina"]) as ina:
        said = ina.execute("SELECT dt_withdraw_plan(%s)", (given["eve"],)).fetchone()
        assert said == ("done",)
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        with pytest.raises(StorageError, match="The plan is done"):
            desk.schedules.withdraw_plan(given["eve"])
        assert given["eve"] in {p.assignment_id for p in desk.schedules.progress()}


def test_a_plan_not_done_is_withdrawn_and_the_server_writes_the_audit_entry(
    centre: Centre, people: dict[str, str], given: dict[str, int]
) -> None:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        desk.schedules.withdraw_plan(given["tom"])
        assert [p.assignment_id for p in desk.schedules.progress()] == [given["eve"]]
        [entry] = [e for e in desk.audit_log() if e.action is audit.Action.PLAN_WITHDRAWN]
        assert (entry.actor, entry.subject, entry.detail) == (
            people["ina"],
            people["tom"],
            "Straight-ups",
        )
        with pytest.raises(StorageError, match="no longer given to this trainee"):
            desk.schedules.withdraw_plan(given["tom"])
    with _open(centre, people["tom"]) as store:
        tom = store.trainee_desk(store.sign_in(people["tom"], centre.passwords[people["tom"]]))
        assert tom.schedule.plans() == []
    with centre.connect(people["tom"]) as tom_sql:  # his own withdrawal, and no one else's
        assert tom_sql.execute("SELECT count(*) FROM plan_withdrawals").fetchone() == (1,)
    with centre.connect(people["eve"]) as eve_sql:
        assert eve_sql.execute("SELECT count(*) FROM plan_withdrawals").fetchone() == (0,)
        with pytest.raises(errors.InsufficientPrivilege):
            eve_sql.execute("DELETE FROM plan_withdrawals")
