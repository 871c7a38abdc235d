"""The drills' sentences: :mod:`dealer_trainer.text` (shared with the rules core's rulings)."""

from dealer_trainer.text import (
    CONTEXT,
    FormatAmount,
    FormatArticle,
    Param,
    T,
    Text,
    Translate,
    format_amount,
)

__all__ = [
    "CONTEXT",
    "FormatAmount",
    "FormatArticle",
    "Param",
    "T",
    "Text",
    "Translate",
    "format_amount",
]
