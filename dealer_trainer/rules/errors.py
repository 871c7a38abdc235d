"""The one error type of the rules core.

Every refusal names what is wrong in a sentence a trainee can read and, where
a regulation forbids the act, the article that forbids it.
"""

from __future__ import annotations

from typing import Any

from dealer_trainer.rules.citations import Citation


class RulesError(ValueError):
    """An input or an act the rules refuse.

    ``code`` is a stable snake_case name (part of the CLI contract),
    ``message`` one readable sentence, ``citation`` the article that decides,
    or ``None`` when the problem is not a rule of the game (bad JSON, a typo).

    A plain exception class (not a frozen dataclass): Python sets
    ``__traceback__`` and ``__context__`` on exceptions as they propagate.
    """

    def __init__(self, code: str, message: str, citation: Citation | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
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
