"""Helpers for the language tests: open the main screens and find clipped text."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabBar, QWidget


def clipped_texts(root: QWidget) -> list[str]:
    """Visible texts that do not fit their widget (width below the size hint).

    Labels without word wrap need their minimum size hint's width; word-wrapped
    labels need the height their text takes at their width; buttons, check
    boxes, radio buttons and group-box titles need their size hint's width.
    """
    problems: list[str] = []
    for widget in [root, *root.findChildren(QWidget)]:
        if not widget.isVisibleTo(root) or widget.width() <= 0:
            continue
        name = f"{type(widget).__name__} {widget.objectName() or ''}".strip()
        if isinstance(widget, QLabel) and widget.text() and widget.pixmap().isNull():
            if widget.wordWrap():
                need_height = widget.heightForWidth(widget.width())
                if need_height > widget.height() + 2:
                    problems.append(
                        f"{name} {widget.text()[:40]!r}: needs {need_height} px "
                        f"of height, has {widget.height()}"
                    )
            elif widget.minimumSizeHint().width() > widget.width() + 2:
                problems.append(
                    f"{name} {widget.text()[:40]!r}: needs "
                    f"{widget.minimumSizeHint().width()} px, has {widget.width()}"
                )
        elif isinstance(widget, QAbstractButton) and widget.text():
            if widget.sizeHint().width() > widget.width() + 2:
                problems.append(
                    f"{name} {widget.text()[:40]!r}: needs "
                    f"{widget.sizeHint().width()} px, has {widget.width()}"
                )
        elif isinstance(widget, QGroupBox) and widget.title():
            if widget.minimumSizeHint().width() > widget.width() + 2:
                problems.append(f"{name} {widget.title()[:40]!r}: title does not fit")
        elif isinstance(widget, QTabBar):
            for index in range(widget.count()):
                if widget.tabRect(index).width() + 2 < widget.tabSizeHint(index).width():
                    problems.append(f"tab {widget.tabText(index)!r} is cut")
    return problems
