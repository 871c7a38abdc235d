"""Issue 15, people: intake groups on the dashboard, exams and reports; a second instructor
(add, sign in, disable, refused in words); staff numbers; rename and archive confirmed in a
dialog that names the person (Enter presses the default: Cancel for archive); and another
workstation's new trainee shown within seconds (SQLite and PostgreSQL)."""

from __future__ import annotations

import csv
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.ui.instructor import InstructorWindow
from dealer_trainer.ui.instructor.groups import GroupDialog, MembersDialog, tick, ticked
from dealer_trainer.ui.kit.confirm import Confirmation, RenameDialog
from dealer_trainer.ui.window.sign_in import SignInDialog
from tests.storage import conftest as storage_fixtures
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.ui.instructor.cohort import PASSWORD, Cohort

START_DAY = date(2026, 11, 2)
# Two stores on one database, SQLite and (with DEALER_TRAINER_TEST_PG_URL) PostgreSQL.
db_url = storage_fixtures.db_url
pg_url = storage_fixtures.pg_url


@pytest.fixture
def window(qtbot: QtBot, cohort: Cohort) -> Iterator[InstructorWindow]:
    shown = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(shown)
    with qtbot.waitSignal(shown.cohort.tableLoaded, timeout=10_000):
        shown.show()
    yield shown
    shown.close()


def _new_group(qtbot: QtBot, window: InstructorWindow, name: str) -> int:
    panel = window.groups
    window.tabs.setCurrentWidget(panel)
    panel.name.setText(name)
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(panel.name, Qt.Key.Key_Return)  # Enter in the name creates it
    made = next(g for g in panel.groups() if g.name == name)
    panel.select(made.id)
    return made.id


def test_a_group_narrows_the_cohort_view_the_exam_and_the_report(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort, tmp_path: Path
) -> None:
    group_id = _new_group(qtbot, window, "Intake November")
    panel = window.groups
    panel.edit_members()
    dialog = panel.pending
    assert isinstance(dialog, MembersDialog)
    assert "Intake November" in dialog.windowTitle()
    members = {cohort.trainees["Ana Lei"], cohort.trainees["Carla Ho"]}
    tick(dialog.trainees, members)
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(dialog.trainees, Qt.Key.Key_Return)  # Enter saves (the default)
    assert set(panel.groups()[0].trainee_ids) == members
    row = next(
        r
        for r in range(panel.table.rowCount())
        if panel.table.item(r, 0).text() == "Intake November"
    )
    assert panel.table.item(row, 3).text() == "2"
    assert panel.table.item(row, 2).text() == cohort.session.name  # who made it teaches it

    # The cohort view: the group's trainees only, in the plots and the table.
    cohort_view = window.cohort
    index = cohort_view.group.findText("Intake November")
    assert index > 0 and cohort_view.group.itemText(0) == "Every trainee"
    with qtbot.waitSignal(cohort_view.tableLoaded, timeout=10_000):
        cohort_view.group.setCurrentIndex(index)
    shown = {cohort_view.model.index(r, 0).data() for r in range(cohort_view.model.rowCount())}
    assert shown == {"Ana Lei", "Carla Ho"}
    with qtbot.waitSignal(cohort_view.tableLoaded, timeout=10_000):
        cohort_view.group.setCurrentIndex(0)
    assert cohort_view.model.rowCount() == len(cohort.trainees)

    # The exam: a group ticks its trainees; those who had it already are said by name.
    exams = window.exams
    exams.refresh()
    exams.tick_group(group_id)
    assert set(exams.ticked_trainees()) == members
    exams.assign_button.click()
    said = exams.message.text()
    assert "Assigned to 1 trainee." in said and "Already assigned to: Ana Lei." in said
    exams.tick_group(group_id)
    exams.assign_button.click()
    said = exams.message.text()
    assert said == "Every trainee ticked has this exam already: Ana Lei, Carla Ho."

    # The report: the group's PDF and CSV, its trainees only, with their staff numbers.
    window.people.select(cohort.trainees["Ana Lei"])
    window.people.set_staff_number("md-0001")
    reports = window.reports
    reports.scope.setCurrentIndex(reports.scope.findText("Group: Intake November"))
    with qtbot.waitSignal(reports.written, timeout=20_000):
        reports.write_csv(tmp_path / "group.csv")
    with (tmp_path / "group.csv").open(encoding="utf-8-sig") as stream:
        rows = list(csv.DictReader(stream))
    assert rows and {r["Trainee"] for r in rows} == {"Ana Lei", "Carla Ho"}
    assert {r["Staff no."] for r in rows if r["Trainee"] == "Ana Lei"} == {"MD-0001"}
    with qtbot.waitSignal(reports.written, timeout=20_000):
        reports.write_pdf(tmp_path / "group.pdf")
    assert (tmp_path / "group.pdf").read_bytes().startswith(b"%PDF")


