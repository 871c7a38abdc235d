"""The instructor side's way into the main window: an Instructor menu.

``install_instructor(window)`` is all the main window calls. "Instructor
views…" (Ctrl+I) opens storage when first used, then asks for the account on
first start or for the password, and opens the :class:`InstructorWindow`.
"Lock the instructor views" closes it again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow

from dealer_trainer.rules.rulesets import SHIPPED
from dealer_trainer.ui.kit.language import problem_text

if TYPE_CHECKING:
    from dealer_trainer.rules.rulesets import RulesetRegistry
    from dealer_trainer.storage import InstructorSession, Store
    from dealer_trainer.ui.instructor.window import InstructorWindow


class InstructorMenu(QObject):
    """The menu and its actions; keeps the store and the open instructor window."""

    def __init__(
        self,
        window: QMainWindow,
        store: Store | Callable[[], Store] | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(window)
        self._window = window
        self._rulesets = rulesets  # the app's, handed to the instructor's window
        self._store_source = store  # None: Store.open() on first use (storage loads then)
        self._store: Store | None = None if store is None or callable(store) else store
        self.instructor_window: InstructorWindow | None = None
        self.menu = window.menuBar().addMenu("")
        self.open_action = QAction(self)
        self.open_action.setShortcut(QKeySequence("Ctrl+I"))
        self.open_action.triggered.connect(self.open)
        self.lock_action = QAction(self)
        self.lock_action.triggered.connect(self.lock)
        self.lock_action.setEnabled(False)
        self.menu.addAction(self.open_action)
        self.menu.addAction(self.lock_action)
        self.retranslate()
        window.installEventFilter(self)

    def retranslate(self) -> None:
        self.menu.setTitle(QCoreApplication.translate("instructor", "&Instructor"))
        self.open_action.setText(QCoreApplication.translate("instructor", "&Instructor views…"))
        self.lock_action.setText(
            QCoreApplication.translate("instructor", "&Lock the instructor views")
        )

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._window and event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        return super().eventFilter(watched, event)

    def store(self) -> Store:
        if callable(self._store_source):  # the window's holder: on a server, whoever signed in
            return self._store_source()
        if self._store is None:
            from dealer_trainer.storage import Store  # noqa: PLC0415 (not at start-up)

            source = self._store_source
            self._store = Store.open() if source is None else source()  # type: ignore[operator]
        return self._store

    def open(self) -> InstructorWindow | None:
        """Show the instructor views, asking for the account or the password first."""
        from dealer_trainer.storage import StorageError  # noqa: PLC0415
        from dealer_trainer.ui.instructor.entry import open_instructor_views  # noqa: PLC0415

        current = self.instructor_window
        if current is not None and current.isVisible():
            current.raise_()
            current.activateWindow()
            return current
        try:
            opened = open_instructor_views(self.store(), None, self._rulesets)
        except StorageError as exc:
            from PySide6.QtWidgets import QMessageBox  # noqa: PLC0415 (not at start-up)

            box = QMessageBox(
                QMessageBox.Icon.Warning,
                QCoreApplication.translate("instructor", "Instructor views"),
                problem_text(exc),
                QMessageBox.StandardButton.Ok,
                self._window,
            )
            box.setTextFormat(Qt.TextFormat.PlainText)  # a message may quote a typed name
            box.exec()
            return None
        if opened is not None:
            self.instructor_window = opened
            self.lock_action.setEnabled(True)
            opened.closed.connect(self._closed)
        return opened

    def open_unlocked(self, session: InstructorSession) -> InstructorWindow:
        """Show the instructor views for an instructor who has just signed in."""
        from dealer_trainer.ui.instructor.window import InstructorWindow  # noqa: PLC0415
        from dealer_trainer.ui.kit.long_lived import keep_loaded_code  # noqa: PLC0415

        current = self.instructor_window
        if current is not None and current.isVisible():
            current.raise_()
            current.activateWindow()
            return current
        keep_loaded_code()  # the instructor's views' code is loaded now (plots, reports)
        opened = InstructorWindow(self.store(), session, None, rulesets=self._rulesets)
        opened.show()
        self.instructor_window = opened
        self.lock_action.setEnabled(True)
        opened.closed.connect(self._closed)
        return opened

    def lock(self) -> None:
        if self.instructor_window is not None:
            self.instructor_window.lock()
        self._closed()

    def _closed(self) -> None:
        self.instructor_window = None
        self.lock_action.setEnabled(False)


def install_instructor(
    window: QMainWindow,
    store: Store | Callable[[], Store] | None = None,
    rulesets: RulesetRegistry = SHIPPED,
) -> InstructorMenu:
    """Add the Instructor menu to ``window`` (``rulesets``: the app's, with its house
    rulesets)."""
    return InstructorMenu(window, store, rulesets)
