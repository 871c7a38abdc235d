"""Symbols drawn with QPainter: they look the same on every system, whatever its fonts.

A glyph such as ⏱ (U+23F1) is missing from the usual Linux fonts and shows as
an empty box; these icons need no font at all.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPixmap

from dealer_trainer.ui.kit import palette

RIGHT_GREEN = palette.OK
WRONG_RED = palette.WRONG
TIME_AMBER = palette.LATE


def _canvas(size: int, ratio: float) -> tuple[QPixmap, QPainter]:
    pixmap = QPixmap(round(size * ratio), round(size * ratio))
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return pixmap, painter


def _pen(colour: str, width: float) -> QPen:
    return QPen(
        QColor(colour),
        width,
        Qt.PenStyle.SolidLine,
        Qt.PenCapStyle.RoundCap,
        Qt.PenJoinStyle.RoundJoin,
    )


def check_pixmap(size: int, ratio: float = 1.0, colour: str = RIGHT_GREEN) -> QPixmap:
    """A tick: the answer is right."""
    pixmap, painter = _canvas(size, ratio)
    path = QPainterPath(QPointF(size * 0.16, size * 0.54))
    path.lineTo(size * 0.40, size * 0.78)
    path.lineTo(size * 0.86, size * 0.24)
    painter.setPen(_pen(colour, size * 0.14))
    painter.drawPath(path)
    painter.end()
    return pixmap


def cross_pixmap(size: int, ratio: float = 1.0, colour: str = WRONG_RED) -> QPixmap:
    """A cross: the answer is not right."""
    pixmap, painter = _canvas(size, ratio)
    painter.setPen(_pen(colour, size * 0.14))
    low, high = size * 0.22, size * 0.78
    painter.drawLine(QPointF(low, low), QPointF(high, high))
    painter.drawLine(QPointF(high, low), QPointF(low, high))
    painter.end()
    return pixmap


def stopwatch_pixmap(size: int, ratio: float = 1.0, colour: str = TIME_AMBER) -> QPixmap:
    """A stopwatch: the time allowed ran out."""
    pixmap, painter = _canvas(size, ratio)
    line = size * 0.09
    painter.setPen(_pen(colour, line))
    centre = QPointF(size * 0.5, size * 0.57)
    radius = size * 0.34
    painter.drawEllipse(centre, radius, radius)
    # The crown and its button, the hand at ten past.
    painter.drawLine(QPointF(size * 0.5, size * 0.23), QPointF(size * 0.5, size * 0.12))
    painter.drawLine(QPointF(size * 0.38, size * 0.09), QPointF(size * 0.62, size * 0.09))
    painter.drawLine(QPointF(size * 0.80, size * 0.27), QPointF(size * 0.87, size * 0.20))
    painter.drawLine(centre, QPointF(size * 0.5, size * 0.36))
    painter.drawLine(centre, QPointF(size * 0.66, size * 0.63))
    painter.setBrush(QColor(colour))
    painter.drawEllipse(QRectF(centre.x() - line / 2, centre.y() - line / 2, line, line))
    painter.end()
    return pixmap


VERDICT_PIXMAPS = {
    "right": check_pixmap,
    "wrong": cross_pixmap,
    "timeout": stopwatch_pixmap,
}


def verdict_pixmap(verdict: str, size: int, ratio: float = 1.0) -> QPixmap:
    """The headline's symbol of a verdict: ``right``, ``wrong`` or ``timeout``."""
    return VERDICT_PIXMAPS[verdict](size, ratio)


__all__ = [
    "check_pixmap",
    "cross_pixmap",
    "stopwatch_pixmap",
    "verdict_pixmap",
]
