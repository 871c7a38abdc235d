"""The instructor's Mastery and Plans tabs: the cohort against the standards, and schedules.

*Mastery*: the share of answers right **and** within the target, for the cohort and
per trainee over a period; each trainee's skills mastered, close, weak and not started
under the centre's rule; per skill how many trainees master it; and the overdue list
(plans not done by their date, exams assigned and not sat by their due date).

*Plans*: make a practice plan (skills of one game, a number of items, a due date) and
give it to trainees; the plans given, with each trainee's progress.

Both take an optional set of trainee ids (``set_group``) so a group shows alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from datetime import date, datetime, time, tzinfo
from decimal import Decimal

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtGui import QColor, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
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
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.skills import all_skills, skills_for
from dealer_trainer.drills.standards import MASTERY_NAMES, Mastery, percent
from dealer_trainer.i18n.numbers import parse_amount
from dealer_trainer.reports.text import count_text, skill_title
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError, TraineeProfile
from dealer_trainer.storage.groups import IntakeGroup
from dealer_trainer.storage.schedules import MOST_ITEMS, Overdue, PlanProgress, PracticePlan
from dealer_trainer.storage.standards import SpeedShare
from dealer_trainer.ui.instructor.dashboard import Period, heading, period_box
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.confirm import Confirmation, ask_then
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.group_picker import fill_groups, group_box
from dealer_trainer.ui.kit.language import current_language, problem_text
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.kit.standards_words import game_name, plan_title, rule_words
from dealer_trainer.ui.kit.status import StatusLine
from dealer_trainer.ui.kit.writes import REFUSED, Change, write

STATES = (Mastery.MASTERED, Mastery.CLOSE, Mastery.WEAK, Mastery.NOT_STARTED)


def mastery_name(state: Mastery) -> str:
    return render(MASTERY_NAMES[state])


def _table(columns: int, sorted_by: int = 0) -> QTableWidget:
    """A table of the tab, sorted by column ``sorted_by`` ascending until the instructor
    clicks another heading (a header's own default is column 0 *descending*: names came
    Z to A under an arrow that read as A to Z)."""
    table = QTableWidget(0, columns)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    header.setSortIndicator(sorted_by, Qt.SortOrder.AscendingOrder)
    # Its height is what the tab has left: a summary or a rule wrapped onto more lines
    # takes it from the tables, not from the window's room.
    table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
    return table


class _Cell(QTableWidgetItem):
    """A cell sorted by its number where it shows one (``12`` after ``9``; ``1.234`` after
    ``980`` in Portuguese, where "." groups thousands), else its text."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
        first = text.split(" ", maxsplit=1)[0]
        try:  # a figure as the window's language writes it (``figure``)
            number = parse_amount(first, current_language())
        except ValueError:
            self.key: tuple[int, Decimal | str] = (1, text.casefold())
        else:
            self.key = (0, number)

    def __lt__(self, other: QTableWidgetItem) -> bool:
        if isinstance(other, _Cell):
            return self.key < other.key
        return super().__lt__(other)


def _fill(
    table: QTableWidget,
    rows: Sequence[Sequence[str]],
    *,
    left: tuple[int, ...] = (0,),
    data: Sequence[object] = (),
) -> None:
    """Fill ``table`` with ``rows`` (``data``: each row's object, kept in its first cell)."""
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    for number, row in enumerate(rows):
        for column, text in enumerate(row):
            item = _Cell(text)
            if column == 0 and number < len(data):
                item.setData(Qt.ItemDataRole.UserRole, data[number])
            if column not in left:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            else:  # a name, a skill or a title: elided in a narrow column, whole on hover
                item.setToolTip(text)
            table.setItem(number, column, item)
    table.setSortingEnabled(True)


def share_words(share: SpeedShare) -> str:
    """``62 % (31 of 50)``: right and within the target."""
    if not share.answers:
        return "–"
    return (
        f"{percent(share.share_within)} ({count_text(share.within)} / {count_text(share.answers)})"
    )


