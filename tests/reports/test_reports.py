"""Issue 6, reports: a PDF per trainee or for the cohort (with the plots), and the answers as CSV
with money kept as decimal strings."""

from __future__ import annotations

import csv
import io
import json
import shutil
import subprocess
import unicodedata
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_trainer.reports import (
    CSV_COLUMNS,
    cohort_pdf,
    csv_export,
    trainee_pdf,
    write_answers_csv,
)
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.reports.figures import by_day, per_skill, totals, weakest, weighted_median
from dealer_trainer.storage import AnswerFilter, DailySkillStat
from tests.ui.instructor.cohort import Cohort

TODAY = date(2026, 11, 30)
FIRST = TODAY - timedelta(days=89)


def stat(day: int, skill: str, answers: int, correct: int, median: int) -> DailySkillStat:
    return DailySkillStat(date(2026, 11, day), skill, None, answers, correct, Decimal(median))


def test_weighted_median_is_the_median_of_the_answers_the_medians_stand_for() -> None:
    assert weighted_median([(Decimal(2000), 3), (Decimal(4000), 1)]) == Decimal(2000)
    assert weighted_median([(Decimal(1000), 1), (Decimal(3000), 1)]) == Decimal(2000)
    assert weighted_median([(Decimal(5), 2), (Decimal(9), 2)]) == Decimal(7)
    assert weighted_median([]) is None


def test_accuracy_over_days_is_exact_and_days_are_in_order() -> None:
    stats = [stat(2, "a", 3, 1, 2000), stat(1, "a", 4, 4, 1000), stat(1, "b", 6, 3, 5000)]
    series = by_day(stats)
    assert series.days == (date(2026, 11, 1), date(2026, 11, 2))
    assert series.answers == (10, 3) and series.correct == (7, 1)
    assert series.time_ms == (Decimal(5000), Decimal(2000))  # 6 of the 10 answers took 5 s
    assert totals(stats).accuracy_percent == Decimal("61.5")  # 8 of 13


def test_weakest_skills_need_five_answers_and_come_lowest_accuracy_first() -> None:
    stats = [
        stat(1, "never-wrong", 10, 10, 1000),
        stat(1, "one-wrong-of-two", 2, 1, 1000),  # too few answers to call it weak
        stat(1, "half", 10, 5, 1000),
        stat(1, "half-slow", 10, 5, 9000),
    ]
    ranked = [f.skill for f in weakest(per_skill(stats, {"half": 2000, "half-slow": 2000}))]
    assert ranked == ["half-slow", "half", "never-wrong"]


def test_percent_text_keeps_exact_pass_marks() -> None:
    assert percent_text(Fraction(4, 5)) == "80 %"
    assert percent_text(Fraction(2, 3)) == "66.7 %"


def test_answers_csv_has_every_answer_with_money_as_decimal_strings(
    cohort: Cohort,
) -> None:
    desk = cohort.store.instructor(cohort.session)
    stream = io.StringIO()
    written = write_answers_csv(desk, stream)
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    everything = desk.answers(AnswerFilter(limit=None))
    assert written == len(rows) == len(everything)
    assert tuple(rows[0]) == CSV_COLUMNS
    # trainee by trainee, each one's answers oldest first
    keys = [(int(r["trainee_id"]), r["answered_at_utc"], int(r["answer_id"])) for r in rows]
    assert keys == sorted(keys)
    by_id = {a.id: a for a in everything}
    for row in rows:
        stored = by_id[int(row["answer_id"])]
        assert json.loads(row["given"]) == stored.record.given
        assert json.loads(row["expected"]) == stored.record.expected
        assert row["correct"] == ("1" if stored.record.correct else "0")
        assert row["trainee"] in cohort.trainees
    amounts = [
        json.loads(r["expected"])["amount"] for r in rows if "amount" in json.loads(r["expected"])
    ]
    assert amounts and all(
        isinstance(a, str) and Decimal(a) == Decimal(a).quantize(Decimal("0.01")) for a in amounts
    )


