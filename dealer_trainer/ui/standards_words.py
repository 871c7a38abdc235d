"""The words of the speed standards and the mastery rule, shared by the trainee's and
the instructor's screens."""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.standards import MasteryRule, percent
from dealer_trainer.ui.games import game_title


def game_name(game: str) -> str:
    """The game's name in the window's language, on one line."""
    return game_title(game).split("\n")[0]


def seconds_words(seconds: Decimal) -> str:
    """``Decimal("6.5")`` -> ``6.5 s`` (no trailing zeros)."""
    text = format(seconds.normalize(), "f")
    return QCoreApplication.translate("Standards", "%1 s").replace("%1", text)


def rule_words(rule: MasteryRule) -> str:
    """The mastery rule in a sentence, as the trainee and the instructor read it."""
    return (
        QCoreApplication.translate(
            "Standards",
            "A skill is mastered when at least %1 of the last %2 answers of it are right "
            "and within its target time; close from %3; weak below.",
        )
        .replace("%1", percent(rule.mastered))
        .replace("%2", str(rule.last_answers))
        .replace("%3", percent(rule.close))
    )
