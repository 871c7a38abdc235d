"""A language switch reaches the instructor's window: its title, tabs and toolbar."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.language import LanguageManager
from tests.ui.instructor.cohort import Cohort


def test_switch_retitles_the_instructor_window(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("en", remember=False)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    english = (window.windowTitle(), window.tabs.tabText(0))
    assert english == ("Instructor · Mrs Wong", "&Cohort")
    try:
        languages.set_language("zh_Hant", remember=False)
        qtbot.waitUntil(lambda: window.tabs.tabText(0) != english[1])
        assert window.windowTitle() != english[0] and "Mrs Wong" in window.windowTitle()
    finally:
        languages.set_language("en", remember=False)
        window.close()
