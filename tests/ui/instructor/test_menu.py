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


def test_a_password_another_instructor_set_is_replaced_before_the_views_open(
    qtbot: QtBot, cohort: Cohort
) -> None:
    """Issue 36, one PC: the Instructor menu's way in asks an instructor whose password
    another set (one-time) for their own first, as the sign-in does; declined, nothing
    opens and the views stay locked."""
    from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog

    given, own = "given by mrs wong 1", "a fresh one of 77"
    cohort.store.instructor(cohort.session).add_instructor("Mr Lam", given, login="lam")
    cohort.store.lock(cohort.session)
    main = QMainWindow()
    qtbot.addWidget(main)
    menu = install_instructor(main, cohort.store)
    asked: list[str] = []

    def answer_choice(fill: object) -> None:
        """Answer the choose-password dialog once it shows (given up after a while: the
        views opened without it)."""
        tries = [0]

        def act() -> None:
            dialog = QApplication.activeModalWidget()
            if not isinstance(dialog, ChoosePasswordDialog):
                tries[0] += 1
                if tries[0] < 300:
                    QTimer.singleShot(10, act)
                return
            fill(dialog)  # type: ignore[operator]

        QTimer.singleShot(0, act)

    def unlock_then(then: object) -> object:
        def unlock(dialog: LoginDialog) -> None:
            assert isinstance(dialog, LoginDialog)
            dialog.name.setText("lam")
            dialog.password.setText(given)
            answer_choice(then)  # the next modal dialog, once this one is answered
            dialog.unlock_button.click()

        return unlock

    def decline(dialog: ChoosePasswordDialog) -> None:
        asked.append(type(dialog).__name__)
        dialog.sign_out_button.click()

    answer_dialog(unlock_then(decline))
    assert menu.open() is None
    assert asked == ["ChoosePasswordDialog"]
    assert menu.instructor_window is None and not menu.lock_action.isEnabled()

    def choose(dialog: ChoosePasswordDialog) -> None:
        asked.append(type(dialog).__name__)
        for field, text in ((dialog.given, given), (dialog.new, own), (dialog.repeat, own)):
            field.setText(text)
        dialog.choose_button.click()

    answer_dialog(unlock_then(choose))
    opened = menu.open()
    assert asked == ["ChoosePasswordDialog", "ChoosePasswordDialog"]
    assert opened is not None and opened.isVisible()
    qtbot.addWidget(opened)
    qtbot.waitUntil(lambda: not opened.jobs.busy())
    opened.close()
    # Their own now: the next unlock asks nothing more.
    answer_dialog(
        lambda d: (d.name.setText("lam"), d.password.setText(own), d.unlock_button.click())
    )
    again = menu.open()
    assert again is not None and asked == ["ChoosePasswordDialog", "ChoosePasswordDialog"]
    qtbot.addWidget(again)
    qtbot.waitUntil(lambda: not again.jobs.busy())
    again.close()
