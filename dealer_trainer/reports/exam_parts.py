"""The two parts of an exam with live-table rounds, in the reports' words: the items and the
rounds of a sitting or a certification (an exam of items only reads as before)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_trainer.reports.exams import percent_text
from dealer_trainer.rules.text import fill
from dealer_trainer.storage.certification import Certification, SittingScore


def score_cell(score: SittingScore) -> str:
    """The transcript's score: items right over items, as before; with live-table rounds,
    the share alone (the line under the table gives both parts' figures)."""
    if score.rounds:
        return percent_text(score.score)
    return f"{score.correct}/{score.item_count} ({percent_text(score.score)})"


def time_cell_ms(score: SittingScore) -> int:
    """The time of a sitting: on its answers and, with rounds, at the table."""
    return score.time_taken_ms + score.table_ms


def parts_text(
    correct: int,
    item_count: int,
    steps_right: int,
    steps_judged: int,
    rounds: int,
    rounds_in_pace: int,
) -> str:
    """ "Items 2/2 · live table: 2 rounds, 11/12 steps right, 1 within the pace"."""
    table = fill(
        QCoreApplication.translate(
            "certificates", "live table: %1 rounds, %2/%3 steps right, %4 within the pace"
        ),
        str(rounds),
        str(steps_right),
        str(steps_judged),
        str(rounds_in_pace),
    )
    if not item_count:
        return table
    return fill(
        QCoreApplication.translate("certificates", "Items %1/%2 · %3"),
        str(correct),
        str(item_count),
        table,
    )


def sitting_parts(score: SittingScore) -> str:
    return parts_text(
        score.correct,
        score.item_count,
        score.steps_right,
        score.steps_judged,
        score.rounds_ended,
        score.rounds_in_pace,
    )


def certification_parts(cert: Certification) -> str:
    return parts_text(
        cert.correct,
        cert.item_count,
        cert.steps_right,
        cert.steps_judged,
        cert.rounds,
        cert.rounds_in_pace,
    )
