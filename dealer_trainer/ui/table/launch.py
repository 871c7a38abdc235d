"""Opening the live table from the drills panel: the chosen game, ruleset and difficulty.

A registered trainee's rounds are recorded (a practice session of its own, each
attempt committed as it is judged); anyone else plays unrecorded, and the screen
says so, as the drills do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import QWidget

from dealer_trainer.storage.errors import StorageError
from dealer_trainer.storage.table_recorder import TableRecorder
from dealer_trainer.ui.drills.screen import drill_window_size
from dealer_trainer.ui.geometry import restore_size
from dealer_trainer.ui.table.screen import TableScreen
from dealer_trainer.ui.welcome import not_recorded_reason

if TYPE_CHECKING:
    from dealer_trainer.ui.drills.launcher import DrillLauncher


def open_table(launcher: DrillLauncher, trainee: str, tables: list[QWidget]) -> TableScreen | None:
    """Open a table screen for the launcher's choices (``None``, with the reason, if not)."""
    ruleset = launcher.chosen_ruleset()
    recorder: TableRecorder | None = None
    try:
        desk = launcher.desk()
        if desk is not None:
            recorder = TableRecorder.start(desk, ruleset.id)
    except (StorageError, OSError) as exc:
        launcher.status.setText(
            QCoreApplication.translate("DrillLauncher", "Storage is not available: %1").replace(
                "%1", str(exc)
            )
        )
        return None
    screen = TableScreen(
        ruleset,
        launcher.chosen_difficulty(),
        recorder=recorder,
        on_finish=recorder.close if recorder is not None else None,
    )
    if recorder is None:
        launcher.status.setText(not_recorded_reason(trainee))
    screen.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    tables.append(screen)
    screen.destroyed.connect(lambda _=None, s=screen: tables.remove(s) if s in tables else None)
    launcher.sessionStarted.emit(screen)
    if screen.parent() is None:
        restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
        screen.show()
    return screen
