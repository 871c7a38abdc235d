"""The drill panel remembers the trainee's choices across starts: game, skills ticked (per
game), difficulty, mock exam size and the mode last started (Enter starts it again)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty
from dealer_trainer.storage import Store
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from tests.ui.drills.conftest import trainee


def _tick_only(launcher: DrillLauncher, skill_id: str) -> None:
    for row in range(launcher.skills.count()):
        item = launcher.skills.item(row)
        keep = item.data(Qt.ItemDataRole.UserRole) == skill_id
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)


def test_choices_come_back_at_the_next_start(qtbot: QtBot, store: Store) -> None:
    first = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(first)
    first.set_game("craps")
    _tick_only(first, "craps.field")
    first.difficulty.setCurrentIndex(first.difficulty.findData(int(Difficulty.ADVANCED)))
    first.exam_size.setValue(35)
    screen = first.start("timed")
    assert screen is not None
    screen.close()  # deleted on close, as in the app

    again = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(again)
    assert again.current_game() == "craps"
    assert again.chosen_skills() == ["craps.field"]
    assert again.chosen_difficulty() is Difficulty.ADVANCED
    assert again.exam_size.value() == 35
    assert again.mode == "timed" and again.buttons["timed"].isDefault()
    # Another game keeps its own ticks (all, never chosen), and craps's come back.
    again.set_game("roulette")
    assert len(again.chosen_skills()) == again.skills.count() > 1
    again.set_game("craps")
    assert again.chosen_skills() == ["craps.field"]


def test_enter_starts_the_mode_last_started(qtbot: QtBot, store: Store) -> None:
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    started: list[object] = []
    launcher.sessionStarted.connect(started.append)
    qtbot.keyClick(launcher.skills, Qt.Key.Key_Return)
    assert len(started) == 1
    screen = started[0]
    assert screen.session.mode.name == "PRACTICE"  # type: ignore[attr-defined]
    screen.close()  # type: ignore[attr-defined]
