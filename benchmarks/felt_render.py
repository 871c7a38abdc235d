"""How long a felt takes to draw into a 1920×1080 picture.

    QT_QPA_PLATFORM=offscreen python benchmarks/felt_render.py [--repeat 41]

Each felt is built once, then rendered ``--repeat`` times into a 1920×1080
image (the same ``render_image`` the handouts and thumbnails use), two ways:

- cold: every item's pixmap cache is dropped before each render, so the
  whole felt is drawn again from its recorded pictures (what a window
  resize or a new export size costs);
- warm: the caches are kept (what a repaint at an unchanged size costs).

The figure is the median per render, printed with its ratio to a reference
drawn in the same process: the same image filled and painted with one
rounded rectangle and one line of text.  Goal: cold median ≤ 8 ms per felt.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable

GOAL_MS = 8.0
WIDTH, HEIGHT = 1920, 1080


def _median_ms(action: Callable[[], object], repeat: int) -> float:
    action()  # warm the glyph and path caches once, as a running app has them
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=41)
    args = parser.parse_args()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QRectF, Qt
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtWidgets import QApplication

    from dealer_trainer.layouts import felt_for
    from dealer_trainer.ui.felt import FeltScene
    from dealer_trainer.ui.felt.render import render_image
    from dealer_trainer.ui.kit.fonts import felt_font, install_cjk_fallback

    app = QApplication(sys.argv[:1])
    install_cjk_fallback()

    def reference() -> QImage:
        image = QImage(WIDTH, HEIGHT, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(QColor("#1c1f22"))
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setBrush(QColor("#0e5a3a"))
        painter.drawRoundedRect(QRectF(20, 20, WIDTH - 40, HEIGHT - 40), 40, 40)
        painter.setFont(felt_font(40))
        painter.drawText(QRectF(0, 0, WIDTH, HEIGHT), Qt.AlignmentFlag.AlignCenter, "紅 RED")
        painter.end()
        return image

    base = _median_ms(reference, args.repeat)
    print(f"reference (fill + rounded rect + text, {WIDTH}x{HEIGHT}): {base:.2f} ms")
    worst = 0.0
    for game in ("roulette", "craps", "caribbean_stud"):
        scene = FeltScene(felt_for(game))

        def cold(scene: FeltScene = scene) -> QImage:
            scene.drop_caches()
            return render_image(scene, WIDTH, HEIGHT)

        cold_ms = _median_ms(cold, args.repeat)
        warm_ms = _median_ms(lambda scene=scene: render_image(scene, WIDTH, HEIGHT), args.repeat)
        worst = max(worst, cold_ms)
        verdict = "ok" if cold_ms <= GOAL_MS else "OVER GOAL"
        print(
            f"{game:15s} cold median {cold_ms:6.2f} ms (ratio to reference "
            f"{cold_ms / base:5.2f}; goal <= {GOAL_MS} ms: {verdict}); "
            f"warm median {warm_ms:5.2f} ms (ratio {warm_ms / base:5.2f})"
        )
    print(f"worst felt, cold: {worst:.2f} ms per {WIDTH}x{HEIGHT} render (goal <= {GOAL_MS} ms)")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
