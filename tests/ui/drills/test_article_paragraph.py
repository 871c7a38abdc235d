"""F1 on an item cited to a paragraph opens the article at that paragraph, in each text.

Roulette Art. 5 runs over three paragraphs and a long reading of 5(1); the dialog
opened at the top, so a trainee sent to Art. 5(3) saw 5(1) and had to scroll.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.rules.citations import Citation
from dealer_trainer.ui.drills.feedback import ArticleDialog, chinese_number


def test_chinese_paragraph_numbers() -> None:
    assert [chinese_number(n) for n in (1, 3, 10, 12, 20, 21)] == [
        "一",
        "三",
        "十",
        "十二",
        "二十",
        "二十一",
    ]


@pytest.mark.parametrize("cited", ["roulette-2003 Art. 5(3)", "caribbean-stud-2004 Art. 10(6)"])
def test_article_opens_at_the_cited_paragraph(qtbot: QtBot, cited: str) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ArticleDialog(Citation.parse(cited), parent)
    dialog.resize(640, 520)
    dialog.show()
    qtbot.waitExposed(dialog)
    for index in range(dialog.tabs.count()):
        dialog.tabs.setCurrentIndex(index)
        browser = dialog.tabs.widget(index)
        assert isinstance(browser, QTextBrowser)
        top = dialog.cited_block_top(index)
        assert top is not None and top > 0, (cited, dialog.tab_language())
        bar = browser.verticalScrollBar()
        # At the paragraph, or as far down as the text goes when it is the last one.
        qtbot.waitUntil(lambda bar=bar, top=top: bar.value() == min(top, bar.maximum()))
        seen = browser.viewport().height()
        assert bar.value() <= top < bar.value() + seen - 20, (cited, dialog.tab_language())
    dialog.tabs.setCurrentIndex(0)  # the English reading: the long one, it must scroll
    qtbot.waitUntil(lambda: dialog.tabs.widget(0).verticalScrollBar().value() > 0)
