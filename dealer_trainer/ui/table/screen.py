"""The live table on screen: the dealer's whole work on the felt, round after round.

Left, the felt of the game (the drills' :class:`FeltStage`: the same scene, the
same chip stacks) with the round's bets, the marker, the dice or the cards;
right, the outcome, the bet in hand and the steps done so far, each with ✓ or ✗
and its article (or "table procedure"); below, the chip float and the actions.

Every step goes to :meth:`TableRound.act` at once: the rules core's ``judge``
accepts it or refuses it (practice: the reason and the article are shown, the
trainee does it again), and the recorder has stored it before the screen says
anything.  Mouse and keys: click a bet (or Tab, Shift+Tab) to take it in hand;
click chips of the float or type the amount (Backspace takes the last off);
Enter pays the bet in hand, and a click on a bet with chips in the float pays
that bet; C collects, R returns, M marks the number (roulette) or moves a come
bet to its point (craps), P pays a progressive award (Caribbean Stud).

Exam (the bar's Exam… button): a run of rounds dealt with no verdict shown; every
step is recorded with the rules core's verdict and taken as the trainee dealt it
(``drills.table.round`` says how), each round ends when declared settled, and at
the end the score, per step kind, and each round's replay with its mistakes.

Timed (the bar's Timed button, remembered): the same rounds, with the round's
clock and the table's pace (spins, throws or rounds an hour, ``drills.table.pace``)
against the house's target for the game and difficulty, a ruleset setting.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSettings, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QCloseEvent, QColor, QIcon, QKeyEvent, QPen
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGraphicsEllipseItem,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.chips import level_chips
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import (
    Attempt,
    RoundSummary,
    TableMode,
    TableRound,
    deals_irregularities,
    new_round,
)
from dealer_trainer.drills.table.exam import TableExam
from dealer_trainer.drills.table.pace import Pace, clock_text, target
from dealer_trainer.drills.table.round import Clock, RoundRecorder, monotonic_ms
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.i18n.numbers import parse_amount
from dealer_trainer.layouts.chips import look
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.errors import StorageError
from dealer_trainer.ui.drills.screen import SituationView
from dealer_trainer.ui.drills.situation import FeltStage, hands_html
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, ChipStackItem
from dealer_trainer.ui.felt.painting import chip_icon
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.digits import ascii_digits
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.rendering import (
    DRILL_STYLE,
    escape,
    format_money,
    language_code,
    separators,
)
from dealer_trainer.ui.table.bets import (
    TableBet,
    accepted_citation,
    accepted_readings,
    article_line,
    missing_targets,
)
from dealer_trainer.ui.table.craps_hand import throw_html
from dealer_trainer.ui.table.exam import ExamResults, ExamSetup
from dealer_trainer.ui.table.felt import TableFelt
from dealer_trainer.ui.table.irregular import (
    FeltEvent,
    IrregularityPanel,
    attempt_reason,
    attempt_text,
    feedback_html,
    irregularity_of,
    pending_outcome,
    readings_lines,
)
from dealer_trainer.ui.table.steady import SteadyLabel
from dealer_trainer.ui.table.step_list import StepList
from dealer_trainer.ui.table.still_to_settle import StillToSettle
from dealer_trainer.ui.table.stud_deal import StudDealPanel, outcome_html

TABLE_STYLE = (
    DRILL_STYLE
    + f"""
#tableScreen {{ background: {palette.PAPER}; }}
#outcome {{ font-size: 17px; font-weight: 600; background: {palette.PANEL};
            border: 1px solid {palette.EDGE}; border-radius: 6px; padding: 6px; }}
#inHand {{ font-size: 16px; font-weight: 600; }}
#refusal {{ background: {palette.WRONG_TINT}; border: 2px solid {palette.WRONG};
            border-radius: 6px; padding: 6px; font-size: 15px; }}
#settled {{ background: {palette.OK_TINT}; border: 2px solid {palette.OK}; border-radius: 6px;
            padding: 6px; font-size: 15px; }}
#steps, #stillBets {{ font-size: 14px; background: {palette.PANEL}; }}
#stillHeading {{ font-weight: 600; }}
#steps QScrollBar:vertical, #stillBets QScrollBar:vertical {{
    width: 12px; background: {palette.SCROLL_TRACK}; margin: 0; }}
#steps QScrollBar::handle:vertical, #stillBets QScrollBar::handle:vertical {{
    background: {palette.SCROLL_HANDLE}; min-height: 24px; border-radius: 4px; margin: 2px; }}
#steps QScrollBar::handle:vertical:hover, #stillBets QScrollBar::handle:vertical:hover {{
    background: {palette.SCROLL_HANDLE_HOVER}; }}
#steps QScrollBar::add-line:vertical, #steps QScrollBar::sub-line:vertical,
#stillBets QScrollBar::add-line:vertical, #stillBets QScrollBar::sub-line:vertical {{ height: 0; }}
#steps QScrollBar::add-page:vertical, #steps QScrollBar::sub-page:vertical,
#stillBets QScrollBar::add-page:vertical, #stillBets QScrollBar::sub-page:vertical {{
    background: none; }}
