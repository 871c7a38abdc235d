"""A drill item's table situation, drawn on the felt of its game.

Roulette: the stakes on the spots of ``situation["spots"]`` and the dolly on
the winning number.  Craps: the shooter's hand replayed through the rules core
up to the throw in question, so every bet sits on its spot (a come bet on its
come point, odds behind the bet they back), the puck on the point and the
dice of the throw.  Caribbean Stud: the cards face up where the question needs
them, the ante and raise of each box and the progressive pool.

:class:`FeltStage` keeps one scene per felt and restages it for each item;
:meth:`FeltStage.bets` names the bets a trainee may click (for pay-order
questions), each with the spot it lies on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QRectF

from dealer_trainer.drills import DrillItem
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.chips import TableChips
from dealer_trainer.layouts.model import CardPlace, JackpotDisplay
from dealer_trainer.rules.caribbean_stud.table import RAISE_MULTIPLE
from dealer_trainer.rules.rulesets import Ruleset, get_ruleset, resolve_ruleset
from dealer_trainer.ui.bet_names import bet_name
from dealer_trainer.ui.drills.rendering import DRILL_CHIPS, format_money
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, ChipStackItem, DiceItem
from dealer_trainer.ui.felt.painting import qrect
from dealer_trainer.ui.felt.scene import FeltScene

DICE_SCALE = 2.6  # thrown dice drawn larger than life, to be read at a glance

_SUITS = {"S": ("♠", False), "H": ("♥", True), "D": ("♦", True), "C": ("♣", False)}


def card_html(code: str) -> str:
    """``"TD"`` → a red ``10♦`` (rich text for labels)."""
    rank = "10" if code[0] == "T" else code[0]
    suit, red = _SUITS[code[1]]
    colour = "#c62828" if red else "#111111"
    return f'<span style="color:{colour}; font-weight:700">{rank}{suit}</span>'


def hands_html(cards: Mapping[str, list[str]]) -> str:
    """Each hand of the situation on a line: ``Dealer: A♠ K♠ …``, ``Box 4: …``."""
    lines = []
    for owner, codes in cards.items():
        if owner == "dealer":
            name = QCoreApplication.translate("drills", "Dealer")
        else:
            name = QCoreApplication.translate("drills", "Box %1").replace(
                "%1", owner.removeprefix("box-")
            )
        lines.append(f"<b>{name}:</b> " + " ".join(card_html(c) for c in codes))
    return "<br>".join(lines)


@dataclass(frozen=True)
class StagedBet:
    """A bet of the situation: its id in the rules request, where it lies, what it is."""

    bet_id: str
    spot_id: str
    amount: Decimal
    name: str

    @property
    def label(self) -> str:
        return (
            QCoreApplication.translate("drills", "%1 — %2")
            .replace("%1", self.name)
            .replace("%2", format_money(self.amount))
        )


def _ruleset_of(item: DrillItem) -> Ruleset:
    raw = item.situation["request"].get("ruleset")
    if item.game == "roulette" and isinstance(raw, Mapping):
        return resolve_ruleset("roulette", raw)
    return get_ruleset(item.ruleset)


def _craps_spot(state: Any) -> str:
    """The craps felt spot of a bet state (``come-6``, ``pass-odds``, ``hard-8`` …)."""
    from dealer_trainer.rules.craps.model import BetKind  # noqa: PLC0415 (craps only)

    kind = state.kind
    if kind in (BetKind.COME, BetKind.DONT_COME):
        return str(kind) if state.point is None else f"{kind}-{state.point}"
    if kind in (BetKind.HARD, BetKind.BIG):
        return f"{kind}-{state.bet.number}"
    return str(kind)


def craps_bets(
    request: Mapping[str, Any], ruleset: Ruleset, *, before_last_roll: bool
) -> tuple[int | None, list[tuple[str, str, Decimal]]]:
    """The point and the bets (id, spot, amount) on the table, replayed by the rules core.

    With ``before_last_roll`` the table is shown as it stood when the last
    throw landed: that throw is the one the question is about.
    """
    from dealer_trainer.rules.craps.api import replay  # noqa: PLC0415 (craps only)

    events = list(request["events"])
    if before_last_roll:
        last = max((i for i, e in enumerate(events) if "roll" in e), default=None)
        if last is not None:
            events = events[:last]
    table = replay({**request, "events": events}, ruleset)
    spots: dict[str, str] = {}
    placed = []
    for state in table.bets:
        if not state.is_open:
            continue
        if str(state.kind) == "odds" and state.bet.on is not None:
            spot = f"{spots.get(state.bet.on, 'pass')}-odds"
        else:
            spot = _craps_spot(state)
        spots[state.id] = spot
        placed.append((state.id, spot, state.bet.amount))
    return table.point, placed


def _at_least(area: QRectF, scene: FeltScene, share: float) -> QRectF:
    """``area`` grown about its centre to ``share`` of the felt at least, kept on the table."""
    felt = scene.felt
    width = max(area.width(), felt.width * share)
    height = max(area.height(), felt.height * share)
    grown = QRectF(0, 0, width, height)
    grown.moveCenter(area.center())
    table = scene.sceneRect()
    grown.moveLeft(max(table.left(), min(grown.left(), table.right() - width)))
    grown.moveTop(max(table.top(), min(grown.top(), table.bottom() - height)))
    return grown


class FeltStage(QObject):
    """The felts of the drills, one scene per game and ruleset print, restaged per item."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._scenes: dict[tuple[str, str, tuple[tuple[str, Any], ...]], FeltScene] = {}
        self._bets: list[StagedBet] = []
        self._extra: list[tuple[FeltScene, ChipStackItem]] = []
        #: The part of the felt the item is about (scene mm), or ``None`` for all of it.
        self.focus: QRectF | None = None

    def scene_for(self, item: DrillItem) -> FeltScene:
        ruleset = _ruleset_of(item)
        key = (item.game, ruleset.id, tuple(sorted((k, str(v)) for k, v in ruleset.values.items())))
        scene = self._scenes.get(key)
        if scene is None:
            felt = felt_for(item.game, ruleset)
            scene = FeltScene(felt, TableChips(felt.spot_ids, DRILL_CHIPS), self)
            self._scenes[key] = scene
        return scene

    @property
    def bets(self) -> list[StagedBet]:
        """The bets drawn for the current item, in the order of the request."""
        return list(self._bets)

    def stage(self, item: DrillItem) -> FeltScene:
        """Clear the item's felt and draw its situation on it."""
        scene = self.scene_for(item)
        scene.chips.clear()
        for owner, stack in self._extra:
            owner.removeItem(stack)
        self._extra.clear()
        scene.clear_cards()
        scene.show_roll(None)
        for kind in scene.markers:
            scene.set_marker(kind, None)
        if item.game == "caribbean_stud":
            scene.set_jackpot(None)
        self._bets = []
        self.focus = None
        situation = item.situation
        if item.game == "roulette":
            self._stage_roulette(scene, situation)
        elif item.game == "craps":
            self._stage_craps(scene, situation, _ruleset_of(item))
        else:
            self._stage_stud(scene, situation)
        return scene

    # ---------------------------------------------------------------- games --
    def _put(self, scene: FeltScene, bet_id: str, spot_id: str, amount: Decimal) -> None:
        """One bet's chips: on the spot, or beside the others when the spot already has a bet."""
        try:
            chips = DRILL_CHIPS.breakdown(amount)
        except ValueError:  # cents no chip can show: the bet list gives the exact stake
            chips = DRILL_CHIPS.breakdown(amount.to_integral_value(rounding=ROUND_FLOOR))
        others = sum(1 for b in self._bets if b.spot_id == spot_id)
        if not others:
            for value in chips:
                scene.place_chip(spot_id, value)
        else:  # another player's bet on the same spot: its own stack, beside the first
            x, y = scene.felt.spot(spot_id).center
            stack = ChipStackItem((x + others * CHIP_DIAMETER * 1.15, y), DRILL_CHIPS)
            stack.set_chips(chips)
            scene.addItem(stack)
            self._extra.append((scene, stack))
        self._bets.append(
            StagedBet(bet_id, spot_id, amount, bet_name(scene.felt.spot(spot_id), scene.felt))
        )

    def _stage_roulette(self, scene: FeltScene, situation: Mapping[str, Any]) -> None:
        spots: Mapping[str, str] = situation.get("spots", {})
        for bet in situation["request"].get("bets", []):
            self._put(scene, bet["id"], spots[bet["id"]], Decimal(bet["amount"]))
        marker = situation.get("marker", situation.get("previous_number"))
        if isinstance(marker, int):
            scene.set_marker("dolly", marker)
        if self._bets:  # the betting layout without the wheel: the chips read larger
            bounds = QRectF()
            for spot in scene.felt.spots:
                bounds = bounds.united(qrect(spot.shape.bounds))
            self.focus = bounds.adjusted(-30, -30, 30, 30)

    def _stage_craps(
        self, scene: FeltScene, situation: Mapping[str, Any], ruleset: Ruleset
    ) -> None:
        request = situation["request"]
        dice = situation.get("dice")
        point: int | None = situation.get("point")
        if "events" in request:
            point, placed = craps_bets(request, ruleset, before_last_roll=dice is not None)
            for bet_id, spot_id, amount in placed:
                self._put(scene, bet_id, spot_id, amount)
        scene.set_marker("puck", point)
        if dice:
            faces = tuple(int(d[0]) if isinstance(d, list) else int(d) for d in dice)
            # In the open Come area, drawn large: the throw is what the question is about.
            come = scene.felt.spot("come").shape.bounds  # right of the Come chips
            scene.show_roll(faces, at=(come.x + come.w * 0.8, come.y + come.h / 2))
            for shown in scene.items():
                if isinstance(shown, DiceItem):
                    shown.setScale(DICE_SCALE)

    def _stage_stud(self, scene: FeltScene, situation: Mapping[str, Any]) -> None:
        cards: Mapping[str, list[str]] = situation.get("cards", {})
        for owner, codes in cards.items():
            scene.deal(owner, list(codes))
        for box in situation.get("boxes", []):  # a dealing question: the boxes that play
            scene.deal(f"box-{int(box)}", [None] * 5)
        request = situation["request"]
        for box in request.get("boxes", []):
            number = int(box["box"])
            ante = Decimal(box["ante"])
            self._put(scene, f"box-{number}", f"box-{number}-ante", ante)
            if box.get("decision") == "raise":
                raised = Decimal(box["raise"]) if "raise" in box else RAISE_MULTIPLE * ante
                self._put(scene, f"box-{number}-raise", f"box-{number}-raise", raised)
        pool = situation.get("pool")
        if pool is not None:
            scene.set_jackpot(Decimal(pool))
        # Close in on the hands the question is about, the boxes' bets and the pool.
        bounds = QRectF()
        for fixture in scene.felt.fixtures:
            if isinstance(fixture, CardPlace) and fixture.owner in cards:
                bounds = bounds.united(qrect(fixture.shape.bounds))
            elif isinstance(fixture, JackpotDisplay) and pool is not None:
                bounds = bounds.united(qrect(fixture.shape))
        for bet in self._bets:
            bounds = bounds.united(qrect(scene.felt.spot(bet.spot_id).shape.bounds))
        if not bounds.isEmpty():
            self.focus = _at_least(bounds.adjusted(-90, -60, 90, 90), scene, 0.6)
