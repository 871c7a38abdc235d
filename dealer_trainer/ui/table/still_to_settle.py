"""The bets a round still waits for, listed beside the felt at every moment of the round.

Practice lists what the plan still wants done (the marker, then each bet still to settle,
in the order they lie on the felt), as a refusal's "still to settle" names them; an exam
gives no verdict while dealing, so it lists the bets the dealer has not dealt with yet
(a bet that needs nothing stays listed: to see that is the dealer's work).  Once nothing
is listed, the line says that S declares the round settled.  A click on a bet takes it in
hand, as a click on its chips does.

The list keeps one height, a few rows with its own scroll bar (fewer where the panel is
short of room): the step list under it does not move as bets are settled
(``ui.table.steady`` says why that matters).
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.rules.procedure import Target
from dealer_trainer.rules.text import fill

ROWS = 4  # rows shown at once where the panel has room; more scroll
FEWEST = 1  # rows kept where it has not (Caribbean Stud's showdown beside its hands)
ROW_SAMPLE = "ÁgŞ派彩"  # a row's tallest letters: accents, descenders, Chinese


class _Rows(QListWidget):
    """The list, as low as :data:`FEWEST` rows where the panel is short of room (its flat
    scroll bar, drawn by the table's style sheet, needs no more)."""

    fewest = 0

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(hint.width(), self.fewest) if self.fewest else hint

    def sizeHint(self) -> QSize:
        return QSize(super().sizeHint().width(), self.maximumHeight())


class StillToSettle(QWidget):
    """A heading with the count and the bets, one a row; ``chosen(Target)`` on a click."""

    chosen = Signal(object)  # Target

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("stillToSettle")
        # One line that keeps its height: a label that wrapped anew at each step would lay
        # the side panel out again, and the step list under it would be painted again.
        self.heading = QLabel()
        self.heading.setObjectName("stillHeading")
        self.heading.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.bets = _Rows()
        self.bets.setObjectName("stillBets")
        self.bets.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.bets.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.bets.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.bets.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.bets.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.bets.setUniformItemSizes(True)
        # ROWS rows where the panel has room, fewer where it has not (the step list under
        # it, which takes the rest, keeps its own least height).
        self.bets.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.bets.itemClicked.connect(self._clicked)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.heading)
        layout.addWidget(self.bets)
        self._rows: tuple[tuple[str, Target | None], ...] = ()
        self._exam = False
        self._over = False
        self._fit_rows()

    def _row(self) -> int:
        """One row's height at the list's font, Chinese (a taller fallback font) or not."""
        metrics = self.bets.fontMetrics()
        return max(metrics.lineSpacing(), metrics.boundingRect(ROW_SAMPLE).height()) + 4

    def _fit_rows(self) -> None:
        """Exactly :data:`ROWS` rows high, at the font the table's style sheet gives."""
        row = self._row()
        for index in range(self.bets.count()):
            self.bets.item(index).setSizeHint(QSize(0, row))
        frame = 2 * self.bets.frameWidth()
        if self.bets.maximumHeight() != ROWS * row + frame:
            self.bets.fewest = FEWEST * row + frame
            self.bets.setMinimumHeight(self.bets.fewest)
            self.bets.setMaximumHeight(ROWS * row + frame)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self._fit_rows()

    def show_bets(
        self, rows: Sequence[tuple[str, Target | None]], *, exam: bool, over: bool = False
    ) -> None:
        """The bets still to settle (``exam``: not dealt with yet), each its text and target
        (``None``: the marker), in order; ``over``: the round has ended."""
        shown = tuple(rows)
        if (shown, exam, over) == (self._rows, self._exam, self._over):
            return
        kept = iter(shown)
        if set(shown) <= set(self._rows) and all(row in kept for row in self._rows if row in shown):
            # Bets settled since (the usual step): their rows go, the others stay as drawn.
            for index in reversed(range(len(self._rows))):
                if self._rows[index] not in shown:
                    self.bets.takeItem(index)
        else:
            self.bets.clear()
            row = QSize(0, self._row())
            for text, target in shown:
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, target)
                item.setToolTip(text)
                item.setSizeHint(row)
                self.bets.addItem(item)
        heading = (len(shown), exam, over) != (len(self._rows), self._exam, self._over)
        self._rows, self._exam, self._over = shown, exam, over
        self.bets.setVisible(bool(shown))  # nothing left: the line says what to do
        if heading:
            self.retranslate()

    def show_hand(self, target: Target | None) -> None:
        """The bet in hand, selected in the list (none: nothing selected)."""
        for row in range(self.bets.count()):
            item = self.bets.item(row)
            if target is not None and item.data(Qt.ItemDataRole.UserRole) == target:
                if self.bets.currentItem() is not item or not item.isSelected():
                    self.bets.setCurrentItem(item)
                    self.bets.scrollToItem(item)
                return
        if self.bets.selectedItems():
            self.bets.clearSelection()

    def texts(self) -> list[str]:
        return [self.bets.item(row).text() for row in range(self.bets.count())]

    def _clicked(self, item: QListWidgetItem) -> None:
        target = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(target, Target):
            self.chosen.emit(target)

    def retranslate(self) -> None:
        count = len(self._rows)
        if self._over:
            text = QCoreApplication.translate("table", "The round is over.")
        elif count == 0:
            text = (
                QCoreApplication.translate(
                    "table", "Every bet is dealt with: S declares the round settled."
                )
                if self._exam
                else QCoreApplication.translate(
                    "table", "Nothing left to settle: S declares the round settled."
                )
            )
        else:
            text = fill(
                QCoreApplication.translate("table", "Not dealt with yet: %1")
                if self._exam
                else QCoreApplication.translate("table", "Still to settle: %1"),
                str(count),
            )
        if text != self.heading.text():
            self.heading.setText(text)
            self.heading.setToolTip(text)  # whole, where a narrow panel cuts it
