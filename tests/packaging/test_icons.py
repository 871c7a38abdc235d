"""The application icon: real ICO and ICNS containers, drawn by ``packaging/make_icons.py``."""

from __future__ import annotations

import math
import struct
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QGuiApplication, QImage

from tests.packaging.helpers import PACKAGING, load_packaging_module

make_icons = load_packaging_module("make_icons")
ICONS = PACKAGING / "icons"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def gui(qapp: QGuiApplication) -> QGuiApplication:
    """pytest-qt's application (a QApplication: the widget tests share the process)."""
    return qapp


def decode(png: bytes) -> QImage:
    image = QImage.fromData(png)  # the format is read from the data
    assert not image.isNull()
    return image


def ico_entries(data: bytes) -> list[tuple[int, bytes]]:
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    entries = []
    for index in range(count):
        width, height, _, _, planes, bits, size, offset = struct.unpack_from(
            "<BBBBHHII", data, 6 + 16 * index
        )
        assert (width, planes, bits) == (height, 1, 32)
        entries.append((width or 256, data[offset : offset + size]))
    return entries


def icns_elements(data: bytes) -> dict[bytes, bytes]:
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    elements, offset = {}, 8
    while offset < len(data):
        kind, length = data[offset : offset + 4], struct.unpack_from(">I", data, offset + 4)[0]
        assert length > 8
        elements[kind] = data[offset + 8 : offset + length]
        offset += length
    assert offset == len(data)
    return elements


def test_windows_icon_holds_every_size_from_16_to_256(gui: QGuiApplication) -> None:
    entries = ico_entries((ICONS / "dealer-trainer.ico").read_bytes())
    assert [size for size, _ in entries] == [16, 24, 32, 48, 64, 128, 256]
    for size, png in entries:
        assert png.startswith(PNG_MAGIC)
        image = decode(png)
        assert (image.width(), image.height()) == (size, size)


def test_macos_icon_holds_every_size_up_to_1024_with_retina(gui: QGuiApplication) -> None:
    elements = icns_elements((ICONS / "dealer-trainer.icns").read_bytes())
    expected = {
        b"icp4": 16,
        b"icp5": 32,
        b"icp6": 64,
        b"ic07": 128,
        b"ic08": 256,
        b"ic09": 512,
        b"ic10": 1024,
        b"ic11": 32,
        b"ic12": 64,
        b"ic13": 256,
        b"ic14": 512,
    }
    assert set(elements) == set(expected)
    for kind, size in expected.items():
        image = decode(elements[kind])
        assert (image.width(), image.height()) == (size, size), kind


def test_icon_is_a_wheel_on_felt_with_transparent_corners(gui: QGuiApplication) -> None:
    image = decode((ICONS / "dealer-trainer.png").read_bytes())
    assert (image.width(), image.height()) == (256, 256)
    assert image.pixelColor(0, 0).alpha() == 0  # rounded tile: the corner is see-through
    felt = image.pixelColor(128, 30)  # above the wheel: green felt
    assert felt.green() > felt.red() + 40 and felt.green() > felt.blue() + 40
    # The 37 pockets: the ring holds red, black and the single green zero.
    colours = {_nearest(image.pixelColor(x, y)) for x, y in _ring(image)}
    assert {"red", "black", "green"} <= colours


def _ring(image: QImage) -> list[tuple[int, int]]:
    centre_x, centre_y = 470 / 1024 * image.width(), 460 / 1024 * image.height()
    radius = 330 * (0.86 + 0.62) / 2 / 1024 * image.width()
    return [
        (
            round(centre_x + radius * math.cos(math.radians(a / 4))),
            round(centre_y - radius * math.sin(math.radians(a / 4))),
        )
        for a in range(0, 1440)
    ]


def _nearest(colour: QColor) -> str:
    palette = {
        "red": make_icons.POCKET_RED,
        "black": make_icons.POCKET_BLACK,
        "green": make_icons.POCKET_GREEN,
        "gold": make_icons.GOLD,
    }
    return min(
        palette,
        key=lambda name: sum(
            (a - b) ** 2 for a, b in zip(_rgba(colour)[:3], _rgba(palette[name])[:3], strict=True)
        ),
    )


def _rgba(colour: QColor) -> tuple[int, int, int, int]:
    return colour.red(), colour.green(), colour.blue(), colour.alpha()


def test_committed_icons_are_what_make_icons_draws(gui: QGuiApplication, tmp_path: Path) -> None:
    written = make_icons.write_icons(tmp_path)
    assert sorted(path.name for path in written) == sorted(
        path.name for path in ICONS.iterdir() if path.name.startswith("dealer-trainer.")
    )
    fresh = decode((tmp_path / "dealer-trainer.png").read_bytes())
    committed = decode((ICONS / "dealer-trainer.png").read_bytes())
    worst = max(
        abs(a - b)
        for y in range(0, 256, 3)
        for x in range(0, 256, 3)
        for a, b in zip(
            _rgba(fresh.pixelColor(x, y)), _rgba(committed.pixelColor(x, y)), strict=True
        )
    )
    assert worst <= 8, "packaging/icons is out of date: run python packaging/make_icons.py"
