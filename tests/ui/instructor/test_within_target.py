"""Issue 15, speed standards on the dashboard: the cohort table's "Within target" column (the
share of a trainee's answers right *and* within their skill's target), with a heading tooltip
that explains it, the Mastery tab's figure, and in the cohort PDF's table too."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime, time
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.standards import all_targets_ms
from dealer_trainer.storage import AnswerFilter
from dealer_trainer.storage.within_rollup import counted_targets
from dealer_trainer.ui.instructor import InstructorWindow
from dealer_trainer.ui.instructor.models import ID_ROLE, SORT_ROLE
from tests.storage.conftest import MACAU
from tests.ui.instructor.cohort import Cohort

WITHIN = 7


def _open(qtbot: QtBot, cohort: Cohort) -> InstructorWindow:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.within.loaded, timeout=20_000):
        window.show()
    return window


def _counted_by_hand(window: InstructorWindow, trainee_id: int) -> str:
    """The share from the trainee's every answer of the period, counted here one by one."""
    period = window.cohort.current_period()
    targets = all_targets_ms(window.desk.standards.standards())
    answers = window.desk.answers(
        AnswerFilter(
            trainee_id=trainee_id,
            since=datetime.combine(period.first, time(), MACAU),
            limit=None,
        )
    )
    if not answers:
        return ""
    within = sum(
        1 for a in answers if a.record.correct and a.record.time_taken_ms <= targets[a.record.skill]
    )
    return f"{round(100 * within / len(answers), 1):.1f} %"


def test_the_cohort_table_shows_each_trainees_share_right_and_within_target(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = _open(qtbot, cohort)
    model = window.cohort.model
    heading = model.headerData(WITHIN, Qt.Orientation.Horizontal)
    assert heading == "Within target"
    tip = model.headerData(WITHIN, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "right" in tip and "target time" in tip and "too slowly does not count" in tip
    assert model.rowCount() == len(cohort.trainees)
    seen = {}
    for row in range(model.rowCount()):
        trainee_id = model.data(model.index(row, 0), ID_ROLE)
        shown = model.data(model.index(row, WITHIN))
        assert shown == _counted_by_hand(window, trainee_id), model.figure(row).name
        seen[trainee_id] = shown
    assert any(s not in ("", "0.0 %", "100.0 %") for s in seen.values())  # a real spread
    # The Mastery tab's figure, for the same days: one aggregate query, the same count.
    period = window.cohort.current_period()
    mastery = window.desk.standards.speed_shares(period.first, period.last)
    for share in mastery[:-1]:
        if share.answers:
            assert seen[share.trainee_id].startswith(
                str(round(100 * share.within / share.answers, 1))
            )
    # It sorts as a number, empty cells first.
    window.cohort.table.sortByColumn(WITHIN, Qt.SortOrder.AscendingOrder)
    proxy = window.cohort.proxy
    keys = [proxy.data(proxy.index(r, WITHIN), SORT_ROLE) for r in range(proxy.rowCount())]
    assert keys == sorted(keys)


def test_the_column_follows_the_group_picker(qtbot: QtBot, cohort: Cohort) -> None:
    from datetime import date

    window = _open(qtbot, cohort)
    view = window.cohort
    ana = cohort.trainees["Ana Lei"]
    group = window.desk.people().create_group("Intake 2026-11", date(2026, 11, 2))
    window.desk.people().set_members(group.id, [ana])
    view.set_groups(window.desk.people().groups())
    with qtbot.waitSignal(view.within.loaded, timeout=20_000):
        view.group.setCurrentIndex(view.group.findData(group.id))
    assert view.model.rowCount() == 1
    assert view.model.data(view.model.index(0, WITHIN)) == _counted_by_hand(window, ana)
    attached = view.within.attach(view.shown)
    assert attached is not None and attached.within is not None
    assert set(attached.within) == {ana}


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="pdftotext (poppler-utils)")
def test_the_cohort_pdf_has_the_column_and_says_what_it_counts(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    window = _open(qtbot, cohort)
    ana = cohort.trainees["Ana Lei"]
    expected = _counted_by_hand(window, ana)
    path = tmp_path / "cohort.pdf"
    with qtbot.waitSignal(window.reports.written, timeout=30_000):
        window.reports.write_pdf(path)
    words = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], check=True, capture_output=True, text=True
    ).stdout
    assert "Within target" in words
    assert "too slowly does not" in " ".join(words.split())
    table = words[words.index("lowest accuracy") :]
    line = next(line for line in table.splitlines() if line.strip().startswith("Ana Lei"))
    assert line.rstrip().endswith(expected)


def test_the_window_counts_the_within_target_rollup_again_once_its_figures_are_in(
    qtbot: QtBot, cohort: Cohort
) -> None:
    """A store whose rollup holds no counted target (as after migration 0014) is counted
    for every skill once the cohort's figures are shown, and a standard set is counted
    again at once; the column's figures are the same before and after."""
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.recounted, timeout=30_000) as counted:
        window.show()
    assert counted.args == [sorted(all_targets_ms())]
    assert cohort.store.read(counted_targets) == window.desk.standards.targets_ms()
    model = window.cohort.model
    before = [model.data(model.index(row, WITHIN)) for row in range(model.rowCount())]
    with qtbot.waitSignal(window.cohort.within.loaded, timeout=20_000):
        window.cohort.reload()
    assert [model.data(model.index(row, WITHIN)) for row in range(model.rowCount())] == before
    window.tabs.setCurrentWidget(window.standards)
    window.standards.table.setCurrentCell(0, 0)
    skill = window.standards.current_skill()
    window.standards.seconds.setText("4.5")
    with (
        qtbot.waitSignal(window.recounted, timeout=30_000) as again,
        qtbot.waitSignal(window.cohort.within.loaded, timeout=30_000),
    ):
        qtbot.keyClick(window.standards.seconds, Qt.Key.Key_Return)
    assert again.args == [[skill]]
    assert cohort.store.read(counted_targets)[skill] == 4500
    # The column is read again at once: of the new target, not the one shown before.
    after = {}
    for row in range(model.rowCount()):
        trainee_id = model.data(model.index(row, 0), ID_ROLE)
        after[trainee_id] = model.data(model.index(row, WITHIN))
        assert after[trainee_id] == _counted_by_hand(window, trainee_id)
    assert sorted(after.values()) != sorted(before)
