"""The window's start-up after its first paint: the records open and their daily backup runs
off the GUI thread, the window is usable and says so meanwhile, and a failed backup is told to
the instructor."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import StorageError, Store, backup
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from dealer_trainer.ui.window.startup_watch import StartupWatch
from tests.storage.conftest import FAST_PASSWORDS

BOUND_S = 20.0


def _held_backup(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event]:
    """Make the daily backup wait for the test: (it has started, let it finish)."""
    started, release = threading.Event(), threading.Event()
    real = backup.daily_backup

    def held(database: Path, folder: Path, today: date, keep: int) -> Path | None:
        started.set()
        assert release.wait(BOUND_S)  # bounded: the test releases it
        return real(database, folder, today, keep)

    monkeypatch.setattr(backup, "daily_backup", held)
    return started, release


def _window(qtbot: QtBot, app_store: AppStore | None = None) -> MainWindow:
    window = MainWindow(app_store=app_store)
    qtbot.addWidget(window)
    return window


def test_the_records_are_in_use_while_their_daily_backup_runs(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DEALER_TRAINER_DB_URL", raising=False)
    started, release = _held_backup(monkeypatch)
    window = _window(qtbot)  # the app's own store: Store.open on a worker thread
    try:
        with qtbot.waitSignal(window.app_store.opened, timeout=int(BOUND_S * 1000)):
            window.show()
        # Open, and usable, while the backup has not finished (on a large file: minutes).
        assert started.wait(BOUND_S)
        assert window.app_store.is_checking_backups and window.is_starting
        store = window.app_store.store()
        assert store.trainees() == [] and not store.has_instructor()
        window.panel.select_game("craps")
        qtbot.waitUntil(lambda: window.panel.current_game() == "craps")
        assert list((tmp_path / "backups").glob("*.sqlite3")) == []
    finally:
        release.set()
    with qtbot.waitSignal(window.startupFinished, timeout=int(BOUND_S * 1000)):
        pass
    assert not window.app_store.is_checking_backups
    assert len(list((tmp_path / "backups").glob("*.sqlite3"))) == 1
    assert store.problems == []


def test_a_failed_daily_backup_is_told_to_the_instructor(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DEALER_TRAINER_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("DEALER_TRAINER_DB_URL", raising=False)
    (tmp_path / "backups").write_text("a file where the backup folder should be")
    window = _window(qtbot)
    with qtbot.waitSignal(window.startupFinished, timeout=int(BOUND_S * 1000)):
        window.show()
    box = window.records_warning
    qtbot.waitExposed(box)
    assert box.windowTitle() == "Tell the instructor"
    assert "The daily backup into" in box.informativeText()
    assert str(tmp_path / "backups") in box.informativeText()
    box.done(QMessageBox.StandardButton.Ok)


def test_a_damaged_log_at_opening_then_a_failed_backup_each_told_once(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release = _held_backup(monkeypatch)
    (tmp_path / "backups").write_text("a file where the backup folder should be")

    def opener(progress: Callable[[str], None]) -> Store:
        store = Store.open(
            f"sqlite:///{tmp_path / 'dealer-trainer.sqlite3'}",
            passwords=FAST_PASSWORDS,
            daily_backup=False,
        )
        store.log_problem = "The database's write-ahead log is damaged at frame 3 of 40."
        return store

    window = _window(qtbot, AppStore(reporting_opener=opener))
    window.show()
    try:
        qtbot.waitUntil(lambda: getattr(window, "records_warning", None) is not None)
        box = window.records_warning
        assert "damaged at frame 3 of 40" in box.informativeText()
        assert "backup" not in box.informativeText()
        assert started.wait(BOUND_S)
    finally:
        release.set()
    with qtbot.waitSignal(window.startupFinished, timeout=int(BOUND_S * 1000)):
        pass
    assert window.records_warning is box  # the box still open shows both
    told = box.informativeText()
    assert told.count("damaged at frame 3 of 40") == 1 and "The daily backup into" in told
    box.done(QMessageBox.StandardButton.Ok)


def test_the_window_says_the_records_are_opening_and_never_opens_them_itself(
    qtbot: QtBot, tmp_path: Path
) -> None:
    gate = threading.Event()
    threads: list[str] = []

    def slow_open(progress: Callable[[str], None]) -> Store:
        threads.append(threading.current_thread().name)
        assert gate.wait(BOUND_S)
        return Store.open(f"sqlite:///{tmp_path / 'centre.db'}", passwords=FAST_PASSWORDS)

    app_store = AppStore(reporting_opener=slow_open, in_background=True)
    window = _window(qtbot, app_store)
    # Before the window has painted, asking for the records starts opening them on the
    # worker thread: it does not open them on the GUI thread.
    with pytest.raises(StorageError, match="still being opened"):
        app_store.store()
    try:
        window.show()
        qtbot.waitUntil(lambda: window.statusBar().currentMessage() == "Opening the records…")
        window.panel.select_game("caribbean_stud")  # the felt and the game list work
        qtbot.waitUntil(lambda: window.scene().felt.game == "caribbean_stud")
    finally:
        gate.set()
    with qtbot.waitSignal(window.startupFinished, timeout=int(BOUND_S * 1000)):
        pass
    assert threads == ["open-records"]
    assert window.statusBar().currentMessage() == ""
    app_store.close()


def test_exit_when_ready_reports_once_the_start_up_work_is_done(
    qtbot: QtBot, tmp_path: Path
) -> None:
    import time

    store = Store.open(f"sqlite:///{tmp_path / 'centre.db'}", passwords=FAST_PASSWORDS)
    window = _window(qtbot, AppStore(lambda: store))
    watch = StartupWatch(window, time.perf_counter())
    finished: list[bool] = []
    window.startupFinished.connect(lambda: finished.append(True))
    with qtbot.waitSignal(watch.done, timeout=int(BOUND_S * 1000)) as reported:
        window.show()
    first_paint, responsive = reported.args
    assert finished == [True] and not window.is_starting
    assert 0 < first_paint <= responsive
    assert window.panel.games.item(2).icon().isNull() is False  # every thumbnail drawn
    store.close()