def test_answers_csv_of_one_trainee_pages_through_without_loss(
    cohort: Cohort, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(csv_export, "PAGE", 7)
    desk = cohort.store.instructor(cohort.session)
    bruno = cohort.trainees["Bruno Chan"]
    target = tmp_path / "bruno.csv"
    written = write_answers_csv(desk, target, AnswerFilter(trainee_id=bruno, limit=None))
    with target.open(newline="", encoding="utf-8") as stream:
        ids = [int(row["answer_id"]) for row in csv.DictReader(stream)]
    expected = [a.id for a in desk.answers(AnswerFilter(trainee_id=bruno, limit=None))]
    assert written == len(ids) == len(expected) > 7 * 3
    assert ids == expected


def _page_one(pdf: Path, tmp_path: Path) -> Path | None:
    if shutil.which("pdftoppm") is None:
        return None
    subprocess.run(
        ["pdftoppm", "-png", "-r", "50", "-f", "1", "-l", "1", str(pdf), str(tmp_path / "page")],
        check=True,
    )
    return next(tmp_path.glob("page*.png"))


def test_trainee_pdf_has_the_plots_figures_and_exams(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    target = tmp_path / "ana.pdf"
    pages = trainee_pdf(desk, cohort.trainees["Ana Lei"], FIRST, TODAY, target)
    data = target.read_bytes()
    assert pages >= 1 and data.startswith(b"%PDF")
    png = _page_one(target, tmp_path)
    if png is not None:
        from PySide6.QtGui import QImage

        image = QImage(str(png))
        assert not image.isNull() and image.height() > image.width()  # an A4 portrait page
        # the accuracy line (#2e7d32) is drawn on page one
        greens = sum(
            1
            for y in range(0, image.height(), 2)
            for x in range(0, image.width(), 2)
            if image.pixelColor(x, y).name() in ("#2e7d32", "#2f7d33", "#2e7c32")
        )
        assert greens > 5


def test_cohort_pdf_lists_every_trainee(qapp: QApplication, cohort: Cohort, tmp_path: Path) -> None:
    desk = cohort.store.instructor(cohort.session)
    target = tmp_path / "cohort.pdf"
    assert cohort_pdf(desk, FIRST, TODAY, target) >= 1
    if shutil.which("pdftotext") is not None:
        raw = subprocess.run(
            ["pdftotext", str(target), "-"], check=True, capture_output=True, text=True
        ).stdout
        text = " ".join(unicodedata.normalize("NFKC", raw).split())  # "ﬁ" ligatures → "fi"
        for name in cohort.trainees:
            assert name in text
        assert "Cohort report" in text and "Skills, weakest first" in text


def test_a_locked_session_writes_no_report(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    from dealer_trainer.storage import AccessDeniedError

    desk = cohort.store.instructor(cohort.session)
    desk.lock()
    with pytest.raises(AccessDeniedError):
        cohort_pdf(desk, FIRST, TODAY, tmp_path / "cohort.pdf")
    with pytest.raises(AccessDeniedError):
        write_answers_csv(desk, io.StringIO())


def test_the_reports_tab_writes_a_trainees_pdf_and_csv(
    qtbot: object, cohort: Cohort, tmp_path: Path
) -> None:
    from pytestqt.qtbot import QtBot

    from dealer_trainer.ui.instructor.window import InstructorWindow

    assert isinstance(qtbot, QtBot)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    panel = window.reports
    panel.scope.setCurrentIndex(panel.scope.findData(cohort.trainees["Carla Ho"]))
    with qtbot.waitSignal(panel.written, timeout=20_000):
        panel.write_pdf(tmp_path / "carla.pdf")
    assert (tmp_path / "carla.pdf").read_bytes().startswith(b"%PDF")
    with qtbot.waitSignal(panel.written, timeout=20_000):
        panel.write_csv(tmp_path / "carla.csv")
    with (tmp_path / "carla.csv").open(newline="", encoding="utf-8") as stream:
        rows = list(csv.DictReader(stream))
    assert rows and {r["trainee"] for r in rows} == {"Carla Ho"}
    assert f"{len(rows):,} answers written" in panel.message.text()
    qtbot.waitUntil(lambda: not window.jobs.busy())


def test_cohort_pdf_flows_onto_more_pages_for_a_large_group(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    for n in range(80):
        desk.add_trainee(f"Trainee {n:02d}")
    target = tmp_path / "cohort.pdf"
    pages = cohort_pdf(desk, FIRST, TODAY, target)
    assert pages >= 2
    if shutil.which("pdftotext") is not None:
        last = subprocess.run(
            ["pdftotext", "-f", str(pages), "-l", str(pages), str(target), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        assert "Trainee" in last and "Weakest skill" in last  # the header is repeated


def test_a_trainee_without_answers_gets_a_report_that_says_so(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    newcomer = desk.add_trainee("Iris Leong")
    target = tmp_path / "iris.pdf"
    assert trainee_pdf(desk, newcomer.id, FIRST, TODAY, target) == 1
    if shutil.which("pdftotext") is not None:
        raw = subprocess.run(
            ["pdftotext", "-raw", str(target), "-"], check=True, capture_output=True, text=True
        ).stdout
        text = " ".join(unicodedata.normalize("NFKC", raw).split())
        assert "0 answers on 0 days" in text and "No answers in this period." in text
        assert "No exam assigned." in text
