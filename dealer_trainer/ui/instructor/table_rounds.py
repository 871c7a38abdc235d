"""A trainee's rounds of the live table on the instructor's drill-down, each with its replay.

The newest rounds are read and played again on a worker thread (``Jobs``, with
:func:`load`) when the trainee is shown; the list says when, which game,
practice or exam, the score and the mistakes, and the lines above sum them up:
accuracy per step kind, time per round, the pace against the house's target for
each game and level, and the trainee's most common mistakes.  Replay (the
button, Enter, or a double-click) opens the chosen round's replay, step by step
on the felt (``ui.table.replay``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import tzinfo

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.exam import add_up, common_mistakes, score_round
from dealer_trainer.drills.table.pace import clock_text, pace_of, target
from dealer_trainer.drills.table.replay import Replay
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.desks import InstructorDesk
from dealer_trainer.storage.rounds import StoredTableRound
from dealer_trainer.storage.table_recorder import replay_stored, stored_mode
from dealer_trainer.ui.exams.panel import DIFFICULTY_NAMES
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.table.exam import KIND_NAMES, percent
from dealer_trainer.ui.table.replay import ReplayWindow

MODE_NAMES = {
    "practice": QT_TRANSLATE_NOOP("TableRounds", "Practice"),
    "exam": QT_TRANSLATE_NOOP("TableRounds", "Exam"),
}

#: The judge's mistake codes as the instructor reads them (never the code itself).
CODE_NAMES = {
    "wrong_amount": QT_TRANSLATE_NOOP("TableRounds", "wrong amount"),
    "out_of_turn": QT_TRANSLATE_NOOP("TableRounds", "out of turn"),
    "paid_before_collecting": QT_TRANSLATE_NOOP("TableRounds", "paid before collecting"),
    "paid_a_loser": QT_TRANSLATE_NOOP("TableRounds", "a loser paid"),
    "collected_a_winner": QT_TRANSLATE_NOOP("TableRounds", "a winner collected"),
    "collected_a_stake_that_stays": QT_TRANSLATE_NOOP("TableRounds", "a stake collected"),
    "wrong_action": QT_TRANSLATE_NOOP("TableRounds", "a wrong action"),
    "settled_twice": QT_TRANSLATE_NOOP("TableRounds", "settled twice"),
    "no_decision": QT_TRANSLATE_NOOP("TableRounds", "an undecided bet settled"),
    "no_step": QT_TRANSLATE_NOOP("TableRounds", "a step not needed"),
    "not_on_table": QT_TRANSLATE_NOOP("TableRounds", "a bet not on the table"),
    "wrong_number": QT_TRANSLATE_NOOP("TableRounds", "marker on the wrong number"),
    "wrong_point": QT_TRANSLATE_NOOP("TableRounds", "moved to the wrong point"),
    "not_one_player": QT_TRANSLATE_NOOP("TableRounds", "two players paid together"),
    "step_missing": QT_TRANSLATE_NOOP("TableRounds", "a step missed"),
}


def code_text(code: str, times: int) -> str:
    name = _tr(CODE_NAMES.get(code, QT_TRANSLATE_NOOP("TableRounds", "another mistake")))
    return name if times == 1 else f"{name} ×{times}"


def _tr(text: str) -> str:
    return QCoreApplication.translate("TableRounds", text)


#: The rounds the drill-down reads of a trainee: the newest (each is played again to show it).
NEWEST_ROUNDS = 200


def load(
    desk: InstructorDesk, trainee_id: int, rulesets: RulesetRegistry = SHIPPED
) -> list[tuple[StoredTableRound, Replay | None]]:
    """A trainee's newest rounds, oldest first, each played again for its replay (``None``:
    this version cannot) under its ruleset in ``rulesets``. Storage and the rules only: run
    it on a worker thread."""
    out: list[tuple[StoredTableRound, Replay | None]] = []
    for stored in desk.table_rounds(trainee_id, newest=NEWEST_ROUNDS):
        try:
            out.append((stored, replay_stored(stored, rulesets)))
        except (ValueError, KeyError, RulesError):
            out.append((stored, None))
    return out


class _Table(QTableWidget):
    """Enter on a row is Replay."""

    activated = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.activated.emit()
            event.accept()
            return
        super().keyPressEvent(event)


class TableRoundsView(QWidget):
    """The trainee's table rounds, newest first, and their replays."""

    replayOpened = Signal(object)  # ReplayWindow

    def __init__(self, zone: tzinfo, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._zone = zone
        self.rounds: list[StoredTableRound] = []
        self.replays: list[Replay | None] = []
        self.windows: list[ReplayWindow] = []
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setStyleSheet(f"font-size: 11pt; color: {palette.HEADING};")
        self.table = _Table(0, 7)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(6, QHeaderView.ResizeMode.Stretch)
        self.table.activated.connect(self.replay_current)
        self.table.cellDoubleClicked.connect(lambda _r, _c: self.replay_current())
        self.replay_button = QPushButton()
        self.replay_button.clicked.connect(self.replay_current)
        self.note = QLabel()
        self.note.setStyleSheet(f"color: {palette.ASIDE};")
        bar = QHBoxLayout()
        bar.addWidget(self.note, 1)
        bar.addWidget(self.replay_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.table, 1)
        layout.addLayout(bar)
        self.retranslate()

    def set_rounds(self, loaded: Sequence[tuple[StoredTableRound, Replay | None]]) -> None:
        """Show a trainee's rounds with their replays (:func:`load`), newest first."""
        self.rounds = [stored for stored, _ in reversed(loaded)]
        self.replays = [replay for _, replay in reversed(loaded)]
        self._fill()

    def _fill(self) -> None:
        self.table.setRowCount(len(self.rounds))
        for row, (stored, replay) in enumerate(zip(self.rounds, self.replays, strict=True)):
            record = stored.record
            score = score_round(replay.round) if replay is not None else None
            mistakes = "" if score is None else str(len(score.mistakes) + score.missed)
            cells = [
                record.started_at.astimezone(self._zone).strftime("%Y-%m-%d %H:%M"),
                QCoreApplication.translate("games", GAME_NAMES[record.game][0])
                if record.game in GAME_NAMES
                else record.game,
                _tr(MODE_NAMES[str(stored_mode(stored))]),
                "" if score is None else percent(score.total.share),
                mistakes,
                "" if stored.end is None else clock_text(stored.end.ms),
                "" if score is None else self._codes(score.codes),
            ]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, cell(text))
        if self.rounds:
            self.table.selectRow(0)
        unreadable = sum(r is None for r in self.replays)
        self.note.setText(
            fill(
                QCoreApplication.translate("TableRounds", "Rounds this version cannot replay: %1."),
                str(unreadable),
            )
            if unreadable
            else ""
        )
        self.replay_button.setEnabled(bool(self.rounds))
        self._summarise()

    @staticmethod
    def _codes(codes: Mapping[str, int]) -> str:
        return ", ".join(code_text(code, n) for code, n in sorted(codes.items()))

    def _summarise(self) -> None:
        played = [r for r in self.replays if r is not None and r.round.finished]
        if not played:
            self.summary.setText(
                QCoreApplication.translate("TableRounds", "No rounds at the live table yet.")
            )
            return
        scores = [score_round(r.round) for r in played]
        _, kinds = add_up(scores)
        accuracy = " · ".join(
            fill(
                QCoreApplication.translate("TableRounds", "%1: %2"),
                QCoreApplication.translate("TableExam", KIND_NAMES[kind]),
                percent(tally.share),
            )
            for kind, tally in kinds.items()
            if tally.out_of
        )
        ms = sum(r.round.summary().ms for r in played)
        common = ", ".join(code_text(code, n) for code, n in common_mistakes(scores, 3)) or "–"
        lines = [
            fill(
                QCoreApplication.translate(
                    "TableRounds", "Rounds: %1 · time per round %2 · most common mistakes: %3"
                ),
                str(len(played)),
                clock_text(ms // len(played)),
                common,
            ),
            accuracy,
        ]
        # The pace against the house's target, for each game and level the trainee dealt.
        groups: dict[tuple[Game, Difficulty], list[Replay]] = {}
        for replay in played:
            groups.setdefault((replay.round.game, replay.round.difficulty), []).append(replay)
        for (game, difficulty), group in sorted(groups.items()):
            pace = pace_of(r.round.summary() for r in group)
            goal = target(group[-1].round.ruleset, difficulty)
            lines.append(
                fill(
                    QCoreApplication.translate("TableRounds", "%1, %2: %3 an hour, the target %4"),
                    QCoreApplication.translate("games", GAME_NAMES[game][0]),
                    QCoreApplication.translate("ExamsPanel", DIFFICULTY_NAMES[difficulty]),
                    "–" if pace.shown is None else str(pace.shown),
                    str(goal),
                )
            )
        self.summary.setText("\n".join(lines))

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def replay_current(self) -> ReplayWindow | None:
        """Open the chosen round's replay in a window of its own."""
        row = self.current_row()
        if not 0 <= row < len(self.rounds):
            return None
        replay = self.replays[row]
        if replay is None:
            self.note.setText(
                QCoreApplication.translate("TableRounds", "This version cannot replay that round.")
            )
            return None
        texts = [item.text() if (item := self.table.item(row, c)) else "" for c in (1, 2, 0)]
        title = " · ".join(texts)
        window = ReplayWindow(replay, title, self)
        window.destroyed.connect(
            lambda _=None, w=window: self.windows.remove(w) if w in self.windows else None
        )
        self.windows.append(window)
        window.show()
        self.replayOpened.emit(window)
        return window

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [
                QCoreApplication.translate("TableRounds", "Dealt"),
                QCoreApplication.translate("TableRounds", "Game"),
                QCoreApplication.translate("TableRounds", "Mode"),
                QCoreApplication.translate("TableRounds", "Score"),
                QCoreApplication.translate("TableRounds", "Mistakes"),
                QCoreApplication.translate("TableRounds", "Time"),
                QCoreApplication.translate("TableRounds", "What went wrong"),
            ]
        )
        self.replay_button.setText(QCoreApplication.translate("TableRounds", "Replay ↵"))
        self.replay_button.setToolTip(
            QCoreApplication.translate("TableRounds", "The chosen round, step by step on the felt")
        )
        if self.rounds:
            self._fill()
