"""Issue 6, exams (built from skills, difficulty, size and pass mark; seeded; assigned; results)
and trainee management (add, archive)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.reports.exams import exam_results
from dealer_trainer.storage import SessionKind, Store
from dealer_trainer.ui.exams.panel import ExamsPanel
from dealer_trainer.ui.instructor import InstructorWindow
from dealer_trainer.ui.instructor.people import STATUS, TraineesPanel
from tests.storage.conftest import MACAU
from tests.ui.instructor.cohort import Cohort, record


def panel(qtbot: QtBot, cohort: Cohort) -> ExamsPanel:
    exams = ExamsPanel(cohort.store.instructor(cohort.session), MACAU)
    qtbot.addWidget(exams)
    exams.set_trainees(cohort.store.instructor(cohort.session).all_trainees())
    exams.refresh()
    return exams


def test_exam_builder_saves_skills_difficulty_size_pass_mark_and_seed(
    qtbot: QtBot, cohort: Cohort
) -> None:
    exams = panel(qtbot, cohort)
    builder = exams.builder
    builder.ruleset.setCurrentIndex(builder.ruleset.findData("craps-1985"))
    builder.set_skills({"craps.hard_ways", "craps.field"})
    builder.difficulty.setCurrentIndex(builder.difficulty.findData(int(Difficulty.ADVANCED)))
    builder.item_count.setValue(12)
    builder.pass_mark.setValue(90)
    builder.seed.setValue(4242)
    builder.exam_title.setText("Craps one-roll bets")
    planned = builder.spec().items()
    with qtbot.waitSignal(builder.created) as made:
        builder.create_button.click()
    stored = next(e for e in exams._desk.exams() if e.id == made.args[0])
    assert stored.ruleset_id == "craps-1985"
    assert set(stored.skills) == {"craps.hard_ways", "craps.field"}
    assert (stored.item_count, stored.seed, stored.difficulty) == (12, 4242, 3)
    assert stored.pass_mark == Fraction(9, 10)
    # what the trainees will sit is what the builder's spec said
    assert exam_spec(stored).items() == planned and len(planned) == 12
    assert exams.current_exam() is not None and exams.current_exam().id == stored.id


def test_an_exams_speed_pass_mark_is_said_in_its_summary(qtbot: QtBot, cohort: Cohort) -> None:
    """A speed mark decides a pass as the accuracy mark does: the summary says it."""
    desk = cohort.store.instructor(cohort.session)
    skill = "roulette.straight_up"
    plain = desk.create_exam("Straight-ups", "roulette-2003", [skill], 10, 1, Fraction(4, 5))
    timed = desk.create_exam(
        "Straight-ups against the clock",
        "roulette-2003",
        [skill],
        10,
        1,
        Fraction(4, 5),
        speed_mark=Fraction(1, 100),  # one step up from "none" on the builder's spin box
        speed_targets_ms={skill: 8000},
    )
    exams = panel(qtbot, cohort)
    ids = [e.id for e in exams._desk.exams()]
    exams.exam_list.setCurrentRow(ids.index(plain.id))
    assert "speed" not in exams.about.text()
    exams.exam_list.setCurrentRow(ids.index(timed.id))
    assert "pass mark 80 %, speed pass mark 1 % (right within the target time)" in (
        exams.about.text()
    )


def test_exam_preview_lists_the_seeded_items_in_order(qtbot: QtBot, cohort: Cohort) -> None:
    exams = panel(qtbot, cohort)
    builder = exams.builder
    builder.ruleset.setCurrentIndex(builder.ruleset.findData("roulette-2003"))
    builder.set_skills({"roulette.straight_up"})
    builder.item_count.setValue(3)
    builder.seed.setValue(99)
    items = builder.spec().items()
    lines = [builder.preview.item(i).text() for i in range(builder.preview.count())]
    assert len(lines) == 3
    for line, spec in zip(lines, items, strict=True):
        assert spec.make().question.english() in line
    builder.seed.setValue(100)
    assert [builder.preview.item(i).text() for i in range(3)] != lines


def test_enter_in_the_exam_title_saves_the_exam(qtbot: QtBot, cohort: Cohort) -> None:
    exams = panel(qtbot, cohort)
    builder = exams.builder
    builder.set_skills({"roulette.straight_up"})
    builder.exam_title.setText("Straight-up payouts")
    with qtbot.waitSignal(builder.created) as made:
        qtbot.keyClick(builder.exam_title, Qt.Key.Key_Return)
    stored = next(e for e in exams._desk.exams() if e.id == made.args[0])
    assert stored.title == "Straight-up payouts"


def test_exam_without_skills_or_title_is_not_saved(qtbot: QtBot, cohort: Cohort) -> None:
    exams = panel(qtbot, cohort)
    before = len(exams._desk.exams())
    builder = exams.builder
    builder.exam_title.setText("Empty")
    assert builder.save_exam() is None
    assert builder.message.text() == "Tick at least one skill."
    builder.set_skills({"roulette.straight_up"})
    assert builder.message.isHidden()  # said of a form that has changed since: gone
    builder.exam_title.setText("  ")
    assert builder.save_exam() is None
    assert builder.message.text() == "Give the exam a title."
    qtbot.keyClicks(builder.exam_title, "Straight")
    assert builder.message.isHidden()
    builder.exam_title.setText("ROULETTE\u200b  payouts")  # the cohort's exam, spelt otherwise
    assert builder.save_exam() is None
    assert builder.message.text() == (
        "An exam named “Roulette payouts” exists already: give this one a title of its own "
        "(a week, an intake group)."
    )
    assert len(exams._desk.exams()) == before


def test_assigning_gives_every_trainee_the_same_exam_and_shows_results(
    qtbot: QtBot, cohort: Cohort
) -> None:
    exams = panel(qtbot, cohort)
    exam = exams.current_exam()
    assert exam is not None and exam.id == cohort.exam_id
    carla = cohort.trainees["Carla Ho"]
    exams.tick({carla})
    with qtbot.waitSignal(exams.assigned):
        exams.assign_button.click()
    assert exams.results.rowCount() == 3
    # Carla sits it and gets every item wrong: failed, 0/4
    desk = cohort.store.trainee(carla)
    ((assignment, _notice),) = desk.open_exams()
    paper = desk.exam_paper(assignment.id)
    session = desk.start_session(
        paper.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    assert exam_spec(paper).items() == exam_spec(exam).items()  # the same items as Ana's
    for number, spec in enumerate(exam_spec(paper).items()):
        record(
            desk, session.id, spec, cohort.session.unlocked_at.replace(minute=number), False, 3000
        )
    desk.end_session(session.id)
    exams.show_results(exam)
    rows = {exams.results.item(r, 0).text(): r for r in range(exams.results.rowCount())}
    assert exams.results.item(rows["Carla Ho"], 3).text() == "0/4 (0 %)"
    assert exams.results.item(rows["Carla Ho"], 4).text() == "failed"
    assert exams.results.item(rows["Ana Lei"], 4).text() == "passed"
    assert exams.results.item(rows["Bruno Chan"], 4).text() == "not taken yet"
    by_trainee = {r.assignment.trainee_id: r for r in exam_results(exams._desk, exam)}
    assert by_trainee[carla].score == 0 and by_trainee[carla].passed is False
    assert by_trainee[cohort.trainees["Ana Lei"]].score == Fraction(3, 4)


def test_assigning_twice_to_the_same_trainee_is_refused(qtbot: QtBot, cohort: Cohort) -> None:
    exams = panel(qtbot, cohort)
    exams.tick({cohort.trainees["Ana Lei"]})
    exams.assign_button.click()
    assert exams.message.text() == "Every trainee ticked has this exam already: Ana Lei."


def test_those_who_have_the_exam_are_skipped_by_name_and_the_others_get_it(
    qtbot: QtBot, cohort: Cohort
) -> None:
    exams = panel(qtbot, cohort)
    exam = exams.current_exam()
    assert exam is not None
    carla = cohort.trainees["Carla Ho"]
    exams.tick({cohort.trainees["Ana Lei"], carla})  # Ana has it already
    with qtbot.waitSignal(exams.assigned):
        exams.assign_button.click()
    said = exams.message.text()
    assert said == "Assigned to 1 trainee. Already assigned to: Ana Lei."
    assert carla in {a.trainee_id for a in exams._desk.assignments(exam.id)}
    assert "2" not in said  # no exam or trainee number, only names


def test_a_due_date_that_has_passed_is_refused_by_the_stores_clock(
    qtbot: QtBot, cohort: Cohort
) -> None:
    """The window's exams panel asks the store's clock (a centre's server time), not the
    PC's: a due date that is today on the PC but past by the store is refused."""
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    exams = window.exams
    exams.refresh()
    exam = exams.current_exam()
    assert exam is not None
    before = exams._desk.assignments(exam.id)
    exams.tick({cohort.trainees["Carla Ho"]})
    exams.has_due.setChecked(True)
    store_day = cohort.store.now().astimezone(MACAU).date()
    exams.due.setDate(QDate(store_day.year, store_day.month, store_day.day).addDays(-1))
    exams.assign_button.click()
    assert exams.message.text() == "The due date has passed: choose today or a later day."
    assert exams._desk.assignments(exam.id) == before
    exams.due.setDate(QDate(store_day.year, store_day.month, store_day.day))
    with qtbot.waitSignal(exams.assigned):
        exams.assign_button.click()  # today by the store: due tonight, accepted
    window.close()


def test_add_and_archive_a_trainee(qtbot: QtBot, cohort: Cohort) -> None:
    people = TraineesPanel(cohort.store.instructor(cohort.session))
    qtbot.addWidget(people)
    people.refresh()
    people.name.setText("  Duarte   Sousa ")
    people.new_password.setText("a long password")
    with qtbot.waitSignal(people.changed):
        people.add_button.click()
    added = next(t for t in people.trainees() if t.name == "Duarte Sousa")
    assert added.id in {t.id for t in cohort.store.trainees()}
    people.select(added.id)
    assert people.archive_button.text().replace("&", "") == "Archive"
    people.archive_button.click()  # asks first, naming the trainee (issue 15)
    assert people.pending is not None and "Duarte Sousa" in people.pending.windowTitle()
    with qtbot.waitSignal(people.changed):
        people.pending.action_button.click()
    assert added.id not in {t.id for t in cohort.store.trainees()}  # gone from the picker
    assert people.archive_button.text().replace("&", "") == "Restore"
    row = next(
        r
        for r in range(people.table.rowCount())
        if people.table.item(r, 0).data(Qt.ItemDataRole.UserRole) == added.id
    )
    assert people.table.item(row, STATUS).text() == "archived"
    with qtbot.waitSignal(people.changed):
        people.archive_button.click()
    assert added.id in {t.id for t in cohort.store.trainees()}


def test_a_duplicate_trainee_name_is_refused(qtbot: QtBot, cohort: Cohort) -> None:
    people = TraineesPanel(cohort.store.instructor(cohort.session))
    qtbot.addWidget(people)
    people.refresh()
    people.name.setText("Ana Lei")
    people.new_password.setText("a long password")
    people.add_button.click()
    assert "already registered" in people.message.text()
    assert len(people.trainees()) == 3


def test_an_archived_trainee_stays_in_the_dashboard(qtbot: QtBot, cohort: Cohort) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    window.people.select(cohort.trainees["Carla Ho"])
    window.people.toggle_archived()
    assert window.trainee.trainee.findData(cohort.trainees["Carla Ho"]) >= 0
    assert "(archived)" in window.trainee.trainee.itemText(
        window.trainee.trainee.findData(cohort.trainees["Carla Ho"])
    )
    assert isinstance(cohort.store, Store)


def test_exam_results_are_read_off_the_gui_thread_in_the_window(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    if window.exams.results.rowCount() == 0:
        with qtbot.waitSignal(window.exams.resultsShown, timeout=10_000):
            pass
    verdicts = {
        window.exams.results.item(r, 0).text(): window.exams.results.item(r, 4).text()
        for r in range(window.exams.results.rowCount())
    }
    assert verdicts == {"Ana Lei": "passed", "Bruno Chan": "not taken yet"}
    qtbot.waitUntil(lambda: not window.jobs.busy())


def test_the_instructor_changes_the_password(qtbot: QtBot, cohort: Cohort) -> None:
    from dealer_trainer.storage import WrongPasswordError
    from tests.ui.instructor.cohort import PASSWORD

    people = TraineesPanel(cohort.store.instructor(cohort.session))
    qtbot.addWidget(people)
    box = people.password
    box.current.setText("not the password")
    box.new.setText("a brand new secret")
    box.repeat.setText("a brand new secret")
    box.change_button.click()
    assert "wrong" in box.message.text()
    box.current.setText(PASSWORD)
    box.repeat.setText("a different secret")
    box.change_button.click()
    assert "differ" in box.message.text()
    box.repeat.setText("a brand new secret")
    with qtbot.waitSignal(box.changed):
        box.change_button.click()
    assert box.current.text() == "" and "changed" in box.message.text()
    cohort.store.lock(cohort.session)
    assert cohort.store.verify_instructor("a brand new secret").name == "Mrs Wong"
    with pytest.raises(WrongPasswordError):
        cohort.store.verify_instructor(PASSWORD)


def test_an_exam_given_by_mistake_is_withdrawn_once_asked_and_a_sat_one_cannot_be(
    qtbot: QtBot, cohort: Cohort
) -> None:
    from dealer_trainer.ui.kit.confirm import Confirmation

    exams = panel(qtbot, cohort)
    exam = exams.current_exam()
    assert exam is not None
    rows = {exams.results.item(r, 0).text(): r for r in range(exams.results.rowCount())}
    exams.results.selectRow(rows["Ana Lei"])  # sat and passed: a record, it stays
    assert not exams.withdraw_button.isEnabled()
    exams.results.selectRow(rows["Bruno Chan"])  # not taken yet
    assert exams.withdraw_button.isEnabled()
    exams.withdraw_button.click()
    box = exams.pending
    assert isinstance(box, Confirmation) and "Bruno Chan" in box.windowTitle()
    assert box.defaultButton() is box.cancel_button
    with qtbot.waitSignal(box.decided):
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter cancels: nothing withdrawn
    assert cohort.trainees["Bruno Chan"] in {a.trainee_id for a in exams._desk.assignments(exam.id)}
    exams.results.selectRow(rows["Bruno Chan"])
    exams.withdraw_button.click()
    box = exams.pending
    assert isinstance(box, Confirmation)
    with qtbot.waitSignal(exams.assigned):
        box.action_button.click()
    assert exams.message.text() == "“Roulette payouts” is withdrawn from Bruno Chan."
    left = {a.trainee_id for a in exams._desk.assignments(exam.id)}
    assert cohort.trainees["Bruno Chan"] not in left and cohort.trainees["Ana Lei"] in left
    assert exams.results.rowCount() == len(left)
