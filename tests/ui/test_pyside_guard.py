"""The guard against PySide6 6.12's unreferenced None/True/False on Python 3.11."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="None and bools are immortal on 3.12+")
def test_many_void_and_bool_qt_calls_do_not_kill_the_interpreter() -> None:
    script = textwrap.dedent("""
        import dealer_trainer.ui
        from PySide6.QtCore import QRectF
        from PySide6.QtGui import QPainterPath
        path = QPainterPath()
        for _ in range(300_000):
            path.addRect(QRectF(0, 0, 1, 1))   # returns None
            path.isEmpty()                     # returns False
        print("alive")
    """)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-500:]
    assert done.stdout.strip() == "alive"
