"""Issue 6, reports: a PDF per trainee or for the cohort (with the plots), and the answers as CSV
with money kept as decimal strings."""

from __future__ import annotations

import csv
import io
import re
import shutil
import subprocess
import unicodedata
from datetime import date, timedelta
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

from dealer_trainer.drills import Difficulty
from dealer_trainer.drills.sessions import ItemSpec
from dealer_trainer.reports import (
    CSV_COLUMNS,
    cohort_pdf,
    csv_export,
    trainee_pdf,
    write_answers_csv,
)
from dealer_trainer.reports.csv_export import safe_cell
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.reports.figures import by_day, per_skill, totals, weakest, weighted_median
from dealer_trainer.reports.text import skill_title
from dealer_trainer.storage import AnswerFilter, DailySkillStat, SessionKind
from tests.ui.instructor.cohort import START, Cohort, record

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


def test_answers_csv_has_every_answer_in_words_with_money_as_decimal_strings(
    cohort: Cohort,
) -> None:
    desk = cohort.store.instructor(cohort.session)
    stream = io.StringIO()
    written = write_answers_csv(desk, stream)
    rows = list(csv.DictReader(io.StringIO(stream.getvalue())))
    everything = desk.answers(AnswerFilter(limit=None))
    assert written == len(rows) == len(everything)
    assert tuple(rows[0]) == CSV_COLUMNS
    # trainee by trainee (in the order they were added), each one's answers oldest first
    order = {t.id: i for i, t in enumerate(sorted(desk.all_trainees(), key=lambda t: t.id))}
    by_id = {a.id: a for a in everything}
    keys = [(order[by_id[int(r["Answer no."])].trainee_id], r["Answered (UTC)"]) for r in rows]
    assert keys == sorted(keys)
    for row in rows:
        stored = by_id[int(row["Answer no."])]
        assert row["Right"] == ("yes" if stored.record.correct else "no")
        assert row["Trainee"] in cohort.trainees
        assert row["Skill"] == skill_title(stored.record.skill) != stored.record.skill
        assert "-20" not in row["Ruleset"] and row["Ruleset"]  # its title, not roulette-2003
        assert row["Seconds taken"] == f"{Decimal(stored.record.time_taken_ms) / 1000:.1f}"
        # no JSON and no internal id in any cell a person reads
        assert not any(c in cell for cell in row.values() for c in "{}[]"), row
    modes = {r["Exam or practice"] for r in rows}
    assert modes == {"Exam", "Practice"}
    amounts = [r["Right answer"] for r in rows if r["Right answer"][:1].isdigit()]
    assert amounts and all(Decimal(a) == Decimal(a).quantize(Decimal("0.01")) for a in amounts)


