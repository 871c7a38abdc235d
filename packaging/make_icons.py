"""Draw the application icon and write it for every platform.

    python packaging/make_icons.py [--out packaging/icons]

The emblem is drawn with QPainter (no text, so it renders the same on every
machine): a European roulette wheel (the 37 pockets in wheel order, zero
green, the reds of the layout red) on green felt, with a casino chip in
front.  One drawing, rendered at each size, is written as

* ``dealer-trainer.png``  (256 px: Linux desktop files, the README),
* ``dealer-trainer.ico``  (16 to 256 px, PNG-compressed entries: the Windows
  executable, the installer and its uninstaller),
* ``dealer-trainer.icns`` (16 to 1024 px, retina variants: the macOS bundle).

ICO and ICNS are small container formats; both are written here directly so
that no image library beyond Qt is needed (Qt's ICNS writer is not part of
PySide6-Essentials).  The generated files are committed; run this script
again after changing the drawing (``tests/packaging`` checks they agree).
"""

from __future__ import annotations

import argparse
import math
import os
import struct
import sys
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QGuiApplication,
    QImage,
    QPainter,
    QPainterPath,
    QPen,
    QRadialGradient,
)

HERE = Path(__file__).resolve().parent
DEFAULT_OUT = HERE / "icons"
NAME = "dealer-trainer"
GRID = 1024.0  # the drawing's own units; every size is this grid scaled

#: The European single-zero wheel, clockwise from zero.
WHEEL_ORDER = (
    0,
    32,
    15,
    19,
    4,
    21,
    2,
    25,
    17,
    34,
    6,
    27,
    13,
    36,
    11,
    30,
    8,
    23,
    10,
    5,
    24,
    16,
    33,
    1,
    20,
    14,
    31,
    9,
    22,
    18,
    29,
    7,
    28,
    12,
    35,
    3,
    26,
)
RED_NUMBERS = frozenset((1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36))

PNG_SIZE = 256
SMALL, SMALL_ZOOM = 32, 1000.0 / 896.0  # at or below 32 px the tile grows to the edges
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS element types (PNG payloads) and their pixel sizes.
ICNS_ELEMENTS = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),  # 512@2x
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),  # 16, 32, 128, 256 @2x
)

FELT_LIGHT, FELT_DARK = QColor("#23864f"), QColor("#0c4227")
GOLD, GOLD_DARK = QColor("#e8c15a"), QColor("#9a7320")
WOOD_LIGHT, WOOD_DARK = QColor("#8c4320"), QColor("#3a1608")
POCKET_RED, POCKET_BLACK, POCKET_GREEN = QColor("#c8202c"), QColor("#1b1b1d"), QColor("#128a3e")
CHIP_BLUE, CHIP_BLUE_DARK, IVORY = QColor("#1d5fbf"), QColor("#123c7a"), QColor("#f6f1e4")


def pocket_color(number: int) -> QColor:
    if number == 0:
        return POCKET_GREEN
    return POCKET_RED if number in RED_NUMBERS else POCKET_BLACK


def _radial(
    center: QPointF, radius: float, inner: QColor, outer: QColor, focal: QPointF | None = None
) -> QBrush:
    gradient = QRadialGradient(center, radius, focal if focal is not None else center)
    gradient.setColorAt(0.0, inner)
    gradient.setColorAt(1.0, outer)
    return QBrush(gradient)


def _circle(painter: QPainter, center: QPointF, radius: float) -> None:
    painter.drawEllipse(center, radius, radius)


def _ring_sector(
    center: QPointF, outer: float, inner: float, start_deg: float, span_deg: float
) -> QPainterPath:
    """One pocket: the band between two radii over an angle (Qt angles, counter-clockwise)."""
    path = QPainterPath()
    outer_rect = QRectF(center.x() - outer, center.y() - outer, 2 * outer, 2 * outer)
    inner_rect = QRectF(center.x() - inner, center.y() - inner, 2 * inner, 2 * inner)
    path.arcMoveTo(outer_rect, start_deg)
    path.arcTo(outer_rect, start_deg, span_deg)
    path.arcTo(inner_rect, start_deg + span_deg, -span_deg)
    path.closeSubpath()
    return path


