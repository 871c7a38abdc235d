"""Issue 14 on a training centre's server: the window's URL names the server and the
database only, and each person signs in through the window's dialog as their own
PostgreSQL login (set up as IT would: ``server init``, then ``server add-person``).

Needs the server of ``tests/storage/server`` (``DEALER_TRAINER_TEST_PG_OWNER_URL`` and
``..._PASSWORD``); without it every test here is skipped.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage.records import Role
from dealer_trainer.storage.server.workstation import ServerStore
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from dealer_trainer.ui.window.sign_in import SignInDialog
from tests.storage.server.conftest import Centre, centre  # noqa: F401 (the fixture)
from tests.ui.drills.conftest import wrong_answer

SIGN_IN_WAIT_MS = 30_000  # the server's auth_delay makes a wrong password wait


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:  # noqa: F811 (the fixture imported above)
    ina = centre.add("instructor", "ina", "Ina Instructor")
    return {"ina": ina, "tom": centre.add("trainee", "tom", "Tom Trainee", by=ina)}


@pytest.fixture
def holders() -> Iterator[list[AppStore]]:
    """The windows' holders, closed after each test (their connections with them)."""
    made: list[AppStore] = []
    yield made
    for holder in made:
        holder.close()


def _window(
    qtbot: QtBot, url: str, holders: list[AppStore], monkeypatch: pytest.MonkeyPatch
) -> MainWindow:
    """The app's window as a workstation starts it, ``$DEALER_TRAINER_DB_URL`` set to ``url``."""
    monkeypatch.setenv("DEALER_TRAINER_DB_URL", url)
    window = MainWindow()
    holders.append(window.app_store)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.startupFinished, timeout=60_000):
        window.show()
    return window


def _sign_in(qtbot: QtBot, window: MainWindow, login: str, password: str) -> SignInDialog:
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)
    dialog = window.sign_in_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.login, login)
    qtbot.keyClicks(dialog.password, password)
    qtbot.keyClick(dialog.password, Qt.Key.Key_Return)
    assert dialog.is_signing_in and dialog.countdown.text() == "Signing in…"
    assert dialog.password.text() == "" and not dialog.sign_in_button.isEnabled()
    return dialog


def test_server_a_trainee_signs_in_through_the_window_and_practises(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    people: dict[str, str],
    holders: list[AppStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(qtbot, centre.workstation_url, holders, monkeypatch)
    assert window.app_store.signs_in_first and not window.app_store.is_open
    assert "records open when someone signs in" in window.statusBar().currentMessage()
    tom = people["tom"]
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        _sign_in(qtbot, window, tom, centre.passwords[tom])
    person = window.panel.signed_in()
    assert person is not None and (person.name, person.role) == ("Tom Trainee", Role.TRAINEE)
    store = window.app_store.store()
    assert isinstance(store, ServerStore) and store.connected_as == tom
    launcher = window.drills.open()
    launcher.set_game("roulette")
    screen = launcher.start("practice")
    assert screen is not None
    item = screen.controller.item
    assert item is not None
    screen.submit(wrong_answer(item))
    screen.close()
    with centre.owner_connection() as owner:  # recorded under Tom's login, by the server
        rows = owner.execute(
            "SELECT t.login, a.correct FROM answers a JOIN trainees t ON t.id = a.trainee_id"
        ).fetchall()
    assert rows == [(tom, False)]
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)  # sign out
    assert window.panel.signed_in() is None and not window.app_store.is_open  # connection closed
    assert launcher.desk() is None


def test_server_a_wrong_password_is_refused_in_the_dialog(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    people: dict[str, str],
    holders: list[AppStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(qtbot, centre.workstation_url, holders, monkeypatch)
    dialog = _sign_in(qtbot, window, people["tom"], "not-toms-password")
    qtbot.waitUntil(lambda: not dialog.is_signing_in, timeout=SIGN_IN_WAIT_MS)
    assert dialog.isVisible() and dialog.person is None
    assert dialog.message.text() == "The login or the password is wrong."
    assert "not-toms-password" not in dialog.message.text() + window.statusBar().currentMessage()
    assert not window.app_store.is_open and window.panel.signed_in() is None


def test_server_an_unreachable_server_is_said_in_the_dialog(
    qtbot: QtBot, holders: list[AppStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    window = _window(
        qtbot, "postgresql+psycopg://127.0.0.1:1/nowhere?sslmode=verify-full", holders, monkeypatch
    )
    dialog = _sign_in(qtbot, window, "tom", "a secret password")
    qtbot.waitUntil(lambda: not dialog.is_signing_in, timeout=SIGN_IN_WAIT_MS)
    said = dialog.message.text()
    assert "127.0.0.1" in said and "a secret password" not in said
    assert dialog.isVisible() and dialog.sign_in_button.isEnabled()


def test_server_an_instructor_signs_in_and_sees_the_dashboard(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    people: dict[str, str],
    holders: list[AppStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(qtbot, centre.workstation_url, holders, monkeypatch)
    ina = people["ina"]
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        _sign_in(qtbot, window, ina, centre.passwords[ina])
    views = window.instructor.instructor_window
    assert views is not None and views.isVisible()
    qtbot.addWidget(views)
    assert views.tabs.currentWidget() is views.cohort
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)  # sign out
    assert not views.isVisible() and not window.app_store.is_open


def test_server_a_sign_in_cancelled_while_under_way_leaves_nobody_signed_in(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    people: dict[str, str],
    holders: list[AppStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    window = _window(qtbot, centre.workstation_url, holders, monkeypatch)
    tom = people["tom"]
    dialog = _sign_in(qtbot, window, tom, centre.passwords[tom])
    dialog.reject()  # Cancel while the server is asked
    qtbot.waitUntil(lambda: not window.app_store.is_opening, timeout=SIGN_IN_WAIT_MS)
    assert window.panel.signed_in() is None and not window.app_store.is_open
    assert window.sign_in_dialog is None
