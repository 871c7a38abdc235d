"""The live table's results in the PDF reports: a short table per trainee, or for the cohort.

The figures are :mod:`dealer_trainer.storage.table_stats`'s (counted in SQL);
the words for step kinds, mistakes, games and levels are the instructor views'
(:class:`TableWords`, given by the window that asks for the report), so the PDF
says what the screen says and never shows a code.  This module lays the tables
out as plain data; ``pdf.py`` draws them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.table.pace import clock_text
from dealer_trainer.storage.table_stats import TableResults, cohort_results


@dataclass(frozen=True)
class TableWords:
    """How the screens name what the table results count (each in the reader's language)."""

    kind: Callable[[str], str]  # a step kind as stored ("collect") -> "Collect"
    mistake: Callable[[str], str]  # a mistake code -> "wrong amount"
    articles: Callable[[Sequence[str | None]], str]  # the articles a mistake cited
    game: Callable[[str], str]
    level: Callable[[int], str]
    target: Callable[[str, int], int | None]  # the house's target of a ruleset and level


@dataclass(frozen=True)
class Section:
    """One table of the report: its heading, columns (title, width, right-aligned), rows."""

    heading: str
    columns: tuple[tuple[str, float, bool], ...]
    rows: tuple[tuple[str, ...], ...]


def _percent(share: Fraction) -> str:
    """A whole percent rounded down, as the screens show it (80 % is never shown below it)."""
    return f"{math.floor(share * 100)} %"


def _tr(text: str) -> str:
    return QCoreApplication.translate("reports", text)


def _row(name: str, results: TableResults, kinds: Sequence[str]) -> tuple[str, ...]:
    cells = [
        name,
        str(results.rounds),
        "–" if results.ms_per_round is None else clock_text(results.ms_per_round),
    ]
    for kind in kinds:
        tally = results.kind(kind)
        share = None if tally is None else tally.share
        cells.append("–" if share is None else _percent(share))
    return tuple(cells)


def _mistake_rows(
    name: str, results: TableResults, words: TableWords, limit: int
) -> list[tuple[str, ...]]:
    return [
        (name, words.mistake(kind.code), str(kind.times), words.articles(kind.citations))
        for kind in results.by_code()[:limit]
    ]


def _paces(results: TableResults, words: TableWords) -> Section:
    rows = []
    for pace in results.paces:
        goal = words.target(pace.ruleset_id, pace.difficulty)
        shown = pace.pace.shown
        rows.append(
            (
                words.game(pace.game),
                words.level(pace.difficulty),
                str(pace.rounds),
                "–" if shown is None else str(shown),
                "–" if goal is None else str(goal),
            )
        )
    return Section(
        _tr("Live table: pace against the house's target"),
        (
            (_tr("Game"), 2.5, False),
            (_tr("Level"), 1.6, False),
            (_tr("Rounds"), 1.0, True),
            (_tr("An hour"), 1.0, True),
            (_tr("Target"), 1.0, True),
        ),
        tuple(rows),
    )


def table_sections(
    results: Mapping[int, TableResults],
    names: Mapping[int, str],
    words: TableWords,
    trainee_id: int | None = None,
) -> list[Section]:
    """The report's tables: the cohort and each trainee (``trainee_id`` None), or one
    trainee's figures. Empty when no round at the table ended or was tried."""
    if trainee_id is not None:
        chosen = {trainee_id: results[trainee_id]} if trainee_id in results else {}
    else:
        chosen = dict(results)
    if not chosen:
        return []
    everyone = cohort_results(chosen)
    kinds = [k.kind for k in everyone.kinds]
    rows = []
    mistakes = []
    if trainee_id is None:
        rows.append(_row(_tr("The cohort"), everyone, kinds))
        mistakes += _mistake_rows(_tr("The cohort"), everyone, words, 3)
        ordered = sorted(chosen.values(), key=lambda r: names.get(r.trainee_id or 0, "").casefold())
        for one in ordered:
            name = names.get(one.trainee_id or 0, "–")
            rows.append(_row(name, one, kinds))
            mistakes += _mistake_rows(name, one, words, 2)
    else:
        name = names.get(trainee_id, "–")
        rows.append(_row(name, chosen[trainee_id], kinds))
        mistakes += _mistake_rows(name, chosen[trainee_id], words, 5)
    columns = [
        (_tr("Trainee"), 3.0, False),
        (_tr("Rounds"), 1.2, True),
        (_tr("Time per round"), 2.0, True),
    ]
    columns += [(words.kind(kind), 1.3, True) for kind in kinds]
    accuracy = Section(
        _tr("Live table: accuracy per step kind and time per round"), tuple(columns), tuple(rows)
    )
    common = Section(
        _tr("Live table: the most common mistakes"),
        (
            (_tr("Trainee"), 2.2, False),
            (_tr("Mistake"), 2.4, False),
            (_tr("Times"), 0.8, True),
            (_tr("Articles"), 3.6, False),
        ),
        tuple(mistakes),
    )
    paces = _paces(everyone if trainee_id is None else chosen[trainee_id], words)
    return [accuracy, paces, *([common] if mistakes else [])]
