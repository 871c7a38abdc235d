"""A drill item's table situation, drawn on the felt of its game.

Roulette: the stakes on the spots of ``situation["spots"]`` and the dolly on
the winning number.  Craps: the shooter's hand replayed through the rules core
up to the throw in question, so every bet sits on its spot (a come bet on its
come point, odds behind the bet they back), the puck on the point and the
dice of the throw.  Caribbean Stud: the cards face up where the question needs
them, fanned so each card's rank and suit show, the ante and raise of each box,
the progressive chip of each box that bet it and the jackpot display with the
pool and the fixed awards posted under it (Art. 10(3)).  Sic Bo: the stakes on
their spots, the three dice in the shaker and, at the live table, the winning
areas lit as the electronic layout lights them.

Every bet is drawn in the chips of the ruleset's chip set (``drills.chips.stack``)
that its amount question offers in the pay tray.  The stacks (badges: chips and
caption) are then laid out (``layouts.badges.place``): a badge that would cover
another, the winning number, the dolly, the puck, the dice or a card moves to the
nearest free bare felt, with a leader to a dot on its spot.

:class:`FeltStage` keeps one scene per felt and restages it for each item;
:meth:`FeltStage.bets` names the bets a trainee may click (for pay-order
questions), each with the spot it lies on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from PySide6.QtCore import QCoreApplication, QLineF, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsEllipseItem, QGraphicsItem, QGraphicsLineItem

from dealer_trainer.drills import DrillItem
from dealer_trainer.drills.chips import bet_stack
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.badges import Box, place
from dealer_trainer.layouts.chips import TableChips, house_chips
from dealer_trainer.layouts.model import CardPlace, Felt, JackpotDisplay, Spot
from dealer_trainer.rules.caribbean_stud.table import RAISE_MULTIPLE
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import (
    SHIPPED,
    Ruleset,
    RulesetRegistry,
    resolve_ruleset,
)
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.items import CardItem, ChipStackItem, DiceItem, ProgressiveChipItem
from dealer_trainer.ui.felt.painting import qrect
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit.bet_names import bet_name
from dealer_trainer.ui.kit.rendering import format_money

DICE_SCALE = 2.6  # thrown dice drawn larger than life, to be read at a glance

_SUITS = {"S": ("♠", False), "H": ("♥", True), "D": ("♦", True), "C": ("♣", False)}


def card_html(code: str) -> str:
    """``"TD"`` → a red ``10♦`` (rich text for labels)."""
    rank = "10" if code[0] == "T" else code[0]
    suit, red = _SUITS[code[1]]
    colour = colours.RED if red else colours.BLACK
    return f'<span style="color:{colour}; font-weight:700">{rank}{suit}</span>'


def hands_html(cards: Mapping[str, list[str]]) -> str:
    """Each hand of the situation on a line: ``Dealer: A♠ K♠ …``, ``Box 4: …``."""
    lines = []
    for owner, codes in cards.items():
        if owner == "dealer":
            name = QCoreApplication.translate("drills", "Dealer")
        else:
            name = fill(QCoreApplication.translate("drills", "Box %1"), owner.removeprefix("box-"))
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
        return fill(
            QCoreApplication.translate("drills", "%1 — %2"), self.name, format_money(self.amount)
        )


def _ruleset_of(item: DrillItem, rulesets: RulesetRegistry) -> Ruleset:
    raw = item.situation["request"].get("ruleset")
    if item.game == Game.ROULETTE and isinstance(raw, Mapping):
        return resolve_ruleset(Game.ROULETTE, raw, rulesets)
    return rulesets.get(item.ruleset)


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


def _box(rect: QRectF) -> Box:
    return Box(rect.x(), rect.y(), rect.width(), rect.height())


#: The felt view of a drill screen at 1366×768 is about this many pixels wide: captions are
#: drawn to the felt's scale so that they read at about their font's size there.
VIEW_PIXELS = 900.0
WORDS_COST = 90.0  # mm a badge would rather move than cover another spot's printed words
CLEAR = 12.0  # mm a moved stack's middle keeps off the spots of other bets


def _printed_words(felt: Felt) -> list[tuple[Spot, Box]]:
    """The middle of each labelled spot's print, where its words are (the numbers too)."""
    cores = []
    for spot in felt.spots:
        if spot.printed and spot.label is not None and (spot.label.zh or spot.label.en):
            b = spot.text_box or spot.shape.bounds
            cores.append((spot, Box(b.x + b.w * 0.25, b.y + b.h * 0.25, b.w * 0.5, b.h * 0.5)))
    return cores


LEADER = QColor(colours.LEADER)


