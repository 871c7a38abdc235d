"""Answers as CSV, one row per recorded answer, read page by page (any number of answers).

Rows come trainee by trainee (by trainee id), each trainee's answers oldest first.

Money is never turned into a number: ``given``, ``expected`` and ``situation``
are the stored JSON, in which amounts are decimal strings (``"7.50"``).
Times are ISO 8601 in UTC.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import TextIO

from dealer_trainer.storage import AnswerFilter, InstructorDesk, StoredAnswer

CSV_COLUMNS = (
    "answer_id",
    "trainee_id",
    "trainee",
    "session_id",
    "answered_at_utc",
    "answered_day",
    "skill",
    "ruleset_id",
    "item_seed",
    "correct",
    "time_taken_ms",
    "given",
    "expected",
    "situation",
    "app_version",
    "uid",
)
PAGE = 5000


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def iter_answers(desk: InstructorDesk, where: AnswerFilter) -> Iterator[StoredAnswer]:
    """Every answer ``where`` selects, a page at a time: trainee by trainee, oldest first.

    Each page is a range of the (trainee, time) index, so exporting the whole cohort
    never sorts the answers table. ``where.limit`` caps the total (``None``: no cap);
    ``newest_first`` is ignored.
    """
    if where.trainee_id is not None:
        yield from _one_trainee(desk, where)
        return
    left = where.limit
    for trainee in desk.all_trainees():
        if left is not None and left <= 0:
            return
        for answer in _one_trainee(desk, replace(where, trainee_id=trainee.id, limit=left)):
            yield answer
            if left is not None:
                left -= 1


def _one_trainee(desk: InstructorDesk, where: AnswerFilter) -> Iterator[StoredAnswer]:
    cap = where.limit
    sent = 0
    since = where.since
    seen_at_edge: set[int] = set()
    while cap is None or sent < cap:
        page = desk.answers(replace(where, since=since, limit=PAGE, newest_first=False))
        fresh = [a for a in page if a.id not in seen_at_edge]
        for answer in fresh:
            if cap is not None and sent >= cap:
                return
            yield answer
            sent += 1
        if len(page) < PAGE:
            return
        # the next page starts at the last instant seen; answers already sent there are skipped
        edge = page[-1].record.answered_at
        at_edge = {a.id for a in page if a.record.answered_at == edge}
        seen_at_edge = at_edge | (seen_at_edge if since == edge else set())
        if since == edge and not fresh:
            raise RuntimeError("more than one page of answers share one instant")
        since = edge


def write_answers_csv(
    desk: InstructorDesk,
    target: Path | TextIO,
    where: AnswerFilter | None = None,
    names: dict[int, str] | None = None,
) -> int:
    """Write the answers ``where`` selects (all by default) as CSV; return how many rows."""
    where = where or AnswerFilter(limit=None)
    if names is None:
        names = {t.id: t.name for t in desk.all_trainees()}
    if isinstance(target, Path):
        with target.open("w", newline="", encoding="utf-8") as stream:
            return _write(desk, stream, where, names)
    return _write(desk, target, where, names)


def _write(desk: InstructorDesk, stream: TextIO, where: AnswerFilter, names: dict[int, str]) -> int:
    writer = csv.writer(stream)
    writer.writerow(CSV_COLUMNS)
    count = 0
    for answer in iter_answers(desk, where):
        record = answer.record
        writer.writerow(
            (
                answer.id,
                answer.trainee_id,
                names.get(answer.trainee_id, ""),
                answer.session_id,
                record.answered_at.isoformat(),
                answer.answered_day.isoformat(),
                record.skill,
                record.ruleset_id,
                record.item_seed,
                "1" if record.correct else "0",
                record.time_taken_ms,
                _json(record.given),
                _json(record.expected),
                _json(record.situation),
                record.app_version,
                record.uid,
            )
        )
        count += 1
    return count
