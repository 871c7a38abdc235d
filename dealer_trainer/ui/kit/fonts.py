"""Chinese glyphs on every platform: pick an installed CJK family as a fallback.

Felt labels print Chinese beside English.  The default UI font of a platform
may have no Han glyphs, so the first installed family of
:data:`CJK_FAMILIES` (Microsoft JhengHei on Windows, PingFang TC on macOS,
Noto Sans CJK TC on Linux …) is added as a substitute of the families the
felt and the widgets use.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QFont, QFontDatabase, QFontMetricsF

#: Traditional Chinese first (Macau prints traditional characters).
CJK_FAMILIES = (
    "Microsoft JhengHei",
    "Microsoft JhengHei UI",
    "PingFang TC",
    "Noto Sans CJK TC",
    "Noto Sans TC",
    "Source Han Sans TC",
    "Noto Sans CJK HK",
    "Noto Sans CJK SC",
    "WenQuanYi Micro Hei",
    "Microsoft YaHei",
)
FELT_FAMILY = "Dealer Trainer Felt"  # an alias: the Latin face, then the CJK fallback


@cache
def cjk_family() -> str | None:
    """The first installed CJK family of :data:`CJK_FAMILIES`, or ``None``."""
    installed = set(QFontDatabase.families())
    return next((family for family in CJK_FAMILIES if family in installed), None)


@cache
def install_cjk_fallback() -> str | None:
    """Make Chinese render in every font the app uses; returns the CJK family chosen.

    Needs a ``QGuiApplication``.  Safe to call more than once.
    """
    family = cjk_family()
    latin = QFontDatabase.systemFont(QFontDatabase.SystemFont.GeneralFont).family()
    substitutes = [latin] + ([family] if family else [])
    QFont.insertSubstitutions(FELT_FAMILY, substitutes)
    if family:
        for name in {latin, "Sans Serif", "DejaVu Sans", "Segoe UI", ".AppleSystemUIFont"}:
            QFont.insertSubstitution(name, family)
    return family


def felt_font(pixel_size: float, *, bold: bool = False) -> QFont:
    """The felt's font at a size in scene units (millimetres); a copy the caller may change."""
    return QFont(_felt_font(max(1, round(pixel_size)), bold))


def felt_drawing_font(pixel_size: float, *, bold: bool = False) -> QFont:
    """:func:`felt_font` itself, not a copy, for drawing with (never change it)."""
    return _felt_font(max(1, round(pixel_size)), bold)


def felt_metrics(pixel_size: float, *, bold: bool = False) -> QFontMetricsF:
    """The metrics of :func:`felt_font` at that size (made once per size)."""
    return _felt_metrics(max(1, round(pixel_size)), bold)


@cache
def _felt_metrics(pixel_size: int, bold: bool) -> QFontMetricsF:
    return QFontMetricsF(_felt_font(pixel_size, bold))


@cache
def _felt_font(pixel_size: int, bold: bool) -> QFont:
    font = QFont(FELT_FAMILY)
    font.setPixelSize(pixel_size)
    font.setBold(bold)
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    return font
