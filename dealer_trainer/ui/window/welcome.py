"""The first start: a short welcome that says who does what, until the centre is set up.

Shown once the main window has painted, while the records have no instructor account
or no registered trainee (that is the first start of a training room, however many
times the app opens before the instructor has set it up):

- no instructor yet: the instructor creates their account (the button opens the
  account dialog of the instructor views), then registers the trainees;
- no trainee yet: the instructor registers them in the instructor views;
- either way: each trainee then signs in with their own login and password, and until
  then practice under the computer's login name is not recorded, and why.

Once a trainee is registered it is not shown again.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, unique
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit import palette

if TYPE_CHECKING:
    from dealer_trainer.ui.window.main_window import MainWindow


@unique
class Setup(Enum):
    """How far the training room is set up."""

    NO_INSTRUCTOR = "no_instructor"
    NO_TRAINEES = "no_trainees"
    READY = "ready"


class WelcomeDialog(QDialog):
    """What to do first. ``Start practising`` is the default (Enter); the other button opens
    the instructor's account dialog (no instructor yet) or the instructor views."""

    def __init__(
        self,
        setup: Setup,
        login_name: str,
        open_instructor: Callable[[], object] | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.setWindowTitle(self.tr("Welcome to the Macau Dealer Trainer"))
        self.setObjectName("welcome")
        self._open_instructor = open_instructor
        steps = [
            self.tr(
                "<b>Instructor:</b> create your account in <i>Instructor › Instructor "
                "views…</i> (Ctrl+I), with your name and a password."
            )
            if setup is Setup.NO_INSTRUCTOR
            else self.tr(
                "<b>Instructor:</b> your account exists; open <i>Instructor › Instructor "
                "views…</i> (Ctrl+I)."
            ),
            self.tr(
                "<b>Instructor:</b> register each trainee by their full name, with a login "
                "and a password, in the <i>Trainee profiles</i> tab. A name is one person: "
                "“Ana Lei” and “ana lei” are the same name."
            ),
            self.tr(
                "<b>Trainee:</b> sign in with your login and password (<i>Sign in…</i> on "
                "the left), then start a drill (<i>Drills</i> menu). Every answer is "
                "recorded for you and your instructor."
            ),
        ]
        heading = QLabel(
            self.tr("This training room is not set up yet.")
            if setup is Setup.NO_INSTRUCTOR
            else self.tr("No trainee is registered yet.")
        )
        heading.setObjectName("welcomeHeading")
        heading.setStyleSheet("font-size: 15px; font-weight: 600;")
        body = QLabel("<ol>" + "".join(f"<li>{step}</li>" for step in steps) + "</ol>")
        body.setObjectName("welcomeSteps")
        body.setWordWrap(True)
        body.setTextFormat(Qt.TextFormat.RichText)
        note = QLabel(
            fill(
                self.tr(
                    "Until then anyone may practise under this computer's login name (%1). "
                    "Those answers are not recorded: the name is not a registered trainee, "
                    "so they belong to nobody an instructor can follow."
                ),
                login_name,
            )
        )
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setObjectName("welcomeNote")
        note.setWordWrap(True)
        note.setStyleSheet(f"color: {palette.MUTED};")
        buttons = QDialogButtonBox()
        self.practise = QPushButton(self.tr("&Start practising"))
        self.practise.setDefault(True)
        self.practise.setAutoDefault(True)
        buttons.addButton(self.practise, QDialogButtonBox.ButtonRole.AcceptRole)
        self.instructor_button = QPushButton(
            self.tr("&Create the instructor account…")
            if setup is Setup.NO_INSTRUCTOR
            else self.tr("Open the &instructor views…")
        )
        self.instructor_button.setAutoDefault(False)
        buttons.addButton(self.instructor_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.accepted.connect(self.accept)
        self.instructor_button.clicked.connect(self._instructor)
        layout = QVBoxLayout(self)
        layout.addWidget(heading)
        layout.addWidget(body)
        layout.addWidget(note)
        layout.addWidget(buttons)
        self.setMinimumWidth(520)
        self.setMaximumWidth(720)
        self.practise.setFocus(Qt.FocusReason.OtherFocusReason)

    def _instructor(self) -> None:
        self.accept()
        if self._open_instructor is not None:
            self._open_instructor()


def setup_state(window: MainWindow) -> Setup | None:
    """How far the records are set up, or ``None`` when they cannot be read now."""
    from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

    try:
        store = window.app_store.store()
        if not store.has_instructor():
            return Setup.NO_INSTRUCTOR
        return Setup.READY if store.trainees() else Setup.NO_TRAINEES
    except (StorageError, OSError):
        return None  # the window's status bar says why the records are not available


def show_welcome(window: MainWindow) -> WelcomeDialog | None:
    """The welcome over ``window`` while the room is not set up (window-modal, not blocking)."""
    if not window.app_store.is_open:  # ask once the records are open, off the GUI thread
        window.app_store.opened.connect(
            lambda: show_welcome(window), Qt.ConnectionType.SingleShotConnection
        )
        return None
    setup = setup_state(window)
    if setup is None or setup is Setup.READY:
        return None
    dialog = WelcomeDialog(setup, window.panel.local_trainee(), window.instructor.open, window)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    dialog.open()
    return dialog
