"""The wait a person feels at start-up: ``dealer-trainer`` against plain Qt windows, in one run.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py [--runs 7]

Launches ``python -m dealer_trainer.app --exit-when-ready`` and two windows
to compare it with ``--runs`` times each, in rounds (one of each, in turn),
and prints the medians of

- *first paint*: launch to the first paint of the window's felt;
- *responsive*: launch to the GUI thread back at its event loop after that
  paint (a zero-delay timer posted at the paint has run), moved to the end of
  any later freeze over 100 ms that a 5 ms ticker sees while the start-up work
  after the paint runs (the records, the daily backup, the thumbnails): what
  the app's ``--exit-when-ready`` prints (``dealer_trainer.ui.window.startup_watch``);

each also as the ratio to the others (the median of each round's ratio):

- the *bare window*: an empty ``QMainWindow`` shown, its own first paint;
- the *reference*: a window of the same Qt widgets as the app's (a menu bar, a
  splitter, a scrolling side panel with a list of icons, combo boxes and chip
  buttons, a graphics view of a few hundred items, a status bar) and none of
  the app's code.

All three are measured the same way, from a clock read at the top of the
program.  All run from compiled bytecode (cached in a temporary folder by an
uncounted first run), as an installed app does; the app keeps its records in a
temporary folder whose database the first run created and backed up (a start
later in the day).  What the first paint may not load (the records' code:
storage, SQLAlchemy, Alembic, numpy) is counted by
``tests/ui/test_first_paint_imports.py``.  Goal: responsive <= 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

GOAL_S = 0.5
MEASURES = ("first_paint", "responsive")

REFERENCE = """
import os
import sys
import time

STARTED = time.perf_counter()

from PySide6.QtCore import QEvent, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QAction, QBrush, QColor, QIcon, QKeySequence, QPainter, QPixmap
from PySide6.QtWidgets import (
    QApplication, QComboBox, QGraphicsScene, QGraphicsView, QLabel, QListWidget,
    QListWidgetItem, QMainWindow, QScrollArea, QSplitter, QToolButton, QVBoxLayout, QWidget,
)

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("reference")
for title in ("File", "View", "Drills", "Instructor"):
    menu = window.menuBar().addMenu(title)
    for n in range(4):
        action = QAction(f"{title} {n}", window)
        action.setShortcut(QKeySequence(f"Ctrl+{n + 1}"))
        menu.addAction(action)
panel = QWidget()
layout = QVBoxLayout(panel)
games = QListWidget()
for name in ("Roulette", "Craps", "Caribbean Stud Poker"):
    pixmap = QPixmap(160, 90)
    pixmap.fill(QColor("#0b5d1e"))
    QListWidgetItem(QIcon(pixmap), name, games)
layout.addWidget(QLabel("Game"))
layout.addWidget(games)
for title in ("Ruleset", "Trainee"):
    layout.addWidget(QLabel(title))
    box = QComboBox()
    box.addItems([f"{title} {n}" for n in range(3)])
    layout.addWidget(box)
for value in (1, 5, 25, 100, 500, 1000, 10000):
    chip = QToolButton()
    chip.setText(str(value))
    chip.setCheckable(True)
    layout.addWidget(chip)
scroll = QScrollArea()
scroll.setWidget(panel)
scroll.setWidgetResizable(True)
scene = QGraphicsScene()
scene.setBackgroundBrush(QBrush(QColor("#0b5d1e")))
for n in range(300):
    x, y = (n % 30) * 40.0, (n // 30) * 60.0
    scene.addRect(QRectF(x, y, 38, 58), QColor("#f0e6c8"))
    scene.addSimpleText(str(n)).setPos(x + 8, y + 20)
view = QGraphicsView(scene)
view.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
view.setAlignment(Qt.AlignmentFlag.AlignCenter)
splitter = QSplitter(Qt.Orientation.Horizontal)
splitter.addWidget(scroll)
splitter.addWidget(view)
window.setCentralWidget(splitter)
window.statusBar().addWidget(QLabel("On the felt: 0"), 1)
window.resize(1280, 720)


class Watch(QObject):
    # As dealer_trainer.ui.window.startup_watch measures: the first paint, then the loop answering
    # (this window has no start-up work after its paint).
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            self.first_paint = time.perf_counter() - STARTED
            QTimer.singleShot(0, self.answered)
        return False

    def answered(self):
        responsive = time.perf_counter() - STARTED
        print(f"first_paint={self.first_paint:.3f} responsive={responsive:.3f}", flush=True)
        os._exit(0)  # as dealer-trainer --exit-when-ready ends


watch = Watch()
view.viewport().installEventFilter(watch)
window.show()
sys.exit(app.exec())
"""


BARE = """
import os
import sys
import time

STARTED = time.perf_counter()

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("bare")
window.resize(1280, 720)


class Watch(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            self.first_paint = time.perf_counter() - STARTED
            QTimer.singleShot(0, self.answered)
        return False

    def answered(self):
        responsive = time.perf_counter() - STARTED
        print(f"first_paint={self.first_paint:.3f} responsive={responsive:.3f}", flush=True)
        os._exit(0)


watch = Watch()
window.installEventFilter(watch)
window.show()
sys.exit(app.exec())
"""


def _launch(command: list[str], env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    line = done.stdout.strip().splitlines()[-1]
    return {name: float(value) for name, value in (field.split("=") for field in line.split())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="rounds of launches (median)")
    args = parser.parse_args()
    env = {**os.environ}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as folder:
        # All start from compiled bytecode, as an installed app does (pip compiles it);
        # the cache lives in the temporary folder, never in the checkout.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        env["DEALER_TRAINER_DATA_DIR"] = str(Path(folder) / "data")
        env["XDG_CONFIG_HOME"] = str(Path(folder) / "config")  # the app's remembered settings
        env.pop("DEALER_TRAINER_DB_URL", None)  # the records on this machine, not a server
        commands = {}
        for name, program in (("bare window", BARE), ("reference", REFERENCE)):
            path = Path(folder) / f"{name.replace(' ', '_')}.py"
            path.write_text(program, encoding="utf-8")
            commands[name] = [sys.executable, str(path)]
        commands["dealer-trainer"] = [
            sys.executable,
            "-m",
            "dealer_trainer.app",
            "--exit-when-ready",
        ]
        for command in commands.values():  # bytecode, the file cache, the records: uncounted
            _launch(command, env)
        runs: dict[str, list[dict[str, float]]] = {name: [] for name in commands}
        for _ in range(args.runs):  # a round launches each once, one after the other
            for name, command in commands.items():
                runs[name].append(_launch(command, env))
    medians = {
        name: {m: statistics.median(run[m] for run in found) for m in MEASURES}
        for name, found in runs.items()
    }
    app_times = medians["dealer-trainer"]
    print(f"medians of {args.runs} rounds of launches, seconds from launch:")
    print(f"{'':30} {'first paint':>12} {'responsive':>12}")
    for name, times in medians.items():
        print(f"{name:30} {times['first_paint']:12.3f} {times['responsive']:12.3f}")
    # Each round's ratio, then their median: a ratio holds when the machine's speed drifts.
    for against in ("bare window", "reference"):
        ratios = {
            m: statistics.median(
                app[m] / other[m]
                for app, other in zip(runs["dealer-trainer"], runs[against], strict=True)
            )
            for m in MEASURES
        }
        label = f"ratio to the {against}"
        print(f"{label:30} {ratios['first_paint']:12.2f} {ratios['responsive']:12.2f}")
    verdict = "ok" if app_times["responsive"] <= GOAL_S else "OVER GOAL"
    print(f"goal: responsive <= {GOAL_S} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
