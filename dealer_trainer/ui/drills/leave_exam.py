"""Leaving an exam half-way asks first: keep going (the default: Enter and Esc), leave it to
resume later (an assigned exam), or hand it in (end the mock exam) now.

A trainee who presses Enter, closes the window by mistake or hits Esc loses nothing:
the default button keeps the exam going.
"""

from __future__ import annotations

from enum import Enum, unique

from PySide6.QtWidgets import QMessageBox, QWidget

from dealer_trainer.rules.text import fill


@unique
class Leave(Enum):
    KEEP_GOING = "keep"
    RESUME_LATER = "resume"  # assigned exams: the session stays open
    HAND_IN = "hand_in"  # end it now: the items not answered count as not right


class LeaveExamDialog(QMessageBox):
    """The question, with ``Keep going`` as the default and the escape button."""

    def __init__(
        self, parent: QWidget | None, answered: int, size: int, *, resumable: bool
    ) -> None:
        super().__init__(parent)
        self.setIcon(QMessageBox.Icon.Question)
        self.setWindowTitle(self.tr("Leave the exam?"))
        done = fill(
            self.tr("You have answered %1 of the exam's %2 items."), str(answered), str(size)
        )
        if resumable:
            self.setText(self.tr("The exam is not finished. Leave it now?"))
            self.setInformativeText(
                done
                + " "
                + self.tr(
                    "Leave it now and take it up later: your answers are kept and it goes on "
                    "at the next item, with the same items. Hand it in now and the items not "
                    "answered count as not right."
                )
            )
        else:
            self.setText(self.tr("The mock exam is not finished. End it now?"))
            self.setInformativeText(
                done + " " + self.tr("The items not answered count as not right.")
            )
        self.keep = self.addButton(self.tr("&Keep going"), QMessageBox.ButtonRole.RejectRole)
        self.resume: object | None = None
        if resumable:
            self.resume = self.addButton(
                self.tr("&Leave, resume later"), QMessageBox.ButtonRole.DestructiveRole
            )
        self.hand_in = self.addButton(
            self.tr("&Hand in now") if resumable else self.tr("&End the mock exam"),
            QMessageBox.ButtonRole.AcceptRole,
        )
        self.setDefaultButton(self.keep)
        self.setEscapeButton(self.keep)

    def choice(self) -> Leave:
        clicked = self.clickedButton()
        if clicked is not None and clicked is self.resume:
            return Leave.RESUME_LATER
        if clicked is not None and clicked is self.hand_in:
            return Leave.HAND_IN
        return Leave.KEEP_GOING


def ask_leave_exam(parent: QWidget | None, answered: int, size: int, resumable: bool) -> Leave:
    """Ask, and wait for the answer (Enter or Esc: keep going)."""
    dialog = LeaveExamDialog(parent, answered, size, resumable=resumable)
    dialog.exec()
    return dialog.choice()
