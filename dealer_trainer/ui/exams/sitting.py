"""An assigned exam with live-table rounds, sat as one sitting: its drill items first (the
drill screen, as any assigned exam), then its rounds at the live table in exam mode (no
verdict until the end), in the same storage session; then the end screen with both
parts' scores against the marks.

The session is ended (and, where the sitting passed, the certification written in the
same transaction: ``storage/certification.py``; on a centre's server its grader scores and
certifies it, and the end screen says the sitting is waiting for grading until then) once
the last round is over, or when the exam's time limit runs out. A table closed before
its last round leaves the sitting open to take up again (as "resume later" does for the
items); the round in play is given up, its steps not done missed.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QObject, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.drills.table.round import Clock, monotonic_ms
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StorageError, TraineeDesk
from dealer_trainer.storage.certification import SittingScore, table_seed
from dealer_trainer.storage.recorder import SessionRecorder, sit_assigned_exam, unfinished_exam
from dealer_trainer.storage.records import Exam, SessionKind
from dealer_trainer.storage.table_recorder import TableRecorder
from dealer_trainer.ui.exams.table_words import parts_text
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.rendering import escape

if TYPE_CHECKING:
    from collections.abc import Callable

    from PySide6.QtCore import SignalInstance

    from dealer_trainer.drills.sessions import DrillSession, ExamSpec
    from dealer_trainer.ui.drills.screen import DrillScreen
    from dealer_trainer.ui.table.screen import TableScreen


log = logging.getLogger(__name__)


class Launcher(Protocol):
    """What a sitting needs of the trainee's drills panel (``DrillLauncher``), handed in by it."""

    screens: list[DrillScreen]
    table_screens: list[QWidget]
    status: QLabel
    sessionStarted: SignalInstance

    def open_screen(
        self,
        session: DrillSession,
        spec: ExamSpec | None,
        recorder: SessionRecorder | None,
        mistakes: bool,
        time_limit_ms: int | None = None,
        finish: Callable[[], None] | None = None,
    ) -> DrillScreen: ...

    def refresh_exams(self) -> None: ...

    def window(self) -> QWidget: ...


def after_feedback(work: Callable[[], None]) -> None:
    """Run ``work`` once the event loop has shown what is pending (as the launcher does)."""
    QTimer.singleShot(0, work)


