"""Slow reads run off the GUI thread; only the newest request of a kind paints its result."""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import AccessDeniedError, StorageError
from dealer_trainer.ui.kit.background import Jobs


def test_results_come_back_on_the_gui_thread(qtbot: QtBot) -> None:
    jobs = Jobs()
    seen: list[tuple[object, bool]] = []
    gui = threading.get_ident()
    with qtbot.waitSignal(jobs.idle):
        jobs.run(
            "a",
            threading.get_ident,
            lambda worker: seen.append((worker, threading.get_ident() == gui)),
        )
    assert seen and seen[0][0] != gui and seen[0][1]
    jobs.shutdown()


def test_a_newer_request_of_the_same_kind_drops_the_older_result(qtbot: QtBot) -> None:
    jobs = Jobs()
    release = threading.Event()
    shown: list[str] = []

    def slow() -> str:
        release.wait(5)
        return "old"

    jobs.run("plots", slow, shown.append)
    jobs.run("plots", lambda: "new", shown.append)
    jobs.run("table", lambda: "other kind", shown.append)
    with qtbot.waitSignal(jobs.idle, timeout=10_000):
        release.set()
    assert sorted(shown) == ["new", "other kind"]
    jobs.shutdown()


def test_storage_errors_and_a_locked_session_are_reported(qtbot: QtBot) -> None:
    jobs = Jobs()

    def locked() -> object:
        raise AccessDeniedError("The instructor views are locked: enter the instructor password.")

    def broken() -> object:
        raise StorageError("The database file x cannot be used.")

    with qtbot.waitSignal(jobs.locked) as lock_signal:
        jobs.run("a", locked, lambda _: None)
    assert "password" in lock_signal.args[0]
    with qtbot.waitSignal(jobs.failed) as failure:
        jobs.run("b", broken, lambda _: None)
    assert "cannot be used" in failure.args[0]
    jobs.shutdown()


def test_results_arriving_after_shutdown_are_dropped(qtbot: QtBot) -> None:
    jobs = Jobs()
    shown: list[object] = []
    jobs.run("a", lambda: 1, shown.append)
    jobs.shutdown()  # waits for the job; its queued result must not reach a closed view
    QCoreApplication.sendPostedEvents()  # the queued result is delivered now, and ignored
    QCoreApplication.processEvents()
    assert shown == [] and not jobs.busy()
