"""Graphics items of a felt, each painted once into a ``QPicture`` and replayed.

As pyqtgraph's ``customGraphicsItem`` example does: ``paint()`` only plays the
recorded picture and ``boundingRect()`` is exact (the picture's bounds, with
the pen's half-width).  Spots keep their painter path as ``shape()`` so that
hit-testing is exact too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from decimal import Decimal
from functools import lru_cache, partial

from PySide6.QtCore import QLocale, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPaintEngine,
    QPainter,
    QPainterPath,
    QPen,
    QPicture,
    QPixmap,
)
from PySide6.QtWidgets import (
    QGraphicsItem,
    QGraphicsSceneHoverEvent,
    QGraphicsSceneMouseEvent,
    QStyleOptionGraphicsItem,
    QWidget,
)

from dealer_trainer.i18n import match_locale
from dealer_trainer.i18n.numbers import format_amount
from dealer_trainer.layouts.chips import ChipSet
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import Marker, Spot
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.painting import (
    INK,
    TONES,
    draw_card,
    draw_die,
    draw_label,
    draw_shape,
    qrect,
    shape_path,
    translated,
)
from dealer_trainer.ui.kit.fonts import felt_font

HOVER = QColor(colours.HOVER)
FOCUS = QColor(colours.SPOT_FOCUS)
LIT = QColor(colours.LIT)  # an electronic layout's lit winning area, under the glass
LIT_EDGE = QColor(colours.LIT_EDGE)
CHIP_DIAMETER = 40.0  # mm, a casino chip
CHIP_STEP = 3.6  # mm a chip rises in a drawn stack
MAX_DRAWN_CHIPS = 12
# Looked up (and combined) once: a felt builds a spot item for each of its ~160 bets.
_NO_CONTENTS = QGraphicsItem.GraphicsItemFlag.ItemHasNoContents
_SPOT_BUTTONS = Qt.MouseButton.LeftButton | Qt.MouseButton.RightButton
_HAND = Qt.CursorShape.PointingHandCursor
_DARK_INK, _WHITE_INK = (
    QColor(colours.DARK_INK),
    QColor(colours.WHITE),
)  # labels on light, filled spots


def _language() -> str:
    """The app language of the default locale (the language manager sets it)."""
    return match_locale(QLocale().name())


def record(draw: Callable[[QPainter], None]) -> QPicture:
    picture = QPicture()
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    draw(painter)
    painter.end()
    return picture


def repaint_now(item: QGraphicsItem) -> None:
    """Drop the item's cached pixmap at once (not at the next event loop pass) and repaint.

    ``update()`` alone lets a picture rendered straight after a change (an
    export, a thumbnail) reuse the stale cache.
    """
    mode = item.cacheMode()
    if mode != QGraphicsItem.CacheMode.NoCache:
        item.setCacheMode(QGraphicsItem.CacheMode.NoCache)
        item.setCacheMode(mode)
    item.update()


class PictureItem(QGraphicsItem):
    """A static drawing, recorded once into a picture and replayed at every paint."""

    def __init__(self, draw: Callable[[QPainter], None], bounds: QRectF) -> None:
        super().__init__()
        self._draw = draw
        self._picture = record(draw)
        self._bounds = bounds
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def rerecord(self) -> None:
        """Draw the picture again (its texts changed language) and repaint."""
        self._picture = record(self._draw)
        repaint_now(self)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


def draw_spot_face(painter: QPainter, spot: Spot) -> None:
    """The printed face of a spot (the felt's background records every face once)."""
    if not spot.printed:
        return
    draw_shape(painter, spot.shape, spot.tone)
    if spot.label is not None:
        box = qrect(spot.text_box or spot.shape.bounds)
        ink = _DARK_INK if spot.tone == "light" else INK
        if spot.tone in ("red", "black", "green", "gold"):
            ink = _WHITE_INK
        draw_label(painter, spot.label, box, spot.text_size, colour=ink, rotation=spot.rotation)


class SpotItem(QGraphicsItem):
    """One betting spot: its exact hit shape, hover and focus highlights, clicks.

    The spot's printed face belongs to the felt's (cached) background, so a
    spot at rest has no contents and costs nothing to draw; hovered or
    focused, it replays its recorded highlight.  ``on_click(spot_id, button)``
    and ``on_hover(spot_id or "")`` are the scene's callbacks; the scene turns
    them into signals.
    """

    def __init__(
        self,
        spot: Spot,
        on_click: Callable[[str, Qt.MouseButton], None],
        on_hover: Callable[[str], None],
    ) -> None:
        super().__init__()
        self.spot = spot
        self._path = shape_path(spot.shape)
        self._bounds = self._path.boundingRect().adjusted(-4, -4, 4, 4)
        self._highlights: dict[bool, QPicture] = {}  # recorded on first use
        self._lit_picture: QPicture | None = None
        self._hovered = self._focused = self._lit = False
        self.setFlag(_NO_CONTENTS, True)
        self._on_click, self._on_hover = on_click, on_hover
        self.setZValue(10 + spot.layer)
        self.setAcceptHoverEvents(True)
        self.setAcceptedMouseButtons(_SPOT_BUTTONS)
        self.setCursor(_HAND)
        self.setToolTip(spot.id)

    def _draw_highlight(self, painter: QPainter, *, focused: bool) -> None:
        painter.setBrush(HOVER)
        pen = QPen(FOCUS if focused else HOVER.lighter(), 3.0 if focused else 2.0)
        if focused:
            pen.setStyle(Qt.PenStyle.DashLine)
        painter.setPen(pen)
        painter.drawPath(self._path)

    def _draw_lit(self, painter: QPainter) -> None:
        painter.setBrush(LIT)
        painter.setPen(QPen(LIT_EDGE, 5.0))
        painter.drawPath(self._path)

    def _restyle(self) -> None:
        shown = self._hovered or self._focused or self._lit
        scene = self.scene()
        if not shown and scene is not None:
            # Qt repaints nothing for an item that has no contents, so the highlight just
            # taken off would stay on screen: the scene repaints the area it covered.
            scene.update(self.sceneBoundingRect())
        self.setFlag(_NO_CONTENTS, not shown)
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds

    def shape(self) -> QPainterPath:
        return self._path

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        if self._lit:
            if self._lit_picture is None:
                self._lit_picture = record(self._draw_lit)
            self._lit_picture.play(painter)
        if self._hovered or self._focused:
            picture = self._highlights.get(self._focused)
            if picture is None:
                picture = record(partial(self._draw_highlight, focused=self._focused))
                self._highlights[self._focused] = picture
            picture.play(painter)

    @property
    def highlighted(self) -> bool:
        return self._hovered

    @property
    def lit(self) -> bool:
        """Is the spot lit as a winning area (Sic Bo's electronic layout)?"""
        return self._lit

    def set_lit(self, lit: bool) -> None:
        if lit != self._lit:
            self._lit = lit
            self._restyle()

    def set_focused(self, focused: bool) -> None:
        if focused != self._focused:
            self._focused = focused
            self._restyle()

    def hoverEnterEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hovered = True
        self._restyle()
        self._on_hover(self.spot.id)

    def hoverLeaveEvent(self, event: QGraphicsSceneHoverEvent) -> None:
        self._hovered = False
        self._restyle()
        self._on_hover("")

    def mousePressEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        event.accept()

    def mouseReleaseEvent(self, event: QGraphicsSceneMouseEvent) -> None:
        if self._path.contains(event.pos()):
            self._on_click(self.spot.id, event.button())


class CaptionItem(QGraphicsItem):
    """A stack's count and total, in screen pixels whatever the zoom, so it stays readable.

    With a ``scale`` it is drawn to the felt's scale instead (``scale`` mm per
    pixel of its font), so its place on the felt is known whatever the zoom:
    the drills lay their captions out so that none covers another.
    """

    FONT_PX = 12

    def __init__(self, parent: QGraphicsItem, scale: float | None = None) -> None:
        super().__init__(parent)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations, scale is None)
        if scale is not None:
            self.setScale(scale)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._font = QFont()
        self._font.setPixelSize(self.FONT_PX)
        self._font.setBold(True)
        self._text = ""
        self._bounds = QRectF()
        self._picture = QPicture()

    @property
    def text(self) -> str:
        return self._text

    def set_text(self, text: str) -> None:
        self.prepareGeometryChange()
        self._text = text
        width = QFontMetricsF(self._font).horizontalAdvance(text) + 10
        self._bounds = QRectF(-width / 2, 0, width, self.FONT_PX + 6)
        self._picture = record(self._draw)
        self.update()

    def _draw(self, painter: QPainter) -> None:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(colours.TIP_SHADE))
        painter.drawRoundedRect(self._bounds, 4, 4)
        painter.setPen(QColor(colours.WHITE))
        painter.setFont(self._font)
        painter.drawText(self._bounds, Qt.AlignmentFlag.AlignCenter, self._text)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


