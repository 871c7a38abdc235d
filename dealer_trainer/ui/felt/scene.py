"""The felt of a game as a ``QGraphicsScene``, in millimetres, built from its layout model.

Clicking a spot emits ``spotClicked(spot_id)`` (right button:
``spotRemoveRequested``); hovering emits ``spotHovered``.  Chips are a model
(:class:`~dealer_trainer.layouts.chips.TableChips`) that the scene shows: a
thin QObject adapter forwards the model's changes as a signal and the scene
redraws the one stack that changed.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import QObject, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from dealer_trainer.layouts import labels as lbl
from dealer_trainer.layouts.chips import TableChips
from dealer_trainer.layouts.model import (
    CardPlace,
    Device,
    Dice,
    Felt,
    JackpotDisplay,
    Marker,
    Wheel,
)
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.items import (
    CardItem,
    ChipStackItem,
    DiceItem,
    JackpotItem,
    MarkerItem,
    PictureItem,
    ProgressiveChipItem,
    SpotItem,
    draw_spot_face,
    forget_card_faces,
)
from dealer_trainer.ui.felt.painting import (
    FELT,
    RAIL,
    draw_card_place,
    draw_device,
    draw_dice,
    draw_label,
    draw_shape,
    draw_wheel,
    qrect,
    shape_path,
)

RAIL_WIDTH = 46.0  # mm of padded rail drawn round the cloth
CARD_SIZE = (63.0, 88.0)  # mm, a poker-size card
HAND = 5  # cards in a Caribbean Stud hand (Art. 7): a box's place is laid out for five


class ChipsAdapter(QObject):
    """Qt face of a :class:`TableChips`: ``changed(spot_id)`` after each change."""

    changed = Signal(str)

    def __init__(self, chips: TableChips, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.chips = chips
        unsubscribe = chips.subscribe(self.changed.emit)
        self._unsubscribe = unsubscribe
        # the model may outlive its view: stop telling a deleted adapter
        self.destroyed.connect(lambda *_: unsubscribe())

    def detach(self) -> None:
        """Stop following the model (the adapter also stops when it is deleted)."""
        self._unsubscribe()


class FeltScene(QGraphicsScene):
    """One game's felt: background print, spot items, chip stacks, markers, cards."""

    spotClicked = Signal(str)
    spotRemoveRequested = Signal(str)
    spotHovered = Signal(str)

    def __init__(
        self, felt: Felt, chips: TableChips | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.felt = felt
        self.chips = chips if chips is not None else TableChips(felt.spot_ids)
        margin = RAIL_WIDTH + 4
        self.setSceneRect(
            QRectF(-margin, -margin, felt.width + 2 * margin, felt.height + 2 * margin)
        )
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        self._captions_shown = True
        self._background = PictureItem(self._draw_background, self.sceneRect())
        self._background.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.addItem(self._background)
        self.spot_items: dict[str, SpotItem] = {}
        for spot in felt.spots:
            item = SpotItem(spot, self._clicked, self.spotHovered.emit)
            self.spot_items[spot.id] = item
            self.addItem(item)
        self.stack_items: dict[str, ChipStackItem] = {}
        self.markers: dict[str, MarkerItem] = {}
        for fixture in felt.fixtures:
            if isinstance(fixture, Marker):
                on, off = (
                    (lbl.PUCK_ON, lbl.PUCK_OFF)
                    if fixture.kind == "puck"
                    else (lbl.Label("", ""), lbl.Label("", ""))
                )
                marker = MarkerItem(fixture, on, off)
                self.markers[fixture.kind] = marker
                self.addItem(marker)
        self._jackpot: JackpotItem | None = None
        for fixture in felt.fixtures:
            if isinstance(fixture, JackpotDisplay):
                self._jackpot = JackpotItem(_lit_part(fixture), fixture.awards)
                self.addItem(self._jackpot)
        self._progressive_chips: dict[str, ProgressiveChipItem] = {}
        #: mm of felt per pixel of a stack's caption (``None``: captions keep their screen size).
        self.caption_scale: float | None = None
        self._cards: list[CardItem] = []
        self._dice: DiceItem | None = None
        self._adapter = ChipsAdapter(self.chips, self)
        self._adapter.changed.connect(self._refresh_stack)
        for spot_id in self.chips.occupied():
            self._refresh_stack(spot_id)

    # ---------------------------------------------------------------- input --
    def _clicked(self, spot_id: str, button: Qt.MouseButton) -> None:
        if button == Qt.MouseButton.RightButton:
            self.spotRemoveRequested.emit(spot_id)
        else:
            self.spotClicked.emit(spot_id)

    # ---------------------------------------------------------------- chips --
    def _refresh_stack(self, spot_id: str) -> None:
        chips = self.chips.chips(spot_id)
        item = self.stack_items.get(spot_id)
        if item is None:
            if not chips:
                return
            item = ChipStackItem(
                self.felt.spot(spot_id).center, self.chips.chip_set, self.caption_scale
            )
            item.show_caption(self._captions_shown)
            self.stack_items[spot_id] = item
            self.addItem(item)
        item.set_chips(chips)

    def show_captions(self, shown: bool) -> None:
        """Show or hide every stack's count and total."""
        self._captions_shown = shown
        for item in self.stack_items.values():
            item.show_caption(shown)

    def place_chip(self, spot_id: str, value: Decimal) -> None:
        self.chips.place(spot_id, value)

    def place_chips(self, spot_id: str, values: Sequence[Decimal]) -> None:
        """A whole stack on a spot at once (its picture drawn once)."""
        self.chips.place_all(spot_id, values)

    def remove_chip(self, spot_id: str) -> Decimal | None:
        return self.chips.remove(spot_id)

    # -------------------------------------------------------------- markers --
    def set_marker(self, kind: str, number: int | None) -> None:
        """Move the dolly to the winning number or the puck to the point (``None``: rest/OFF)."""
        self.markers[kind].move_to(number)

    def set_jackpot(
        self,
        amount: Decimal | None,
        currency: str = "HK$",
        awards: Mapping[str, Decimal] | None = None,
    ) -> None:
        """Show the progressive pool on the jackpot display (``None``: dashes) and the fixed
        awards posted under it, by hand (``royal_flush`` …; a hand not given: dashes)."""
        if self._jackpot is None:
            raise KeyError(f"the {self.felt.game} felt has no progressive jackpot display")
        self._jackpot.display(amount, awards or {}, currency)

    @property
    def jackpot_text(self) -> str:
        return self._jackpot.text if self._jackpot is not None else ""

    @property
    def jackpot_awards(self) -> dict[str, str]:
        """The fixed awards the display posts, by hand, as shown."""
        return dict(self._jackpot.award_texts) if self._jackpot is not None else {}

    @property
    def jackpot_item(self) -> JackpotItem | None:
        return self._jackpot

    def mark_progressive(self, spot_ids: Iterable[str]) -> None:
        """Put a progressive chip on each of these spots (and take it off every other spot)."""
        wanted = set(spot_ids)
        for spot_id in list(self._progressive_chips):
            if spot_id not in wanted:
                self.removeItem(self._progressive_chips.pop(spot_id))
        for spot_id in wanted - set(self._progressive_chips):
            chip = ProgressiveChipItem(self.felt.spot(spot_id).center, lbl.PROGRESSIVE_BET)
            self._progressive_chips[spot_id] = chip
            self.addItem(chip)

    @property
    def progressive_chips(self) -> dict[str, ProgressiveChipItem]:
        return dict(self._progressive_chips)

    def deal(self, owner: str, cards: list[str | None]) -> None:
        """Lay ``cards`` (``"AS"`` or ``None`` for face down) on the places of ``owner``."""
        for (rect, angle), code in zip(self._hand_places(owner, len(cards)), cards, strict=False):
            self._add_card(rect, angle, code, owner)

    def lay_hand(self, owner: str, cards: list[str | None]) -> list[CardItem]:
        """Lay ``owner``'s hand as ``cards`` now stand, changing only what changed: a card
        already there stays (moved along the fan), a turned one shows its new face, cards
        dealt since are added, cards gone are taken off.  Returns the cards added."""
        laid = [item for item in self._cards if item.owner == owner]
        if [item.code for item in laid] == cards:
            return []  # the hand lies as it stands (its places depend on its count alone)
        places = self._hand_places(owner, len(cards))
        added: list[CardItem] = []
        for index, ((rect, angle), code) in enumerate(zip(places, cards, strict=False)):
            if index < len(laid):
                laid[index].set_code(code)
                laid[index].setPos(rect.center())
            else:
                added.append(self._add_card(rect, angle, code, owner))
        for item in laid[min(len(places), len(cards)) :]:
            self._cards.remove(item)
            self.removeItem(item)
        return added

    def _hand_places(self, owner: str, count: int) -> list[tuple[QRectF, float]]:
        """Where ``count`` cards of ``owner`` lie: fanned across a box's place, each card's
        corner (rank over suit) left in sight; one card on each of the dealer's places.

        A box's cards lie where a whole hand's would: a hand being dealt fills the places
        from the first, and a card already out stays where it lies when the next comes (as
        on the table; a fan that re-centred at each card moved every card of the box)."""
        places = [f for f in self.felt.fixtures if isinstance(f, CardPlace) and f.owner == owner]
        if owner.startswith("box-") and places:
            place = places[0]
            bounds = place.shape.bounds
            cx, cy = bounds.center
            (x0, y0), (x1, y1) = place.shape.points[0], place.shape.points[1]
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0))
            step = (math.hypot(x1 - x0, y1 - y0) - CARD_SIZE[0] - 8) / (HAND - 1)
            fan = max(count, HAND)
            w, h = CARD_SIZE
            found = []
            for i in range(count):
                x = cx + (i - (fan - 1) / 2) * step * math.cos(math.radians(angle))
                y = cy + (i - (fan - 1) / 2) * step * math.sin(math.radians(angle))
                found.append((QRectF(x - w / 2, y - h / 2, w, h), angle))
            return found
        return [(qrect(place.shape.bounds), 0.0) for place in places[:count]]

    def _add_card(self, rect: QRectF, angle: float, code: str | None, owner: str) -> CardItem:
        item = CardItem(rect, angle, code, owner)
        self._cards.append(item)
        self.addItem(item)
        return item

    def show_roll(
        self, faces: tuple[int, ...] | None, at: tuple[float, float] | None = None
    ) -> None:
        """Lay the dice of a throw on the felt (``None`` takes them away).

        ``at`` is where they come to rest, in mm; by default the middle of the felt.
        """
        if self._dice is not None:
            self.removeItem(self._dice)
            self._dice = None
        if faces is None:
            return
        self._dice = DiceItem(faces)
        x, y = at if at is not None else (self.felt.width * 0.45, self.felt.height * 0.42)
        self._dice.setPos(x, y)
        self.addItem(self._dice)

    def light(self, spot_ids: Iterable[str]) -> None:
        """Light these spots as the winning areas of a throw, and only these (none: all off).

        As a Sic Bo table's electronic layout does once the dealer keys in the dice.
        """
        wanted = set(spot_ids)
        unknown = wanted - set(self.spot_items)
        if unknown:
            raise KeyError(f"the {self.felt.game} felt has no spot {sorted(unknown)[0]!r}")
        for spot_id, item in self.spot_items.items():
            item.set_lit(spot_id in wanted)

    @property
    def lit(self) -> tuple[str, ...]:
        """The spots lit as winning areas, in the felt's order."""
        return tuple(spot_id for spot_id, item in self.spot_items.items() if item.lit)

    @property
    def roll(self) -> tuple[int, ...] | None:
        return self._dice.faces if self._dice is not None else None

    def clear_cards(self) -> None:
        for item in self._cards:
            self.removeItem(item)
        self._cards.clear()

    @property
    def cards(self) -> list[CardItem]:
        """The cards on the felt, in the order they were laid (a later one lies on top)."""
        return list(self._cards)

    def retranslate(self) -> None:
        """Print the felt's English lines again in the language now installed."""
        self._background.rerecord()
        for marker in self.markers.values():
            marker.rerecord()
        if self._jackpot is not None:
            self._jackpot.rerecord()
        for chip in self._progressive_chips.values():
            chip.rerecord()

    def drop_caches(self) -> None:
        """Forget the cached pixmaps (the cards' faces too): the next paint draws from the
        recorded pictures."""
        forget_card_faces()
        for item in self.items():
            if item.cacheMode() != QGraphicsItem.CacheMode.NoCache:
                item.update()

    # ----------------------------------------------------------- background --
    def _draw_background(self, painter: QPainter) -> None:
        felt = self.felt
        table = shape_path(felt.table)
        # the padded rail round the cloth, its outer edge darker
        painter.setPen(QPen(QColor(colours.RAIL_EDGE), 4))
        painter.setBrush(RAIL)
        if felt.rail is not None:
            painter.drawPath(shape_path(felt.rail))
        else:
            bounds = qrect(felt.table.bounds).adjusted(
                -RAIL_WIDTH, -RAIL_WIDTH, RAIL_WIDTH, RAIL_WIDTH
            )
            painter.drawRoundedRect(bounds, RAIL_WIDTH, RAIL_WIDTH)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(FELT)
        painter.drawPath(table)
        for decor in felt.decor:
            if decor.shape is not None:
                draw_shape(painter, decor.shape, decor.tone, decor.outline)
            if decor.label is not None:
                box = decor.text_box or (decor.shape.bounds if decor.shape else None)
                if box is not None:
                    ink = QColor(colours.DARK_INK) if decor.tone == "light" else QColor(colours.INK)
                    draw_label(
                        painter,
                        decor.label,
                        qrect(box),
                        decor.text_size,
                        colour=ink,
                        rotation=decor.rotation,
                    )
        for spot in felt.spots:
            draw_spot_face(painter, spot)
        for fixture in felt.fixtures:
            if isinstance(fixture, Wheel):
                draw_wheel(painter, fixture)
            elif isinstance(fixture, Dice):
                draw_dice(painter, fixture)
            elif isinstance(fixture, CardPlace):
                draw_card_place(painter, fixture)
            elif isinstance(fixture, Device):
                draw_device(painter, fixture)
            elif isinstance(fixture, JackpotDisplay):
                self._draw_jackpot(painter, fixture)

    def _draw_jackpot(self, painter: QPainter, display: JackpotDisplay) -> None:
        box = qrect(display.shape)
        painter.setPen(QPen(QColor(colours.BRASS), 3))
        painter.setBrush(QColor(colours.JACKPOT_PANEL))
        painter.drawRoundedRect(box, 10, 10)
        title = QRectF(box.x(), box.y() + 6, box.width(), _lit_part(display).top() - box.y() - 6)
        draw_label(
            painter, display.label, title, JACKPOT_TITLE_SIZE, colour=QColor(colours.LED_GOLD)
        )


JACKPOT_TITLE_SIZE = 17.0  # mm, the display's 累進大獎 / PROGRESSIVE JACKPOT


def _lit_part(display: JackpotDisplay) -> QRectF:
    """The display under its title: the pool, then the posted awards."""
    box = qrect(display.shape)
    title = JACKPOT_TITLE_SIZE * (1.15 + 1.0) * 1.25 + 10
    if not display.awards:  # the pool alone, under the title
        title = box.height() * 0.45
    return box.adjusted(0, title, 0, -6)
