"""The live-table part of an exam in the instructor's builder: how many rounds of the
exam's game (0: none), at which level, and, in words, how items and rounds weigh in the
accuracy and the speed marks (``storage/certification.py`` scores them so)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QSpinBox, QVBoxLayout, QWidget

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.table.exam import MAX_ROUNDS
from dealer_trainer.drills.table.pace import target
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import Exam
from dealer_trainer.ui.exams.table_words import game_name, weighing_text
from dealer_trainer.ui.kit.digits import accept_wide_digits


class TablePart(QWidget):
    """Rounds (0 to 50) and their level, with the weighing said below in words."""

    changed = Signal()

    def __init__(
        self, level_name: Callable[[Difficulty], str], parent: QWidget | None = None
    ) -> None:
        """``level_name``: a difficulty's name in the window's language (the panel's)."""
        super().__init__(parent)
        self._level_name = level_name
        self._ruleset: Ruleset | None = None
        self.rounds = QSpinBox()
        self.rounds.setRange(0, MAX_ROUNDS)
        accept_wide_digits(self.rounds)
        self.level = QComboBox()
        for difficulty in Difficulty:
            self.level.addItem("", int(difficulty))
        self.level.setCurrentIndex(1)
        self.at = QLabel()
        self.note = QLabel()
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.rounds)
        row.addWidget(self.at)
        row.addWidget(self.level, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        # The weighing is said in the builder's preview (``weighing``), not in a row of its
        # own: the form keeps its height on a 768-pixel laptop.
        self.note.hide()
        self.rounds.valueChanged.connect(self._changed)
        self.level.currentIndexChanged.connect(self._changed)
        self.retranslate()

    def set_ruleset(self, ruleset: Ruleset) -> None:
        self._ruleset = ruleset
        self._changed()

    def count(self) -> int:
        return self.rounds.value()

    def difficulty(self) -> Difficulty:
        return Difficulty(self.level.currentData())

    def pace(self) -> int | None:
        """The house's target for the game and level, rounds an hour (``None``: no ruleset)."""
        return None if self._ruleset is None else target(self._ruleset, self.difficulty())

    def describe(self) -> str:
        """The preview's line for the rounds (empty: none)."""
        if not self.count() or self._ruleset is None:
            return ""
        return fill(
            QCoreApplication.translate(
                "ExamsPanel", "Then %1 rounds of %2 at the live table, %3, in exam mode."
            ),
            str(self.count()),
            game_name(self._ruleset.game),
            self.level.currentText(),
        )

    def weighing(self) -> str:
        """How items and rounds weigh in the marks, in words (empty: no rounds)."""
        pace = self.pace()
        if not self.count() or pace is None or self._ruleset is None:
            return ""
        return weighing_text(self._ruleset.game, pace)

    def _changed(self) -> None:
        self.note.setText(self.weighing())
        self.level.setEnabled(self.count() > 0)
        self.changed.emit()

    def retranslate(self) -> None:
        self.rounds.setSpecialValueText(QCoreApplication.translate("ExamsPanel", "none"))
        self.rounds.setAccessibleName(QCoreApplication.translate("ExamsPanel", "Live-table rounds"))
        self.at.setText(QCoreApplication.translate("ExamsPanel", "at"))
        for i in range(self.level.count()):
            self.level.setItemText(i, self._level_name(Difficulty(self.level.itemData(i))))
        self._changed()


def exam_rounds_text(exam: Exam, level_name: Callable[[Difficulty], str]) -> str:
    """An exam's live-table part as the exams list describes it (its level by ``level_name``)."""
    assert exam.table_game is not None and exam.table_difficulty is not None
    text = fill(
        QCoreApplication.translate(
            "ExamsPanel", "Live table: %1 rounds of %2, %3, pass mark %4, speed mark %5."
        ),
        str(exam.table_rounds),
        game_name(exam.table_game),
        level_name(Difficulty(exam.table_difficulty)),
        percent_text(exam.pass_mark),
        QCoreApplication.translate("ExamsPanel", "none")
        if exam.speed_mark is None
        else percent_text(exam.speed_mark),
    )
    return text


def exam_weighing(exam: Exam) -> str:
    """How an exam's items and rounds weigh in its marks (empty: no rounds)."""
    if not exam.table_rounds or exam.table_game is None or not exam.table_pace:
        return ""
    return weighing_text(exam.table_game, exam.table_pace)
