"""GUI tests run offscreen with the app's CJK font fallback installed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QSettings

from dealer_trainer.ui.kit.language import LanguageManager

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True, scope="session")
def _cjk_fonts(qapp: object) -> Iterator[None]:
    from dealer_trainer.ui.kit.fonts import install_cjk_fallback

    install_cjk_fallback()
    yield


@pytest.fixture(autouse=True, scope="session")
def _settings_of_this_process(qapp: QCoreApplication) -> None:
    """``QSettings()`` of this test process alone. Parallel workers (pytest-xdist) would share
    the one place an application's settings are kept on Windows (the registry) and macOS (a
    preferences file), and clear each other's; the application's name is the worker's own
    (on Linux tests/conftest.py gives each process its own XDG_CONFIG_HOME as well)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker:
        qapp.setApplicationName(f"{qapp.applicationName()}-{worker}")


@pytest.fixture(autouse=True)
def _fresh_settings(_settings_of_this_process: None) -> Iterator[None]:
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
