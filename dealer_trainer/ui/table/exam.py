"""The table exam on screen: its setup (rounds, pass mark), and its results with the replays.

The results show the exam's score against its pass mark, the score per step kind
(collect, pay, the marker, order: ``drills.table.exam``), and each round with its
score and mistakes; choosing a round shows its replay, step by step on the felt,
with every mistake's reason and article.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.table.exam import (
    DEFAULT_PASS_MARK,
    DEFAULT_ROUNDS,
    MAX_ROUNDS,
    ExamResult,
    StepKind,
    TableExam,
    Tally,
)
from dealer_trainer.drills.table.replay import replay_of
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.drills.screen import drill_window_size
from dealer_trainer.ui.kit.geometry import restore_size
from dealer_trainer.ui.kit.rendering import DRILL_STYLE
from dealer_trainer.ui.table.replay import ReplayView

#: The step kinds as the results name them.
KIND_NAMES = {
    StepKind.COLLECT: QT_TRANSLATE_NOOP("TableExam", "Collect"),
    StepKind.PAY: QT_TRANSLATE_NOOP("TableExam", "Pay, return, move"),
    StepKind.MARK: QT_TRANSLATE_NOOP("TableExam", "Marker"),
    StepKind.ORDER: QT_TRANSLATE_NOOP("TableExam", "Order"),
    StepKind.DEAL: QT_TRANSLATE_NOOP("TableExam", "Deal"),
    StepKind.IRREGULARITY: QT_TRANSLATE_NOOP("TableExam", "Irregularities"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("TableExam", text)


def percent(share: Fraction | None) -> str:
    """A share as a whole percent, rounded down (80 % is never shown below 80 %)."""
    if share is None:
        return "–"
    whole = share * 100
    return f"{whole.numerator // whole.denominator} %"


def tally_text(tally: Tally) -> str:
    return fill(
        QCoreApplication.translate("TableExam", "%1 of %2 (%3)"),
        str(tally.right),
        str(tally.out_of),
        percent(tally.share),
    )


class ExamSetup(QDialog):
    """How long the exam is and its pass mark."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(QCoreApplication.translate("TableExam", "Table exam"))
        self.round_count = QSpinBox()
        self.round_count.setRange(1, MAX_ROUNDS)
        self.round_count.setValue(DEFAULT_ROUNDS)
        self.mark = QSpinBox()
        self.mark.setRange(1, 100)
        self.mark.setValue(int(DEFAULT_PASS_MARK * 100))
        self.mark.setSuffix(" %")
        explain = QLabel(
            QCoreApplication.translate(
                "TableExam",
                "No verdict is shown while you deal: every step is recorded and judged, "
                "each round ends when you declare it settled (S), and at the end you see "
                "your score and every mistake on the round's replay.",
            )
        )
        explain.setWordWrap(True)
        form = QFormLayout()
        form.addRow(QCoreApplication.translate("TableExam", "Rounds:"), self.round_count)
        form.addRow(QCoreApplication.translate("TableExam", "Pass mark:"), self.mark)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText(
            QCoreApplication.translate("TableExam", "Start the exam")
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(form)
        layout.addWidget(buttons)
        self.setMinimumWidth(420)

    def rounds(self) -> int:
        return self.round_count.value()

    def pass_mark(self) -> Fraction:
        return Fraction(self.mark.value(), 100)


class ExamResults(QWidget):
    """The exam's score, per step kind, and each round with its replay."""

    def __init__(self, exam: TableExam, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setStyleSheet(DRILL_STYLE)
        self.exam = exam
        self.result: ExamResult = exam.result()
        self.headline = QLabel()
        self.headline.setObjectName("skillTitle")
        self.headline.setWordWrap(True)
        self.kinds = QTableWidget(len(StepKind), 2)
        self.kinds.verticalHeader().hide()
        self.kinds.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.kinds.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.kinds.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.kinds.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents
        )
        self.kinds.setMaximumHeight(160)
        self.kinds.setWordWrap(True)
        self.rounds = QListWidget()
        self.rounds.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.replay_view = ReplayView(self)
        self.close_button = QPushButton()
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(self.close)
        top = QHBoxLayout()
        top.addWidget(self.headline, 1)
        top.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignTop)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.kinds)
        self.rounds_label = QLabel()
        self.rounds_label.setWordWrap(True)
        left_layout.addWidget(self.rounds_label)
        left_layout.addWidget(self.rounds, 1)
        left.setMinimumWidth(300)
        left.setMaximumWidth(340)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.replay_view)
        splitter.setStretchFactor(1, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(top)
        layout.addWidget(splitter, 1)
        self.replays = [replay_of(r) for r in exam.played if r.finished]
        self.rounds.currentRowChanged.connect(self.show_round)
        self.retranslate()
        worst = next((n for n, s in enumerate(self.result.rounds) if s.mistakes or s.missed), 0)
        self.rounds.setCurrentRow(worst)
        self.replay_view.setFocus()
        restore_size(self, "table-exam", drill_window_size(self))

    def show_round(self, row: int) -> None:
        if 0 <= row < len(self.replays):
            self.replay_view.show_replay(self.replays[row])
            self.replay_view.setFocus()

    def retranslate(self) -> None:
        result = self.result
        verdict = (
            QCoreApplication.translate("TableExam", "Passed")
            if result.passed
            else QCoreApplication.translate("TableExam", "Not passed")
        )
        self.headline.setText(
            fill(
                QCoreApplication.translate(
                    "TableExam", "Table exam: %1 · %2 right steps of %3 · pass mark %4 · %5"
                ),
                percent(result.score),
                str(result.total.right),
                str(result.total.out_of),
                percent(result.pass_mark),
                verdict,
            )
        )
        self.kinds.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("TableExam", "Steps"),
                QCoreApplication.translate("TableExam", "Right"),
            ]
        )
        judged = [kind for kind in StepKind if result.by_kind[kind].out_of]  # the game's kinds
        self.kinds.setRowCount(len(judged))
        for row, kind in enumerate(judged):
            self.kinds.setItem(row, 0, QTableWidgetItem(_tr(KIND_NAMES[kind])))
            self.kinds.setItem(row, 1, QTableWidgetItem(tally_text(result.by_kind[kind])))
        self.rounds_label.setText(
            QCoreApplication.translate("TableExam", "Rounds (choose one to see its replay):")
        )
        current = self.rounds.currentRow()
        self.rounds.blockSignals(True)
        self.rounds.clear()
        for number, score in enumerate(result.rounds, start=1):
            wrong = len(score.mistakes) + score.missed
            text = (
                fill(
                    QCoreApplication.translate("TableExam", "Round %1: %2 · mistakes: %3"),
                    str(number),
                    percent(score.total.share),
                    str(wrong),
                )
                if wrong
                else fill(
                    QCoreApplication.translate("TableExam", "Round %1: %2 · no mistakes"),
                    str(number),
                    percent(score.total.share),
                )
            )
            self.rounds.addItem(("✗ " if wrong else "✓ ") + text)
        self.rounds.setCurrentRow(current)
        self.rounds.blockSignals(False)
        self.close_button.setText(QCoreApplication.translate("TableExam", "Close"))
        self.setWindowTitle(QCoreApplication.translate("TableExam", "Table exam results"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
