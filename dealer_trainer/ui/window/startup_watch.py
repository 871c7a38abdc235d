"""How long a person waits at start-up: to the first paint, and until the window answers.

:class:`StartupWatch` is what ``dealer-trainer --exit-when-ready`` measures
(``benchmarks/startup.py`` compares it with a plain Qt window that measures
itself the same way):

- *first paint*: the felt, drawn last in the window, has been painted;
- *responsive*: the GUI thread is back at its event loop (a zero-delay timer
  posted at the first paint has run) and stays there: while the start-up work
  after the paint runs (the records, the daily backup, the thumbnails), a 5 ms
  ticker watches the GUI thread, and any tick later than :data:`FREEZE_S`
  moves *responsive* to the end of that freeze, since input waits as long.

``done`` is emitted once the window reports its start-up work finished, with
both times in seconds since ``started`` (a ``time.perf_counter()`` reading).
"""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, Qt, QTimer, Signal

from dealer_trainer.ui.window.main_window import MainWindow

#: A GUI thread away from its event loop longer than this is a freeze a person feels.
FREEZE_S = 0.1
TICK_MS = 5


class StartupWatch(QObject):
    """Watches ``window`` start; ``done(first_paint, responsive)`` in seconds since ``started``."""

    done = Signal(float, float)

    def __init__(self, window: MainWindow, started: float) -> None:
        super().__init__(window)
        self._window = window
        self._started = started
        self.first_paint: float | None = None
        self._answered: float | None = None
        self._freeze_ended: float | None = None
        self._last_tick = 0.0
        self._finished = False
        #: The longest time between two ticks after the first paint (seconds).
        self.longest_gap = 0.0
        self._ticker = QTimer(self)
        self._ticker.setTimerType(Qt.TimerType.PreciseTimer)
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self._tick)
        window.firstPainted.connect(self._painted)
        window.startupFinished.connect(self._startup_finished)

    def _now(self) -> float:
        return time.perf_counter() - self._started

    def _painted(self) -> None:
        self.first_paint = self._last_tick = self._now()
        QTimer.singleShot(0, self, self._back_at_the_loop)
        self._ticker.start()

    def _back_at_the_loop(self) -> None:
        self._answered = self._now()
        self._report_if_done()

    def _tick(self) -> None:
        now = self._now()
        gap = now - self._last_tick
        self.longest_gap = max(self.longest_gap, gap)
        if gap > FREEZE_S:
            self._freeze_ended = now
        self._last_tick = now

    def _startup_finished(self) -> None:
        self._tick()  # a freeze that ends with the last piece of work counts too
        self._finished = True
        self._report_if_done()

    def _report_if_done(self) -> None:
        if not self._finished or self._answered is None or self.first_paint is None:
            return
        self._ticker.stop()
        responsive = max(self._answered, self._freeze_ended or 0.0)
        self.done.emit(self.first_paint, responsive)
