"""Vector painting of felt parts: shapes, bilingual labels, the wheel, dice, cards, devices;
and a chip seen from above, the icon of the chip racks (``chip_icon``).

Everything is drawn in scene units (millimetres) with a ``QPainter``; the
items record these calls once into a ``QPicture`` and replay it.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QCoreApplication, QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap, QPolygonF

from dealer_trainer.layouts.chips import Denomination
from dealer_trainer.layouts.labels import CONTEXT, Label
from dealer_trainer.layouts.model import (
    CardPlace,
    Device,
    Dice,
    Ellipse,
    Rect,
    Shape,
    Tone,
    Wheel,
)
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.kit.fonts import felt_drawing_font, felt_font, felt_metrics

FELT = QColor(colours.FELT)
FELT_DARK = QColor(colours.FELT_DARK)
RAIL = QColor(colours.RAIL)
INK = QColor(colours.INK)  # the cream print of the felt's lines and labels
TONES: dict[Tone, QColor] = {
    "felt": QColor(colours.NO_FILL),
    "red": QColor(colours.RED),
    "black": QColor(colours.BLACK),
    "green": QColor(colours.GREEN),
    "gold": QColor(colours.GOLD),
    "light": QColor(colours.INK),
}
LINE_WIDTH = 3.0  # mm, the felt's printed lines
_LABEL_FLAGS = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextDontClip  # combined once
SUITS = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def qrect(rect: Rect) -> QRectF:
    return QRectF(rect.x, rect.y, rect.w, rect.h)


def shape_path(shape: Shape) -> QPainterPath:
    """The outline of a model shape as a painter path."""
    path = QPainterPath()
    if isinstance(shape, Rect):
        path.addRect(qrect(shape))
    elif isinstance(shape, Ellipse):
        path.addEllipse(QPointF(shape.cx, shape.cy), shape.rx, shape.ry)
    else:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in shape.points]))
        path.closeSubpath()
    return path


def ink_pen(width: float = LINE_WIDTH, colour: QColor = INK) -> QPen:
    pen = QPen(colour, width)
    pen.setJoinStyle(Qt.PenJoinStyle.MiterJoin)
    return pen


_PRINT_PEN = ink_pen()  # the felt's printed lines (the painter copies it)


def translated(text: str) -> str:
    """The felt's English line in the user's language (context ``felt``)."""
    return QCoreApplication.translate(CONTEXT, text) if text else ""


def draw_label(
    painter: QPainter,
    label: Label,
    box: QRectF,
    size: float,
    *,
    colour: QColor = INK,
    rotation: float = 0.0,
) -> None:
    """Chinese above English, centred in ``box``, turned by ``rotation`` degrees."""
    en = label.english(translated)
    lines = [
        (text, scale, bold)
        for text, scale, bold in ((label.zh, 1.15, True), (en, 1.0, True))
        if text
    ]
    if not lines:
        return
    painter.save()
    centre = box.center()
    painter.translate(centre)
    painter.rotate(rotation)
    local = QRectF(-box.width() / 2, -box.height() / 2, box.width(), box.height())
    heights = [size * scale * 1.25 for _, scale, _ in lines]
    y = -sum(heights) / 2
    painter.setPen(colour)
    for (text, scale, bold), height in zip(lines, heights, strict=True):
        font = felt_drawing_font(size * scale, bold=bold)
        # A translation longer than the print shrinks to fit its spot (never grows).
        wide = felt_metrics(size * scale, bold=bold).horizontalAdvance(text)
        room = local.width() * 0.94
        if wide > room > 0:
            font = felt_drawing_font(size * scale * room / wide, bold=bold)
        painter.setFont(font)
        row = QRectF(local.left(), y, local.width(), height)
        painter.drawText(row, _LABEL_FLAGS, text)
        y += height
    painter.restore()


def draw_shape(painter: QPainter, shape: Shape, tone: Tone, outline: bool = True) -> None:
    painter.setPen(_PRINT_PEN if outline else Qt.PenStyle.NoPen)
    # A colour, not QBrush(colour): building a QBrush makes PySide set up QGradient (~2 ms).
    painter.setBrush(TONES[tone] if tone != "felt" else Qt.BrushStyle.NoBrush)
    painter.drawPath(shape_path(shape))


def draw_wheel(painter: QPainter, wheel: Wheel) -> None:
    """The wheel from above: wooden bowl, ball track, pockets in the ruleset's order, turret."""
    c, r = QPointF(wheel.cx, wheel.cy), wheel.radius
    painter.setPen(QPen(QColor(colours.WHEEL_EDGE), 4))
    painter.setBrush(QColor(colours.WHEEL_RIM))
    painter.drawEllipse(c, r, r)
    painter.setBrush(QColor(colours.WHEEL_BOWL))
    painter.drawEllipse(c, r * 0.90, r * 0.90)
    count = len(wheel.pockets)
    step = 360.0 / count
    outer, inner = r * 0.86, r * 0.60
    pocket_ring = r * 0.70
    font = felt_font(r * 0.07, bold=True)
    painter.setFont(font)
    fret = QPen(QColor(colours.FRET), 1.2)  # the same for every pocket: made once
    white = QColor(colours.WHITE)
    number_box = QRectF(-r * 0.06, -r * 0.05, r * 0.12, r * 0.10)
    for position, number in enumerate(wheel.pockets):
        middle = wheel.pocket_angle(position)
        tone: Tone = "green" if number == 0 else "red" if number in wheel.red else "black"
        colour = TONES[tone]
        path = QPainterPath()
        for radius, angles in (
            (outer, (middle - step / 2, middle + step / 2)),
            (inner, (middle + step / 2, middle - step / 2)),
        ):
            for angle in angles:
                point = QPointF(
                    wheel.cx + radius * math.cos(math.radians(angle)),
                    wheel.cy + radius * math.sin(math.radians(angle)),
                )
                if path.elementCount() == 0:
                    path.moveTo(point)
                else:
                    path.lineTo(point)
        path.closeSubpath()
        painter.setPen(fret)
        painter.setBrush(colour)
        painter.drawPath(path)
        painter.save()
        text_r = (outer + pocket_ring) / 2
        painter.translate(
            wheel.cx + text_r * math.cos(math.radians(middle)),
            wheel.cy + text_r * math.sin(math.radians(middle)),
        )
        painter.rotate(middle + 90)
        painter.setPen(white)
        painter.drawText(number_box, Qt.AlignmentFlag.AlignCenter, str(number))
        painter.restore()
    painter.setPen(QPen(QColor(colours.FRET), 2))
    painter.setBrush(QColor(colours.TURRET))
    painter.drawEllipse(c, inner, inner)
    painter.setBrush(QColor(colours.BRASS))
    painter.drawEllipse(c, r * 0.12, r * 0.12)
    painter.setPen(
        QPen(QColor(colours.BRASS_SHINE), r * 0.03, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
    )
    for angle in (0, 90):
        a = math.radians(angle + 45)
        dx, dy = r * 0.32 * math.cos(a), r * 0.32 * math.sin(a)
        painter.drawLine(
            QPointF(wheel.cx - dx, wheel.cy - dy), QPointF(wheel.cx + dx, wheel.cy + dy)
        )


def draw_dice(painter: QPainter, dice: Dice) -> None:
    """Dice side by side, white with dark pips, as printed on a craps felt."""
    size, gap = dice.size, dice.size * 0.18
    total = len(dice.faces) * size + (len(dice.faces) - 1) * gap
    x = dice.cx - total / 2
    for face in dice.faces:
        draw_die(painter, QRectF(x, dice.cy - size / 2, size, size), face)
        x += size + gap


_PIPS = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


def draw_die(painter: QPainter, rect: QRectF, face: int) -> None:
    painter.setPen(QPen(QColor(colours.DIE_EDGE), rect.width() * 0.04))
    painter.setBrush(QColor(colours.DIE))
    painter.drawRoundedRect(rect, rect.width() * 0.18, rect.width() * 0.18)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(colours.WHITE))
    pip = rect.width() * 0.09
    for fx, fy in _PIPS[face]:
        painter.drawEllipse(
            QPointF(rect.x() + fx * rect.width(), rect.y() + fy * rect.height()), pip, pip
        )