class MixedSitting(QObject):
    """One sitting of an assigned exam that holds live-table rounds."""

    tableOpened = Signal(object)  # TableScreen
    ended = Signal(object)  # SittingScore | None (None: storage could not score it)
    #: The table's clock, monotonic milliseconds (the tests' is moved by hand).
    table_clock: Clock = staticmethod(monotonic_ms)

    def __init__(
        self,
        launcher: Launcher,
        desk: TraineeDesk,
        assignment_id: int,
        paper: Exam,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(launcher)  # type: ignore[arg-type]  # the launcher is a QWidget
        self.launcher = launcher
        #: Where the paper's ruleset is looked up (a house ruleset's version needs it).
        self.rulesets = rulesets
        self.desk = desk
        self.assignment_id = assignment_id
        self.paper = paper
        self.session_id: int | None = None
        self.table: TableScreen | None = None
        self.end_screen: ExamEnd | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self._time_up)
        self._over = False
        self._time_out = False

    # ---------------------------------------------------------------- start --
    def start(self) -> DrillScreen | None:
        """The items (if any are left to answer), else the table at once."""
        paper = self.paper
        left = unfinished_exam(self.desk, self.assignment_id)
        answered = 0 if left is None else len(self.desk.answers(left.id, limit=None))
        if paper.item_count and answered < paper.item_count:
            sitting = sit_assigned_exam(
                self.desk,
                self.assignment_id,
                paper,
                defer=after_feedback,
                rulesets=self.rulesets,
            )
            self.session_id = sitting.recorder.session_id
            limit_ms = None
            if paper.time_limit is not None:
                limit_ms = max(self._limit_ms() - sitting.time_used_ms, 1)
            recorder = sitting.recorder
            return self.launcher.open_screen(
                sitting.session,
                exam_spec(paper),
                recorder,
                False,
                limit_ms,
                finish=lambda: self._items_done(recorder),
            )
        if left is None:
            left = self.desk.start_session(
                paper.ruleset_id, SessionKind.EXAM, exam_assignment_id=self.assignment_id
            )
        self.session_id = left.id
        self.open_table()
        return None

    def _limit_ms(self) -> int:
        assert self.paper.time_limit is not None
        return self.paper.time_limit // timedelta(milliseconds=1)

    def _items_done(self, recorder: SessionRecorder) -> None:
        """The items are answered (or handed in): on to the table, the session still open."""
        recorder.save_reviews()
        screen = next((s for s in self.launcher.screens if s.controller.is_over), None)
        if screen is not None:
            QTimer.singleShot(0, screen.close_screen)
        QTimer.singleShot(0, self.open_table)

    # ---------------------------------------------------------------- table --
    def _time_used_ms(self) -> int:
        assert self.session_id is not None
        items = sum(a.record.time_taken_ms for a in self.desk.answers(self.session_id, limit=None))
        rounds = sum(r.end.ms for r in self.desk.rounds.all(self.session_id) if r.end)
        return self.desk.sitting_time_used_ms(self.session_id, items + rounds)

    def _rounds_done(self) -> int:
        """The exam's rounds already ended in this sitting (a prefix: dealt in order)."""
        assert self.session_id is not None
        ended = {r.record.seed for r in self.desk.rounds.all(self.session_id) if r.end}
        done = 0
        while done < self.paper.table_rounds and table_seed(self.paper.seed, done) in ended:
            done += 1
        return done

    def open_table(self) -> TableScreen | None:
        from dealer_trainer.ui.drills.screen import drill_window_size  # noqa: PLC0415
        from dealer_trainer.ui.kit.geometry import restore_size  # noqa: PLC0415
        from dealer_trainer.ui.table.screen import TableScreen  # noqa: PLC0415

        paper = self.paper
        assert self.session_id is not None and paper.table_difficulty is not None
        try:
            done = self._rounds_done()
            used = self._time_used_ms()
        except (StorageError, OSError) as exc:
            self.launcher.status.setText(problem_text(exc))
            return None
        screen = TableScreen(
            self.rulesets.get(paper.ruleset_id),
            Difficulty(paper.table_difficulty),
            recorder=TableRecorder(self.desk, self.session_id),
            on_finish=self._table_closed,
            seed=table_seed(paper.seed, done),
            timed=False,
            clock=self.table_clock,
            deal=False,
        )
        screen.exam_only = True
        screen.exam_button.hide()
        screen.timed_button.hide()
        screen.examFinished.connect(self._rounds_over)
        screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.table = screen
        self.launcher.table_screens.append(screen)
        tables = self.launcher.table_screens
        screen.destroyed.connect(lambda _=None, s=screen: tables.remove(s) if s in tables else None)
        if done >= paper.table_rounds:  # every round dealt before: the sitting ends now
            self._over = True
            QTimer.singleShot(0, screen.close)
        else:
            screen.start_exam(paper.table_rounds - done, paper.pass_mark)
        self.launcher.sessionStarted.emit(screen)
        if screen.parent() is None:
            restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
            screen.show()
        if paper.time_limit is not None and not self._over:
            self._timer.start(max(self._limit_ms() - used, 1))
        self.tableOpened.emit(screen)
        return screen

    def _rounds_over(self, _result: object) -> None:
        self._over = True

    def _time_up(self) -> None:
        """The exam's time is over: the round in play is given up, the sitting handed in."""
        self._time_out = True
        if self.table is not None:
            self.table.close()

    def _table_closed(self) -> None:
        """The table closed: the sitting ends if its rounds are over (or its time), else it
        stays open to take up again."""
        self._timer.stop()
        if not (self._over or self._time_out):
            self.launcher.refresh_exams()
            return
        assert self.session_id is not None
        self.desk.end_session(self.session_id)
        QTimer.singleShot(0, self.show_end)

    # ------------------------------------------------------------------ end --
    def score(self) -> SittingScore | None:
        try:  # the transcript's terms: on the server, read by the trainee's own functions
            sittings = self.desk.my_transcript().sittings
        except StorageError:
            return None
        return next((s.score for s in sittings if s.score.session_id == self.session_id), None)

    def show_end(self) -> ExamEnd:
        score = self.score()
        try:
            certified = any(c.session_id == self.session_id for c in self.desk.my_certifications())
        except StorageError:
            certified = score is not None and score.passed
        self.end_screen = ExamEnd(self.paper, score, certified, self.launcher.window())
        self.end_screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        if score is not None and score.pending and not certified:
            assert self.session_id is not None
            self.end_screen.gradeArrived.connect(self.launcher.refresh_exams)
            self.end_screen.watch(self.desk, self.session_id)
        self.end_screen.show()
        self.launcher.refresh_exams()
        self.ended.emit(score)
        return self.end_screen


