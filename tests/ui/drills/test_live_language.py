"""A language switch reaches the drill on show: its window title, the question, the bets'
names (felt list, order picker, feedback), the options and the feedback; F1 and the open
article show the text in the new language where the article has it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import AnswerKind, Difficulty, ItemSpec, replay
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.kit.rendering import render
from tests.ui.drills.conftest import wrong_answer


@pytest.fixture
def languages(qtbot: QtBot, tmp_path: Path) -> Iterator[LanguageManager]:
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language("en", remember=False)
    yield manager
    manager.set_language("en", remember=False)


def _screen(qtbot: QtBot, spec: ItemSpec) -> tuple[DrillScreen, DrillController]:
    controller = DrillController(replay([spec]))
    screen = DrillScreen(controller, trainee="Ana Lei")
    qtbot.addWidget(screen)
    screen.resize(1280, 720)
    screen.show()
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    return screen, controller


def test_switch_renames_the_order_items_bets_and_its_feedback(
    qtbot: QtBot, languages: LanguageManager
) -> None:
    screen, controller = _screen(qtbot, ItemSpec("roulette.pay_order", 3, Difficulty.ADVANCED))
    item = controller.item
    assert item is not None and item.expected.kind is AnswerKind.ORDER
    english = (screen.windowTitle(), screen.question.text(), screen.order.bet_list.item(0).text())
    screen.order.pick(screen.stage.bets[0].bet_id)
    languages.set_language("pt", remember=False)
    qtbot.waitUntil(lambda: screen.question.text() == render(item.question))
    assert screen.windowTitle() == QCoreApplication.translate("drills", "Drills — %1").replace(
        "%1", "Ana Lei"
    )
    portuguese = (
        screen.windowTitle(),
        screen.question.text(),
        screen.order.bet_list.item(0).text(),
    )
    assert all(pt != en for pt, en in zip(portuguese, english, strict=True)), portuguese
    assert screen.order.bet_list.item(0).text() == screen.stage.bets[0].label
    assert len(screen.order.sequence) == 1  # the order picked so far stays
    assert screen.order.chosen.item(0).text().endswith(screen.stage.bets[0].label)

    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(wrong_answer(item))
    before = (screen.feedback.headline.text(), screen.feedback.answer.text())
    languages.set_language("zh_Hant", remember=False)
    qtbot.waitUntil(lambda: screen.feedback.headline.text() != before[0])
    assert screen.feedback.answer.text() != before[1]
    assert screen.stage.bets[0].label in screen.feedback.answer.text()
    assert QCoreApplication.translate("FeedbackPanel", "Worked solution") in (
        screen.feedback.solution.text()
    )


def test_switch_renames_the_options_of_a_choice(qtbot: QtBot, languages: LanguageManager) -> None:
    screen, controller = _screen(qtbot, ItemSpec("craps.rulings", 1, Difficulty.BEGINNER))
    item = controller.item
    assert item is not None and item.expected.kind is AnswerKind.CHOICE
    english = screen.choice.buttons[0].accessibleName()
    languages.set_language("pt", remember=False)
    first = render(item.expected.options[0].label)
    qtbot.waitUntil(lambda: screen.choice.buttons[0].accessibleName() == first)
    assert first != english


@pytest.mark.parametrize(("code", "tab"), [("en", "en"), ("pt", "pt"), ("zh_Hant", "zh")])
def test_f1_opens_the_article_in_the_windows_language(
    qtbot: QtBot, languages: LanguageManager, code: str, tab: str
) -> None:
    languages.set_language(code, remember=False)
    screen, controller = _screen(qtbot, ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER))
    item = controller.item
    assert item is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(wrong_answer(item))
    screen.activateWindow()
    qtbot.waitUntil(screen.isActiveWindow)
    qtbot.keyClick(screen, Qt.Key.Key_F1)
    qtbot.waitUntil(lambda: bool(screen.findChildren(ArticleDialog)))
    (dialog,) = screen.findChildren(ArticleDialog)
    assert dialog.tab_language() == tab


def test_open_article_follows_a_switch(qtbot: QtBot, languages: LanguageManager) -> None:
    item = ItemSpec("roulette.straight_up", 1, Difficulty.BEGINNER).make()
    dialog = ArticleDialog(item.citation)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.tab_language() == "en"
    english_title = dialog.tabs.tabText(0)
    languages.set_language("zh_Hant", remember=False)
    qtbot.waitUntil(lambda: dialog.tab_language() == "zh")
    assert dialog.tabs.tabText(0) != english_title
    languages.set_language("pt", remember=False)
    qtbot.waitUntil(lambda: dialog.tab_language() == "pt")
