"""What the live table leaves on the felt (pytest-qt, offscreen): payouts beside their bets,
clear of every other bet and on the cloth."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import perfect_steps
from dealer_trainer.drills.table.round import Ruled
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.ui.table import TableScreen
from tests.ui.table.stud_keys import deal_right
from tests.ui.table.test_table_screen import _screen


def _overlap(a: QRectF, b: QRectF) -> bool:
    return a.intersects(b) and a.intersected(b).width() > 0.5 and a.intersected(b).height() > 0.5


def _corners(rect: QRectF) -> list[tuple[float, float]]:
    return [
        (rect.left(), rect.top()),
        (rect.right(), rect.top()),
        (rect.left(), rect.bottom()),
        (rect.right(), rect.bottom()),
    ]


def _payouts_clear(screen: TableScreen, where: str) -> None:
    """Each payout on the felt covers no bet's chips (nor another payout), lies on the cloth
    and in the part of the felt the view shows."""
    scene = screen.view.felt_scene()
    felt = scene.felt
    shown = screen.view.mapToScene(screen.view.viewport().rect()).boundingRect()
    stacks = [
        badge.mapRectToScene(badge.badge_rect())
        for bet in screen.bets
        if (badge := screen.felt.badge(bet)) is not None and badge.isVisible()
    ]
    payouts = [p.mapRectToScene(p.badge_rect()) for p in screen.felt.payouts]
    for n, payout in enumerate(payouts):
        for stack in stacks:
            assert not _overlap(payout, stack), (where, "covers a bet", payout, stack)
        for other in payouts[n + 1 :]:
            assert not _overlap(payout, other), (where, "covers a payout", payout, other)
        for x, y in _corners(payout):
            assert felt.table.contains(x, y), (where, "off the cloth", payout)
        assert shown.contains(payout), (where, "out of sight", payout, shown)


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud", "sic_bo"])
def test_table_payouts_are_set_down_clear_of_every_bet_and_on_the_felt(
    qtbot: QtBot, game: str
) -> None:
    """A payout goes beside its bet: not over another bet's chips, nor another payout, nor
    over the felt's edge (it went a fixed step to the right of its bet, whatever lay there)."""
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed=11)
    paid = 0
    for played in range(ROUNDS):
        round_ = screen.round
        assert round_ is not None
        deal_right(qtbot, screen)  # Caribbean Stud: the deal and the calls first
        for step in perfect_steps(round_):
            if isinstance(step, Ruled):
                assert screen.rule(step.choice) is not None
                continue
            assert isinstance(step, Step)
            if step.action is Action.MARK:
                attempt = screen.do("mark")
            else:
                screen.take(step.target)
                if step.amount is not None:
                    screen.float.type_text(f"{step.amount:f}")
                    attempt = screen.do("progressive" if step.target.progressive else "pay")
                    paid += 1
                else:
                    attempt = screen.do(_ACTIONS[step.action])
            assert attempt is not None and attempt.accepted, (game, round_.seed, step)
            _payouts_clear(screen, f"{game} round {played} seed {round_.seed}")
        if not round_.finished:
            assert screen.do("settled") is not None
        screen.next_round()
    assert paid > ROUNDS  # the rounds had payouts to set down


ROUNDS = 15
_ACTIONS = {Action.COLLECT: "collect", Action.RETURN: "return", Action.MOVE: "move"}


@pytest.mark.parametrize("game", ["roulette", "craps"])
def test_table_a_crowded_felt_shows_every_bets_count_and_total(qtbot: QtBot, game: str) -> None:
    """However many bets a round deals, no bet's chips cover another's count and total, and
    every stack is in sight (on a crowded felt every stack went back onto its spot, over its
    neighbours' captions: one advanced roulette round in eight)."""
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed=0)
    shown = 0
    for _ in range(CROWDED_ROUNDS):
        round_ = screen.round
        assert round_ is not None
        in_sight = screen.view.mapToScene(screen.view.viewport().rect()).boundingRect()
        stacks = [b.mapRectToScene(b.badge_rect()) for b in screen.stage.badges if b.isVisible()]
        for n, stack in enumerate(stacks):
            for other in stacks[n + 1 :]:
                assert not _overlap(stack, other), (game, round_.seed, stack, other)
            assert in_sight.contains(stack), (game, round_.seed, stack, in_sight)
        shown += len(stacks)
        screen.next_round()
    assert shown > 3 * CROWDED_ROUNDS


CROWDED_ROUNDS = 40
