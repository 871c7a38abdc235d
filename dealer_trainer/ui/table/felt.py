"""The live table's layer on the drills' felt: a round staged, and each step shown on it.

One home for drawing a round, shared by the table screen (as the trainee deals)
and the replay (a stored round, step by step): the round's situation on the
drills' :class:`FeltStage` (the same scene, the same chip stacks), the players'
colours as rings round their stacks, and after a step its mark on the felt:
collected and returned chips go, a payout is set down beside its bet, the
marker is placed, a come bet moves to its point.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem

from dealer_trainer.drills.chips import stack
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound
from dealer_trainer.drills.table.craps import shooter
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.ui.drills.screen import SituationView
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, ChipStackItem
from dealer_trainer.ui.table.bets import COLOUR_INKS, TableBet, table_bets

PAYOUT_OFFSET = CHIP_DIAMETER + 6  # mm beside a bet's stack, where its payout is set down


def felt_situation(round_: TableRound) -> dict[str, Any]:
    """What the drills' stage draws for a round: the request and the game's outcome."""
    request = round_.situation.request
    situation: dict[str, Any] = {"request": request}
    if round_.game == "roulette":
        situation["spots"] = dict(round_.situation.spots)
    elif round_.game == "craps":
        rolls = [e["roll"] for e in request["events"] if "roll" in e]
        situation["dice"] = rolls[-1]
    elif round_.game == "sic_bo":
        situation["spots"] = dict(round_.situation.spots)
        situation["dice"] = list(request["outcome"]["dice"])
        situation["lit"] = True  # the dice are keyed in: the layout lights the winners
    elif isinstance(round_, StudRound):  # dealt from the first card: the table as it stands
        situation = {"request": round_.table_request(), "cards": round_.visible_cards()}
        progressive = request.get("progressive")
        if progressive:
            situation["pool"] = progressive["pool"]
    else:
        cards = {"dealer": list(request["dealer"])}
        for box in request["boxes"]:
            cards[f"box-{int(box['box'])}"] = list(box["cards"])
        situation["cards"] = cards
        progressive = request.get("progressive")
        if progressive:
            situation["pool"] = progressive["pool"]
    return situation


class TableFelt:
    """A round's bets on a felt view, and the marks its steps leave there."""

    def __init__(
        self, stage: FeltStage, view: SituationView, ruleset: Ruleset, difficulty: Difficulty
    ) -> None:
        self.stage = stage
        self.view = view
        self.ruleset = ruleset
        self.difficulty = difficulty
        self.bets: list[TableBet] = []
        self._payouts: list[ChipStackItem] = []
        self._rings: list[QGraphicsEllipseItem] = []

    def show_round(
        self, round_: TableRound, situation: dict[str, Any] | None = None
    ) -> list[TableBet]:
        """Stage the round as dealt (no step shown), or ``situation`` (what the drills' stage
        draws: Caribbean Stud's table as it will stand once dealt); its bets, in the order
        Tab follows."""
        for item in [*self._payouts, *self._rings]:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._payouts.clear()
        self._rings.clear()
        scene = self.stage.stage_situation(
            round_.game,
            self.ruleset,
            int(self.difficulty),
            situation if situation is not None else felt_situation(round_),
        )
        if self.view.scene() is not scene:
            self.view.set_felt_scene(scene)
        self.view.focus_rect = self.stage.focus
        self.view.fit()
        self.bets = table_bets(round_, scene)
        for bet in self.bets:
            badge = self.badge(bet)
            if bet.colour is not None and badge is not None:
                # The player's colour: a ring round the stack's foot, as colour chips read.
                r = CHIP_DIAMETER / 2 + 4
                ring = QGraphicsEllipseItem(QRectF(-r, -r, 2 * r, 2 * r), badge)
                ring.setPen(QPen(QColor(COLOUR_INKS[bet.colour]), 5))
                ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))
                ring.setFlag(ring.GraphicsItemFlag.ItemStacksBehindParent)
                self._rings.append(ring)
        return self.bets

    def show_settled(self, round_: TableRound) -> None:
        """The felt once the round is settled: craps's puck turned to the point the throw
        left (ON), or OFF after the point is made or a seven-out."""
        if round_.game == "craps":
            after = shooter(round_.situation.request, round_.ruleset).point_after
            self.view.felt_scene().set_marker("puck", after)

    def badge(self, bet: TableBet) -> ChipStackItem | None:
        """The bet's chip stack on the felt (``None``: a progressive bet, drawn as its spot)."""
        target = bet.target
        if target.bet is not None:
            return self.stage.badge_of(str(target.bet))
        if target.progressive:
            return None
        suffix = "" if target.spot == "ante" else "-raise"
        return self.stage.badge_of(f"box-{target.box}{suffix}")

    def bet_of(self, step: Step) -> TableBet | None:
        for bet in self.bets:
            if bet.target == step.target:
                return bet
        return None

    def show_step(self, step: Step | DealerCall, bet: TableBet | None = None) -> None:
        """The felt after a step: collected and returned chips go, a payout is set beside
        (a dealer's call of Caribbean Stud's deal: its panel draws the cards)."""
        if isinstance(step, DealerCall):
            return
        scene = self.view.felt_scene()
        if step.action is Action.MARK:
            scene.set_marker("dolly", step.number)
            return
        bet = bet if bet is not None else self.bet_of(step)
        if bet is None:
            return
        badge = self.badge(bet)
        if step.action in (Action.COLLECT, Action.RETURN) and badge is not None:
            badge.setVisible(False)  # to the bank, or back to the player
            for leader in self.stage.leaders_of(badge):
                leader.setVisible(False)
        elif step.action is Action.MOVE and badge is not None:
            spot_id = f"{bet.spot_id}-{step.to}"
            if spot_id in scene.felt:
                x, y = scene.felt.spot(spot_id).center
                badge.setPos(x, y)
        elif step.action in (Action.PAY, Action.PROGRESSIVE) and step.amount:
            chips = stack(step.amount, self.ruleset, int(self.difficulty)) or stack(
                step.amount, self.ruleset, None
            )
            if badge is not None:  # beside the bet and clear of its caption
                offset = max(PAYOUT_OFFSET, badge.badge_rect().width() + 6)
                x, y = badge.pos().x() + offset, badge.pos().y()
            else:
                x, y = scene.felt.spot(bet.spot_id).center
                x += PAYOUT_OFFSET
            payout = ChipStackItem((x, y), scene.chips.chip_set, scene.caption_scale)
            payout.set_chips(chips)
            if badge is not None:
                payout.caption_item.setScale(badge.caption_item.scale())
            scene.addItem(payout)
            self._payouts.append(payout)
