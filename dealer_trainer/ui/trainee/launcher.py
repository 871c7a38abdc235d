"""The way into the drills: mode, skills and difficulty, for the trainee the window has chosen.

:class:`DrillLauncher` is a panel the main window embeds (or opens from a
menu).  It asks the window for the trainee's name (and, if given, the game
and ruleset on show), finds that trainee in storage and starts a session:
Practise, Timed, Exam (an instructor's assigned exam, or a mock exam),
Review (the skills FSRS says are due) or My mistakes.  Each session opens in
its own :class:`~dealer_trainer.ui.drills.screen.DrillScreen` window.

Every answer of a registered trainee is stored before its feedback.  A name
storage does not know may still practise (the screen says it is not
recorded); exams, review and mistakes need a registered trainee.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from fractions import Fraction
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills import (
    Difficulty,
    DrillSession,
    ExamSpec,
    exam,
    practice,
    replay,
    skill,
    skills_for,
)
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry, default_ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage import StorageError, Store, TraineeDesk
from dealer_trainer.storage.errors import SittingRefusedError
from dealer_trainer.storage.recorder import (
    MockExam,
    SessionRecorder,
    exam_progress,
    mistake_specs,
    review_specs,
    sit_assigned_exam,
)
from dealer_trainer.storage.records import Person, Role
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.screen import DrillScreen, drill_window_size
from dealer_trainer.ui.exams.review import refusal_text, when_text
from dealer_trainer.ui.kit.digits import accept_wide_digits
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.geometry import restore_size
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.trainee.local_trainee import local_trainee

if TYPE_CHECKING:
    from dealer_trainer.storage.certification import SittingRefused
    from dealer_trainer.ui.exams.sitting import MixedSitting
    from dealer_trainer.ui.table.screen import TableScreen

DIFFICULTY_NAMES = {
    Difficulty.BEGINNER: QT_TRANSLATE_NOOP("drills", "Beginner"),
    Difficulty.INTERMEDIATE: QT_TRANSLATE_NOOP("drills", "Intermediate"),
    Difficulty.ADVANCED: QT_TRANSLATE_NOOP("drills", "Advanced"),
}
MOCK_PASS_MARK = Fraction(4, 5)
#: Where the launcher keeps the trainee's last choices (QSettings).
CHOICES = "drills/launcher"
#: Mnemonics chosen not to clash with the main window's (Alt+F, V, D, I menus;
#: Alt+G, R, T of its side panel).
START_BUTTONS = {
    "practice": QT_TRANSLATE_NOOP("drills", "&Practise"),
    "timed": QT_TRANSLATE_NOOP("drills", "Ti&med"),
    "exam": QT_TRANSLATE_NOOP("drills", "&Exam"),
    "table": QT_TRANSLATE_NOOP("drills", "Ta&ble"),
    "review": QT_TRANSLATE_NOOP("drills", "Revie&w"),
    "mistakes": QT_TRANSLATE_NOOP("drills", "My mista&kes"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("drills", text)


class ExamChoice(QComboBox):
    """The exam list, read again from storage each time it drops down: an exam the
    instructor assigned a moment ago (or another trainee chosen) shows at once."""

    def __init__(self, refresh: Callable[[], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._refresh = refresh

    def showPopup(self) -> None:
        self._refresh()
        super().showPopup()

    def fit(self, text: str) -> None:
        """Wide enough to show ``text`` whole (the mock exam's name, in every language)."""
        option = QStyleOptionComboBox()
        self.initStyleOption(option)
        needed = QSize(self.fontMetrics().horizontalAdvance(text) + 4, self.sizeHint().height())
        self.setMinimumWidth(
            self.style()
            .sizeFromContents(QStyle.ContentsType.CT_ComboBox, option, needed, self)
            .width()
        )

    def current_text_as_tooltip(self) -> None:
        """The whole name of the exam chosen, where the narrow panel elides it (the mock
        exam: what it is)."""
        said = self.itemData(self.currentIndex(), Qt.ItemDataRole.ToolTipRole)
        self.setToolTip(str(said) if said else self.currentText())


class DrillLauncher(QWidget):
    """Choose and start a drill session.  ``sessionStarted(DrillScreen)`` for each one."""

    sessionStarted = Signal(object)

    def __init__(
        self,
        trainee: Callable[[], Person | None],
        *,
        game: Callable[[], str] | None = None,
        ruleset: Callable[[], Ruleset | None] | None = None,
        store: Store | Callable[[], Store] = Store.open,
        parent: QWidget | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        #: Where the sessions' rulesets are looked up: the app's, with the house rulesets
        #: (by default the shipped rulesets only).
        self.rulesets = rulesets
        self._trainee = trainee
        self._game = game
        self._ruleset = ruleset
        self._store_source = store
        self._store: Store | None = store if isinstance(store, Store) else None
        self.screens: list[DrillScreen] = []
        self.table_screens: list[QWidget] = []  # the live tables open (``ui.table``)
        #: The assigned exam with live-table rounds being sat (``ui.exams.sitting``).
        self.mixed: MixedSitting | None = None

        self.games = QComboBox()
        for game_id in GAME_NAMES:
            self.games.addItem("", game_id)
        self.games.currentIndexChanged.connect(self._fill_skills)
        self.skills = QListWidget()
        self.difficulty = QComboBox()
        for level in DIFFICULTY_NAMES:
            self.difficulty.addItem("", int(level))
        self.exam_size = QSpinBox()
        self.exam_size.setRange(1, 500)
        self.exam_size.setValue(20)
        accept_wide_digits(self.exam_size)
        self.exams = ExamChoice(self.refresh_exams)
        self.exams.currentIndexChanged.connect(lambda _i: self.exams.current_text_as_tooltip())
        # A long exam title must not widen the panel over the felt: it is elided, whole in
        # the list that drops down.
        self.exams.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.exams.setMinimumContentsLength(20)
        self.status = QLabel()
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # names and titles as typed, never HTML
        self.status.setWordWrap(True)
        self.status.setObjectName("launcherStatus")
        self._status_words: Callable[[], str] | None = None  # what it says, to say again
        self.buttons: dict[str, QPushButton] = {}
        self._labels: list[tuple[QLabel, str]] = []
        grid = QGridLayout()
        fields = [
            (QT_TRANSLATE_NOOP("drills", "G&ame"), self.games),
            (QT_TRANSLATE_NOOP("drills", "Diffic&ulty"), self.difficulty),
            (QT_TRANSLATE_NOOP("drills", "E&xam"), self.exams),
        ]
        for row, (text, widget) in enumerate(fields):
            label = QLabel()
            label.setBuddy(widget)
            self._labels.append((label, text))
            grid.addWidget(label, row, 0)
            grid.addWidget(widget, row, 1)
        grid.setColumnStretch(1, 1)
        # The mock exam's size on a line of its own: its long label, in the grid's first
        # column, left the fields too narrow for the mock exam's name (cut in every language).
        size_row = QHBoxLayout()
        size_label = QLabel()
        size_label.setBuddy(self.exam_size)
        self._labels.append((size_label, QT_TRANSLATE_NOOP("drills", "Mock exam si&ze")))
        size_row.addWidget(size_label, 1)
        size_row.addWidget(self.exam_size)
        self.exam_size.setMinimumWidth(90)
        starts = QGridLayout()
        for i, key in enumerate(START_BUTTONS):
            button = QPushButton()
            button.clicked.connect(lambda _=False, k=key: self.start(k))
            self.buttons[key] = button
            starts.addWidget(button, i // 2, i % 2)
        skills_label = QLabel()
        skills_label.setBuddy(self.skills)
        self._labels.append((skills_label, QT_TRANSLATE_NOOP("drills", "&Skills")))
        layout = QVBoxLayout(self)
        title = QLabel()
        title.setStyleSheet("font-size: 16px; font-weight: 600;")
        self._labels.append((title, QT_TRANSLATE_NOOP("drills", "Drills")))
        layout.addWidget(title)
        layout.addLayout(grid)
        layout.addLayout(size_row)
        layout.addWidget(skills_label)
        layout.addWidget(self.skills, 1)
        layout.addLayout(starts)
        layout.addWidget(self.status)
        self.retranslate()
        self.refresh_exams()
        self._restore_choices()
        self.games.currentIndexChanged.connect(self._keep_choices)
        self.difficulty.currentIndexChanged.connect(self._keep_choices)
        self.exam_size.valueChanged.connect(self._keep_choices)
        self.skills.itemChanged.connect(self._keep_choices)

    # ------------------------------------------------------------ memory --
    def _restore_choices(self) -> None:
        """The game, difficulty, ticked skills, exam size and mode of the last time."""
        settings = QSettings()
        index = self.games.findData(settings.value(f"{CHOICES}/game"))
        if index >= 0:
            self.games.setCurrentIndex(index)
        index = self.difficulty.findData(settings.value(f"{CHOICES}/difficulty", type=int))
        if index >= 0:
            self.difficulty.setCurrentIndex(index)
        size = settings.value(f"{CHOICES}/exam_size", type=int)
        if isinstance(size, int) and size > 0:
            self.exam_size.setValue(size)
        self._tick_remembered()
        self._show_mode(str(settings.value(f"{CHOICES}/mode", "practice")))

    def _tick_remembered(self) -> None:
        stored = QSettings().value(f"{CHOICES}/skills/{self.current_game()}")
        if stored is None:
            return  # never chosen: every skill of the game stays ticked
        ticked = {str(s) for s in stored} if isinstance(stored, list) else {str(stored)}
        ticked.discard("")
        self.skills.blockSignals(True)
        for row in range(self.skills.count()):
            item = self.skills.item(row)
            on = item.data(Qt.ItemDataRole.UserRole) in ticked
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
        self.skills.blockSignals(False)

    def _keep_choices(self) -> None:
        if self.sender() is self.games:
            self._tick_remembered()  # the new game's skills as they were last ticked
        settings = QSettings()
        settings.setValue(f"{CHOICES}/game", self.current_game())
        settings.setValue(f"{CHOICES}/difficulty", int(self.difficulty.currentData()))
        settings.setValue(f"{CHOICES}/exam_size", self.exam_size.value())
        if self.sender() is not self.games:
            # An empty list is stored as one empty string, read back as "no skill ticked".
            settings.setValue(
                f"{CHOICES}/skills/{self.current_game()}", self.chosen_skills() or [""]
            )

    def _show_mode(self, kind: str) -> None:
        """The mode started last is the default: Enter in the panel starts it again."""
        self.mode = kind if kind in self.buttons else "practice"
        for key, button in self.buttons.items():
            button.setDefault(key == self.mode)
            button.setAutoDefault(key == self.mode)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.start(self.mode)
            event.accept()
            return
        super().keyPressEvent(event)

    def _say(self, words: Callable[[], str]) -> None:
        """Show ``words()`` in the status line, and again in the new language on a switch."""
        self._status_words = words
        self.status.setText(words())

    def _unavailable(self, exc: BaseException) -> None:
        exc = exc.with_traceback(None)  # kept to be said again: not the frames it came through
        self._say(lambda: fill(self.tr("Storage is not available: %1"), problem_text(exc)))

    def _not_started(self, exc: BaseException) -> None:
        exc = exc.with_traceback(None)  # kept to be said again: not the frames it came through
        self._say(lambda: fill(self.tr("The session could not start: %1"), problem_text(exc)))

    def _refused(self, refused: SittingRefused) -> None:
        self._say(lambda: refusal_text(refused))

    def retranslate(self) -> None:
        """Every text again in the language now installed."""
        if self._status_words is not None:
            self.status.setText(self._status_words())
        for label, text in self._labels:
            label.setText(_tr(text))
        for key, button in self.buttons.items():
            button.setText(_tr(START_BUTTONS[key]))
        for index in range(self.games.count()):
            english, _chinese = GAME_NAMES[Game.of(str(self.games.itemData(index)))]
            self.games.setItemText(index, QCoreApplication.translate("games", english))
        for index, name in enumerate(DIFFICULTY_NAMES.values()):
            self.difficulty.setItemText(index, _tr(name))
        self.skills.setAccessibleName(self.tr("Skills"))
        self.exam_size.setAccessibleName(self.tr("Items in a mock exam"))
        self.exams.setAccessibleName(self.tr("Exam to sit"))
        chosen = set(self.chosen_skills()) if self.skills.count() else None
        self._fill_skills()
        if chosen is not None:
            for row in range(self.skills.count()):
                item = self.skills.item(row)
                ticked = item.data(Qt.ItemDataRole.UserRole) in chosen
                item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.refresh_exams()
        super().changeEvent(event)

    # ------------------------------------------------------------- choices --
    def current_game(self) -> str:
        return str(self.games.currentData())

    def set_game(self, game: str) -> None:
        index = self.games.findData(game)
        if index >= 0:
            self.games.setCurrentIndex(index)

    def _fill_skills(self) -> None:
        self.skills.clear()
        for found in skills_for(self.current_game()):
            row = QListWidgetItem(render(found.title))
            row.setToolTip(render(found.description))
            row.setData(Qt.ItemDataRole.UserRole, found.id)
            row.setFlags(row.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            row.setCheckState(Qt.CheckState.Checked)
            self.skills.addItem(row)

    def chosen_skills(self) -> list[str]:
        rows = (self.skills.item(i) for i in range(self.skills.count()))
        return [
            str(r.data(Qt.ItemDataRole.UserRole))
            for r in rows
            if r.checkState() == Qt.CheckState.Checked
        ]

    def chosen_difficulty(self) -> Difficulty:
        return Difficulty(int(self.difficulty.currentData()))

    def chosen_ruleset(self) -> Ruleset:
        game = self.current_game()
        chosen = self._ruleset() if self._ruleset is not None else None
        if chosen is not None and self._game is not None and self._game() == game:
            return chosen
        return default_ruleset(game)

    # ------------------------------------------------------------- storage --
    def store(self) -> Store:
        if self._store is None:
            # The window's holder, asked each time: on a server, whoever signed in last
            # (each person's own connection).
            source = self._store_source
            assert not isinstance(source, Store)
            if source != Store.open:
                return source()
            self._store = source()  # opened here, once
        return self._store

    def trainee_name(self) -> str:
        """The signed-in trainee's name, else this computer's user (not recorded)."""
        person = self._trainee()
        return person.name if person is not None else local_trainee()

    def desk(self) -> TraineeDesk | None:
        """The signed-in trainee's desk, or ``None`` when nobody (or an instructor) is
        signed in: a trainee's records are reached only after they sign in."""
        person = self._trainee()
        if person is None or person.role is not Role.TRAINEE:
            return None
        return self.store().trainee_desk(person)

    def refresh_exams(self) -> None:
        """The exams the trainee may sit: assigned ones first, then a mock exam.

        The exam chosen stays chosen if the trainee may still sit it."""
        chosen = self.exams.currentData()
        kept = chosen[0].id if chosen is not None else None
        self.exams.clear()
        try:
            desk = self.desk()
            assigned = desk.open_exams() if desk is not None else []
            progress = {a.id: exam_progress(desk, a.id) for a, _ in assigned if desk is not None}
            refused = {a.id: desk.sitting_refusal(a.id) for a, _ in assigned if desk is not None}
        except (StorageError, OSError) as exc:
            self._unavailable(exc)
            assigned, progress, refused = [], {}, {}
        for assignment, paper in assigned:
            text = fill(self.tr("Assigned: %1"), paper.title)
            answered = progress.get(assignment.id)
            if answered is not None:  # left or cut off half-way: it goes on where it stopped
                text = fill(
                    self.tr("Assigned: %1 (resume at item %2 of %3)"),
                    paper.title,
                    str(min(answered + 1, paper.item_count)),
                    str(paper.item_count),
                )
                if paper.table_rounds and answered >= paper.item_count:  # the items are done
                    text = fill(self.tr("Assigned: %1 (resume at the live table)"), paper.title)
            waiting = refused.get(assignment.id)
            if waiting is not None:  # a retake's waiting period, or a window not yet open
                text = fill(self.tr("Assigned: %1 (from %2)"), paper.title, when_text(waiting))
            elif assignment.completed_at is not None and answered is None:
                text = fill(self.tr("Assigned: %1 (retake)"), paper.title)
            self.exams.addItem(text, (assignment, paper))
            if assignment.id == kept:
                self.exams.setCurrentIndex(self.exams.count() - 1)
        mark = str(round(100 * MOCK_PASS_MARK))
        mock = fill(self.tr("Mock exam (pass mark %1%)"), mark)
        self.exams.addItem(mock, None)
        self.exams.fit(mock)
        self.exams.setItemData(
            self.exams.count() - 1,
            fill(
                self.tr(
                    "A mock exam of the skills ticked below, as many items as its size says; "
                    "%1% right passes. Only an exam your instructor assigns counts."
                ),
                mark,
            ),
            Qt.ItemDataRole.ToolTipRole,
        )
        self.exams.current_text_as_tooltip()

    # ---------------------------------------------------------------- start --
    def start(self, kind: str) -> DrillScreen | None:
        """Start a session (``practice``, ``timed``, ``exam``, ``review``, ``mistakes``;
        ``table`` opens the live table, which is not a drill screen)."""
        self.status.clear()
        QSettings().setValue(f"{CHOICES}/mode", kind)
        self._show_mode(kind)
        if kind == "table":
            self._open_table()
            return None
        skills = self.chosen_skills()
        assigned = kind == "exam" and self.exams.currentData() is not None
        if kind in ("practice", "timed", "exam") and not skills and not assigned:
            self._say(lambda: self.tr("Tick at least one skill."))
            return None
        try:
            desk = self.desk()
        except (StorageError, OSError) as exc:
            self._unavailable(exc)
            return None
        if desk is None and kind not in ("practice", "timed"):
            self._say(
                lambda: self.tr(
                    "Sign in first: exams, review and your mistakes are reached only after "
                    "you sign in (Sign in… on the left)."
                )
            )
            return None
        seed = random.SystemRandom().getrandbits(32)
        difficulty = self.chosen_difficulty()
        spec: ExamSpec | None = None
        assignment: int | None = None
        time_limit_ms: int | None = None
        ruleset = self.chosen_ruleset()
        ruleset_id = ruleset.id
        try:
            if kind in ("practice", "timed"):
                session = practice(
                    skills,
                    difficulty,
                    seed,
                    ruleset,
                    timed=kind == "timed",
                    rulesets=self.rulesets,
                )
            elif kind == "exam":
                chosen = self.exams.currentData()
                if chosen is not None and desk is not None:
                    # An assigned exam: new, or resumed where it stopped (same items).
                    paper_assignment, _notice = chosen
                    paper = desk.exam_paper(paper_assignment.id)  # handed out now, not before
                    if paper.table_rounds:  # items (if any), then rounds at the live table
                        from dealer_trainer.ui.exams.sitting import MixedSitting  # noqa: PLC0415

                        self.mixed = MixedSitting(
                            self, desk, paper_assignment.id, paper, self.rulesets
                        )
                        return self.mixed.start()
                    sitting = sit_assigned_exam(
                        desk,
                        paper_assignment.id,
                        paper,
                        defer=after_feedback,
                        rulesets=self.rulesets,
                    )
                    spec = exam_spec(paper)
                    if paper.time_limit is not None:
                        limit = paper.time_limit // timedelta(milliseconds=1)
                        time_limit_ms = max(limit - sitting.time_used_ms, 1)
                    screen = self.open_screen(
                        sitting.session, spec, sitting.recorder, False, time_limit_ms
                    )
                    # On a centre's server its grader scores the sitting: the end's verdict
                    # is this computer's preview.
                    screen.summary.server_grades = desk.graded_by_server
                    return screen
                else:
                    spec = ExamSpec(
                        tuple(skills),
                        difficulty,
                        self.exam_size.value(),
                        MOCK_PASS_MARK,
                        seed,
                        ruleset_id,
                    )
                session = exam(spec, rulesets=self.rulesets)
            else:
                assert desk is not None
                specs = (
                    review_specs(desk, difficulty, seed)
                    if kind == "review"
                    else mistake_specs(desk)
                )
                if not specs:
                    self._say(
                        lambda: (
                            self.tr("No skill is due for review: well done.")
                            if kind == "review"
                            else self.tr("You have no wrong answers to try again.")
                        )
                    )
                    return None
                session = replay(specs, rulesets=self.rulesets)
                ruleset_id = specs[0].ruleset or default_ruleset(skill(specs[0].skill).game).id
            recorder = None
            if desk is not None:
                recorder = SessionRecorder.start(
                    desk,
                    ruleset_id,
                    session.mode,
                    exam_assignment_id=assignment,
                    defer=after_feedback,
                    # A mock exam is a practice session: its answers say which exam they are.
                    mock_exam=None if spec is None else MockExam(spec.size, spec.pass_mark),
                )
                session.recorder = recorder
        except SittingRefusedError as exc:  # the centre's window, limit or waiting period
            self._refused(exc.refused)
            return None
        except (StorageError, OSError, ValueError) as exc:
            self._not_started(exc)
            return None
        return self.open_screen(session, spec, recorder, kind == "mistakes", time_limit_ms)

    def open_screen(
        self,
        session: DrillSession,
        spec: ExamSpec | None,
        recorder: SessionRecorder | None,
        mistakes: bool,
        time_limit_ms: int | None = None,
        finish: Callable[[], None] | None = None,
    ) -> DrillScreen:
        """A drill screen on ``session`` (an exam's when ``spec`` is given), shown; an
        assigned exam's sitting opens its items here (``ui.exams.sitting``)."""
        controller = DrillController(session, exam=spec, time_limit_ms=time_limit_ms)
        controller.suspended.connect(self.refresh_exams)  # now "resume at item n"
        title = QT_TRANSLATE_NOOP("drills", "My mistakes") if mistakes else ""
        screen = DrillScreen(
            controller,
            title=title,
            on_finish=finish or (recorder.close if recorder is not None else None),
            trainee=self.trainee_name(),
        )
        controller.setParent(screen)
        if recorder is None:
            screen.recorded = False
            screen.not_recorded_reason = not_recorded_reason(self.trainee_name())
            screen.retranslate()
            self._say(lambda: not_recorded_reason(self.trainee_name()))
        screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        screen.closed.connect(screen.close)
        screen.destroyed.connect(lambda _=None, s=screen: self._forget(s))
        self.screens.append(screen)
        self.sessionStarted.emit(screen)
        if screen.parent() is None:
            restore_size(screen, DrillScreen.SIZE_KEY, drill_window_size(screen))
            screen.show()
        controller.start()
        if spec is not None or mistakes:
            self.refresh_exams()
        return screen

    def _open_table(self) -> TableScreen | None:
        """The live table (``ui.table``): rounds of the chosen game, recorded step by step.

        A registered trainee's rounds are recorded (a practice session of its own, each
        attempt committed as it is judged); anyone else plays unrecorded, and the screen
        says so, as the drills do.  ``None``, with the reason, when storage fails.
        """
        from dealer_trainer.storage.table_recorder import TableRecorder  # noqa: PLC0415
        from dealer_trainer.ui.table.screen import TableScreen  # noqa: PLC0415 (on demand)

        ruleset = self.chosen_ruleset()
        recorder: TableRecorder | None = None
        try:
            desk = self.desk()
            if desk is not None:
                recorder = TableRecorder.start(desk, ruleset.id)
        except (StorageError, OSError) as exc:
            self._unavailable(exc)
            return None
        screen = TableScreen(
            ruleset,
            self.chosen_difficulty(),
            recorder=recorder,
            on_finish=recorder.close if recorder is not None else None,
        )
        if recorder is None:
            self._say(lambda: not_recorded_reason(self.trainee_name()))
        screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        tables = self.table_screens
        tables.append(screen)
        screen.destroyed.connect(lambda _=None, s=screen: tables.remove(s) if s in tables else None)
        self.sessionStarted.emit(screen)
        if screen.parent() is None:
            restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
            screen.show()
        return screen

    def _forget(self, screen: DrillScreen) -> None:
        if screen in self.screens:
            self.screens.remove(screen)


def not_recorded_reason(name: str) -> str:
    """Why practice under ``name`` is not recorded (shown wherever it says "not recorded")."""
    return fill(
        QCoreApplication.translate(
            "Welcome",
            "Not recorded: nobody is signed in (this computer's user is “%1”), so no instructor "
            "can follow these answers and nothing is kept. Sign in with the login and password "
            "your instructor gave you (Sign in… on the left).",
        ),
        name,
    )


def after_feedback(work: Callable[[], None]) -> None:
    """Run ``work`` once the event loop has shown what is pending (the feedback)."""
    QTimer.singleShot(0, work)


__all__ = ["DrillLauncher", "after_feedback"]
