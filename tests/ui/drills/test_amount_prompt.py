"""The empty amount display's prompt is read whole in every language, at a laptop's width.

In the amount's large type the Portuguese prompt ("Escreva ou toque no montante")
was cut to "Escreva ou toque no monta…" in a drill window on a 1366×768 screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QStyle, QStyleOptionFrame
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, ItemSpec
from dealer_trainer.drills.sessions import DrillSession, Mode
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.kit.language import LanguageManager
from tests.ui.drills.conftest import open_screen


@pytest.fixture(params=["en", "pt", "zh_Hant"])
def language(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(request.param, remember=False)
    yield request.param
    manager.set_language("en", remember=False)


def test_empty_amount_display_shows_its_whole_prompt(qtbot: QtBot, language: str) -> None:
    spec = ItemSpec("roulette.straight_up", 3, Difficulty.BEGINNER)
    session = DrillSession(Mode.PRACTICE, lambda i: spec if i == 0 else None)
    screen = open_screen(qtbot, DrillController(session))
    screen.resize(1280, 688)  # a drill window on a 1366×768 screen, less its task bar
    display = screen.pad.display
    qtbot.waitUntil(lambda: display.isVisible() and display.width() > 0)
    option = QStyleOptionFrame()
    display.initStyleOption(option)
    room = display.style().subElementRect(QStyle.SubElement.SE_LineEditContents, option, display)
    prompt = display.placeholderText()
    assert prompt
    assert display.fontMetrics().horizontalAdvance(prompt) <= room.width() - 4, (language, prompt)
    # Typing shows the amount in its large type again, the display as high as before.
    high = display.height()
    qtbot.keyClicks(display, "525")
    qtbot.waitUntil(lambda: display.font().pixelSize() > 20)
    assert display.height() == high
