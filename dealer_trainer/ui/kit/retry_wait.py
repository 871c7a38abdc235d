"""The wait after a wrong password, counted down on a label while the fields wait with it.

Storage decides how long an account waits (``WrongPasswordError.retry_after``,
``InstructorLockedError.wait``); this only shows it.  The trainee's sign-in and the
instructor's unlock both use it, each with its own words.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from datetime import timedelta

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QWidget


class RetryWait(QObject):
    """Disables ``fields`` for the wait and writes ``words(seconds_left)`` on ``label``.

    ``finished`` is emitted when the wait is over: the fields are enabled again and
    the first of them that takes typing has the focus.
    """

    finished = Signal()

    def __init__(
        self,
        label: QLabel,
        fields: Sequence[QWidget],
        words: Callable[[int], str],
        *,
        monotonic: Callable[[], float] = time.monotonic,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self._label = label
        self._fields = tuple(fields)
        self._words = words
        self._monotonic = monotonic
        self._until: float | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(250)
        self._timer.timeout.connect(self._tick)

    @property
    def waiting(self) -> bool:
        return self._until is not None

    def remaining_seconds(self) -> int:
        """Whole seconds left before the next attempt (0: it may be made now)."""
        if self._until is None:
            return 0
        return max(0, math.ceil(self._until - self._monotonic()))

    def start(self, delay: timedelta) -> None:
        self._until = self._monotonic() + delay.total_seconds()
        for field in self._fields:
            field.setEnabled(False)
        self._timer.start()
        self._tick()

    def skip(self) -> None:
        """Forget the wait shown here (storage still keeps the account's own wait)."""
        self._until = None

    def stop(self) -> None:
        self._timer.stop()

    def _tick(self) -> None:
        left = self.remaining_seconds()
        if left > 0:
            self._label.setText(self._words(left))
            return
        self._timer.stop()
        self._until = None
        self._label.clear()
        for field in self._fields:
            field.setEnabled(True)
        self._fields[-1].setFocus()
        self.finished.emit()