class FeltStage(QObject):
    """The felts of the drills, one scene per game and ruleset print, restaged per item."""

    def __init__(self, parent: QObject | None = None, rulesets: RulesetRegistry = SHIPPED) -> None:
        super().__init__(parent)
        #: Where an item's ruleset is looked up (``None``: the shipped rulesets only).
        self.rulesets = rulesets
        self._scenes: dict[tuple[str, str, tuple[tuple[str, Any], ...]], FeltScene] = {}
        self._bets: list[StagedBet] = []
        self._badges: list[tuple[str, ChipStackItem]] = []  # (spot id, its stack), bet order
        self._badge_of: dict[str, ChipStackItem] = {}  # bet id → its stack
        self._leaders: dict[int, list[QGraphicsItem]] = {}  # id(stack) → its leader and dot
        self._extra: list[tuple[FeltScene, QGraphicsItem]] = []
        self._ruleset: Ruleset | None = None
        self._difficulty = 1
        #: The part of the felt the item is about (scene mm), or ``None`` for all of it.
        self.focus: QRectF | None = None

    def scene_for(self, item: DrillItem) -> FeltScene:
        return self.scene_of(item.game, _ruleset_of(item, self.rulesets))

    def scene_of(self, game: str, ruleset: Ruleset) -> FeltScene:
        """The felt of a game printed for a ruleset (one scene each, kept)."""
        key = (game, ruleset.id, tuple(sorted((k, str(v)) for k, v in ruleset.values.items())))
        scene = self._scenes.get(key)
        if scene is None:
            felt = felt_for(game, ruleset)
            scene = FeltScene(felt, TableChips(felt.spot_ids, house_chips(ruleset)), self)
            scene.caption_scale = 1.0  # set for each item once its focus is known
            self._scenes[key] = scene
        return scene

    @property
    def bets(self) -> list[StagedBet]:
        """The bets drawn for the current item, in the order of the request."""
        return list(self._bets)

    @property
    def badges(self) -> list[ChipStackItem]:
        """The chip stacks of the current item's bets, in the order of the request."""
        return [stack for _, stack in self._badges]

    def badge_of(self, bet_id: str) -> ChipStackItem | None:
        """The chip stack drawn for a bet of the current situation (None: no chip shows it)."""
        return self._badge_of.get(bet_id)

    def leaders_of(self, badge: ChipStackItem) -> list[QGraphicsItem]:
        """The leader line and dot drawn from a moved stack to its spot (none if not moved)."""
        return list(self._leaders.get(id(badge), ()))

    def stage(self, item: DrillItem, scene: FeltScene | None = None) -> FeltScene:
        """Clear the item's felt (or ``scene``, a felt of its game) and draw its situation on it.

        The instructor's replay passes its own scene: a recorded item is drawn as
        the trainee saw it.
        """
        return self.stage_situation(
            item.game, _ruleset_of(item, self.rulesets), int(item.difficulty), item.situation, scene
        )

    def stage_situation(
        self,
        game: str,
        ruleset: Ruleset,
        difficulty: int,
        situation: Mapping[str, Any],
        scene: FeltScene | None = None,
    ) -> FeltScene:
        """:meth:`stage` for a situation that is not a drill item's (the live table's)."""
        if scene is None:
            scene = self.scene_of(game, ruleset)
        elif scene.caption_scale is None:
            scene.caption_scale = 1.0  # set for the item once its focus is known
        scene.chips.clear()
        for owner, extra in self._extra:
            owner.removeItem(extra)
        self._extra.clear()
        self._badges.clear()
        self._leaders.clear()
        scene.clear_cards()
        scene.show_roll(None)
        scene.light(())
        for kind in scene.markers:
            scene.set_marker(kind, None)
        if game == Game.CARIBBEAN_STUD:
            scene.set_jackpot(None)
            scene.mark_progressive(())
        self._bets = []
        self._badge_of.clear()
        self._ruleset = ruleset
        self._difficulty = difficulty
        self.focus = None
        if game == Game.ROULETTE:
            self._stage_roulette(scene, situation)
        elif game == Game.CRAPS:
            self._stage_craps(scene, situation, self._ruleset)
        elif game == Game.SIC_BO:
            self._stage_sic_bo(scene, situation, self._ruleset)
        else:
            self._stage_stud(scene, situation)
        self._lay_out(scene, situation)
        return scene

    # ---------------------------------------------------------------- games --
    def _put(self, scene: FeltScene, bet_id: str, spot_id: str, amount: Decimal) -> None:
        """One bet's chips: on the spot, or a stack of its own when the spot already has a bet."""
        assert self._ruleset is not None
        chips = bet_stack(amount, self._ruleset, self._difficulty)
        others = sum(1 for b in self._bets if b.spot_id == spot_id)
        if not others:
            scene.place_chips(spot_id, chips)
            drawn = scene.stack_items.get(spot_id)
        else:  # another player's bet on the same spot: its own stack, laid out beside the first
            drawn = ChipStackItem(
                scene.felt.spot(spot_id).center, scene.chips.chip_set, scene.caption_scale
            )
            drawn.set_chips(chips)
            scene.addItem(drawn)
            self._extra.append((scene, drawn))
        if drawn is not None and chips:
            self._badges.append((spot_id, drawn))
            self._badge_of[bet_id] = drawn
        self._bets.append(
            StagedBet(bet_id, spot_id, amount, bet_name(scene.felt.spot(spot_id), scene.felt))
        )

    def _lay_out(self, scene: FeltScene, situation: Mapping[str, Any]) -> None:
        """Move badges off what the trainee must read and off each other; lead each to its spot.

        Captions are drawn to the felt's scale (about their font's size at the drill
        screen's usual felt width), so where they lie is known at any zoom.
        """
        area = self.focus if self.focus is not None else scene.sceneRect()
        scale = max(area.width(), area.height() * 1.4) / VIEW_PIXELS
        for _, badge in self._badges:
            badge.caption_item.setScale(scale)
        obstacles = [_box(rect) for rect in self._obstacles(scene, situation)]
        wanted = [scene.felt.spot(spot_id).center for spot_id, _ in self._badges]
        extents = [_box(badge.badge_rect()) for _, badge in self._badges]
        felt = scene.felt
        own = [felt.spot(spot_id) for spot_id, _ in self._badges]

        def off_other_bets(index: int, x: float, y: float) -> bool:
            """A moved stack lies on its own spot or on bare felt, never on another bet's spot
            (nor on the thin line between two: its middle keeps :data:`CLEAR` mm off them)."""
            return all(
                felt.spot_at(x + dx, y + dy) in (None, own[index])
                for dx, dy in ((0, 0), (CLEAR, 0), (-CLEAR, 0), (0, CLEAR), (0, -CLEAR))
            )

        cores = _printed_words(felt)

        def covering_words(index: int, box: Box) -> float:
            """Covering another spot's printed words costs as much as moving this far (mm)."""
            return WORDS_COST * sum(
                1 for spot, core in cores if spot is not own[index] and box.overlaps(core)
            )

        betting = {spot.id for spot in own}

        def off_bets(index: int, x: float, y: float) -> bool:
            """Crowded: a moved stack may lie on a spot nobody bet on, not on another bet's."""
            return all(
                (spot := felt.spot_at(x + dx, y + dy)) is None
                or spot is own[index]
                or spot.id not in betting
                for dx, dy in ((0, 0), (CLEAR, 0), (-CLEAR, 0), (0, CLEAR), (0, -CLEAR))
            )

        # A crowded felt is laid out with fewer wishes, never with stacks over each other's
        # captions: off the spots, then off the spots bet on, then anywhere on the table
        # (the part in sight then grows to show every stack).
        places = wanted
        tries = (
            (area, off_other_bets),
            (area, off_bets),
            (scene.sceneRect(), None),
        )
        for within, allowed in tries:
            try:
                places = place(
                    wanted,
                    extents,
                    obstacles,
                    _box(within.adjusted(8, 8, -8, -8)),
                    allowed,
                    covering_words,
                )
            except ValueError:
                continue
            break
        for (x, y), (sx, sy), (_, badge) in zip(places, wanted, self._badges, strict=True):
            badge.setPos(x, y)
            if (x, y) != (sx, sy):
                self._leaders[id(badge)] = self._lead(scene, QPointF(sx, sy), QPointF(x, y), scale)
        if self.focus is not None:  # every stack in sight, even one moved off the part shown
            for _, badge in self._badges:
                drawn = badge.mapRectToScene(badge.badge_rect()).adjusted(-8, -8, 8, 8)
                self.focus = self.focus.united(drawn)

    def obstacles(self, scene: FeltScene) -> list[QRectF]:
        """What nothing set down on the felt may cover as it stands now (the live table's
        payouts): every marker on a number, the dice, the cards, the jackpot display and the
        progressive chips."""
        return self._obstacles(scene, {})

    def _obstacles(self, scene: FeltScene, situation: Mapping[str, Any]) -> list[QRectF]:
        """What no badge may cover: the winning number and every marker on a number, the dice,
        the cards, the jackpot display, the progressive chips and the plates that number
        Caribbean Stud's boxes (the dealer names a box by its number)."""
        found: list[QRectF] = []
        marker = situation.get("marker", situation.get("previous_number"))
        if isinstance(marker, int) and f"straight-{marker}" in scene.felt:
            found.append(qrect(scene.felt.spot(f"straight-{marker}").shape.bounds))
        for marker_item in scene.markers.values():
            if marker_item.number is not None:
                found.append(marker_item.sceneBoundingRect())
        for shown in scene.items():
            if isinstance(shown, (DiceItem, CardItem, ProgressiveChipItem)):
                found.append(shown.sceneBoundingRect())
        for fixture in scene.felt.fixtures:
            if isinstance(fixture, JackpotDisplay):
                found.append(qrect(fixture.shape))
        for decor in scene.felt.decor:
            if decor.tone == "light" and decor.shape is not None:  # a box's number plate
                found.append(qrect(decor.shape.bounds))
        return found

    def _lead(
        self, scene: FeltScene, spot: QPointF, badge: QPointF, scale: float
    ) -> list[QGraphicsItem]:
        """A leader from a moved badge to its bet's spot, and a dot on the spot."""
        pen = QPen(LEADER, 2.2 * scale)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        line = QGraphicsLineItem(QLineF(spot, badge))
        line.setPen(pen)
        line.setZValue(99)
        dot = QGraphicsEllipseItem(QRectF(spot.x() - 4, spot.y() - 4, 8, 8))
        dot.setPen(QPen(QColor(colours.DARK_INK), 1.0))
        dot.setBrush(LEADER)
        dot.setZValue(99)
        for shown in (line, dot):
            shown.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
            scene.addItem(shown)
            self._extra.append((scene, shown))
        return [line, dot]

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
            self.focus = bounds.adjusted(-50, -50, 50, 50)  # a margin for moved badges

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

    def _stage_sic_bo(
        self, scene: FeltScene, situation: Mapping[str, Any], ruleset: Ruleset
    ) -> None:
        """The bets on their spots, the dice in the shaker; with ``lit``, the winning areas
        lit as the electronic layout lights them once the dice are keyed in."""
        from dealer_trainer.layouts.sic_bo import DICE_AT, lit_spots  # noqa: PLC0415

        spots: Mapping[str, str] = situation.get("spots", {})
        for bet in situation["request"].get("bets", []):
            self._put(scene, bet["id"], spots[bet["id"]], Decimal(bet["amount"]))
        dice = situation.get("dice")
        if dice:
            faces = tuple(int(d) for d in dice)
            scene.show_roll(faces, at=DICE_AT)
            for shown in scene.items():
                if isinstance(shown, DiceItem):
                    shown.setScale(DICE_SCALE)
            if situation.get("lit"):
                scene.light(lit_spots(scene.felt, ruleset, faces))

    def _stage_stud(self, scene: FeltScene, situation: Mapping[str, Any]) -> None:
        cards: Mapping[str, list[str]] = situation.get("cards", {})
        for owner, codes in cards.items():
            scene.deal(owner, list(codes))
        for box in situation.get("boxes", []):  # a dealing question: the boxes that play
            scene.deal(f"box-{int(box)}", [None] * 5)
        request = situation["request"]
        progressive = [
            f"box-{int(box['box'])}-progressive"
            for box in request.get("boxes", [])
            if box.get("progressive") is True
        ]
        scene.mark_progressive(progressive)  # Art. 2: the spot nearest the dealer
        for box in request.get("boxes", []):
            number = int(box["box"])
            ante = Decimal(box["ante"])
            self._put(scene, f"box-{number}", f"box-{number}-ante", ante)
            if box.get("decision") == "raise":
                raised = Decimal(box["raise"]) if "raise" in box else RAISE_MULTIPLE * ante
                self._put(scene, f"box-{number}-raise", f"box-{number}-raise", raised)
        pool = situation.get("pool")
        if pool is not None:
            posted = (request.get("progressive") or {}).get("fixed") or {}
            scene.set_jackpot(
                Decimal(pool), awards={hand: Decimal(v) for hand, v in posted.items()}
            )
        # Close in on the hands the question is about, the boxes' bets and the pool; the
        # live table (``frame``: ``table``) frames every box, the dealer's place and the
        # jackpot display the same, round after round, at every difficulty.
        whole = situation.get("frame") == "table"
        bounds = QRectF()
        for fixture in scene.felt.fixtures:
            if isinstance(fixture, CardPlace) and (whole or fixture.owner in cards):
                bounds = bounds.united(qrect(fixture.shape.bounds))
            elif isinstance(fixture, JackpotDisplay) and (whole or pool is not None):
                bounds = bounds.united(qrect(fixture.shape))
        if whole:
            spots = list(scene.felt.spots)
        else:  # a box's raise spot too: at the table it comes later
            ids = {bet.spot_id for bet in self._bets}
            ids |= {f"box-{int(box['box'])}-raise" for box in request.get("boxes", [])}
            spots = [scene.felt.spot(spot_id) for spot_id in sorted(ids)]
        for spot in spots:
            bounds = bounds.united(qrect(spot.shape.bounds))
        if not bounds.isEmpty():
            self.focus = _at_least(bounds.adjusted(-90, -60, 90, 90), scene, 0.6)