class ChipStackItem(QGraphicsItem):
    """The chips on one spot, drawn as a stack (to scale) with its count and total."""

    def __init__(
        self, centre: tuple[float, float], chip_set: ChipSet, caption_scale: float | None = None
    ) -> None:
        super().__init__()
        self._chip_set = chip_set
        self._chips: tuple[Decimal, ...] = ()
        self._picture = QPicture()
        self._bounds = QRectF()
        self.setPos(QPointF(*centre))
        self.setZValue(100)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._caption = CaptionItem(self, caption_scale)
        self._caption.setPos(0, CHIP_DIAMETER / 2 + 1)

    @property
    def caption_item(self) -> CaptionItem:
        return self._caption

    def badge_rect(self) -> QRectF:
        """The stack and its caption (when drawn to the felt's scale), in the item's coordinates."""
        rect = QRectF(self.boundingRect())
        if not self._caption.flags() & QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations:
            rect = rect.united(self._caption.mapRectToParent(self._caption.boundingRect()))
        return rect

    @property
    def chips(self) -> tuple[Decimal, ...]:
        return self._chips

    def show_caption(self, shown: bool) -> None:
        """Show or hide the count (hidden in thumbnails, where screen-sized text would swamp it)."""
        self._caption.setVisible(shown)

    @property
    def caption(self) -> str:
        """The stack's readable count and total: ``×7  1,650`` (``1.650`` in Portuguese)."""
        total = sum(self._chips, Decimal(0))
        return f"×{len(self._chips)}  {format_amount(total, _language())}"

    def set_chips(self, chips: Sequence[Decimal]) -> None:
        self.prepareGeometryChange()
        self._chips = tuple(sorted(chips, reverse=True))  # largest at the bottom, as dealers stack
        self._picture = record(self._draw)
        r = CHIP_DIAMETER / 2
        drawn = min(len(self._chips), MAX_DRAWN_CHIPS)
        top = -r - CHIP_STEP * max(drawn - 1, 0)
        self._bounds = QRectF(-r - 1, top - 1, 2 * r + 2, r - top + 2)
        self._caption.set_text(self.caption)
        self.setVisible(bool(self._chips))
        repaint_now(self)

    def _draw(self, painter: QPainter) -> None:
        r = CHIP_DIAMETER / 2
        drawn = self._chips[-MAX_DRAWN_CHIPS:]  # a tall stack shows its top chips
        for i, value in enumerate(drawn):
            chip = self._chip_set.get(value)
            centre = QPointF(0, -i * CHIP_STEP)
            painter.setPen(QPen(QColor(colours.OUTLINE), 0.8))
            painter.setBrush(QColor(chip.colour))
            painter.drawEllipse(centre, r, r)
            edge = QPen(QColor(chip.edge), 4.0, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
            edge.setDashPattern([1.6, 2.4])
            painter.setPen(edge)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, r - 2.5, r - 2.5)
            painter.setPen(QPen(QColor(chip.edge), 0.8))
            painter.drawEllipse(centre, r * 0.62, r * 0.62)
        if drawn:
            top = QPointF(0, -(len(drawn) - 1) * CHIP_STEP)
            chip = self._chip_set.get(drawn[-1])
            painter.setPen(QColor(chip.ink))
            painter.setFont(felt_font(11, bold=True))
            painter.drawText(
                QRectF(top.x() - r, top.y() - 8, 2 * r, 16), Qt.AlignmentFlag.AlignCenter, chip.text
            )

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


