"""The transcript and the certificate: the facts on the page, read back with pdftotext."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, QLocale
from PySide6.QtWidgets import QApplication

from dealer_trainer.reports.certificates import certificates_pdf, transcript_pdf
from dealer_trainer.reports.pdf import cohort_pdf
from dealer_trainer.storage import StorageError
from dealer_trainer.storage.centre import CentreSettings
from tests.ui.instructor.cohort import Cohort

pytestmark = pytest.mark.skipif(
    shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)"
)


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    return unicodedata.normalize("NFKC", text).split("\f")[:-1]  # ligatures (ﬁ) as letters


def _short(day: date) -> str:
    """A date in a table, as every table of the app writes it: the year whole, in any
    language."""
    return day.isoformat()


def _long(day: date) -> str:
    return QLocale().toString(QDate(day.year, day.month, day.day), "d MMMM yyyy")


def test_transcript_lists_every_sitting_and_the_certification_with_its_validity(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    desk.save_centre_settings(CentreSettings("Escola de Croupiers de Macau", 3, 7, 18))
    ana = cohort.trainees["Ana Lei"]
    [cert] = desk.certifications(ana)  # her passing sitting certified her (75 % at 75 %)
    target = tmp_path / "transcript.pdf"
    pages = transcript_pdf(desk, ana, target)
    [page] = _pages(target)
    assert pages == 1 and "page 1 of 1" in page
    assert "Escola de Croupiers de Macau" in page and "Transcript: Ana Lei" in page
    assert "Roulette payouts" in page and "3/4 (75 %)" in page and "passed" in page
    assert "Roulette" in page and "Mrs Wong" in page
    assert "valid until " + _short(cert.valid_until) in page
    # The certification was awarded under the settings of its day (24 months).
    assert (cert.valid_until.year - cert.passed_at.year) * 12 + (
        cert.valid_until.month - cert.passed_at.month
    ) == 24


def test_a_certificate_page_per_certification_names_the_centre_trainee_game_and_dates(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    desk.save_centre_settings(CentreSettings("Escola de Croupiers de Macau", 3, 7, 24))
    ana = cohort.trainees["Ana Lei"]
    [cert] = desk.certifications(ana)
    target = tmp_path / "certificate.pdf"
    assert certificates_pdf(desk, ana, target) == 1
    [page] = _pages(target)
    for fact in (
        "Escola de Croupiers de Macau",
        "Certificate of dealer training",
        "Ana Lei",
        "Roulette",
        "on " + _long(cert.passed_at.astimezone().date()),
        "Valid until " + _long(cert.valid_until),
        "Instructor: Mrs Wong",
        "page 1 of 1",
    ):
        assert fact in page, fact
    with pytest.raises(StorageError, match="Bruno Chan holds no certification yet"):
        certificates_pdf(desk, cohort.trainees["Bruno Chan"], tmp_path / "none.pdf")


def test_cohort_pdf_has_a_certifications_section(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    desk = cohort.store.instructor(cohort.session)
    target = tmp_path / "cohort.pdf"
    cohort_pdf(
        desk,
        cohort.store.day_of(cohort.store.now()),
        cohort.store.day_of(cohort.store.now()),
        target,
    )
    text = "\n".join(_pages(target))
    section = text[text.index("Certifications") :]
    assert "Ana Lei" in section and "Roulette" in section and "Mrs Wong" in section
    assert "Bruno Chan" not in section


def test_an_exam_without_target_times_prints_a_dash_in_time_not_zero(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    """The cohort's exam was built with no target times, as every exam before migration
    0008: nothing in it was timed, so "in time" is a dash, explained, never "0 %"."""
    desk = cohort.store.instructor(cohort.session)
    ana = cohort.trainees["Ana Lei"]
    transcript_pdf(desk, ana, tmp_path / "transcript.pdf")
    [page] = _pages(tmp_path / "transcript.pdf")
    sitting = next(line for line in page.splitlines() if "Roulette payouts" in line)
    assert "3/4 (75 %)" in sitting and " – " in sitting and " 0 %" not in sitting
    assert "– in time: the exam was built before target times were kept" in page
    certified = next(line for line in page.splitlines() if "Mrs Wong" in line and "valid" in line)
    assert " – " in certified and " 0 %" not in certified
    certificates_pdf(desk, ana, tmp_path / "certificate.pdf")
    [certificate] = _pages(tmp_path / "certificate.pdf")
    assert "Score 75 %" in certificate and "in time" not in certificate  # no bare dash


def test_a_certificate_states_the_name_certified_and_the_current_one_after_a_rename(
    qapp: QApplication, cohort: Cohort, tmp_path: Path
) -> None:
    """Ana was certified as "Ana Lei", then renamed: her certificate, the cohort's list and
    her transcript keep the name certified, and say the one she has now."""
    desk = cohort.store.instructor(cohort.session)
    ana = cohort.trainees["Ana Lei"]
    [cert] = desk.certifications(ana)
    assert cert.certified_name == "Ana Lei"
    desk.rename_trainee(ana, "Ana Lei Chan")
    [cert] = desk.certifications(ana)
    assert cert.certified_name == "Ana Lei"  # issued to that name: kept
    certificates_pdf(desk, ana, tmp_path / "certificate.pdf")
    [page] = _pages(tmp_path / "certificate.pdf")
    lines = [line.strip() for line in page.splitlines() if line.strip()]
    assert "Ana Lei" in lines  # the name certified, on a line of its own
    assert "now named Ana Lei Chan" in lines
    transcript_pdf(desk, ana, tmp_path / "transcript.pdf")
    [transcript] = _pages(tmp_path / "transcript.pdf")
    assert "Transcript: Ana Lei Chan" in transcript and "certified as Ana Lei" in transcript
    cohort_pdf(
        desk,
        cohort.store.day_of(cohort.store.now()),
        cohort.store.day_of(cohort.store.now()),
        tmp_path / "cohort.pdf",
    )
    text = "\n".join(_pages(tmp_path / "cohort.pdf"))
    assert "Ana Lei (now Ana Lei Chan)" in text[text.index("Certifications") :]
