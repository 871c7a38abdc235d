"""Exams: build one (skills, difficulty, size, pass mark, seed), assign it, see the results.

The seed makes the exam: every trainee it is assigned to gets the same items in
the same order (``ExamSpec.items()``). The preview lists those items before
the exam is saved, so the instructor sees what the trainees will see.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from datetime import date, datetime, time, timedelta, tzinfo
from fractions import Fraction
from typing import Any

from PySide6.QtCore import QCoreApplication, QDate, Qt, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills import Difficulty, ExamSpec, skills_for
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.drills.standards import target_ms
from dealer_trainer.reports.exams import (
    ExamResult,
    exam_results,
    percent_text,
)
from dealer_trainer.reports.text import skill_title
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage import Exam, InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.groups import IntakeGroup
from dealer_trainer.storage.records import title_key
from dealer_trainer.ui.exams.table_part import (
    TablePart,
    exam_rounds_text,
    exam_weighing,
)
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.confirm import Confirmation, ask_then
from dealer_trainer.ui.kit.digits import accept_wide_digits
from dealer_trainer.ui.kit.games import ruleset_name, ruleset_title
from dealer_trainer.ui.kit.group_picker import fill_groups, group_box
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.rendering import join_names
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.kit.writes import REFUSED, Change, write

MAX_ITEMS = 500  # the drills' ExamSpec takes 1 to 500 items

DIFFICULTY_NAMES = {
    Difficulty.BEGINNER: QT_TRANSLATE_NOOP("ExamsPanel", "Beginner"),
    Difficulty.INTERMEDIATE: QT_TRANSLATE_NOOP("ExamsPanel", "Intermediate"),
    Difficulty.ADVANCED: QT_TRANSLATE_NOOP("ExamsPanel", "Advanced"),
}


def difficulty_name(difficulty: Difficulty) -> str:
    return QCoreApplication.translate("ExamsPanel", DIFFICULTY_NAMES[difficulty])


class ExamBuilder(QGroupBox):
    """The form that defines an exam, with a preview of its seeded items."""

    created = Signal(int)

    def __init__(
        self,
        desk: InstructorDesk,
        parent: QWidget | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self.setTitle(self.tr("New exam"))
        self._desk = desk
        self.rulesets = rulesets  # the app's: the house rulesets are offered too
        self.exam_title = QLineEdit()
        self.exam_title.setPlaceholderText(self.tr("e.g. Roulette payouts, week 3"))
        self.ruleset = QComboBox()
        # A long house title elides here instead of widening the window past the screen.
        self.ruleset.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.ruleset.setMinimumContentsLength(24)
        for game in Game.tables():  # the regulations' own (the default first), then the house's
            shipped = [r for r in rulesets.for_game(game) if r.version is None]
            house = [r for r in rulesets.for_game(game) if r.version is not None]
            for ruleset in [*sorted(shipped, key=lambda r: (not r.is_default, r.id)), *house]:
                self.ruleset.addItem(ruleset_title(ruleset), ruleset.id)
        self.skills = QListWidget()
        self.skills.setMinimumHeight(120)
        self.difficulty = QComboBox()
        for difficulty in Difficulty:
            self.difficulty.addItem(difficulty_name(difficulty), int(difficulty))
        self.difficulty.setCurrentIndex(1)
        self.item_count = QSpinBox()
        self.item_count.setRange(1, MAX_ITEMS)
        self.item_count.setValue(20)
        self.item_count.setSpecialValueText(self.tr("none (rounds only)"))
        # Live-table rounds after the items (0: none); with rounds, the items may be none.
        self.table_part = TablePart(difficulty_name)
        self.pass_mark = QSpinBox()
        self.pass_mark.setRange(1, 100)
        self.pass_mark.setValue(80)
        self.pass_mark.setSuffix(" %")
        # The speed pass mark: the share right within the skill's target time (0: none).
        self.speed_mark = QSpinBox()
        self.speed_mark.setRange(0, 100)
        self.speed_mark.setSpecialValueText(self.tr("none"))
        self.speed_mark.setSuffix(" %")
        self.speed_mark.setToolTip(
            self.tr("The share of items to answer right within the skill's target time.")
        )
        self.time_limit = QSpinBox()
        self.time_limit.setRange(0, 600)
        self.time_limit.setSpecialValueText(self.tr("none"))
        self.time_limit.setSuffix(self.tr(" min"))
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setValue(secrets.randbelow(2**31))
        for number in (
            self.item_count,
            self.pass_mark,
            self.speed_mark,
            self.time_limit,
            self.seed,
        ):
            accept_wide_digits(number)  # １２３ from a Chinese input method are digits
        self.seed.setToolTip(
            self.tr("The same seed gives the same items in the same order to every trainee.")
        )
        # no empty line under the preview while it has nothing to say; a refusal is cleared
        # once the form changes
        self.message = StatusLine(hidden_when_empty=True)
        self.preview = QListWidget()
        self.preview.setMinimumHeight(80)
        self.create_button = QPushButton(self.tr("Save the e&xam"))
        self.create_button.clicked.connect(self.save_exam)
        self.exam_title.returnPressed.connect(self.save_exam)  # Enter in the title saves it
        self.exam_title.textEdited.connect(self._clear_refusal)
        form = QFormLayout()
        form.addRow(self.tr("Title:"), self.exam_title)
        form.addRow(self.tr("Ruleset:"), self.ruleset)
        form.addRow(self.tr("Skills:"), self.skills)
        form.addRow(self.tr("Difficulty:"), self.difficulty)
        form.addRow(self.tr("Items:"), self.item_count)
        form.addRow(self.tr("Live-table rounds:"), self.table_part)
        form.addRow(self.tr("Pass mark:"), self.pass_mark)
        form.addRow(self.tr("Speed pass mark:"), self.speed_mark)
        # The time limit and the seed share a row: with the live-table rounds' row the form
        # still fits a 768-pixel laptop.
        limit_and_seed = QHBoxLayout()
        limit_and_seed.addWidget(self.time_limit, 1)
        seed_label = QLabel(self.tr("Seed:"))
        seed_label.setBuddy(self.seed)
        limit_and_seed.addWidget(seed_label)
        limit_and_seed.addWidget(self.seed, 1)
        form.addRow(self.tr("Time limit:"), limit_and_seed)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel(self.tr("The items every trainee will get:")))
        layout.addWidget(self.preview, 1)
        layout.addWidget(self.message)
        layout.addWidget(self.create_button)
        self.ruleset.currentIndexChanged.connect(self._ruleset_changed)
        self.skills.itemChanged.connect(self.update_preview)
        for box in (self.difficulty,):
            box.currentIndexChanged.connect(self.update_preview)
        for spin in (self.item_count, self.seed, self.pass_mark):
            spin.valueChanged.connect(self.update_preview)
        self.table_part.changed.connect(self._table_part_changed)
        self._ruleset_changed()

    def _ruleset_changed(self) -> None:
        ruleset = self.rulesets.get(str(self.ruleset.currentData()))
        self.skills.blockSignals(True)
        self.skills.clear()
        for skill in skills_for(ruleset.game):
            item = QListWidgetItem(skill_title(skill.id))
            item.setData(Qt.ItemDataRole.UserRole, skill.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)
        self.skills.blockSignals(False)
        self.table_part.set_ruleset(ruleset)
        self.update_preview()

    def _table_part_changed(self) -> None:
        """With rounds, the exam may hold no items (the items' spin box offers "none")."""
        self.item_count.setMinimum(0 if self.table_part.count() else 1)
        self.update_preview()

    def chosen_skills(self) -> tuple[str, ...]:
        return tuple(
            str(self.skills.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.skills.count())
            if self.skills.item(i).checkState() == Qt.CheckState.Checked
        )

    def set_skills(self, skill_ids: set[str]) -> None:
        for i in range(self.skills.count()):
            item = self.skills.item(i)
            checked = item.data(Qt.ItemDataRole.UserRole) in skill_ids
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)

    def spec(self) -> ExamSpec:
        """The exam as the drills will run it (raises ``ValueError`` while incomplete)."""
        from fractions import Fraction  # noqa: PLC0415

        difficulty = Difficulty(self.difficulty.currentData())
        return ExamSpec(
            skills=self.chosen_skills(),
            difficulty=difficulty,
            size=self.item_count.value(),
            pass_mark=Fraction(self.pass_mark.value(), 100),
            seed=self.seed.value(),
            ruleset=str(self.ruleset.currentData()),
        )

    def update_preview(self) -> None:
        """The items in the order every trainee gets them, then the rounds, then how both
        weigh in the marks: the items come first, so the box shows them, not the paragraph."""
        self._clear_refusal()  # the form changed: a refusal said before may be out of date
        self.preview.clear()
        self.preview.setWordWrap(True)  # the rounds' line and the weighing wrap
        if self.item_count.value() == 0:  # an exam of live-table rounds only
            self.preview.addItem(self.tr("No drill items."))
        else:
            try:
                spec = self.spec()
            except ValueError:
                self.preview.addItem(self.tr("Tick at least one skill."))
            else:
                self._add_items(spec)
        rounds = self.table_part.describe()
        if rounds:  # the rounds, and how they weigh with the items in the marks
            self.preview.addItem(rounds)
            weighing = QListWidgetItem(self.table_part.weighing())
            weighing.setForeground(QColor(palette.FADED))
            self.preview.addItem(weighing)

    def _add_items(self, spec: ExamSpec) -> None:
        for number, item_spec in enumerate(spec.items()[:50], start=1):
            try:
                item = item_spec.make(self.rulesets)
                question = item.question.render(QCoreApplication.translate)
            except RulesError as exc:
                question = problem_text(exc)
            self.preview.addItem(f"{number}. {skill_title(item_spec.skill)}: {question}")
        if spec.size > 50:
            self.preview.addItem(fill(self.tr("… and %1 more"), str(spec.size - 50)))

    def save_exam(self) -> Exam | None:
        if self.item_count.value() == 0:
            return self._save_rounds_only()
        try:
            spec = self.spec()
        except ValueError:
            self.message.say(self.tr("Tick at least one skill."), error=True)
            return None
        title = self.exam_title.text().strip()
        if not self._title_free(title):
            return None
        minutes = self.time_limit.value()
        speed = self.speed_mark.value()

        def create() -> Exam:
            standards = self._desk.standards.standards()  # the centre's, kept with the exam
            return self._desk.create_exam(
                title=title,
                ruleset_id=str(spec.ruleset),
                skills=spec.skills,
                item_count=spec.size,
                seed=spec.seed,
                pass_mark=spec.pass_mark,
                difficulty=int(spec.difficulty),
                time_limit=timedelta(minutes=minutes) if minutes else None,
                speed_mark=Fraction(speed, 100) if speed else None,
                speed_targets_ms={s: target_ms(s, standards) for s in spec.skills},
                **self._table_arguments(),
            )

        made = write(self.message, create, Change.EXAMS, also=(ValueError,))
        if made is REFUSED:
            return None
        return self._saved(made)

    def _title_free(self, title: str) -> bool:
        """A title is given and no other exam has it (in capitals, letter width, spaces or
        invisible characters only otherwise): the exams list and the results name an exam
        by its title alone."""
        if not title:
            self.message.say(self.tr("Give the exam a title."), error=True)
            return False
        key = title_key(title)
        try:
            kept_exams = self._desk.exams()
        except StorageError as exc:  # a locked session, the server away: said, nothing lost
            self.message.say(problem_text(exc), error=True)
            return False
        for kept in kept_exams:
            if title_key(kept.title) == key:
                self.message.say(
                    fill(
                        self.tr(
                            "An exam named “%1” exists already: give this one a title of its own "
                            "(a week, an intake group)."
                        ),
                        kept.title,
                    ),
                    error=True,
                )
                return False
        return True

    def _table_arguments(self) -> dict[str, Any]:
        """The live-table part for ``create_exam`` (none: no rounds)."""
        rounds = self.table_part.count()
        if not rounds:
            return {}
        return {
            "table_rounds": rounds,
            "table_difficulty": int(self.table_part.difficulty()),
            "table_pace": self.table_part.pace(),
            "table_game": self.rulesets.get(str(self.ruleset.currentData())).game,
        }

    def _save_rounds_only(self) -> Exam | None:
        """An exam of live-table rounds only (no skills ticked are needed)."""
        title = self.exam_title.text().strip()
        if not self._title_free(title):
            return None
        minutes = self.time_limit.value()
        speed = self.speed_mark.value()
        made = write(
            self.message,
            lambda: self._desk.create_exam(
                title=title,
                ruleset_id=str(self.ruleset.currentData()),
                skills=(),
                item_count=0,
                seed=self.seed.value(),
                pass_mark=Fraction(self.pass_mark.value(), 100),
                difficulty=int(self.difficulty.currentData()),
                time_limit=timedelta(minutes=minutes) if minutes else None,
                speed_mark=Fraction(speed, 100) if speed else None,
                **self._table_arguments(),
            ),
            Change.EXAMS,
            also=(ValueError,),
        )
        if made is REFUSED:
            return None
        return self._saved(made)

    def _saved(self, made: Exam) -> Exam:
        self.message.say(fill(self.tr("Saved: %1"), made.title), error=False)
        self.exam_title.clear()
        self.seed.setValue(secrets.randbelow(2**31))
        self.created.emit(made.id)
        return made

    def _clear_refusal(self) -> None:
        if self.message.refusing():
            self.message.say("")