class MarkerItem(QGraphicsItem):
    """The dolly (roulette) or the puck (craps), moved to a number or back to rest."""

    def __init__(self, marker: Marker, on_label: Label, off_label: Label) -> None:
        super().__init__()
        self.marker = marker
        self.number: int | None = None
        self._labels = (on_label, off_label)
        self._pictures = {True: record(self._draw_on), False: record(self._draw_off)}
        s = marker.size
        self._bounds = QRectF(-s - 2, -s - 2, 2 * s + 4, 2 * s + 4)
        self.setZValue(90)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.move_to(None)

    def _draw_on(self, painter: QPainter) -> None:
        self._draw(painter, on=True)

    def _draw_off(self, painter: QPainter) -> None:
        self._draw(painter, on=False)

    def _draw(self, painter: QPainter, *, on: bool) -> None:
        s = self.marker.size
        if self.marker.kind == "dolly":
            # A clear acrylic dolly, as on the table: the winning number reads through it.
            painter.setPen(QPen(QColor(colours.DOLLY), 3.0))
            painter.setBrush(QColor(colours.DOLLY_GLASS))
            painter.drawEllipse(QPointF(0, 0), s * 0.55, s * 0.55)
            painter.setPen(QPen(QColor(colours.DOLLY_SHADOW), 1.2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(QPointF(0, 0), s * 0.55 + 1.8, s * 0.55 + 1.8)
            return
        painter.setPen(QPen(QColor(colours.OUTLINE), 2))
        painter.setBrush(QColor(colours.PUCK_ON) if on else QColor(colours.PUCK_OFF))
        painter.drawEllipse(QPointF(0, 0), s, s)
        label = self._labels[0] if on else self._labels[1]
        draw_label(
            painter,
            label,
            QRectF(-s, -s, 2 * s, 2 * s),
            s * 0.42,
            colour=QColor(colours.PUCK_OFF) if on else QColor(colours.PUCK_ON),
        )

    def rerecord(self) -> None:
        """Draw the marker again (its ON/OFF words changed language)."""
        self._pictures = {True: record(self._draw_on), False: record(self._draw_off)}
        repaint_now(self)

    def move_to(self, number: int | None) -> None:
        """Put the marker on ``number`` (its spot on the felt) or back to rest."""
        if number is not None and number not in self.marker.positions:
            raise KeyError(f"the {self.marker.kind} cannot go to {number}")
        self.number = number
        where = self.marker.rest if number is None else self.marker.positions[number]
        self.setPos(QPointF(*where))
        repaint_now(self)  # the puck turns over: ON on a point, OFF at rest

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._pictures[self.number is not None].play(painter)


@lru_cache(maxsize=256)
def _card_picture(code: str | None, width: float, height: float) -> QPicture:
    """A face (or the back) recorded once per size: a hand turned at the showdown shows
    many cards in one step."""
    return record(lambda p: draw_card(p, QRectF(-width / 2, -height / 2, width, height), code))


@lru_cache(maxsize=512)
def _card_pixmap(code: str | None, width: float, height: float, pixels: int) -> QPixmap:
    """A face (or the back) ``pixels`` wide, drawn once per size (the back's pattern at
    the screen's own grain, as the card drawn there had it)."""
    scale = pixels / width
    pixmap = QPixmap(pixels, max(1, math.ceil(height * scale)))
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.scale(scale, scale)
    painter.translate(width / 2, height / 2)
    _card_picture(code, width, height).play(painter)
    painter.end()
    return pixmap


def forget_card_faces() -> None:
    """Draw every card's face again at its next paint (a benchmark's cold redraw)."""
    _card_pixmap.cache_clear()


class CardItem(QGraphicsItem):
    """A card in a card place: face (``"AS"``) or back (``None``); ``owner``: whose hand
    (``dealer``, ``box-3``).

    On screen a card is drawn from a picture of its face at the view's size
    (:func:`_card_pixmap`), not drawn again: most cards lie at an angle in their box, and
    Qt's own item cache is made again at every paint of a turned item (a card dealt or
    fading in beside them drew the whole fan again).  A PDF (or any painter that is not
    drawing pixels) gets the card itself, as lines and letters."""

    def __init__(self, bounds: QRectF, angle: float, code: str | None, owner: str = "") -> None:
        super().__init__()
        self.owner = owner
        w, h = bounds.width(), bounds.height()
        self._bounds = QRectF(-w / 2, -h / 2, w, h)
        self.code: str | None = None
        self._picture = QPicture()
        self.set_code(code)
        self.setPos(bounds.center())
        self.setRotation(angle)
        self.setZValue(50)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_code(self, code: str | None) -> None:
        """Show this face (``None``: the back); the same card again changes nothing."""
        if code == self.code and not self._picture.isNull():
            return
        self.code = code
        self._picture = _card_picture(code, self._bounds.width(), self._bounds.height())
        self.update()

    def boundingRect(self) -> QRectF:
        return self._bounds.adjusted(-1, -1, 1, 1)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        engine = painter.paintEngine()
        if engine is None or engine.type() != QPaintEngine.Type.Raster:
            self._picture.play(painter)  # a PDF, a printer: the card as drawn
            return
        world = painter.worldTransform()
        ratio = painter.device().devicePixelRatioF()
        across = self._bounds.width() * math.hypot(world.m11(), world.m12()) * ratio
        pixels = max(8, math.ceil(across / 4) * 4)  # a few sizes, not one for each zoom
        face = _card_pixmap(self.code, self._bounds.width(), self._bounds.height(), pixels)
        painter.drawPixmap(self._bounds, face, QRectF(face.rect()))


class JackpotItem(QGraphicsItem):
    """The progressive jackpot display's lit part: the pool in LED digits and, under it, the
    fixed awards posted for each hand (Art. 10(3)), drawn inside ``box`` (scene mm).

    Amounts are written in the reader's format (``156.650,00`` in Portuguese), again
    when the language changes.
    """

    POOL_SHARE = 0.34  # of the lit part's height, for the pool; the rest lists the awards

    def __init__(self, box: QRectF, awards: Sequence[tuple[str, Label]] = ()) -> None:
        super().__init__()
        self._box = box
        self._awards = tuple(awards)
        self._currency = "HK$"
        self._pool: Decimal | None = None
        self._posted: dict[str, Decimal] = {}
        self._picture = record(self._draw)
        self.setZValue(60)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def display(
        self, pool: Decimal | None, awards: Mapping[str, Decimal], currency: str = "HK$"
    ) -> None:
        """Show the pool (``None``: dashes) and the posted awards by hand (absent: dashes)."""
        self._pool, self._posted, self._currency = pool, dict(awards), currency
        self.rerecord()

    @property
    def text(self) -> str:
        """The pool as the display shows it (``""`` while it shows dashes)."""
        if self._pool is None:
            return ""
        return f"{self._currency} {format_amount(self._pool, _language(), cents=True)}"

    @property
    def award_texts(self) -> dict[str, str]:
        """The posted awards, by hand, as the display shows them."""
        language = _language()
        return {
            hand: f"{self._currency} {format_amount(value, language)}"
            for hand, value in self._posted.items()
        }

    def rerecord(self) -> None:
        """Draw the display again (its names and amounts changed language)."""
        self._picture = record(self._draw)
        repaint_now(self)

    def award_rect(self, index: int) -> QRectF:
        """The line of the ``index``-th posted award (scene mm)."""
        box = self._box
        top = box.top() + box.height() * self.POOL_SHARE
        height = (box.bottom() - top) / max(len(self._awards), 1)
        return QRectF(box.left() + 16, top + index * height, box.width() - 32, height)

    def _draw(self, painter: QPainter) -> None:
        pool = QRectF(self._box)
        pool.setHeight(self._box.height() * self.POOL_SHARE)
        painter.setPen(QColor(colours.LED_RED))
        painter.setFont(felt_font(pool.height() * 0.62, bold=True))
        painter.drawText(pool, Qt.AlignmentFlag.AlignCenter, self.text or "– – – – – –")
        posted = self.award_texts
        for index, (hand, label) in enumerate(self._awards):
            line = self.award_rect(index)
            size = line.height() * 0.58
            name = "  ".join(part for part in (label.zh, label.english(translated)) if part)
            award = posted.get(hand, "– – –")
            # A long translation shrinks so that the name and its award never run together.
            wide = QFontMetricsF(felt_font(size, bold=True)).horizontalAdvance(f"{name}    {award}")
            if wide > line.width():
                size *= line.width() / wide
            painter.setPen(QColor(colours.LED_GOLD))
            painter.setFont(felt_font(size, bold=True))
            painter.drawText(line, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, name)
            painter.setPen(QColor(colours.LED_RED))
            painter.drawText(
                line, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, award
            )

    def boundingRect(self) -> QRectF:
        return self._box

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


class ProgressiveChipItem(QGraphicsItem):
    """A box's progressive bet on its spot: one gold chip printed 累進 (Art. 2, Art. 10(1)).

    The regulation gives the progressive bet no amount to show, so the chip
    says that the box bet it, not how much.
    """

    def __init__(self, centre: tuple[float, float], label: Label) -> None:
        super().__init__()
        self._label = label
        r = CHIP_DIAMETER / 2
        self._bounds = QRectF(-r - 1, -r - 1, 2 * r + 2, 2 * r + 2)
        self._picture = record(self._draw)
        self.setPos(QPointF(*centre))
        self.setZValue(100)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _draw(self, painter: QPainter) -> None:
        r = CHIP_DIAMETER / 2
        painter.setPen(QPen(QColor(colours.OUTLINE), 0.8))
        painter.setBrush(
            QColor(colours.PROGRESSIVE_CHIP)
        )  # reads against the gold progressive spot
        painter.drawEllipse(QPointF(0, 0), r, r)
        edge = QPen(
            QColor(colours.LED_GOLD), 4.0, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap
        )
        edge.setDashPattern([1.6, 2.4])
        painter.setPen(edge)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(QPointF(0, 0), r - 2.5, r - 2.5)
        draw_label(
            painter,
            self._label,
            QRectF(-r * 0.7, -r * 0.7, r * 1.4, r * 1.4),
            7.5,
            colour=QColor(colours.PROGRESSIVE_INK),
        )

    def rerecord(self) -> None:
        self._picture = record(self._draw)
        repaint_now(self)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


class DiceItem(QGraphicsItem):
    """The dice of the last throw, as they lie on the felt (vector, to scale: 19 mm dice)."""

    SIZE = 19.0

    def __init__(self, faces: tuple[int, ...]) -> None:
        super().__init__()
        if not faces or any(face not in range(1, 7) for face in faces):
            raise ValueError(f"dice faces must be 1 to 6, not {faces}")
        self.faces = faces
        gap = self.SIZE * 0.3
        width = len(faces) * self.SIZE + (len(faces) - 1) * gap
        self._bounds = QRectF(-width / 2 - 1, -self.SIZE / 2 - 1, width + 2, self.SIZE + 2)
        self._picture = record(self._draw)
        self.setZValue(95)
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def _draw(self, painter: QPainter) -> None:
        gap = self.SIZE * 0.3
        x = self._bounds.x() + 1
        for i, face in enumerate(self.faces):
            painter.save()
            rect = QRectF(x, -self.SIZE / 2, self.SIZE, self.SIZE)
            painter.translate(rect.center())
            painter.rotate(-12 + 24 * i)  # thrown dice never lie square
            draw_die(painter, rect.translated(-rect.center()), face)
            painter.restore()
            x += self.SIZE + gap

    def boundingRect(self) -> QRectF:
        return self._bounds.adjusted(-4, -4, 4, 4)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        self._picture.play(painter)


__all__ = [
    "TONES",
    "CardItem",
    "ChipStackItem",
    "DiceItem",
    "JackpotItem",
    "MarkerItem",
    "PictureItem",
    "ProgressiveChipItem",
    "SpotItem",
]
