"""Issue 6, who may do what: the instructor account, the password with its growing delay,
and a trainee's session that can neither reach the instructor views nor change an answer."""

from __future__ import annotations

from datetime import timedelta

import pytest
from PySide6.QtCore import QAbstractItemModel, QAbstractListModel, QModelIndex, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QComboBox, QTableView, QTableWidget
from pytestqt.qtbot import QtBot
from sqlalchemy import text

from dealer_trainer.storage import AccessDeniedError, InstructorSession, Store, TraineeDesk
from dealer_trainer.ui.instructor import FirstStartDialog, InstructorWindow, LoginDialog
from tests.storage.conftest import FakeClock
from tests.ui.instructor.cohort import PASSWORD, Cohort


class Ticks:
    """A monotonic clock for the countdown, moved by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_first_start_creates_the_instructor_with_an_argon2_hash(
    qtbot: QtBot, empty_store: Store
) -> None:
    dialog = FirstStartDialog(empty_store)
    qtbot.addWidget(dialog)
    dialog.name.setText("Mrs Wong")
    dialog.password.setText(PASSWORD)
    dialog.repeat.setText(PASSWORD)
    with qtbot.waitSignal(dialog.accepted):
        dialog.create_button.click()
    assert dialog.session is not None and dialog.session.name == "Mrs Wong"
    assert empty_store.has_instructor()
    stored = empty_store.read(
        lambda c: c.execute(text("SELECT password_hash FROM instructors")).scalar_one()
    )
    assert stored.startswith("$argon2id$") and PASSWORD not in stored
    empty_store.instructor(dialog.session)  # unlocked at once


def test_first_start_refuses_two_different_passwords(qtbot: QtBot, empty_store: Store) -> None:
    dialog = FirstStartDialog(empty_store)
    qtbot.addWidget(dialog)
    dialog.name.setText("Mrs Wong")
    dialog.password.setText(PASSWORD)
    dialog.repeat.setText(PASSWORD + "!")
    dialog.create_button.click()
    assert dialog.session is None
    assert "differ" in dialog.message.text()
    assert not empty_store.has_instructor()


def test_first_start_refuses_a_short_password(qtbot: QtBot, empty_store: Store) -> None:
    dialog = FirstStartDialog(empty_store)
    qtbot.addWidget(dialog)
    dialog.name.setText("Mrs Wong")
    dialog.password.setText("short")
    dialog.repeat.setText("short")
    dialog.create_button.click()
    assert dialog.session is None and not empty_store.has_instructor()


def test_password_unlocks_the_instructor_views(qtbot: QtBot, cohort: Cohort) -> None:
    cohort.store.lock(cohort.session)
    dialog = LoginDialog(cohort.store)
    qtbot.addWidget(dialog)
    dialog.password.setText(PASSWORD)
    with qtbot.waitSignal(dialog.accepted):
        dialog.unlock_button.click()
    assert isinstance(dialog.session, InstructorSession)
    cohort.store.instructor(dialog.session)


def test_wrong_password_shows_the_growing_delay_as_a_countdown(
    qtbot: QtBot, cohort: Cohort, clock: FakeClock
) -> None:
    ticks = Ticks()
    dialog = LoginDialog(cohort.store, monotonic=ticks)
    qtbot.addWidget(dialog)
    dialog.password.setText("not the password")
    dialog.unlock_button.click()
    assert dialog.session is None
    assert not dialog.unlock_button.isEnabled()
    assert dialog.remaining_seconds() == 1
    assert "1 s" in dialog.countdown.text()
    # the delay passes (storage's clock and the countdown's)
    clock.advance(seconds=1)
    ticks.now += 1
    with qtbot.waitSignal(dialog.countdownFinished, timeout=2000):
        pass
    assert dialog.unlock_button.isEnabled() and dialog.countdown.text() == ""
    # a second failure doubles the delay: 2 s
    dialog.password.setText("still wrong")
    dialog.unlock_button.click()
    assert dialog.remaining_seconds() == 2
    assert "2 s" in dialog.countdown.text()
    assert "Failed attempts in a row: 2." in dialog.message.text()


def test_no_attempt_is_checked_while_the_delay_runs(
    qtbot: QtBot, cohort: Cohort, clock: FakeClock
) -> None:
    first = LoginDialog(cohort.store)
    qtbot.addWidget(first)
    for _ in range(3):  # 1 s, 2 s, then 4 s to wait
        first.password.setText("wrong password")
        first._retry.skip()  # the test skips the countdown; storage keeps the delay
        clock.advance(seconds=10)
        first.attempt()
    # a new dialog (as after restarting the app) with the right password is still refused
    again = LoginDialog(cohort.store)
    qtbot.addWidget(again)
    again.password.setText(PASSWORD)
    again.attempt()
    assert again.session is None
    assert again.remaining_seconds() == 4
    assert not again.unlock_button.isEnabled()


def test_the_window_refuses_any_session_but_an_unlocked_instructor(
    qtbot: QtBot, cohort: Cohort
) -> None:
    session = cohort.session
    forged = InstructorSession(
        instructor_id=session.instructor_id,
        name=session.name,
        token="guessed",
        unlocked_at=session.unlocked_at,
    )
    with pytest.raises(AccessDeniedError):
        InstructorWindow(cohort.store, forged)
    cohort.store.lock(session)
    with pytest.raises(AccessDeniedError):
        InstructorWindow(cohort.store, session)


def test_a_trainee_session_has_no_path_to_the_instructor_views(cohort: Cohort) -> None:
    desk = cohort.store.trainee(cohort.trainees["Bruno Chan"])
    public = {name for name in dir(desk) if not name.startswith("_")}
    # nothing a trainee holds gives an instructor session, desk or a way to change answers
    # (exam_paper hands out the trainee's own assigned exam to sit it, issue 14;
    # mock_exam_sessions lists the trainee's own mock exams, for their review)
    sits = {"open_exams", "exam_paper", "mock_exam_sessions"}
    assert not {n for n in public if "instructor" in n or ("exam" in n and n not in sits)}
    assert not {n for n in public if n.startswith(("update", "edit", "delete", "set_"))}
    assert isinstance(desk, TraineeDesk)
    with pytest.raises(AccessDeniedError):
        InstructorWindow(cohort.store, desk)  # type: ignore[arg-type]


def _models(window: InstructorWindow) -> list[QAbstractItemModel]:
    """The models of every table and list (a combo box's own list of choices aside)."""
    choices = {id(combo.view()) for combo in window.findChildren(QComboBox)}
    return [
        view.model()
        for view in window.findChildren(QAbstractItemView)
        if view.model() is not None and id(view) not in choices
    ]


def test_no_answer_can_be_edited_through_the_instructor_window(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()  # a tab reads its figures once it is on screen
    with qtbot.waitSignal(window.trainee.answersLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Ana Lei"])
    assert window.trainee.answers.rowCount() > 0
    qtbot.waitUntil(lambda: not window.jobs.busy())
    before = window.desk.answers()
    checked = 0
    for model in _models(window):
        for row in range(model.rowCount(QModelIndex())):
            columns = 1 if isinstance(model, QAbstractListModel) else model.columnCount()
            for column in range(columns):
                index = model.index(row, column)
                assert not model.flags(index) & Qt.ItemFlag.ItemIsEditable
                checked += 1
    # the record models themselves refuse any change, even one made in code
    for model in (window.trainee.answers, window.cohort.proxy, window.cohort.model):
        assert model.rowCount() > 0
        assert not model.setData(model.index(0, 2), "correct", Qt.ItemDataRole.EditRole)
    for table in window.findChildren(QTableWidget):
        assert table.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    for view in window.findChildren(QTableView):
        if view.model() is window.trainee.answers:
            assert view.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    assert checked > 100
    assert window.desk.answers() == before


def test_locking_closes_the_window_and_needs_the_password_again(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.jobs.busy())
    window.lock()
    assert not window.isVisible()
    with pytest.raises(AccessDeniedError):
        cohort.store.instructor(cohort.session)


def test_a_pause_locks_the_instructor_views(qtbot: QtBot, cohort: Cohort, clock: FakeClock) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.jobs.busy())
    clock.advance(minutes=16)
    with qtbot.waitSignal(window.lockedOut) as locked:
        window.cohort.reload()
    assert "password" in locked.args[0]
    assert not window.isVisible()
    assert window.notice is not None and window.notice.isVisible()  # says why
    window.notice.close()
    with pytest.raises(AccessDeniedError):
        window.desk.all_trainees()


def test_an_unattended_window_locks_itself(qtbot: QtBot, cohort: Cohort) -> None:
    ticks = Ticks()
    window = InstructorWindow(
        cohort.store, cohort.session, monotonic=ticks, idle_limit=timedelta(minutes=15)
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: not window.jobs.busy())
    ticks.now += 14 * 60
    # a key pressed in the window counts as use: the pause starts again
    QTest.keyClick(window.cohort.filter, Qt.Key.Key_A)
    ticks.now += 14 * 60
    assert not window.check_idle() and window.isVisible()
    ticks.now += 2 * 60
    with qtbot.waitSignal(window.lockedOut):
        assert window.check_idle()
    assert not window.isVisible()
    assert window.notice is not None
    window.notice.close()
    with pytest.raises(AccessDeniedError):
        cohort.store.instructor(cohort.session)
