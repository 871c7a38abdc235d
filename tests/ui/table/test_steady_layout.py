"""The live table keeps its layout still while the dealer works (pytest-qt, offscreen).

A felt resized by a step is drawn again whole, and a step list laid out again wraps every
row: the two costs a dealer could feel between a key and its feedback.  The felt keeps its
size when an irregularity arises and is ruled; the step list measures each row once; the
lines above the list keep their tallest height.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QListWidgetItem
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import deals_irregularities, new_round
from dealer_trainer.rules.procedure import Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.table.steady import SteadyLabel
from dealer_trainer.ui.table.step_list import StepList
from tests.ui.table.test_table_screen import _do, _screen

pytestmark = pytest.mark.irregular  # the table's own rates of irregularities

LONG = "A long step: " + " ".join(["the payout built from the float"] * 6)


def _seed_with_irregularity(game: str) -> int:
    ruleset = default_ruleset(game)
    return next(s for s in range(500) if new_round(ruleset, s, Difficulty.ADVANCED).irregularities)


def _settled() -> None:
    QApplication.processEvents()  # the layouts settle on posted events


@pytest.mark.parametrize("game", ["roulette", "craps", "sic_bo"])
def test_the_felt_keeps_its_size_when_an_irregularity_arises_and_is_ruled(
    qtbot: QtBot, game: str
) -> None:
    """Every step of an advanced round with an irregularity, its ruling included, leaves
    the felt's view at one size (the side panel has its ruling width from the start)."""
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed=_seed_with_irregularity(game))
    round_ = screen.round
    assert round_ is not None
    _settled()
    sizes = {screen.view.size().toTuple()}
    ruled = 0
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            with qtbot.waitSignal(screen.stepJudged, timeout=2000):
                screen.rule(pending.right.id)
            ruled += 1
        else:
            missing = round_.missing()
            if not missing:
                with qtbot.waitSignal(screen.stepJudged, timeout=2000):
                    screen.do("settled")
                break
            step = missing[0]
            assert isinstance(step, Step)
            assert _do(qtbot, screen, step).accepted
        _settled()
        sizes.add(screen.view.size().toTuple())
    assert ruled >= 1
    assert len(sizes) == 1, sizes


def test_the_side_panel_is_as_wide_as_a_ruling_needs_where_the_level_deals_one(
    qtbot: QtBot,
) -> None:
    """The panel's width is given once: wider where the table can deal an irregularity
    (every level of Caribbean Stud, Art. 11; the other games from intermediate)."""
    assert not deals_irregularities("roulette", Difficulty.BEGINNER)
    assert deals_irregularities("roulette", Difficulty.INTERMEDIATE)
    assert deals_irregularities("caribbean_stud", Difficulty.BEGINNER)
    narrow = _screen(qtbot, "roulette", Difficulty.BEGINNER, seed=1)
    wide = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed=1)
    _settled()
    assert narrow.irregular.parentWidget().minimumWidth() == 330
    assert wide.irregular.parentWidget().minimumWidth() == 430


def test_a_step_row_is_measured_once_and_again_when_the_list_narrows(qtbot: QtBot) -> None:
    """Each row keeps the height it was laid out at (an older row is not wrapped again
    when a row is added); a narrower list wraps the rows again, taller."""
    steps = StepList()
    qtbot.addWidget(steps)
    steps.resize(600, 400)
    steps.show()
    qtbot.waitExposed(steps)
    rows = []
    for n in range(12):
        row = QListWidgetItem(f"{n}. {LONG}")
        steps.add(row)
        rows.append(row)
    heights = [row.data(Qt.ItemDataRole.SizeHintRole).height() for row in rows]
    assert all(h == steps.visualItemRect(r).height() for h, r in zip(heights, rows, strict=True))
    assert steps.verticalScrollBar().value() == steps.verticalScrollBar().maximum()  # newest
    steps.resize(300, 400)
    _settled()
    narrower = [row.data(Qt.ItemDataRole.SizeHintRole).height() for row in rows]
    assert all(n > h for n, h in zip(narrower, heights, strict=True))


def test_a_steady_label_keeps_its_tallest_height_until_its_width_changes(qtbot: QtBot) -> None:
    """A shorter text keeps the height a longer one needed; a new width learns it anew."""
    label = SteadyLabel()
    qtbot.addWidget(label)
    label.resize(300, 20)
    label.show()
    qtbot.waitExposed(label)
    label.setText("Short.")
    one_line = label.minimumHeight()
    label.setText(LONG)
    tall = label.minimumHeight()
    assert tall > one_line
    label.setText("Short.")
    assert label.minimumHeight() == tall
    label.resize(900, label.height())
    _settled()
    assert label.minimumHeight() < tall
