"""A round's replay, step by step on the felt: what the trainee did, and the verdict of each.

The trainee sees it after an exam (each round of the exam), an instructor from a
trainee's drill-down (any stored round).  Both come from the same place: the
round played again by the round engine from what was stored (its situation, its
mode, each attempt: ``drills.table.replay``), so the verdict, the reason and the
article (or "table procedure") of every step are the rules core's.

The felt shows the table as it stood after the chosen step: the bets as dealt,
the marker, the payouts set down, the chips collected.  Back and forward go one
step (the buttons, ←/→, Enter or Space for the next), Home and End to the table
as dealt and to the last step; a click on a step in the list goes to it.  The
steps missed (not done when the round ended) close the list.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.table import TableRound, steps_in_order
from dealer_trainer.drills.table.replay import Frame, Replay
from dealer_trainer.drills.table.round import TableMode
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.irregular import Irregularity
from dealer_trainer.rules.procedure import Step, Target, Verdict
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.drills.screen import SituationView, drill_window_size
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.geometry import restore_size
from dealer_trainer.ui.kit.rendering import DRILL_STYLE, escape, render
from dealer_trainer.ui.table.bets import (
    TableBet,
    accepted_readings,
    article_line,
    missed_citation,
    step_text,
)
from dealer_trainer.ui.table.felt import TableFelt
from dealer_trainer.ui.table.irregular import (
    FeltEvent,
    attempt_reason,
    attempt_text,
    event_title,
    irregularity_of,
    right_citation,
)

REPLAY_STYLE = f"""
#replayNow {{ font-size: 15px; background: {palette.PANEL}; border: 1px solid {palette.EDGE};
             border-radius: 6px; padding: 6px; }}
#replayNow[verdict="wrong"] {{ background: {palette.WRONG_TINT};
                               border: 2px solid {palette.WRONG}; }}
#replayNow[verdict="right"] {{ background: {palette.OK_TINT}; border: 2px solid {palette.OK}; }}
#replaySteps {{ font-size: 14px; background: {palette.PANEL}; }}
"""


def ruled_at(round_: TableRound, frame: Frame) -> Irregularity | None:
    """The irregularity the frame's attempt ruled (None: a settlement step or a call)."""
    if frame.attempt.ruling is None:
        return None
    return irregularity_of(round_, frame.attempt)


