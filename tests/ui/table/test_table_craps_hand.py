"""Craps at the live table through its widgets (pytest-qt, offscreen): a scripted dealer
settles throw after throw of a shooter's hand at one table (issue 35).  The bets a throw
left stay on the felt where they lie (come bets on their come-point boxes, odds behind
them), the puck turns ON and OFF, and the panel says where the hand stands: the point
and the shooter's throw, a point made, a seven-out and the new shooter's come-out."""

from __future__ import annotations

from itertools import islice
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound, table_run
from dealer_trainer.drills.table.craps import shooter
from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps import irregular as craps_irregular
from dealer_trainer.rules.procedure import Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.table import TableScreen
from tests.ui.table.test_table_screen import _do, _settle

CRAPS = default_ruleset("craps")
#: A run whose first rounds have a point made, a come-out that sets a point, a seven-out
#: and a new shooter, with come bets moved on the way (the engine's tests check the run).
SEED = 9
THROWS = 7


def _screen(qtbot: QtBot) -> TableScreen:
    screen = TableScreen(CRAPS, Difficulty.ADVANCED, seed=SEED, timed=False)
    qtbot.addWidget(screen)
    screen.resize(1366, 728)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _felt_shows_the_table_as_the_dice_landed(screen: TableScreen, round_: TableRound) -> None:
    request = craps_irregular.before_last_roll(round_.situation.request)
    table = api.replay(request, CRAPS)
    staged = {bet.bet_id: bet.spot_id for bet in screen.stage.bets}
    for state in table.open_bets():
        assert screen.stage.badge_of(str(state.id)) is not None, state.id
        if state.kind.value in ("come", "dont_come") and state.point is not None:
            assert staged[str(state.id)] == f"{state.kind.value}-{state.point}"
        if state.kind.value == "odds" and state.bet.on is not None:
            assert staged[str(state.id)] == f"{staged[str(state.bet.on)]}-odds"
    assert screen.view.felt_scene().markers["puck"].number == table.point


def test_craps_table_a_dealer_settles_a_shooters_hand_throw_after_throw(qtbot: QtBot) -> None:
    screen = _screen(qtbot)
    expected = list(islice(table_run(CRAPS, SEED, Difficulty.ADVANCED), THROWS))
    calls: list[str] = []
    for k, planned in enumerate(expected):
        round_ = screen.round
        assert round_ is not None
        assert round_.situation == planned.situation  # the run of the screen's seed
        hand = shooter(round_.situation.request, CRAPS)
        said = screen.outcome.text()
        if hand.point is not None:
            assert f"Point {hand.point} — throw {hand.throw} of this shooter" in said, said
        elif hand.throw == 1:
            assert "Come-out roll — new shooter" in said, said
        else:
            assert f"Come-out roll — throw {hand.throw} of this shooter" in said, said
        _felt_shows_the_table_as_the_dice_landed(screen, round_)
        for step in list(round_.missing()):
            assert isinstance(step, Step)
            assert _do(qtbot, screen, step).accepted, (k, step)
        if not round_.finished:  # a throw that decided nothing: the dealer says so
            assert _settle(qtbot, screen).accepted
        assert round_.summary().complete
        puck = screen.view.felt_scene().markers["puck"].number
        assert puck == hand.point_after  # turned ON on the point, or OFF
        if hand.seven_out:
            calls.append("seven-out")
            assert "Seven-out: new shooter." in said
        elif hand.point_made:
            calls.append("made")
            assert "Point made" in said
        if k < THROWS - 1:
            with qtbot.waitSignal(screen.roundStarted, timeout=2000):
                qtbot.keyClick(screen, Qt.Key.Key_Return)  # the next throw
            following = screen.round
            assert following is not None
            old = list(round_.situation.request["events"])
            new = list(following.situation.request["events"])
            if hand.seven_out:
                assert sum("roll" in e for e in new) == 1  # a new shooter's come-out
            else:
                assert new[: len(old)] == old  # the same table, its history kept
    assert "made" in calls and "seven-out" in calls


def test_craps_table_the_hand_is_said_in_each_language(qtbot: QtBot, tmp_path: Path) -> None:
    """The hand's words are the translations', not English, in Portuguese and Chinese."""
    screen = _screen(qtbot)
    english = screen.outcome.text()
    manager = LanguageManager(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    try:
        for code, words in (("pt", ("Ponto", "lançador")), ("zh_Hant", ("點數", "擲骰者"))):
            manager.set_language(code, remember=False)
            screen.retranslate()
            shown = screen.outcome.text()
            assert all(word in shown for word in words) and shown != english, (code, shown)
    finally:
        manager.set_language("en", remember=False)
        screen.retranslate()
