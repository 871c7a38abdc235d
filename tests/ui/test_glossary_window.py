"""The Glossary window (F2): searchable in any of the three languages, the three side by side
with each word's source, filtered by game, and no internal id on show."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialog, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.glossary import LANGUAGES, glossary, term
from dealer_trainer.ui.drills.feedback import ArticleDialog
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.window.glossary import GAME_COLUMN, WORD_COLUMNS, GlossaryWindow


@pytest.fixture
def window(qtbot: QtBot) -> GlossaryWindow:
    shown = GlossaryWindow()
    qtbot.addWidget(shown)
    shown.show()
    qtbot.waitExposed(shown)
    return shown


@pytest.fixture
def chinese(qtbot: QtBot, tmp_path: Path) -> Iterator[LanguageManager]:
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language("zh_Hant", remember=False)
    yield manager
    manager.set_language("en", remember=False)


def shown_ids(window: GlossaryWindow) -> list[str]:
    return [window.terms[row].id for row in window.visible_rows()]


def cells(window: GlossaryWindow, row: int) -> list[str]:
    return [window.table.item(row, column).text() for column in range(window.table.columnCount())]


def test_every_term_is_listed_with_its_three_words_side_by_side(window: GlossaryWindow) -> None:
    headers = [
        window.table.horizontalHeaderItem(column).text()
        for column in range(window.table.columnCount())
    ]
    assert headers == ["Game", "English", "Português", "繁體中文"]
    assert len(window.visible_rows()) == len(glossary().terms) == window.table.rowCount()
    row = window.row_of("roulette.split")
    assert cells(window, row) == ["Roulette", "split", "cavalo", "兩門騎"]
    assert cells(window, window.row_of("caribbean_stud.progressive"))[1:] == [
        "progressive jackpot",
        "jackpot progressivo",
        "累進大獎",
    ]


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("cavalo", ["roulette.split"]),
        ("兩門騎", ["roulette.split"]),
        ("SPLIT", ["roulette.split"]),
        ("impar", ["roulette.odd", "sic_bo.odd"]),  # accents aside
        ("原注", ["caribbean_stud.ante"]),
        ("东派司", ["craps.dont_pass"]),  # as the text on file writes it
    ],
)
def test_the_search_finds_a_word_in_any_of_the_three_languages(
    qtbot: QtBot, window: GlossaryWindow, typed: str, found: list[str]
) -> None:
    if typed.isascii():
        qtbot.keyClicks(window.search, typed)
    else:  # typed through an input method: QTest has no keys for 兩門騎
        window.search.insert(typed)
    assert shown_ids(window) == found
    assert window.found.text() == f"{len(found)} of {len(glossary().terms)} terms"
    assert not window.nothing.isVisible()


def test_a_search_that_finds_nothing_says_so(qtbot: QtBot, window: GlossaryWindow) -> None:
    qtbot.keyClicks(window.search, "zzz")
    assert shown_ids(window) == []
    assert window.nothing.isVisible() and "zzz" in window.nothing.text()
    assert not window.details.isVisible() and not window.article.isEnabled()
    window.search.clear()
    window.game.setCurrentIndex(window.game.findData("sic_bo"))
    qtbot.keyClicks(window.search, "cavalo")  # a roulette word, not Sic Bo's
    assert shown_ids(window) == []
    assert window.nothing.text() == "No Sic Bo term has «cavalo» in English, Portuguese or Chinese."


def test_the_game_box_shows_one_games_words_by_the_games_name(
    qtbot: QtBot, window: GlossaryWindow
) -> None:
    names = [window.game.itemText(index) for index in range(window.game.count())]
    assert names == ["All games", "Roulette", "Craps", "Caribbean Stud Poker", "Sic Bo"]
    window.game.setCurrentIndex(names.index("Sic Bo"))
    assert {window.terms[row].game for row in window.visible_rows()} == {"sic_bo"}
    assert {cells(window, row)[GAME_COLUMN] for row in window.visible_rows()} == {"Sic Bo"}
    qtbot.keyClicks(window.search, "par")  # and the search within it: par, ímpar
    assert shown_ids(window) == ["sic_bo.odd", "sic_bo.even"]


def test_no_internal_id_is_on_show(window: GlossaryWindow) -> None:
    ids = {entry.id for entry in glossary().terms} | set(glossary().references)
    ids |= {"caribbean_stud", "sic_bo"}
    for row in range(window.table.rowCount()):
        window.table.selectRow(row)
        texts = [*cells(window, row), *(label.text() for label in window.detail_sources.values())]
        texts += [window.table.item(row, c).toolTip() for c in WORD_COLUMNS.values()]
        texts += [window.article.toolTip(), window.found.text()]
        assert not [t for t in texts if any(i in t for i in ids)], texts
    assert not any(i in window.game.itemText(n) for n in range(5) for i in ids)


def test_each_words_source_is_shown_in_words(window: GlossaryWindow) -> None:
    window.table.selectRow(window.row_of("craps.pass"))
    sources = {code: label.text() for code, label in window.detail_sources.items()}
    assert [window.detail_words[code].text() for code in LANGUAGES] == [
        "Pass Line",
        "Pass Line",
        "派司拉",
    ]
    assert "Portuguese text writes this name in English" in sources["pt"]
    assert sources["pt"].startswith("Art. 2(1)")
    window.table.selectRow(window.row_of("sic_bo.triple"))
    assert all(
        window.detail_sources[code].text().startswith(("Customary Macau term", "The app's"))
        for code in LANGUAGES
    )
    assert not window.article.isEnabled()  # Sic Bo's regulation is not on file
    window.table.selectRow(window.row_of("roulette.dozen"))
    assert "(written «dúzias»)" in window.detail_sources["pt"].text()


def test_enter_in_the_search_goes_to_the_first_term_found_and_keeps_the_window(
    qtbot: QtBot, window: GlossaryWindow
) -> None:
    qtbot.keyClicks(window.search, "rua")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    assert window.isVisible()
    assert window.table.hasFocus() or QWidget.focusWidget(window) is window.table
    assert window.current_term() == term("roulette.street")


def test_enter_on_a_term_opens_the_article_it_cites_and_escape_closes(
    qtbot: QtBot, window: GlossaryWindow
) -> None:
    qtbot.keyClicks(window.search, "cavalo")
    qtbot.keyClick(window.search, Qt.Key.Key_Return)
    qtbot.keyClick(window.table, Qt.Key.Key_Return)
    dialogs = [d for d in window.findChildren(ArticleDialog) if d.isVisible()]
    assert len(dialogs) == 1
    assert str(dialogs[0].citation) == "roulette-2003 Art. 6(2)"
    dialogs[0].close()
    assert window.isVisible()
    with qtbot.waitSignal(window.finished):
        qtbot.keyClick(window.table, Qt.Key.Key_Escape)
    assert window.result() == QDialog.DialogCode.Rejected
    assert not window.isVisible()


def test_the_window_follows_the_language(
    qtbot: QtBot, window: GlossaryWindow, chinese: LanguageManager
) -> None:
    qtbot.waitUntil(lambda: window.windowTitle() == "詞彙表")
    row = window.row_of("roulette.split")
    assert cells(window, row) == ["輪盤", "split", "cavalo", "兩門騎"]
    window.table.selectRow(row)
    assert "第六條" in window.detail_sources["zh_Hant"].text()


def test_f2_in_the_main_window_opens_the_glossary(qtbot: QtBot) -> None:
    from dealer_trainer.ui.window.main_window import MainWindow

    main = MainWindow()
    qtbot.addWidget(main)
    main.show()
    qtbot.waitExposed(main)
    actions = [a for a in main.findChildren(type(main._glossary_action)) if a.shortcut() == "F2"]
    assert actions == [main._glossary_action]
    main._glossary_action.trigger()
    assert main.glossary is not None and main.glossary.isVisible()
    assert main.glossary.search.hasFocus() or main.glossary.search.isVisible()
