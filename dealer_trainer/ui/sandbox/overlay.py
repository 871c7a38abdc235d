"""What the rules core answered, drawn on the main window's felt over the trainee's chips.

Each bet gets a ring in its settlement's colour and a word (lost: to collect; won: its payout
stack set down beside it, with the amount; returned; moved to its come point; no decision;
not allowed), and the dealer's step on show gets a gold ring and its number.  The outcome is
shown as the table shows it: the dolly on the number, the dice and the puck, the cards, the
lit areas of a Sic Bo layout.  :meth:`SandboxOverlay.clear` takes all of it off again.
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsLineItem,
    QStyleOptionGraphicsItem,
    QWidget,
)

from dealer_trainer.drills.chips import fewest_chips
from dealer_trainer.drills.sandbox import Outcome, WhatIf
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, CaptionItem, ChipStackItem, DiceItem
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit.rendering import format_money
from dealer_trainer.ui.table.felt import PAYOUT_OFFSET

#: A settlement's colour on the felt.
COLOURS = {
    "lost": QColor(colours.SETTLED_LOST),
    "won": QColor(colours.SETTLED_WON),
    "returned": QColor(colours.SETTLED_RETURNED),
    "moved": QColor(colours.SETTLED_MOVED),
    "stays": QColor(colours.SETTLED_STAYS),
    "refused": QColor(colours.SETTLED_REFUSED),
    "step": QColor(colours.SPOT_FOCUS),
}
RING = CHIP_DIAMETER / 2 + 6  # mm: a mark's ring round a bet's stack
DICE_SCALE = 3.0  # the thrown dice, drawn this many times their size


class RingItem(QGraphicsItem):
    """A ring round a bet's stack in its settlement's colour and style (a lost bet crossed out,
    a bet with no decision dotted, a refused one dashed), with a word under it if given
    (screen-sized, always readable)."""

    def __init__(
        self, centre: tuple[float, float], kind: str, word: str = "", width: float = 5.0
    ) -> None:
        super().__init__()
        self.kind = kind
        self.colour = COLOURS[kind]
        self.width = width
        self.setPos(QPointF(*centre))
        self.setZValue(150)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.word = word
        self.caption = CaptionItem(self)
        self.caption.setPos(0, RING + 4)
        self.caption.set_text(word)
        self.caption.setVisible(bool(word))

    def boundingRect(self) -> QRectF:
        r = RING + self.width
        return QRectF(-r, -r, 2 * r, 2 * r)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        pen = QPen(self.colour, self.width)
        pen.setStyle(_STYLES.get(self.kind, Qt.PenStyle.SolidLine))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(pen)
        painter.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        painter.drawEllipse(QRectF(-RING, -RING, 2 * RING, 2 * RING))
        if self.kind == "lost":  # crossed out: to the bank
            d = RING * 0.7
            painter.drawLine(QLineF(-d, -d, d, d))
            painter.drawLine(QLineF(-d, d, d, -d))


_STYLES = {
    "stays": Qt.PenStyle.DotLine,
    "refused": Qt.PenStyle.DashLine,
}


class SandboxOverlay:
    """The marks of one answer on a felt scene (made again at every settlement)."""

    def __init__(self, scene: FeltScene, ruleset: Ruleset) -> None:
        self.scene = scene
        self.ruleset = ruleset
        self.marks: dict[str, RingItem] = {}  # spot id → its settlement's ring
        self.payouts: dict[str, ChipStackItem] = {}  # spot id → the payout set beside it
        self._items: list[QGraphicsItem] = []
        self._highlight: RingItem | None = None

    # ---------------------------------------------------------------- outcome --
    def show_outcome(self, game: Game, outcome: Outcome, answer: WhatIf | None) -> None:
        scene = self.scene
        if game is Game.ROULETTE and "dolly" in scene.markers:
            scene.set_marker("dolly", outcome.number)
        elif game is Game.CRAPS:
            if "puck" in scene.markers:
                scene.set_marker("puck", outcome.point)
            self._roll(outcome.dice)
        elif game is Game.SIC_BO:
            self._roll(outcome.dice)
            lit = getattr(answer.round.work, "lit", ()) if answer is not None else ()
            scene.light(s for s in lit if s in scene.spot_items)
        elif game is Game.CARIBBEAN_STUD:
            scene.clear_cards()
            if outcome.dealer:
                scene.deal("dealer", list(outcome.dealer))
            for box, cards in sorted(outcome.hands.items()):
                scene.deal(f"box-{box}", list(cards))

    def _roll(self, dice: tuple[int, ...]) -> None:
        """The dice on the felt, drawn larger than life: at a projector a 19 mm die is a dot."""
        self.scene.show_roll(tuple(dice) if dice else None)
        for item in self.scene.items():
            if isinstance(item, DiceItem):
                item.setScale(DICE_SCALE)

    # ------------------------------------------------------------ settlement --
    def show(self, answer: WhatIf) -> None:
        """Mark every bet with its settlement (and every refused one as not allowed)."""
        self.clear_marks()
        for step in answer.steps:
            spot_id = answer.spots.get(step.target)
            if spot_id is None:
                continue
            self._mark(spot_id, step)
        for spot_id in answer.idle_spots():
            self._ring(spot_id, "stays")
        stepped = {answer.spots.get(s.target) for s in answer.steps}
        for target, spot_id in answer.spots.items():
            if spot_id not in stepped and spot_id not in self.marks and target.progressive:
                self._ring(spot_id, "stays")  # no award: the stake has no step
        for refused in answer.refused:
            self._ring(refused.spot_id, "refused")

    def _mark(self, spot_id: str, step: Step) -> None:
        if step.action is Action.COLLECT:
            self._ring(spot_id, "lost")
        elif step.action is Action.RETURN:
            self._ring(spot_id, "returned")
        elif step.action is Action.MOVE:
            self._ring(spot_id, "moved")
            self._arrow(spot_id, step)
        elif step.action in (Action.PAY, Action.PROGRESSIVE):
            self._ring(spot_id, "won")
            self._payout(spot_id, step.amount or Decimal(0))

    def _centre(self, spot_id: str) -> tuple[float, float]:
        return self.scene.felt.spot(spot_id).center

    def _ring(self, spot_id: str, kind: str) -> RingItem:
        ring = RingItem(self._centre(spot_id), kind)
        self.scene.addItem(ring)
        self.marks[spot_id] = ring
        self._items.append(ring)
        return ring

    def _payout(self, spot_id: str, amount: Decimal) -> None:
        """The payout's chips beside the bet, from the chips the felt is played with (an
        amount no chip can make exactly, a 3-to-2 win of 17.50, is drawn to the lowest chip
        below it: the ring's word says the exact amount)."""
        chip_set = self.scene.chips.chip_set
        values = [d.value for d in chip_set.denominations]
        whole = amount - amount % values[0]
        found = fewest_chips(whole, values) if whole > 0 else None
        if not found:
            return
        chips = [value for value, count in found.items() for _ in range(count)]
        x, y = self._centre(spot_id)
        payout = ChipStackItem((x + PAYOUT_OFFSET, y), chip_set)
        payout.set_chips(chips)
        payout.caption_item.set_text("+" + format_money(amount))  # the win, told from the bet
        payout.setZValue(140)
        self.scene.addItem(payout)
        self.payouts[spot_id] = payout
        self._items.append(payout)

    def _arrow(self, spot_id: str, step: Step) -> None:
        felt = self.scene.felt
        to = f"{spot_id}-{step.to}"
        if to not in felt:
            return
        (x0, y0), (x1, y1) = self._centre(spot_id), self._centre(to)
        line = QGraphicsLineItem(QLineF(x0, y0, x1, y1))
        pen = QPen(COLOURS["moved"], 4)
        pen.setStyle(Qt.PenStyle.DashLine)
        line.setPen(pen)
        line.setZValue(145)
        self.scene.addItem(line)
        self._items.append(line)
        ghost = RingItem((x1, y1), "moved")
        self.scene.addItem(ghost)
        self._items.append(ghost)

    # -------------------------------------------------------------- the step --
    def highlight(self, answer: WhatIf | None, step: Step | None, word: str) -> None:
        """A gold ring, and the step in words, on the bet (or the number) it acts on."""
        if self._highlight is not None:
            self.scene.removeItem(self._highlight)
            self._highlight = None
        if answer is None or step is None:
            return
        centre: tuple[float, float] | None = None
        if step.action is Action.MARK:
            dolly = self.scene.markers.get("dolly")
            if dolly is not None:
                centre = (dolly.pos().x(), dolly.pos().y())
            if dolly is not None and step.number is not None:
                spot_id = f"straight-{step.number}"
                if spot_id in self.scene.felt:
                    centre = self._centre(spot_id)
        else:
            spot_id = answer.spots.get(step.target, "")
            if spot_id:
                centre = self._centre(spot_id)
        if centre is None:
            return
        ring = RingItem(centre, "step", word, 9)
        ring.setZValue(160)
        self.scene.addItem(ring)
        self._highlight = ring

    @property
    def highlighted(self) -> RingItem | None:
        return self._highlight

    def set_visible(self, shown: bool) -> None:
        """Show or hide every mark (hidden while a thumbnail of the felt is drawn)."""
        for item in [*self._items, *([self._highlight] if self._highlight else [])]:
            item.setVisible(shown)

    # ----------------------------------------------------------------- clear --
    def clear_marks(self) -> None:
        for item in self._items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        self._items.clear()
        self.marks.clear()
        self.payouts.clear()
        if self._highlight is not None:
            if self._highlight.scene() is not None:
                self.scene.removeItem(self._highlight)
            self._highlight = None

    def clear(self) -> None:
        """Everything off: the marks, and the outcome (dolly, dice, puck, cards, lights)."""
        self.clear_marks()
        scene = self.scene
        for kind in list(scene.markers):
            scene.set_marker(kind, None)
        scene.show_roll(None)
        scene.clear_cards()
        scene.light(())
