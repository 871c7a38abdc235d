"""Issue 36: no password stays in the running app after sign-out.

Trainee A signs in through the window's dialog on a centre's server (as a workstation
does), practises (her drill's window stays open), signs out, and trainee B signs in.
Then every object the process holds is searched for A's password: strings and bytes
reached from any object the garbage collector knows (URLs, engines, dicts, closures,
frames of kept tracebacks), and the text of every widget. None may hold it.

Needs the server of ``tests/storage/server``; without it the test is skipped.
"""

from __future__ import annotations

import gc
import uuid
from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot
from sqlalchemy.engine import URL

from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from tests.storage.server.conftest import Centre, centre  # noqa: F401 (the fixture)
from tests.ui.drills.conftest import wrong_answer

SIGN_IN_WAIT_MS = 30_000


@pytest.fixture
def holders() -> Iterator[list[AppStore]]:
    made: list[AppStore] = []
    yield made
    for holder in made:
        holder.close()


def _choose(centre: Centre, login: str, secret: bytearray) -> None:  # noqa: F811
    """``login`` chooses ``secret`` as their password (kept by the test as a bytearray
    only, so that the test itself holds no string of it)."""
    with centre.connect(login) as person:
        verifier = person.pgconn.encrypt_password(bytes(secret), login.encode(), b"scram-sha-256")
        person.execute(f"ALTER ROLE CURRENT_USER PASSWORD '{verifier.decode()}'")
    centre.passwords[login] = "(the test's own)"


def _sign_in(qtbot: QtBot, window: MainWindow, login: str, password: bytearray | str) -> None:
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)
    dialog = window.sign_in_dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.keyClicks(dialog.login, login)
    text = password if isinstance(password, str) else password.decode()
    qtbot.keyClicks(dialog.password, text)
    del text
    with qtbot.waitSignal(window.panel.traineeChosen, timeout=SIGN_IN_WAIT_MS):
        qtbot.keyClick(dialog.password, Qt.Key.Key_Return)


def holding(secret: bytearray) -> list[str]:
    """Where the process holds ``secret``: the kinds of the objects that refer to a string or
    bytes containing it, and the widgets that show it."""
    target = secret.decode()
    raw = bytes(secret)
    found: list[str] = []
    gc.collect()
    seen: set[int] = {id(secret), id(found)}
    todo = list(gc.get_objects())
    seen.update(id(o) for o in todo)
    while todo:
        holder = todo.pop()
        if isinstance(holder, URL) and target in str(holder.password or ""):
            found.append("URL")
        for ref in gc.get_referents(holder):
            if ref is target or ref is raw:
                continue
            if isinstance(ref, str):
                if target in ref:
                    found.append(type(holder).__name__)
            elif isinstance(ref, bytes | bytearray):
                if raw in ref:
                    found.append(type(holder).__name__)
            elif id(ref) not in seen:  # dicts and tuples of strings are not tracked by gc
                seen.add(id(ref))
                todo.append(ref)
    for widget in QApplication.allWidgets():
        text = widget.text() if isinstance(widget, QLineEdit) else ""
        if target in text:
            found.append(f"widget {widget.objectName() or type(widget).__name__}")
    return found


def test_a_trainees_password_is_not_kept_after_they_sign_out(
    qtbot: QtBot,
    centre: Centre,  # noqa: F811
    holders: list[AppStore],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ina = centre.add("instructor", "ina", "Ina Instructor")
    ana = centre.add("trainee", "ana", "Ana Trainee", by=ina)
    bob = centre.add("trainee", "bob", "Bob Trainee", by=ina)
    secret = bytearray(f"ana-{uuid.uuid4().hex}".encode())
    _choose(centre, ana, secret)
    monkeypatch.setenv("DEALER_TRAINER_DB_URL", centre.workstation_url)
    window = MainWindow()
    holders.append(window.app_store)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.startupFinished, timeout=60_000):
        window.show()
    _sign_in(qtbot, window, ana, secret)
    signed = window.panel.signed_in()
    assert signed is not None and signed.login == ana
    assert holding(secret), "the signed-in store keeps the password for its connections"
    launcher = window.drills.open()  # Ana practises: her drill's window holds her desk
    launcher.set_game("roulette")
    screen = launcher.start("practice")
    assert screen is not None and screen.controller.item is not None
    screen.submit(wrong_answer(screen.controller.item))
    qtbot.mouseClick(window.panel.sign_in_button, Qt.MouseButton.LeftButton)  # sign out
    assert window.panel.signed_in() is None
    _sign_in(qtbot, window, bob, centre.passwords[bob])
    signed = window.panel.signed_in()
    assert signed is not None and signed.login == bob
    assert holding(secret) == []
