"""The warning a window shows, all the time, while the server is reached unverified.

A workstation refuses a server URL without ``sslmode=verify-full`` unless the lab's switch
(``DEALER_TRAINER_LAB_UNVERIFIED_SERVER=1``, ``storage.engine.verified_server``) is on;
then every main window (the trainee's and the instructor's) keeps this label in its status
bar, beside whatever message passes there (a permanent widget: ``showMessage`` never
hides it).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QLabel, QMainWindow

from dealer_trainer.ui.kit import palette


class UnverifiedWarning(QLabel):
    """*Lab connection: the server is not verified*, in red, with why in its tooltip."""

    def __init__(self, window: QMainWindow, shown: bool) -> None:
        super().__init__()
        self.setObjectName("unverifiedServer")
        self.setStyleSheet(f"QLabel {{ color: {palette.WRONG}; font-weight: bold; }}")
        self.retranslate()
        window.statusBar().addPermanentWidget(self)
        self.setVisible(shown)

    def retranslate(self) -> None:
        self.setText(
            QCoreApplication.translate(
                "UnverifiedWarning", "Lab connection: the server is not verified"
            )
        )
        self.setToolTip(
            QCoreApplication.translate(
                "UnverifiedWarning",
                "This workstation does not check that the server it signs in to is the "
                "training centre's (DEALER_TRAINER_LAB_UNVERIFIED_SERVER is on and the "
                "server's URL has no sslmode=verify-full): another machine could pose as the "
                "server and see every password and record. For a test lab only, never with "
                "real trainees.",
            )
        )
        self.setAccessibleName(self.text())
        self.setAccessibleDescription(self.toolTip())

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)