def test_a_group_name_is_refused_in_another_spelling_and_archive_asks_first(
    qtbot: QtBot, window: InstructorWindow
) -> None:
    group_id = _new_group(qtbot, window, "Intake November")
    panel = window.groups
    panel.name.setText("INTAKE  november")
    panel.add_button.click()
    assert "is the name of the group “Intake November”" in panel.message.text()
    panel.select(group_id)
    panel.archive_button.click()
    box = panel.pending
    assert isinstance(box, Confirmation)
    assert "Intake November" in box.text() and box.defaultButton() is box.cancel_button
    with qtbot.waitSignal(box.decided) as answer:
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter: Cancel, the default
    assert answer.args == [False]
    assert not panel.groups()[0].archived
    panel.select(group_id)
    panel.archive_button.click()
    box = panel.pending
    assert isinstance(box, Confirmation)
    with qtbot.waitSignal(window.peopleRefreshed):
        box.action_button.click()
    assert panel.groups()[0].archived
    assert window.cohort.group.itemText(1) == "Intake November (archived)"
    assert window.exams.group.findText("Intake November") == -1  # no exam for an archived group


def test_a_trainee_added_here_is_in_the_cohort_table_before_their_first_answer(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort
) -> None:
    people = window.people
    window.tabs.setCurrentWidget(people)
    qtbot.keyClick(people.name, Qt.Key.Key_Return)  # every field empty: the name is said first
    assert people.message.text() == "A name must have 1 to 100 visible characters."
    people.name.setText("Diana Leong")
    people.new_password.setText("a long password")
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        qtbot.keyClick(people.name, Qt.Key.Key_Return)
    model = window.cohort.model
    rows = {model.index(r, 0).data(): r for r in range(model.rowCount())}
    assert "Diana Leong" in rows and len(rows) == len(cohort.trainees) + 1
    assert model.index(rows["Diana Leong"], 1).data() == "0"  # no answers yet
    assert window.cohort.table_status.text() == f"{len(rows)} trainees"


def test_a_second_instructor_is_added_signs_in_and_once_disabled_is_refused_in_words(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort
) -> None:
    panel = window.instructors
    window.tabs.setCurrentWidget(panel)
    qtbot.keyClick(panel.repeat, Qt.Key.Key_Return)  # every field empty: the name is said first
    assert panel.message.text() == "A name must have 1 to 100 visible characters."
    assert len(panel.accounts()) == 1  # nobody added
    panel.name.setText("Wong Ka Man")
    panel.login.setText("wong")
    panel.password.setText("a long password")
    panel.repeat.setText("a long password!")
    qtbot.keyClick(panel.repeat, Qt.Key.Key_Return)
    assert panel.message.text() == "The two passwords differ."
    panel.repeat.setText("a long password")
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(panel.repeat, Qt.Key.Key_Return)  # Enter adds
    assert "Wong Ka Man can now sign in with the login wong" in panel.message.text()
    wong = next(a for a in panel.accounts() if a.login == "wong")
    assert cohort.store.sign_in("wong", "a long password").session is not None

    panel.select(wong.id)
    panel.disable_button.click()
    box = panel.pending
    assert isinstance(box, Confirmation) and "Wong Ka Man" in box.windowTitle()
    with qtbot.waitSignal(box.decided):
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Cancel is the default
    assert not next(a for a in panel.accounts() if a.id == wong.id).disabled
    panel.select(wong.id)
    panel.disable_button.click()
    box = panel.pending
    assert isinstance(box, Confirmation)
    with qtbot.waitSignal(window.peopleRefreshed):
        box.action_button.click()
    assert next(a for a in panel.accounts() if a.id == wong.id).disabled
    row = next(r for r in range(panel.table.rowCount()) if panel.table.item(r, 1).text() == "wong")
    assert panel.table.item(row, 2).text() == "disabled"

    dialog = SignInDialog(cohort.store.sign_in)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.login.setText("wong")
    dialog.password.setText("a long password")
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert "may no longer sign in (a disabled instructor" in dialog.message.text()
    assert dialog.person is None

    me = next(a for a in panel.accounts() if a.id == cohort.session.instructor_id)
    panel.select(me.id)
    assert not panel.disable_button.isEnabled()  # nobody disables their own account
    panel.select(wong.id)
    assert panel.disable_button.text().replace("&", "") == "Enable"
    with qtbot.waitSignal(window.peopleRefreshed):
        panel.disable_button.click()  # enabling asks nothing
    assert cohort.store.sign_in("wong", "a long password").session is not None


