"""The right order in the feedback says which steps collect and which pay.

"1. Split 28-29 — 15, Split 7-8 — 125 (in any order)  2. Dozen 1 (1–12) — 100 …" read as
if the two losing splits were paid first; the rules core's procedure tells the two
apart, and each step now says "Collect:" or "Pay:".
"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty, ItemSpec
from dealer_trainer.drills.sessions import DrillSession, Mode
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.kit.rendering import join_names
from tests.ui.drills.conftest import open_screen


@pytest.mark.parametrize(
    ("skill", "seed", "collected", "paid"),
    [
        (
            "roulette.pay_order",
            2,
            "Collect: Split 28-29 — 15, Split 7-8 — 125",
            "Pay: Dozen 1 (1–12) — 100",
        ),
        ("craps.pay_order", 2, "Collect: ", "Pay: "),
    ],
)
def test_right_order_names_collect_and_pay(
    qtbot: QtBot, skill: str, seed: int, collected: str, paid: str
) -> None:
    spec = ItemSpec(skill, seed, Difficulty.INTERMEDIATE)
    controller = DrillController(DrillSession(Mode.PRACTICE, lambda i: spec if i == 0 else None))
    screen = open_screen(qtbot, controller)
    item = controller.item
    assert item is not None
    flat = tuple(bet for group in item.expected.order for bet in group)
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(order=flat[::-1]))
    shown = screen.feedback.answer.text()
    lines = shown.splitlines()
    assert lines[1].startswith("1. " + collected), shown
    assert any(line.startswith("2. " + paid) for line in lines), shown
    assert all(("Collect: " in line) != ("Pay: " in line) for line in lines[1:]), shown


def test_lists_in_the_answer_use_the_readers_list_comma(tmp_path: Path) -> None:
    """In Chinese the bets of one step are joined with 「、」, as in the worked solution."""
    assert join_names(["A", "B", "C"]) == "A, B, C"
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language("zh_Hant", remember=False)
    try:
        assert join_names(["A", "B", "C"]) == "A、B、C"
    finally:
        manager.set_language("en", remember=False)
