"""Answer entry fit for each question: keypad, chips, bets in order, multiple choice.

Every widget emits ``answered(Answer)`` and is worked from the keyboard:

- :class:`AmountPad`: digits (typed or clicked), 00, the decimal point,
  backspace, clear; Enter answers.  :meth:`AmountPad.amount_answer` parses.
- :class:`ChipBuilder`: a button per denomination the item offers (keys 1-9),
  the count of each, the total, undo (Backspace); Enter pays.
- :class:`OrderPicker`: the bets in a list (arrows and Enter, or clicks on the
  felt through :meth:`OrderPicker.pick_spot`); the sequence so far; undo.
- :class:`ChoicePicker`: radio buttons; keys 1-4 choose, Enter answers.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QEvent, QRegularExpression, QSize, Qt, Signal
from PySide6.QtGui import (
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QShortcut,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills import Answer, DrillItem
from dealer_trainer.drills.chips import chip_count, chips_total
from dealer_trainer.layouts.chips import look
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.drills.situation import StagedBet
from dealer_trainer.ui.felt.painting import chip_icon
from dealer_trainer.ui.kit.digits import WideDigitsValidator, accept_wide_digits, ascii_digits
from dealer_trainer.ui.kit.rendering import (
    escape,
    format_money,
    language_code,
    parse_amount_text,
    render,
    separators,
)


class _OptionText(QLabel):
    """An option's text, wrapped; a click on it chooses its radio button."""

    def __init__(self, text: str, button: QRadioButton) -> None:
        super().__init__(text)
        self._button = button

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._button.click()
        event.accept()


class AnswerWidget(QWidget):
    """Base of the answer widgets: ``answered(Answer)``."""

    answered = Signal(object)

    def prepare(self, item: DrillItem) -> None:
        """Clear for a new item."""

    def focus_entry(self) -> None:
        self.setFocus(Qt.FocusReason.OtherFocusReason)

    def retranslate(self) -> None:
        """Set every text again in the language now installed."""

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class AmountPad(AnswerWidget):
    """A keypad and a line to type an amount in."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.display = QLineEdit()
        self.display.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.display.setObjectName("amountDisplay")
        self.display.returnPressed.connect(self.enter)
        accept_wide_digits(self.display)  # １２３ from a Chinese input method are digits
        # The empty display shows its prompt in body type: in the amount's large type
        # "Escreva ou toque no montante" is cut off at a laptop's panel width.
        self.display.textChanged.connect(self._mark_empty)
        self._mark_empty(self.display.text())
        self.error = QLabel()
        self.error.setObjectName("answerError")
        self.error.setWordWrap(True)
        self.error.hide()  # shown with its words only: no gap under the amount
        grid = QGridLayout()
        grid.setSpacing(6)
        self.keys: dict[str, QPushButton] = {}
        rows = [["7", "8", "9"], ["4", "5", "6"], ["1", "2", "3"], ["0", "00", "point"]]
        for r, row in enumerate(rows):
            for c, key in enumerate(row):
                button = self._key(key, key)
                button.clicked.connect(lambda _=False, k=key: self.press(k))
                grid.addWidget(button, r, c)
        back = self._key("back", "⌫")
        back.clicked.connect(self.backspace)
        clear = self._key("clear", "")
        clear.clicked.connect(self.clear)
        grid.addWidget(back, 0, 3, 2, 1)  # a numeric pad's tall keys beside the digits
        grid.addWidget(clear, 2, 3, 2, 1)
        for tall in (back, clear):
            tall.setSizePolicy(QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Preferred)
        enter = self._key("enter", "")
        enter.setObjectName("primary")
        enter.clicked.connect(self.enter)
        # The amount and its Pay key in one row, first: on a 768-pixel screen a long
        # question and its hands push the keypad under the fold, never the answer itself.
        pay_row = QHBoxLayout()
        pay_row.setSpacing(6)
        pay_row.addWidget(self.display, 1)
        pay_row.addWidget(enter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(pay_row)
        layout.addWidget(self.error)
        layout.addLayout(grid)
        layout.addStretch(1)
        QShortcut(
            QKeySequence(Qt.Key.Key_Escape),
            self,
            self.clear,
            context=Qt.ShortcutContext.WidgetWithChildrenShortcut,
        )
        self.retranslate()

    def retranslate(self) -> None:
        group, point = separators(language_code())
        allowed = QRegularExpression(
            "[0-9" + QRegularExpression.escape(group + point) + " ,.]{0,16}"
        )
        self.display.setValidator(WideDigitsValidator(allowed, self.display))
        self.display.setAccessibleName(self.tr("Amount to pay"))
        self.display.setPlaceholderText(self.tr("Type or tap the amount"))
        self.keys["point"].setText(point)
        self.keys["back"].setToolTip(self.tr("Delete the last digit (Backspace)"))
        self.keys["back"].setAccessibleName(self.tr("Delete the last digit"))
        self.keys["clear"].setText(self.tr("C"))
        self.keys["clear"].setToolTip(self.tr("Clear the amount (Esc)"))
        self.keys["clear"].setAccessibleName(self.tr("Clear the amount"))
        self.keys["enter"].setText(self.tr("Pay ↵"))
        self.keys["enter"].setToolTip(self.tr("Give this amount (Enter)"))

    def _mark_empty(self, text: str) -> None:
        empty = not text
        if self.display.property("empty") != empty:
            self.display.setProperty("empty", empty)
            self.display.style().unpolish(self.display)
            self.display.style().polish(self.display)

    def _key(self, key: str, text: str) -> QPushButton:
        button = QPushButton(text)
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # typing goes to the line
        button.setMinimumHeight(40)
        button.setObjectName("padKey")
        self.keys[key] = button
        return button

    def prepare(self, item: DrillItem) -> None:
        self.clear()

    def focus_entry(self) -> None:
        self.display.setFocus(Qt.FocusReason.OtherFocusReason)

    def press(self, key: str) -> None:
        """A keypad key: a digit, ``00``, or ``point`` (the reader's decimal point)."""
        self.display.insert(separators(language_code())[1] if key == "point" else key)
        self._say("")
        self.display.setFocus(Qt.FocusReason.OtherFocusReason)

    def backspace(self) -> None:
        self.display.backspace()

    def clear(self) -> None:
        self.display.clear()
        self._say("")

    def amount_answer(self) -> Answer:
        """The typed amount as an answer; ``ValueError`` says what is wrong with it."""
        return parse_amount_text(ascii_digits(self.display.text()))

    def enter(self) -> None:
        try:
            answer = self.amount_answer()
        except ValueError:
            self._say(fill(self.tr("Type an amount such as %1."), format_money(Decimal("1275"))))
            return
        self.answered.emit(answer)

    def _say(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))


