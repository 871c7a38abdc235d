"""The instructor's window: cohort, trainee, exams, trainees and reports, behind the password.

It exists only for an unlocked :class:`InstructorSession`: the constructor asks
the store for the ``InstructorDesk``, which refuses any other session. "Lock"
(or storage locking the session after a pause) closes the window; reopening
needs the password again.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from datetime import date, timedelta
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, QMetaObject, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QWheelEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.i18n.numbers import plain_amounts
from dealer_trainer.reports import cohort_pdf, trainee_pdf, write_answers_csv
from dealer_trainer.reports.text import count_text
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import (
    AccessDeniedError,
    AnswerFilter,
    InstructorSession,
    Store,
    StoredAnswer,
    TraineeProfile,
)
from dealer_trainer.storage.groups import IntakeGroup
from dealer_trainer.storage.store import DEFAULT_INSTRUCTOR_IDLE
from dealer_trainer.ui.drills.answer_words import answer_words
from dealer_trainer.ui.exams.panel import ExamsPanel
from dealer_trainer.ui.instructor.centre import CentrePanel
from dealer_trainer.ui.instructor.dashboard import (
    CohortView,
    Period,
    TraineeView,
    TrendPane,
    period_box,
)
from dealer_trainer.ui.instructor.groups import GroupsPanel
from dealer_trainer.ui.instructor.house_rulesets import HouseRulesetsPanel
from dealer_trainer.ui.instructor.instructors import InstructorsPanel
from dealer_trainer.ui.instructor.lazy_page import LazyPage
from dealer_trainer.ui.instructor.people import TraineesPanel
from dealer_trainer.ui.instructor.records_check import RecordsCheckPanel
from dealer_trainer.ui.instructor.schedules import MasteryPanel, PlansPanel
from dealer_trainer.ui.instructor.standards import StandardsPanel
from dealer_trainer.ui.instructor.table_results import TableResultsPane, report_words
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.geometry import remember_size, restore_size, share_of_screen
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.unverified import UnverifiedWarning
from dealer_trainer.ui.kit.writes import Change, records

_INPUT_EVENTS = frozenset(
    {
        QEvent.Type.MouseButtonPress,
        QEvent.Type.KeyPress,
        QEvent.Type.Wheel,
        QEvent.Type.MouseMove,
    }
)
_INPUT_CLASSES = (QMouseEvent, QKeyEvent, QWheelEvent)  # the classes of those events


class ReportsPanel(QWidget):
    """Save a PDF report (a trainee or the cohort) or the answers as CSV."""

    written = Signal(str)

    def __init__(self, window: InstructorWindow) -> None:
        super().__init__(window)
        self._window = window
        self.scope = QComboBox()
        self.period = period_box(self)
        self.pdf_button = QPushButton(self.tr("Save the PD&F report…"))
        self.csv_button = QPushButton(self.tr("Save the &answers as CSV…"))
        self.pdf_button.clicked.connect(self.ask_pdf)
        self.csv_button.clicked.connect(self.ask_csv)
        self.message = QLabel()
        self.message.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.message.setWordWrap(True)
        box = QGroupBox(self.tr("Reports"))
        form = QFormLayout(box)
        form.addRow(self.tr("For:"), self.scope)
        form.addRow(self.tr("Period:"), self.period)
        buttons = QHBoxLayout()
        buttons.addWidget(self.pdf_button)
        buttons.addWidget(self.csv_button)
        buttons.addStretch(1)
        form.addRow(buttons)
        note = QLabel(
            self.tr(
                "The PDF has the figures, the accuracy and time charts, the skills weakest "
                "first and the exams (trainee) or every trainee (cohort). The CSV has one row "
                "per answer, with the situation, the expected and the given answer as recorded; "
                "amounts stay exact decimal strings."
            )
        )
        note.setWordWrap(True)
        note.setStyleSheet(f"color: {palette.MUTED};")
        column = QWidget()
        column.setMaximumWidth(760)
        inner = QVBoxLayout(column)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(box)
        inner.addWidget(note)
        inner.addWidget(self.message)
        layout = QVBoxLayout(self)
        layout.addWidget(column)
        layout.addStretch(1)

    def set_trainees(self, trainees: list[TraineeProfile]) -> None:
        self._trainees = list(trainees)
        self._fill_scope()

    def set_groups(self, groups: list[IntakeGroup]) -> None:
        """An intake group's report: its trainees only (``group:<id>`` in the scope box)."""
        self._groups = {g.id: g for g in groups}
        self._fill_scope()

    def _fill_scope(self) -> None:
        current = self.scope.currentData()
        self.scope.clear()
        self.scope.addItem(self.tr("The cohort (every trainee)"), None)
        for group in getattr(self, "_groups", {}).values():
            label = fill(self.tr("Group: %1"), group.name)
            self.scope.addItem(
                label + (self.tr(" (archived)") if group.archived else ""), f"group:{group.id}"
            )
        for trainee in getattr(self, "_trainees", []):
            self.scope.addItem(trainee.name, trainee.id)
        self.scope.setCurrentIndex(max(self.scope.findData(current), 0))

    def chosen_group(self) -> IntakeGroup | None:
        data = self.scope.currentData()
        if isinstance(data, str) and data.startswith("group:"):
            return getattr(self, "_groups", {}).get(int(data.removeprefix("group:")))
        return None

    def current_period(self) -> Period:
        return Period.ending(self._window.today(), int(self.period.currentData()))

    def ask_pdf(self) -> None:
        group = self.chosen_group()
        cohort = self.tr("cohort")  # the file's suggested name, in the window's language
        name = cohort if self.scope.currentData() is None else self.scope.currentText()
        name = group.name if group is not None else name
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the PDF report"), f"{name}.pdf", self.tr("PDF (*.pdf)")
        )
        if path:
            self.write_pdf(Path(path))

    def ask_csv(self) -> None:
        group = self.chosen_group()
        answers = self.tr("answers")  # the file's suggested name, in the window's language
        name = answers if self.scope.currentData() is None else self.scope.currentText()
        name = group.name if group is not None else name
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save the answers"), f"{name}.csv", self.tr("CSV (*.csv)")
        )
        if path:
            self.write_csv(Path(path))

    def write_pdf(self, path: Path) -> None:
        trainee_id = self.scope.currentData()
        group = self.chosen_group()
        period = self.current_period()
        desk = self._window.desk
        rulesets = self._window.rulesets
        self.message.setText(fill(self.tr("Writing %1…"), str(path)))
        if trainee_id is None or group is not None:
            cohort = self._window.cohort
            shown = cohort.within.attach(cohort.shown)  # the dashboard's figures, if of these days

            def work() -> object:
                return cohort_pdf(
                    desk,
                    period.first,
                    period.last,
                    path,
                    report_words(rulesets),
                    shown=shown,
                    group=group,
                )
        else:

            def work() -> object:
                return trainee_pdf(
                    desk, int(trainee_id), period.first, period.last, path, report_words(rulesets)
                )

        self._window.jobs.run("report", work, lambda pages: self._done(path, int(pages)))

    def write_csv(self, path: Path) -> None:
        group = self.chosen_group()
        trainee_id = None if group is not None else self.scope.currentData()
        members = None if group is None else group.trainee_ids
        period = self.current_period()
        zone = self._window.store.day_zone
        from datetime import datetime, time  # noqa: PLC0415

        where = AnswerFilter(
            trainee_id=trainee_id,
            since=datetime.combine(period.first, time(), zone),
            limit=None,
        )
        desk = self._window.desk
        rulesets = self._window.rulesets
        self.message.setText(fill(self.tr("Writing %1…"), str(path)))
        self._window.jobs.run(
            "report",
            lambda: write_answers_csv(
                desk,
                path,
                where,
                describe=lambda answer: _in_words(answer, rulesets),
                trainee_ids=members,
                registry=rulesets,
            ),
            lambda rows: self._done(path, int(rows), csv=True),
        )

    def _done(self, path: Path, count: int, *, csv: bool = False) -> None:
        text = (  # the count as every figure is written (1.234 in Portuguese): %2, not %n
            self.tr("%2 answer(s) written to %1", "", count)
            if csv
            else self.tr("%n page(s) written to %1", "", count)
        )
        self.message.setText(fill(text, str(path), count_text(count)))
        self.written.emit(str(path))