def draw_card_place(painter: QPainter, place: CardPlace) -> None:
    """A card's place, printed as a faint outline."""
    painter.setPen(ink_pen(2.0, QColor(colours.INK_FAINT)))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawPath(shape_path(place.shape))


def card_path(rect: QRectF) -> QPainterPath:
    path = QPainterPath()
    path.addRoundedRect(rect, rect.width() * 0.08, rect.width() * 0.08)
    return path


def card_index_rect(rect: QRectF) -> QRectF:
    """The corner of a card face that shows its rank above its suit (what a fan keeps in sight)."""
    return QRectF(rect.x() + 3, rect.y() + 2, rect.width() * 0.4, rect.height() * 0.42)


def draw_card(painter: QPainter, rect: QRectF, code: str | None) -> None:
    """A card face (``"TS"``: rank then suit) or, for ``None``, its back."""
    painter.setPen(QPen(QColor(colours.CARD_EDGE), 0.8))
    painter.setBrush(QColor(colours.CARD))
    painter.drawPath(card_path(rect))
    if code is None:
        inner = rect.adjusted(4, 4, -4, -4)
        painter.setBrush(QBrush(QColor(colours.CARD_BACK), Qt.BrushStyle.SolidPattern))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.drawPath(card_path(inner))
        painter.setBrush(QBrush(QColor(colours.CARD_BACK_LACE), Qt.BrushStyle.DiagCrossPattern))
        painter.drawPath(card_path(inner))
        return
    rank, suit = code[0], code[1]
    shown_rank = "10" if rank == "T" else rank
    colour = QColor(colours.RED) if suit in "HD" else QColor(colours.BLACK)
    painter.setPen(colour)
    painter.setFont(felt_font(rect.height() * 0.2, bold=True))
    corner = card_index_rect(rect)
    corner.setHeight(rect.height() * 0.22)
    painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, shown_rank)
    corner.translate(0, rect.height() * 0.2)
    painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, SUITS[suit])
    painter.setFont(felt_font(rect.height() * 0.42))
    painter.drawText(
        rect.adjusted(0, rect.height() * 0.15, 0, 0), Qt.AlignmentFlag.AlignCenter, SUITS[suit]
    )


