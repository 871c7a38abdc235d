"""Placeholders are filled with ``fill()`` alone, never by hand.

``template.replace("%1", name).replace("%2", login)`` fills again whatever the first value
brought in: a trainee named "Ana %2" was shown as "Signed in: Ana ana.lei (ana.lei)".
``dealer_trainer.rules.text.fill`` fills every placeholder in one pass; this test reads
the package's sources and fails on a placeholder filled by ``str.replace``.
"""

from __future__ import annotations

import re
from pathlib import Path

import dealer_trainer

PACKAGE = Path(dealer_trainer.__file__).parent
#: ``.replace("%1", …)``, ``.replace('%2', …)``, ``.replace(f"%{number}", …)``, also when
#: the call's argument starts on the next line.
BY_HAND = re.compile(r"""\.replace\(\s*[rbf]*["']%""")


def hand_fills(source: str) -> list[int]:
    """The line numbers where ``source`` fills a placeholder with ``str.replace``."""
    return [source.count("\n", 0, found.start()) + 1 for found in BY_HAND.finditer(source)]


def test_the_check_finds_each_way_of_filling_by_hand() -> None:
    assert hand_fills('t = tr("Signed in: %1 (%2)").replace("%1", name)') == [1]
    assert hand_fills("a = 1\nt = t.replace(\n    '%2', login\n)") == [2]
    assert hand_fills('t = t.replace(f"%{number}", value)') == [1]
    assert hand_fills('t = fill(tr("Signed in: %1 (%2)"), name, login)') == []
    assert hand_fills('path = path.replace("\\\\", "/")') == []


def test_no_placeholder_in_the_package_is_filled_by_hand() -> None:
    found = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in hand_fills(path.read_text(encoding="utf-8"))
    ]
    assert not found, "fill placeholders with dealer_trainer.rules.text.fill(): " + ", ".join(found)
