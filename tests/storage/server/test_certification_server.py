"""On the centre's server, through each person's own login: retakes, exam windows and
certifications are the server's to decide (a trainee reads only their own, never writes one)."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import psycopg
import pytest
from psycopg import errors

from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.certification import Refusal
from dealer_trainer.storage.errors import SittingRefusedError
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"  # target 10 s at the beginner level


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina),
        "eve": centre.add("trainee", "eve", "Eve Trainee", by=ina),
    }


def _open(centre: Centre, login: str) -> ServerStore:
    clock = FakeClock(datetime.now(UTC))  # the server judges by its own clock
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login],
        clock=clock,
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    return store.trainee_desk(
        store.sign_in(store.person.login, centre.passwords[store.person.login])
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


@pytest.fixture(scope="module")
def exam_ids(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, int]]:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        desk.save_centre_settings(CentreSettings("Escola de Croupiers", 2, 0, 12))
        trainees = {p.name: p.id for p in desk.all_trainees()}
        paper = desk.create_exam(
            "Final",
            "roulette-2003",
            [SKILL],
            2,
            5,
            Fraction(1, 2),
            speed_mark=Fraction(1, 2),
            speed_targets_ms={SKILL: 10_000},
        )
        tom, eve = desk.assign_exam(paper.id, [trainees["Tom Trainee"], trainees["Eve Trainee"]])
        later = desk.create_exam("Later", "roulette-2003", [SKILL], 2, 6, Fraction(1, 2))
        soon = datetime.now(UTC) + timedelta(days=30)
        [late] = desk.assign_exam(
            later.id, [trainees["Tom Trainee"]], opens_at=soon, due_at=soon + timedelta(days=1)
        )
        yield {"exam": paper.id, "tom": tom.id, "eve": eve.id, "later": late.id}


def _sit(
    desk: ServerTraineeDesk, assignment_id: int, results: list[tuple[bool, int]], centre: Centre
) -> int:
    """The exam's items answered through the app, right or wrong, each taking ``ms`` by the
    workstation's clock; the sitting ended, then graded by the centre's grader."""
    paper = desk.exam_paper(assignment_id)
    session = desk.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment_id
    )
    for n, (correct, ms) in enumerate(results):
        desk.record_answer(session.id, exam_answer(paper, n, right=correct, time_taken_ms=ms))
    desk.end_session(session.id)
    centre.wait_graded(session.id)
    return session.id


def test_a_passing_sitting_is_certified_by_the_server_and_read_by_its_trainee_only(
    centre: Centre, people: dict[str, str], exam_ids: dict[str, int]
) -> None:
    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        session_id = _sit(tom, exam_ids["tom"], [(True, 3000), (True, 12000)], centre)
        [cert] = tom.my_certifications()
        assert (cert.session_id, cert.game, cert.correct, cert.in_time) == (
            session_id,
            "roulette",
            2,
            1,
        )
        assert cert.time_taken_ms == 15000
        refused = tom.sitting_refusal(exam_ids["tom"])
        assert refused is not None and refused.reason is Refusal.PASSED
        with pytest.raises(SittingRefusedError):
            tom.exam_paper(exam_ids["tom"])
    with _open(centre, people["eve"]) as store:
        assert _trainee(store, centre).my_certifications() == []  # Tom's is not hers to read
    with _open(centre, people["ina"]) as store:
        [seen] = _instructor(store, centre).certifications()
        assert seen == cert


def test_a_trainee_cannot_write_a_certification_or_the_centres_settings(
    centre: Centre, people: dict[str, str], exam_ids: dict[str, int]
) -> None:
    with centre.connect(people["eve"]) as eve:
        me = eve.execute("SELECT dt_trainee_id()").fetchone()
        assert me is not None
        with pytest.raises(errors.InsufficientPrivilege):
            eve.execute(
                "INSERT INTO certifications (trainee_id, game, exam_id, session_id, passed_at, "
                "correct, in_time, item_count, time_taken_ms, approved_by, valid_until) "
                "VALUES (%s, 'roulette', %s, 1, now(), 2, 2, 2, 1, 1, '2099-01-01')",
                (me[0], exam_ids["exam"]),
            )
        for statement in (
            "UPDATE certifications SET valid_until = '2099-01-01'",
            "DELETE FROM certifications",
            "INSERT INTO centre_settings (version, centre_name, retake_limit, retake_wait_days,"
            " validity_months, changed_by, changed_at) VALUES (99, 'x', 20, 0, 120, 1, now())",
        ):
            with pytest.raises(errors.InsufficientPrivilege):
                eve.execute(statement)
    # Not even the instructor changes an awarded certification or a settings version.
    with centre.connect(people["ina"]) as ina:
        for statement in (
            "UPDATE certifications SET valid_until = '2099-01-01'",
            "UPDATE centre_settings SET retake_limit = 20",
        ):
            with pytest.raises(psycopg.Error):
                ina.execute(statement)


def test_the_server_refuses_a_sitting_over_the_centres_limit(
    centre: Centre, people: dict[str, str], exam_ids: dict[str, int]
) -> None:
    with _open(centre, people["eve"]) as store:
        eve = _trainee(store, centre)
        _sit(eve, exam_ids["eve"], [(False, 1000), (False, 1000)], centre)
        _sit(eve, exam_ids["eve"], [(True, 20000), (True, 20000)], centre)  # right, too slow
        assert eve.my_certifications() == []
        refused = eve.sitting_refusal(exam_ids["eve"])
        assert refused is not None and (refused.reason, refused.sittings) == (Refusal.LIMIT, 2)
        assert exam_ids["eve"] not in [a.id for a, _ in eve.open_exams()]
    # Behind the app's back, the server's own function refuses it too.
    with centre.connect(people["eve"]) as raw:
        with pytest.raises(errors.InsufficientPrivilege, match="centre's limit"):
            raw.execute("SELECT * FROM dt_start_exam(%s, 'v', 'w')", (exam_ids["eve"],))
        assert raw.execute(
            "SELECT count(*) FROM training_sessions WHERE kind = 'exam'"
        ).fetchone() == (2,)


def test_the_server_refuses_a_sitting_before_the_window_opens(
    centre: Centre, people: dict[str, str], exam_ids: dict[str, int]
) -> None:
    with _open(centre, people["tom"]) as store:
        refused = _trainee(store, centre).sitting_refusal(exam_ids["later"])
        assert refused is not None and refused.reason is Refusal.NOT_OPEN
    with (
        centre.connect(people["tom"]) as raw,
        pytest.raises(errors.InsufficientPrivilege, match="opens at"),
    ):
        raw.execute("SELECT * FROM dt_start_exam(%s, 'v', 'w')", (exam_ids["later"],))
