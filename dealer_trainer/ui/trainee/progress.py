"""My progress: the trainee's own mastery map and what is due, from the Drills menu.

What is due comes first: the practice plans the instructor gave (with the items done
of the plan's count since it was given) and the exams assigned, soonest due first,
overdue ones in red; **Start** (Enter) opens the chosen one in the drills. Then each
skill of every game: mastered, close, weak or not started under the centre's rule
(right *and* within the skill's target time over the last answers), the share, the
target and the trend. A click on a weak skill's button, or Enter / a double-click on
a skill's row, starts practising that skill.

Reads the signed-in trainee's own desk only (nobody signed in: it says so).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, tzinfo
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.skills import all_skills
from dealer_trainer.drills.standards import (
    MASTERY_NAMES,
    TREND_NAMES,
    Mastery,
    MasteryRule,
    SkillMastery,
    percent,
    target_seconds,
)
from dealer_trainer.drills.table.pace import target
from dealer_trainer.reports.text import skill_title
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StorageError
from dealer_trainer.storage.certification import Refusal, SittingRefused
from dealer_trainer.ui.exams.review import moment_text
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.geometry import share_of_screen
from dealer_trainer.ui.kit.language import problem_text, text_in_language
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.kit.standards_words import game_name, plan_title, rule_words, seconds_words
from dealer_trainer.ui.kit.status import ERROR_STYLE, StatusLine
from dealer_trainer.ui.trainee.my_transcript import MyTranscript

if TYPE_CHECKING:
    from dealer_trainer.storage import TraineeDesk
    from dealer_trainer.storage.table_stats import TableFigure
    from dealer_trainer.ui.trainee.launcher import DrillLauncher

#: Weak skills shown as buttons (the table has them all).
WEAK_BUTTONS = 6
#: The order of the skills table: what needs work first.
_ORDER = {Mastery.WEAK: 0, Mastery.CLOSE: 1, Mastery.NOT_STARTED: 2, Mastery.MASTERED: 3}
_COLOURS = {
    Mastery.MASTERED: palette.OK,
    Mastery.CLOSE: palette.WARN,
    Mastery.WEAK: palette.WRONG,
    Mastery.NOT_STARTED: palette.MUTED,
}


@dataclass(frozen=True)
class Due:
    """One row of the due list: a plan (its game and skills) or an exam (its assignment)."""

    title: str
    due_at: datetime | None
    progress: str
    overdue: bool
    done: bool
    game: str | None = None
    skills: tuple[str, ...] = ()
    exam_assignment: int | None = None


def due_list(desk: TraineeDesk) -> list[Due]:
    """The trainee's plans (those not done, and those done before their date has passed)
    and open exams, soonest due first."""
    now = desk.schedule.now()
    rows = []
    groups = desk.schedule.group_names()
    for plan in desk.schedule.plans():
        if plan.complete and now > plan.plan.due_at:
            continue  # done, and its date is past: nothing more to show
        rows.append(
            Due(
                title=fill(
                    QCoreApplication.translate("ProgressWindow", "Plan: %1"),
                    plan_title(plan.plan, groups),
                ),
                due_at=plan.plan.due_at,
                progress=fill(
                    QCoreApplication.translate("ProgressWindow", "%1 of %2 items"),
                    str(plan.done),
                    str(plan.plan.item_count),
                ),
                overdue=plan.overdue(now),
                done=plan.complete,
                game=plan.plan.game,
                skills=plan.plan.skills,
            )
        )
    exams = desk.open_exams()
    # The transcript's sittings: on a centre's server a trainee reads their exams' terms
    # by the server's functions, never the exams table (which holds the seeds).
    sittings = desk.my_transcript().sittings if exams else ()
    held = Counter(s.assignment_id for s in sittings if s.score.ended_at is not None)
    going = {s.assignment_id for s in sittings if s.score.ended_at is None}
    limit = desk.centre_settings().retake_limit if held else 0
    for assignment, paper in exams:
        rows.append(
            Due(
                title=fill(QCoreApplication.translate("ProgressWindow", "Exam: %1"), paper.title),
                due_at=assignment.due_at,
                progress=_exam_progress(
                    paper.item_count,
                    held[assignment.id],
                    limit,
                    assignment.id in going,
                    desk.sitting_refusal(assignment.id),
                ),
                overdue=assignment.due_at is not None and now > assignment.due_at,
                done=False,
                exam_assignment=assignment.id,
            )
        )
    far = datetime.max.replace(tzinfo=now.tzinfo)
    return sorted(rows, key=lambda r: (r.done, r.due_at or far))


def _exam_progress(
    items: int, sat: int, limit: int, under_way: bool, refused: SittingRefused | None
) -> str:
    """Where the trainee stands with an open exam: not sat yet, under way, or sat and not
    passed (how many sittings of the centre's limit), and when it may be sat (again)."""
    translate = QCoreApplication.translate
    when = "" if refused is None or refused.when is None else moment_text(refused.when)
    if under_way:
        text = translate("ProgressWindow", "%1 items, under way: Start goes on where it stopped")
        return fill(text, str(items))
    if not sat:
        if refused is not None and refused.reason is Refusal.NOT_OPEN:
            return fill(translate("ProgressWindow", "%1 items, opens on %2"), str(items), when)
        return fill(translate("ProgressWindow", "%1 items, not sat yet"), str(items))
    if refused is not None and refused.reason is Refusal.GRADING:
        text = translate("ProgressWindow", "sat (sitting %1 of %2): waiting for grading since %3")
        return fill(text, str(sat), str(limit), when)
    if refused is not None and refused.reason is Refusal.WAIT:
        text = translate("ProgressWindow", "not passed (sitting %1 of %2): again from %3")
        return fill(text, str(sat), str(limit), when)
    text = translate("ProgressWindow", "not passed (sitting %1 of %2): you may sit it again")
    return fill(text, str(sat), str(limit))


class ProgressWindow(QDialog):
    """The signed-in trainee's own progress and what is due (not modal)."""

    loaded = Signal()
    started = Signal(object)  # the drill screen opened from here

    def __init__(
        self,
        launcher: Callable[[], DrillLauncher],
        zone: Callable[[], tzinfo],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("progressWindow")
        self._launcher = launcher
        self._zone = zone
        self._due: list[Due] = []
        self._skills: list[str] = []
        self.heading = QLabel()
        self.heading.setTextFormat(Qt.TextFormat.PlainText)
        self.heading.setStyleSheet("font-size: 16px; font-weight: 600;")
        self.rule = QLabel()
        self.rule.setWordWrap(True)
        self.rule.setStyleSheet(f"color: {palette.MUTED_STRONG};")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.message = StatusLine()
        self.message.setStyleSheet(ERROR_STYLE)

        self.due = self._table(4)
        self.due.itemActivated.connect(lambda _item: self.start_due())
        self.start_button = QPushButton()
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start_due)
        self.due_label = QLabel()
        self.due_label.setStyleSheet("font-weight: 600;")

        self.weak_label = QLabel()
        self.weak_row = QHBoxLayout()
        self.weak_buttons: list[QPushButton] = []
        self.skills_table = self._table(6)
        self.skills_table.itemActivated.connect(lambda _item: self.practise_chosen())
        self.practise_button = QPushButton()
        self.practise_button.clicked.connect(self.practise_chosen)
        self.skills_label = QLabel()
        self.skills_label.setStyleSheet("font-weight: 600;")
        # The live table's figures beside the drills': per game and level, the rounds dealt,
        # the steps right and the pace against the house's target.
        self.table_label = QLabel()
        self.table_label.setStyleSheet("font-weight: 600;")
        self.table = self._table(6)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.no_rounds = QLabel()
        self.no_rounds.setWordWrap(True)
        self.no_rounds.setStyleSheet(f"color: {palette.MUTED_STRONG};")
        self.close_button = QPushButton()
        self.close_button.setAutoDefault(False)
        self.close_button.clicked.connect(self.close)
        self.transcript = MyTranscript(
            self._desk, lambda text, error: self.message.say(text, error=error), self
        )

        due_bar = QHBoxLayout()
        due_bar.addWidget(self.due_label)
        due_bar.addStretch(1)
        due_bar.addWidget(self.start_button)
        weak_bar = QHBoxLayout()
        weak_bar.addWidget(self.weak_label)
        weak_bar.addLayout(self.weak_row)
        weak_bar.addStretch(1)
        skills_bar = QHBoxLayout()
        skills_bar.addWidget(self.skills_label)
        skills_bar.addStretch(1)
        skills_bar.addWidget(self.practise_button)
        bottom = QHBoxLayout()
        bottom.addWidget(self.message, 1)
        bottom.addWidget(self.transcript.button)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.rule)
        layout.addWidget(self.summary)
        layout.addLayout(due_bar)
        layout.addWidget(self.due, 2)
        layout.addLayout(weak_bar)
        layout.addLayout(skills_bar)
        layout.addWidget(self.skills_table, 3)
        layout.addWidget(self.table_label)
        layout.addWidget(self.table)
        layout.addWidget(self.no_rounds)
        layout.addLayout(bottom)
        self.retranslate()
        self.resize(share_of_screen(self, 0.8, QSize(640, 480), QSize(1000, 720)))

    @staticmethod
    def _table(columns: int) -> QTableWidget:
        table = QTableWidget(0, columns)
        table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.verticalHeader().hide()
        table.setWordWrap(False)
        header = table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1 if columns == 6 else 0, QHeaderView.ResizeMode.Stretch)
        return table

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("My progress"))
        self.due_label.setText(self.tr("Due"))
        self.start_button.setText(self.tr("&Start"))
        self.weak_label.setText(self.tr("Weak skills (click to practise):"))
        self.skills_label.setText(self.tr("My skills"))
        self.practise_button.setText(self.tr("&Practise this skill"))
        self.close_button.setText(self.tr("&Close"))
        self.transcript.retranslate()
        self.due.setHorizontalHeaderLabels(
            [
                self.tr("What"),
                self.tr("Due by"),
                self.tr("Progress"),
                self.tr("State"),
            ]
        )
        self.skills_table.setHorizontalHeaderLabels(
            [
                self.tr("Game"),
                self.tr("Skill"),
                self.tr("State"),
                self.tr("Right and in time"),
                self.tr("Target time"),
                self.tr("Trend"),
            ]
        )
        self.table_label.setText(self.tr("Live table"))
        self.no_rounds.setText(
            self.tr("No round dealt at the live table yet (Table, in the drills panel).")
        )
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Game"),
                self.tr("Level"),
                self.tr("Rounds dealt"),
                self.tr("Steps right"),
                self.tr("Pace (an hour)"),
                self.tr("House's target"),
            ]
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh()
        super().changeEvent(event)

    # ------------------------------------------------------------------ reading --
    def _desk(self) -> TraineeDesk | None:
        return self._launcher().desk()

    def refresh(self) -> None:
        """Read the trainee's plans, exams and mastery again and show them."""
        self.message.clear()
        try:
            desk = self._desk()
            if desk is None:
                self._nobody()
                return
            due = due_list(desk)
            rule, mastery = desk.standing.mastery()
            standards = desk.standing.standards()
            figures = desk.my_table_figures()
            waiting = desk.grading_wait().words()  # on a centre's server: not graded yet
            rounds_waiting = desk.table_grading_wait().words()
        except (StorageError, OSError) as exc:
            self.message.say(
                fill(
                    QCoreApplication.translate("ProgressWindow", "Your records cannot be read: %1"),
                    problem_text(exc),
                ),
                error=True,
            )
            return
        self.heading.setText(fill(self.tr("My progress · %1"), desk.profile.name))
        self.rule.setText(rule_words(rule))
        self._fill_due(due)
        self._fill_skills(rule, mastery, standards)
        self._fill_table(figures)
        said = [text_in_language(w) for w in (waiting, rounds_waiting) if w is not None]
        if said:
            self.message.say(" ".join(said), error=False)
        self.loaded.emit()

    def _nobody(self) -> None:
        self.heading.setText(self.tr("My progress"))
        self.message.say(
            self.tr(
                "Sign in first: your progress is shown once you have signed in "
                "(Sign in… on the left)."
            ),
            error=True,
        )
        self._due = []
        self.due.setRowCount(0)
        self.skills_table.setRowCount(0)
        self._fill_table([])
        self._weak([])

    def _fill_due(self, due: list[Due]) -> None:
        self._due = due
        zone = self._zone()
        self.due.setRowCount(len(due))
        for row, entry in enumerate(due):
            state = (
                self.tr("done")
                if entry.done
                else self.tr("overdue")
                if entry.overdue
                else self.tr("to do")
            )
            when = (
                ""
                if entry.due_at is None
                else entry.due_at.astimezone(zone).strftime("%Y-%m-%d %H:%M")
            )
            for column, text in enumerate((entry.title, when, entry.progress, state)):
                item = QTableWidgetItem(text)
                if entry.overdue:
                    item.setForeground(QColor(palette.WRONG))
                elif entry.done:
                    item.setForeground(QColor(palette.OK))
                self.due.setItem(row, column, item)
        if due:
            self.due.setCurrentCell(0, 0)
        self.start_button.setEnabled(any(not d.done for d in due))

    def _fill_skills(
        self, rule: MasteryRule, mastery: dict[str, SkillMastery], standards: dict[str, Decimal]
    ) -> None:
        rows = []
        for skill_id, found in all_skills().items():
            standing = mastery.get(skill_id, SkillMastery(skill_id, 0, 0, 0, 0, rule))
            rows.append((found.game, skill_id, standing))
        rows.sort(key=lambda r: (_ORDER[r[2].state], r[0], skill_title(r[1]).casefold()))
        self._skills = [skill_id for _game, skill_id, _s in rows]
        self.skills_table.setRowCount(len(rows))
        for row, (game, skill_id, standing) in enumerate(rows):
            state = standing.state
            share = (
                "–"
                if not standing.answers
                else f"{percent(standing.share)} ({standing.good} / {standing.answers})"
            )
            trend = "" if not standing.answers else render(TREND_NAMES[standing.trend])
            cells = (
                game_name(game),
                skill_title(skill_id),
                render(MASTERY_NAMES[state]),
                share,
                seconds_words(target_seconds(skill_id, standards)),
                trend,
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column == 2:
                    item.setForeground(_colour(state))
                self.skills_table.setItem(row, column, item)
        counts = Counter(standing.state for _g, _s, standing in rows)
        self.summary.setText(
            " · ".join(
                f"{render(MASTERY_NAMES[s])}: {counts[s]}"
                for s in (Mastery.MASTERED, Mastery.CLOSE, Mastery.WEAK, Mastery.NOT_STARTED)
            )
        )
        self._weak([r[1] for r in rows if r[2].state is Mastery.WEAK])

    def _fill_table(self, figures: list[TableFigure]) -> None:
        """The live table's figures, a row per game, level and ruleset (none: a line says
        where the table is)."""
        from dealer_trainer.ui.trainee.launcher import DIFFICULTY_NAMES  # noqa: PLC0415

        self.table.setRowCount(len(figures))
        for row, figure in enumerate(figures):
            try:
                level = QCoreApplication.translate(
                    "drills", DIFFICULTY_NAMES[Difficulty(figure.difficulty)]
                )
                goal: int | None = target(  # the launcher's rulesets: the app's
                    self._launcher().rulesets.get(figure.ruleset_id), Difficulty(figure.difficulty)
                )
            except (ValueError, KeyError, RulesError):  # a ruleset this version does not know
                level, goal = str(figure.difficulty), None
            shown = figure.pace.shown
            cells = (
                game_name(figure.game) if figure.game in GAME_NAMES else figure.game,
                level,
                str(figure.rounds),
                percent(figure.accuracy),
                "–" if shown is None else str(shown),
                "–" if goal is None else str(goal),
            )
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column >= 2:
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                if column == 4 and goal is not None and shown is not None:
                    item.setForeground(_colour(_PACE[figure.pace.against(goal) or 0]))
                self.table.setItem(row, column, item)
        self.table.setVisible(bool(figures))
        self.no_rounds.setVisible(not figures)
        # As tall as its rows, up to four (a trainee plays a game or two at a level or two):
        # the skills' table above it gives way, not this one.
        shown = min(max(len(figures), 1), 4)
        self.table.resizeRowsToContents()
        rows = sum(self.table.rowHeight(r) for r in range(min(shown, len(figures))))
        rows += (
            shown - min(shown, len(figures))
        ) * self.table.verticalHeader().defaultSectionSize()
        header = self.table.horizontalHeader().sizeHint().height()
        self.table.setFixedHeight(header + rows + 2 * self.table.frameWidth() + 2)

    def _weak(self, skills: list[str]) -> None:
        for button in self.weak_buttons:
            self.weak_row.removeWidget(button)
            button.deleteLater()
        self.weak_buttons = []
        for skill_id in skills[:WEAK_BUTTONS]:
            button = QPushButton(skill_title(skill_id))
            button.setAutoDefault(False)
            button.setStyleSheet(f"color: {palette.WRONG};")
            button.clicked.connect(lambda _=False, s=skill_id: self.practise(s))
            self.weak_row.addWidget(button)
            self.weak_buttons.append(button)
        self.weak_label.setVisible(bool(skills))

    # ----------------------------------------------------------------- starting --
    def practise(self, skill_id: str) -> QWidget | None:
        """Start practising ``skill_id`` alone."""
        return self._practise(all_skills()[skill_id].game, (skill_id,))

    def practise_chosen(self) -> QWidget | None:
        row = self.skills_table.currentRow()
        if not 0 <= row < len(self._skills):
            self.message.say(self.tr("Choose a skill in the table first."), error=True)
            return None
        return self.practise(self._skills[row])

    def start_due(self) -> QWidget | None:
        """Start the chosen plan (practice of its skills) or sit the chosen exam."""
        row = self.due.currentRow()
        if not 0 <= row < len(self._due):
            self.message.say(
                QCoreApplication.translate(
                    "ProgressWindow", "Choose a plan or an exam in the list first."
                ),
                error=True,
            )
            return None
        entry = self._due[row]
        if entry.exam_assignment is not None:
            return self._sit(entry.exam_assignment)
        assert entry.game is not None
        return self._practise(entry.game, entry.skills)

    def _practise(self, game: str, skills: tuple[str, ...]) -> QWidget | None:
        launcher = self._launcher()
        launcher.set_game(game)
        for i in range(launcher.skills.count()):
            item = launcher.skills.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in skills
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        return self._opened(launcher, launcher.start("practice"))

    def _sit(self, assignment_id: int) -> QWidget | None:
        launcher = self._launcher()
        launcher.refresh_exams()
        for index in range(launcher.exams.count()):
            chosen = launcher.exams.itemData(index)
            if chosen is not None and chosen[0].id == assignment_id:
                launcher.exams.setCurrentIndex(index)
                return self._opened(launcher, launcher.start("exam"))
        self.message.say(self.tr("This exam can no longer be sat."), error=True)
        return None

    def _opened(self, launcher: DrillLauncher, screen: QWidget | None) -> QWidget | None:
        if screen is None:  # the launcher said why
            self.message.say(launcher.status.text(), error=True)
            return None
        closed = getattr(screen, "closed", None)
        if closed is not None:
            closed.connect(self.refresh)
        self.started.emit(screen)
        return screen


#: A pace against the house's target, coloured as the mastery it is like.
_PACE = {1: Mastery.MASTERED, 0: Mastery.MASTERED, -1: Mastery.CLOSE}


def _colour(state: Mastery) -> QColor:
    return QColor(_COLOURS[state])