def _in_words(answer: StoredAnswer, rulesets: RulesetRegistry = SHIPPED) -> tuple[str, str]:
    """A CSV row's answers as the drill-down shows them: bets and options by their names,
    amounts plain (``1050``, ``7.50``) so that any spreadsheet reads the same number."""
    with plain_amounts():
        words = answer_words(answer, rulesets=rulesets)
    return words.given, words.expected


class InstructorWindow(QMainWindow):
    """Everything an instructor sees. Built only with a live session of ``store``."""

    lockedOut = Signal(str)
    closed = Signal()
    #: The skills whose within-target rollup was counted again (``recount_within``).
    recounted = Signal(list)
    #: The people lists were read again after a change (here or on another workstation).
    peopleRefreshed = Signal()

    #: How often the window asks whether people changed elsewhere (a cheap read, off the
    #: GUI thread): a trainee added on another workstation shows within seconds.
    PEOPLE_CHECK_MS = 3000

    def __init__(
        self,
        store: Store,
        session: InstructorSession,
        parent: QWidget | None = None,
        *,
        idle_limit: timedelta = DEFAULT_INSTRUCTOR_IDLE,
        monotonic: Callable[[], float] = time.monotonic,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        desk = store.instructor(session)  # AccessDeniedError without a live session
        super().__init__(parent)
        self.desk = desk
        self.store = store
        #: The app's rulesets (the house's too): the views look the records' rulesets up here.
        self.rulesets = rulesets
        self.notice: QMessageBox | None = None  # why the window closed itself, if it did
        # An unattended window locks itself, as storage locks an idle session: the figures
        # must not stay on screen for whoever sits down next.
        self._idle_limit = idle_limit.total_seconds()
        self._monotonic = monotonic
        self._last_input = monotonic()
        self._idle_timer = QTimer(self)
        self._idle_timer.setInterval(10_000)
        self._idle_timer.timeout.connect(self.check_idle)
        self._idle_timer.start()
        app = QCoreApplication.instance()
        if app is not None:
            app.installEventFilter(self)
        self._instructor = session.name
        self.jobs = Jobs(self)
        self.jobs.failed.connect(self._failed)
        self.jobs.locked.connect(self._locked)
        self.cohort = CohortView(self.desk, self.jobs, self.today)
        #: The one trainee's tab, built when first opened (or asked for: ``trainee``).
        self.trainee_page: LazyPage[TraineeView] = LazyPage(self._build_trainee)
        self._trainee_trend: TrendPane | None = None  # its plots, when built before the tab
        self._trainees: list[TraineeProfile] = []  # the people lists as last read
        self.exams = ExamsPanel(
            self.desk, store.day_zone, jobs=self.jobs, now=store.now, rulesets=rulesets
        )
        self.people = TraineesPanel(self.desk)
        self.groups = GroupsPanel(self.desk)
        self.instructors = InstructorsPanel(self.desk)
        self.reports = ReportsPanel(self)
        self.house_rulesets = HouseRulesetsPanel(store, self.desk, rulesets=rulesets)
        self.records_check = RecordsCheckPanel(self.desk)
        self.centre = CentrePanel(self.desk, self.jobs)
        self.mastery = MasteryPanel(self.desk, self.jobs, self.today, store.day_zone)
        self.standards = StandardsPanel(self.desk, store.day_zone)
        self.plans = PlansPanel(self.desk, store.day_zone, store.now)
        self.table_results = TableResultsPane(
            self.desk, self.jobs, self.today, store.day_zone, rulesets=rulesets
        )
        self.tabs = QTabWidget()
        pages = (
            self.cohort,
            self.trainee_page,
            self.exams,
            self.people,
            self.groups,
            self.instructors,
            self.reports,
        )
        for page in (*pages, self.house_rulesets, self.records_check, self.centre):
            self.tabs.addTab(page, "")
        self.tabs.insertTab(2, self.table_results, "")
        for standards_page in (self.mastery, self.plans, self.standards):  # issue 15
            self.tabs.addTab(standards_page, "")
        self.setCentralWidget(self.tabs)
        #: The lab's switch: the server is reached unverified (said all the time, as the
        #: main window says it).
        self.unverified_warning = UnverifiedWarning(
            self, bool(getattr(store, "unverified_server", False))
        )
        self._lock_action = QAction(self)
        self._lock_action.setShortcut(QKeySequence("Ctrl+L"))
        self._lock_action.triggered.connect(self.lock)
        self._toolbar = self.addToolBar("")
        self._toolbar.setMovable(False)
        self._toolbar.addAction(self._lock_action)
        self.retranslate()
        self.cohort.traineeChosen.connect(self.open_trainee)
        self.people.changed.connect(self._trainees_changed)
        self.groups.changed.connect(self._trainees_changed)
        self.instructors.changed.connect(self._trainees_changed)
        self._people_desk = self.desk.people()
        self._people_seen: tuple[int, int, int] | None = None
        self._people_timer = QTimer(self)
        self._people_timer.setInterval(self.PEOPLE_CHECK_MS)
        self._people_timer.timeout.connect(self.check_people)
        self._people_timer.start()
        restore_size(
            self, "instructor", share_of_screen(self, 0.9, QSize(960, 600), QSize(1280, 860))
        )
        self._roster_read = False  # the first read is followed by the cohort's own reload
        self._trainees_changed()
        self._roster_read = True
        self.check_people()  # what the lists just read: a later change is told from it
        self.exams.refresh()
        self.cohort.reload()
        self.standards.refresh()
        # Once the cohort's first figures are in: the rollup of answers within their target
        # counted again where a target changed (storage/within_rollup.py; and after a
        # standard), and the one trainee's tab built while the instructor reads the figures.
        self.cohort.within.loaded.connect(self._figures_in)
        self._records_heard: QMetaObject.Connection | None = records().changed.connect(
            self._records_changed
        )

    def _records_changed(self, change: str) -> None:
        """The views that show records a write changed read them again (a standard: the
        mastery, the within-target rollup and the cohort's figures; a plan or an exam
        given or withdrawn: the mastery and the trainee's tab)."""
        if change == Change.STANDARDS:
            self.mastery.reload_when_shown()
            self.recount_within()
            self.cohort.within.read_again()
        elif change in (Change.PLANS_GIVEN, Change.EXAMS_GIVEN):
            self.mastery.reload_when_shown()
            if change == Change.EXAMS_GIVEN and self.trainee_page.built:
                self.trainee.reload()

    def recount_within(self) -> None:
        """Count the within-target rollup again for every skill whose target in force is
        not the one counted (in the background; the figures shown are exact meanwhile)."""
        self.jobs.run("within-recount", self.desk.standards.recount_within, self.recounted.emit)

    def _figures_in(self) -> None:
        self.cohort.within.loaded.disconnect(self._figures_in)
        self.recount_within()
        self.jobs.idle.connect(self._build_trainee_page)

    def _build_trainee_page(self) -> None:
        """Once the window's reads are done (no worker then holds Python's lock while the
        GUI thread builds), and in an event-loop turn of its own: a trainee clicked in the
        table then opens at once (built on the click, the tab's plots and tables and its
        first paint were one freeze of 120-210 ms over 10 M answers;
        benchmarks/dashboard_scale.py). Two turns: its trend plots (two-thirds of the build)
        in the first, the rest of the tab in the next, each under 50 ms; in one turn with
        the repaint before it, the build was a freeze of 90 ms."""
        self.jobs.idle.disconnect(self._build_trainee_page)

        def plots_first() -> None:
            if not self.trainee_page.built and self._trainee_trend is None:
                self._trainee_trend = TrendPane(self.trainee_page)
            QTimer.singleShot(0, self.trainee_page, self.trainee_page.page)

        QTimer.singleShot(0, self.trainee_page, plots_first)

    @property
    def trainee(self) -> TraineeView:
        """The one trainee's tab (built now if it was not yet)."""
        return self.trainee_page.page()

    def _build_trainee(self) -> TraineeView:
        trend, self._trainee_trend = self._trainee_trend, None
        view = TraineeView(
            self.desk,
            self.jobs,
            self.today,
            self.store.day_zone,
            trend=trend,
            rulesets=self.rulesets,
        )
        view.set_trainees(self._trainees)
        return view

    def retranslate(self) -> None:
        """The window's own texts in the language now installed (title, tabs, toolbar)."""
        self.setWindowTitle(fill(self.tr("Instructor · %1"), self._instructor))
        names = [
            self.tr("&Cohort"),
            self.tr("T&rainee"),
            self.tr("&Table results"),
            self.tr("&Exams"),
            self.tr("Trainee &profiles"),
            self.tr("&Groups"),
            self.tr("Instr&uctors"),
            self.tr("Rep&orts"),
            self.tr("&House rulesets"),
            self.tr("&Verify records"),
            self.tr("Ce&ntre"),
        ]
        for index, name in enumerate(names):
            self.tabs.setTabText(index, name)
        self._name_standards_tabs()
        lock = self.tr("&Lock the instructor views")
        self._lock_action.setText(lock)
        # On the toolbar a button has no Alt key (Ctrl+L locks): no "(L)" left in Chinese.
        self._lock_action.setIconText(without_mnemonic(lock))
        self._toolbar.setWindowTitle(self.tr("Instructor"))

    def _name_standards_tabs(self) -> None:
        for page, name in (
            (self.mastery, self.tr("&Mastery")),
            (self.plans, self.tr("Practice p&lans")),
            (self.standards, self.tr("&Standards")),
        ):
            self.tabs.setTabText(self.tabs.indexOf(page), name)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Every event of the application passes here (thousands for one paint of the
        # window): the class test first, so only input events pay for ``type()``'s enum,
        # and no call back into Qt (a main window filters no other object's events).
        if (
            isinstance(event, _INPUT_CLASSES)
            and event.type() in _INPUT_EVENTS
            and isinstance(watched, QWidget)
            and (watched.window() is self or self.isAncestorOf(watched))
        ):
            self._last_input = self._monotonic()
        return False

    def check_idle(self) -> bool:
        """Lock and close when nobody has used the window for the idle limit; True if it did."""
        if self._monotonic() - self._last_input < self._idle_limit:
            return False
        self._locked(
            self.tr(
                "The instructor views locked themselves after a pause: enter the password again."
            )
        )
        return True

    def today(self) -> date:
        return self.store.day_of(self.store.now())

    def _trainees_changed(self) -> None:
        try:
            self.people.refresh()
            self.groups.refresh()
            self.instructors.refresh()
        except AccessDeniedError as exc:
            self._locked(problem_text(exc))
            return
        trainees = self.people.trainees()
        roster_changed = _roster(trainees) != _roster(self._trainees)
        self._trainees = trainees
        if self.trainee_page.built:
            self.trainee.set_trainees(trainees)
        self.exams.set_trainees(trainees)
        self.reports.set_trainees(trainees)
        self.groups.set_trainees(trainees)
        self.centre.set_trainees(trainees)
        self.plans.set_trainees(trainees)
        self.table_results.set_trainees({t.id: t.name for t in trainees})
        groups = self.groups.groups()
        self.cohort.set_groups(groups)
        self.exams.set_groups(groups)
        self.reports.set_groups(groups)
        self.plans.set_groups(groups)
        if roster_changed and self._roster_read:
            # A trainee added (with no answers yet), renamed or archived: the cohort's table
            # lists them as they are now (the window's first read is followed by its own).
            self.cohort.reload()
        self.peopleRefreshed.emit()

    def check_people(self) -> None:
        """Ask, off the GUI thread, whether people changed; read the lists again if so."""
        if self.jobs.busy():
            return  # figures are loading: ask at the next tick
        self.jobs.run("people-signature", self._people_desk.signature, self._people_checked)

    def _people_checked(self, signature: tuple[int, int, int]) -> None:
        seen, self._people_seen = self._people_seen, signature
        if seen is not None and seen != signature:
            self._trainees_changed()

    def open_trainee(self, trainee_id: int) -> None:
        self.trainee.show_trainee(trainee_id)  # first, so the tab opens on this trainee
        self.tabs.setCurrentWidget(self.trainee_page)

    def lock(self) -> None:
        self.desk.lock()
        self.close()

    def _failed(self, message: str) -> None:
        self.statusBar().showMessage(message, 15000)

    def _locked(self, message: str) -> None:
        """Storage locked the session (a pause too long): say so, and close."""
        notice = QMessageBox(
            QMessageBox.Icon.Information,
            self.tr("Instructor views"),
            message,
            QMessageBox.StandardButton.Ok,
            self.parentWidget(),
        )
        notice.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        notice.open()
        self.notice = notice
        self.lockedOut.emit(message)
        self.close()

    def closeEvent(self, event: QCloseEvent) -> None:
        heard = getattr(self, "_records_heard", None)  # None: closed before it listened
        if heard is not None:
            QObject.disconnect(heard)
            self._records_heard = None
        self._idle_timer.stop()
        self._people_timer.stop()
        app = QCoreApplication.instance()
        if app is not None:
            app.removeEventFilter(self)
        self.jobs.shutdown()
        self.desk.lock()
        remember_size(self, "instructor")
        super().closeEvent(event)
        self.closed.emit()


def _roster(trainees: Sequence[TraineeProfile]) -> list[tuple[int, str, bool]]:
    """What the cohort's table shows of each trainee: a change of it reloads the table."""
    return [(t.id, t.name, t.archived) for t in trainees]


def without_mnemonic(text: str) -> str:
    """``text`` without its Alt key: ``&Lock`` → ``Lock``, ``鎖定(&L)`` → ``鎖定``."""
    text = re.sub(r"\s*[(（]&\w[)）]", "", text)
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")
