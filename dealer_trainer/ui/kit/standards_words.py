"""The words of the speed standards and the mastery rule, shared by the trainee's and
the instructor's screens."""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.standards import MasteryRule, percent
from dealer_trainer.reports.text import figure
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit.games import game_title

if TYPE_CHECKING:
    from dealer_trainer.storage.schedules import PracticePlan


def game_name(game: str) -> str:
    """The game's name in the window's language, on one line."""
    return game_title(game).split("\n")[0]


def seconds_words(seconds: Decimal) -> str:
    """``Decimal("6.5")`` -> ``6.5 s`` (``6,5 s`` in Portuguese; no trailing zeros)."""
    text = figure(format(seconds.normalize(), "f"))
    return fill(QCoreApplication.translate("Standards", "%1 s"), text)


def rule_words(rule: MasteryRule) -> str:
    """The mastery rule in a sentence, as the trainee and the instructor read it."""
    return fill(
        QCoreApplication.translate(
            "Standards",
            "A skill is mastered when at least %1 of the last %2 answers of it are right "
            "and within its target time; close from %3; weak below.",
        ),
        percent(rule.mastered),
        str(rule.last_answers),
        percent(rule.close),
    )


def plan_title(plan: PracticePlan, groups: Mapping[int, str]) -> str:
    """A plan's title, with the intake group it was given to (``groups``: names by id)."""
    if plan.group_id is None:
        return plan.title
    name = groups.get(plan.group_id)
    if name is None:  # a group this reader may not read (a trainee who changed groups)
        return fill(QCoreApplication.translate("Plans", "%1 (given to a group)"), plan.title)
    return fill(QCoreApplication.translate("Plans", "%1 (group %2)"), plan.title, name)
