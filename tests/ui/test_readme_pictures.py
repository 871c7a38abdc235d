"""The README's pictures of the live table are drawn by ``docs/pictures.py`` from the app as
it is, so they can be drawn again: the script runs on this checkout and draws each game's
table at the drill window's size, and the README shows every one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

ROOT = Path(__file__).parents[2]
TABLES = ("table-roulette", "table-craps", "table-caribbean-stud", "table-sic-bo")


def test_readme_table_pictures_are_redrawn_from_the_app_by_the_script(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    script = ROOT / "docs" / "pictures.py"
    done = subprocess.run(
        [sys.executable, str(script), "--out", str(tmp_path), "--only", "table"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for name in TABLES:
        drawn = QImage(str(tmp_path / f"{name}.png"))
        assert not drawn.isNull(), name
        assert (drawn.width(), drawn.height()) == (1366, 728), name  # the drill window's size
        assert f"(docs/{name}.png)" in readme, name
        kept = QImage(str(ROOT / "docs" / f"{name}.png"))
        assert (kept.width(), kept.height()) == (1366, 728), name
