"""The one error type of the rules core.

Every refusal names what is wrong in a sentence a trainee can read and, where
a regulation forbids the act, the article that forbids it.
"""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import Text


class WrittenNumber(Decimal):
    """A JSON number of a request, exact, that remembers how the request wrote it.

    Messages show ``1e400`` as ``1e400``, not ``Decimal('1E+400')``; arithmetic on it
    gives plain :class:`~decimal.Decimal`.
    """

    written: str

    def __new__(cls, text: str) -> WrittenNumber:
        number = super().__new__(cls, text)
        number.written = text
        return number


def shown(value: Any) -> str:
    """A value as the request wrote it (JSON), for messages: ``1e400``, ``"abc"``, ``null``."""
    if isinstance(value, WrittenNumber):
        text = value.written
    elif isinstance(value, Decimal):
        text = str(value)
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class RulesError(ValueError):
    """An input or an act the rules refuse.

    ``code`` is a stable snake_case name (part of the CLI contract),
    ``message`` one readable sentence, ``citation`` the article that decides,
    or ``None`` when the problem is not a rule of the game (bad JSON, a typo).

    The sentence may be given as a translatable :class:`~dealer_trainer.rules.text.Text`
    (made with ``T``): ``text`` keeps it, so a window says it in its reader's language
    (``ui.kit.language.problem_text``), and ``message`` is its English, the very words the
    CLI's JSON and the logs show. A plain ``str`` leaves ``text`` ``None``.

    A plain exception class (not a frozen dataclass): Python sets
    ``__traceback__`` and ``__context__`` on exceptions as they propagate.
    """

    def __init__(self, code: str, message: str | Text, citation: Citation | None = None) -> None:
        english = message.english() if isinstance(message, Text) else message
        super().__init__(english)
        self.code = code
        self.message = english
        self.text = message if isinstance(message, Text) else None
        self.citation = citation

    def __str__(self) -> str:
        if self.citation is None:
            return self.message
        return f"{self.message} ({self.citation})"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.code!r}, {self.message!r}, {self.citation!r})"

    def to_json(self) -> dict[str, Any]:
        return {
            "error": {
                "code": self.code,
                "message": self.message,
                "citation": None if self.citation is None else str(self.citation),
            }
        }


class RulesetError(RulesError):
    """A ruleset file or a settings override that cannot be used."""