#floatTotal {{ font-size: 22px; font-weight: 700; min-width: 110px; }}
#tableBar QPushButton, #floatBar QPushButton {{ font-size: 14px; padding: 5px 10px; }}
#roundClock {{ font-size: 16px; font-weight: 700; min-width: 70px; }}
#pace {{ font-size: 14px; font-weight: 600; padding: 2px 8px; border-radius: 4px; }}
#pace[against="ahead"] {{ background: {palette.OK_TINT}; color: {palette.OK}; }}
#pace[against="behind"] {{ background: {palette.WRONG_TINT}; color: {palette.WRONG}; }}
#pace[against="on"] {{ background: {palette.NEUTRAL_TINT}; color: {palette.TEXT}; }}
"""
)
MODE = QT_TRANSLATE_NOOP("table", "Table · Practice")
TIMED_MODE = QT_TRANSLATE_NOOP("table", "Table · Timed")
EXAM_MODE = QT_TRANSLATE_NOOP("table", "Table · Exam")
#: Where the table remembers whether it was last played timed (QSettings).
TIMED_KEY = "table/timed"
TICK_MS = 250  # how often the round's clock is shown again
#: The pace in words, per game: one round of the table is a spin, a throw or a round.
PACE_TEXTS = {
    Game.ROULETTE: QT_TRANSLATE_NOOP("table", "%1 spins an hour"),
    Game.CRAPS: QT_TRANSLATE_NOOP("table", "%1 throws an hour"),
    Game.CARIBBEAN_STUD: QT_TRANSLATE_NOOP("table", "%1 rounds an hour"),
    Game.SIC_BO: QT_TRANSLATE_NOOP("table", "%1 throws an hour"),
}
TARGET_TEXTS = {
    Game.ROULETTE: QT_TRANSLATE_NOOP("table", "Target: %1 spins an hour"),
    Game.CRAPS: QT_TRANSLATE_NOOP("table", "Target: %1 throws an hour"),
    Game.CARIBBEAN_STUD: QT_TRANSLATE_NOOP("table", "Target: %1 rounds an hour"),
    Game.SIC_BO: QT_TRANSLATE_NOOP("table", "Target: %1 throws an hour"),
}
AGAINST_TEXTS = {
    1: QT_TRANSLATE_NOOP("table", "ahead of the target of %1"),
    0: QT_TRANSLATE_NOOP("table", "at the target of %1"),
    -1: QT_TRANSLATE_NOOP("table", "behind the target of %1"),
}
AGAINST_NAMES = {1: "ahead", 0: "on", -1: "behind"}


def _tr(text: str) -> str:
    return QCoreApplication.translate("table", text)


class ChipFloat(QWidget):
    """The chip float: chips clicked and digits typed make the payout in hand."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("floatBar")
        self.chips: list[Decimal] = []
        self.typed = ""
        self._buttons: list[QToolButton] = []
        self.rack = QHBoxLayout()
        self.rack.setSpacing(3)
        self.total_label = QLabel()
        self.total_label.setObjectName("floatTotal")
        self.total_label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.clear_button = QPushButton()
        self.clear_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.clear_button.clicked.connect(self.clear)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.rack)
        layout.addWidget(self.total_label, 1)
        layout.addWidget(self.clear_button)
        self.retranslate()

    def offer(self, denominations: tuple[Decimal, ...]) -> None:
        for button in self._buttons:
            self.rack.removeWidget(button)
            button.deleteLater()
        self._buttons = []
        for value in denominations:
            chip = look(value)
            button = QToolButton()
            button.setIcon(chip_icon(chip, 34, self.devicePixelRatioF()))
            button.setIconSize(QSize(34, 34))
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.setProperty("chip", str(value))
            button.setAccessibleName(
                fill(QCoreApplication.translate("table", "Add a chip of %1"), chip.text)
            )
            button.setToolTip(
                fill(QCoreApplication.translate("table", "Add a chip of %1"), chip.text)
            )
            button.clicked.connect(lambda _=False, v=value: self.add_chip(v))
            self.rack.addWidget(button)
            self._buttons.append(button)
        self.clear()

    @property
    def buttons(self) -> list[QToolButton]:
        return list(self._buttons)

    def add_chip(self, value: Decimal) -> None:
        self.chips.append(value)
        self._refresh()

    def type_text(self, text: str) -> None:
        _, point = separators(language_code())
        for char in ascii_digits(text):  # １２．５ from a Chinese input method: 12.5
            if char.isdigit() or (char in (point, ".") and point not in self.typed):
                self.typed += point if char == "." else char
        self._refresh()

    def backspace(self) -> None:
        if self.typed:
            self.typed = self.typed[:-1]
        elif self.chips:
            self.chips.pop()
        self._refresh()

    def clear(self) -> None:
        self.chips.clear()
        self.typed = ""
        self._refresh()

    def total(self) -> Decimal | None:
        """The payout in hand (``None``: nothing in the float)."""
        if not self.chips and not self.typed:
            return None
        amount = sum(self.chips, Decimal(0))
        if self.typed:
            try:
                amount += parse_amount(self.typed, language_code())
            except (ValueError, InvalidOperation):
                return None
        return amount

    @property
    def empty(self) -> bool:
        return not self.chips and not self.typed

    def _refresh(self) -> None:
        total = self.total()
        self.total_label.setText("" if total is None else format_money(total))
        self.changed.emit()

    def retranslate(self) -> None:
        self.clear_button.setText(QCoreApplication.translate("table", "Clear"))
        self.clear_button.setToolTip(QCoreApplication.translate("table", "Empty the float"))
        self._refresh()


