"""The window's first paint loads none of the records' code: storage, SQLAlchemy, Alembic,
numpy and pyqtgraph load after it (the records open once the window has shown), so the
window answers as soon as a plain Qt window would (``benchmarks/startup.py`` times it).

Counted, not timed: the app is started as ``dealer-trainer`` starts it, in a process of its
own, and at the window's first paint (``MainWindow.firstPainted``) the modules loaded are
listed and the process ends."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dealer_trainer.rules.games import Game

#: Module prefixes the first paint must not have loaded.
NOT_BEFORE_FIRST_PAINT = (
    "dealer_trainer.storage",
    "sqlalchemy",
    "alembic",
    "numpy",
    "pyqtgraph",
)

# The app's own start (dealer_trainer.app.main), with its window made to report what is
# loaded at its first paint and end there.
PROBE = """
import os
import sys

from dealer_trainer import app
from dealer_trainer.ui.window import main_window

NAMES = sys.argv[1].split(",")
PREFIXES = tuple(name + "." for name in NAMES)


def painted():
    loaded = sorted(m for m in sys.modules if m in NAMES or m.startswith(PREFIXES))
    print("painted;" + ",".join(loaded), flush=True)
    os._exit(0)


class Probed(main_window.MainWindow):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.firstPainted.connect(painted)


main_window.MainWindow = Probed
sys.exit(app.main(sys.argv[2:]))
"""


def _loaded_at_first_paint(tmp_path: Path, *args: str) -> list[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    env["DEALER_TRAINER_DATA_DIR"] = str(tmp_path / "data")
    env["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    env.pop("DEALER_TRAINER_DB_URL", None)
    forbidden = ",".join(NOT_BEFORE_FIRST_PAINT)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, forbidden, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("painted;")]
    return [name for name in line.removeprefix("painted;").split(",") if name]


def _packages(modules: list[str]) -> list[str]:
    """The packages of ``NOT_BEFORE_FIRST_PAINT`` that ``modules`` hold some of."""
    return [
        p for p in NOT_BEFORE_FIRST_PAINT if any(m == p or m.startswith(f"{p}.") for m in modules)
    ]


@pytest.mark.parametrize("game", [None, *Game.ids()])
def test_the_first_paint_loads_no_storage_sqlalchemy_alembic_numpy_or_pyqtgraph(
    tmp_path: Path, game: str | None
) -> None:
    args = [] if game is None else ["--game", game]
    loaded = _loaded_at_first_paint(tmp_path, *args)
    assert _packages(loaded) == [], f"{len(loaded)} modules loaded, the first: {loaded[:5]}"
