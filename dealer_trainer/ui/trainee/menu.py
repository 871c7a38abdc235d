"""The drills' way into the main window: a Drills menu and a dock with the launcher.

``install_drills(window)`` is all the main window calls.  It adds the menu
at once and builds the launcher (which opens storage) only when the trainee
first asks for it, so the window starts as fast as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QDialog, QDockWidget, QMainWindow

from dealer_trainer.rules.rulesets import SHIPPED
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.trainee.progress_entry import ProgressEntry

if TYPE_CHECKING:
    from collections.abc import Callable

    from dealer_trainer.rules.rulesets import Ruleset, RulesetRegistry
    from dealer_trainer.storage import Store
    from dealer_trainer.storage.records import Person
    from dealer_trainer.ui.trainee.launcher import DrillLauncher


MODE_ACTIONS = {
    "practice": QT_TRANSLATE_NOOP("drills", "&Practise"),
    "timed": QT_TRANSLATE_NOOP("drills", "&Timed"),
    "exam": QT_TRANSLATE_NOOP("drills", "&Exam"),
    "review": QT_TRANSLATE_NOOP("drills", "&Review"),
    "mistakes": QT_TRANSLATE_NOOP("drills", "My &mistakes"),
    "table": QT_TRANSLATE_NOOP("drills", "Ta&ble"),  # the live table (ui.table)
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("drills", text)


class _Panel(Protocol):
    """What the launcher needs of the main window's side panel."""

    def current_trainee(self) -> str: ...
    def signed_in(self) -> Person | None: ...
    def current_game(self) -> str: ...
    def current_ruleset(self) -> Ruleset | None: ...


class DrillsDock(QDockWidget):
    """The launcher in a dock of the main window, built on first show."""

    def __init__(
        self,
        window: QMainWindow,
        panel: _Panel,
        store: Callable[[], Store] | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(window)
        self.setObjectName("drillsDock")
        self._panel = panel
        self._store = store  # None: the launcher opens the default store itself
        self._rulesets = rulesets  # the app's, handed to the launcher
        self.launcher: DrillLauncher | None = None
        self.menu = window.menuBar().addMenu("")
        self.show_action = QAction(self)
        self.show_action.setShortcut(QKeySequence("Ctrl+D"))
        self.show_action.triggered.connect(self.open)
        self.menu.addAction(self.show_action)
        self.menu.addSeparator()
        self.start_actions: dict[str, QAction] = {}
        for kind in MODE_ACTIONS:
            action = QAction(self)
            action.triggered.connect(lambda _=False, k=kind: self.start(k))
            self.menu.addAction(action)
            self.start_actions[kind] = action
        self.menu.addSeparator()
        self.review_action = QAction(self)
        self.review_action.triggered.connect(self.review_exams)
        self.menu.addAction(self.review_action)
        # My progress… (issue 15)
        self.progress = ProgressEntry(self, self.menu, self.ensure_launcher, self.window)
        # Another trainee chosen in the side panel: their exams, not the last one's.
        chosen = getattr(panel, "traineeChosen", None)
        if chosen is not None:
            chosen.connect(self._trainee_changed)
        self.retranslate()

    def _trainee_changed(self, _name: str) -> None:
        if self.launcher is not None:
            self.launcher.refresh_exams()

    def retranslate(self) -> None:
        self.setWindowTitle(QCoreApplication.translate("drills", "Drills"))
        self.menu.setTitle(QCoreApplication.translate("drills", "&Drills"))
        self.show_action.setText(QCoreApplication.translate("drills", "Choose a &drill…"))
        for kind, action in self.start_actions.items():
            action.setText(_tr(MODE_ACTIONS[kind]))
        self.review_action.setText(QCoreApplication.translate("drills", "Review my e&xams…"))
        self.progress.retranslate()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def open(self) -> DrillLauncher:
        self.ensure_launcher()
        assert self.launcher is not None
        self.launcher.set_game(self._panel.current_game())
        self.launcher.refresh_exams()
        self.show()
        self.raise_()
        self.launcher.skills.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return self.launcher

    def ensure_launcher(self) -> DrillLauncher:
        """The launcher, built on first use (it opens storage), without showing the dock."""
        if self.launcher is None:
            from dealer_trainer.ui.trainee.launcher import DrillLauncher  # noqa: PLC0415

            panel = self._panel
            if self._store is None:
                self.launcher = DrillLauncher(
                    panel.signed_in,
                    game=panel.current_game,
                    ruleset=panel.current_ruleset,
                    rulesets=self._rulesets,
                )
            else:
                self.launcher = DrillLauncher(
                    panel.signed_in,
                    game=panel.current_game,
                    ruleset=panel.current_ruleset,
                    store=self._store,
                    rulesets=self._rulesets,
                )
            self.setWidget(self.launcher)
        return self.launcher

    def start(self, kind: str) -> None:
        self.open().start(kind)

    def review_exams(self) -> QDialog | None:
        """The signed-in trainee's ended exam sittings, item by item on the felt."""
        from dealer_trainer.storage.errors import StorageError  # noqa: PLC0415 (not at start-up)
        from dealer_trainer.ui.exams.review import ExamReview, trainee_sittings  # noqa: PLC0415

        launcher = self.open()
        desk = launcher.desk()
        if desk is None:
            launcher.status.setText(
                QCoreApplication.translate("drills", "Sign in first to review your exams.")
            )
            return None
        try:
            sittings = trainee_sittings(desk, self._rulesets)
        except StorageError as exc:
            launcher.status.setText(problem_text(exc))
            return None
        dialog = ExamReview(desk.profile.name, sittings, self.window(), rulesets=self._rulesets)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        self.reviewing = dialog
        return dialog


def install_drills(
    window: QMainWindow,
    panel: _Panel | None = None,
    store: Callable[[], Store] | None = None,
    rulesets: RulesetRegistry = SHIPPED,
) -> DrillsDock:
    """Add the Drills menu (Practise, Timed, Exam, Review, My mistakes) and its dock
    (``rulesets``: the app's, where the sessions look their rulesets up)."""
    side: _Panel = panel if panel is not None else getattr(window, "panel")  # noqa: B009
    dock = DrillsDock(window, side, store, rulesets)
    window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    dock.hide()
    return dock
