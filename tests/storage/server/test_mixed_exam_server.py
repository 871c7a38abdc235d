"""On the centre's server, through each person's own login: an exam of drill items and
live-table rounds is scored and certified by ``dt_end_session`` from the recorded answers
and table attempts (as ``storage/certification.py`` scores it on one PC); a trainee's
login reads the exam's table part of their own assignment only, cannot write a
certification, change a recorded attempt, or add one to a round once the sitting ended."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from psycopg import errors

from dealer_trainer.drills.table.exam import score_round
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.server.workstation import (
    ServerInstructorDesk,
    ServerStore,
    ServerTraineeDesk,
    open_server_store,
)
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.exam_table_dealer import deal_exam_rounds
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"
PACE = 25  # 144 s a spin


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "mina", "Mina Instructor")
    return {
        "ina": ina,
        "tom": centre.add("trainee", "mtom", "Tom Mixed", by=ina),
        "eve": centre.add("trainee", "meve", "Eve Mixed", by=ina),
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


def _trainee(store: ServerStore, centre: Centre) -> ServerTraineeDesk:
    return store.trainee_desk(
        store.sign_in(store.person.login, centre.passwords[store.person.login])
    )


def _instructor(store: ServerStore, centre: Centre) -> ServerInstructorDesk:
    person = store.sign_in(store.person.login, centre.passwords[store.person.login])
    assert person.session is not None
    return store.instructor(person.session)


@pytest.fixture(scope="module")
def assigned(centre: Centre, people: dict[str, str]) -> Iterator[dict[str, int]]:
    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        desk.save_centre_settings(CentreSettings("Escola de Croupiers", 2, 0, 12))
        trainees = {p.name: p.id for p in desk.all_trainees()}
        paper = desk.create_exam(
            "Roulette: payouts and the table",
            "roulette-2003",
            [SKILL],
            2,
            7,
            Fraction(3, 4),
            speed_mark=Fraction(3, 4),
            speed_targets_ms={SKILL: 10_000},
            table_rounds=2,
            table_difficulty=1,
            table_pace=PACE,
            table_game="roulette",
        )
        tom, eve = desk.assign_exam(paper.id, [trainees["Tom Mixed"], trainees["Eve Mixed"]])
        yield {"exam": paper.id, "tom": tom.id, "eve": eve.id}


def _sit(
    desk: ServerTraineeDesk, assignment_id: int, round_ms: int, centre: Centre
) -> tuple[int, int, int]:
    """The exam's two items answered right and its rounds dealt by a perfect dealer, each
    taking ``round_ms`` by the workstation's clock; then graded by the centre's grader."""
    paper = desk.exam_paper(assignment_id)
    assert (paper.table_rounds, paper.table_pace, paper.table_game) == (2, PACE, "roulette")
    session = desk.start_session(
        paper.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment_id
    )
    for n in range(2):
        desk.record_answer(session.id, exam_answer(paper, n, time_taken_ms=3000))
    exam = deal_exam_rounds(desk, session.id, paper, round_ms=round_ms)
    desk.end_session(session.id)
    centre.wait_graded(session.id)
    scores = [score_round(r) for r in exam.played]
    return session.id, sum(s.total.right for s in scores), sum(s.total.out_of for s in scores)


def test_server_certifies_a_mixed_exam_from_the_recorded_answers_and_rounds(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    with _open(centre, people["tom"]) as store:
        tom = _trainee(store, centre)
        session_id, right, judged = _sit(tom, assigned["tom"], 60_000, centre)
        [cert] = tom.my_certifications()
        assert (cert.session_id, cert.game, cert.correct, cert.in_time) == (
            session_id,
            "roulette",
            2,
            2,
        )
        assert (cert.steps_right, cert.steps_judged, cert.rounds, cert.rounds_in_pace) == (
            right,
            judged,
            2,
            2,
        )
        assert cert.table_ms == 120_000 and cert.score == 1 and cert.speed == 1
        # Tom's own transcript, read by the trainee's functions (no seed), scores the
        # sitting whole, its rounds included, as the server certified it.
        [mine] = [s.score for s in tom.my_transcript().sittings if s.score.session_id == session_id]
        assert (mine.steps_right, mine.steps_judged, mine.rounds, mine.rounds_in_pace) == (
            right,
            judged,
            2,
            2,
        )
        assert mine.passed and mine.score == 1
    with _open(centre, people["ina"]) as store:
        [(_, _, score)] = _instructor(store, centre).sittings(trainee_id=cert.trainee_id)
        # The app's own scoring (the instructor's results) agrees with the server's.
        assert (score.steps_right, score.steps_judged, score.rounds_in_pace) == (
            right,
            judged,
            2,
        )
    with centre.connect(people["tom"]) as own:
        # A recorded attempt stays as it was; none is added once the sitting has ended.
        with pytest.raises(errors.InsufficientPrivilege):
            own.execute(
                "UPDATE table_attempts SET accepted = true WHERE round_id IN "
                "(SELECT id FROM table_rounds WHERE session_id = %s)",
                (session_id,),
            )
        round_id = own.execute(
            "SELECT min(id) FROM table_rounds WHERE session_id = %s", (session_id,)
        ).fetchone()
        assert round_id is not None
        with pytest.raises(errors.InsufficientPrivilege):
            own.execute(
                "INSERT INTO table_attempts (round_id, position, action, step, accepted, "
                "verdict_code, citation, ms, recorded_at) "
                "VALUES (%s, 999, 'pay', '{\"action\": \"pay\"}', true, NULL, NULL, 1, now())",
                (round_id[0],),
            )
        with pytest.raises(errors.InsufficientPrivilege):
            own.execute(
                "INSERT INTO certifications (trainee_id, game, exam_id, session_id, passed_at, "
                "correct, in_time, item_count, time_taken_ms, approved_by, valid_until, "
                "steps_right, steps_judged, rounds, rounds_in_pace, table_ms) "
                "VALUES (dt_trainee_id(), 'roulette', %s, %s, now(), 2, 2, 2, 1, 1, "
                "'2099-01-01', 9, 9, 2, 2, 1)",
                (assigned["exam"], session_id),
            )


def test_server_refuses_the_certificate_when_the_rounds_are_slower_than_the_pace(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    with _open(centre, people["eve"]) as store:
        eve = _trainee(store, centre)
        _sit(eve, assigned["eve"], 150_000, centre)  # 150 s a spin: over the 144 s of 25 an hour
        assert eve.my_certifications() == []
        trainee_id = eve.trainee_id
    with _open(centre, people["ina"]) as store:
        [(_, _, score)] = _instructor(store, centre).sittings(trainee_id=trainee_id)
        assert score.score == 1 and score.speed == Fraction(1, 2) and not score.passed


def test_a_trainee_reads_the_table_part_of_their_own_assignment_only(
    centre: Centre, people: dict[str, str], assigned: dict[str, int]
) -> None:
    with centre.connect(people["eve"]) as eve:
        assert eve.execute("SELECT * FROM dt_exam_table(%s)", (assigned["tom"],)).fetchall() == []
        [(rounds, difficulty, pace, game)] = eve.execute(
            "SELECT * FROM dt_exam_table(%s)", (assigned["eve"],)
        ).fetchall()
        assert (rounds, difficulty, pace, game) == (2, 1, PACE, "roulette")
        with pytest.raises(errors.InsufficientPrivilege):
            eve.execute("SELECT table_rounds FROM exams")


def test_a_trainee_adds_nothing_to_a_round_once_its_session_has_ended(
    centre: Centre, people: dict[str, str]
) -> None:
    """A practice round's too: its attempts and its end are insert-only while the session
    is open (an exam's sitting is scored when it ends; nothing may be slipped in after)."""
    from dealer_trainer.drills.model import Difficulty
    from dealer_trainer.drills.table import TableMode, new_round, perfect_steps
    from dealer_trainer.rules.rulesets import get_ruleset
    from dealer_trainer.storage.table_recorder import TableRecorder

    with _open(centre, people["eve"]) as store:
        eve = _trainee(store, centre)
        recorder = TableRecorder.start(eve, "roulette-2003")
        round_ = new_round(
            get_ruleset("roulette-2003"), 3, Difficulty.BEGINNER, recorder=recorder,
            mode=TableMode.EXAM,
        )  # fmt: skip
        first = next(perfect_steps(round_))
        round_.act(first)  # a round left without its end when the session ends
        recorder.close()
        session_id = recorder.session_id
    with centre.connect(people["eve"]) as own:
        found = own.execute(
            "SELECT id FROM table_rounds WHERE session_id = %s", (session_id,)
        ).fetchone()
        assert found is not None
        with pytest.raises(errors.InsufficientPrivilege):
            own.execute(
                "INSERT INTO table_attempts (round_id, position, action, step, accepted, "
                "verdict_code, citation, ms, recorded_at) "
                "VALUES (%s, 1, 'collect', '{\"action\": \"collect\"}', true, NULL, NULL, 1, "
                "now())",
                (found[0],),
            )
        with pytest.raises(errors.InsufficientPrivilege):
            own.execute(
                "INSERT INTO table_round_ends (round_id, steps, attempts, mistakes, ms, "
                "complete, ended_at) VALUES (%s, 1, 1, 0, 1, true, now())",
                (found[0],),
            )
