"""Issue 12, the first start: a welcome says who does what until the room is set up, and
practice under the computer's login name says why it is not recorded."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from dealer_trainer.ui.window.welcome import Setup, WelcomeDialog, setup_state, show_welcome
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS

PASSWORD = "a long password"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'first.db'}"), passwords=FAST_PASSWORDS)
    yield opened
    opened.close()


@pytest.fixture
def window(qtbot: QtBot, store: Store) -> MainWindow:
    shown = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(shown)
    return shown


def test_first_start_welcome_leads_the_instructor_then_the_trainees(
    qtbot: QtBot, window: MainWindow, store: Store
) -> None:
    assert setup_state(window) is Setup.NO_INSTRUCTOR
    dialog = show_welcome(window)
    assert dialog is not None
    qtbot.waitExposed(dialog)
    labels = " ".join(w.text() for w in dialog.findChildren(QLabel))
    assert "create your account" in labels and "register each trainee" in labels
    assert "sign in with your login and password" in labels
    assert window.panel.local_trainee() in labels and "not recorded" in labels
    assert dialog.instructor_button.text() == "&Create the instructor account…"
    assert dialog.practise.isDefault()  # Enter starts practising; it never opens a dialog
    with qtbot.waitSignal(dialog.accepted):
        qtbot.keyClick(dialog, Qt.Key.Key_Return)

    session = store.create_first_instructor("Instructor Wong", PASSWORD)
    assert setup_state(window) is Setup.NO_TRAINEES
    later = show_welcome(window)
    assert later is not None and later.instructor_button.text() == "Open the &instructor views…"
    later.accept()
    store.instructor(session).add_trainee("Ana Lei")
    assert setup_state(window) is Setup.READY
    assert show_welcome(window) is None  # set up: no welcome any more


def test_welcome_button_opens_the_instructor_account_dialog(qtbot: QtBot) -> None:
    opened: list[bool] = []
    dialog = WelcomeDialog(Setup.NO_INSTRUCTOR, "dealer", lambda: opened.append(True))
    qtbot.addWidget(dialog)
    dialog.show()
    with qtbot.waitSignal(dialog.accepted):
        dialog.instructor_button.click()
    assert opened == [True]


def test_practice_under_the_login_name_says_why_it_is_not_recorded(
    qtbot: QtBot, store: Store
) -> None:
    store.create_first_instructor("Instructor Wong", PASSWORD)
    launcher = DrillLauncher(lambda: None, store=store)
    qtbot.addWidget(launcher)
    screen = launcher.start("practice")
    assert screen is not None
    qtbot.addWidget(screen)
    assert "not recorded" in screen.mode_label.text()
    why = screen.mode_label.toolTip()
    assert "nobody is signed in" in why and "Sign in" in why
    assert launcher.status.text() == why


def test_the_not_recorded_note_changes_language_with_the_window(
    qtbot: QtBot, store: Store, tmp_path: Path
) -> None:
    """The launcher's status line said why practice is not recorded in the language of the
    moment it was written, and kept it after a switch to Chinese (seen under Xvfb)."""
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager

    store.create_first_instructor("Instructor Wong", PASSWORD)
    launcher = DrillLauncher(lambda: None, store=store)
    qtbot.addWidget(launcher)
    screen = launcher.start("practice")
    assert screen is not None
    qtbot.addWidget(screen)
    english = launcher.status.text()
    assert "nobody is signed in" in english
    manager = LanguageManager(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    try:
        manager.set_language("zh_Hant")
        qtbot.waitUntil(lambda: launcher.status.text() != english)
        assert "登入" in launcher.status.text()
        assert launcher.trainee_name() in launcher.status.text()
    finally:
        manager.set_language("en")
    qtbot.waitUntil(lambda: launcher.status.text() == english)