class ExamsPanel(QWidget):
    """The builder on the left; the exams, their assignment and results on the right."""

    assigned = Signal()
    resultsShown = Signal()

    def __init__(
        self,
        desk: InstructorDesk,
        zone: tzinfo,
        parent: QWidget | None = None,
        jobs: Jobs | None = None,
        now: Callable[[], datetime] | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        """``now``: the store's clock (a due date that has passed is refused against it);
        ``rulesets``: the app's, where the exams' rulesets are looked up."""
        super().__init__(parent)
        self._desk = desk
        self.rulesets = rulesets
        self._jobs = jobs
        self._zone = zone
        self._now = now or (lambda: datetime.now(zone))
        self._exams: list[Exam] = []
        self.builder = ExamBuilder(desk, rulesets=rulesets)
        self.builder.created.connect(self._created)
        self.exam_list = QListWidget()
        self.exam_list.currentRowChanged.connect(self._exam_chosen)
        self.about = QLabel()
        self.about.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.about.setWordWrap(True)
        self.trainees = QListWidget()
        self.trainees.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        # An intake group ticks its current trainees: the exam goes to the whole group.
        self.group = group_box(self, self.tr("Tick a group's trainees…"))
        self.group.setObjectName("examGroup")
        self.group.activated.connect(self._group_chosen)
        self._groups: dict[int, tuple[int, ...]] = {}
        self.due = QDateEdit()
        self.due.setCalendarPopup(True)
        self.due.setDisplayFormat("yyyy-MM-dd")
        self.due.setDate(QDate.currentDate().addDays(7))
        self.has_due = QCheckBox(self.tr("Due by"))
        self.has_due.setChecked(True)
        self.opens = QDateEdit()
        self.opens.setCalendarPopup(True)
        self.opens.setDisplayFormat("yyyy-MM-dd")
        self.opens.setDate(QDate.currentDate())
        self.has_opens = QCheckBox(self.tr("Opens"))
        self.has_opens.setChecked(False)
        self.review_button = QPushButton(self.tr("Review on the &felt…"))
        self.reviewing: QWidget | None = None  # the review window open, if any
        self.review_button.clicked.connect(self.review)
        # An exam given by mistake is taken back before it is sat (never after: a sitting
        # is a record of the trainee's work).
        self.withdraw_button = QPushButton(self.tr("&Withdraw…"))
        self.withdraw_button.setToolTip(
            self.tr("Take the exam back from the trainee chosen below, before they start it.")
        )
        self.withdraw_button.setEnabled(False)
        self.withdraw_button.clicked.connect(self.ask_withdraw)
        self.pending: QDialog | None = None  # the confirmation open, if any
        self.assign_button = QPushButton(self.tr("&Assign to the ticked trainees"))
        self.assign_button.clicked.connect(self.assign)
        self.message = StatusLine()
        self.results = QTableWidget(0, 5)
        self.results.setHorizontalHeaderLabels(
            [
                self.tr("Trainee"),
                self.tr("Assigned"),
                self.tr("Taken"),
                self.tr("Score"),
                self.tr("Result"),
            ]
        )
        self.results.verticalHeader().hide()
        self.results.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.results.horizontalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        self.results.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # By trainee, A to Z, until a heading is clicked (a header's own default is Z to A).
        self.results.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.results.setSortingEnabled(True)
        self.results.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.results.itemSelectionChanged.connect(self._result_chosen)
        # Enter or a double-click on a trainee's row reviews their sitting on the felt.
        self.results.itemActivated.connect(lambda _item: self._review_chosen())
        # Four rows at least, whatever the messages above take: the results stay readable.
        rows = self.results.verticalHeader().defaultSectionSize()
        self.results.setMinimumHeight(
            self.results.horizontalHeader().sizeHint().height() + 4 * rows
        )

        assign_box = QGroupBox(self.tr("Assign"))
        assign_layout = QVBoxLayout(assign_box)
        group_row = QHBoxLayout()
        group_row.addWidget(QLabel(self.tr("Group:")))
        group_row.addWidget(self.group, 1)
        assign_layout.addLayout(group_row)
        assign_layout.addWidget(self.trainees, 1)
        due_row = QHBoxLayout()
        due_row.addWidget(self.has_opens)
        due_row.addWidget(self.opens)
        due_row.addWidget(self.has_due)
        due_row.addWidget(self.due)
        due_row.addStretch(1)
        due_row.addWidget(self.assign_button)
        assign_layout.addLayout(due_row)
        assign_layout.addWidget(self.message)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.addWidget(QLabel(self.tr("Exams")))
        right_layout.addWidget(self.exam_list, 1)
        right_layout.addWidget(self.about)
        right_layout.addWidget(assign_box, 1)
        results_row = QHBoxLayout()
        results_row.addWidget(QLabel(self.tr("Results")))
        results_row.addStretch(1)
        results_row.addWidget(self.withdraw_button)
        results_row.addWidget(self.review_button)
        right_layout.addLayout(results_row)
        right_layout.addWidget(self.results, 2)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.builder)
        split.addWidget(right)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(split)

    def refresh(self) -> None:
        chosen = self.current_exam()
        self._exams = self._desk.exams()
        self.exam_list.blockSignals(True)
        self.exam_list.clear()
        for each in self._exams:
            self.exam_list.addItem(
                f"{each.title} · "
                + self.tr("%n item(s)", "", each.item_count)
                + f" · {difficulty_name(Difficulty(each.difficulty))}"
            )
        self.exam_list.blockSignals(False)
        ids = [e.id for e in self._exams]
        row = ids.index(chosen.id) if chosen is not None and chosen.id in ids else 0
        if self._exams:
            self.exam_list.setCurrentRow(row)
        self._exam_chosen(self.exam_list.currentRow())

    def set_trainees(self, trainees: list[TraineeProfile]) -> None:
        self.trainees.clear()
        for trainee in trainees:
            if trainee.archived:
                continue
            item = QListWidgetItem(trainee.name)
            item.setData(Qt.ItemDataRole.UserRole, trainee.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.trainees.addItem(item)
        self._names = {t.id: t.name for t in trainees}

    def set_groups(self, groups: Sequence[IntakeGroup]) -> None:
        """The groups offered (current ones: an archived group is not assigned exams)."""
        current = [g for g in groups if not g.archived]
        self._groups = {g.id: g.trainee_ids for g in current}
        fill_groups(self.group, current)

    def tick_group(self, group_id: int) -> None:
        """Tick exactly the group's current trainees (unticking the others)."""
        self.group.setCurrentIndex(max(self.group.findData(group_id), 0))
        self._group_chosen(self.group.currentIndex())

    def _group_chosen(self, _index: int) -> None:
        group_id = self.group.currentData()
        if group_id is not None:
            self.tick(set(self._groups.get(int(group_id), ())))

    def current_exam(self) -> Exam | None:
        row = self.exam_list.currentRow()
        return self._exams[row] if 0 <= row < len(self._exams) else None

    def _created(self, exam_id: int) -> None:
        self.refresh()
        ids = [e.id for e in self._exams]
        if exam_id in ids:
            self.exam_list.setCurrentRow(ids.index(exam_id))

    def _exam_chosen(self, _row: int) -> None:
        self.message.clear()  # what was said of the exam chosen before
        exam = self.current_exam()
        self.assign_button.setEnabled(exam is not None)
        if exam is None:
            self.about.setText(self.tr("No exam yet: build one on the left."))
            self.results.setRowCount(0)
            return
        self.about.setToolTip(exam_weighing(exam))  # how items and rounds weigh, in words
        if not exam.item_count:  # an exam of live-table rounds only
            self.about.setText(exam_rounds_text(exam, difficulty_name))
            self.show_results(exam)
            return
        spec = exam_spec(exam)
        skills = join_names([skill_title(s) for s in spec.skills])
        limit = (
            self.tr("no time limit")
            if exam.time_limit is None
            else fill(self.tr("%1 min"), str(int(exam.time_limit.total_seconds() // 60)))
        )
        template = (  # the speed mark said whenever there is one: it decides a pass too
            self.tr("%1: %2 items, %3, pass mark %4, %5. Skills: %6")
            if exam.speed_mark is None
            else self.tr(
                "%1: %2 items, %3, pass mark %4, speed pass mark %7 (right within the target "
                "time), %5. Skills: %6"
            )
        )
        self.about.setText(
            fill(
                template,
                ruleset_name(exam.ruleset_id, self.rulesets),
                str(exam.item_count),
                difficulty_name(spec.difficulty),
                percent_text(exam.pass_mark),
                limit,
                skills,
                "" if exam.speed_mark is None else percent_text(exam.speed_mark),
            )
        )
        if exam.table_rounds:
            self.about.setText(self.about.text() + "\n" + exam_rounds_text(exam, difficulty_name))
        self.show_results(exam)

    def show_results(self, exam: Exam) -> None:
        """Read the exam's results (on the job pool when there is one) and show them."""
        desk = self._desk
        if self._jobs is None:
            self._fill_results(exam_results(desk, exam))
        else:
            self._jobs.run("exam-results", lambda: exam_results(desk, exam), self._fill_results)

    def _fill_results(self, results: list[ExamResult]) -> None:
        names = getattr(self, "_names", {})
        self.results.setSortingEnabled(False)
        self.results.setRowCount(len(results))
        for row, result in enumerate(results):
            assignment = result.assignment
            score = result.score
            verdict = (
                fill(
                    self.tr("waiting for grading since %1"),
                    result.waiting_since.astimezone(self._zone).strftime("%Y-%m-%d %H:%M"),
                )
                if result.waiting_since is not None
                else self.tr("not taken yet")
                if result.passed is None
                else self.tr("passed")
                if result.passed
                else self.tr("failed")
            )
            cells = [
                names.get(assignment.trainee_id, str(assignment.trainee_id)),
                assignment.assigned_at.astimezone(self._zone).strftime("%Y-%m-%d"),
                ""
                if assignment.completed_at is None
                else assignment.completed_at.astimezone(self._zone).strftime("%Y-%m-%d %H:%M"),
                ""
                if score is None
                else f"{result.correct + result.steps_right}/"
                f"{result.item_count + result.steps_judged} ({percent_text(score)})",
                verdict,
            ]
            for column, text in enumerate(cells):
                item = cell(text)
                item.setData(Qt.ItemDataRole.UserRole, result)
                if column == 4 and result.passed is not None:
                    item.setForeground(
                        QColor(palette.OK) if result.passed else QColor(palette.WRONG)
                    )
                self.results.setItem(row, column, item)
        self.results.setSortingEnabled(True)
        self._result_chosen()
        self.resultsShown.emit()

    def chosen_result(self) -> ExamResult | None:
        item = self.results.item(self.results.currentRow(), 0)
        found = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return found if isinstance(found, ExamResult) else None

    def _result_chosen(self) -> None:
        chosen = self.chosen_result()
        self.withdraw_button.setEnabled(chosen is not None and _not_started(chosen))

    def ask_withdraw(self) -> None:
        """Withdraw the chosen trainee's exam, once asked (Cancel is the default)."""
        chosen, exam = self.chosen_result(), self.current_exam()
        if chosen is None or exam is None:
            self.message.say(self.tr("Choose a trainee in the results first."), error=True)
            return
        name = getattr(self, "_names", {}).get(chosen.assignment.trainee_id, "")
        box = Confirmation(
            fill(self.tr("Withdraw “%1” from %2?"), exam.title, name),
            fill(
                self.tr(
                    "%2 no longer has “%1” to sit, and it leaves the overdue list. The audit "
                    "log keeps that it was given and withdrawn. An exam already started "
                    "cannot be withdrawn."
                ),
                exam.title,
                name,
            ),
            self.tr("Withdraw"),
            self,
        )
        ask_then(self, box, lambda: self.withdraw(chosen, exam, name))

    def withdraw(self, chosen: ExamResult, exam: Exam, name: str) -> bool:
        withdrawn = write(
            self.message, lambda: self._desk.withdraw_exam(chosen.assignment.id), Change.EXAMS_GIVEN
        )
        if withdrawn is REFUSED:
            return False
        self.message.say(fill(self.tr("“%1” is withdrawn from %2."), exam.title, name))
        self.show_results(exam)
        self.assigned.emit()  # the overdue list and the trainee's tab read it again
        return True

    def _review_chosen(self) -> None:
        chosen = self.chosen_result()
        if chosen is not None and chosen.assignment.completed_at is not None:  # one has ended
            self.review()
        elif chosen is not None:
            self.message.say(
                self.tr("This trainee has not sat the exam yet: nothing to review."), error=True
            )

    def review(self) -> None:
        """The chosen exam's sittings on the felt, with what the group missed most."""
        from dealer_trainer.ui.exams.review import ExamReview, exam_sittings  # noqa: PLC0415

        exam = self.current_exam()
        if exam is None:
            self.message.say(self.tr("Choose an exam first."), error=True)
            return
        try:
            sittings = exam_sittings(self._desk, exam)
        except StorageError as exc:
            self.message.say(problem_text(exc), error=True)
            return
        dialog = ExamReview(exam.title, sittings, self, group=True, rulesets=self.rulesets)
        chosen = self.chosen_result()
        if chosen is not None:  # the trainee chosen in the results: their newest sitting
            dialog.show_assignment(chosen.assignment.id)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.reviewing = dialog

    def ticked_trainees(self) -> list[int]:
        return [
            int(self.trainees.item(i).data(Qt.ItemDataRole.UserRole))
            for i in range(self.trainees.count())
            if self.trainees.item(i).checkState() == Qt.CheckState.Checked
        ]

    def tick(self, trainee_ids: set[int]) -> None:
        for i in range(self.trainees.count()):
            item = self.trainees.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in trainee_ids
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def assign(self) -> None:
        exam = self.current_exam()
        targets = self.ticked_trainees()
        if exam is None or not targets:
            self.message.say(self.tr("Choose an exam and tick at least one trainee."), error=True)
            return
        due = opens = None
        if self.has_due.isChecked():
            day: date = self.due.date().toPython()  # type: ignore[assignment]
            due = datetime.combine(day, time(23, 59), self._zone)
        if self.has_opens.isChecked():
            first: date = self.opens.date().toPython()  # type: ignore[assignment]
            opens = datetime.combine(first, time(0, 0), self._zone)
        if opens is not None and due is not None and opens >= due:
            self.message.say(
                self.tr("The exam must open before it is due: change a date."), error=True
            )
            return
        if due is not None and due <= self._now():
            self.message.say(
                self.tr("The due date has passed: choose today or a later day."), error=True
            )
            return
        # Those who have the exam already are skipped, by name: a retake is a new sitting of
        # the same assignment, not a second one, and the others still get it.
        already = {a.trainee_id for a in self._desk.assignments(exam.id)} & set(targets)
        targets = [t for t in targets if t not in already]
        had_it = ", ".join(sorted(self._names.get(t, "") for t in already))
        if not targets:
            self.message.say(
                fill(self.tr("Every trainee ticked has this exam already: %1."), had_it), error=True
            )
            return
        made = write(
            self.message,
            lambda: self._desk.assign_exam(exam.id, targets, due, opens_at=opens),
            Change.EXAMS_GIVEN,
            also=(ValueError,),
        )
        if made is REFUSED:
            return
        text = self.tr("Assigned to %n trainee(s).", "", len(made))
        if already:
            text += " " + fill(self.tr("Already assigned to: %1."), had_it)
        self.message.say(text)
        self.group.setCurrentIndex(0)
        self.tick(set())
        self.show_results(exam)
        self.assigned.emit()


def _not_started(result: ExamResult) -> bool:
    """An assignment with no sitting yet: it may be withdrawn."""
    return result.score is None and result.assignment.completed_at is None