def test_an_instructor_who_forgot_their_password_gets_a_new_one_from_a_colleague(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort
) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from dealer_trainer.ui.instructor.people import TraineePasswordDialog

    panel = window.instructors
    window.tabs.setCurrentWidget(panel)
    people = cohort.store.instructor(cohort.session).people()
    wong = people.add_instructor("Wong Ka Man", "a long password", "wong")
    panel.refresh()
    me = cohort.session.instructor_id
    panel.select(me)
    assert not panel.password_button.isEnabled()  # one's own: with the current one
    assert "Trainee profiles › Your password" in panel.password_button.toolTip()
    panel.select(wong)
    assert panel.password_button.isEnabled()
    typed: list[str] = []

    def answer(first: str, second: str) -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, TraineePasswordDialog)
        assert dialog.objectName() == "instructorPassword"
        assert dialog.windowTitle() == "Set an instructor's password"
        dialog.password.setText(first)
        dialog.repeat.setText(second)
        qtbot.keyClick(dialog.repeat, Qt.Key.Key_Return)  # Enter sets it
        typed.append(dialog.message.text())
        if dialog.isVisible():
            dialog.reject()

    QTimer.singleShot(0, lambda: answer("ka man's new password", "ka man's new passwort"))
    panel.password_button.click()
    assert typed == ["The two passwords differ."]
    QTimer.singleShot(0, lambda: answer("ka man's new password", "ka man's new password"))
    with qtbot.waitSignal(panel.changed):
        panel.password_button.click()
    assert panel.message.text() == "Wong Ka Man signs in with the new password from now on."
    assert cohort.store.sign_in("wong", "ka man's new password").session is not None
    # Disabled, Wong gets a password for when they are enabled again: said so.
    people.set_instructor_disabled(wong, True)
    panel.refresh()
    panel.select(wong)
    QTimer.singleShot(0, lambda: answer("ka man's third password", "ka man's third password"))
    with qtbot.waitSignal(panel.changed):
        panel.password_button.click()
    assert panel.message.text() == (
        "Wong Ka Man's new password is set: they sign in with it once enabled again."
    )


def test_staff_numbers_are_added_shown_and_refused_when_taken_or_malformed(
    qtbot: QtBot, window: InstructorWindow
) -> None:
    people = window.people
    window.tabs.setCurrentWidget(people)
    people.name.setText("Duarte Sousa")
    people.new_password.setText("a long password")
    people.staff_number.setText("=1+1")
    people.add_button.click()
    assert "A staff number has up to 32 letters" in people.message.text()
    assert "Duarte Sousa" not in [t.name for t in people.trainees()]
    people.staff_number.setText(" md-0042 ")
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(people.staff_number, Qt.Key.Key_Return)
    duarte = next(t for t in people.trainees() if t.name == "Duarte Sousa")
    assert duarte.staff_number == "MD-0042"
    row = next(
        r
        for r in range(people.table.rowCount())
        if people.table.item(r, 0).text() == "Duarte Sousa"
    )
    assert people.table.item(row, 1).text() == "MD-0042"
    people.name.setText("Eva Lam")
    people.new_password.setText("a long password")
    people.staff_number.setText("MD-0042")
    people.add_button.click()
    assert (
        people.message.text()
        == "The staff number MD-0042 is Duarte Sousa's: each trainee has their own."
    )
    assert "Eva Lam" not in [t.name for t in people.trainees()]


def test_rename_and_archive_are_confirmed_in_a_dialog_naming_the_trainee(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort
) -> None:
    people = window.people
    window.tabs.setCurrentWidget(people)
    people.select(cohort.trainees["Carla Ho"])
    people.rename_button.click()
    dialog = people.pending
    assert isinstance(dialog, RenameDialog) and dialog.windowTitle() == "Rename Carla Ho"
    dialog.name.setText("Carla Ho Sin Ian")
    with qtbot.waitSignal(dialog.decided):
        qtbot.keyClick(dialog.name, Qt.Key.Key_Escape)  # Escape renames nothing
    assert "Carla Ho" in [t.name for t in people.trainees()]
    people.select(cohort.trainees["Carla Ho"])
    people.rename_button.click()
    dialog = people.pending
    assert isinstance(dialog, RenameDialog)
    dialog.name.setText("Carla Ho Sin Ian")
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)  # Enter renames (the default)
    assert "Carla Ho Sin Ian" in [t.name for t in people.trainees()]

    people.select(cohort.trainees["Carla Ho"])
    people.archive_button.click()
    box = people.pending
    assert isinstance(box, Confirmation)
    assert "Carla Ho Sin Ian" in box.text() and box.defaultButton() is box.cancel_button
    with qtbot.waitSignal(box.decided):
        qtbot.keyClick(box, Qt.Key.Key_Return)
    assert cohort.trainees["Carla Ho"] in {t.id for t in cohort.store.trainees()}  # not archived
    people.select(cohort.trainees["Carla Ho"])
    people.archive_button.click()
    box = people.pending
    assert isinstance(box, Confirmation)
    with qtbot.waitSignal(window.peopleRefreshed):
        box.action_button.click()
    assert cohort.trainees["Carla Ho"] not in {t.id for t in cohort.store.trainees()}


