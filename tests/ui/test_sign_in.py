"""Issue 14, everyone signs in: the sign-in dialog, a wrong password and its wait, a trainee
who never sees another's records, and an instructor resetting a trainee's password."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.storage.records import Role
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from dealer_trainer.ui.window.sign_in import SignInDialog
from tests.migrated import Templates
from tests.signing import sign_in_own
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock

INSTRUCTOR_PASSWORD = "instructor password"
GIVEN = "given by mrs wong 1"  # one-time: each trainee chose their own in its place


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.sqlite3'}"),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    desk = opened.instructor(opened.create_first_instructor("Mrs Wong", INSTRUCTOR_PASSWORD))
    desk.add_trainee("Chan Tai Man", login="chan", password=GIVEN)
    desk.add_trainee("Lei Siu Mei", login="mei", password=GIVEN)
    sign_in_own(opened, "chan", GIVEN, "tai man's password")  # as at their first sign-in
    sign_in_own(opened, "mei", GIVEN, "lei's password")
    yield opened
    opened.close()


def _window(qtbot: QtBot, store: Store) -> MainWindow:
    window = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.app_store.is_open)
    return window


def _sign_in(qtbot: QtBot, window: MainWindow, login: str, password: str) -> SignInDialog:
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)
    dialog = window.sign_in_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.login, login)
    qtbot.keyClicks(dialog.password, password)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)  # Enter signs in
    return dialog


def test_a_trainee_signs_in_and_the_drills_record_for_them(qtbot: QtBot, store: Store) -> None:
    window = _window(qtbot, store)
    assert window.panel.signed_in() is None
    with qtbot.waitSignal(window.panel.traineeChosen):
        _sign_in(qtbot, window, "chan", "tai man's password")
    person = window.panel.signed_in()
    assert person is not None and (person.name, person.role) == ("Chan Tai Man", Role.TRAINEE)
    assert "Chan Tai Man (chan)" in window.panel.signed_in_as.text()
    assert window.panel.sign_in_button.text() == "Sign &out"
    launcher = window.drills.open()
    desk = launcher.desk()
    assert desk is not None and desk.trainee_id == person.id
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)  # sign out
    assert window.panel.signed_in() is None and launcher.desk() is None


def test_a_wrong_password_says_so_and_counts_down_the_wait(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    now = [100.0]
    dialog = SignInDialog(store.sign_in, monotonic=lambda: now[0])
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.login.setText("chan")
    dialog.password.setText("not my password")
    dialog.sign_in_button.click()
    assert dialog.person is None and dialog.isVisible()
    assert dialog.message.text() == "The login or the password is wrong."
    assert dialog.password.text() == ""  # never left in the field
    assert dialog.countdown.text() == "You can try again in 1 s."
    assert not dialog.sign_in_button.isEnabled()
    now[0] += 1
    clock.advance(seconds=1)
    with qtbot.waitSignal(dialog.countdownFinished, timeout=2000):
        pass
    assert dialog.sign_in_button.isEnabled() and dialog.countdown.text() == ""
    dialog.password.setText("tai man's password")
    dialog.sign_in_button.click()
    assert dialog.person is not None and dialog.person.login == "chan"


def test_a_trainee_never_sees_another_trainee_s_records(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    from fractions import Fraction

    instructor = store.instructor(store.verify_instructor(INSTRUCTOR_PASSWORD, "mrs.wong"))
    chan_id = next(p.id for p in instructor.all_trainees() if p.name == "Chan Tai Man")
    paper = instructor.create_exam(
        "Chan's exam", "roulette-2003", ["roulette.straight_up"], 2, 5, Fraction(1, 2)
    )
    instructor.assign_exam(paper.id, [chan_id])
    chan = store.sign_in("chan", "tai man's password")
    chan_launcher = DrillLauncher(lambda: chan, store=store)
    qtbot.addWidget(chan_launcher)
    chan_launcher.set_game("roulette")
    screen = chan_launcher.start("practice")
    assert screen is not None
    qtbot.addWidget(screen)
    item = screen.controller.item
    assert item is not None
    from tests.ui.drills.conftest import wrong_answer

    screen.submit(wrong_answer(item))  # Chan has a mistake now, and an exam
    screen.close()
    assert [t for t in (chan_launcher.exams.itemText(i) for i in range(2)) if "Chan" in t]

    clock.advance(seconds=5)
    mei = store.sign_in("mei", "lei's password")
    mei_launcher = DrillLauncher(lambda: mei, store=store)
    qtbot.addWidget(mei_launcher)
    texts = [mei_launcher.exams.itemText(i) for i in range(mei_launcher.exams.count())]
    assert not [t for t in texts if "Chan" in t]  # only the mock exam
    assert mei_launcher.start("mistakes") is None
    assert mei_launcher.status.text() == "You have no wrong answers to try again."
    desk = mei_launcher.desk()
    assert desk is not None and desk.answers() == [] and desk.sessions() == []
    # Nor by handing the launcher someone else's identity: only a Person the store issued.
    from dataclasses import replace

    forged = replace(mei, id=chan.id, name=chan.name)
    forged_launcher = DrillLauncher(lambda: forged, store=store)
    qtbot.addWidget(forged_launcher)
    assert "Sign in first" in forged_launcher.status.text()


def test_an_instructor_resets_a_trainee_s_password(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    from dealer_trainer.ui.instructor.window import InstructorWindow

    person = store.sign_in("mrs.wong", INSTRUCTOR_PASSWORD)
    assert person.session is not None
    window = InstructorWindow(store, person.session)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    people = window.people
    window.tabs.setCurrentWidget(people)
    chan_id = next(t.id for t in people.trainees() if t.name == "Chan Tai Man")
    people.select(chan_id)
    assert people.set_password_button.isEnabled()

    def fill() -> None:
        dialog = QApplication.activeModalWidget()
        assert dialog is not None and dialog.objectName() == "traineePassword"
        dialog.password.setText("a brand new password")  # type: ignore[attr-defined]
        dialog.repeat.setText("a brand new password")  # type: ignore[attr-defined]
        dialog.ok_button.click()  # type: ignore[attr-defined]

    QTimer.singleShot(0, fill)
    with qtbot.waitSignal(people.changed):
        qtbot.mouseClick(people.set_password_button, Qt.MouseButton.LeftButton)
    assert "Chan Tai Man signs in with the new password" in people.message.text()

    now = [0.0]
    dialog = SignInDialog(store.sign_in, monotonic=lambda: now[0])
    qtbot.addWidget(dialog)
    dialog.login.setText("chan")
    dialog.password.setText("tai man's password")  # the old one no longer works
    dialog.sign_in_button.click()
    assert dialog.person is None and "wrong" in dialog.message.text()
    clock.advance(seconds=2)
    now[0] += 2
    with qtbot.waitSignal(dialog.countdownFinished, timeout=2000):
        pass
    dialog.password.setText("a brand new password")
    dialog.sign_in_button.click()
    assert dialog.person is not None and dialog.person.name == "Chan Tai Man"
    assert dialog.person.must_choose_password  # the reset one is one-time (issue 36)
    # The audit trail shows it, by login, in words: read as its tab is shown.
    assert window.tabs.currentWidget() is not window.records_check
    window.tabs.setCurrentWidget(window.records_check)
    rows = [
        [window.records_check.audit.item(r, c).text() for c in range(4)]
        for r in range(window.records_check.audit.rowCount())
    ]
    assert ["mrs.wong", "set a password", "chan"] in [row[1:] for row in rows]


def test_verify_records_says_what_it_found_in_words(qtbot: QtBot, store: Store) -> None:
    from dealer_trainer.ui.instructor.window import InstructorWindow

    session = store.verify_instructor(INSTRUCTOR_PASSWORD, "mrs.wong")
    window = InstructorWindow(store, session)
    qtbot.addWidget(window)
    found = window.records_check.verify()
    assert found is not None and found.clean
    assert window.records_check.result.text().startswith("Nothing was found")
    assert "cannot see" in window.records_check.limits.text()


def test_a_malformed_database_url_does_not_show_its_password_in_the_status_bar(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    secret = "Tr0ub4dor-3"
    monkeypatch.setenv("DEALER_TRAINER_DB_URL", f"postgresql+psycopg//ana:{secret}@db/centre")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "Records are not available" in window.statusBar().currentMessage())
    assert secret not in window.statusBar().currentMessage()
    window.panel.sign_in_button.click()  # asking to sign in says it again, without it
    assert secret not in window.statusBar().currentMessage()


def test_the_first_instructor_chooses_a_login_and_signs_in_with_it(
    qtbot: QtBot, tmp_path: Path
) -> None:
    from dealer_trainer.ui.instructor.login import FirstStartDialog

    fresh = Store.open(f"sqlite:///{tmp_path / 'new.sqlite3'}", passwords=FAST_PASSWORDS)
    try:
        dialog = FirstStartDialog(fresh)
        qtbot.addWidget(dialog)
        dialog.name.setText("Mrs Wong")
        dialog.login.setText("wong")
        dialog.password.setText(INSTRUCTOR_PASSWORD)
        dialog.repeat.setText(INSTRUCTOR_PASSWORD)
        dialog.create_button.click()
        assert dialog.session is not None
        assert fresh.sign_in("wong", INSTRUCTOR_PASSWORD).role is Role.INSTRUCTOR
    finally:
        fresh.close()


def test_a_long_problem_is_shown_whole_the_dialog_grows_to_it(qtbot: QtBot) -> None:
    from dealer_trainer.storage import StorageError
    from dealer_trainer.storage.engine import locate

    with pytest.raises(StorageError) as problem:  # a long sentence naming the URL and the fix
        locate("postgresql+psycopg://training-centre.example.org:70000/records")
    dialog = SignInDialog(None, begin=lambda login, password: None)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    before = dialog.height()
    dialog.login.setText("ana")
    dialog.attempt()
    dialog.refuse(problem.value)
    message = dialog.message
    assert "port 70000" in message.text()
    assert dialog.height() > before
    assert message.height() >= message.heightForWidth(message.width())  # no line cut off
    assert dialog.layout().geometry().height() <= dialog.height()
