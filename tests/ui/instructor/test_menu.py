"""Issue 6, the way in from the main window: the Instructor menu asks for the account on first
start, for the password afterwards, and opens the instructor views only once unlocked."""

from __future__ import annotations

import gc

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog
from dealer_trainer.ui.instructor.menu import install_instructor
from dealer_trainer.ui.window.main_window import MainWindow
from tests.ui.instructor.cohort import PASSWORD, Cohort


def answer_dialog(fill: object) -> None:
    """Fill in the modal dialog once it shows (``exec`` blocks until it is answered)."""

    def act() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(10, act)
            return
        fill(dialog)  # type: ignore[operator]

    QTimer.singleShot(0, act)


def test_main_window_has_the_instructor_menu(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert "Instructor" in titles
    assert window.instructor.open_action.shortcut().toString() == "Ctrl+I"
    assert not window.instructor.lock_action.isEnabled()


def test_first_start_creates_the_account_then_opens_the_views(
    qtbot: QtBot, empty_store: Store
) -> None:
    main = QMainWindow()
    qtbot.addWidget(main)
    menu = install_instructor(main, empty_store)

    def create(dialog: FirstStartDialog) -> None:
        assert isinstance(dialog, FirstStartDialog)
        dialog.name.setText("Mrs Wong")
        dialog.password.setText(PASSWORD)
        dialog.repeat.setText(PASSWORD)
        dialog.create_button.click()

    answer_dialog(create)
    opened = menu.open()
    assert opened is not None and opened.isVisible()
    qtbot.addWidget(opened)
    assert empty_store.has_instructor() and menu.lock_action.isEnabled()
    qtbot.waitUntil(lambda: not opened.jobs.busy())
    menu.lock()
    assert not opened.isVisible() and not menu.lock_action.isEnabled()


def test_wrong_password_then_cancel_opens_nothing(qtbot: QtBot, cohort: Cohort) -> None:
    cohort.store.lock(cohort.session)
    main = QMainWindow()
    qtbot.addWidget(main)
    menu = install_instructor(main, cohort.store)

    def refuse(dialog: LoginDialog) -> None:
        assert isinstance(dialog, LoginDialog)
        dialog.password.setText("a trainee's guess")
        dialog.unlock_button.click()
        assert not dialog.unlock_button.isEnabled()  # the countdown runs
        dialog.reject()

    answer_dialog(refuse)
    assert menu.open() is None
    assert menu.instructor_window is None and not menu.lock_action.isEnabled()


def test_the_password_opens_the_views(qtbot: QtBot, cohort: Cohort) -> None:
    cohort.store.lock(cohort.session)
    gc.unfreeze()  # nothing kept out of the full collections yet
    main = QMainWindow()
    qtbot.addWidget(main)
    menu = install_instructor(main, lambda: cohort.store)

    def unlock(dialog: LoginDialog) -> None:
        dialog.password.setText(PASSWORD)
        dialog.unlock_button.click()

    answer_dialog(unlock)
    opened = menu.open()
    assert opened is not None
    qtbot.addWidget(opened)
    assert gc.get_freeze_count() > 0  # the views' loaded code: out of full collections
    qtbot.waitUntil(lambda: not opened.jobs.busy())
    assert menu.open() is opened  # a second choice of the menu raises the same window
    opened.close()
    assert menu.instructor_window is None
