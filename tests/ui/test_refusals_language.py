"""A storage refusal of a bad input (``InputRefusedError``) is shown in the window's
language by ``problem_text``, as a storage error is (it was its English words before)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator

from dealer_trainer.storage.centre import CentreSettings, problem
from dealer_trainer.storage.errors import InputRefusedError
from dealer_trainer.ui.kit.language import problem_text

PORTUGUESE = {
    "{setting} must be a whole number from {low} to {high}.": "{setting} tem de ser um "
    "número inteiro de {low} a {high}.",
    "The days between sittings": "O número de dias entre provas",
}


class Portuguese(QTranslator):
    def translate(  # type: ignore[override]
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return PORTUGUESE.get(source, "") if context == "" else ""

    def isEmpty(self) -> bool:
        return False


def test_a_refused_centre_setting_reads_in_portuguese(qapp) -> None:  # type: ignore[no-untyped-def]
    wrong = problem(CentreSettings("Escola", 3, 400, 24))
    assert wrong is not None
    refused = InputRefusedError(wrong)
    assert str(refused) == "The days between sittings must be a whole number from 0 to 365."
    translator = Portuguese()
    assert QCoreApplication.installTranslator(translator)
    try:
        shown = problem_text(refused)
        assert shown == "O número de dias entre provas tem de ser um número inteiro de 0 a 365."
    finally:
        QCoreApplication.removeTranslator(translator)
    assert problem_text(refused) == str(refused)
