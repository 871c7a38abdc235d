"""Window sizes: every window fits the screen it opens on, and opens at the size it was left.

One function, :func:`available_geometry`, says how much of the screen a window
may use (the screen minus the task bar and docks); every size decision below
reads it, so a test can stand in a 1366×768 laptop or a 1920×1080 monitor.

:func:`restore_size` gives a top-level window its remembered size (QSettings
``windows/<key>``), or its default, clamped to the screen it opens on now and
centred on it; :func:`remember_size` stores the size when the window closes.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSettings, QSize, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

#: What the window manager's frame (title bar, borders) takes beyond a window's own size.
#: Qt knows the frame only once a window is shown; sizes are decided before that.
FRAME = QSize(16, 40)


def available_geometry(widget: QWidget | None = None) -> QRect:
    """The part of ``widget``'s screen (the primary one if none) that windows may use."""
    screen = widget.screen() if widget is not None else None
    if screen is None:
        screen = QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect(0, 0, 1366, 728)


def largest_size(widget: QWidget | None = None) -> QSize:
    """The largest size of a window whose frame still fits on the available screen."""
    return available_geometry(widget).size() - FRAME


def fitted(wanted: QSize, widget: QWidget | None = None) -> QSize:
    """``wanted`` made no larger than the screen allows."""
    return wanted.boundedTo(largest_size(widget))


def share_of_screen(widget: QWidget | None, share: float, smallest: QSize, largest: QSize) -> QSize:
    """A share of the available screen, within ``smallest`` and ``largest``, and fitted."""
    room = largest_size(widget)
    wanted = QSize(round(room.width() * share), round(room.height() * share))
    return fitted(wanted.expandedTo(smallest).boundedTo(largest), widget)


class ColumnScroll(QScrollArea):
    """A column of controls that scrolls up and down when the screen is too low for it.

    As wide as its content needs (never a horizontal scroll bar), and as high as the
    window gives it: on a tall screen it never scrolls, on a 768-pixel one its
    controls keep their size instead of being squeezed over each other.
    """

    def __init__(self, content: QWidget, parent: QWidget | None = None, *, least_width: int = 0):
        super().__init__(parent)
        self._least_width = least_width
        self.setObjectName(f"{content.objectName() or 'column'}Scroll")
        self.setWidget(content)
        self.setWidgetResizable(True)
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        name = self.objectName()
        self.setStyleSheet(f"#{name}, #{name} > QWidget > QWidget {{ background: transparent; }}")
        if content.maximumWidth() < 16_777_215:
            self.setMaximumWidth(content.maximumWidth() + self._bar())

    def _bar(self) -> int:
        return self.verticalScrollBar().sizeHint().width() + 2 * self.frameWidth()

    def minimumSizeHint(self) -> QSize:
        content = self.widget()
        least = content.minimumSizeHint() if content is not None else QSize(0, 0)
        width = max(least.width(), self._least_width - self._bar()) + self._bar()
        return QSize(width, min(least.height(), 160))

    def sizeHint(self) -> QSize:
        content = self.widget()
        wanted = content.sizeHint() if content is not None else QSize(0, 0)
        return QSize(
            max(wanted.width(), self._least_width - self._bar()) + self._bar(), wanted.height()
        )


def _key(name: str) -> str:
    return f"windows/{name}"


def restore_size(window: QWidget, name: str, default: QSize, *, centre: bool = True) -> None:
    """Size ``window`` as it was last left (else ``default``), clamped to the screen, centred.

    A window too large for the screen now (the size came from a larger monitor)
    is shrunk to fit; a remembered maximised window opens maximised.  A dialog
    passes ``centre=False``: Qt centres it on the window it belongs to.
    """
    settings = QSettings()
    stored = settings.value(f"{_key(name)}/size")
    size = stored if isinstance(stored, QSize) and stored.isValid() else default
    size = fitted(size, window).expandedTo(window.minimumSize())
    window.resize(size)
    if centre:
        _centre(window)
    if settings.value(f"{_key(name)}/maximized", False, type=bool):
        window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)


def _centre(window: QWidget) -> None:
    """Centre the window's frame (a top-level's position is its frame's) on the room,
    never off its top or left."""
    room = available_geometry(window)
    frame = window.size() + FRAME
    corner = room.center() - QPoint(frame.width() // 2, frame.height() // 2)
    window.move(max(room.left(), corner.x() + 1), max(room.top(), corner.y() + 1))


def remember_size(window: QWidget, name: str) -> None:
    """Keep ``window``'s size (its normal size if maximised) for the next time it opens."""
    settings = QSettings()
    maximized = window.isMaximized()
    size = window.normalGeometry().size() if maximized else window.size()
    if size.isValid() and not size.isEmpty():
        settings.setValue(f"{_key(name)}/size", size)
    settings.setValue(f"{_key(name)}/maximized", maximized)


__all__ = [
    "FRAME",
    "ColumnScroll",
    "available_geometry",
    "fitted",
    "largest_size",
    "remember_size",
    "restore_size",
    "share_of_screen",
]
