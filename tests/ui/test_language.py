"""Switching language at run time: translators installed, widgets told, the choice kept."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QLocale, QSettings
from PySide6.QtWidgets import QWidget

from dealer_trainer.ui.kit.language import LanguageManager


class Listener(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.changes = 0

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.changes += 1
        super().changeEvent(event)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


def test_switching_language_tells_open_widgets_and_is_remembered(  # type: ignore[no-untyped-def]
    qtbot, settings: QSettings
) -> None:
    widget = Listener()
    qtbot.addWidget(widget)
    manager = LanguageManager(settings)
    with qtbot.waitSignal(manager.changed) as blocker:
        manager.set_language("pt")
    assert blocker.args == ["pt"]
    assert manager.code == "pt"
    qtbot.waitUntil(lambda: widget.changes >= 1)  # Qt posts LanguageChange to every widget
    assert QLocale().name().startswith("pt")
    assert manager.amount(Decimal("1234.5")) == "1.234,50"
    assert LanguageManager(settings).initial_language() == "pt"
    manager.set_language("en")


def test_first_start_follows_the_system_locale(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    manager = LanguageManager(settings)
    expected = {"zh": "zh_Hant", "pt": "pt"}.get(QLocale.system().name()[:2], "en")
    assert manager.initial_language() == expected


def test_unknown_language_is_refused(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(KeyError, match="no language 'fr'"):
        LanguageManager(settings).set_language("fr")


def test_amounts_must_be_decimal(qtbot, settings: QSettings) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError):
        LanguageManager(settings).amount(7.5)


def test_game_list_names_each_game_in_two_languages_never_the_same_twice(  # type: ignore[no-untyped-def]
    qtbot, settings: QSettings
) -> None:
    from dealer_trainer.ui.kit.games import game_title

    manager = LanguageManager(settings)
    try:
        manager.set_language("zh_Hant")
        assert game_title("roulette") == "輪盤\nRoulette"
        assert game_title("caribbean_stud") == "聯獎撲克\nCaribbean Stud Poker"
        manager.set_language("pt")
        assert game_title("roulette") == "Roleta\n輪盤"
        manager.set_language("en")
        assert game_title("craps") == "Craps\n花旗骰"
    finally:
        manager.set_language("en")


def test_storage_problems_are_shown_in_the_window_language(  # type: ignore[no-untyped-def]
    qtbot, settings: QSettings
) -> None:
    from dealer_trainer.storage import StorageError
    from dealer_trainer.storage.engine import locate
    from dealer_trainer.storage.errors import DuplicateLoginError
    from dealer_trainer.ui.kit.language import problem_text

    taken = DuplicateLoginError("ana.lei")
    assert str(taken) == "The login 'ana.lei' is taken: choose another one."  # logs: English
    with pytest.raises(StorageError) as bad_port:
        locate("postgresql+psycopg://server:70000/records")
    manager = LanguageManager(settings)
    try:
        manager.set_language("zh_Hant")
        assert problem_text(taken) == "登入名稱 'ana.lei' 已被使用：請另選一個。"
        assert "連接埠 70000 並不存在" in problem_text(bad_port.value)
        manager.set_language("pt")
        assert problem_text(taken).startswith("O nome de utilizador 'ana.lei' já está")
        assert problem_text(ValueError("a plain error")) == "a plain error"
    finally:
        manager.set_language("en")
    assert problem_text(taken) == str(taken)


def test_placeholders_are_filled_in_one_pass_so_a_name_is_written_as_typed() -> None:
    """A group named "Turma %1" or a trainee "Ana %2" is never filled in itself."""
    from dealer_trainer.rules.text import fill

    said = fill("“%1” given to 3 trainees of %2.", "Plenos %2", "Turma %1")
    assert said == "“Plenos %2” given to 3 trainees of Turma %1."
    assert fill("%1 is now %2", "Ana") == "Ana is now %2"  # a missing value: left as it is
    assert fill("%2 answers written to %1", "/tmp/a.csv", "1.234") == (
        "1.234 answers written to /tmp/a.csv"
    )