class ChipBuilder(AnswerWidget):
    """Build the payout from chips of the denominations the item offers."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.counts: dict[Decimal, int] = {}
        self._history: list[Decimal] = []
        self._buttons: dict[Decimal, QToolButton] = {}
        self._offered: tuple[Decimal, ...] = ()
        self.rack = QGridLayout()
        self.rack.setSpacing(4)
        self.total = QLabel()
        self.total.setObjectName("chipTotal")
        self.undo_button = QPushButton()
        self.undo_button.clicked.connect(self.undo)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self.clear)
        self.pay = QPushButton()
        self.pay.setObjectName("primary")
        self.pay.clicked.connect(self.enter)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.pay)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.keys_hint = QLabel()
        self.keys_hint.setObjectName("muted")
        layout.addLayout(self.rack)
        layout.addWidget(self.total)
        layout.addLayout(buttons)
        layout.addWidget(self.keys_hint)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.total.setAccessibleName(self.tr("Total of the chips"))
        self.undo_button.setText(self.tr("&Undo"))
        self.undo_button.setToolTip(self.tr("Take back the last chip (Backspace)"))
        self.clear_button.setText(self.tr("C&lear"))
        self.pay.setText(self.tr("Pay ↵"))
        self.keys_hint.setText(self.tr("Keys 1-9 add a chip; Backspace takes it back."))
        for i, value in enumerate(self._offered):
            chip = look(value)
            button = self._buttons[value]
            button.setAccessibleName(fill(self.tr("Add a chip of %1"), chip.text))
            button.setToolTip(fill(self.tr("Add a chip of %1 (key %2)"), chip.text, str(i + 1)))
        self._refresh()

    @property
    def denominations(self) -> tuple[Decimal, ...]:
        """The chips the current item offers, smallest first."""
        return self._offered

    def _button(self, value: Decimal) -> QToolButton:
        """The button of one chip of the tray, made the first time it is offered."""
        button = self._buttons.get(value)
        if button is None:
            chip = look(value)
            button = QToolButton()
            button.setIcon(chip_icon(chip, 40, self.devicePixelRatioF()))
            button.setIconSize(QSize(40, 40))
            button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, v=value: self.add(v))
            self._buttons[value] = button
        return button

    def prepare(self, item: DrillItem) -> None:
        # Buttons are kept and reused: making widgets for every item costs a frame.
        self._offered = tuple(sorted(item.expected.denominations))
        for button in self._buttons.values():
            self.rack.removeWidget(button)
            button.hide()
        for i, value in enumerate(self._offered):
            button = self._button(value)
            self.rack.addWidget(button, i // 5, i % 5)
            button.show()
        self.counts.clear()
        self._history.clear()
        self.retranslate()

    def add(self, value: Decimal) -> None:
        self.counts[value] = self.counts.get(value, 0) + 1
        self._history.append(value)
        self._refresh()

    def undo(self) -> None:
        if self._history:
            value = self._history.pop()
            self.counts[value] -= 1
            if not self.counts[value]:
                del self.counts[value]
            self._refresh()

    def clear(self) -> None:
        self.counts.clear()
        self._history.clear()
        self._refresh()

    def chips_total(self) -> Decimal:
        return chips_total(self.counts)

    def _refresh(self) -> None:
        for value in self._offered:
            button = self._buttons[value]
            count = self.counts.get(value, 0)
            button.setText(f"×{count}" if count else " ")
        chips = chip_count(self.counts)
        text = self.tr("%1 in one chip") if chips == 1 else self.tr("%1 in %2 chips")
        self.total.setText(fill(text, format_money(self.chips_total()), str(chips)))

    def enter(self) -> None:
        self.answered.emit(Answer(chips=dict(self.counts)))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        values = self._offered
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9 and key - Qt.Key.Key_1 < len(values):
            self.add(values[key - Qt.Key.Key_1])
        elif key == Qt.Key.Key_Backspace:
            self.undo()
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
        else:
            super().keyPressEvent(event)
            return
        event.accept()


class OrderPicker(AnswerWidget):
    """Pick the bets in the order they are settled: from the list or from the felt."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._bets: list[StagedBet] = []
        self.sequence: list[str] = []
        self.bet_list = QListWidget()
        self.bet_list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.bet_list.itemActivated.connect(self._activated)
        self.bet_list.itemClicked.connect(self._activated)
        self.chosen = QListWidget()
        self.chosen.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.undo_button = QPushButton()
        self.undo_button.clicked.connect(self.undo)
        self.clear_button = QPushButton()
        self.clear_button.clicked.connect(self.clear)
        self.done = QPushButton()
        self.done.setObjectName("primary")
        self.done.clicked.connect(self.enter)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.clear_button)
        buttons.addWidget(self.done)
        self.list_label = QLabel()
        self.order_label = QLabel()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list_label)
        layout.addWidget(self.bet_list, 3)
        layout.addWidget(self.order_label)
        layout.addWidget(self.chosen, 2)
        layout.addLayout(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        self.bet_list.setAccessibleName(self.tr("Bets on the table"))
        self.chosen.setAccessibleName(self.tr("Your order"))
        self.undo_button.setText(self.tr("&Undo"))
        self.clear_button.setText(self.tr("C&lear"))
        self.done.setText(self.tr("&Done"))
        self.list_label.setText(self.tr("Click the bets (here or on the felt) in order:"))
        self.order_label.setText(self.tr("Your order:"))
        labels = {b.bet_id: b.label for b in self._bets}
        for r in range(self.bet_list.count()):
            row = self.bet_list.item(r)
            row.setText(labels.get(str(row.data(Qt.ItemDataRole.UserRole)), row.text()))
        self._refresh()

    def set_bets(self, bets: list[StagedBet]) -> None:
        self._bets = list(bets)
        self.bet_list.clear()
        for bet in self._bets:
            row = QListWidgetItem(bet.label)
            row.setData(Qt.ItemDataRole.UserRole, bet.bet_id)
            self.bet_list.addItem(row)
        self.clear()

    def relabel(self, bets: list[StagedBet]) -> None:
        """The same bets named anew (the language changed): the order picked so far stays."""
        if [b.bet_id for b in bets] == [b.bet_id for b in self._bets]:
            self._bets = list(bets)
            self.retranslate()

    def focus_entry(self) -> None:
        self.bet_list.setFocus(Qt.FocusReason.OtherFocusReason)
        self._current_to_first()

    def _current_to_first(self) -> None:
        for r in range(self.bet_list.count()):
            if not self.bet_list.item(r).isHidden():
                self.bet_list.setCurrentRow(r)
                return

    def _refresh(self) -> None:
        # Rows picked are hidden, not deleted: a row may be the one whose signal is running.
        for r in range(self.bet_list.count()):
            row = self.bet_list.item(r)
            row.setHidden(row.data(Qt.ItemDataRole.UserRole) in self.sequence)
        self.chosen.clear()
        labels = {b.bet_id: b.label for b in self._bets}
        for i, bet_id in enumerate(self.sequence, 1):
            self.chosen.addItem(f"{i}. {labels.get(bet_id, bet_id)}")
        # Not every bet on the felt is settled (a craps bet the throw did not decide stays):
        # the trainee says when the order is complete, and the grader names what is missing.
        self.done.setEnabled(bool(self.sequence))

    def _activated(self, row: QListWidgetItem) -> None:
        self.pick(str(row.data(Qt.ItemDataRole.UserRole)))

    def pick(self, bet_id: str) -> None:
        if bet_id not in self.sequence and any(b.bet_id == bet_id for b in self._bets):
            self.sequence.append(bet_id)
            self._refresh()
            self._current_to_first()

    def pick_spot(self, spot_id: str) -> None:
        """A click on the felt: the first bet on that spot not yet picked."""
        for bet in self._bets:
            if bet.spot_id == spot_id and bet.bet_id not in self.sequence:
                self.pick(bet.bet_id)
                return

    def undo(self) -> None:
        if self.sequence:
            self.sequence.pop()
            self._refresh()

    def clear(self) -> None:
        self.sequence = []
        self._refresh()

    def enter(self) -> None:
        if self.sequence:
            self.answered.emit(Answer(order=tuple(self.sequence)))


class ChoicePicker(AnswerWidget):
    """One option of several: radio buttons, keys 1-4, Enter to answer."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.group = QButtonGroup(self)
        self.buttons: list[QRadioButton] = []
        self._ids: list[str] = []
        self._rows: list[tuple[QWidget, QRadioButton, _OptionText]] = []
        self.options = QVBoxLayout()
        self.answer = QPushButton()
        self.answer.setObjectName("primary")
        self._item: DrillItem | None = None
        self.answer.clicked.connect(self.enter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self.options)
        layout.addWidget(self.answer)
        layout.addStretch(1)
        self.retranslate()

    def retranslate(self) -> None:
        self.answer.setText(self.tr("Answer ↵"))
        self._option_texts()

    def _option_texts(self) -> None:
        """Each option of the item on show in its row: ``&1  text``, the button named too."""
        if self._item is not None:
            for i, option in enumerate(self._item.expected.options):
                text = render(option.label)
                self._rows[i][2].setText(f"&{i + 1}  {escape(text)}")
                self._rows[i][1].setAccessibleName(text)

    def _row(self, index: int) -> tuple[QWidget, QRadioButton, _OptionText]:
        """The ``index``-th option row, made the first time an item has that many options."""
        while len(self._rows) <= index:
            button = QRadioButton()
            button.setObjectName("choice")
            label = _OptionText("", button)
            label.setObjectName("choiceText")
            label.setWordWrap(True)
            label.setBuddy(button)
            label.setTextFormat(Qt.TextFormat.RichText)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 2, 0, 2)
            line.addWidget(button, 0, Qt.AlignmentFlag.AlignTop)
            line.addWidget(label, 1)
            self.group.addButton(button, len(self._rows))
            self.options.addWidget(row)
            self._rows.append((row, button, label))
        return self._rows[index]

    def prepare(self, item: DrillItem) -> None:
        self._item = item
        options = item.expected.options
        self.group.setExclusive(False)  # lets every radio button be cleared
        for row, button, _label in self._rows:
            button.setChecked(False)
            row.hide()
        self.group.setExclusive(True)
        self.buttons, self._ids = [], []
        for i, option in enumerate(options):
            row, button, _label = self._row(i)
            row.show()
            self.buttons.append(button)
            self._ids.append(option.id)
        self._option_texts()
        self.answer.setEnabled(True)

    def focus_entry(self) -> None:
        target = self.buttons[0] if self.buttons else self
        target.setFocus(Qt.FocusReason.OtherFocusReason)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.buttons):
            self.buttons[index].setChecked(True)
            self.buttons[index].setFocus(Qt.FocusReason.OtherFocusReason)

    def selected(self) -> str | None:
        index = self.group.checkedId()
        return self._ids[index] if 0 <= index < len(self._ids) else None

    def enter(self) -> None:
        choice = self.selected()
        if choice is not None:
            self.answered.emit(Answer(choice=choice))

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self.choose(key - Qt.Key.Key_1)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.enter()
        else:
            super().keyPressEvent(event)
            return
        event.accept()