def draw_background(painter: QPainter) -> None:
    """Green felt in a rounded square with a gold edge (the platforms' icon grid)."""
    inset, corner = 64.0, 196.0
    tile = QRectF(inset, inset, GRID - 2 * inset, GRID - 2 * inset)
    centre = tile.center()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 70))  # a soft drop shadow under the tile
    painter.drawRoundedRect(tile.translated(0, 14), corner, corner)
    painter.setBrush(_radial(centre - QPointF(0, 120), 620, FELT_LIGHT, FELT_DARK))
    painter.setPen(QPen(GOLD_DARK, 10))
    painter.drawRoundedRect(tile, corner, corner)


def draw_wheel(painter: QPainter, centre: QPointF, radius: float, *, detailed: bool) -> None:
    """The wheel: wooden bowl, the 37 pockets, the cone and the gold turret."""
    pocket_outer, pocket_inner = radius * 0.86, radius * 0.62
    cone = radius * 0.60
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(
        _radial(centre, radius, WOOD_LIGHT, WOOD_DARK, centre - QPointF(radius * 0.3, radius * 0.3))
    )
    _circle(painter, centre, radius)
    painter.setPen(QPen(GOLD, radius * 0.025))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _circle(painter, centre, radius * 0.985)
    _circle(painter, centre, pocket_outer + radius * 0.012)

    span = 360.0 / len(WHEEL_ORDER)
    separator = QPen(GOLD, radius * 0.010) if detailed else Qt.PenStyle.NoPen
    for index, number in enumerate(WHEEL_ORDER):
        start = 90.0 - (index + 0.5) * span  # zero at the top, numbers run clockwise
        painter.setBrush(pocket_color(number))
        painter.setPen(separator)
        painter.drawPath(_ring_sector(centre, pocket_outer, pocket_inner, start, span))

    painter.setPen(QPen(GOLD_DARK, radius * 0.02))
    painter.setBrush(
        _radial(
            centre, cone, QColor("#b0652f"), WOOD_DARK, centre - QPointF(cone * 0.35, cone * 0.35)
        )
    )
    _circle(painter, centre, cone)

    # The turret: four gold spokes with knobs, and the hub.
    painter.setPen(QPen(GOLD, radius * 0.06, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    arm = cone * 0.78
    for angle in (45.0, 135.0):
        rad = math.radians(angle)
        offset = QPointF(math.cos(rad) * arm, math.sin(rad) * arm)
        painter.drawLine(centre - offset, centre + offset)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(
        _radial(centre, cone * 0.3, GOLD, GOLD_DARK, centre - QPointF(cone * 0.08, cone * 0.08))
    )
    for angle in (45.0, 135.0, 225.0, 315.0):
        rad = math.radians(angle)
        _circle(painter, centre + QPointF(math.cos(rad) * arm, math.sin(rad) * arm), cone * 0.1)
    _circle(painter, centre, cone * 0.24)

    # The ball, resting in the pocket of 17 (a split and a straight-up favourite).
    index = WHEEL_ORDER.index(17)
    rad = math.radians(90.0 - index * span)
    middle = (pocket_outer + pocket_inner) / 2
    ball = centre + QPointF(math.cos(rad) * middle, -math.sin(rad) * middle)
    painter.setBrush(
        _radial(
            ball,
            radius * 0.06,
            QColor("#ffffff"),
            QColor("#c9c4b8"),
            ball - QPointF(radius * 0.02, radius * 0.02),
        )
    )
    _circle(painter, ball, radius * 0.055)


def draw_chip(painter: QPainter, centre: QPointF, radius: float) -> None:
    """A casino chip: coloured body, six edge inserts, an inlay ring."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))  # its shadow on the felt and the wheel
    _circle(painter, centre + QPointF(radius * 0.06, radius * 0.09), radius)
    painter.setBrush(
        _radial(
            centre, radius, CHIP_BLUE, CHIP_BLUE_DARK, centre - QPointF(radius * 0.3, radius * 0.3)
        )
    )
    painter.setPen(QPen(CHIP_BLUE_DARK, radius * 0.03))
    _circle(painter, centre, radius)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(IVORY)
    for index in range(6):
        start = index * 60.0 + 15.0
        painter.drawPath(_ring_sector(centre, radius * 0.97, radius * 0.72, start, 24.0))
    painter.setPen(QPen(IVORY, radius * 0.05, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _circle(painter, centre, radius * 0.56)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(_radial(centre, radius * 0.45, QColor("#2f77d8"), CHIP_BLUE_DARK))
    _circle(painter, centre, radius * 0.45)
    # A gold diamond: the chip's denomination mark, without text.
    diamond = QPainterPath()
    size = radius * 0.22
    diamond.moveTo(centre + QPointF(0, -size))
    diamond.lineTo(centre + QPointF(size * 0.75, 0))
    diamond.lineTo(centre + QPointF(0, size))
    diamond.lineTo(centre + QPointF(-size * 0.75, 0))
    diamond.closeSubpath()
    painter.setBrush(GOLD)
    painter.drawPath(diamond)


def render(size: int) -> QImage:
    """The icon at ``size`` × ``size`` pixels, transparent outside the tile."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / GRID, size / GRID)
    if size <= SMALL:  # small icons: fill the square, the platforms draw them without a margin
        painter.translate(GRID / 2, GRID / 2)
        painter.scale(SMALL_ZOOM, SMALL_ZOOM)
        painter.translate(-GRID / 2, -GRID / 2)
    draw_background(painter)
    draw_wheel(painter, QPointF(470, 460), 330, detailed=size >= 48)
    draw_chip(painter, QPointF(738, 742), 172)
    painter.end()
    return image.convertToFormat(QImage.Format.Format_ARGB32)


def png_bytes(image: QImage) -> bytes:
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    # PySide6 (6.11, 6.12) takes the format as str at run time and refuses bytes: its stubs differ.
    if not image.save(buffer, "PNG"):  # type: ignore[call-overload]
        raise OSError("Qt could not encode a PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: Iterable[tuple[int, bytes]]) -> bytes:
    """An ICO file of PNG-compressed entries (Windows Vista and later read these)."""
    entries = list(pngs)
    header = struct.pack("<HHH", 0, 1, len(entries))
    offset = len(header) + 16 * len(entries)
    directory, payload = b"", b""
    for size, png in entries:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(png), offset)
        payload += png
        offset += len(png)
    return header + directory + payload


def icns_bytes(elements: Iterable[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file: big-endian (type, length) headed PNG elements."""
    body = b"".join(kind + struct.pack(">I", 8 + len(png)) + png for kind, png in elements)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(out: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    sizes = sorted({PNG_SIZE, *ICO_SIZES, *(size for _, size in ICNS_ELEMENTS)})
    pngs = {size: png_bytes(render(size)) for size in sizes}
    written = {
        out / f"{NAME}.png": pngs[PNG_SIZE],
        out / f"{NAME}.ico": ico_bytes((size, pngs[size]) for size in ICO_SIZES),
        out / f"{NAME}.icns": icns_bytes((kind, pngs[size]) for kind, size in ICNS_ELEMENTS),
    }
    for path, data in written.items():
        path.write_bytes(data)
    return list(written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder to write into")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QGuiApplication.instance() or QGuiApplication([sys.argv[0]])
    for path in write_icons(args.out):
        print(f"{path}  {path.stat().st_size:,} bytes")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
