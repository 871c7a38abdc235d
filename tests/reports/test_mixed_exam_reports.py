"""An exam with live-table rounds in the reports: the transcript and the certificate show
both parts (the items, the rounds' steps and the rounds within the pace), and the
instructor's exam results and the cohort PDF count the sitting by its own verdict (read
back with pdftotext)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_trainer.reports.certificates import certificates_pdf, transcript_pdf
from dealer_trainer.reports.exams import exam_results
from dealer_trainer.reports.pdf import cohort_pdf
from dealer_trainer.storage import InstructorDesk, SessionKind, Store
from tests.migrated import Templates
from tests.reports.test_certificates import _pages
from tests.storage.conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer
from tests.storage.exam_table_dealer import deal_exam_rounds

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)"
)
SKILL = "roulette.straight_up"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.db'}"),
        clock=FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        instructor_idle=timedelta(days=30),
    )
    yield opened
    opened.close()


def _sit(store: Store, desk: InstructorDesk, exam_id: int, name: str, round_ms: int) -> int:
    trainee_id = desk.add_trainee(name).id
    [assignment] = desk.assign_exam(exam_id, [trainee_id])
    trainee = store.trainee(trainee_id)
    paper = trainee.exam_paper(assignment.id)
    session = trainee.start_session(
        paper.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n in range(2):
        trainee.record_answer(
            session.id, answer(n, skill=SKILL, correct=True, time_taken_ms=3000, answered_at=START)
        )
    deal_exam_rounds(trainee, session.id, paper, round_ms=round_ms)
    trainee.end_session(session.id)
    return trainee_id


def test_mixed_exam_in_the_transcript_the_certificate_the_results_and_the_cohort_pdf(
    qapp: QApplication, store: Store, tmp_path: Path
) -> None:
    desk = store.instructor(store.create_first_instructor("Mrs Wong", "correct horse"))
    paper = desk.create_exam(
        "Roulette: payouts and the table",
        "roulette-2003",
        [SKILL],
        2,
        7,
        Fraction(3, 4),
        speed_mark=Fraction(3, 4),
        speed_targets_ms={SKILL: 10_000},
        table_rounds=2,
        table_difficulty=1,
        table_pace=25,
        table_game="roulette",
    )
    ana = _sit(store, desk, paper.id, "Ana Lei", 60_000)
    _sit(store, desk, paper.id, "Bruno Sá", 150_000)  # slower than the pace: not passed
    [cert] = desk.certifications()
    steps = f"{cert.steps_right}/{cert.steps_judged} steps right"
    results = {r.assignment.trainee_id: r for r in exam_results(desk, paper)}
    assert results[ana].passed is True and results[ana].score == 1
    assert [r.passed for t, r in results.items() if t != ana] == [False]  # speed only

    target = tmp_path / "transcript.pdf"
    transcript_pdf(desk, ana, target)
    [page] = _pages(target)
    assert "Roulette: payouts and" in page and "100 %" in page
    assert "126.0 s" in page  # the answers' 6 s and the table's 2 minutes
    assert f"Items 2/2 · live table: 2 rounds, {steps}, 2 within the pace" in page
    assert "each round as the steps it was judged on" in page

    target = tmp_path / "certificate.pdf"
    certificates_pdf(desk, ana, target)
    [page] = _pages(target)
    assert "Score 100 % · in time 100 %" in page
    assert f"Items 2/2 · live table: 2 rounds, {steps}, 2 within the pace" in page

    target = tmp_path / "cohort.pdf"
    cohort_pdf(desk, START.date() - timedelta(days=7), START.date(), target)
    text = "\n".join(_pages(target))
    [row] = [line for line in text.splitlines() if "Roulette: payouts and the table" in line]
    assert row.split()[-5:] == ["2", "2", "1", "75", "%"]  # assigned, sat, passed, pass mark
