"""GUI tests run offscreen with the app's CJK font fallback installed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QSettings

from dealer_trainer.ui.language import LanguageManager

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _cjk_fonts(qapp: object) -> Iterator[None]:
    from dealer_trainer.ui.fonts import install_cjk_fallback

    install_cjk_fallback()
    yield


@pytest.fixture(autouse=True)
def _fresh_settings() -> Iterator[None]:
    """Each test starts with no remembered window size or drill choice (tests/conftest.py
    points QSettings at a folder of the test session)."""
    from PySide6.QtCore import QSettings

    QSettings().clear()
    yield
    QSettings().clear()


@pytest.fixture(autouse=True, scope="session")
def _english(qapp: object, tmp_path_factory: pytest.TempPathFactory) -> LanguageManager:
    """The app's English catalogue installed, as the app runs in English: its plural forms
    ("1 trainee", "2 trainees") come from it, not from the source text. A test that switches
    the language puts English back when it is done."""
    folder = tmp_path_factory.mktemp("language")
    languages = LanguageManager(QSettings(str(folder / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("en", remember=False)
    return languages
