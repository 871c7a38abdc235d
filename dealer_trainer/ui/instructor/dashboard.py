"""The dashboard's two views: the cohort and one trainee.

Each view asks storage for its figures on a worker thread (``Jobs``) and
fills widgets that were built once: plots get ``setData``, tables get a new
list of rows. The cohort view asks at once, on the two worker threads, for the
cohort's per-day aggregates (the rollup kept by storage, so the first plot paints
at once) and for the per-trainee table, in one job from the per-trainee rollup
(no answer is read for it); the table is filled once the plots are in. A
trainee's answers are read only when that trainee is shown, a page at a time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo
from functools import partial

from PySide6.QtCore import QCoreApplication, QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent, QPaintEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.table.replay import Replay
from dealer_trainer.reports import figures
from dealer_trainer.reports.exams import ExamResult, percent_text, trainee_exam_history
from dealer_trainer.reports.text import (
    count_text,
    percent_cell,
    seconds_text,
    skill_targets_ms,
    skill_title,
)
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import (
    AnswerFilter,
    DailySkillStat,
    Exam,
    InstructorDesk,
    StoredAnswer,
    TraineeProfile,
)
from dealer_trainer.storage.groups import IntakeGroup
from dealer_trainer.storage.rounds import StoredTableRound
from dealer_trainer.ui.drills.answer_detail import AnswerDetail
from dealer_trainer.ui.instructor.cohort_within import CohortWithin
from dealer_trainer.ui.instructor.grading import GradingNotice
from dealer_trainer.ui.instructor.models import (
    ID_ROLE,
    AnswersModel,
    CohortModel,
    sorting_proxy,
)
from dealer_trainer.ui.instructor.plots import TrendPlots
from dealer_trainer.ui.instructor.table_rounds import TableRoundsView
from dealer_trainer.ui.instructor.table_rounds import load as load_rounds
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.group_picker import fill_groups, group_box

PERIODS = (30, 90, 365)
DEFAULT_PERIOD = 90
ANSWER_PAGE = 200
#: A cell's margins beside its text, in pixels (the item's text margins and some air).
_CELL_PADDING = 16


@dataclass(frozen=True)
class Period:
    first: date
    last: date

    @classmethod
    def ending(cls, last: date, days: int) -> Period:
        return cls(last - timedelta(days=days - 1), last)


def period_box(parent: QWidget) -> QComboBox:
    box = QComboBox(parent)
    for days in PERIODS:
        label = fill(QCoreApplication.translate("dashboard", "Last %1 days"), str(days))
        box.addItem(label, days)
    box.setCurrentIndex(PERIODS.index(DEFAULT_PERIOD))
    return box


def skill_box(parent: QWidget) -> QComboBox:
    box = QComboBox(parent)
    box.addItem(QCoreApplication.translate("dashboard", "All skills"), None)
    box.setMinimumContentsLength(22)
    return box


def fill_skills(box: QComboBox, skills: Sequence[str]) -> None:
    current = box.currentData()
    box.blockSignals(True)
    while box.count() > 1:
        box.removeItem(1)
    for skill in sorted(skills, key=lambda s: skill_title(s).casefold()):
        box.addItem(skill_title(skill), skill)
    found = box.findData(current)
    box.setCurrentIndex(max(found, 0))
    box.blockSignals(False)


def show_daily(
    skill_box: QComboBox, trend: TrendPane, table: QTableWidget, daily: figures.DailyFigures
) -> None:
    """A view's skill picker, trend and skills table filled from figures worked out on the
    worker (the trend again here only if the skill chosen is no longer among them)."""
    fill_skills(skill_box, sorted({s.skill for s in daily.stats}))
    skill = skill_box.currentData()
    trend.show_trend(
        daily.trend if daily.trend.skill == skill else figures.trend(daily.stats, skill)
    )
    fill_skill_table(table, daily.skills)


def fill_skill_table(table: QTableWidget, rows: Sequence[figures.SkillFigure]) -> None:
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    for number, figure in enumerate(rows):
        accuracy = figure.totals.accuracy_percent
        cells = [
            (skill_title(figure.skill), skill_title(figure.skill).casefold()),
            (count_text(figure.totals.answers), figure.totals.answers),
            (percent_cell(accuracy), float(accuracy or 0)),
            (seconds_text(figure.totals.typical_ms), float(figure.totals.typical_ms or 0)),
        ]
        for column, (text, key) in enumerate(cells):
            cell = _SortItem(text, key)
            if column:
                cell.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            cell.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
            if not column:  # a long skill name is elided in a narrow pane: whole on hover
                cell.setToolTip(text)
            table.setItem(number, column, cell)
    table.setSortingEnabled(True)
    # weakest first: lowest accuracy on top (the header lets the instructor sort otherwise)
    table.sortItems(2, Qt.SortOrder.AscendingOrder)


class _SortItem(QTableWidgetItem):
    def __init__(self, text: str, key: object) -> None:
        super().__init__(text)
        self.key = key

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _SortItem):
            return bool(self.key < other.key)  # type: ignore[operator]
        return super().__lt__(other)


def skill_table(parent: QWidget) -> QTableWidget:
    table = QTableWidget(0, 4, parent)
    table.setHorizontalHeaderLabels(
        [
            QCoreApplication.translate("dashboard", "Skill"),
            QCoreApplication.translate("dashboard", "Answers"),
            QCoreApplication.translate("dashboard", "Accuracy"),
            QCoreApplication.translate("dashboard", "Typical time"),
        ]
    )
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    table.setWordWrap(False)
    table.setAlternatingRowColors(True)
    return table


def heading(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(
        f"font-weight: 600; font-size: 11pt; color: {palette.HEADING}; padding-top: 4px;"
    )
    return label


class TrendPane(QWidget):
    """The trend over the days, on both views: a one-line summary (answers, share right,
    typical time) above the accuracy and time plots, of the cohort or of one trainee."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setStyleSheet(f"font-size: 12pt; color: {palette.HEADING};")
        self.plots = TrendPlots(self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.plots, 1)

    def show_stats(self, stats: Sequence[DailySkillStat], skill: str | None) -> None:
        """The figures of ``stats`` over the days, of one skill or (``None``) of every one."""
        self.show_trend(figures.trend(stats, skill))

    def show_trend(self, trend: figures.Trend) -> None:
        self.plots.show_series(trend.series)
        overall = trend.overall
        accuracy = overall.accuracy_percent
        self.summary.setText(
            fill(
                self.tr("%1 answers · %2 correct · typical time %3"),
                count_text(overall.answers),
                percent_cell(accuracy) or "–",
                seconds_text(overall.typical_ms) or "–",
            )
        )