class GradeWatch(QObject):
    """Waits, on a thread of its own, for the centre's grader to grade a sitting (woken by
    the server's notification: ``TraineeDesk.wait_for_grade``); ``graded`` once it has."""

    graded = Signal()
    #: How long a watch waits before giving up (the transcript shows the grade later).
    WAIT_S = 4 * 3600.0

    def __init__(self, desk: TraineeDesk, session_id: int, parent: QObject) -> None:
        super().__init__(parent)
        self._stop = threading.Event()
        self._thread = threading.Thread(
            target=self._run, args=(desk, session_id), name="grade-watch", daemon=True
        )

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()

    def _run(self, desk: TraineeDesk, session_id: int) -> None:
        try:
            waited = desk.wait_for_grade(session_id, self.WAIT_S, self._stop.is_set)
            if waited and not self._stop.is_set():
                self.graded.emit()  # queued to the window's thread
        except Exception:  # the server lost: the screen stays "waiting", the transcript tells
            log.warning("stopped waiting for the grade of a sitting", exc_info=True)


class ExamEnd(QDialog):
    """The end of a sitting with live-table rounds: passed or not, both parts and marks.

    Waiting for grading on a centre's server, it says so and, once the grader's grade is
    there (``watch``), says the result instead (``gradeArrived``)."""

    gradeArrived = Signal()

    def watch(self, desk: TraineeDesk, session_id: int) -> None:
        """Wait for the sitting's grade and show it when it comes (until closed)."""
        watching = GradeWatch(desk, session_id, self)
        watching.graded.connect(lambda: self._graded(desk, session_id))
        self.finished.connect(watching.stop)
        self.destroyed.connect(watching.stop)
        watching.start()

    def _graded(self, desk: TraineeDesk, session_id: int) -> None:
        try:
            sittings = desk.my_transcript().sittings
            score = next((s.score for s in sittings if s.score.session_id == session_id), None)
            certified = any(c.session_id == session_id for c in desk.my_certifications())
        except StorageError as exc:
            self.then.setText(problem_text(exc))
            return
        fresh = ExamEnd(self.paper, score, certified)  # the words of a graded sitting
        for mine, theirs in (
            (self.headline, fresh.headline),
            (self.parts, fresh.parts),
            (self.then, fresh.then),
        ):
            mine.setText(theirs.text())
        fresh.deleteLater()
        self.gradeArrived.emit()

    def __init__(
        self,
        paper: Exam,
        score: SittingScore | None,
        certified: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.paper = paper
        self.setWindowTitle(self.tr("Exam results"))
        self.headline = QLabel()
        self.headline.setObjectName("skillTitle")
        self.headline.setWordWrap(True)
        self.parts = QLabel()
        self.parts.setWordWrap(True)
        self.parts.setTextFormat(Qt.TextFormat.RichText)
        self.then = QLabel()
        self.then.setWordWrap(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.close_button = buttons.button(QDialogButtonBox.StandardButton.Close)
        self.close_button.setDefault(True)  # Enter closes
        self.close_button.setAutoDefault(True)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.parts)
        layout.addWidget(self.then)
        layout.addStretch(1)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        waiting = score is not None and score.pending and not certified
        if waiting:  # the centre's server grades it: the figures below are a preview
            assert score is not None
            self.headline.setText(fill(self.tr("Handed in: %1"), paper.title))
            since = score.waiting_since or score.ended_at or score.started_at
            self.then.setText(
                fill(
                    self.tr(
                        "Waiting for grading since %1: the centre's server grades this sitting. "
                        "Its result, and your certification if you passed, appear in your "
                        "transcript once it is graded."
                    ),
                    since.astimezone().strftime("%H:%M"),
                )
            )
        elif certified:
            self.headline.setText(fill(self.tr("Passed: %1"), paper.title))
            self.then.setText(
                self.tr("You are certified for this game; your instructor sees it too.")
            )
        else:
            self.headline.setText(fill(self.tr("Not passed: %1"), paper.title))
            self.then.setText(
                self.tr(
                    "Every step and answer is recorded: review them from the Drills menu "
                    "(Review my exams…), and ask your instructor about a retake."
                )
            )
        if score is not None:
            lines = parts_text(score, paper.table_game)
            if waiting:
                lines = [self.tr("This computer's preview:"), *lines]
            self.parts.setText("<br>".join(escape(line) for line in lines))
        else:
            self.parts.setText(
                escape(
                    self.tr("The score is kept by the centre's server; your instructor sees it.")
                )
            )
        self.close_button.setFocus()
