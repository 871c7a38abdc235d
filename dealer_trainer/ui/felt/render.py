"""The felt as a picture or a printable page: the same scene code as on screen.

``render_image`` draws a scene into a ``QImage`` of a given width (height by
the felt's proportions); ``export_png`` and ``export_pdf`` write handouts.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMarginsF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter, QPdfWriter

from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit.fonts import felt_font

BACKDROP = QColor(colours.BACKDROP)


def image_size(scene: FeltScene, width: int) -> tuple[int, int]:
    rect = scene.sceneRect()
    return width, max(1, round(width * rect.height() / rect.width()))


def render_into(scene: FeltScene, painter: QPainter, target: QRectF) -> None:
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    scene.render(painter, target, scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)


def render_image(scene: FeltScene, width: int, height: int | None = None) -> QImage:
    """The whole felt drawn into an image ``width`` pixels wide (centred if ``height`` is given)."""
    w, h = image_size(scene, width) if height is None else (width, height)
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(BACKDROP)
    painter = QPainter(image)
    render_into(scene, painter, QRectF(0, 0, w, h))
    painter.end()
    return image


def export_png(scene: FeltScene, path: Path, width: int) -> None:
    """Write the felt as a PNG picture (``path`` ends in ``.png``)."""
    if path.suffix.lower() != ".png":
        raise ValueError(f"{path} is not a .png file")
    if not render_image(scene, width).save(str(path)):
        raise OSError(f"cannot write {path}")


def export_pdf(scene: FeltScene, path: Path, title: str) -> None:
    """A landscape A3 page: the title, then the felt to scale as large as fits."""
    writer = QPdfWriter(str(path))
    writer.setResolution(300)
    writer.setTitle(title)
    writer.setCreator("Macau Dealer Trainer")
    writer.setPageLayout(
        QPageLayout(
            QPageSize(QPageSize.PageSizeId.A3),
            QPageLayout.Orientation.Landscape,
            QMarginsF(12, 12, 12, 12),
            QPageLayout.Unit.Millimeter,
        )
    )
    painter = QPainter()
    if not painter.begin(writer):
        raise OSError(f"cannot write {path}")
    page = QRectF(painter.viewport())
    heading = page.height() * 0.06
    painter.setFont(felt_font(heading * 0.45, bold=True))
    painter.drawText(
        QRectF(page.left(), page.top(), page.width(), heading),
        Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
        title,
    )
    render_into(
        scene,
        painter,
        QRectF(page.left(), page.top() + heading, page.width(), page.height() - heading),
    )
    painter.end()
