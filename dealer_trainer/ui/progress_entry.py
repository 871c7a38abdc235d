"""The Drills menu's "My progress…" (Ctrl+Shift+P): light, so the window starts as fast;
the progress window (``ui/progress.py``) is built on first use."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence

if TYPE_CHECKING:
    from dealer_trainer.ui.drills.menu import DrillsDock
    from dealer_trainer.ui.progress import ProgressWindow


class ProgressEntry(QObject):
    """The Drills menu's "My progress…" (Ctrl+Shift+P) and the window it opens."""

    def __init__(self, dock: DrillsDock) -> None:
        super().__init__(dock)
        self._dock = dock
        self.window: ProgressWindow | None = None
        self.action = QAction(dock)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.action.triggered.connect(self.open)
        dock.menu.addSeparator()
        dock.menu.addAction(self.action)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("Progress", "My &progress…"))

    def open(self) -> ProgressWindow:
        if self.window is None:
            from dealer_trainer.ui.progress import ProgressWindow  # noqa: PLC0415

            dock = self._dock
            self.window = ProgressWindow(
                dock.ensure_launcher,
                lambda: dock.ensure_launcher().store().day_zone,
                dock.window(),
            )
        self.window.refresh()
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
        return self.window
