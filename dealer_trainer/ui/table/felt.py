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

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsLineItem

from dealer_trainer.drills.chips import stack
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound
from dealer_trainer.drills.table.craps import shooter
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.layouts.badges import Box, place
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.ui.drills.screen import SituationView
from dealer_trainer.ui.drills.situation import LEADER, FeltStage
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, ChipStackItem
from dealer_trainer.ui.felt.painting import qrect
from dealer_trainer.ui.table.bets import COLOUR_INKS, TableBet, table_bets

PAYOUT_OFFSET = CHIP_DIAMETER + 6  # mm beside a bet's stack, where no free place was found
EDGE = 4.0  # mm a payout keeps inside the cloth's edge and the part of the felt in sight
FAR = 1.6 * CHIP_DIAMETER  # mm: a payout set down further from its bet is led to it


def _box(rect: QRectF) -> Box:
    return Box(rect.x(), rect.y(), rect.width(), rect.height())


def _points(rect: QRectF, steps: int) -> list[tuple[float, float]]:
    """A grid of points over ``rect``, its corners and edges included (``steps`` a side)."""
    return [
        (rect.left() + rect.width() * i / steps, rect.top() + rect.height() * j / steps)
        for i in range(steps + 1)
        for j in range(steps + 1)
    ]


def felt_situation(round_: TableRound) -> dict[str, Any]:
    """What the drills' stage draws for a round: the request and the game's outcome."""
    request = round_.situation.request
    situation: dict[str, Any] = {"request": request}
    if round_.game == Game.ROULETTE:
        situation["spots"] = dict(round_.situation.spots)
    elif round_.game == Game.CRAPS:
        rolls = [e["roll"] for e in request["events"] if "roll" in e]
        situation["dice"] = rolls[-1]
    elif round_.game == Game.SIC_BO:
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
        self._leads: list[QGraphicsLineItem] = []  # from a bet to its payout set down apart

    def show_round(
        self, round_: TableRound, situation: dict[str, Any] | None = None
    ) -> list[TableBet]:
        """Stage the round as dealt (no step shown), or ``situation`` (what the drills' stage
        draws: Caribbean Stud's table as it will stand once dealt); its bets, in the order
        Tab follows."""
        for item in [*self._payouts, *self._rings, *self._leads]:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._payouts.clear()
        self._rings.clear()
        self._leads.clear()
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
        if round_.game == Game.CRAPS:
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
            payout = ChipStackItem((0.0, 0.0), scene.chips.chip_set, scene.caption_scale)
            payout.set_chips(chips)
            if badge is not None:
                payout.caption_item.setScale(badge.caption_item.scale())
            x, y = self._payout_place(bet, badge, payout)
            payout.setPos(x, y)
            scene.addItem(payout)
            self._payouts.append(payout)
            at = badge.pos() if badge is not None else QPointF(*scene.felt.spot(bet.spot_id).center)
            if QLineF(at, payout.pos()).length() > FAR:  # set down apart: a line to its bet
                lead = QGraphicsLineItem(QLineF(at, payout.pos()))
                pen = QPen(LEADER, 2.2 * payout.caption_item.scale())
                pen.setCapStyle(Qt.PenCapStyle.RoundCap)
                lead.setPen(pen)
                lead.setZValue(99)  # under the stacks
                lead.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
                scene.addItem(lead)
                self._leads.append(lead)

    @property
    def payouts(self) -> list[ChipStackItem]:
        """The payouts set down on the felt this round, in the order they were."""
        return list(self._payouts)

    def _payout_place(
        self, bet: TableBet, badge: ChipStackItem | None, payout: ChipStackItem
    ) -> tuple[float, float]:
        """Where a payout goes: beside its bet, as near as it can, on the cloth and in sight;
        clear of every bet's chips and caption, of the payouts set down before and of what
        the trainee reads (the marker, the dice, the cards, the jackpot); never on the spot
        of another bet still on the table, where it would read as a bet there."""
        scene = self.view.felt_scene()
        felt = scene.felt
        if badge is not None and badge.isVisible():
            x, y = badge.pos().x(), badge.pos().y()
        else:
            x, y = felt.spot(bet.spot_id).center
        stacks = [
            drawn.mapRectToScene(drawn.badge_rect())
            for other in self.bets
            if (drawn := self.badge(other)) is not None and drawn.isVisible()
        ]
        taken = [
            *stacks,
            *(p.mapRectToScene(p.badge_rect()) for p in self._payouts),
            *self.stage.obstacles(scene),
        ]
        cloth = qrect(felt.table.bounds)
        shown = self.view.focus_rect if self.view.focus_rect is not None else scene.sceneRect()
        area = shown.intersected(cloth).adjusted(EDGE, EDGE, -EDGE, -EDGE)
        extent = payout.badge_rect()
        others = {
            other.spot_id
            for other in self.bets
            if other.spot_id != bet.spot_id
            and (drawn := self.badge(other)) is not None
            and drawn.isVisible()
        }

        def on_cloth(_index: int, cx: float, cy: float) -> bool:
            box = extent.translated(cx, cy)
            return all(felt.table.contains(px, py) for px, py in _points(box, 2))

        def off_other_bets(index: int, cx: float, cy: float) -> bool:
            box = extent.translated(cx, cy)
            return on_cloth(index, cx, cy) and not any(
                (spot := felt.spot_at(px, py)) is not None and spot.id in others
                for px, py in _points(box, 4)
            )

        for allowed in (off_other_bets, on_cloth):  # crowded: at least on the cloth, clear
            try:
                [(px, py)] = place(
                    [(x, y)],
                    [_box(extent)],
                    [_box(rect) for rect in taken],
                    _box(area),
                    allowed,
                )
            except ValueError:
                continue
            return px, py
        return x + max(PAYOUT_OFFSET, extent.width() + 6), y  # nowhere free: beside, as before
