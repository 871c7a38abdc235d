"""A view of a felt scene that rescales with its window and is driven by keyboard too.

The whole felt always fits the view (kept to scale, centred).  Keys: arrows
move the focus from spot to spot (to the nearest spot in that direction),
Enter or Space act as a click on the focused spot (placing a chip), Delete or
Backspace as a right click (taking one off), Home goes back to the first spot.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QColor, QFocusEvent, QKeyEvent, QPainter, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.scene import FeltScene

_DIRECTIONS = {
    Qt.Key.Key_Left: (-1.0, 0.0),
    Qt.Key.Key_Right: (1.0, 0.0),
    Qt.Key.Key_Up: (0.0, -1.0),
    Qt.Key.Key_Down: (0.0, 1.0),
}


class FeltView(QGraphicsView):
    """Shows a :class:`FeltScene` fitted to the widget; emits ``focusedSpotChanged``."""

    focusedSpotChanged = Signal(str)

    def __init__(self, scene: FeltScene | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # A viewport made here, not the one Qt made: PySide wraps a widget that C++ created by
        # looking its class up among every QtWidgets class (~10 ms, at start-up).  Qt sets
        # this one up as its own (background, focus proxy, drops); input methods as the view.
        viewport = QWidget()
        viewport.setAttribute(Qt.WidgetAttribute.WA_InputMethodEnabled)
        self.setViewport(viewport)
        self.setRenderHints(
            QPainter.RenderHint.Antialiasing
            | QPainter.RenderHint.TextAntialiasing
            | QPainter.RenderHint.SmoothPixmapTransform
        )
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setBackgroundBrush(QColor(colours.BACKDROP))
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.MinimalViewportUpdate)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setMinimumSize(320, 200)
        self._focused: str | None = None
        if scene is not None:
            self.set_felt_scene(scene)

    # ---------------------------------------------------------------- scene --
    def felt_scene(self) -> FeltScene:
        scene = self.scene()
        assert isinstance(scene, FeltScene)
        return scene

    def set_felt_scene(self, scene: FeltScene) -> None:
        if self._focused is not None and self.scene() is not None:
            self.felt_scene().spot_items[self._focused].set_focused(False)
        self._focused = None
        self.setScene(scene)
        self.fit()

    def fit(self) -> None:
        scene = self.scene()
        if scene is not None:
            self.fitInView(scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        self.fit()

    def map_spot(self, spot_id: str) -> QPointF:
        """The viewport position of a spot's centre (for tests and tooltips)."""
        x, y = self.felt_scene().felt.spot(spot_id).center
        return QPointF(self.mapFromScene(QPointF(x, y)))

    # ------------------------------------------------------------- keyboard --
    @property
    def focused_spot(self) -> str | None:
        return self._focused

    def focus_spot(self, spot_id: str | None) -> None:
        scene = self.felt_scene()
        if self._focused is not None:
            scene.spot_items[self._focused].set_focused(False)
        self._focused = spot_id
        if spot_id is not None:
            scene.spot_items[spot_id].set_focused(True)
        self.focusedSpotChanged.emit(spot_id or "")

    def _step(self, dx: float, dy: float) -> str | None:
        """The nearest spot from the focused one in direction ``dx, dy``."""
        felt = self.felt_scene().felt
        if self._focused is None:
            return felt.spots[0].id
        x0, y0 = felt.spot(self._focused).center
        best: tuple[float, str] | None = None
        for spot in felt.spots:
            x, y = spot.center
            along = (x - x0) * dx + (y - y0) * dy
            if spot.id == self._focused or along <= 1e-6:
                continue
            across = abs((x - x0) * dy - (y - y0) * dx)
            score = along + 2.5 * across  # prefer spots straight ahead
            if best is None or score < best[0]:
                best = (score, spot.id)
        return best[1] if best else self._focused

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.scene() is None:
            super().keyPressEvent(event)
            return
        key = Qt.Key(event.key())
        scene = self.felt_scene()
        if key in _DIRECTIONS:
            self.focus_spot(self._step(*_DIRECTIONS[key]))
        elif key == Qt.Key.Key_Home:
            self.focus_spot(scene.felt.spots[0].id)
        elif key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Space) and self._focused:
            scene.spotClicked.emit(self._focused)
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace) and self._focused:
            scene.spotRemoveRequested.emit(self._focused)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        if self._focused is None and self.scene() is not None:
            self.focus_spot(self.felt_scene().felt.spots[0].id)
