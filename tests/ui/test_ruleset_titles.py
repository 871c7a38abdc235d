"""The regulation's rulesets are named in the window's language, and follow a switch.

The ruleset list showed "roulette-2003 · Roulette (single zero)" in the Portuguese
and Chinese windows: the TOML title went to the screen untranslated. It then showed the
stored id ("roulette-2003") beside the translated title: no person reads an id, and the
titles alone tell a game's rulesets apart.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QCoreApplication, QTranslator
from pytestqt.qtbot import QtBot

from dealer_trainer.layouts.chips import DEFAULT_CHIPS
from dealer_trainer.rules.rulesets import official_rulesets
from dealer_trainer.ui.kit.games import RULESET_TITLES
from dealer_trainer.ui.window.sidebar import SidePanel


class Marked(QTranslator):
    """Every "games" title translated as «title»: visible, whatever the .qm files hold."""

    def isEmpty(self) -> bool:  # Qt sends no LanguageChange for an empty translator
        return False

    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return f"«{source}»" if context == "games" and source in RULESET_TITLES else ""


@pytest.fixture
def marked() -> Iterator[QTranslator]:
    translator = Marked()
    yield translator
    QCoreApplication.removeTranslator(translator)


def test_every_shipped_ruleset_title_is_translatable() -> None:
    assert {r.title for r in official_rulesets().values()} <= RULESET_TITLES


def test_a_games_rulesets_are_told_apart_by_their_titles_not_their_ids(qtbot: QtBot) -> None:
    panel = SidePanel(DEFAULT_CHIPS)
    qtbot.addWidget(panel)
    for game in ("roulette", "craps", "caribbean_stud", "sic_bo"):
        panel.select_game(game)
        ids = [str(panel.rulesets.itemData(i)) for i in range(panel.rulesets.count())]
        texts = [panel.rulesets.itemText(i) for i in range(panel.rulesets.count())]
        assert ids and len(set(texts)) == len(texts), texts
        assert not any(ruleset_id in text for ruleset_id in ids for text in texts), texts


def test_ruleset_list_follows_the_language(qtbot: QtBot, marked: QTranslator) -> None:
    panel = SidePanel(DEFAULT_CHIPS)
    qtbot.addWidget(panel)
    panel.show()
    panel.select_game("roulette")
    assert panel.rulesets.itemText(0) == "Roulette (single zero)"
    QCoreApplication.installTranslator(marked)  # a language switch
    qtbot.waitUntil(lambda: "«" in panel.rulesets.itemText(0))
    assert panel.rulesets.itemText(0) == "«Roulette (single zero)»"
    panel.select_game("craps")  # a list filled after the switch is translated too
    texts = [panel.rulesets.itemText(i) for i in range(panel.rulesets.count())]
    assert texts and all("«" in text for text in texts), texts
