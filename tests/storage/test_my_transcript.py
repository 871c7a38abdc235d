"""A trainee's own transcript (``TraineeDesk.my_transcript``): their sittings, scored as the
instructor's transcript scores them, their certifications, the centre's name and the
instructors named on it; another trainee's sittings never (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta
from fractions import Fraction

import pytest

from dealer_trainer.storage import SessionKind, StorageError, Store
from dealer_trainer.storage.centre import CentreSettings
from dealer_trainer.storage.transcript import Transcript

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer

SKILL = "roulette.straight_up"


def sit(store: Store, trainee_id: int, assignment_id: int, rights: list[bool]) -> None:
    trainee = store.trainee(trainee_id)
    trainee.exam_paper(assignment_id)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment_id
    )
    for n, right in enumerate(rights):
        trainee.record_answer(session.id, answer(n, skill=SKILL, correct=right, time_taken_ms=4000))
    trainee.end_session(session.id)


def test_a_trainees_own_transcript_is_theirs_and_the_instructors_figures(db_url: str) -> None:
    store = Store.open(
        db_url,
        clock=FakeClock(START),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        instructor_idle=timedelta(days=1),
    )
    try:
        desk = store.instructor(store.create_first_instructor("Ina Wong", "correct horse"))
        desk.save_centre_settings(CentreSettings("Escola de Croupiers de Macau", 3, 0, 24))
        chan, wong = desk.add_trainee("Chan Tai Man"), desk.add_trainee("Wong Mei")
        exam = desk.create_exam(
            "Straight-up payouts", "roulette-2003", [SKILL], 2, 7, Fraction(1, 2)
        )
        chans, wongs = desk.assign_exam(exam.id, [chan.id, wong.id])
        sit(store, chan.id, chans.id, [False, False])  # not passed
        sit(store, chan.id, chans.id, [True, False])  # the retake passes
        sit(store, wong.id, wongs.id, [True, True])
        own = store.trainee(chan.id).my_transcript()
        assert isinstance(own, Transcript)
        assert (own.name, own.centre_name) == ("Chan Tai Man", "Escola de Croupiers de Macau")
        assert [(s.title, s.score.correct, s.score.passed) for s in own.sittings] == [
            ("Straight-up payouts", 0, False),
            ("Straight-up payouts", 1, True),
        ]
        assert [c.trainee_id for c in own.certifications] == [chan.id]
        assert own.instructors == {desk.session.instructor_id: "Ina Wong"}
        assert own == desk.transcript(chan.id)  # what the instructor prints of Chan
        theirs = store.trainee(wong.id).my_transcript()
        assert [s.score.correct for s in theirs.sittings] == [2]
        with pytest.raises(StorageError, match="not on file"):
            desk.transcript(9999)
    finally:
        store.close()
