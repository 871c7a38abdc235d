"""Enter presses the dialogs' default button: the right password and Enter unlock."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import InstructorSession, Store
from dealer_trainer.ui.instructor import FirstStartDialog, LoginDialog
from tests.ui.instructor.cohort import PASSWORD, Cohort


def test_enter_with_the_right_password_unlocks(qtbot: QtBot, cohort: Cohort) -> None:
    cohort.store.lock(cohort.session)
    dialog = LoginDialog(cohort.store)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    assert dialog.unlock_button.isDefault()
    qtbot.keyClicks(dialog.password, PASSWORD)
    with qtbot.waitSignal(dialog.finished, timeout=5000) as finished:
        qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert finished.args == [LoginDialog.DialogCode.Accepted.value]
    assert isinstance(dialog.session, InstructorSession)


def test_enter_with_a_wrong_password_says_so_and_stays(qtbot: QtBot, cohort: Cohort) -> None:
    cohort.store.lock(cohort.session)
    dialog = LoginDialog(cohort.store)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    qtbot.keyClicks(dialog.password, "not the password")
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.session is None
    assert dialog.message.text()


def test_enter_creates_the_first_instructor(qtbot: QtBot, empty_store: Store) -> None:
    dialog = FirstStartDialog(empty_store)
    qtbot.addWidget(dialog)
    dialog.open()
    qtbot.waitExposed(dialog)
    assert dialog.create_button.isDefault()
    dialog.name.setText("Mrs Wong")
    dialog.password.setText(PASSWORD)
    qtbot.keyClicks(dialog.repeat, PASSWORD)
    with qtbot.waitSignal(dialog.accepted, timeout=5000):
        qtbot.keyClick(dialog.repeat, Qt.Key.Key_Return)
    assert empty_store.has_instructor()


def test_enter_in_the_repeated_password_changes_it(qtbot: QtBot, cohort: Cohort) -> None:
    from dealer_trainer.ui.instructor.window import InstructorWindow

    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    box = window.people.password
    box.current.setText(PASSWORD)
    box.new.setText("a new long password")
    qtbot.keyClicks(box.repeat, "a new long password")
    with qtbot.waitSignal(box.changed, timeout=5000):
        qtbot.keyClick(box.repeat, Qt.Key.Key_Return)
    window.close()
    assert isinstance(cohort.store.verify_instructor("a new long password"), InstructorSession)