def test_answers_csv_for_excel_has_a_byte_order_mark_and_runs_no_formula(
    cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    mallory = desk.add_trainee('=HYPERLINK("http://example.com","Carla")')
    taker = cohort.store.trainee(mallory.id)
    session = taker.start_session("roulette-2003", SessionKind.PRACTICE)
    spec = ItemSpec("roulette.straight_up", 3, Difficulty.BEGINNER)
    record(taker, session.id, spec, START, True, 3000)
    target = tmp_path / "answers.csv"
    write_answers_csv(desk, target, AnswerFilter(trainee_id=mallory.id, limit=None))
    raw = target.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: Excel reads 陳 as 陳
    with target.open(newline="", encoding="utf-8-sig") as stream:
        (row,) = list(csv.DictReader(stream))
    assert row["Trainee"] == "'" + '=HYPERLINK("http://example.com","Carla")'
    assert safe_cell("-5") == "'-5" and safe_cell("@SUM(A1)") == "'@SUM(A1)"
    assert safe_cell("175.00") == "175.00" and safe_cell("陳大文") == "陳大文"


def test_answers_csv_of_one_trainee_pages_through_without_loss(
    cohort: Cohort, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(csv_export, "PAGE", 7)
    desk = cohort.store.instructor(cohort.session)
    bruno = cohort.trainees["Bruno Chan"]
    target = tmp_path / "bruno.csv"
    written = write_answers_csv(desk, target, AnswerFilter(trainee_id=bruno, limit=None))
    with target.open(newline="", encoding="utf-8-sig") as stream:
        ids = [int(row["Answer no."]) for row in csv.DictReader(stream)]
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
    with (tmp_path / "carla.csv").open(newline="", encoding="utf-8-sig") as stream:
        rows = list(csv.DictReader(stream))
    assert rows and {r["Trainee"] for r in rows} == {"Carla Ho"}
    # the drill-down's words: a pay-order answer names the bets on the felt, never "a, b → c"
    ids_only = re.compile(r"[a-z]\d{0,2}(\s*[,→]\s*[a-z]\d{0,2})+")
    assert not [
        r for r in rows for key in ("Answer given", "Right answer") if ids_only.fullmatch(r[key])
    ]
    assert any("fewest chips" in r["Right answer"] for r in rows)  # the drill-down's own words
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


def _page_texts(pdf: Path, pages: int) -> list[str]:
    return [
        subprocess.run(
            ["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        for n in range(1, pages + 1)
    ]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_every_page_of_a_report_has_its_title_and_page_n_of_m(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    for n in range(80):
        desk.add_trainee(f"Trainee {n:02d}")
    target = tmp_path / "cohort.pdf"
    pages = cohort_pdf(desk, FIRST, TODAY, target)
    texts = _page_texts(target, pages)
    assert pages == len(texts) >= 2
    for number, text in enumerate(texts, start=1):
        assert f"page {number} of {pages}" in text, (number, text[-200:])
        assert "Cohort report" in text
    one = tmp_path / "carla.pdf"
    assert trainee_pdf(desk, cohort.trainees["Carla Ho"], FIRST, TODAY, one) == 1
    assert "page 1 of 1" in _page_texts(one, 1)[0]


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_cohort_pdf_lists_the_exams_and_explains_the_target_time(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    target = tmp_path / "cohort.pdf"
    pages = cohort_pdf(desk, FIRST, TODAY, target)
    text = " ".join(" ".join(_page_texts(target, pages)).split())
    # the exam set in the cohort: assigned to two, taken by one, passed by one, at 75 %
    assert "Exams" in text and "Roulette payouts" in text
    assert "Target time: what a trained dealer needs" in text
    exams = text[text.index("Exams Exam") :]
    assert (
        "Roulette payouts" in exams and "2 1 1 75 %" in exams
    )  # assigned to, sat it, passed, pass mark


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


def test_a_table_heading_wraps_to_its_column_instead_of_being_cut(qapp: QApplication) -> None:
    """Headings break between words; only a word wider than its column (or Chinese, which
    has no spaces) is broken inside; nothing is dropped."""
    from PySide6.QtGui import QFont, QFontMetrics

    from dealer_trainer.reports.pdf import _wrap

    metrics = QFontMetrics(QFont("DejaVu Sans", 9))
    width = metrics.horizontalAdvance("Tempo típ")
    lines = _wrap(metrics, "Tempo típico", width)
    assert lines == ["Tempo", "típico"]
    assert _wrap(metrics, "Dias", width) == ["Dias"]
    broken = _wrap(metrics, "最弱技能與典型時間", metrics.horizontalAdvance("最弱技"))
    assert "".join(broken) == "最弱技能與典型時間" and len(broken) > 1
    assert all(
        metrics.horizontalAdvance(line) <= metrics.horizontalAdvance("最弱技") for line in broken
    )


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_cohort_pdf_in_portuguese_shows_its_headings_whole(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    """The trainees' table in Portuguese, with staff numbers (ten columns): "Taxa de acerto",
    "Tempo típico", "Última actividade" are wider than their figures; they wrap between
    words, never inside one, no heading ends in "…", and no date is cut."""
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager

    desk = cohort.store.instructor(cohort.session)
    for n, trainee in enumerate(desk.all_trainees()):
        desk.people().set_staff_number(trainee.id, f"MDT-2026-{n:04d}")
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("pt", remember=False)
    try:
        target = tmp_path / "turma.pdf"
        cohort_pdf(desk, FIRST, TODAY, target)
    finally:
        languages.set_language("en", remember=False)
    raw = subprocess.run(
        ["pdftotext", str(target), "-"], check=True, capture_output=True, text=True
    ).stdout
    words = " ".join(unicodedata.normalize("NFKC", raw).split())
    for heading in ("Formando", "Respostas", "Taxa de acerto", "Tempo típico", "Dias"):
        assert heading in words, heading
    assert "Relatório da turma" in words
    headings = raw[raw.index("Formando") : raw.index("Carla Ho")]
    assert "…" not in headings, headings
    laid_out = subprocess.run(
        ["pdftotext", "-layout", str(target), "-"], check=True, capture_output=True, text=True
    ).stdout
    section = laid_out[laid_out.index("Formandos, da menor") :]
    headings, rows = section[: section.index("Carla Ho")], section[section.index("Carla Ho") :]
    for word in ("Respostas", "acerto", "típico", "Dias", "Última", "actividade", "fraca"):
        assert word in headings.split(), (word, headings)  # a whole word on its line
    answered = [t for t in desk.all_trainees() if desk.answers(AnswerFilter(trainee_id=t.id))]
    assert len(re.findall(r"\b2026-\d\d-\d\d\b", rows)) >= len(answered)  # dates whole
    assert "MDT-2026-0000" in rows and "MDT-202…" not in rows
