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


def _mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (Alt+letter), if the text has one."""
    at = text.replace("&&", "").find("&")
    return None if at < 0 else text.replace("&&", "")[at + 1].casefold()


def test_every_tab_has_its_own_alt_key_and_the_tabs_fit_in_every_language(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.resize(1280, 720)  # a 1366×768 laptop's share
    window.show()
    qtbot.waitExposed(window)
    try:
        for code in ("en", "pt", "zh_Hant"):
            languages.set_language(code, remember=False)
            qtbot.waitUntil(lambda: window.tabs.tabText(0) != "")
            texts = [window.tabs.tabText(i) for i in range(window.tabs.count())]
            keys = [_mnemonic(text) for text in texts]
            assert None not in keys, (code, texts)
            assert len(set(keys)) == len(keys), (code, texts)  # Alt+letter reaches one tab
            bar = window.tabs.tabBar()
            needed = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
            assert needed <= window.tabs.width(), (code, needed, window.tabs.width())
    finally:
        languages.set_language("en", remember=False)
        window.close()