class TableScreen(QWidget):
    """Rounds of one game at the live table, in practice: each step judged as it is done."""

    stepJudged = Signal(object)  # Attempt
    roundStarted = Signal(object)  # TableRound
    roundFinished = Signal(object)  # RoundSummary
    examFinished = Signal(object)  # ExamResult
    closed = Signal()
    SIZE_KEY = "table"

    def __init__(
        self,
        ruleset: Ruleset,
        difficulty: Difficulty,
        *,
        recorder: RoundRecorder | None = None,
        on_finish: Callable[[], None] | None = None,
        seed: int | None = None,
        timed: bool | None = None,
        clock: Clock = monotonic_ms,
        parent: QWidget | None = None,
        deal: bool = True,
    ) -> None:
        """``timed``: None plays as the table was last played (practice the first time);
        ``clock``: milliseconds, monotonic (the tests' is a fake one); ``deal``: False
        deals no practice round (an assigned exam's rounds start with ``start_exam``)."""
        super().__init__(parent)
        self.setObjectName("tableScreen")
        self.setStyleSheet(TABLE_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.ruleset = ruleset
        self.game = ruleset.game
        self.difficulty = difficulty
        self.recorder = recorder
        self._on_finish = on_finish
        self.seed = random.SystemRandom().getrandbits(32) if seed is None else seed
        self.rounds_played = 0  # in this run (practice, or the exam being sat): the bar's count
        self.dealt = 0  # every round this screen dealt: the next round's seed is seed + dealt
        self.round: TableRound | None = None
        self.bets: list[TableBet] = []
        self.current: TableBet | None = None
        self.stage = FeltStage(self)
        self._hand_ring: QGraphicsEllipseItem | None = None
        self.problem = ""  # the last storage problem, shown in the panel
        self.clock = clock
        self.pace = Pace()  # the rounds played since the screen opened
        self._last_ms = 0  # the time of the last round played
        self.target = target(ruleset, difficulty)
        if timed is None:
            timed = str(QSettings().value(TIMED_KEY, "false")).lower() == "true"
        self.timed = timed
        self.exam: TableExam | None = None  # an exam being sat (its rounds in exam mode)
        self.results: QWidget | None = None  # the last exam's results, once it is over
        #: An assigned exam's rounds (``ui.exams.sitting``): no practice before or after, and
        #: its sitting shows the results once the last round is over (the screen closes).
        self.exam_only = False
        #: The question open now (giving up a round not settled), ``None`` when none is.
        self.pending: QDialog | None = None

        # -- the bar
        self.mode_label = QLabel()
        self.mode_label.setObjectName("modeBadge")
        self.title_label = QLabel()
        self.title_label.setObjectName("skillTitle")
        self.round_label = QLabel()
        self.clock_label = QLabel()
        self.clock_label.setObjectName("roundClock")
        self.pace_label = QLabel()
        self.pace_label.setObjectName("pace")
        self.timed_button = QPushButton()
        self.timed_button.setCheckable(True)
        self.timed_button.setChecked(timed)
        self.timed_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.timed_button.toggled.connect(self.set_timed)
        self.ticker = QTimer(self)
        self.ticker.setInterval(TICK_MS)
        self.ticker.timeout.connect(self._show_clock)
        self.end_button = QPushButton()
        self.end_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.end_button.clicked.connect(self.close)
        self.exam_button = QPushButton()
        self.exam_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.exam_button.clicked.connect(self._ask_exam)
        bar = QHBoxLayout()
        bar.addWidget(self.mode_label)
        bar.addWidget(self.title_label)
        bar.addStretch(1)
        bar.addWidget(self.pace_label)
        bar.addWidget(self.clock_label)
        bar.addWidget(self.round_label)
        bar.addWidget(self.timed_button)
        bar.addWidget(self.exam_button)
        bar.addWidget(self.end_button)

        # -- the felt and the panel
        self.view = SituationView()
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.felt = TableFelt(self.stage, self.view, ruleset, difficulty)
        self.felt_event = FeltEvent(self.felt, self.view)
        # The lines above the step list keep their tallest height: the list under them stays
        # put, instead of laying out and painting every step again at each step.
        self.outcome = SteadyLabel()
        self.outcome.setObjectName("outcome")
        self.in_hand = SteadyLabel()
        self.in_hand.setObjectName("inHand")
        self.remaining = StillToSettle()  # the bets the round still waits for
        self.remaining.chosen.connect(self._take_open)
        self.message = QLabel()
        self.message.setWordWrap(True)
        self.message.hide()
        self.irregular = IrregularityPanel()  # a pending irregularity and the dealer's choices
        self.irregular.chosen.connect(self.rule)
        self._keys_text = ""  # the line of keys while no irregularity waits
        self.steps = StepList()
        self.steps.setObjectName("steps")
        self.steps.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The list takes what is left: the panels above it (an irregularity's) keep their height.
        self.steps.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self.steps.setMinimumHeight(60)
        self.steps_label = QLabel()
        panel = QWidget()
        # Its width once for the screen: a ruling's choices read in fewer lines on a wider
        # panel, and a panel that widened when one arose would resize the felt mid-round.
        panel.setMinimumWidth(430 if deals_irregularities(self.game, difficulty) else 330)
        panel.setMaximumWidth(460)
        side = QVBoxLayout(panel)
        side.setContentsMargins(0, 0, 0, 0)
        side.addWidget(self.outcome)
        side.addWidget(self.in_hand)
        side.addWidget(self.remaining)  # its rows; the step list takes the rest
        side.addWidget(self.irregular)
        side.addWidget(self.message)
        side.addWidget(self.steps_label)
        side.addWidget(self.steps, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(panel)
        splitter.setStretchFactor(0, 1)
        splitter.setChildrenCollapsible(False)

        # -- the float and the actions
        self.float = ChipFloat()
        self.float.changed.connect(self._show_in_hand)
        self.buttons: dict[str, QPushButton] = {}
        actions = QGridLayout()
        actions.setSpacing(4)
        used = {
            Game.ROULETTE: ["mark", "collect", "pay"],
            Game.CRAPS: ["collect", "pay", "return", "move"],
            Game.CARIBBEAN_STUD: ["collect", "pay", "return", "progressive"],
            Game.SIC_BO: ["collect", "pay"],
        }[self.game]
        names = [*used, "settled", "next"]
        for i, key in enumerate(names):
            button = QPushButton()
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, k=key: self.do(k))
            self.buttons[key] = button
            actions.addWidget(button, i // 3, i % 3)
        self.buttons["pay"].setObjectName("primary")
        self.buttons["next"].setObjectName("primary")
        bottom = QFrame()
        bottom.setObjectName("tableBar")
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        #: Caribbean Stud: the deal before the showdown (its own module).
        self.stud = StudDealPanel(self) if self.game == Game.CARIBBEAN_STUD else None
        if self.stud is not None:
            bottom_layout.addWidget(self.stud)
        bottom_layout.addWidget(self.float)
        bottom_layout.addLayout(actions)
        self.keys_hint = SteadyLabel()  # a ruling's keys take no more lines than it keeps
        self.keys_hint.setObjectName("muted")
        self.keys_hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        bottom_layout.addWidget(self.keys_hint)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        layout.addWidget(bottom)

        scene_source = self.stage.scene_of(self.game, ruleset)
        scene_source.spotClicked.connect(self._spot_clicked)
        self.float.offer(level_chips(ruleset, int(difficulty)))
        self.retranslate()
        if deal:
            self.next_round()
        self.set_timed(timed)

    # ------------------------------------------------------------ rounds --
    def next_round(self) -> None:
        """Deal the next round (the one in play, if unfinished, ends as it stands)."""
        if self.round is not None and not self.round.finished:
            try:
                summary = self.round.give_up()
            except StorageError as exc:
                self._storage_problem(exc)
                return
            self._count(summary)
            self.roundFinished.emit(summary)
        if self.exam is not None and len(self.exam.played) == self.exam.rounds:
            self._exam_over()
            return
        try:
            if self.exam is not None:
                round_ = self.exam.next_round()
            else:
                round_ = new_round(
                    self.ruleset,
                    (self.seed + self.dealt) % 2**63,
                    self.difficulty,
                    recorder=self.recorder,
                    clock=self.clock,
                    after=self._table_goes_on(),
                )
        except StorageError as exc:
            self._storage_problem(exc)
            return
        self.rounds_played += 1
        self.dealt += 1
        self.round = round_
        self._stage()
        self.steps.clear()
        self.message.hide()
        self.float.clear()
        self._retitle()
        self._enable()
        self._show_clock()
        self.roundStarted.emit(round_)

    def _table_goes_on(self) -> TableRound | None:
        """The practice round the next one follows at the same table (craps: throw after
        throw); none after an exam's round, which was dealt at a table of its own."""
        round_ = self.round
        return round_ if round_ is not None and round_.mode is TableMode.PRACTICE else None

    def ask_next_round(self) -> None:
        """N (or its button): the next round.  A round not settled yet is given up only once
        the trainee says so: *Keep dealing* is the default (Enter, Escape), so a key pressed
        by mistake loses nothing."""
        round_ = self.round
        if round_ is None or round_.finished:
            self.next_round()
            return
        if self.pending is not None:
            return  # asked already
        from dealer_trainer.ui.kit.confirm import (  # noqa: PLC0415 (when first asked)
            Confirmation,
            ask_then,
        )

        box = Confirmation(
            QCoreApplication.translate("table", "Give up this round?"),
            QCoreApplication.translate(
                "table", "This round is not settled yet. Give it up and deal the next one?"
            ),
            QCoreApplication.translate("table", "&Give up the round"),
            self,
        )
        box.setObjectName("giveUpRound")
        box.cancel_button.setText(QCoreApplication.translate("table", "&Keep dealing"))
        box.cancel_button.setIcon(QIcon())  # not Cancel's cross: keeping on is no refusal
        box.setInformativeText(
            QCoreApplication.translate(
                "table",
                "The steps not done count as missed in the exam's score.",
            )
            if round_.mode is TableMode.EXAM
            else QCoreApplication.translate(
                "table",
                "The steps not done count as missed, and the round counts as given up, not "
                "settled: the pace counts its time, not a round.",
            )
        )
        ask_then(self, box, self.next_round)

    def _stage(self) -> None:
        assert self.round is not None
        self.felt_event.clear()
        if self.stud is None:
            self.bets = self.felt.show_round(self.round)
        else:  # staged once as it will stand; each bet shown as it comes on the table
            self.bets = self.felt.bets = self.stud.show_bets(
                self.felt.show_round(self.round, self.stud.staging())
            )
        self.current = None
        self._take(self._next_open(None, 1))
        self._show_pending()

    def _show_pending(self) -> None:
        """The pending irregularity on the felt and in the panel (or neither)."""
        self.felt_event.show_for(self.round)
        self.irregular.names = {bet.target: bet for bet in self.bets}
        self.irregular.show_for(self.round)
        self.in_hand.setVisible(self.irregular.isHidden())  # no bet in hand while ruling
        self.outcome.setVisible(self.irregular.isHidden())  # the panel says what happened
        self.keys_hint.setText(
            self._keys_text if self.irregular.isHidden() else self.irregular.keys_text()
        )
        self._show_remaining()
        self._retitle()

    def _show_remaining(self) -> None:
        """The bets the round still waits for, in the order they lie on the felt (the marker
        first): practice, what the plan still wants done; an exam, what the dealer has not
        dealt with yet (which bets the plan wants would be a verdict). Not while a ruling
        or Caribbean Stud's deal is asked for: their panels say what waits."""
        round_ = self.round
        shown = (
            round_ is not None
            and not round_.finished  # the round's end is said below, with its figures
            and not self._dealing()
            and self.irregular.isHidden()
        )
        self.remaining.setVisible(shown)
        if round_ is None or not shown:
            return
        exam = round_.mode is TableMode.EXAM
        if round_.finished:
            waiting: set[Target] = set()
        elif exam:
            waiting = {b.target for b in self.bets} - self._settled_targets()
            marked = any(
                isinstance(a.step, Step) and a.step.action is Action.MARK for a in round_.attempts
            )
            if self.game == Game.ROULETTE and not marked:
                waiting.add(Target(marker=True))
        else:
            waiting = set(missing_targets(round_))
        rows: list[tuple[str, Target | None]] = []
        if Target(marker=True) in waiting:
            rows.append((QCoreApplication.translate("table", "The marker"), None))
        rows += [
            (bet.label if bet.amount else bet.title, bet.target)
            for bet in self.bets
            if bet.target in waiting
        ]
        self.remaining.show_bets(rows, exam=exam, over=round_.finished)
        self.remaining.show_hand(self.current.target if self.current is not None else None)

    def rule(self, choice: str) -> Attempt | None:
        """The dealer's ruling on the pending irregularity (a choice by its id), judged by
        the rules core and recorded before the screen says anything."""
        round_ = self.round
        if round_ is None or round_.finished or round_.pending() is None:
            return None
        try:
            attempt = round_.rule(choice)
        except StorageError as exc:
            self._storage_problem(exc)
            return None
        names = {bet.target: bet for bet in self.bets}
        shown = attempt_text(attempt, round_, names)
        item = QListWidgetItem()
        if round_.mode is TableMode.EXAM:
            item.setText(f"• {len(round_.attempts)}. {shown}")
            self.message.hide()
        elif attempt.accepted:
            ruled = irregularity_of(round_, attempt)
            article = article_line(
                ruled.ruling.citation if ruled is not None else None, round_.game
            )
            item.setText(f"✓ {shown}\n    {article}{readings_lines(attempt, round_)}")
            item.setForeground(QColor(palette.OK))
            self.message.hide()
        else:
            reason = attempt_reason(attempt.verdict, attempt, round_, names)
            article = article_line(attempt.verdict.citation, round_.game)
            readings = readings_lines(attempt, round_)
            item.setText(f"✗ {shown}\n    {reason}\n    {article}{readings}")
            item.setForeground(QColor(palette.WRONG))
            self._say(feedback_html(reason, article), "refusal")
        self.steps.add(item)
        self._show_pending()
        self._take(self._next_open(None, 1))
        self.stepJudged.emit(attempt)
        self._enable()
        return attempt

    def restage(self) -> None:
        """The bets on the felt as the round now stands (Caribbean Stud's deal: a bet came
        or went): their chips shown or hidden, Tab's order kept, the first open bet in hand;
        the felt, staged once for the round, is not staged again."""
        if self.round is None or self.stud is None:
            return
        self.bets = self.felt.bets = self.stud.show_bets()
        self.current = None
        self._take(self._next_open(None, 1))
        self._show_remaining()

    def _badge(self, bet: TableBet) -> ChipStackItem | None:
        return self.felt.badge(bet)

    # ------------------------------------------------------------- in hand --
    def _settled_targets(self) -> set[Target]:
        """The bets dealt with: the round's steps done; in an exam, every bet the trainee
        acted on, right or not (which bets the engine took would be a verdict)."""
        assert self.round is not None
        if self.round.mode is TableMode.EXAM:
            return {a.step.target for a in self.round.attempts if isinstance(a.step, Step)}
        return {step.target for step in self.round.done}

    def _next_open(self, after: TableBet | None, direction: int) -> TableBet | None:
        """The next bet not yet settled after ``after`` (round the table); none during
        Caribbean Stud's deal and calls (its prompt names the box a call is about: a bet in
        hand beside it pointed at another box), and its progressive stakes only once every
        ante and raise is settled (``StudDealPanel.in_turn``)."""
        if not self.bets or self._dealing():
            return None
        settled = self._settled_targets()
        open_now = {bet.target for bet in self.bets if bet.target not in settled}
        if self.stud is not None:
            open_now = self.stud.in_turn(open_now)
        start = self.bets.index(after) if after in self.bets else -direction
        for offset in range(1, len(self.bets) + 1):
            bet = self.bets[(start + direction * offset) % len(self.bets)]
            if bet.target in open_now:
                return bet
        return None

    def _take(self, bet: TableBet | None) -> None:
        self.current = bet
        self.view.focus_spot(bet.spot_id if bet is not None else None)
        self._ring_in_hand()
        self._show_in_hand()
        self.remaining.show_hand(bet.target if bet is not None else None)

    def _ring_in_hand(self) -> None:
        """A gold ring round the bet in hand (its stack, or its spot when no stack shows)."""
        scene = self.view.felt_scene()
        ring = self._hand_ring
        if ring is None or ring.scene() is not scene:
            r = CHIP_DIAMETER / 2 + 9
            ring = QGraphicsEllipseItem(QRectF(-r, -r, 2 * r, 2 * r))
            ring.setPen(QPen(QColor(palette.FOCUS), 4, Qt.PenStyle.DashLine))
            ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))
            ring.setZValue(150)
            ring.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(ring)
            self._hand_ring = ring
        bet = self.current
        if bet is None:
            ring.hide()
            return
        badge = self._badge(bet)
        if badge is not None and badge.isVisible():
            ring.setPos(badge.pos())
        else:
            ring.setPos(*scene.felt.spot(bet.spot_id).center)
        ring.show()

    def _take_open(self, target: Target) -> None:
        """A bet chosen in the list of those still to settle, taken in hand."""
        if self.round is not None and not self.round.finished:
            self.take(target)

    def take(self, target: Target) -> None:
        """Take a bet in hand by what it is (for the keyboard's and the tests' sake)."""
        for bet in self.bets:
            if bet.target == target:
                self._take(bet)
                return
        raise KeyError(target)

    def _spot_clicked(self, spot_id: str) -> None:
        if self.round is None or self.round.finished:
            return
        if self.stud is not None and self.stud.spot_clicked(spot_id):
            return  # a card dealt to the box
        here = [b for b in self.bets if b.spot_id == spot_id]
        if not here:
            return
        open_here = [b for b in here if b.target not in self._settled_targets()] or here
        if self.current in open_here:  # several bets on one spot: a click goes round them
            bet = open_here[(open_here.index(self.current) + 1) % len(open_here)]
        else:
            bet = open_here[0]
        paying = not self.float.empty
        self._take(bet)
        if paying:
            self.do("progressive" if bet.target.progressive else "pay")

    def _dealing(self) -> bool:
        """Caribbean Stud's deal and calls are on: no bet is settled before the showdown."""
        return self.stud is not None and not self.stud.settling()

    def _show_in_hand(self) -> None:
        bet = self.current
        total = self.float.total()
        if bet is None:
            self.in_hand.setText(
                ""  # the deal's prompt says what waits; the line keeps its place
                if self._dealing()
                else QCoreApplication.translate(
                    "table", "No bet in hand: click a bet or press Tab."
                )
            )
            return
        if total is not None:
            text = fill(
                QCoreApplication.translate("table", "Paying %1: %2"),
                escape(bet.title),
                format_money(total),
            )
        else:
            text = fill(
                QCoreApplication.translate("table", "In hand: %1"),
                escape(bet.label if bet.amount else bet.title),
            )
        self.in_hand.setText(text)

    # ------------------------------------------------------------- actions --
    def do(self, action: str) -> Attempt | None:
        """One of the dealer's actions, as its button or key gives it."""
        round_ = self.round
        if round_ is None:
            return None
        if action == "next":
            self.ask_next_round()
            return None
        if round_.finished:
            return None
        if action == "settled":
            return self._judge(None)
        if action == "mark":
            if self.game != Game.ROULETTE:
                return None
            number = int(round_.situation.request["outcome"]["number"])
            return self._judge(Step(Action.MARK, Target(marker=True), number=number))
        bet = self.current
        if bet is None:
            waiting = self.stud.waiting_text() if self.stud is not None else None
            self._say(
                escape(
                    waiting
                    or QCoreApplication.translate(
                        "table", "Take a bet in hand first: click it or press Tab."
                    )
                ),
                "refusal",
            )
            return None
        target = bet.target
        if action in ("pay", "progressive"):
            amount = self.float.total()
            if amount is None:
                self._say(
                    QCoreApplication.translate(
                        "table", "Put the payout in the float first: chips or digits."
                    ),
                    "refusal",
                )
                return None
            # A progressive bet is paid its award; the pay key on it means the same.
            kind = Action.PROGRESSIVE if target.progressive else Action.PAY
            return self._judge(Step(kind, target, amount=amount))
        if action == "collect":
            return self._judge(Step(Action.COLLECT, target))
        if action == "return":
            return self._judge(Step(Action.RETURN, target))
        if action == "move":
            if self.game != Game.CRAPS:
                return None
            return self._judge(Step(Action.MOVE, target, to=self._thrown()))
        return None

    def _thrown(self) -> int:
        assert self.round is not None
        rolls = [e["roll"] for e in self.round.situation.request["events"] if "roll" in e]
        return int(sum(rolls[-1]))

    def judge_call(self, call: DealerCall) -> Attempt | None:
        """A dealer's call of Caribbean Stud's deal, judged and recorded as any step."""
        if self.round is None or self.round.finished:
            return None
        return self._judge(call)

    def _judge(self, step: Step | DealerCall | None) -> Attempt | None:
        round_ = self.round
        assert round_ is not None
        tried = len(round_.attempts)
        end_not_stored: StorageError | None = None
        try:
            attempt = round_.act(step) if step is not None else round_.close()
        except StorageError as exc:
            if len(round_.attempts) == tried:  # the step itself was not stored
                self._storage_problem(exc)
                return None
            attempt, end_not_stored = round_.attempts[-1], exc  # only the round's end failed
        names = {bet.target: bet for bet in self.bets}
        item = QListWidgetItem()
        shown = attempt_text(attempt, round_, names)
        if round_.mode is TableMode.EXAM:  # no verdict until the exam is over
            item.setText(f"• {len(round_.attempts)}. {shown}")
            self.message.hide()
            if step is not None:
                self._show_done(step)  # what the dealer did, right or not
                self.float.clear()
                self._hand_after(step)
        elif attempt.accepted:
            article = article_line(
                accepted_citation(round_, attempt), round_.game, accepted_readings(round_, attempt)
            )
            right = sum(a.accepted for a in round_.attempts)  # practice: the steps taken
            item.setText(f"✓ {right}. {shown}\n    {article}")
            item.setForeground(QColor(palette.OK))
            self.message.hide()
            if step is not None:
                self._show_done(step)
                self.float.clear()
                self._hand_after(step)
        else:
            reason = attempt_reason(attempt.verdict, attempt, round_, names)
            article = article_line(attempt.verdict.citation, round_.game)
            item.setText(f"✗ {shown}\n    {reason}\n    {article}")
            item.setForeground(QColor(palette.WRONG))
            self._say(feedback_html(reason, article), "refusal")
            self.float.clear()  # the refused payout goes back: the next one is built afresh
        self.steps.add(item)
        self._show_pending()
        self.stepJudged.emit(attempt)
        if round_.finished:
            self._round_over()
        if end_not_stored is not None:
            self.problem = str(end_not_stored)
            self._say(
                escape(
                    fill(
                        QCoreApplication.translate(
                            "table", "The round is settled, but its end was not recorded: %1"
                        ),
                        str(end_not_stored),
                    )
                ),
                "refusal",
            )
        self._enable()
        return attempt

    def _hand_after(self, step: Step | DealerCall) -> None:
        """The bet in hand after a step: the marker placed leaves the bet in hand where it
        was (the dealer's hand did not move from it); a step on the bet in hand takes the
        next bet still to settle."""
        kept = self.current
        if (
            isinstance(step, Step)
            and step.action is Action.MARK
            and kept is not None
            and kept.target not in self._settled_targets()
        ):
            self._take(kept)
        else:
            self._take(self._next_open(kept, 1))

    def _show_done(self, step: Step | DealerCall) -> None:
        """The felt after a step (the bet in hand's, or the marker)."""
        if isinstance(step, DealerCall):
            return  # the deal's panel draws the cards
        self.felt.show_step(step, self.current if step.action is not Action.MARK else None)

    def _round_over(self) -> None:
        assert self.round is not None
        self.felt.show_settled(self.round)  # craps: the puck ON on the point, or OFF
        summary = self.round.summary()
        if self.exam is not None:
            self._exam_round_over(summary)
            return
        mistakes = len(summary.mistakes)
        seconds = summary.ms // 1000
        text = fill(
            QCoreApplication.translate(
                "table", "Round settled. Steps: %1 · mistakes: %2 · time: %3"
            ),
            str(summary.steps),
            str(mistakes),
            f"{seconds // 60}:{seconds % 60:02d}",
        )
        self._say(
            escape(text)
            + "<br>"
            + escape(QCoreApplication.translate("table", "Next round: N or Enter.")),
            "settled",
        )
        self._take(None)
        self._count(summary)
        self.roundFinished.emit(summary)

    # ---------------------------------------------------------------- exam --
    def _ask_exam(self) -> None:
        setup = ExamSetup(self)
        if setup.exec():
            self.start_exam(setup.rounds(), setup.pass_mark())

    def start_exam(self, rounds: int, pass_mark: Fraction) -> None:
        """Sit an exam of ``rounds`` rounds (the round in play ends as it stands)."""
        if self.round is not None and not self.round.finished:
            try:
                summary = self.round.give_up()
            except StorageError as exc:
                self._storage_problem(exc)
                return
            self._count(summary)
            self.roundFinished.emit(summary)
        self.exam = TableExam(
            self.ruleset,
            self.difficulty,
            (self.seed + self.dealt) % 2**63,
            rounds=rounds,
            pass_mark=pass_mark,
            recorder=self.recorder,
            clock=self.clock,
        )
        self.rounds_played = 0
        self.exam_button.setEnabled(False)
        self.mode_label.setText(_tr(EXAM_MODE))
        self.next_round()

    def _exam_round_over(self, summary: RoundSummary) -> None:
        exam = self.exam
        assert exam is not None
        last = len(exam.played) == exam.rounds
        text = fill(
            QCoreApplication.translate("table", "Round %1 of %2 is over."),
            str(len(exam.played)),
            str(exam.rounds),
        )
        then = (
            QCoreApplication.translate("table", "The results: N or Enter.")
            if last
            else QCoreApplication.translate("table", "Next round: N or Enter.")
        )
        self._say(escape(text) + "<br>" + escape(then), "settled")
        self._take(None)
        self._count(summary)
        self.roundFinished.emit(summary)

    def _exam_over(self) -> None:
        """The exam's rounds are all played: its results, each round's replay; practice again."""
        exam = self.exam
        assert exam is not None
        if self.exam_only:  # an assigned exam's rounds: its sitting shows both parts' results
            self.examFinished.emit(exam.result())
            self.close()
            return
        self.exam = None
        self.rounds_played = 0
        self.exam_button.setEnabled(True)
        self.mode_label.setText(_tr(TIMED_MODE if self.timed else MODE))
        result = exam.result()
        if self.results is not None:
            self.results.close()
        self.results = ExamResults(exam, self)
        self.results.show()
        self.examFinished.emit(result)
        self.next_round()

    # --------------------------------------------------------------- timed --
    def set_timed(self, timed: bool) -> None:
        """Timed or practice: the clock and the pace are shown (and ticking) or hidden."""
        self.timed = timed
        QSettings().setValue(TIMED_KEY, "true" if timed else "false")
        if self.timed_button.isChecked() != timed:
            self.timed_button.setChecked(timed)
        self.clock_label.setVisible(timed)
        self.pace_label.setVisible(timed)
        if self.exam is None:
            self.mode_label.setText(_tr(TIMED_MODE if timed else MODE))
        if timed:
            self.ticker.start()
        else:
            self.ticker.stop()
        self._show_clock()
        self._show_pace()

    def _count(self, summary: RoundSummary) -> None:
        """A round played (settled or given up) goes into the table's pace."""
        self.pace = self.pace.add(summary)
        self._last_ms = summary.ms
        self._show_clock()
        self._show_pace()

    def round_ms(self) -> int:
        """The round's time: so far, or the whole of it once it is over."""
        round_ = self.round
        if round_ is None:
            return 0
        if round_.finished:
            return self._last_ms
        return self.clock() - round_.started_ms

    def _show_clock(self) -> None:
        if not self.timed:
            return
        self.clock_label.setText(clock_text(self.round_ms()))
        self.clock_label.setToolTip(QCoreApplication.translate("table", "The round's time"))

    def _show_pace(self) -> None:
        shown = self.pace.shown
        against = self.pace.against(self.target)
        goal = str(self.target)
        if shown is None or against is None:
            text = fill(_tr(TARGET_TEXTS[self.game]), goal)
            name = "on"
        else:
            text = (
                fill(_tr(PACE_TEXTS[self.game]), str(shown))
                + " · "
                + fill(_tr(AGAINST_TEXTS[against]), goal)
            )
            name = AGAINST_NAMES[against]
        self.pace_label.setText(text)
        self.pace_label.setProperty("against", name)
        self.pace_label.style().unpolish(self.pace_label)  # the property's rule applies again
        self.pace_label.style().polish(self.pace_label)
        explained = QCoreApplication.translate(
            "table",
            "The table's pace: rounds settled an hour over the rounds' own times; "
            "the target is the house's (a ruleset setting), not the regulation's.",
        )
        if self.pace.given_up:  # moved on before the round was settled: not a round settled
            explained += "\n" + (
                QCoreApplication.translate("table", "1 round given up")
                if self.pace.given_up == 1
                else fill(
                    QCoreApplication.translate("table", "%1 rounds given up"),
                    str(self.pace.given_up),
                )
            )
        self.pace_label.setToolTip(explained)

    def _say(self, html_text: str, kind: str) -> None:
        self.message.setObjectName(kind)
        self.message.setStyleSheet("")  # the object name's rule applies again
        self.message.setText(html_text)
        self.message.show()

    def _storage_problem(self, exc: StorageError) -> None:
        self.problem = problem_text(exc)
        self._say(
            escape(
                fill(
                    QCoreApplication.translate(
                        "table", "This step was not recorded, so it does not count: %1"
                    ),
                    problem_text(exc),
                )
            ),
            "refusal",
        )

    def _enable(self) -> None:
        finished = self.round is None or self.round.finished
        for key, button in self.buttons.items():
            button.setEnabled(key == "next" or not finished)
        # The float's chips make a payout: closed while the deal or a ruling waits.
        self.float.setEnabled(not finished and not self._dealing() and self.irregular.isHidden())

    # ---------------------------------------------------------------- keys --
    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.stud is not None and self.stud.key(event):
            event.accept()  # a key of Caribbean Stud's deal
            return
        if self.irregular.handle_key(event):  # an irregularity to rule: its choices' keys
            return
        key = Qt.Key(event.key())
        text = event.text()
        finished = self.round is None or self.round.finished
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            if finished:
                self.do("next")
            else:
                self.do(
                    "progressive" if self.current and self.current.target.progressive else "pay"
                )
        elif key == Qt.Key.Key_Backspace:
            self.float.backspace()
        elif key == Qt.Key.Key_Escape:
            self.float.clear()
        elif text and (text.isdigit() or text in ".,"):
            self.float.type_text(text)
        elif key == Qt.Key.Key_C:
            self.do("collect")
        elif key == Qt.Key.Key_R:
            self.do("return")
        elif key == Qt.Key.Key_M:
            self.do("mark" if self.game == Game.ROULETTE else "move")
        elif key == Qt.Key.Key_P:
            self.do("progressive")
        elif key == Qt.Key.Key_S:
            self.do("settled")
        elif key == Qt.Key.Key_N:
            self.do("next")
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusNextPrevChild(self, next: bool) -> bool:
        """Tab and Shift+Tab go from bet to bet, not from button to button."""
        if self.round is not None and not self.round.finished:
            self._take(self._next_open(self.current, 1 if next else -1))
            return True
        return super().focusNextPrevChild(next)

    # ---------------------------------------------------------- language --
    def _retitle(self) -> None:
        game = QCoreApplication.translate("games", GAME_NAMES[self.game][0])
        self.title_label.setText(game)
        if self.exam is not None:
            self.round_label.setText(
                fill(
                    QCoreApplication.translate("table", "Round %1 of %2"),
                    str(self.rounds_played),
                    str(self.exam.rounds),
                )
            )
        else:
            self.round_label.setText(
                fill(QCoreApplication.translate("table", "Round %1"), str(self.rounds_played))
            )
        round_ = self.round
        if round_ is None:
            return
        request = round_.situation.request
        waiting = pending_outcome(round_)
        if waiting is not None:  # the ball still moving, the dice not read yet
            self.outcome.setText(waiting)
        elif self.game == Game.ROULETTE:
            self.outcome.setText(
                fill(
                    QCoreApplication.translate("table", "The ball is in %1."),
                    str(request["outcome"]["number"]),
                )
            )
        elif self.game == Game.CRAPS:  # the throw, and where the shooter's hand stands
            self.outcome.setText(throw_html(round_))
        elif self.game == Game.SIC_BO:
            dice = sorted(int(d) for d in request["outcome"]["dice"])
            self.outcome.setText(
                fill(
                    QCoreApplication.translate("table", "The dice: %1, %2 and %3, a total of %4."),
                    str(dice[0]),
                    str(dice[1]),
                    str(dice[2]),
                    str(sum(dice)),
                )
            )
        elif isinstance(round_, StudRound):  # dealt from the first card: as the felt shows
            self.outcome.setText(outcome_html(round_))
        else:
            cards = {"dealer": list(request["dealer"])}
            for box in request["boxes"]:
                cards[f"box-{int(box['box'])}"] = list(box["cards"])
            self.outcome.setText(hands_html(cards))

    def retranslate(self) -> None:
        self.mode_label.setText(
            _tr(EXAM_MODE if self.exam is not None else TIMED_MODE if self.timed else MODE)
        )
        self.exam_button.setText(QCoreApplication.translate("table", "Exam…"))
        self.exam_button.setToolTip(
            QCoreApplication.translate(
                "table",
                "Sit an exam of rounds: no verdict while you deal, the score and each "
                "round's replay at the end",
            )
        )
        self.timed_button.setText(QCoreApplication.translate("table", "Timed"))
        self.timed_button.setToolTip(
            QCoreApplication.translate(
                "table", "Show the round's time and the table's pace against the house's target"
            )
        )
        self.end_button.setText(QCoreApplication.translate("table", "End"))
        self.steps_label.setText(QCoreApplication.translate("table", "Steps"))
        texts = {
            "collect": QCoreApplication.translate("table", "Collect (C)"),
            "pay": QCoreApplication.translate("table", "Pay ↵"),
            "return": QCoreApplication.translate("table", "Return (R)"),
            "move": QCoreApplication.translate("table", "Move to the point (M)"),
            "mark": QCoreApplication.translate("table", "Place the marker (M)"),
            "progressive": QCoreApplication.translate("table", "Progressive award (P)"),
            "settled": QCoreApplication.translate("table", "Round settled (S)"),
            "next": QCoreApplication.translate("table", "Next round (N)"),
        }
        for key, button in self.buttons.items():
            button.setText(texts[key])
        self._keys_text = QCoreApplication.translate(
            "table",
            "Tab: next bet · click chips or type the amount, Backspace takes back · "
            "Enter or a click on the bet places the payout beside it",
        )
        self.keys_hint.setText(
            self._keys_text if self.irregular.isHidden() else self.irregular.keys_text()
        )
        self.float.retranslate()
        if self.stud is not None:
            self.stud.retranslate()
        self.irregular.retranslate()
        self.remaining.retranslate()
        self._show_remaining()
        self._show_pace()
        self._retitle()
        self._show_in_hand()
        self.setWindowTitle(QCoreApplication.translate("table", "Live table"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.ticker.stop()
        if self.round is not None and not self.round.finished:
            try:
                self.round.give_up()
            except StorageError as exc:
                self._storage_problem(exc)
        if self._on_finish is not None:
            finish, self._on_finish = self._on_finish, None
            try:
                finish()
            except StorageError as exc:
                self._storage_problem(exc)
        self.closed.emit()
        super().closeEvent(event)
