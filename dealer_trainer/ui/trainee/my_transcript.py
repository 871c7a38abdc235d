"""My progress's "Save my transcript (PDF)…": the signed-in trainee's own transcript.

The PDF is the one an instructor prints (``reports.certificates``): the centre's name,
every exam sitting with its score, the certifications and whether each is still valid,
numbered pages. It is read through the trainee's own desk (``TraineeDesk.my_transcript``):
on a centre's server through their own login, which reads their own rows only.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal
from PySide6.QtWidgets import QFileDialog, QPushButton, QWidget

from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StorageError
from dealer_trainer.ui.kit.language import problem_text

if TYPE_CHECKING:
    from dealer_trainer.storage import TraineeDesk


class MyTranscript(QObject):
    """The button, the file dialog and the writing; ``say(text, error)`` tells the outcome."""

    saved = Signal(str, int)  # the file, its pages

    def __init__(
        self,
        desk: Callable[[], TraineeDesk | None],
        say: Callable[[str, bool], None],
        parent: QWidget,
    ) -> None:
        super().__init__(parent)
        self._desk = desk
        self._say = say
        self._parent = parent
        self.button = QPushButton(parent)
        self.button.setAutoDefault(False)
        self.button.clicked.connect(self.ask)
        self.retranslate()

    def retranslate(self) -> None:
        self.button.setText(
            QCoreApplication.translate("MyTranscript", "Save my &transcript (PDF)…")
        )
        self.button.setToolTip(
            QCoreApplication.translate(
                "MyTranscript",
                "Your exam sittings and certifications as a PDF with the centre's name, "
                "as your instructor prints them.",
            )
        )

    def _signed_in(self) -> TraineeDesk | None:
        """The signed-in trainee's desk, or ``None`` (then it says to sign in first)."""
        desk = self._desk()
        if desk is None:
            self._say(
                QCoreApplication.translate(
                    "MyTranscript", "Sign in first: your transcript is yours to save."
                ),
                True,
            )
        return desk

    def ask(self) -> None:
        desk = self._signed_in()
        if desk is None:
            return
        word = QCoreApplication.translate("MyTranscript", "transcript")
        suggested = f"{desk.profile.name} - {word}.pdf"
        path, _ = QFileDialog.getSaveFileName(
            self._parent,
            QCoreApplication.translate("MyTranscript", "Save my transcript"),
            suggested,
            QCoreApplication.translate("MyTranscript", "PDF (*.pdf)"),
        )
        if path:
            self.save(Path(path))

    def save(self, path: Path) -> int | None:
        """Write the signed-in trainee's transcript to ``path``; the pages, or ``None``."""
        from dealer_trainer.reports.certificates import my_transcript_pdf  # noqa: PLC0415

        desk = self._signed_in()
        if desk is None:
            return None
        try:
            pages = my_transcript_pdf(desk, path)
        except StorageError as exc:
            self._say(
                fill(
                    QCoreApplication.translate(
                        "MyTranscript", "Your transcript cannot be read: %1"
                    ),
                    problem_text(exc),
                ),
                True,
            )
            return None
        except OSError as exc:
            self._say(
                fill(
                    QCoreApplication.translate("MyTranscript", "%1 cannot be written: %2"),
                    str(path),
                    exc.strerror or str(exc),
                ),
                True,
            )
            return None
        self._say(
            fill(
                QCoreApplication.translate("MyTranscript", "Your transcript: 1 page written to %1")
                if pages == 1  # no plural form through translate(): a message for each
                else QCoreApplication.translate(
                    "MyTranscript", "Your transcript: %2 pages written to %1"
                ),
                str(path),
                str(pages),
            ),
            False,
        )
        self.saved.emit(str(path), pages)
        return pages
