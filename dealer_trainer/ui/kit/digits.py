"""Full-width digits typed with a Chinese input method are digits.

A trainee typing with a Chinese input method in full-width mode sends ``１２３``
(U+FF11 …), the full-width comma ``，`` and full stop ``．``, or the ideographic
full stop ``。`` where a decimal point is meant.  :func:`ascii_digits` maps them
to ``0-9 , .``; :func:`accept_wide_digits` makes a line edit or a spin box
turn them into those as they are typed (key presses and input-method commits),
so the validators and the amount parser only ever see ASCII.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QInputMethodEvent, QKeyEvent, QRegularExpressionValidator, QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit

#: Full-width digits, comma and full stop, and the ideographic full stop (a decimal point
#: typed in Chinese mode), to their ASCII forms.
WIDE = {chr(0xFF10 + d): str(d) for d in range(10)} | {
    "\uff0c": ",",  # ，  FULLWIDTH COMMA
    "\uff0e": ".",  # ．  FULLWIDTH FULL STOP
    "\u3002": ".",  # 。  IDEOGRAPHIC FULL STOP
    "\u3000": " ",  # 　  IDEOGRAPHIC SPACE
}
_TABLE = str.maketrans(WIDE)


def ascii_digits(text: str) -> str:
    """``"１，２７５．５"`` → ``"1,275.5"``; every other character is left as it is."""
    return text.translate(_TABLE)


def amount_key(text: str) -> bool:
    """The text of a key typed into an amount: one digit (full-width too) or a separator."""
    narrow = ascii_digits(text)
    return len(narrow) == 1 and (narrow.isdigit() or narrow in ",.")


class _WideDigits(QObject):
    """Rewrites full-width digits in the key presses and input-method commits of a field."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            text = event.text()
            narrow = ascii_digits(text)
            if text and narrow != text:
                replacement = QKeyEvent(
                    QEvent.Type.KeyPress,
                    event.key(),
                    event.modifiers(),
                    narrow,
                    event.isAutoRepeat(),
                    event.count(),
                )
                QApplication.sendEvent(watched, replacement)
                return True
        elif kind == QEvent.Type.InputMethod and isinstance(event, QInputMethodEvent):
            commit = event.commitString()
            narrow = ascii_digits(commit)
            if commit and narrow != commit:
                event.setCommitString(narrow, event.replacementStart(), event.replacementLength())
        return False


def accept_wide_digits(field: QLineEdit | QAbstractSpinBox) -> None:
    """Make ``field`` read full-width digits (and ， ． 。) typed into it as ASCII."""
    # A spin box takes the key presses and forwards them to its line without filters.
    targets = [field] if isinstance(field, QLineEdit) else [field, field.lineEdit()]
    for target in targets:
        if target is not None and target.findChild(_WideDigits) is None:
            target.installEventFilter(_WideDigits(target))


class WideDigitsValidator(QRegularExpressionValidator):
    """A validator that reads full-width digits as ASCII (pasted text too) before matching."""

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        narrow = ascii_digits(text)
        state = super().validate(narrow, pos)
        found = state[0] if isinstance(state, tuple) else state
        return QValidator.State(found), narrow, pos


__all__ = ["WIDE", "WideDigitsValidator", "accept_wide_digits", "ascii_digits"]
