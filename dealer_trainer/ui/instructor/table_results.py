"""The live table's results on the instructor's dashboard: the cohort and each trainee.

Beside the drills' tabs: one row for the cohort and one per trainee with a round
at the table, with the rounds ended, the time per round, the accuracy per step
kind (the kinds the rounds recorded, ``storage.table_stats``) and the most
common mistakes.  The row chosen shows, below, its pace against the house's
target for each game, ruleset and level, and its mistakes each with the article
it cited.  From a trainee's row, *Rounds and replays* (the button, Enter or a
double-click) opens that trainee's rounds, each with its replay step by step on
the felt (:class:`~dealer_trainer.ui.instructor.table_rounds.TableRoundsView`).

The figures are counted in SQL on the worker thread (``Jobs``); the rounds'
replays too.  No code or id is shown: kinds, mistakes, games and levels by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime, time, tzinfo

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.pace import clock_text, target
from dealer_trainer.i18n.citations import format_article, read_citation
from dealer_trainer.reports.table_section import TableWords
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.desks import InstructorDesk
from dealer_trainer.storage.graded import RoundWait
from dealer_trainer.storage.table_stats import (
    ORDER_KIND,
    PaceFigure,
    TableResults,
    cohort_results,
)
from dealer_trainer.ui.exams.panel import DIFFICULTY_NAMES
from dealer_trainer.ui.instructor.dashboard import Period, heading, period_box
from dealer_trainer.ui.instructor.table_rounds import CODE_NAMES, TableRoundsView, load
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.language import citation_text, current_language, text_in_language
from dealer_trainer.ui.table.exam import percent

CONTEXT = "TableResults"

#: A step kind, as stored, in words; a kind this version has no words for is "other steps".
KIND_NAMES = {
    "mark": QT_TRANSLATE_NOOP("TableResults", "Marker"),
    "collect": QT_TRANSLATE_NOOP("TableResults", "Collect"),
    "pay": QT_TRANSLATE_NOOP("TableResults", "Pay"),
    "return": QT_TRANSLATE_NOOP("TableResults", "Return"),
    "move": QT_TRANSLATE_NOOP("TableResults", "Move"),
    "progressive": QT_TRANSLATE_NOOP("TableResults", "Progressive"),
    "deal": QT_TRANSLATE_NOOP("TableResults", "Deal"),
    "irregularity": QT_TRANSLATE_NOOP("TableResults", "Irregularity"),
    ORDER_KIND: QT_TRANSLATE_NOOP("TableResults", "Order"),
}
OTHER_KIND = QT_TRANSLATE_NOOP("TableResults", "Other steps")

#: Where a pace stands against its target.
AGAINST = {
    -1: QT_TRANSLATE_NOOP("TableResults", "below the target"),
    0: QT_TRANSLATE_NOOP("TableResults", "at the target"),
    1: QT_TRANSLATE_NOOP("TableResults", "above the target"),
}


def _tr(text: str) -> str:
    """A text marked with ``QT_TRANSLATE_NOOP("TableResults", …)``, translated (lupdate
    reads the literal ``QCoreApplication.translate("TableResults", …)`` calls directly)."""
    return QCoreApplication.translate(CONTEXT, text)


def kind_text(kind: str) -> str:
    return _tr(KIND_NAMES.get(kind, OTHER_KIND))


def mistake_text(code: str) -> str:
    """A mistake's code in words (the drill-down's words)."""
    name = CODE_NAMES.get(code, QT_TRANSLATE_NOOP("TableRounds", "another mistake"))
    return QCoreApplication.translate("TableRounds", name)


def article_text(
    citation: str | None, *, short: bool = False, rulesets: RulesetRegistry = SHIPPED
) -> str:
    """The article a mistake cited, in the reader's words ("table procedure" for none);
    ``short``: the article alone ("Art. 5(1)"), without the regulation's name (else named
    as ``rulesets`` know its ruleset)."""
    if citation is None:
        return QCoreApplication.translate("TableResults", "table procedure")
    try:
        parsed = read_citation(citation)  # a house reference too: never "sic-bo-house …"
    except (ValueError, RulesError):
        return citation
    if short:
        return format_article(parsed, current_language())
    return citation_text(parsed, rulesets)


def articles_text(
    citations: Sequence[str | None],
    limit: int = 3,
    *,
    short: bool = False,
    rulesets: RulesetRegistry = SHIPPED,
) -> str:
    """The articles a mistake cited, the most cited first ("…" when there are more)."""
    shown = [article_text(c, short=short, rulesets=rulesets) for c in citations[:limit]]
    return "; ".join(shown) + ("; …" if len(citations) > limit else "")


def mistakes_line(results: TableResults, limit: int = 3) -> str:
    """The most common mistakes, in words with their articles: "wrong amount ×3 (…)"."""
    parts = []
    for kind in results.by_code()[:limit]:
        name = mistake_text(kind.code)
        counted = name if kind.times == 1 else f"{name} ×{kind.times}"
        parts.append(f"{counted} ({articles_text(kind.citations, 2, short=True)})")
    return ", ".join(parts) or "–"


def game_text(game: str) -> str:
    known = Game.known(game)
    names = None if known is None else GAME_NAMES[known]
    return (
        QCoreApplication.translate("games", names[0])
        if names
        else QCoreApplication.translate("TableResults", "Another game")
    )


def level_text(difficulty: int) -> str:
    try:
        return QCoreApplication.translate("ExamsPanel", DIFFICULTY_NAMES[Difficulty(difficulty)])
    except ValueError:
        return str(difficulty)


def pace_target(pace: PaceFigure, rulesets: RulesetRegistry = SHIPPED) -> int | None:
    """The house's target for this pace's ruleset and level (``None``: ``rulesets`` do not
    know the ruleset)."""
    try:
        return target(rulesets.get(pace.ruleset_id), Difficulty(pace.difficulty))
    except (ValueError, KeyError, RulesError):
        return None


def against(pace: PaceFigure, goal: int | None) -> int | None:
    """-1, 0 or 1: the exact pace below, at or above the target."""
    return None if goal is None else pace.pace.against(goal)


def report_words(rulesets: RulesetRegistry = SHIPPED) -> TableWords:
    """The words of this pane, for the PDF reports' live-table tables (the paces' targets
    of the rulesets ``rulesets`` know)."""

    def _target(ruleset_id: str, difficulty: int) -> int | None:
        return pace_target(PaceFigure("", ruleset_id, difficulty, 0, 0, 0), rulesets)

    return TableWords(
        kind=kind_text,
        mistake=mistake_text,
        articles=lambda citations: articles_text(citations, 2, short=True),
        game=game_text,
        level=level_text,
        target=_target,
    )


Loaded = tuple[dict[int, TableResults], dict[tuple[str, int], int | None]]


def load_results(
    desk: InstructorDesk, since: datetime | None, rulesets: RulesetRegistry = SHIPPED
) -> Loaded:
    """Every trainee's results and the targets of the paces they show (worker thread)."""
    results = desk.table_results(since=since)
    targets = {
        (p.ruleset_id, p.difficulty): pace_target(p, rulesets)
        for one in results.values()
        for p in one.paces
    }
    return results, targets


