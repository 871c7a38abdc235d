"""Sic Bo's irregularities through the real widgets (pytest-qt, offscreen), each a house rule
since the Sic Bo regulation is not on file: the throw drawn on the felt before it is read
(the layout dark, the round's dice hidden), a dealer who reads a void throw or accepts a bet
after "no more bets" stopped at once with the mistake's code and the house rule named in
words (practice), and scored as an irregularity without a word while dealing, the replay
naming the ruling (exam)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import Attempt, TableRound
from dealer_trainer.drills.table.exam import StepKind
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.sic_bo import irregular as sic_bo
from dealer_trainer.ui.felt.items import DiceItem
from dealer_trainer.ui.table import TableScreen
from tests.ui.table.test_table_irregular import _rule_by_keys, _seed_with, _taken_in_hand
from tests.ui.table.test_table_screen import _do, _screen, _settle

pytestmark = pytest.mark.irregular


def _with_a_step(round_: TableRound) -> bool:
    return bool(round_.missing())


#: The mistakes a dealer makes at a Sic Bo irregularity: (event, how it is made, its code).
MISTAKES = {
    "late_bet_accepted": (sic_bo.LATE_BET, "accept", "accepted_late_bet"),
    "late_bet_settled_with": (sic_bo.LATE_BET, "step", "accepted_late_bet"),
    "early_opening_read": (sic_bo.OPENED_EARLY, "let_them_rest", "read_dice_opened_early"),
    "void_throw_settled": (sic_bo.OPENED_EARLY, "step", "settled_void_throw"),
    "leaning_die_read": (sic_bo.DIE_COCKED, "read_top", "read_a_cocked_die"),
    "unshaken_dice_read": (sic_bo.NOT_SHAKEN, "read", "settled_void_throw"),
    "unshaken_no_call": (sic_bo.NOT_SHAKEN, "shake_now", "no_throw_not_called"),
}


def _make(qtbot: QtBot, screen: TableScreen, how: str) -> Attempt:
    round_ = screen.round
    assert round_ is not None
    if how == "step":
        return _do(qtbot, screen, round_.missing()[0])
    return _rule_by_keys(qtbot, screen, how)


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_table_sic_bo_house_rule_practice_stops_a_wrong_ruling_naming_the_house_rule(
    qtbot: QtBot, mistake: str
) -> None:
    event, how, code = MISTAKES[mistake]
    screen = _screen(
        qtbot, "sic_bo", Difficulty.ADVANCED, _seed_with("sic_bo", event, _with_a_step)
    )
    round_ = screen.round
    assert round_ is not None and round_.pending() is not None
    attempt = _make(qtbot, screen, how)
    assert not attempt.accepted and attempt.verdict.code == code
    assert isinstance(attempt.verdict.citation, HouseReference)  # no article: the house's
    assert str(attempt.verdict.citation) == "sic-bo-house house ruling"
    assert screen.message.isVisible() and screen.message.objectName() == "refusal"
    said = screen.message.text()
    assert "house ruling" in said and "Art." not in said
    listed = screen.steps.item(screen.steps.count() - 1).text()
    assert listed.startswith("✗") and "house ruling" in listed
    if how != "step":  # a ruling: what it rests on, in words
        assert "House ruling (the regulation's articles are not on file)" in listed
        assert "leaves" not in listed and "sic-bo-house" not in listed
        assert "not on file" in listed
    assert round_.pending() is not None and screen.irregular.isVisible()  # rule again
    assert round_.done == []
    pending = round_.pending()
    assert pending is not None
    assert _rule_by_keys(qtbot, screen, pending.right.id).accepted


@pytest.mark.parametrize("event", [sic_bo.OPENED_EARLY, sic_bo.DIE_COCKED, sic_bo.NOT_SHAKEN])
def test_table_sic_bo_house_rule_a_void_throw_is_drawn_before_the_dice_are_read(
    qtbot: QtBot, event: str
) -> None:
    seed = _seed_with("sic_bo", event, lambda r: len(r.irregularities) == 1)
    screen = _screen(qtbot, "sic_bo", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    scene = screen.view.felt_scene()
    pending = round_.pending()
    assert pending is not None and pending.event == event
    assert scene.lit == ()  # the layout lights nothing before the throw is read
    drawn = [i for i in scene.items() if isinstance(i, DiceItem) and i.isVisible()]
    faces = sorted(f for d in drawn for f in d.faces)
    assert faces == sorted(int(d) for d in pending.detail["dice"])  # the void throw's dice
    assert screen.irregular.title.text().endswith(sic_bo.EVENT_TITLES[event])
    assert _rule_by_keys(qtbot, screen, "no_throw").accepted
    assert round_.pending() is None
    lit = set(round_.work.lit)  # type: ignore[attr-defined]
    assert set(scene.lit) == lit  # the new throw read: its winning areas lit
    shown = [i for i in scene.items() if isinstance(i, DiceItem) and i.isVisible()]
    throw = sorted(int(d) for d in round_.situation.request["outcome"]["dice"])
    assert sorted(f for d in shown for f in d.faces) == throw
    assert screen.outcome.isVisible() and str(sum(throw)) in screen.outcome.text()


@pytest.mark.parametrize("mistake", ["late_bet_accepted", "leaning_die_read"])
def test_table_sic_bo_house_rule_an_exam_scores_the_irregularity_and_the_replay_names_it(
    qtbot: QtBot, mistake: str
) -> None:
    event, how, code = MISTAKES[mistake]
    seed = _seed_with("sic_bo", event)
    screen = _screen(qtbot, "sic_bo", Difficulty.ADVANCED, seed=0)
    screen.seed, screen.dealt = seed, 0  # the exam's first round is this seed
    screen.start_exam(1, Fraction(4, 5))
    round_ = screen.round
    assert round_ is not None and round_.seed == seed and round_.pending() is not None
    attempt = _make(qtbot, screen, how)
    assert not attempt.accepted and attempt.verdict.code == code
    assert not screen.message.isVisible()  # no verdict while dealing
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            _rule_by_keys(qtbot, screen, pending.right.id)
        elif round_.missing():
            _taken_in_hand(qtbot, screen, round_.missing()[0])
        else:
            _settle(qtbot, screen)
    with qtbot.waitSignal(screen.examFinished, timeout=5000) as finished:
        qtbot.keyClick(screen, Qt.Key.Key_N)
    result = finished.args[0]
    assert result.rounds[0].codes.get(code) == 1
    tally = result.by_kind[StepKind.IRREGULARITY]
    assert tally.out_of == len(round_.irregularities) and tally.right == tally.out_of - 1
    replay = screen.results.replay_view  # type: ignore[union-attr]
    texts = [replay.steps.item(i).text() for i in range(replay.steps.count())]
    wrong = next(t for t in texts if t.startswith("✗"))
    label = next(c.label.english() for c in round_.irregularities[0].choices if c.id == how)
    assert f"Ruling: {label}" in wrong  # the ruling by its words, never its id
    assert "house ruling" in wrong and "Art." not in wrong
