"""Issue 36: a workstation that reaches its server unverified (the lab's switch,
``DEALER_TRAINER_LAB_UNVERIFIED_SERVER=1``, and no ``sslmode=verify-full``) says so in
its window all the time: before anyone signs in, while someone is signed in, after.

The sign-in needs the server of ``tests/storage/server`` (skipped without it).
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot
from sqlalchemy.engine import make_url

from dealer_trainer.storage.server.workstation import ServerStore
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from tests.storage.server.conftest import Centre, centre  # noqa: F401 (the fixture)
from tests.ui.test_server_sign_in import SIGN_IN_WAIT_MS, _sign_in, _window, holders  # noqa: F401

LAB = "DEALER_TRAINER_LAB_UNVERIFIED_SERVER"
WARNING = "Lab connection: the server is not verified"


def _warned(window: MainWindow) -> bool:
    label = window.unverified_warning
    return label.isVisible() and label.text() == WARNING


@pytest.mark.parametrize(
    ("url", "switch", "warned"),
    [
        ("postgresql+psycopg://127.0.0.1:1/nowhere", "1", True),
        ("postgresql+psycopg://127.0.0.1:1/nowhere?sslmode=require", "1", True),
        ("postgresql+psycopg://127.0.0.1:1/nowhere", None, False),  # refused at sign-in
        ("postgresql+psycopg://127.0.0.1:1/nowhere?sslmode=verify-full", "1", False),
    ],
)
def test_the_window_warns_of_an_unverified_server_from_the_start(
    qtbot: QtBot,
    holders: list[AppStore],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    switch: str | None,
    warned: bool,
) -> None:
    if switch is None:
        monkeypatch.delenv(LAB, raising=False)
    else:
        monkeypatch.setenv(LAB, switch)
    window = _window(qtbot, url, holders, monkeypatch)
    assert _warned(window) is warned
    window.statusBar().showMessage("a passing message")  # the warning stays beside it
    assert _warned(window) is warned
    if warned:
        assert "never with real trainees" in window.unverified_warning.toolTip()


def test_an_unverified_servers_url_is_refused_in_the_dialog_without_the_switch(
    qtbot: QtBot,
    holders: list[AppStore],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(LAB, raising=False)
    window = _window(qtbot, "postgresql+psycopg://127.0.0.1:1/nowhere", holders, monkeypatch)
    dialog = _sign_in(qtbot, window, "tom", "a secret password")
    qtbot.waitUntil(lambda: not dialog.is_signing_in, timeout=SIGN_IN_WAIT_MS)
    said = dialog.message.text()
    assert "sslmode=verify-full" in said and "PATH-TO-CA" in said
    assert "a secret password" not in said and not window.app_store.is_open


def test_the_warning_stays_while_signed_in_over_the_lab_switch(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    holders: list[AppStore],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tom = centre.add("trainee", "utom", "Una Trainee")
    plain = make_url(centre.workstation_url).difference_update_query(["sslmode", "sslrootcert"])
    monkeypatch.setenv(LAB, "1")
    window = _window(qtbot, plain.render_as_string(hide_password=False), holders, monkeypatch)
    assert _warned(window)
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        _sign_in(qtbot, window, tom, centre.passwords[tom])
    store = window.app_store.store()
    assert isinstance(store, ServerStore) and store.unverified_server
    assert window.panel.signed_in() is not None and _warned(window)
    window.sign_out()
    assert window.panel.signed_in() is None and _warned(window)


def test_the_instructors_window_says_it_too(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    holders: list[AppStore],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ina = centre.add("instructor", "uina", "Uma Instructor")
    plain = make_url(centre.workstation_url).difference_update_query(["sslmode", "sslrootcert"])
    monkeypatch.setenv(LAB, "1")
    window = _window(qtbot, plain.render_as_string(hide_password=False), holders, monkeypatch)
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        _sign_in(qtbot, window, ina, centre.passwords[ina])
    views = window.instructor.instructor_window
    assert views is not None and views.isVisible()
    qtbot.addWidget(views)
    label = views.unverified_warning
    assert label.isVisible() and label.text() == WARNING and _warned(window)
    views.statusBar().showMessage("a passing message")
    assert label.isVisible()
    window.sign_out()


def test_the_instructors_window_over_a_verified_server_says_nothing(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    holders: list[AppStore],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ina = centre.add("instructor", "vina", "Vera Instructor")
    monkeypatch.setenv(LAB, "1")  # on, but the URL verifies the server: nothing to say
    window = _window(qtbot, centre.workstation_url, holders, monkeypatch)
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        _sign_in(qtbot, window, ina, centre.passwords[ina])
    views = window.instructor.instructor_window
    assert views is not None
    qtbot.addWidget(views)
    assert not views.unverified_warning.isVisible() and not _warned(window)
    window.sign_out()