def test_another_workstation_sees_a_new_trainee_within_seconds(
    qtbot: QtBot,
    db_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(InstructorWindow, "PEOPLE_CHECK_MS", 200)
    here = Store.open(db_url, clock=FakeClock(), passwords=FAST_PASSWORDS, day_zone=MACAU)
    there = Store.open(db_url, clock=FakeClock(), passwords=FAST_PASSWORDS, day_zone=MACAU)
    try:
        session = here.create_first_instructor("Instructor Ho", PASSWORD)
        elsewhere = there.instructor(there.verify_instructor(PASSWORD))
        shown = InstructorWindow(here, session)
        qtbot.addWidget(shown)
        shown.show()
        qtbot.waitUntil(lambda: shown._people_seen is not None, timeout=5000)
        with qtbot.waitSignal(shown.peopleRefreshed, timeout=5000):
            elsewhere.add_trainee("Ana Lei", password="a long password")
        assert [t.name for t in shown.people.trainees()] == ["Ana Lei"]
        assert shown.exams.trainees.count() == 1
        assert shown.trainee.trainee.findText("Ana Lei") >= 0
        group = elsewhere.people().create_group("November", START_DAY)
        with qtbot.waitSignal(shown.peopleRefreshed, timeout=5000):
            elsewhere.people().move_trainee(elsewhere.all_trainees()[0].id, group.id)
        assert shown.cohort.group.findText("November") > 0
        assert ticked(shown.exams.trainees) == []
        shown.close()
    finally:
        here.close()
        there.close()


def test_a_refused_name_or_number_is_said_in_its_dialog_which_keeps_what_was_typed(
    qtbot: QtBot, window: InstructorWindow, cohort: Cohort
) -> None:
    people = window.people
    window.tabs.setCurrentWidget(people)
    people.select(cohort.trainees["Carla Ho"])
    people.rename_button.click()
    dialog = people.pending
    assert isinstance(dialog, RenameDialog)
    dialog.name.setText("ana LEI")  # another trainee's name, spelt otherwise
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert people.pending is dialog and dialog.isVisible()  # still open, the name kept
    assert dialog.name.text() == "ana LEI" and "“Ana Lei”" in dialog.message.text()
    assert dialog.message.isVisible()
    dialog.name.setText("Carla Ho Sin Ian")
    with qtbot.waitSignal(dialog.decided):
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert people.pending is None
    assert "Carla Ho Sin Ian" in [t.name for t in people.trainees()]

    people.select(cohort.trainees["Carla Ho"])
    people.staff_button.click()
    dialog = people.pending
    assert isinstance(dialog, RenameDialog) and dialog.ok_button.text() == "&Save"
    dialog.name.setText("no spaces allowed here? " * 3)
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert people.pending is dialog and dialog.message.text()
    dialog.name.setText("MT-0042")
    with qtbot.waitSignal(dialog.decided):
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    carla = next(t for t in people.trainees() if t.id == cohort.trainees["Carla Ho"])
    assert carla.staff_number == "MT-0042"

    group_id = _new_group(qtbot, window, "Intake December")
    panel = window.groups
    panel.select(group_id)
    panel.edit_button.click()
    edit = panel.pending
    assert isinstance(edit, GroupDialog) and edit.windowTitle() == "Edit Intake December"
    tick(edit.instructors, set())  # the instructor unticked, then a name that is refused
    edit.name.setText("   ")
    qtbot.keyClick(edit.name, Qt.Key.Key_Return)
    assert panel.pending is edit and edit.isVisible()
    assert edit.message.text() == "A group's name must have 1 to 100 visible characters."
    assert ticked(edit.instructors) == []  # what was changed is still there to save
    [kept] = [g for g in panel.groups() if g.id == group_id]
    assert kept.name == "Intake December"  # nothing saved meanwhile
    edit.name.setText("Intake December B")
    with qtbot.waitSignal(window.peopleRefreshed):
        qtbot.keyClick(edit.name, Qt.Key.Key_Return)
    [saved] = [g for g in panel.groups() if g.id == group_id]
    assert (saved.name, saved.instructor_ids) == ("Intake December B", ())