class ReplayView(QWidget):
    """One round's replay: the felt, the steps with their verdicts, back and forward."""

    frameShown = Signal(int)  # the step shown (-1: the table as dealt)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setStyleSheet(REPLAY_STYLE)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.replay: Replay | None = None
        self.position = -1
        self.stage = FeltStage(self)
        self.view = SituationView()
        self.view.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.view.setMinimumSize(320, 200)
        self.felt: TableFelt | None = None
        self.felt_event: FeltEvent | None = None  # an irregularity drawn at its ruling step
        self.names: dict[Target, TableBet] = {}
        self.now = QLabel()
        self.now.setObjectName("replayNow")
        self.now.setWordWrap(True)
        self.now.setTextFormat(Qt.TextFormat.RichText)
        self.steps = QListWidget()
        self.steps.setObjectName("replaySteps")
        self.steps.setWordWrap(True)
        self.steps.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.steps.itemClicked.connect(self._clicked)
        self.counter = QLabel()
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setObjectName("muted")
        self.note.hide()
        self.first_button = QPushButton()
        self.first_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MediaSkipBackward)
        )
        self.back_button = QPushButton()
        self.forward_button = QPushButton()
        self.last_button = QPushButton()
        self.last_button.setIcon(
            self.style().standardIcon(QStyle.StandardPixmap.SP_MediaSkipForward)
        )
        for button, move in (
            (self.first_button, self.first),
            (self.back_button, self.back),
            (self.forward_button, self.forward),
            (self.last_button, self.last),
        ):
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(move)
        self.forward_button.setObjectName("primary")
        controls = QHBoxLayout()
        controls.addWidget(self.first_button)
        controls.addWidget(self.back_button)
        controls.addWidget(self.counter, 1, Qt.AlignmentFlag.AlignCenter)
        controls.addWidget(self.forward_button)
        controls.addWidget(self.last_button)
        side = QWidget()
        side.setMinimumWidth(300)
        side.setMaximumWidth(440)
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.now)
        side_layout.addWidget(self.note)
        side_layout.addWidget(self.steps, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 1)
        splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter, 1)
        layout.addLayout(controls)
        self.retranslate()

    # ---------------------------------------------------------------- replay --
    @property
    def frames(self) -> tuple[Frame, ...]:
        return () if self.replay is None else self.replay.frames

    def show_replay(self, replay: Replay) -> None:
        """Show a round's replay from the table as dealt."""
        self.replay = replay
        round_ = replay.round
        self.felt = TableFelt(self.stage, self.view, round_.ruleset, round_.difficulty)
        if self.felt_event is not None:
            self.felt_event.clear()
        self.felt_event = FeltEvent(self.felt, self.view)
        self.names = {bet.target: bet for bet in self.felt.show_round(round_)}
        self.steps.clear()
        for frame in replay.frames:
            self.steps.addItem(self._item(frame))
        for step in round_.summary().missed:
            item = QListWidgetItem(
                "✗ "
                + fill(
                    QCoreApplication.translate("TableReplay", "Missed: %1"),
                    step_text(step, self.names),
                )
                + "\n    "
                + article_line(missed_citation(round_, step), round_.game)
            )
            item.setForeground(QColor(palette.WRONG))
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.steps.addItem(item)
        if replay.agrees:
            self.note.hide()
        else:
            self.note.setText(
                QCoreApplication.translate(
                    "TableReplay",
                    "The rules of this version judge some steps otherwise than when they were "
                    "recorded: the verdicts shown are this version's.",
                )
            )
            self.note.show()
        self.show_frame(-1)

    def _item(self, frame: Frame) -> QListWidgetItem:
        assert self.replay is not None
        attempt = frame.attempt
        game = self.replay.round.game
        shown = attempt_text(attempt, self.replay.round, self.names)
        number = attempt.index + 1
        if attempt.accepted:
            cited = right_citation(attempt, self.replay.round)
            line = article_line(cited, game, accepted_readings(self.replay.round, attempt))
            text = f"✓ {number}. {shown}\n    {line}"
            colour = palette.OK
        else:
            reason = attempt_reason(attempt.verdict, attempt, self.replay.round, self.names)
            cited_wrong = article_line(attempt.verdict.citation, game)
            text = f"✗ {number}. {shown}\n    {reason}\n    {cited_wrong}"
            colour = palette.WRONG
        item = QListWidgetItem(text)
        item.setForeground(QColor(colour))
        return item

    def show_frame(self, position: int) -> None:
        """The table after step ``position`` (-1: as dealt), that step's verdict beside it."""
        replay, felt = self.replay, self.felt
        if replay is None or felt is None:
            return
        position = max(-1, min(position, len(replay.frames) - 1))
        self.position = position
        felt.show_round(replay.round)
        for frame in replay.frames[: position + 1]:
            step = frame.attempt.step
            if step is not None and (
                frame.attempt.taken or replay.round.mode is TableMode.EXAM
            ):  # exam: the felt shows what the dealer did, right or not
                felt.show_step(step)
        current = replay.frames[position] if position >= 0 else None
        self._show_event(current)
        spot = None
        if current is not None and isinstance(current.attempt.step, Step):
            bet = self.names.get(current.attempt.step.target)
            spot = bet.spot_id if bet is not None else None
        self.view.focus_spot(spot)
        self._describe(current)
        if position >= 0:
            self.steps.setCurrentRow(position)
            self.steps.scrollToItem(self.steps.item(position))
        else:
            self.steps.clearSelection()
            self.steps.setCurrentRow(-1)
        total = len(replay.frames)
        self.counter.setText(
            fill(
                QCoreApplication.translate("TableReplay", "Step %1 of %2"),
                str(position + 1),
                str(total),
            )
            if position >= 0
            else fill(
                QCoreApplication.translate("TableReplay", "The table as dealt · steps: %1"),
                str(total),
            )
        )
        self.first_button.setEnabled(position > -1)
        self.back_button.setEnabled(position > -1)
        self.forward_button.setEnabled(position < total - 1)
        self.last_button.setEnabled(position < total - 1)
        self.frameShown.emit(position)

    def _show_event(self, frame: Frame | None) -> None:
        """At an irregularity's ruling step, the event on the felt as the live table drew it
        (Caribbean Stud's hands as they stood then); at every other step, none."""
        assert self.replay is not None and self.felt_event is not None
        self.felt_event.clear()
        ruled = None if frame is None else ruled_at(self.replay.round, frame)
        if frame is None or ruled is None:
            return
        round_ = self.replay.round
        if isinstance(round_, StudRound) and frame.attempt.index in round_.answered:
            scene = self.view.felt_scene()
            scene.clear_cards()
            for owner, codes in round_.cards_at(round_.answered[frame.attempt.index]).items():
                scene.deal(owner, list(codes))
        taken = {target for step in frame.done for target in step.targets}
        to_do = [step for step in steps_in_order(round_.plan) if step.target not in taken]
        self.felt_event.show_for(round_, ruled, to_do)

    def _describe(self, frame: Frame | None) -> None:
        assert self.replay is not None
        if frame is None:
            self.now.setText(
                escape(
                    QCoreApplication.translate(
                        "TableReplay", "The table as dealt. Forward: → or Enter."
                    )
                )
            )
            verdict = "none"
        else:
            attempt = frame.attempt
            game = self.replay.round.game
            shown = escape(attempt_text(attempt, self.replay.round, self.names))
            if attempt.accepted:
                cited = right_citation(attempt, self.replay.round)
                line = article_line(cited, game, accepted_readings(self.replay.round, attempt))
                text = f"✓ {shown}<br><i>{escape(line)}</i>".replace("\n", "<br>")
                verdict = "right"
            else:
                text = f"✗ {shown}"
                for wrong in self._verdicts(frame):
                    reason = attempt_reason(wrong, attempt, self.replay.round, self.names)
                    basis = escape(article_line(wrong.citation, game))
                    text += f"<br>{escape(reason)}<br><i>{basis}</i>"
                verdict = "wrong"
            ruled = ruled_at(self.replay.round, frame)
            if ruled is not None:  # the event, the ruling given (above) and the right one
                text = f"<b>{escape(event_title(ruled))}</b><br>{text}"
                if not attempt.accepted:
                    right = QCoreApplication.translate("TableReplay", "The right ruling: %1")
                    text += "<br>" + escape(fill(right, render(ruled.right.label)))
            self.now.setText(text)
        self.now.setProperty("verdict", verdict)
        self.now.style().unpolish(self.now)
        self.now.style().polish(self.now)

    @staticmethod
    def _verdicts(frame: Frame) -> list[Verdict]:
        """What was wrong with the attempt: the judge's verdict, and an order broken too."""
        attempt = frame.attempt
        return [attempt.verdict] + ([attempt.also] if attempt.also is not None else [])

    def _clicked(self, item: QListWidgetItem) -> None:
        row = self.steps.row(item)
        if row < len(self.frames):
            self.show_frame(row)

    def first(self) -> None:
        self.show_frame(-1)

    def back(self) -> None:
        self.show_frame(self.position - 1)

    def forward(self) -> None:
        self.show_frame(self.position + 1)

    def last(self) -> None:
        self.show_frame(len(self.frames) - 1)

    # ------------------------------------------------------------------ keys --
    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = Qt.Key(event.key())
        if key in (Qt.Key.Key_Right, Qt.Key.Key_Down, Qt.Key.Key_Return, Qt.Key.Key_Enter,
                   Qt.Key.Key_Space):  # fmt: skip
            self.forward()
        elif key in (Qt.Key.Key_Left, Qt.Key.Key_Up, Qt.Key.Key_Backspace):
            self.back()
        elif key == Qt.Key.Key_Home:
            self.first()
        elif key == Qt.Key.Key_End:
            self.last()
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -------------------------------------------------------------- language --
    def retranslate(self) -> None:
        self.back_button.setText(QCoreApplication.translate("TableReplay", "◀ Back"))
        self.forward_button.setText(QCoreApplication.translate("TableReplay", "Forward ▶"))
        self.first_button.setToolTip(
            QCoreApplication.translate("TableReplay", "The table as dealt (Home)")
        )
        self.last_button.setToolTip(
            QCoreApplication.translate("TableReplay", "The last step (End)")
        )
        self.back_button.setToolTip(QCoreApplication.translate("TableReplay", "One step back (←)"))
        self.forward_button.setToolTip(
            QCoreApplication.translate("TableReplay", "One step forward (→ or Enter)")
        )
        if self.replay is not None:
            position = self.position
            self.show_replay(self.replay)
            self.show_frame(position)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class ReplayWindow(QWidget):
    """A round's replay in a window of its own (the instructor's drill-down opens one)."""

    def __init__(self, replay: Replay, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.setStyleSheet(DRILL_STYLE)
        self.heading = QLabel(title)
        self.heading.setObjectName("skillTitle")
        self.heading.setWordWrap(True)
        self.replay_view = ReplayView(self)
        self.close_button = QPushButton()
        self.close_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.close_button.clicked.connect(self.close)
        bar = QHBoxLayout()
        bar.addWidget(self.heading, 1)
        bar.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 6, 8, 6)
        layout.addLayout(bar)
        layout.addWidget(self.replay_view, 1)
        self.replay_view.show_replay(replay)
        self.replay_view.setFocus()
        self.retranslate()
        restore_size(self, "table-replay", drill_window_size(self))

    def retranslate(self) -> None:
        self.close_button.setText(QCoreApplication.translate("TableReplay", "Close"))
        self.setWindowTitle(QCoreApplication.translate("TableReplay", "Replay of a round"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
