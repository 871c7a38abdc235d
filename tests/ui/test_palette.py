"""Every colour of the screens is named in a palette.

The screens wrote their colours where they used them: 234 literals in 37 files, two greens
for "saved" side by side. The screens' colours are named by what they mean in
``ui/kit/palette.py``, the felt's physical ones (its cloth, wheel, cards, chips) in
``ui/felt/colours.py``; this test reads ``dealer_trainer/ui`` and fails on a colour written
anywhere else: ``"#rrggbb"``, ``QColor(r, g, b)``, a ``Qt.GlobalColor`` used as a meaning
(``transparent`` is no colour), ``rgb()`` in a style sheet, or a colour's name.
"""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtGui import QColor

import dealer_trainer.ui
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.kit import palette

UI = Path(dealer_trainer.ui.__file__).parent
PALETTES = {UI / "kit" / "palette.py", UI / "felt" / "colours.py"}
LITERAL = re.compile(
    r"""#[0-9a-fA-F]{6}(?:[0-9a-fA-F]{2})?\b"""  # "#2e7d32", "#cd000000"
    r"""|#[0-9a-fA-F]{3}\b(?=["';\s])"""  # "#fff"
    r"""|QColor\(\s*\d"""  # QColor(255, 236, 140)
    r"""|Qt\.GlobalColor\.(?!transparent\b)\w+"""  # Qt.GlobalColor.darkGreen
    r"""|\brgba?\s*\("""  # rgb(46, 125, 50) in a style sheet
    r"""|(?:color|background)\s*:\s*(?:red|green|blue|gray|grey|black|white|orange)\b"""
    r"""|QColor\(\s*["'][a-z]"""  # QColor("red")
)


def colour_literals(source: str) -> list[int]:
    """The lines of ``source`` that write a colour instead of naming one."""
    return [source.count("\n", 0, found.start()) + 1 for found in LITERAL.finditer(source)]


def test_the_check_finds_each_way_of_writing_a_colour() -> None:
    written = [
        'label.setStyleSheet("color: #2e7d32;")',
        "HOVER = QColor(255, 236, 140, 90)",
        "item.setForeground(Qt.GlobalColor.darkGreen)",
        'STYLE = "#hint { background: rgb(255, 247, 214); }"',
        'note.setStyleSheet("color: grey;")',
        'pen = QPen(QColor("red"))',
        'ring = "#fff";',
    ]
    assert [bool(colour_literals(line)) for line in written] == [True] * len(written)
    named = [
        'label.setStyleSheet(f"color: {palette.OK};")',
        "pixmap.fill(Qt.GlobalColor.transparent)",
        'STYLE = "#feedback { border: 2px solid; }"',
        "item.setForeground(QColor(palette.FADED))",
    ]
    assert [colour_literals(line) for line in named] == [[]] * len(named)


def test_no_colour_is_written_outside_the_palettes() -> None:
    found = [
        f"{path.relative_to(UI.parent)}:{line}"
        for path in sorted(UI.rglob("*.py"))
        if path not in PALETTES
        for line in colour_literals(path.read_text(encoding="utf-8"))
    ]
    assert not found, "name the colour in ui/kit/palette.py (or ui/felt/colours.py): " + ", ".join(
        found
    )


def test_every_palette_colour_is_one_qt_reads() -> None:
    for module in (palette, colours):
        for name, value in vars(module).items():
            if name.isupper() and isinstance(value, str):
                assert QColor(value).isValid(), f"{module.__name__}.{name} = {value!r}"
    assert QColor(colours.HOVER).alpha() == 90  # "#aarrggbb": the opacity first
