"""A tab's page built the first time it is needed, not with the window.

The instructor's window has fourteen tabs; the one trainee's tab (its plots, tables and
felt) took a fifth of the time to build the window, a wait before the window shows that
the instructor feels on every opening, for a tab they may not open. Its owner may build
it earlier, at a moment the instructor does not wait on (the window builds the trainee's
tab once its first reads are done: a trainee clicked then opens without the build).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QVBoxLayout, QWidget

Page = TypeVar("Page", bound=QWidget)


class LazyPage(QWidget, Generic[Page]):
    """Holds the place of a page; ``page()`` builds it once (and so does showing it)."""

    def __init__(self, build: Callable[[], Page], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._build = build
        self._page: Page | None = None
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)

    @property
    def built(self) -> bool:
        return self._page is not None

    def page(self) -> Page:
        if self._page is None:
            self._page = self._build()
            self._layout.addWidget(self._page)
        return self._page

    def showEvent(self, event: QShowEvent) -> None:
        self.page()
        super().showEvent(event)
