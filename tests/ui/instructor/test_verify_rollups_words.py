"""*Verify records* says in words which of the dashboard's figures do not match the answers:
the skill by its name, the day, the figures shown and those the answers hold."""

from __future__ import annotations

import sqlite3

from pytestqt.qtbot import QtBot

from dealer_trainer.reports.text import skill_title
from dealer_trainer.storage.verify import DAILY, PER_TRAINEE, Problem
from dealer_trainer.ui.instructor.window import InstructorWindow
from tests.ui.instructor.cohort import Cohort


def test_a_changed_rollup_is_named_with_its_skill_day_and_counts(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.tabs.setCurrentWidget(window.records_check)
    panel = window.records_check
    clean = panel.verify()
    assert clean is not None and clean.clean
    assert "The dashboard's figures were counted again from the" in panel.result.text()
    path = cohort.store.location.sqlite_path
    assert path is not None
    tamper = sqlite3.connect(path, isolation_level=None)
    try:  # the sqlite3 shell's way: the rollups have no protecting trigger
        day, skill, answers, correct = tamper.execute(
            "SELECT answered_day, skill, answers, correct FROM daily_skill_counts "
            "WHERE correct < answers ORDER BY answered_day, skill LIMIT 1"
        ).fetchone()
        tamper.execute(
            "UPDATE daily_skill_counts SET correct = answers WHERE answered_day = ? AND skill = ?",
            (day, skill),
        )
    finally:
        tamper.close()
    found = panel.verify()
    assert found is not None
    assert [(f.problem, f.rollup, f.skill, str(f.day)) for f in found.findings] == [
        (Problem.ROLLUP_CHANGED, DAILY, skill, day)
    ]
    text = panel.result.text()
    assert text.startswith("The records were worked on outside the app.")
    assert (
        f"The dashboard's figures for {skill_title(skill)} on {day} do not match the recorded "
        f"answers: they show {answers} answers, {answers} right; the answers hold {answers}, "
        f"{correct} right." in text
    )
    assert PER_TRAINEE not in text  # no table's name shown
    window.close()


def test_the_audit_trail_shows_a_rename_with_the_name_before_and_after(
    qtbot: QtBot, cohort: Cohort
) -> None:
    desk = cohort.store.instructor(cohort.session)
    desk.rename_trainee(cohort.trainees["Ana Lei"], "Ana Lei Chan")
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.show()
    window.tabs.setCurrentWidget(window.records_check)  # the trail is read when shown
    audit = window.records_check.audit
    qtbot.waitUntil(lambda: audit.rowCount() > 0)
    rows = [[audit.item(r, c).text() for c in range(2, 5)] for r in range(audit.rowCount())]
    assert ["renamed a trainee", "ana.lei", "Ana Lei → Ana Lei Chan"] in rows
    window.close()
