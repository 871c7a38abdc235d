"""Issue 15, the dashboard keeps up: the cohort table from the rollup, an intake group's
cohort, and the cohort PDF from the figures the dashboard already shows."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from dealer_trainer.reports import figures
from dealer_trainer.reports.text import skill_targets_ms
from dealer_trainer.ui.instructor import InstructorWindow
from tests.ui.instructor.cohort import Cohort
from tests.ui.instructor.test_dashboard import TODAY, open_window


def _rows(window: InstructorWindow) -> dict[int, figures.TraineeFigure]:
    model = window.cohort.model
    return {model.figure(r).trainee_id: model.figure(r) for r in range(model.rowCount())}


def test_cohort_table_is_read_from_the_rollup_in_one_job_not_trainee_by_trainee(
    qtbot: QtBot, cohort: Cohort, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dealer_trainer.storage import InstructorDesk

    calls: list[dict[str, Any]] = []
    real = InstructorDesk.daily_skill_stats

    def spy(self: InstructorDesk, *args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(self, *args, **kwargs)

    monkeypatch.setattr(InstructorDesk, "daily_skill_stats", spy)
    window = open_window(qtbot, cohort)
    # The plots' one cohort query, and no per-trainee read of the answers for the table.
    assert [c.get("trainee_id") for c in calls] == [None]
    period = window.cohort.current_period()
    names = {t.id: (t.name, t.archived) for t in window.desk.all_trainees()}
    each = real(window.desk, period.first, period.last, per_trainee=True)
    expected = figures.per_trainee(each, names, skill_targets_ms())
    assert _rows(window) == {row.trainee_id: row for row in expected}
    assert window.cohort.table_status.text() == f"{len(names)} trainees"


def test_cohort_view_of_some_trainees_shows_theirs_only(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    everyone = _rows(window)
    ana, carla = cohort.trainees["Ana Lei"], cohort.trainees["Carla Ho"]
    view = window.cohort
    group = window.desk.people().create_group("Intake 2026-11", date(2026, 11, 2))
    window.desk.people().set_members(group.id, [ana, carla])
    view.set_groups(window.desk.people().groups())
    with qtbot.waitSignal(view.tableLoaded, timeout=10_000):
        view.group.setCurrentIndex(view.group.findData(group.id))
    assert _rows(window) == {ana: everyone[ana], carla: everyone[carla]}
    answers = everyone[ana].totals.answers + everyone[carla].totals.answers
    assert view.summary.text().startswith(f"{answers:,} answers")
    assert view.shown is not None and view.shown.trainee_ids == {ana, carla}
    assert sum(s.answers for s in view.shown.stats) == answers


def test_cohort_pdf_reuses_the_figures_the_dashboard_shows(
    qtbot: QtBot, cohort: Cohort, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from dealer_trainer.storage import InstructorDesk

    window = open_window(qtbot, cohort)
    shown = window.cohort.shown
    assert shown is not None and (shown.first, shown.last) == (
        window.cohort.current_period().first,
        TODAY,
    )

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("the PDF read again what the dashboard shows")

    monkeypatch.setattr(InstructorDesk, "daily_skill_stats", refused)
    monkeypatch.setattr(InstructorDesk, "trainee_spans", refused)
    path = tmp_path / "cohort.pdf"
    with qtbot.waitSignal(window.reports.written, timeout=20_000):
        window.reports.write_pdf(path)
    assert path.read_bytes().startswith(b"%PDF")
    assert re.search(r"\d pages? written to", window.reports.message.text())