class MasteryPanel(QWidget):
    """The cohort (or a group) against the centre's standards, and what is overdue."""

    loaded = Signal()

    def __init__(
        self,
        desk: InstructorDesk,
        jobs: Jobs,
        today: Callable[[], date],
        zone: tzinfo,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._jobs = jobs
        self._today = today
        self._zone = zone
        self._group: list[int] | None = None
        self._trainees: list[TraineeProfile] = []
        self._stale = True
        self.period = period_box(self)
        self.period.currentIndexChanged.connect(self.reload)
        self.status = QLabel()
        self.status.setStyleSheet(f"color: {palette.MUTED};")
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet(f"font-size: 12pt; color: {palette.HEADING};")
        self.rule = QLabel()
        self.rule.setWordWrap(True)
        self.rule.setStyleSheet(f"color: {palette.MUTED_STRONG};")
        self.trainees = _table(7)
        self.skills = _table(5)
        self.overdue = _table(4, sorted_by=2)  # the longest overdue first
        self.overdue.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents
        )
        self.overdue.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Period:")))
        bar.addWidget(self.period)
        bar.addStretch(1)
        bar.addWidget(self.status)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(heading(self.tr("Trainees against the standards")))
        left_layout.addWidget(self.trainees, 1)
        left_layout.addWidget(heading(self.tr("Overdue")))
        left_layout.addWidget(self.overdue, 1)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(heading(self.tr("Skills: how many trainees master each")))
        right_layout.addWidget(self.skills, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(left)
        split.addWidget(right)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(bar)
        layout.addWidget(self.summary)
        layout.addWidget(self.rule)
        layout.addWidget(split, 1)
        self._headers()

    def _headers(self) -> None:
        self.trainees.setHorizontalHeaderLabels(
            [
                self.tr("Trainee"),
                self.tr("Answers"),
                self.tr("Right"),
                self.tr("Right and in time"),
                mastery_name(Mastery.MASTERED),
                mastery_name(Mastery.CLOSE),
                mastery_name(Mastery.WEAK),
            ]
        )
        self.skills.setHorizontalHeaderLabels(
            [
                self.tr("Skill"),
                mastery_name(Mastery.MASTERED),
                mastery_name(Mastery.CLOSE),
                mastery_name(Mastery.WEAK),
                mastery_name(Mastery.NOT_STARTED),
            ]
        )
        self.overdue.setHorizontalHeaderLabels(
            [self.tr("Trainee"), self.tr("What"), self.tr("Due"), self.tr("Done")]
        )

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.reload()

    def reload_when_shown(self) -> None:
        """Read again now if the tab is on screen, else when it is next shown: the
        cohort's mastery reads every answer, so it never delays the cohort's figures."""
        if self.isVisible():
            self.reload()
        else:
            self._stale = True

    def set_group(self, trainee_ids: Sequence[int] | None) -> None:
        """Show only these trainees (a group), or (``None``) every one."""
        self._group = None if trainee_ids is None else list(trainee_ids)
        self.reload_when_shown()

    def current_period(self) -> Period:
        return Period.ending(self._today(), int(self.period.currentData()))

    def reload(self) -> None:
        period = self.current_period()
        desk = self._desk
        group = self._group
        self._stale = False
        self.status.setText(self.tr("Loading…"))

        def work() -> tuple[object, ...]:
            return (
                desk.all_trainees(),
                desk.standards.mastery_rule(),
                desk.standards.speed_shares(period.first, period.last, group),
                desk.standards.mastery(group),
                desk.schedules.overdue(group),
            )

        self._jobs.run("standards-mastery", work, self._ready)

    def _ready(self, loaded: tuple[object, ...]) -> None:
        trainees, rule, shares, mastery, overdue = loaded
        assert isinstance(shares, list) and isinstance(mastery, dict)
        assert isinstance(overdue, Overdue) and isinstance(trainees, list)
        group = None if self._group is None else set(self._group)
        shown = [t for t in trainees if not t.archived and (group is None or t.id in group)]
        cohort = shares[-1]
        self.summary.setText(
            fill(
                self.tr("Right and within the target time: %1 of the answers (right: %2)"),
                share_words(cohort),
                percent(cohort.share_right),
            )
        )
        self.rule.setText(rule_words(rule))  # type: ignore[arg-type]
        by_trainee = {s.trainee_id: s for s in shares[:-1]}
        rows = []
        for trainee in shown:
            share = by_trainee.get(trainee.id, SpeedShare(trainee.id, 0, 0, 0))
            states = Counter(
                found.state for (tid, _), found in mastery.items() if tid == trainee.id
            )
            rows.append(
                [
                    trainee.name,
                    count_text(share.answers),
                    percent(share.share_right),
                    share_words(share),
                    str(states[Mastery.MASTERED]),
                    str(states[Mastery.CLOSE]),
                    str(states[Mastery.WEAK]),
                ]
            )
        _fill(self.trainees, rows)
        self.trainees.sortItems(0, Qt.SortOrder.AscendingOrder)
        skill_rows = []
        for skill_id in all_skills():
            states = Counter(
                mastery[(t.id, skill_id)].state
                if (t.id, skill_id) in mastery
                else Mastery.NOT_STARTED
                for t in shown
            )
            skill_rows.append([skill_title(skill_id), *(str(states[s]) for s in STATES)])
        _fill(self.skills, skill_rows)
        self.skills.sortItems(0, Qt.SortOrder.AscendingOrder)
        self._fill_overdue(overdue)
        self.status.setText(
            fill(
                self.tr("%1 to %2"),
                self.current_period().first.isoformat(),
                self.current_period().last.isoformat(),
            )
        )
        self.loaded.emit()

    def _fill_overdue(self, overdue: Overdue) -> None:
        rows: list[tuple[datetime, list[str]]] = []
        for plan in overdue.plans:
            rows.append(
                (
                    plan.plan.due_at,
                    [
                        overdue.names.get(plan.trainee_id, ""),
                        fill(self.tr("Plan: %1"), plan_title(plan.plan, overdue.groups)),
                        plan.plan.due_at.astimezone(self._zone).strftime("%Y-%m-%d"),
                        fill(self.tr("%1 of %2 items"), str(plan.done), str(plan.plan.item_count)),
                    ],
                )
            )
        for exam in overdue.exams:
            rows.append(
                (
                    exam.due_at,
                    [
                        overdue.names.get(exam.trainee_id, ""),
                        fill(self.tr("Exam: %1"), exam.title),
                        exam.due_at.astimezone(self._zone).strftime("%Y-%m-%d"),
                        self.tr("not sat"),
                    ],
                )
            )
        rows.sort(key=lambda r: r[0])
        _fill(self.overdue, [r for _, r in rows], left=(0, 1, 2))
        for row in range(self.overdue.rowCount()):
            item = self.overdue.item(row, 2)
            if item is not None:
                item.setForeground(QColor(palette.WRONG))


def _skill_list() -> QListWidget:
    skills = QListWidget()
    skills.setMinimumHeight(120)
    return skills


class PlansPanel(QWidget):
    """Make a practice plan and give it to trainees; the plans given and their progress."""

    assigned = Signal()

    def __init__(
        self,
        desk: InstructorDesk,
        zone: tzinfo,
        now: Callable[[], datetime],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._zone = zone
        self._now = now
        self._stale = True
        self._names: dict[int, str] = {}
        self.plan_title = QLineEdit()
        self.plan_title.setMaxLength(200)
        self.game = QComboBox()
        for game in GAME_NAMES:
            self.game.addItem(game_name(game), game)
        self.game.currentIndexChanged.connect(self._fill_skills)
        self.skills = _skill_list()
        self.items = QSpinBox()
        self.items.setRange(1, MOST_ITEMS)
        self.items.setValue(30)
        self.due = QDateEdit()
        self.due.setCalendarPopup(True)
        self.due.setDisplayFormat("yyyy-MM-dd")
        self.due.setDate(QDate.currentDate().addDays(7))
        self.trainees = QListWidget()
        self.trainees.setMinimumHeight(70)  # the whole group's picker above it (1366x768)
        # A whole intake group (its trainees of today, ticked below; the plan notes it).
        self._groups: dict[int, IntakeGroup] = {}
        self.group = group_box(self, self.tr("No group: the trainees ticked"))
        self.group.currentIndexChanged.connect(self._group_chosen)
        self.group.setToolTip(self.group_note())
        # Said above the plans given while a group is chosen (the form has no room for it).
        self.group_said = QLabel(
            self.tr(
                "A plan goes to the group's trainees of today: one who joins later does not get it."
            )
        )  # one line: a wrapped one would make the tab too high for 1366x768
        self.group_said.setStyleSheet(f"color: {palette.WARN};")
        self.group_said.hide()
        self.assign_button = QPushButton(self.tr("&Assign the plan"))
        self.assign_button.setDefault(True)
        self.assign_button.clicked.connect(self.assign)
        self.plan_title.returnPressed.connect(self.assign)
        self.message = StatusLine()
        builder = QGroupBox(self.tr("New practice plan"))
        form = QFormLayout(builder)
        form.addRow(self.tr("Title:"), self.plan_title)
        form.addRow(self.tr("Game:"), self.game)
        form.addRow(self.tr("S&kills:"), self.skills)
        form.addRow(self.tr("&Items:"), self.items)
        form.addRow(self.tr("&Due by:"), self.due)
        form.addRow(self.tr("&Whole group:"), self.group)
        form.addRow(self.tr("Trainees:"), self.trainees)
        form.addRow(self.assign_button)
        form.addRow(self.message)
        builder.setMaximumWidth(460)
        self.plans = _table(5, sorted_by=2)  # soonest due first
        self.plans.setHorizontalHeaderLabels(
            [
                self.tr("Plan"),
                self.tr("Trainee"),
                self.tr("Due"),
                self.tr("Done"),
                self.tr("State"),
            ]
        )
        self.plans.itemSelectionChanged.connect(self._plan_chosen)
        # A plan given by mistake is taken back while it is not done (never after: the
        # trainee's work on it is a record). No Alt key: its letters are taken on this tab.
        self.withdraw_button = QPushButton(self.tr("Withdraw…"))
        self.withdraw_button.setToolTip(
            self.tr("Take the plan chosen below back from its trainee, while it is not done.")
        )
        self.withdraw_button.setEnabled(False)
        self.withdraw_button.clicked.connect(self.ask_withdraw)
        self.pending: QDialog | None = None  # the confirmation open, if any
        given_row = QHBoxLayout()
        given_row.addWidget(heading(self.tr("Plans given")))
        given_row.addStretch(1)
        given_row.addWidget(self.withdraw_button)
        right = QVBoxLayout()
        right.addLayout(given_row)
        right.addWidget(self.group_said)
        right.addWidget(self.plans, 1)
        layout = QHBoxLayout(self)
        layout.addWidget(builder)
        layout.addLayout(right, 1)
        self._fill_skills()

    def _fill_skills(self) -> None:
        self.skills.clear()
        for found in skills_for(str(self.game.currentData())):
            item = QListWidgetItem(render(found.title))
            item.setData(Qt.ItemDataRole.UserRole, found.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.skills.addItem(item)

    def set_trainees(self, trainees: list[TraineeProfile]) -> None:
        ticked = set(self.ticked(self.trainees))
        self.trainees.clear()
        for trainee in trainees:
            if trainee.archived:
                continue
            item = QListWidgetItem(trainee.name)
            item.setData(Qt.ItemDataRole.UserRole, trainee.id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            on = trainee.id in ticked
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            self.trainees.addItem(item)
        self._names = {t.id: t.name for t in trainees}
        if self.isVisible():
            self.refresh()
        else:
            self._stale = True  # read when the tab is shown

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh()

    def set_groups(self, groups: Sequence[IntakeGroup]) -> None:
        """The groups a plan can be given to (current ones; archived ones are not offered)."""
        current = [g for g in groups if not g.archived]
        self._groups = {g.id: g for g in groups}
        self.group.blockSignals(True)
        fill_groups(self.group, current)
        self.group.blockSignals(False)

    def _group_names(self) -> dict[int, str]:
        return {g.id: g.name for g in self._groups.values()}

    def chosen_group(self) -> IntakeGroup | None:
        group_id = self.group.currentData()
        return None if group_id is None else self._groups.get(int(group_id))

    def group_note(self) -> str:
        """What giving a plan to a group means (said when one is chosen, and its tooltip)."""
        return self.tr(
            "A plan goes to the group's trainees of today: one who joins the group "
            "later does not get it (tick them here and give it again)."
        )

    def _group_chosen(self) -> None:
        group = self.chosen_group()
        if group is not None:  # its trainees of today, ticked to be seen
            self.tick(self.trainees, set(group.trainee_ids))
        self.group_said.setVisible(group is not None)

    @staticmethod
    def ticked(items: QListWidget) -> list[object]:
        return [
            items.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(items.count())
            if items.item(i).checkState() == Qt.CheckState.Checked
        ]

    def tick(self, items: QListWidget, wanted: set[object]) -> None:
        for i in range(items.count()):
            item = items.item(i)
            on = item.data(Qt.ItemDataRole.UserRole) in wanted
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def assign(self) -> None:
        title = self.plan_title.text().strip()
        skills = [str(s) for s in self.ticked(self.skills)]
        trainees = [int(str(t)) for t in self.ticked(self.trainees)]
        day: date = self.due.date().toPython()  # type: ignore[assignment]
        due = datetime.combine(day, time(23, 59), self._zone)
        problem = None
        if not title:
            problem = self.tr("Give the plan a title.")
        elif not skills:
            problem = self.tr("Tick at least one skill for the plan.")
        elif not trainees and self.chosen_group() is None:
            problem = self.tr("Tick at least one trainee to give the plan to.")
        elif due <= self._now():
            problem = self.tr("The due date has passed: choose today or a later day.")
        if problem is not None:
            self.message.say(problem, error=True)
            return
        group = self.chosen_group()
        game, items = str(self.game.currentData()), self.items.value()

        def give() -> tuple[PracticePlan, list[int]]:
            if group is None:
                made = self._desk.schedules.assign_plan(title, game, skills, items, due, trainees)
                return made, trainees
            made, given = self._desk.schedules.assign_plan_to_group(
                title, game, skills, items, due, group.id, also=trainees
            )
            return made, list(given)

        given = write(self.message, give, Change.PLANS_GIVEN, also=(ValueError,))
        if given is REFUSED:
            return
        plan, trainees = given
        if group is None:
            said = fill(self.tr("“%1” given to %n trainee(s).", "", len(trainees)), plan.title)
        else:
            said = self.tr("“%1” given to %n trainee(s) of %2.", "", len(trainees))
            said = fill(said, plan.title, group.name)
        self.message.say(said, error=False)
        self.plan_title.clear()
        self.group.setCurrentIndex(0)  # back to no group for the next plan
        self.tick(self.trainees, set())
        self.refresh()
        self.assigned.emit()

    def refresh(self) -> None:
        self._stale = False
        try:
            given = self._desk.schedules.progress()
        except StorageError as exc:
            self.message.say(problem_text(exc), error=True)
            return
        now = self._now()
        _fill(self.plans, [self._row(p, now) for p in given], left=(0, 1, 2, 4), data=given)
        self._plan_chosen()

    def chosen_plan(self) -> PlanProgress | None:
        item = self.plans.item(self.plans.currentRow(), 0)
        found = None if item is None else item.data(Qt.ItemDataRole.UserRole)
        return found if isinstance(found, PlanProgress) else None

    def _plan_chosen(self) -> None:
        chosen = self.chosen_plan() if self.plans.selectedItems() else None
        self.withdraw_button.setEnabled(chosen is not None and not chosen.complete)

    def ask_withdraw(self) -> None:
        """Withdraw the chosen plan from its trainee, once asked (Cancel is the default)."""
        chosen = self.chosen_plan()
        if chosen is None:
            self.message.say(self.tr("Choose a plan in the list first."), error=True)
            return
        title = plan_title(chosen.plan, self._group_names())
        name = self._names.get(chosen.trainee_id, "")
        box = Confirmation(
            fill(self.tr("Withdraw “%1” from %2?"), title, name),
            fill(
                self.tr(
                    "%2 no longer has “%1” to do, and it leaves the overdue list. The answers "
                    "already given stay in %2's records, and the audit log keeps that the plan "
                    "was given and withdrawn. A plan done cannot be withdrawn."
                ),
                title,
                name,
            ),
            self.tr("Withdraw"),
            self,
        )
        ask_then(self, box, lambda: self.withdraw(chosen, title, name))

    def withdraw(self, chosen: PlanProgress, title: str, name: str) -> bool:
        withdrawn = write(
            self.message,
            lambda: self._desk.schedules.withdraw_plan(chosen.assignment_id),
            Change.PLANS_GIVEN,
        )
        if withdrawn is REFUSED:
            self.refresh()  # what is there now (done meanwhile, or withdrawn elsewhere)
            return False
        self.message.say(fill(self.tr("“%1” is withdrawn from %2."), title, name), error=False)
        self.refresh()
        self.assigned.emit()  # the overdue list and the trainee's tab read it again
        return True

    def _row(self, progress: PlanProgress, now: datetime) -> list[str]:
        plan = progress.plan
        if progress.complete:
            state = self.tr("done")
        elif progress.overdue(now):
            state = self.tr("overdue")
        else:
            state = self.tr("under way")
        return [
            plan_title(plan, self._group_names()),
            self._names.get(progress.trainee_id, ""),
            plan.due_at.astimezone(self._zone).strftime("%Y-%m-%d"),
            fill(self.tr("%1 of %2 items"), str(progress.done), str(plan.item_count)),
            state,
        ]
