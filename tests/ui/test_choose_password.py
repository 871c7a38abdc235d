"""Issue 36: a password an instructor gave is one-time. Signed in with it, the person is
asked for it again and for their own before anything else; refusals are said in words,
Enter chooses, and cancelling signs them out."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.storage.audit import Action
from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock

GIVEN = "given by mrs wong 1"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.sqlite3'}"),
        clock=FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    desk = opened.instructor(opened.create_first_instructor("Mrs Wong", "instructor password"))
    desk.add_trainee("Chan Tai Man", login="chan", password=GIVEN)
    yield opened
    opened.close()


def _signed_in_with_the_given_one(qtbot: QtBot, store: Store) -> MainWindow:
    window = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.app_store.is_open)
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)
    dialog = window.sign_in_dialog
    assert dialog is not None
    qtbot.keyClicks(dialog.login, "chan")
    qtbot.keyClicks(dialog.password, GIVEN)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.choose_password_dialog is not None)
    return window


def _type(qtbot: QtBot, dialog: ChoosePasswordDialog, given: str, new: str, again: str) -> None:
    for field, text in ((dialog.given, given), (dialog.new, new), (dialog.repeat, again)):
        field.clear()
        qtbot.keyClicks(field, text)
    qtbot.keyClick(dialog.repeat, Qt.Key.Key_Return)  # Enter chooses


def test_the_person_chooses_their_own_before_anything_else(qtbot: QtBot, store: Store) -> None:
    window = _signed_in_with_the_given_one(qtbot, store)
    dialog = window.choose_password_dialog
    assert dialog is not None and dialog.isVisible()
    assert window.panel.signed_in() is None  # nothing before the choice
    for given, new, again, said in (
        ("", "chan's own 77", "chan's own 77", "Enter the password you were given."),
        (GIVEN, "my own one 77", "my own one 78", "The two new passwords differ"),
        (GIVEN, "short1", "short1", "at least 8 characters"),
        (GIVEN, "onlyletters", "onlyletters", "mix letters"),
        (GIVEN, "Chan 12345", "Chan 12345", "must not contain the login chan"),
        (GIVEN, GIVEN, GIVEN, "must be replaced by your own"),
        ("not what was given 1", "my own one 77", "my own one 77", "current password is wrong"),
    ):
        _type(qtbot, dialog, given, new, again)
        assert dialog.isVisible() and said in dialog.message.text(), said
        assert (dialog.given.text(), dialog.new.text(), dialog.repeat.text()) == ("", "", "")
    with qtbot.waitSignal(window.panel.traineeChosen):
        _type(qtbot, dialog, GIVEN, "my own one 77", "my own one 77")
    person = window.panel.signed_in()
    assert person is not None and person.login == "chan"
    assert window.drills.open().desk() is not None
    assert not store.sign_in("chan", "my own one 77").must_choose_password
    [changed] = [
        e
        for e in store.instructor(store.verify_instructor("instructor password")).audit_log()
        if e.action is Action.PASSWORD_SET and e.actor == "chan"
    ]
    assert changed.detail == "changed by the person"


def test_not_choosing_signs_the_person_out(qtbot: QtBot, store: Store) -> None:
    window = _signed_in_with_the_given_one(qtbot, store)
    dialog = window.choose_password_dialog
    assert dialog is not None
    qtbot.keyClicks(dialog.given, GIVEN)
    with qtbot.waitSignal(dialog.finished):
        qtbot.mouseClick(dialog.sign_out_button, Qt.MouseButton.LeftButton)
    assert window.panel.signed_in() is None
    assert store.sign_in("chan", GIVEN).must_choose_password  # still the given one


def test_a_password_the_server_would_refuse_is_refused_in_words_when_added(
    qtbot: QtBot, store: Store
) -> None:
    from dealer_trainer.ui.instructor.people import TraineesPanel

    people = TraineesPanel(store.instructor(store.verify_instructor("instructor password")))
    qtbot.addWidget(people)
    people.refresh()
    for password, said in (
        ("abcdefghij", "The password must mix letters (a to z) with at least one other"),
        ("duarte 2026", "The password must not contain the login duarte"),
    ):
        people.name.setText("Duarte Sousa")
        people.login.setText("duarte")
        people.new_password.setText(password)
        people.add_button.click()
        assert people.message.text().startswith(said), people.message.text()
    assert "Duarte Sousa" not in {t.name for t in store.trainees()}
