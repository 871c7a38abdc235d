"""Words shared by the screens of an exam with live-table rounds (the instructor's builder,
the trainee's end screen, the reviews): how the items and the rounds weigh, what counts as
fast enough, and a sitting's two parts against the marks. Said in words, never ids."""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.table.pace import MS_PER_HOUR, clock_text
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage.certification import SittingScore
from dealer_trainer.ui.kit.games import GAME_NAMES

CONTEXT = "ExamTable"

#: What one round of the live table is called, per game (as ``drills.table.pace``).
UNITS = {
    Game.ROULETTE: QT_TRANSLATE_NOOP("ExamTable", "spins"),
    Game.CRAPS: QT_TRANSLATE_NOOP("ExamTable", "throws"),
    Game.CARIBBEAN_STUD: QT_TRANSLATE_NOOP("ExamTable", "rounds"),
    Game.SIC_BO: QT_TRANSLATE_NOOP("ExamTable", "throws"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def game_name(game: str) -> str:
    return QCoreApplication.translate("games", GAME_NAMES[Game.of(game)][0])


def round_time_ms(pace: int) -> int:
    """The time of one round at the house's pace (rounds an hour), rounded down to the
    millisecond: a round within it is ``ms * pace <= 1 hour``."""
    return MS_PER_HOUR // pace


def weighing_text(game: str, pace: int) -> str:
    """How the items and the rounds weigh in the two marks, in words."""
    return fill(
        QCoreApplication.translate(
            "ExamTable",
            "Accuracy: the items answered right and the rounds' steps dealt right, over all "
            "the items and every step judged (each step tried, each planned step not done): "
            "an item weighs as one step, a round as the steps it needs. Speed: the items "
            "answered right within their skill's target time, and the rounds dealt without a "
            "mistake within the house's pace for %1 at this level (%2 %3 an hour: %4 a "
            "round), over the items and the rounds. Every round must be dealt to pass.",
        ),
        game_name(game),
        str(pace),
        _tr(UNITS[Game.of(game)]),
        clock_text(round_time_ms(pace)),
    )


def parts_text(score: SittingScore, game: str | None) -> list[str]:
    """A sitting's parts, one line each: the items, the rounds, then both marks."""
    lines = []
    if score.item_count:
        lines.append(
            fill(
                QCoreApplication.translate(
                    "ExamTable", "Items: %1 of %2 right, %3 right within the target time."
                ),
                str(score.correct),
                str(score.item_count),
                str(score.in_time),
            )
        )
    if score.rounds:
        lines.append(
            fill(
                QCoreApplication.translate(
                    "ExamTable",
                    "Live table (%1): %2 of %3 rounds dealt; %4 of %5 steps right; %6 rounds "
                    "without a mistake within the pace.",
                ),
                game_name(game) if game else "",
                str(score.rounds_ended),
                str(score.rounds),
                str(score.steps_right),
                str(score.steps_judged),
                str(score.rounds_in_pace),
            )
        )
    lines.append(
        fill(
            QCoreApplication.translate("ExamTable", "Accuracy %1 (pass mark %2)."),
            percent_text(score.score),
            percent_text(score.pass_mark),
        )
    )
    if score.speed_mark is not None:
        lines.append(
            fill(
                QCoreApplication.translate("ExamTable", "Speed %1 (speed mark %2)."),
                percent_text(score.speed),
                percent_text(score.speed_mark),
            )
        )
    if score.rounds and not score.all_rounds_dealt:
        lines.append(
            QCoreApplication.translate(
                "ExamTable", "Not every round was dealt to its end: the sitting cannot pass."
            )
        )
    return lines


def share(right: int, out_of: int) -> Fraction:
    return Fraction(right, out_of) if out_of else Fraction(0)
