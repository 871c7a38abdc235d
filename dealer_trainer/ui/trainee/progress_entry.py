"""The Drills menu's "My progress…" (Ctrl+Shift+P): light, so the window starts as fast;
the progress window (``ui/trainee/progress.py``) is built on first use."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QWidget

if TYPE_CHECKING:
    from dealer_trainer.ui.trainee.launcher import DrillLauncher
    from dealer_trainer.ui.trainee.progress import ProgressWindow


class ProgressEntry(QObject):
    """The menu's "My progress…" (Ctrl+Shift+P) and the window it opens.

    ``launcher`` gives the drills' launcher (built, not shown), through which the window
    reads the signed-in trainee's records and starts what they choose; ``window`` is
    the main window the progress window stands over.
    """

    def __init__(
        self,
        parent: QObject,
        menu: QMenu,
        launcher: Callable[[], DrillLauncher],
        window: Callable[[], QWidget],
    ) -> None:
        super().__init__(parent)
        self._launcher = launcher
        self._main = window
        self.window: ProgressWindow | None = None
        self.action = QAction(parent)
        self.action.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.action.triggered.connect(self.open)
        menu.addSeparator()
        menu.addAction(self.action)
        self.retranslate()

    def retranslate(self) -> None:
        self.action.setText(QCoreApplication.translate("Progress", "M&y progress…"))

    def open(self) -> ProgressWindow:
        if self.window is None:
            from dealer_trainer.ui.trainee.progress import ProgressWindow  # noqa: PLC0415

            launcher = self._launcher
            self.window = ProgressWindow(
                launcher, lambda: launcher().store().day_zone, self._main()
            )
        self.window.refresh()
        self.window.show()
        self.window.raise_()
        self.window.activateWindow()
        return self.window
