"""Windows open at the size they were left, clamped to the screen they open on now."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.kit import geometry

LAPTOP = QRect(0, 0, 1366, 728)  # 1366×768 less a task bar


@pytest.fixture
def laptop(monkeypatch: pytest.MonkeyPatch) -> QRect:
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(LAPTOP))
    return LAPTOP


def test_a_window_opens_at_its_default_size_centred(qtbot: QtBot, laptop: QRect) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    geometry.restore_size(window, "sample", QSize(1000, 600))
    assert window.size() == QSize(1000, 600)
    assert laptop.contains(QRect(window.pos(), window.size() + geometry.FRAME))


def test_a_size_from_a_larger_monitor_is_clamped_to_the_laptop(qtbot: QtBot, laptop: QRect) -> None:
    QSettings().setValue("windows/sample/size", QSize(1900, 1040))
    window = QWidget()
    qtbot.addWidget(window)
    geometry.restore_size(window, "sample", QSize(1000, 600))
    assert window.size() == laptop.size() - geometry.FRAME
    assert window.pos() == laptop.topLeft()


def test_the_size_is_remembered_and_comes_back(qtbot: QtBot, laptop: QRect) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    geometry.restore_size(window, "sample", QSize(1000, 600))
    window.resize(1100, 650)
    geometry.remember_size(window, "sample")
    again = QWidget()
    qtbot.addWidget(again)
    geometry.restore_size(again, "sample", QSize(1000, 600))
    assert again.size() == QSize(1100, 650)
    assert not again.windowState() & Qt.WindowState.WindowMaximized


def test_a_maximised_window_opens_maximised(qtbot: QtBot, laptop: QRect) -> None:
    QSettings().setValue("windows/sample/size", QSize(900, 600))
    QSettings().setValue("windows/sample/maximized", True)
    window = QWidget()
    qtbot.addWidget(window)
    geometry.restore_size(window, "sample", QSize(1000, 600))
    assert window.windowState() & Qt.WindowState.WindowMaximized


def test_the_drill_window_remembers_its_size_when_it_closes(qtbot: QtBot, laptop: QRect) -> None:
    from dealer_trainer.drills import Difficulty, ItemSpec, replay
    from dealer_trainer.ui.drills.controller import DrillController
    from dealer_trainer.ui.drills.screen import DrillScreen, drill_window_size

    screen = DrillScreen(
        DrillController(replay([ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER)]))
    )
    qtbot.addWidget(screen)
    default = drill_window_size(screen)
    assert default.width() + geometry.FRAME.width() <= laptop.width()
    assert default.height() + geometry.FRAME.height() <= laptop.height()
    geometry.restore_size(screen, DrillScreen.SIZE_KEY, default)
    screen.show()
    screen.resize(1200, 640)
    screen.close()
    assert QSettings().value("windows/drill/size") == QSize(1200, 640)


def test_the_main_window_reopens_on_its_size_and_game(qtbot: QtBot, laptop: QRect) -> None:
    from dealer_trainer.ui.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.panel.select_game("craps")
    window.resize(1200, 660)
    window.close()
    again = MainWindow()
    qtbot.addWidget(again)
    assert again.panel.current_game() == "craps"
    assert again.size() == QSize(1200, 660)
