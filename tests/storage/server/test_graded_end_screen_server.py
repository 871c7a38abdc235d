"""Issue 36 on the trainee's screen: a sitting handed in while the centre's grader is down
ends on "waiting for grading", and the end screen says the result once the grader, back,
has graded it: woken by the server's notification, no timer of the screen's own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from pytestqt.qtbot import QtBot

from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.server.workstation import ServerStore, open_server_store
from dealer_trainer.ui.exams.sitting import ExamEnd
from tests.storage.conftest import MACAU, FakeClock
from tests.storage.server.conftest import Centre, exam_answer

SKILL = "roulette.straight_up"


def _open(centre: Centre, login: str) -> ServerStore:
    return open_server_store(
        centre.workstation_url,
        login,
        centre.passwords[login],
        clock=FakeClock(datetime.now(UTC)),
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )


def test_the_end_screen_says_the_result_once_the_grader_has_graded_it(
    centre: Centre, qtbot: QtBot
) -> None:
    ina = centre.add("instructor", "gsi", "Gsi Instructor")
    gui = centre.add("trainee", "gui", "Gui Waiting", by=ina)
    with _open(centre, ina) as store:
        person = store.sign_in(ina, centre.passwords[ina])
        assert person.session is not None
        desk = store.instructor(person.session)
        [me] = [p for p in desk.all_trainees() if p.name == "Gui Waiting"]
        exam = desk.create_exam("Two straight-ups", "roulette-2003", [SKILL], 2, 31, Fraction(1))
        [given] = desk.assign_exam(exam.id, [me.id])
    assert centre.grader is not None
    centre.grader.stop()
    try:
        with _open(centre, gui) as store:
            trainee = store.trainee_desk(store.sign_in(gui, centre.passwords[gui]))
            paper = trainee.exam_paper(given.id)
            session = trainee.start_session(
                "roulette-2003", SessionKind.EXAM, exam_assignment_id=given.id
            )
            for k in range(2):
                trainee.record_answer(session.id, exam_answer(paper, k))
            trainee.end_session(session.id)
            [sitting] = trainee.my_transcript().sittings
            assert sitting.score.pending
            end = ExamEnd(paper, sitting.score, certified=False)
            qtbot.addWidget(end)
            end.watch(trainee, session.id)
            assert end.headline.text() == "Handed in: Two straight-ups"
            assert end.then.text().startswith("Waiting for grading since ")
            with qtbot.waitSignal(end.gradeArrived, timeout=60_000):
                centre.grader.start()
            assert end.headline.text() == "Passed: Two straight-ups"
            assert "certified" in end.then.text()
            assert not end.parts.text().startswith("This computer's preview:")
            end.close()
    finally:
        if not centre.grader.running:
            centre.grader.start()
