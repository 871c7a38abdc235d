"""The dashboard's live-table results: the cohort's and each trainee's accuracy per step kind,
time per round, pace against the house's target and most common mistakes, shown in words,
checked against counts this test makes from rounds dealt through the real round engine; and
a trainee's rounds and a round's replay reached from the pane."""

from __future__ import annotations

import shutil
import subprocess
import unicodedata
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.pace import clock_text, pace_of, target
from dealer_trainer.drills.table.round import TableRound
from dealer_trainer.rules.house import house_pay_table, house_procedure, house_ruling
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.instructor.table_results import (
    TableResultsPane,
    TraineeRoundsWindow,
    article_text,
    articles_text,
)
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit.language import citation_text
from dealer_trainer.ui.table.exam import percent
from dealer_trainer.ui.table.replay import ReplayWindow
from tests.storage.table_dealers import Expected, deal_centre, expected
from tests.ui.instructor.cohort import Cohort
from tests.ui.instructor.test_dashboard import open_window


def deal_cohort(cohort: Cohort) -> dict[str, list[TableRound]]:
    return deal_centre(cohort.store, cohort.trainees)


def open_pane(qtbot: QtBot, window: InstructorWindow) -> TableResultsPane:
    pane = window.table_results
    with qtbot.waitSignal(pane.resultsLoaded, timeout=10_000):
        window.tabs.setCurrentWidget(pane)
    return pane


def _row(pane: TableResultsPane, name: str) -> int:
    names = [pane.table.item(r, 0).text() for r in range(pane.table.rowCount())]
    return names.index(name)


def _column(pane: TableResultsPane, header: str) -> int:
    headers = [pane.table.horizontalHeaderItem(c).text() for c in range(pane.table.columnCount())]
    return headers.index(header)


