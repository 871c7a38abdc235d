"""What the centre's grader has not graded yet, and what it flagged (issue 36).

On a centre's server the dashboard's figures are the grader's: an answer it has not graded
yet is in none of them, so the cohort view says in words how many wait and since when; the
answers it flagged (its verdict not the workstation's, or one it could not grade as sent)
are a button that lists them, each with the trainee, the skill, when and why. On one PC
nothing waits and nothing is flagged: the notice stays hidden.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, tzinfo

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.reports.text import skill_title
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk
from dealer_trainer.storage.graded import FlaggedAnswer, GradingWait
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.language import text_in_language


class GradingNotice(QWidget):
    """A line above the cohort's figures: answers waiting for grading, answers flagged."""

    loaded = Signal()

    def __init__(self, desk: InstructorDesk, jobs: Jobs, zone: tzinfo | None = None) -> None:
        super().__init__()
        self._desk = desk
        self._jobs = jobs
        self._zone = zone
        self._flagged: list[FlaggedAnswer] = []
        self._names: dict[int, str] = {}
        self.waiting = QLabel()
        self.waiting.setWordWrap(True)
        self.flagged = QPushButton()
        self.flagged.clicked.connect(self.show_flagged)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.waiting, 1)
        row.addWidget(self.flagged)
        self.hide()

    def load(self, first: date, last: date, trainee_ids: Collection[int] | None) -> None:
        """Ask the server what waits (of those trainees) and what the days hold flagged."""
        desk = self._desk

        def work() -> tuple[GradingWait, list[FlaggedAnswer], dict[int, str]]:
            flagged = desk.flagged_answers(first, last)
            if trainee_ids is not None:
                flagged = [f for f in flagged if f.trainee_id in trainee_ids]
            names = {t.id: t.name for t in desk.all_trainees()} if flagged else {}
            return desk.grading_wait(trainee_ids), flagged, names

        self._jobs.run("grading-notice", work, self._loaded)

    def _loaded(self, loaded: tuple[GradingWait, list[FlaggedAnswer], dict[int, str]]) -> None:
        wait, self._flagged, self._names = loaded
        words = wait.words(self._zone)
        self.waiting.setText("" if words is None else text_in_language(words))
        count = len(self._flagged)
        self.flagged.setText(
            fill(self.tr("%1 answer(s) flagged by the grader…", "", count), str(count))
        )
        self.flagged.setVisible(count > 0)
        self.setVisible(words is not None or count > 0)
        self.loaded.emit()

    def lines(self) -> list[str]:
        """The flagged answers as the list shows them: who, which skill, when, why."""
        return flagged_lines(self._flagged, self._names, self._zone)

    def show_flagged(self) -> QDialog:
        dialog = QDialog(self)
        dialog.setWindowTitle(self.tr("Answers flagged by the grader"))
        listed = QListWidget()
        listed.setWordWrap(True)
        listed.addItems(self.lines())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(dialog.reject)
        layout = QVBoxLayout(dialog)
        intro = QLabel(
            self.tr(
                "The centre's grader graded these answers otherwise than the trainee's "
                "computer, or could not grade them as sent. Its grade is the record."
            )
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        layout.addWidget(listed, 1)
        layout.addWidget(buttons)
        dialog.resize(1000, 420)
        dialog.show()
        return dialog


def flagged_lines(
    flagged: Sequence[FlaggedAnswer], names: dict[int, str], zone: tzinfo | None
) -> list[str]:
    """One line per flagged answer: the trainee's name, the skill, exam or practice, when
    (the centre's time), the reason in words."""
    exam = QCoreApplication.translate("GradingNotice", "exam")
    practice = QCoreApplication.translate("GradingNotice", "practice")
    return [
        " — ".join(
            (
                names.get(f.trainee_id, "?"),
                skill_title(f.skill),
                exam if f.exam else practice,
                f"{f.recorded_at.astimezone(zone):%Y-%m-%d %H:%M}",
                text_in_language(f.reason),
            )
        )
        for f in flagged
    ]