def draw_device(painter: QPainter, device: Device) -> None:
    box = qrect(device.shape)
    painter.setPen(QPen(QColor(colours.DEVICE_EDGE), 2))
    if device.kind == "chip_tray":
        painter.setBrush(QColor(colours.DEVICE))
        painter.drawRoundedRect(box, 10, 10)
        columns = 12
        width = box.width() / columns
        for i in range(columns):
            column = QRectF(box.x() + i * width + 4, box.y() + 8, width - 8, box.height() - 16)
            painter.setBrush(QColor(colours.DEVICE_TOP))
            painter.drawRoundedRect(column, width / 2.5, width / 2.5)
        return
    painter.setBrush(
        QColor(colours.SHUFFLER) if device.kind == "shuffler" else QColor(colours.SHOE)
    )
    painter.drawRoundedRect(box, 12, 12)
    if device.kind == "shoe":
        painter.setBrush(QColor(colours.CARD))
        painter.drawRect(QRectF(box.x() + 20, box.bottom() - 38, box.width() - 40, 22))
    else:
        painter.setBrush(QColor(colours.DEVICE_SCREEN))
        painter.drawRect(QRectF(box.x() + 24, box.y() + 20, box.width() - 48, 16))
    draw_label(
        painter, device.label, box.adjusted(0, 0, 0, -40), 14, colour=QColor(colours.DEVICE_LABEL)
    )


def chip_icon(chip: Denomination, size: int, ratio: float) -> QIcon:
    """A chip seen from above, for the chip rack's buttons."""
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    r = size / 2 - 1
    centre = QPointF(size / 2, size / 2)
    painter.setPen(QPen(QColor(colours.OUTLINE), 1))
    painter.setBrush(QColor(chip.colour))
    painter.drawEllipse(centre, r, r)
    edge = QPen(QColor(chip.edge), size * 0.1, Qt.PenStyle.CustomDashLine, Qt.PenCapStyle.FlatCap)
    edge.setDashPattern([1.2, 1.6])
    painter.setPen(edge)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawEllipse(centre, r * 0.84, r * 0.84)
    painter.setPen(QColor(chip.ink))
    painter.setFont(felt_font(size * 0.3, bold=True))
    painter.drawText(QRectF(0, 0, size, size), Qt.AlignmentFlag.AlignCenter, chip.text)
    painter.end()
    return QIcon(pixmap)