def _check_row(pane: TableResultsPane, row: int, want: Expected) -> None:
    def text(header: str) -> str:
        return pane.table.item(row, _column(pane, header)).text()

    assert text("Rounds") == str(want.rounds)
    assert text("Time per round") == clock_text(want.ms // want.rounds)
    names = {
        "collect": "Collect",
        "pay": "Pay",
        "mark": "Marker",
        "move": "Move",
        "return": "Return",
        "order": "Order",
    }
    for kind, (right, tried) in want.kinds.items():
        assert tried
        shown = text(names[kind])
        assert shown == percent(Fraction(right, tried)), kind


def test_table_results_show_the_cohorts_and_each_trainees_figures_in_words(
    qtbot: QtBot, cohort: Cohort
) -> None:
    played = deal_cohort(cohort)
    window = open_window(qtbot, cohort)
    pane = open_pane(qtbot, window)
    everyone = [r for rounds in played.values() for r in rounds]
    assert pane.table.item(0, 0).text() == "The cohort"
    _check_row(pane, 0, expected(everyone))
    for name, rounds in played.items():
        _check_row(pane, _row(pane, name), expected(rounds))
    assert pane.table.rowCount() == 3  # Carla dealt no round: no row
    # Bruno dealt well: every kind 100 %, no mistake.
    bruno = _row(pane, "Bruno Chan")
    assert pane.table.item(bruno, _column(pane, "Pay")).text() == "100 %"
    assert pane.table.item(bruno, _column(pane, "Most common mistakes")).text() == "–"
    # Ana's mistakes, in words with the article, never a code.
    ana = _row(pane, "Ana Lei")
    line = pane.table.item(ana, _column(pane, "Most common mistakes")).text()
    assert "paid before collecting" in line and "wrong amount" in line
    assert "Art. 5(1)" in line
    every_text = [
        pane.table.item(r, c).text()
        for r in range(pane.table.rowCount())
        for c in range(pane.table.columnCount())
    ]
    assert not any("_" in t for t in every_text)  # no code, no id
    # The chosen row: its pace against the house's target, its mistakes and their articles.
    pane.table.selectRow(ana)
    assert pane.chosen.text() == "Ana Lei"
    ruleset = {"roulette": default_ruleset("roulette"), "craps": default_ruleset("craps")}
    rows = {
        (pane.paces.item(r, 0).text(), pane.paces.item(r, 1).text()): r
        for r in range(pane.paces.rowCount())
    }
    assert set(rows) == {("Craps", "Advanced"), ("Roulette", "Intermediate")}
    for (game, level), difficulty in (
        (("craps", "Advanced"), Difficulty.ADVANCED),
        (
            ("roulette", "Intermediate"),
            Difficulty.INTERMEDIATE,
        ),
    ):
        rounds = [r for r in played["Ana Lei"] if r.game == game]
        pace = pace_of(r.summary() for r in rounds)
        row = rows[(game.capitalize(), level)]
        goal = target(ruleset[game], difficulty)
        assert pane.paces.item(row, 2).text() == str(len(rounds))
        assert pane.paces.item(row, 3).text() == str(pace.shown)
        assert pane.paces.item(row, 4).text() == str(goal)
        word = {-1: "below the target", 0: "at the target", 1: "above the target"}
        assert pane.paces.item(row, 5).text() == word[pace.against(goal) or 0]
    want = expected(played["Ana Lei"]).mistakes
    by_code: dict[str, int] = {}
    for (code, _), times in want.items():
        by_code[code] = by_code.get(code, 0) + times
    shown = {
        pane.mistakes.item(r, 0).text(): int(pane.mistakes.item(r, 1).text())
        for r in range(pane.mistakes.rowCount())
    }
    assert shown == {
        {"wrong_amount": "wrong amount", "paid_before_collecting": "paid before collecting"}[
            code
        ]: times
        for code, times in by_code.items()
    }
    counts = [int(pane.mistakes.item(r, 1).text()) for r in range(pane.mistakes.rowCount())]
    assert counts == sorted(counts, reverse=True)
    articles = [pane.mistakes.item(r, 2).text() for r in range(pane.mistakes.rowCount())]
    assert any("Art. 5(1)" in a for a in articles) and any("Art. 7" in a for a in articles)
    assert any("table procedure" in a for a in articles)  # craps: the order is the house's


def test_from_a_trainees_row_their_rounds_open_and_a_rounds_replay_steps_on_the_felt(
    qtbot: QtBot, cohort: Cohort
) -> None:
    played = deal_cohort(cohort)
    window = open_window(qtbot, cohort)
    pane = open_pane(qtbot, window)
    pane.table.selectRow(0)
    assert not pane.rounds_button.isEnabled()  # the cohort's row has no rounds of one trainee
    assert pane.open_rounds() is None
    pane.table.selectRow(_row(pane, "Ana Lei"))
    assert pane.rounds_button.isEnabled()
    with qtbot.waitSignal(pane.roundsOpened, timeout=10_000) as opened:
        qtbot.keyClick(pane.table, Qt.Key.Key_Return)  # Enter: Rounds and replays
    rounds_window = opened.args[0]
    assert isinstance(rounds_window, TraineeRoundsWindow)
    assert "Ana Lei" in rounds_window.windowTitle()
    view = rounds_window.rounds
    assert view.table.rowCount() == len(played["Ana Lei"])
    view.table.selectRow(0)
    with qtbot.waitSignal(view.replayOpened, timeout=5000) as replayed:
        qtbot.keyClick(view.table, Qt.Key.Key_Return)
    replay_window = replayed.args[0]
    assert isinstance(replay_window, ReplayWindow)
    qtbot.waitExposed(replay_window)
    steps = replay_window.replay_view
    wrong = next(f.attempt.index for f in steps.frames if not f.attempt.accepted)
    for _ in range(wrong + 1):
        qtbot.keyClick(steps, Qt.Key.Key_Right)
    assert steps.position == wrong and "✗" in steps.now.text()
    replay_window.close()
    rounds_window.close()


def test_table_results_say_when_no_round_was_dealt(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    pane = open_pane(qtbot, window)
    assert pane.summary.text() == "No rounds at the live table in this period."
    assert pane.table.rowCount() == 1 and pane.table.item(0, 1).text() == "0"


def _pdf_text(path: Path) -> str:
    raw = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    return unicodedata.normalize("NFKC", raw)


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_the_cohort_and_trainee_pdfs_have_the_live_table_results_in_words(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    played = deal_cohort(cohort)
    window = open_window(qtbot, cohort)
    reports = window.reports
    cohort_pdf = tmp_path / "cohort.pdf"
    with qtbot.waitSignal(reports.written, timeout=30_000):
        reports.scope.setCurrentIndex(reports.scope.findData(None))
        reports.write_pdf(cohort_pdf)
    text = _pdf_text(cohort_pdf)
    assert "Live table: accuracy per step kind and time per round" in text
    assert "Live table: the most common mistakes" in text
    assert "Live table: pace against the house's target" in text
    lines: dict[str, str] = {}  # each name's first line in the live table's accuracy table
    table = text.split("Live table: accuracy per step kind and time per round")[1]
    for line in table.splitlines():
        lines.setdefault(line.split("  ")[0].strip(), line)
    for name, rounds in [
        ("The cohort", [r for rs in played.values() for r in rs]),
        *played.items(),
    ]:
        want = expected(rounds)
        cells = lines[name].split()
        assert str(want.rounds) in cells and clock_text(want.ms // want.rounds) in cells
        assert f"{percent(want.share('pay')).split()[0]}" in cells  # the pay column
    ana = [line for line in text.splitlines() if line.strip().startswith("Ana Lei")]
    assert any("paid before collecting" in line and "Art. 5(1)" in line for line in ana)
    assert not any("_" in line for line in text.splitlines())  # no code, no id
    trainee_pdf = tmp_path / "ana.pdf"
    with qtbot.waitSignal(reports.written, timeout=30_000):
        reports.scope.setCurrentIndex(reports.scope.findData(cohort.trainees["Ana Lei"]))
        reports.write_pdf(trainee_pdf)
    text = _pdf_text(trainee_pdf)
    assert "Live table: accuracy per step kind" in text and "Bruno Chan" not in text
    goal = str(target(default_ruleset("roulette"), Difficulty.INTERMEDIATE))
    roulette = next(line for line in text.splitlines() if line.strip().startswith("Roulette"))
    assert roulette.split()[-1] == goal and "Intermediate" in roulette


def test_table_results_name_a_sic_bo_house_basis_in_words_never_its_id(qtbot: QtBot) -> None:
    """Issue 35: a Sic Bo mistake is stored citing its house basis, as the rules CLI writes
    it (``sic-bo-house house ruling``); the results and the reports name it in words."""
    for basis, words in [
        (house_pay_table("sic-bo-house"), "house pay table"),
        (house_ruling("sic-bo-house"), "house ruling"),
        (house_procedure("sic-bo-house"), "house table procedure"),
    ]:
        stored = str(basis)
        assert stored.startswith("sic-bo-house ")  # what storage keeps, as the CLI says it
        assert article_text(stored, short=True) == words
        assert article_text(stored) == citation_text(basis)
        listed = articles_text([stored, "roulette-2003 Art. 5(1)"], short=True)
        assert listed == f"{words}; Art. 5(1)"
        assert "sic-bo-house" not in article_text(stored)


def test_table_results_say_how_many_rounds_wait_for_the_grader(
    qtbot: QtBot, cohort: Cohort, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a centre's server a round the grader has not judged yet is in no figure: the pane
    says how many wait, and since when; on one PC (nothing waits) it says nothing."""
    from datetime import UTC, datetime

    from dealer_trainer.storage.desks import InstructorDesk
    from dealer_trainer.storage.graded import RoundWait

    window = open_window(qtbot, cohort)
    pane = open_pane(qtbot, window)
    assert pane.waiting.isHidden()
    since = datetime.now(UTC).replace(hour=6, minute=5, second=0, microsecond=0)
    waiting = RoundWait(3, since)
    monkeypatch.setattr(InstructorDesk, "table_grading_wait", lambda self, ids=None: waiting)
    with qtbot.waitSignal(pane.resultsLoaded, timeout=10_000):
        pane.reload()
    assert not pane.waiting.isHidden()
    assert pane.waiting.text().startswith("3 rounds wait for grading, since ")