class CohortView(QWidget):
    """The group: its plots, its weakest skills, and a sortable table of trainees."""

    traineeChosen = Signal(int)
    plotsLoaded = Signal()
    tableLoaded = Signal()

    def __init__(
        self,
        desk: InstructorDesk,
        jobs: Jobs,
        today: Callable[[], date],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._jobs = jobs
        self._today = today
        self._stats: list[DailySkillStat] = []
        self._table_round = 0
        self._stats_round = 0  # the round whose plots are in
        #: The table's figures of this round, when they came before the plots'.
        self._rows: tuple[frozenset[int] | None, list[figures.TraineeFigure]] | None = None
        #: What the view shows once plots and table are in (the cohort PDF reuses it).
        self.shown: figures.CohortFigures | None = None
        self.period = period_box(self)
        self.skill = skill_box(self)
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {palette.MUTED};")
        # An intake group narrows the cohort view to its trainees (issue 15, groups.py).
        self.group = group_box(self)
        self._group_members: dict[int, tuple[int, ...]] = {}
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Group:")))
        bar.addWidget(self.group)
        bar.addWidget(QLabel(self.tr("Period:")))
        bar.addWidget(self.period)
        bar.addWidget(QLabel(self.tr("Skill:")))
        bar.addWidget(self.skill)
        bar.addStretch(1)
        bar.addWidget(self.status)

        self.trend = TrendPane(self)
        self.plots, self.summary = self.trend.plots, self.trend.summary
        self.weak = skill_table(self)

        self.model = CohortModel(self)
        self.within = CohortWithin(desk, jobs, self.model, self)  # the "Within target" column
        self.proxy = sorting_proxy(self.model, self)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(6, QHeaderView.ResizeMode.Stretch)
        # Columns fit the rows in view: measuring every row's every cell at each layout
        # of the window held the GUI thread for 0.2-0.4 s with 200 trainees.
        header.setResizeContentsPrecision(0)
        self.table.doubleClicked.connect(self._open_trainee)
        self.table.installEventFilter(self)  # Enter on a row opens that trainee too
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(self.tr("Find a trainee…"))
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.table_status = QLabel()
        self.table_status.setStyleSheet(f"color: {palette.MUTED};")

        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(heading(self.tr("Skills, weakest first")))
        right_layout.addWidget(self.weak, 1)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self.trend)
        top.addWidget(right)
        top.setStretchFactor(0, 3)
        top.setStretchFactor(1, 2)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        table_bar = QHBoxLayout()
        table_bar.addWidget(heading(self.tr("Trainees (Enter or double-click for details)")))
        table_bar.addStretch(1)
        table_bar.addWidget(self.table_status)
        table_bar.addWidget(self.filter)
        bottom_layout.addLayout(table_bar)
        bottom_layout.addWidget(self.table, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        split.setSizes([480, 320])
        top.setSizes([700, 460])
        self.table.setWordWrap(False)
        # On a centre's server: the answers waiting for grading, those the grader flagged.
        self.grading = GradingNotice(desk, jobs)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.grading)
        layout.addWidget(split, 1)

        self.period.currentIndexChanged.connect(self.reload)
        self.skill.currentIndexChanged.connect(self._show_plots)
        self.group.currentIndexChanged.connect(self.reload)

    def current_period(self) -> Period:
        return Period.ending(self._today(), int(self.period.currentData()))

    def set_groups(self, groups: Sequence[IntakeGroup]) -> None:
        """The groups the picker offers; a change of the chosen group's members reloads."""
        before = self.group_filter()
        self._group_members = {g.id: g.trainee_ids for g in groups}
        self.group.blockSignals(True)
        fill_groups(self.group, groups)
        self.group.blockSignals(False)
        if self.group_filter() != before:
            self.reload()

    @property
    def trainee_ids(self) -> frozenset[int] | None:
        """The trainees the view shows: the chosen intake group's, or ``None`` for every one."""
        members = self.group_filter()
        return None if members is None else frozenset(members)

    def group_filter(self) -> tuple[int, ...] | None:
        """The chosen group's trainee ids, or ``None`` for every trainee."""
        group_id = self.group.currentData()
        return None if group_id is None else self._group_members.get(int(group_id), ())

    def reload(self) -> None:
        """Ask for the cohort's figures: the plots', the table's and its Within target
        column's, at once (two worker threads: the column's read starts as soon as the
        plots' is done, not once the table is in)."""
        period = self.current_period()
        self.status.setText(self.tr("Loading…"))
        self.shown = None
        self._table_round += 1
        this_round = self._table_round
        self._rows = None
        self._stats_round = 0
        self.model.set_rows([])
        self.table_status.setText(self.tr("Loading the trainees' figures…"))
        desk = self._desk
        trainee_ids = self.trainee_ids
        targets = skill_targets_ms()
        skill = self.skill.currentData()
        self._jobs.run(
            "cohort-plots",
            lambda: figures.daily_figures(
                desk.daily_skill_stats(period.first, period.last, trainee_ids=trainee_ids),
                skill,
                targets,
            ),
            partial(self._plots_ready, this_round, period),
        )

        def work() -> list[figures.TraineeFigure]:
            """Every trainee's figures from the storage rollup, in one job (no answers read)."""
            trainees = desk.all_trainees()
            if trainee_ids is not None:
                trainees = [t for t in trainees if t.id in trainee_ids]
            if not trainees:
                return []
            names = {t.id: (t.name, t.archived) for t in trainees}
            spans = desk.trainee_spans(period.first, period.last, trainee_ids)
            return figures.per_trainee_from_spans(spans, names, targets)

        self._jobs.run(
            "cohort-table",
            work,
            partial(self._rows_ready, this_round, period, trainee_ids),
        )
        self.within.load(period.first, period.last, trainee_ids)
        self.grading.load(period.first, period.last, trainee_ids)

    def _plots_ready(self, this_round: int, period: Period, loaded: figures.DailyFigures) -> None:
        if this_round != self._table_round:
            return
        self._stats = list(loaded.stats)
        self._stats_round = this_round
        show_daily(self.skill, self.trend, self.weak, loaded)
        self.status.setText(
            fill(self.tr("%1 to %2"), period.first.isoformat(), period.last.isoformat())
        )
        self.plotsLoaded.emit()
        if self._rows is not None:  # the table's figures came first: it is filled now
            self._fill_table(period, *self._rows)

    def _rows_ready(
        self,
        this_round: int,
        period: Period,
        trainee_ids: frozenset[int] | None,
        rows: list[figures.TraineeFigure],
    ) -> None:
        if this_round != self._table_round:
            return
        if self._stats_round != this_round:  # filled once the plots are in, as before
            self._rows = (trainee_ids, rows)
            return
        self._fill_table(period, trainee_ids, rows)

    def _fill_table(
        self, period: Period, trainee_ids: frozenset[int] | None, rows: list[figures.TraineeFigure]
    ) -> None:
        self._rows = None
        self.model.set_rows(rows)
        self.shown = figures.CohortFigures(
            period.first, period.last, tuple(self._stats), tuple(rows), trainee_ids
        )
        self._table_done()

    def _table_done(self) -> None:
        shown = self.model.rowCount()  # as every figure is written (1.234 in Portuguese)
        self.table_status.setText(fill(self.tr("%1 trainee(s)", "", shown), count_text(shown)))
        self.tableLoaded.emit()
        self.within.table_filled()

    def _show_plots(self) -> None:
        self.trend.show_stats(self._stats, self.skill.currentData())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter or Return on the table opens the trainee of the current row (Qt's own
        ``activated`` comes from Enter on Windows and Linux, not on macOS)."""
        if (
            watched is self.table
            and isinstance(event, QKeyEvent)
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and self.table.currentIndex().isValid()
        ):
            self._open_trainee(self.table.currentIndex())
            return True
        return super().eventFilter(watched, event)

    def _open_trainee(self, index: QModelIndex) -> None:
        trainee_id = self.proxy.data(index, ID_ROLE)
        if trainee_id is not None:
            self.traineeChosen.emit(int(trainee_id))


class TraineeView(QWidget):
    """One trainee: plots, weakest skills, exam history, and every answer to drill down into."""

    figuresLoaded = Signal()
    answersLoaded = Signal()
    roundsLoaded = Signal()

    def __init__(
        self,
        desk: InstructorDesk,
        jobs: Jobs,
        today: Callable[[], date],
        zone: tzinfo,
        parent: QWidget | None = None,
        *,
        trend: TrendPane | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        """``trend``: the trend pane, if built beforehand (the window builds it in an idle
        moment of its own); otherwise the view builds its own. ``rulesets``: the app's,
        where the answers' and rounds' rulesets are looked up."""
        super().__init__(parent)
        self._zone = zone
        self.rulesets = rulesets
        self._shown_trainee: int | None = None
        self._read_when_painted = False  # shown with another trainee's figures: read them
        self._desk = desk
        self._jobs = jobs
        self._today = today
        self._stats: list[DailySkillStat] = []
        self.trainee = QComboBox()
        self.trainee.setMinimumContentsLength(20)
        self.period = period_box(self)
        self.skill = skill_box(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Trainee:")))
        bar.addWidget(self.trainee)
        bar.addWidget(QLabel(self.tr("Period:")))
        bar.addWidget(self.period)
        bar.addWidget(QLabel(self.tr("Skill:")))
        bar.addWidget(self.skill)
        bar.addStretch(1)
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {palette.MUTED};")
        bar.addWidget(self.status)

        self.trend = TrendPane(self) if trend is None else trend
        self.plots, self.summary = self.trend.plots, self.trend.summary
        self.weak = skill_table(self)
        self.exams = QTableWidget(0, 4)
        self.exams.setHorizontalHeaderLabels(
            [self.tr("Exam"), self.tr("Assigned"), self.tr("Score"), self.tr("Result")]
        )
        self.exams.verticalHeader().hide()
        self.exams.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        exam_header = self.exams.horizontalHeader()
        # The date, score and result as wide as their texts ("ainda não realizado" was cut
        # to "ainda não …" in Portuguese); the exam's title takes what is left.
        exam_header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        exam_header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)

        self.answers = AnswersModel(self, zone, rulesets)  # sorts itself (no proxy: see its sort)
        self.answer_table = QTableView()
        self.answer_table.setModel(self.answers)
        self.answer_table.setSortingEnabled(True)
        self.answer_table.sortByColumn(0, Qt.SortOrder.DescendingOrder)
        self.answer_table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.answer_table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.answer_table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.answer_table.verticalHeader().hide()
        self.answer_table.setWordWrap(False)
        self.answer_table.setAlternatingRowColors(True)
        # The short columns are fitted to their texts once a page is read (fit_answer_columns):
        # sized to contents by the header, every change of the current answer measured every
        # cell again with a text layout (a third of a second on opening a trainee).
        header = self.answer_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        self.only_wrong = QComboBox()
        self.only_wrong.addItem(self.tr("All answers"), None)
        self.only_wrong.addItem(self.tr("Wrong answers only"), False)
        self.more = QPushButton(self.tr("Load older answers"))
        self.more.clicked.connect(self.load_older)
        self.detail = AnswerDetail(zone=zone, rulesets=rulesets)

        overview = QWidget()
        grid = QHBoxLayout(overview)
        right = QVBoxLayout()
        right.addWidget(heading(self.tr("Weakest skills")))
        right.addWidget(self.weak, 3)
        right.addWidget(heading(self.tr("Exams")))
        right.addWidget(self.exams, 2)
        grid.addWidget(self.trend, 3)
        grid.addLayout(right, 2)

        answers_page = QWidget()
        answers_layout = QVBoxLayout(answers_page)
        answers_bar = QHBoxLayout()
        answers_bar.addWidget(self.only_wrong)
        answers_bar.addStretch(1)
        answers_bar.addWidget(self.more)
        answers_layout.addLayout(answers_bar)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self.answer_table)
        split.addWidget(self.detail)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setSizes([260, 440])
        answers_layout.addWidget(split, 1)

        self.table_rounds = TableRoundsView(zone)
        self.pages = QTabWidget()
        self.pages.addTab(overview, self.tr("Progress"))
        self.pages.addTab(answers_page, self.tr("Answers"))
        self.pages.addTab(self.table_rounds, self.tr("Table rounds"))
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.pages, 1)

        self.trainee.currentIndexChanged.connect(self.reload)
        self.period.currentIndexChanged.connect(self.reload)
        self.skill.currentIndexChanged.connect(self._skill_changed)
        self.only_wrong.currentIndexChanged.connect(self.load_answers)
        self.answer_table.selectionModel().currentRowChanged.connect(self._answer_chosen)

    def showEvent(self, event: QShowEvent) -> None:
        """Opening the tab shows the chosen trainee's figures, read once the tab is painted:
        the reads' worker threads, started with the click, took Python's lock from the tab's
        showing and first paint (pyqtgraph paints in Python), one freeze of 70-145 ms over
        10 M answers; started after it, 40-60 ms (benchmarks/dashboard_scale.py)."""
        super().showEvent(event)
        if self._shown_trainee != self.current_trainee():
            self._read_when_painted = True
            self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._read_when_painted:
            self._read_when_painted = False
            # After this paint's pass, in which the tab's children are painted too.
            QTimer.singleShot(0, self, self.reload)

    def set_trainees(self, trainees: Sequence[TraineeProfile]) -> None:
        current = self.trainee.currentData()
        self.trainee.blockSignals(True)
        self.trainee.clear()
        for trainee in trainees:
            label = trainee.name + (self.tr(" (archived)") if trainee.archived else "")
            self.trainee.addItem(label, trainee.id)
        self.trainee.setCurrentIndex(max(self.trainee.findData(current), 0))
        self.trainee.blockSignals(False)

    def show_trainee(self, trainee_id: int) -> None:
        index = self.trainee.findData(trainee_id)
        if index >= 0 and index != self.trainee.currentIndex():
            self.trainee.setCurrentIndex(index)  # read now, or once the hidden tab is shown
        else:
            self._shown_trainee = None  # the same trainee, read again (they may have practised)
            self.reload()

    def current_trainee(self) -> int | None:
        data = self.trainee.currentData()
        return None if data is None else int(data)

    def current_period(self) -> Period:
        return Period.ending(self._today(), int(self.period.currentData()))

    def reload(self) -> None:
        """Read the chosen trainee's figures, answers and rounds (a hidden tab reads them
        once it is shown and painted: ``showEvent``)."""
        trainee_id = self.current_trainee()
        if trainee_id is None or not self.isVisible():
            return
        self._read_when_painted = False
        period = self.current_period()
        desk = self._desk
        self._shown_trainee = trainee_id
        self.status.setText(self.tr("Loading…"))
        skill = self.skill.currentData()
        targets = skill_targets_ms()
        self._jobs.run(
            "trainee-figures",
            lambda: (
                figures.daily_figures(
                    desk.daily_skill_stats(period.first, period.last, trainee_id=trainee_id),
                    skill,
                    targets,
                ),
                trainee_exam_history(desk, trainee_id),
            ),
            self._figures_ready,
        )
        self.load_answers()
        self.load_rounds()

    def load_rounds(self) -> None:
        """The trainee's newest rounds of the live table, each played again to replay."""
        trainee_id = self.current_trainee()
        if trainee_id is None:
            return
        desk = self._desk
        self._jobs.run(
            "trainee-rounds",
            lambda: load_rounds(desk, trainee_id, self.rulesets),
            self._rounds_ready,
        )

    def _rounds_ready(self, loaded: list[tuple[StoredTableRound, Replay | None]]) -> None:
        self.table_rounds.set_rounds(loaded)
        self.roundsLoaded.emit()

    def _figures_ready(
        self, loaded: tuple[figures.DailyFigures, list[tuple[Exam, ExamResult]]]
    ) -> None:
        daily, history = loaded
        self._stats = list(daily.stats)
        show_daily(self.skill, self.trend, self.weak, daily)
        self._fill_exams(history)
        period = self.current_period()
        self.status.setText(
            fill(self.tr("%1 to %2"), period.first.isoformat(), period.last.isoformat())
        )
        self.figuresLoaded.emit()

    def _fill_exams(self, history: Sequence[tuple[Exam, ExamResult]]) -> None:
        self.exams.setRowCount(len(history))
        for row, (exam, result) in enumerate(history):
            score = result.score
            if result.waiting_since is not None:
                verdict = fill(
                    self.tr("waiting for grading since %1"),
                    result.waiting_since.astimezone(self._zone).strftime("%Y-%m-%d %H:%M"),
                )
            elif result.passed is None:
                verdict = self.tr("not taken yet")
            else:
                verdict = self.tr("passed") if result.passed else self.tr("failed")
            cells = [
                exam.title,
                result.assignment.assigned_at.astimezone(self._zone).strftime("%Y-%m-%d"),
                ""
                if score is None
                else fill(
                    self.tr("%1/%2 (%3)"),
                    str(result.correct),
                    str(result.item_count),
                    percent_text(score),
                ),
                verdict,
            ]
            for column, text in enumerate(cells):
                self.exams.setItem(row, column, cell(text))

    def _skill_changed(self) -> None:
        self._show_plots()
        self.load_answers()

    def _show_plots(self) -> None:
        self.trend.show_stats(self._stats, self.skill.currentData())

    def _filter(self, until: datetime | None = None) -> AnswerFilter:
        trainee_id = self.current_trainee()
        period = self.current_period()
        return AnswerFilter(
            trainee_id=trainee_id,
            skill=self.skill.currentData(),
            correct=self.only_wrong.currentData(),
            since=datetime.combine(period.first, time(), self._zone),
            until=until,
            limit=ANSWER_PAGE,
            newest_first=True,
        )

    def load_answers(self) -> None:
        if self.current_trainee() is None:
            return
        where = self._filter()
        desk = self._desk
        self._jobs.run("trainee-answers", lambda: desk.answers(where), self._answers_ready)

    def _answers_ready(self, answers: list[StoredAnswer]) -> None:
        # The list is another trainee's, period's or filter's now: the answer that was open
        # must not stay beside it. The newest answer of the new list is opened instead.
        self.answers.set_answers(answers)
        self.fit_answer_columns()
        self.detail.clear()
        if answers:
            self.answer_table.setCurrentIndex(self.answers.index(0, 0))
        self.more.setEnabled(len(answers) == ANSWER_PAGE)
        self.answersLoaded.emit()

    def fit_answer_columns(self) -> None:
        """The when, skill, result and time columns as wide as their longest text (or
        heading); the answer given and the right one share what is left."""
        metrics = self.answer_table.fontMetrics()
        header = self.answer_table.horizontalHeader()
        for column in range(4):
            texts = {self.answers.text(row, column) for row in range(self.answers.rowCount())}
            widest = max((metrics.horizontalAdvance(t) for t in texts), default=0)
            self.answer_table.setColumnWidth(
                column, max(widest + _CELL_PADDING, header.sectionSizeHint(column))
            )

    def load_older(self) -> None:
        """The next page of older answers (answers sharing the oldest instant are not lost)."""
        oldest = self.answers.oldest()
        if oldest is None:
            return
        edge = oldest.record.answered_at
        shown_at_edge = self.answers.count_at(edge)
        # answered_at < until: one microsecond later takes in the answers of that instant,
        # those already shown are asked for on top of the page and dropped by add_older
        where = replace(
            self._filter(edge + timedelta(microseconds=1)), limit=ANSWER_PAGE + shown_at_edge
        )
        desk = self._desk

        def ready(answers: list[StoredAnswer]) -> None:
            added = self.answers.add_older(answers)
            self.fit_answer_columns()
            self.more.setEnabled(added == ANSWER_PAGE)
            self.answersLoaded.emit()

        self._jobs.run("trainee-answers", lambda: desk.answers(where), ready)

    def _answer_chosen(self, current: QModelIndex, _previous: QModelIndex) -> None:
        if not current.isValid():
            return
        self.detail.show_answer(self.answers.answer(current.row()))