class _Table(QTableWidget):
    """Enter on a row activates it."""

    activated = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit()
            event.accept()
            return
        super().keyPressEvent(event)


def _table(columns: int) -> _Table:
    table = _Table(0, columns)
    table.verticalHeader().hide()
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setAlternatingRowColors(True)
    table.setWordWrap(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    # Its height is what the page has left: a summary wrapped onto more lines (a cohort
    # with many kinds of step) takes it from the tables, not from the window's room.
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
    return table


class TraineeRoundsWindow(QDialog):
    """One trainee's table rounds, each with its replay (the drill-down's view)."""

    def __init__(self, name: str, zone: tzinfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setWindowTitle(
            fill(QCoreApplication.translate("TableResults", "Table rounds · %1"), name)
        )
        self.rounds = TableRoundsView(zone, self)
        self.close_button = QPushButton(QCoreApplication.translate("TableResults", "Close"))
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.close)
        bar = QHBoxLayout()
        bar.addStretch(1)
        bar.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.rounds, 1)
        layout.addLayout(bar)
        self.resize(1100, 620)


class TableResultsPane(QWidget):
    """The cohort's and each trainee's results at the live table."""

    resultsLoaded = Signal()
    roundsOpened = Signal(object)  # TraineeRoundsWindow, once its rounds are shown

    def __init__(
        self,
        desk: InstructorDesk,
        jobs: Jobs,
        today: Callable[[], date],
        zone: tzinfo,
        parent: QWidget | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self.rulesets = rulesets  # where the rounds' rulesets are looked up
        self._jobs = jobs
        self._today = today
        self._zone = zone
        self._names: dict[int, str] = {}
        self.results: dict[int, TableResults] = {}
        self.cohort: TableResults = cohort_results({})
        self.targets: Mapping[tuple[str, int], int | None] = {}
        self.rows: list[TableResults] = []  # the table's rows: the cohort, then each trainee
        self.windows: list[TraineeRoundsWindow] = []
        self.period = period_box(self)
        self.period.currentIndexChanged.connect(self.reload)
        self.period_label = QLabel()
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {palette.MUTED};")
        bar = QHBoxLayout()
        bar.addWidget(self.period_label)
        bar.addWidget(self.period)
        bar.addStretch(1)
        bar.addWidget(self.status)
        # On a centre's server: the rounds the grader has not judged yet are in no figure.
        self.waiting = QLabel()
        self.waiting.setWordWrap(True)
        self.waiting.hide()
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.summary.setStyleSheet(f"font-size: 11pt; color: {palette.HEADING};")
        self.table = _table(4)
        self.table.activated.connect(self.open_rounds)
        self.table.cellDoubleClicked.connect(lambda _r, _c: self.open_rounds())
        self.table.itemSelectionChanged.connect(self._show_chosen)
        self.rounds_button = QPushButton()
        self.rounds_button.clicked.connect(self.open_rounds)
        self.trainees_heading = heading("")
        top_bar = QHBoxLayout()
        top_bar.addWidget(self.trainees_heading, 1)
        top_bar.addWidget(self.rounds_button)
        self.chosen = heading("")
        self.paces = _table(6)
        self.paces.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.mistakes = _table(3)
        self.mistakes.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.mistakes.setWordWrap(True)
        self.paces_heading = heading("")
        self.mistakes_heading = heading("")
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.paces_heading)
        left_layout.addWidget(self.paces, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.mistakes_heading)
        right_layout.addWidget(self.mistakes, 1)
        below = QSplitter(Qt.Orientation.Horizontal)
        below.addWidget(left)
        below.addWidget(right)
        below.setSizes([560, 560])
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addLayout(top_bar)
        upper_layout.addWidget(self.table, 1)
        lower = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.chosen)
        lower_layout.addWidget(below, 1)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(upper)
        split.addWidget(lower)
        split.setSizes([330, 300])
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.waiting)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.retranslate()

    # ------------------------------------------------------------------ loading --

    def showEvent(self, event: QShowEvent) -> None:
        """Counted again each time the tab is shown: trainees deal rounds meanwhile."""
        super().showEvent(event)
        self.reload()

    def current_period(self) -> Period:
        return Period.ending(self._today(), int(self.period.currentData()))

    def since(self) -> datetime:
        """The start of the period's first day, in the centre's time zone."""
        return datetime.combine(self.current_period().first, time(0), self._zone)

    def set_trainees(self, names: Mapping[int, str]) -> None:
        """The trainees' names (rows show names, never ids)."""
        self._names = dict(names)
        if self.results:
            self._fill()

    def reload(self) -> None:
        """Count the results of the period again, on the worker thread."""
        self.status.setText(QCoreApplication.translate("TableResults", "Loading…"))
        desk, since = self._desk, self.since()
        self._jobs.run(
            "table-results",
            lambda: (load_results(desk, since, self.rulesets), desk.table_grading_wait()),
            self._ready,
        )

    def _ready(self, loaded: tuple[Loaded, RoundWait]) -> None:
        (self.results, self.targets), wait = loaded
        words = wait.words(self._zone)
        self.waiting.setText("" if words is None else text_in_language(words))
        self.waiting.setVisible(words is not None)
        self.cohort = cohort_results(self.results)
        period = self.current_period()
        self.status.setText(
            fill(
                QCoreApplication.translate("TableResults", "%1 to %2"),
                period.first.isoformat(),
                period.last.isoformat(),
            )
        )
        self._fill()
        self.resultsLoaded.emit()

    # ------------------------------------------------------------------ showing --

    def _kinds(self) -> list[str]:
        return [k.kind for k in self.cohort.kinds]

    def _fill(self) -> None:
        chosen = self.chosen_trainee()
        kinds = self._kinds()
        trainees = sorted(
            self.results.values(),
            key=lambda r: self._names.get(r.trainee_id or 0, "").casefold(),
        )
        self.rows = [self.cohort, *trainees]
        headers = [
            QCoreApplication.translate("TableResults", "Trainee"),
            QCoreApplication.translate("TableResults", "Rounds"),
            QCoreApplication.translate("TableResults", "Time per round"),
        ]
        headers += [kind_text(kind) for kind in kinds]
        headers.append(QCoreApplication.translate("TableResults", "Most common mistakes"))
        self.table.clear()
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(self.rows))
        bold = QFont(self.table.font())
        bold.setBold(True)
        for row, results in enumerate(self.rows):
            cells = [
                self._name(results),
                str(results.rounds),
                "–" if results.ms_per_round is None else clock_text(results.ms_per_round),
            ]
            for kind in kinds:
                tally = results.kind(kind)
                cells.append("–" if tally is None or not tally.out_of else percent(tally.share))
            cells.append(mistakes_line(results))
            for column, text in enumerate(cells):
                item = cell(text)
                if results.trainee_id is None:
                    item.setFont(bold)
                self.table.setItem(row, column, item)
        self.table.horizontalHeader().setSectionResizeMode(
            len(headers) - 1, QHeaderView.ResizeMode.Stretch
        )
        self._summarise()
        ids = [r.trainee_id for r in self.rows]
        self.table.selectRow(ids.index(chosen) if chosen in ids else 0)
        self._show_chosen()

    def _name(self, results: TableResults) -> str:
        if results.trainee_id is None:
            return QCoreApplication.translate("TableResults", "The cohort")
        return self._names.get(
            results.trainee_id,
            QCoreApplication.translate("TableResults", "A trainee no longer listed"),
        )

    def _summarise(self) -> None:
        cohort = self.cohort
        if not cohort.rounds and not cohort.kinds:
            self.summary.setText(
                QCoreApplication.translate(
                    "TableResults", "No rounds at the live table in this period."
                )
            )
            return
        accuracy = " · ".join(
            f"{kind_text(k.kind)} {percent(k.share)}" for k in cohort.kinds if k.out_of
        )
        self.summary.setText(
            fill(
                QCoreApplication.translate(
                    "TableResults", "The cohort: %1 rounds by %2 trainees · time per round %3 · %4"
                ),
                str(cohort.rounds),
                str(len(self.results)),
                "–" if cohort.ms_per_round is None else clock_text(cohort.ms_per_round),
                accuracy,
            )
        )

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def chosen_results(self) -> TableResults | None:
        row = self.current_row()
        return self.rows[row] if 0 <= row < len(self.rows) else None

    def chosen_trainee(self) -> int | None:
        results = self.chosen_results()
        return None if results is None else results.trainee_id

    def _show_chosen(self) -> None:
        results = self.chosen_results()
        self.rounds_button.setEnabled(results is not None and results.trainee_id is not None)
        if results is None:
            results = self.cohort
        self.chosen.setText(self._name(results))
        self.paces.setRowCount(len(results.paces))
        for row, pace in enumerate(results.paces):
            goal = self.targets.get((pace.ruleset_id, pace.difficulty))
            where = against(pace, goal)
            cells = [
                game_text(pace.game),
                level_text(pace.difficulty),
                str(pace.rounds),
                "–" if pace.pace.shown is None else str(pace.pace.shown),
                "–" if goal is None else str(goal),
                "–" if where is None else _tr(AGAINST[where]),
            ]
            for column, text in enumerate(cells):
                self.paces.setItem(row, column, cell(text))
        kinds = results.by_code()
        self.mistakes.setRowCount(len(kinds))
        for row, kind in enumerate(kinds):
            cells = [
                mistake_text(kind.code),
                str(kind.times),
                articles_text(kind.citations, rulesets=self.rulesets),
            ]
            for column, text in enumerate(cells):
                self.mistakes.setItem(row, column, cell(text))
        self.mistakes.resizeRowsToContents()

    # ------------------------------------------------------------ rounds, replay --

    def open_rounds(self) -> TraineeRoundsWindow | None:
        """The chosen trainee's rounds, each with its replay on the felt (read on the worker
        thread; ``roundsOpened`` once they are shown)."""
        trainee_id = self.chosen_trainee()
        if trainee_id is None:
            self.status.setText(
                QCoreApplication.translate(
                    "TableResults", "Choose a trainee's row to see their rounds."
                )
            )
            return None
        window = TraineeRoundsWindow(self._name(self.rows[self.current_row()]), self._zone, self)
        window.destroyed.connect(
            lambda _=None, w=window: self.windows.remove(w) if w in self.windows else None
        )
        self.windows.append(window)
        window.rounds.summary.setText(QCoreApplication.translate("TableResults", "Loading…"))
        window.show()
        desk = self._desk

        def shown(loaded: object, w: TraineeRoundsWindow = window) -> None:
            if w in self.windows:
                w.rounds.set_rounds(loaded)  # type: ignore[arg-type]
                w.rounds.table.setFocus()
                self.roundsOpened.emit(w)

        self._jobs.run(
            f"table-rounds-{trainee_id}", lambda: load(desk, trainee_id, self.rulesets), shown
        )
        return window

    def retranslate(self) -> None:
        self.period_label.setText(QCoreApplication.translate("CohortView", "Period:"))
        self.trainees_heading.setText(
            QCoreApplication.translate(
                "TableResults",
                "Results at the live table (Enter or double-click: a trainee's rounds)",
            )
        )
        self.rounds_button.setText(
            QCoreApplication.translate("TableResults", "Rounds and replays ↵")
        )
        self.rounds_button.setToolTip(
            QCoreApplication.translate(
                "TableResults",
                "The chosen trainee's rounds, each with its replay step by step on the felt",
            )
        )
        self.paces_heading.setText(
            QCoreApplication.translate("TableResults", "Pace against the house's target")
        )
        self.mistakes_heading.setText(
            QCoreApplication.translate("TableResults", "Mistakes, the most common first")
        )
        self.paces.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("TableResults", "Game"),
                QCoreApplication.translate("TableResults", "Level"),
                QCoreApplication.translate("TableResults", "Rounds"),
                QCoreApplication.translate("TableResults", "An hour"),
                QCoreApplication.translate("TableResults", "Target"),
                QCoreApplication.translate("TableResults", "Pace"),
            ]
        )
        self.mistakes.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("TableResults", "Mistake"),
                QCoreApplication.translate("TableResults", "Times"),
                QCoreApplication.translate("TableResults", "Articles"),
            ]
        )
        if self.results:
            self._fill()
