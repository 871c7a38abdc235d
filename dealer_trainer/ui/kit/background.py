"""Slow storage reads off the GUI thread: a small pool whose results come back as signals.

``Jobs.run(work, done)`` runs ``work()`` on a worker thread and calls
``done(result)`` on the GUI thread. A newer job with the same ``key`` makes an
older one's result stale: it is dropped, so a quick change of trainee or
period never paints old figures. Errors reach ``failed(message)``; a locked
instructor session reaches ``locked(message)``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QThreadPool, Signal

from dealer_trainer.storage import AccessDeniedError, StorageError
from dealer_trainer.ui.kit.language import problem_text


class _Relay(QObject):
    finished = Signal(int, object)
    error = Signal(int, object)


def _runner(number: int, work: Callable[[], object], relay: _Relay) -> Callable[[], None]:
    """The callable the pool runs (a plain callable: no QRunnable wrapper for Qt to delete)."""

    def run() -> None:
        try:
            result = work()
        except (StorageError, ValueError) as exc:
            relay.error.emit(number, exc)
        else:
            relay.finished.emit(number, result)

    return run


class Jobs(QObject):
    """A pool of two worker threads and the jobs waiting for their results."""

    failed = Signal(str)
    locked = Signal(str)
    idle = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._relay = _Relay(self)
        self._relay.finished.connect(self._finished)
        self._relay.error.connect(self._error)
        self._count = 0
        self._waiting: dict[int, tuple[str, Callable[[Any], None]]] = {}
        self._latest: dict[str, int] = {}

    def run(self, key: str, work: Callable[[], object], done: Callable[[Any], None]) -> None:
        self._count += 1
        self._waiting[self._count] = (key, done)
        self._latest[key] = self._count
        self._pool.start(_runner(self._count, work, self._relay))

    def busy(self) -> bool:
        return bool(self._waiting)

    def _take(self, number: int) -> Callable[[Any], None] | None:
        waiting = self._waiting.pop(number, None)
        if waiting is None:  # dropped by shutdown(): its result arrives after the window went
            return None
        key, done = waiting
        stale = self._latest.get(key) != number
        return None if stale else done

    def _finished(self, number: int, result: object) -> None:
        if number not in self._waiting:
            return
        done = self._take(number)
        if done is not None:
            done(result)
        self._check_idle()

    def _error(self, number: int, error: object) -> None:
        if number not in self._waiting:
            return
        self._take(number)
        if isinstance(error, AccessDeniedError):
            self.locked.emit(problem_text(error))
        else:
            self.failed.emit(
                problem_text(error) if isinstance(error, BaseException) else str(error)
            )
        self._check_idle()

    def _check_idle(self) -> None:
        if not self._waiting:
            self.idle.emit()

    def shutdown(self) -> None:
        """Wait for running jobs (each is one short transaction) and drop their results."""
        self._pool.clear()
        self._pool.waitForDone()
        self._waiting.clear()
