"""The main window's words with the drills open beside the felt, in every language (pytest-qt,
offscreen): each Alt+letter reaches one control, signed in or not, and the drills panel
shows its choices whole at 1366×768."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, QSize
from PySide6.QtWidgets import (
    QAbstractButton,
    QLabel,
    QStyle,
    QStyleOptionComboBox,
)
from pytestqt.qtbot import QtBot

from dealer_trainer.storage.records import Person, Role
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.menu import DrillsDock
from dealer_trainer.ui.window.main_window import MainWindow

LANGUAGES = ("en", "pt", "zh_Hant")


@pytest.fixture
def languages(tmp_path: Path) -> Iterator[LanguageManager]:
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    yield manager
    manager.set_language("en", remember=False)


def _window(
    qtbot: QtBot, languages: LanguageManager, monkeypatch: pytest.MonkeyPatch
) -> MainWindow:
    available = QRect(0, 0, 1366, 728)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    window = MainWindow(languages=languages)
    qtbot.addWidget(window)
    window.resize(1366, 728)
    window.show()
    qtbot.waitExposed(window)
    dock = window.findChild(DrillsDock)
    assert dock is not None
    dock.open()
    return window


def _key(text: str) -> str | None:
    """The letter after a single ``&`` (Alt+letter), if the text has one."""
    plain = text.replace("&&", "")
    at = plain.find("&")
    return None if at < 0 else plain[at + 1].casefold()


def _keyed(window: MainWindow) -> list[tuple[str, str]]:
    """Every Alt+letter the window answers: its menus, its buttons, its labelled fields."""
    texts = [action.text() for action in window.menuBar().actions()]
    texts += [b.text() for b in window.findChildren(QAbstractButton) if b.isVisible()]
    texts += [
        label.text()
        for label in window.findChildren(QLabel)
        if label.buddy() is not None and label.isVisible()
    ]
    return [(text, key) for text in texts if (key := _key(text)) is not None]


@pytest.mark.parametrize("language", LANGUAGES)
def test_main_window_each_alt_key_reaches_one_control_signed_in_or_not(
    qtbot: QtBot, languages: LanguageManager, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """Alt+T in Portuguese was the Drills menu (Treino) and Sign out (Terminar sessão); Alt+I
    was the Instructor menu and Sign in in every language; Alt+S in Portuguese the Table and
    Review buttons (Mesa, Revisão). Qt then only moves the focus between the two."""
    languages.set_language(language, remember=False)
    window = _window(qtbot, languages, monkeypatch)
    for person in (None, Person(Role.TRAINEE, 1, "Chan Tai Man", "chan.tai.man", "token")):
        window.panel.set_person(person)
        keyed = _keyed(window)
        counts = Counter(key for _text, key in keyed)
        clashes = [(text, key) for text, key in keyed if counts[key] > 1]
        assert clashes == [], (language, person is not None, clashes)


@pytest.mark.parametrize("language", LANGUAGES)
def test_drills_panel_shows_the_mock_exam_and_its_labels_whole(
    qtbot: QtBot, languages: LanguageManager, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    """The mock exam's name was cut in every language (the exam field, beside the long label
    of the mock exam's size, was too narrow), and that label too in Portuguese."""
    languages.set_language(language, remember=False)
    window = _window(qtbot, languages, monkeypatch)
    launcher = window.findChild(DrillLauncher)
    assert launcher is not None
    combo = launcher.exams
    mock = combo.findData(None)
    assert mock >= 0
    combo.setCurrentIndex(mock)
    text = combo.itemText(mock)

    def whole() -> bool:
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox, option, QStyle.SubControl.SC_ComboBoxEditField, combo
        )
        return combo.fontMetrics().horizontalAdvance(text) <= field.width()

    qtbot.waitUntil(whole, timeout=2000)
    assert str(combo.toolTip()) and combo.toolTip() != text  # what a mock exam is, in words
    for label in launcher.findChildren(QLabel):
        if label.isVisible() and label.buddy() is not None and not label.wordWrap():
            needed: QSize = label.sizeHint()
            assert label.width() >= needed.width(), (language, label.text(), label.width())
