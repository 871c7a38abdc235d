"""On a centre's server, a trainee's own login finds their mock exams and table exams and
counts their live-table figures (row-level security: their own rows, nobody else's)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.storage import SessionKind
from dealer_trainer.storage.recorder import MockExam
from dealer_trainer.storage.records import MOCK_EXAM_KEY
from tests.storage.conftest import answer
from tests.storage.server.conftest import Centre
from tests.storage.server.test_workstation import _open, _trainee
from tests.storage.table_dealers import deal


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "mina", "Mina Instructor")
    return {
        "ina": ina,
        "amy": centre.add("trainee", "mamy", "Amy Mock", by=ina),
        "bob": centre.add("trainee", "mbob", "Bob Mock", by=ina),
    }


def test_server_a_trainee_reads_their_own_mock_exams_and_table_figures(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["amy"]) as store:
        amy = _trainee(store, centre)
        mock = amy.start_session("roulette-2003", SessionKind.PRACTICE)
        tagged = answer(1)
        situation = {**tagged.situation, MOCK_EXAM_KEY: MockExam(5, Fraction(4, 5)).to_json()}  # type: ignore[dict-item]
        amy.record_answer(
            mock.id, dataclasses.replace(tagged, uid="server-mock-1", situation=situation)
        )
        deal(store, amy.trainee_id, "roulette", range(2), Difficulty.BEGINNER, bad=True,
             desk=amy)  # fmt: skip
        assert amy.mock_exam_sessions() == {mock.id}
        centre.wait_rounds_graded()  # the server's table figures are the grader's
        [figure] = amy.my_table_figures()
        assert figure.rounds == 2 and figure.tried > 0
    with _open(centre, people["bob"]) as store:
        bob = _trainee(store, centre)
        assert bob.mock_exam_sessions() == set()
        assert bob.my_table_figures() == []
        assert bob.rounds.exam_sessions() == set()


def test_server_my_progress_lists_an_assigned_exam_sat_or_not(
    centre: Centre, people: dict[str, str]
) -> None:
    """Issue 38: *My progress* failed with "permission denied for table exams" as soon as
    an exam was assigned (its due list read the exams table, which holds the seeds)."""
    from dealer_trainer.ui.trainee.progress import due_list
    from tests.storage.server.conftest import exam_answer
    from tests.storage.server.test_workstation import _instructor

    with _open(centre, people["ina"]) as store:
        desk = _instructor(store, centre)
        paper = desk.create_exam(
            "Due straight-ups", "roulette-2003", ["roulette.straight_up"], 2, 5, Fraction(1, 2)
        )
        amy = next(p.id for p in desk.all_trainees() if p.name == "Amy Mock")
        [given] = desk.assign_exam(paper.id, [amy])
    with _open(centre, people["amy"]) as store:
        amy_desk = _trainee(store, centre)
        [due] = [d for d in due_list(amy_desk) if d.exam_assignment == given.id]
        assert due.title == "Exam: Due straight-ups" and not due.done
        sheet = amy_desk.exam_paper(given.id)
        session = amy_desk.start_session(
            "roulette-2003", SessionKind.EXAM, exam_assignment_id=given.id
        )
        amy_desk.record_answer(session.id, exam_answer(sheet, 0))
        [under_way] = [d for d in due_list(amy_desk) if d.exam_assignment == given.id]
        assert under_way.progress != due.progress
