"""Start-up time of ``dealer-trainer`` against a bare PySide6 window, in the same run.

    QT_QPA_PLATFORM=offscreen python benchmarks/startup.py [--runs 7]

Runs ``python -m dealer_trainer.app --exit-when-ready`` and a reference script
(a bare ``QMainWindow`` that quits at its first paint, the same way) ``--runs``
times each, alternating, and prints the median wall-clock time of each and
their ratio.  Both run from compiled bytecode (cached in a temporary folder
by an uncounted first run), as an installed app does.  Goal: ratio ≤ 1.5.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 1.5

REFERENCE = """
import os
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow

app = QApplication(sys.argv)
window = QMainWindow()
window.setWindowTitle("reference")
window.setCentralWidget(QLabel("reference"))
window.resize(1280, 720)


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, self.ready)
        return False

    def ready(self):
        print("ready", flush=True)
        os._exit(0)  # as dealer-trainer --exit-when-ready ends


watcher = FirstPaint()
window.centralWidget().installEventFilter(watcher)
window.show()
sys.exit(app.exec())
"""

#: The same window with one use of the ``Qt`` namespace, as every real window makes (alignment,
#: focus, keys, pens).  PySide6 6.11 builds all of the namespace's enums as Python enums on that
#: first use; the bare window above never pays it.  Shown for information: the goal is against
#: the bare window.
REFERENCE_WITH_QT_NAMESPACE = REFERENCE.replace(
    "window.resize(1280, 720)",
    "window.resize(1280, 720)\n"
    "from PySide6.QtCore import Qt\n"
    "window.centralWidget().setAlignment(Qt.AlignmentFlag.AlignCenter)",
)
assert REFERENCE_WITH_QT_NAMESPACE != REFERENCE


def _time(command: list[str], env: dict[str, str]) -> tuple[float, str]:
    start = time.perf_counter()
    done = subprocess.run(
        command, capture_output=True, text=True, env=env, timeout=120, check=False
    )
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed, done.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    env = {**os.environ}
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as folder:
        # Both start from compiled bytecode, as an installed app does (pip compiles it);
        # the cache lives in the temporary folder, never in the checkout.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder) / "pycache")
        reference = Path(folder) / "bare_window.py"
        reference.write_text(REFERENCE, encoding="utf-8")
        app_cmd = [sys.executable, "-m", "dealer_trainer.app", "--exit-when-ready"]
        ref_cmd = [sys.executable, str(reference)]
        with_qt = Path(folder) / "bare_window_with_qt_namespace.py"
        with_qt.write_text(REFERENCE_WITH_QT_NAMESPACE, encoding="utf-8")
        qt_cmd = [sys.executable, str(with_qt)]
        for command in (app_cmd, ref_cmd, qt_cmd):  # warm the file cache for each, uncounted
            _time(command, env)
        app_times, ref_times, qt_times, reported = [], [], [], []
        for _ in range(args.runs):
            elapsed, stdout = _time(app_cmd, env)
            app_times.append(elapsed)
            reported.append(float(stdout))
            ref_times.append(_time(ref_cmd, env)[0])
            qt_times.append(_time(qt_cmd, env)[0])
    app_median, ref_median = statistics.median(app_times), statistics.median(ref_times)
    qt_median = statistics.median(qt_times)
    ratio = app_median / ref_median
    print(
        f"bare window + one Qt enum: median {qt_median:.3f} s over {args.runs} runs "
        f"(PySide6 setting up the Qt namespace: {1000 * (qt_median - ref_median):+.0f} ms; "
        f"dealer-trainer against it: ratio {app_median / qt_median:.2f})"
    )
    print(f"bare PySide6 QMainWindow : median {ref_median:.3f} s over {args.runs} runs")
    print(
        f"dealer-trainer           : median {app_median:.3f} s over {args.runs} runs "
        f"(it reports {statistics.median(reported):.3f} s from launcher start to first paint)"
    )
    print(f"ratio {ratio:.2f} (goal <= {GOAL}: {'ok' if ratio <= GOAL else 'OVER GOAL'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
