"""Issue 12: the trainee list refuses a second spelling of a name, naming the trainee it is,
and lets the instructor rename a profile (their answers stay theirs)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from dealer_trainer.ui.instructor.people import TraineesPanel
from tests.ui.instructor.cohort import Cohort


def test_issue12_a_second_spelling_is_refused_with_the_registered_name(
    qtbot: QtBot, cohort: Cohort
) -> None:
    people = TraineesPanel(cohort.store.instructor(cohort.session))
    qtbot.addWidget(people)
    people.refresh()
    before = len(people.trainees())
    people.name.setText("ＡＮＡ\u200b lei ")
    people.new_password.setText("a long password")
    people.add_button.click()
    text = people.message.text()
    assert "“Ana Lei”" in text and "one name" in text
    assert len(people.trainees()) == before


def test_issue12_rename_keeps_the_answers_and_refuses_another_trainees_name(
    qtbot: QtBot, cohort: Cohort
) -> None:
    desk = cohort.store.instructor(cohort.session)
    people = TraineesPanel(desk)
    qtbot.addWidget(people)
    people.refresh()
    carla = cohort.trainees["Carla Ho"]
    answers = len(cohort.store.trainee(carla).answers())
    people.select(carla)
    people.rename("ana LEI")
    assert "“Ana Lei”" in people.message.text()
    with qtbot.waitSignal(people.changed):
        renamed = people.rename("Carla Ho Sin Ian")
    assert renamed is not None and renamed.id == carla
    assert len(cohort.store.trainee(carla).answers()) == answers
    assert "Carla Ho Sin Ian" in {t.name for t in people.trainees()}
