"""Issue 16, storage faults as the window meets them: it stays alive while the records wait
for a lock, says what it waits for, names a bad database URL, tells of lost answers, and
shows typed names and titles as text, never as HTML."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel, QMessageBox
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import StorageError, Store
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from tests.storage.conftest import FAST_PASSWORDS

BOUND_S = 20.0
HTML_NAME = "<b>Ana</b> <a href='x'>Lei</a>"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(f"sqlite:///{tmp_path / 'centre.db'}", passwords=FAST_PASSWORDS)
    yield opened
    opened.close()


def test_window_stays_alive_while_the_records_wait_for_a_lock(qtbot: QtBot, store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Mrs Wong", "a long password"))
    desk.add_trainee("Ana Lei")
    gate = threading.Event()

    def slow_open(progress: Callable[[str], None]) -> Store:
        progress("Waiting for another program to release the database; up to 30 s…")
        assert gate.wait(BOUND_S)  # bounded: the test releases it
        return store

    app_store = AppStore(reporting_opener=slow_open)
    window = MainWindow(app_store=app_store)
    qtbot.addWidget(window)
    window.show()
    try:
        qtbot.waitUntil(
            lambda: "Waiting for another program" in window.statusBar().currentMessage()
        )
        # The GUI thread is free: the window answers, and asking for the store does not block.
        window.panel.select_game("craps")
        qtbot.waitUntil(lambda: window.panel.current_game() == "craps")
        with pytest.raises(StorageError, match="still being opened"):
            app_store.store()
        assert app_store.is_opening and not app_store.is_open
    finally:
        gate.set()
    qtbot.waitUntil(lambda: app_store.is_open)
    assert window.panel.signed_in() is None  # trainees sign in: no list of names to pick
    assert window.statusBar().currentMessage() == ""


def test_bad_port_in_the_database_url_is_a_message_not_an_exception(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DB_URL", "postgresql://trainer:s3cret@db.centre:abc/t")
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: "Records are not available" in window.statusBar().currentMessage())
    message = window.statusBar().currentMessage()
    assert "the port 'abc' is not a number" in message
    assert "s3cret" not in message
    assert window.app_store.store  # the window lives on


def test_lost_answers_are_told_to_the_instructor(qtbot: QtBot, store: Store) -> None:
    store.log_problem = "The database's write-ahead log is damaged at frame 3 of 40."
    window = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: getattr(window, "records_warning", None) is not None)
    box = window.records_warning
    qtbot.waitExposed(box)
    assert box.windowTitle() == "Tell the instructor"
    assert "damaged at frame 3 of 40" in box.informativeText()
    box.done(QMessageBox.StandardButton.Ok)


def _rich_labels_showing(root: object, text: str) -> list[QLabel]:
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QWidget

    assert isinstance(root, QWidget)
    found = []
    for label in root.findChildren(QLabel):
        if "<b>Ana</b>" in label.text() and label.textFormat() != Qt.TextFormat.PlainText:
            found.append(label)
    return found


def test_a_trainee_name_with_html_is_shown_as_typed(qtbot: QtBot, store: Store) -> None:
    from dealer_trainer.ui.instructor.people import TraineesPanel

    session = store.create_first_instructor("Mrs Wong", "a long password")
    desk = store.instructor(session)
    people = TraineesPanel(desk)
    qtbot.addWidget(people)
    people.name.setText(HTML_NAME)
    people.new_password.setText("a long password")
    people.add()
    assert HTML_NAME in people.message.text()
    assert _rich_labels_showing(people, HTML_NAME) == []


def test_an_exam_title_with_html_is_shown_as_typed(qtbot: QtBot, store: Store) -> None:
    from dealer_trainer.ui.exams.panel import ExamsPanel

    desk = store.instructor(store.create_first_instructor("Mrs Wong", "a long password"))
    desk.create_exam(
        "<b>Ana</b> week\u202e 1", "roulette-2003", ["roulette.straight_up"], 5, 7, Fraction(1)
    )
    panel = ExamsPanel(desk, store.day_zone)
    qtbot.addWidget(panel)
    panel.refresh()
    assert desk.exams()[0].title == "<b>Ana</b> week 1"  # the override is gone, the text kept
    from PySide6.QtCore import Qt

    panel.builder.skills.item(0).setCheckState(Qt.CheckState.Checked)
    panel.builder.exam_title.setText("<b>Ana</b> week 2")
    made = panel.builder.save_exam()
    assert made is not None, panel.builder.message.text()
    assert "Saved: <b>Ana</b> week 2" in panel.builder.message.text()
    assert _rich_labels_showing(panel, HTML_NAME) == []


def test_after_a_failed_open_the_store_is_tried_again_off_the_gui_thread(
    qtbot: QtBot, store: Store
) -> None:
    attempts: list[str] = []
    gate = threading.Event()

    def flaky_open(progress: Callable[[str], None]) -> Store:
        attempts.append(threading.current_thread().name)
        if len(attempts) == 1:
            raise StorageError("The database is locked by another program.")
        assert gate.wait(BOUND_S)
        return store

    app_store = AppStore(reporting_opener=flaky_open)
    with qtbot.waitSignal(app_store.failed) as failed:
        app_store.open_in_background()
    assert failed.args == ["The database is locked by another program."]
    with pytest.raises(StorageError, match="still being opened"):
        app_store.store()  # starts the second attempt on the worker, does not wait for it
    gate.set()
    with qtbot.waitSignal(app_store.opened):
        pass
    assert app_store.store() is store
    assert attempts == ["open-records", "open-records"]


def test_quitting_while_the_records_wait_does_not_wait(qtbot: QtBot) -> None:
    gate = threading.Event()
    closed: list[bool] = []

    class Opened:
        def close(self) -> None:
            closed.append(True)

    def waiting_open(progress: Callable[[str], None]) -> Store:
        assert gate.wait(BOUND_S)
        return Opened()  # type: ignore[return-value]

    app_store = AppStore(reporting_opener=waiting_open)
    app_store.open_in_background()
    app_store.close()  # returns at once: the worker is still waiting for its lock
    assert app_store.is_opening and not gate.is_set()
    gate.set()
    qtbot.waitUntil(lambda: not app_store.is_opening)
    assert closed == [True] and not app_store.is_open  # what arrived late was closed
