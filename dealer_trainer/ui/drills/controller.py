"""The Qt face of a :class:`~dealer_trainer.drills.DrillSession`: items, clock, answers.

:class:`DrillController` hands out items (``itemShown``), runs the clock of
timed items (``ticked`` every tenth of a second with the time left; at zero
the item is submitted as a timeout) and submits answers.  ``submit`` calls
the session, which records the answer *before* it returns a grade; only
then is ``feedbackReady`` emitted.  If recording fails, ``recordFailed`` is
emitted with the reason, no feedback is given, and the answer is kept
(``pending``) until :meth:`retry` stores it.  Exams emit no feedback: the
next item follows, and ``finished`` carries the summary at the end.  An
assigned exam can be left unfinished (``suspend``, ``suspended``) and resumed
later from where it stopped; leaving any exam asks first (the screen's task).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from dealer_trainer.drills import (
    Answer,
    DrillItem,
    DrillSession,
    ExamSpec,
    Mode,
    Outcome,
    Summary,
    time_allowed,
)

Clock = Callable[[], int]  # monotonic milliseconds

TICK_MS = 100


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


@dataclass(frozen=True)
class PendingAnswer:
    """An answer given but not yet stored: kept until a retry succeeds."""

    answer: Answer
    elapsed_ms: int


class DrillController(QObject):
    """Drives one drill session for the screen: the only object that calls ``submit``."""

    itemShown = Signal(object)  # DrillItem
    ticked = Signal(int)  # milliseconds left on a timed item
    feedbackReady = Signal(object)  # Outcome, already recorded
    answerRecorded = Signal(object)  # Outcome, in every mode (exams too), before any feedback
    recordFailed = Signal(str)
    finished = Signal(object)  # Summary
    suspended = Signal()  # an exam left unfinished, to be resumed later

    def __init__(
        self,
        session: DrillSession,
        *,
        exam: ExamSpec | None = None,
        time_limit_ms: int | None = None,
        clock: Clock = monotonic_ms,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.exam = exam
        #: The whole session's time (an exam's): at the limit the item on show is a
        #: timeout and the session ends; items never shown count as not answered.
        self.time_limit_ms = time_limit_ms
        self.clock = clock
        self.pending: PendingAnswer | None = None
        self.last_error: str | None = None
        self._shown_at = 0
        self._started_at = 0
        self._ended_at: int | None = None
        self._over = False
        self._paused_at: int | None = None  # the clocks stand still while a question is asked
        self._timer = QTimer(self)
        self._timer.setInterval(TICK_MS)
        self._timer.timeout.connect(self._tick)

    # ----------------------------------------------------------- questions --
    @property
    def item(self) -> DrillItem | None:
        return self.session.current

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def total_ms(self) -> int:
        """Time from the first item to the end (or to now)."""
        end = self._ended_at if self._ended_at is not None else self.clock()
        return max(end - self._started_at, 0)

    def start(self) -> None:
        self._started_at = self.clock()
        self.next_item()

    def next_item(self) -> None:
        """Show the next item, or finish the session when there is none."""
        if self._over or self.pending is not None:
            return
        if self.session_time_left_ms() == 0:
            self.finish()
            return
        item = self.session.next_item()
        if item is None:
            self.finish()
            return
        self._shown_at = self.clock()
        self.itemShown.emit(item)
        if self.session.timed:
            self._timer.start()
            self.ticked.emit(self.time_left_ms())

    def pause(self) -> None:
        """Stop the item's and the session's clocks (the window asks the trainee something)."""
        if self._paused_at is None and not self._over:
            self._paused_at = self.clock()
            self._timer.stop()

    def resume(self) -> None:
        """Start the clocks again where they stopped: the pause costs the trainee no time."""
        if self._paused_at is None:
            return
        gap = max(self.clock() - self._paused_at, 0)
        self._paused_at = None
        self._shown_at += gap
        self._started_at += gap
        running = not self._over and self.item is not None and self.pending is None
        if running and self.session.timed:
            self._timer.start()
            self.ticked.emit(self.time_left_ms())

    def time_left_ms(self) -> int:
        """Time left on the item, or on the session when that ends first."""
        item = self.item
        if item is None or not self.session.timed:
            return 0
        left = time_allowed(item) * 1000 - (self.clock() - self._shown_at)
        session_left = self.session_time_left_ms()
        if session_left is not None:
            left = min(left, session_left)
        return max(left, 0)

    def session_time_left_ms(self) -> int | None:
        if self.time_limit_ms is None:
            return None
        return max(self.time_limit_ms - (self.clock() - self._started_at), 0)

    def _tick(self) -> None:
        if self.item is None or self.pending is not None or self._paused_at is not None:
            self._timer.stop()
            return
        left = self.time_left_ms()
        self.ticked.emit(left)
        if left == 0:
            self.submit(Answer(timed_out=True))

    # ------------------------------------------------------------- answers --
    def submit(self, answer: Answer) -> Outcome | None:
        """Grade and record ``answer``; feedback only once it is stored (``None`` if not)."""
        if self.item is None or self.pending is not None:
            return None
        self._timer.stop()
        elapsed = max(self.clock() - self._shown_at, 0)
        return self._store(PendingAnswer(answer, elapsed))

    def retry(self) -> Outcome | None:
        """Try again to store the answer that could not be recorded."""
        pending = self.pending
        if pending is None:
            return None
        self.pending = None
        return self._store(pending)

    def _store(self, pending: PendingAnswer) -> Outcome | None:
        try:
            outcome = self.session.submit(pending.answer, pending.elapsed_ms)
        except Exception as exc:  # any failure to store must stop the feedback
            self.pending = pending
            self.last_error = str(exc) or type(exc).__name__
            self.recordFailed.emit(self.last_error)
            return None
        self.last_error = None
        self.answerRecorded.emit(outcome)
        if self.session.shows_feedback:
            self.feedbackReady.emit(outcome)
        else:
            self.next_item()
        return outcome

    # ----------------------------------------------------------------- end --
    def summary(self) -> Summary:
        return self.session.summary()

    def passed(self) -> bool | None:
        """Whether an exam was passed (``None`` outside exams)."""
        return None if self.exam is None else self.exam.passed(self.summary())

    def finish(self) -> None:
        """End the session (an unanswered item is left out) and emit the summary."""
        if self._over:
            return
        self._timer.stop()
        self._over = True
        self._ended_at = self.clock()
        self.finished.emit(self.summary())

    def suspend(self) -> bool:
        """Leave a resumable session (an assigned exam) unfinished, to take it up later.

        The item on show is left unanswered (it comes again on resuming); the answers
        given are stored already. ``False`` (and nothing done) for a session that cannot
        be resumed, or while an answer waits to be stored.
        """
        if self._over or self.pending is not None or self.session.on_suspend is None:
            return False
        self._timer.stop()
        self._over = True
        self._ended_at = self.clock()
        self.session.on_suspend()
        self.suspended.emit()
        return True

    @property
    def exam_running(self) -> bool:
        """An exam is under way: leaving it asks first."""
        return self.session.mode is Mode.EXAM and not self._over

    def stop(self) -> None:
        self._timer.stop()
