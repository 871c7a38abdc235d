"""Issue 15, standards and schedules, as a trainee and an instructor use them.

The answers go through the real store with a fake clock; the states and counts the
screens show are checked against counts this test makes itself from what it recorded.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.standards import MASTERY_NAMES, Mastery, MasteryRule
from dealer_trainer.reports.text import skill_title
from dealer_trainer.storage import InstructorDesk, Store, TraineeDesk
from dealer_trainer.storage.audit import Action
from dealer_trainer.ui.drills.leave_exam import Leave
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.instructor.schedules import MasteryPanel, PlansPanel
from dealer_trainer.ui.instructor.standards import StandardsPanel
from dealer_trainer.ui.kit.background import Jobs
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.progress import ProgressWindow
from tests.migrated import Templates
from tests.signing import add_trainee_own
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock, answer

STRAIGHT = "roulette.straight_up"  # target 8 s
ZERO = "roulette.zero_rule"  # target 15 s
PICTURE = "roulette.picture_bets"  # target 25 s
PASSWORD = "instructor password"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'records.db'}"),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    session = opened.create_first_instructor("Ina Wong", PASSWORD)
    desk = opened.instructor(session)
    add_trainee_own(opened, desk, "Ana Lei", "ana password")
    add_trainee_own(opened, desk, "Bo Chan", "bo password")
    yield opened
    opened.close()


def instructor(store: Store) -> InstructorDesk:
    return store.instructor(store.verify_instructor(PASSWORD))


def trainee_id(store: Store, name: str) -> int:
    return next(t.id for t in store.trainees() if t.name == name)


def progress_of(qtbot: QtBot, store: Store, login: str, password: str) -> ProgressWindow:
    person = store.sign_in(login, password)
    launcher = DrillLauncher(lambda: person, store=store)
    qtbot.addWidget(launcher)
    window = ProgressWindow(lambda: launcher, lambda: store.day_zone)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.loaded):
        window.refresh()
    return window


def record(desk: TraineeDesk, clock: FakeClock, answers: list[tuple[str, bool, int]]) -> None:
    session = desk.start_session("roulette-2003")
    for number, (skill, right, ms) in enumerate(answers):
        clock.advance(seconds=1)
        desk.record_answer(
            session.id,
            answer(number, skill=skill, correct=right, time_taken_ms=ms, answered_at=clock.now),
        )
    desk.end_session(session.id)


def rows(table: QTableWidget) -> list[list[str]]:
    return [
        [table.item(r, c).text() if table.item(r, c) else "" for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_the_mastery_map_shows_each_skill_as_the_answers_make_it(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    ana = store.trainee(trainee_id(store, "Ana Lei"))
    # Straight-ups: 30 answers, two wrong and one slow (9 s > 8 s): 27 of 30 = 90 %.
    straight = [(STRAIGHT, n not in (3, 17), 9000 if n == 25 else 4000) for n in range(30)]
    # The zero rule: 10 answers, 7 right in time: 70 % -> weak (close is from 75 %).
    zero = [(ZERO, n < 7, 5000) for n in range(10)]
    # Picture bets: 8 answers, all right in time: 100 % but fewer than 30 -> close.
    picture = [(PICTURE, True, 5000)] * 8
    record(ana, clock, straight + zero + picture)

    def good(answers: list[tuple[str, bool, int]], target_ms: int) -> int:
        return sum(1 for _s, right, ms in answers if right and ms <= target_ms)

    window = progress_of(qtbot, store, "ana.lei", "ana password")

    shown = {row[1]: row for row in rows(window.skills_table)}
    mastered, close, weak = (render(MASTERY_NAMES[s]) for s in Mastery if s != Mastery.NOT_STARTED)
    assert shown[skill_title(STRAIGHT)][2] == mastered
    assert shown[skill_title(STRAIGHT)][3] == f"90 % ({good(straight, 8000)} / 30)"
    assert shown[skill_title(ZERO)][2:4] == [weak, f"70 % ({good(zero, 15000)} / 10)"]
    assert shown[skill_title(PICTURE)][2] == close
    assert shown[skill_title("craps.field")][2] == render(MASTERY_NAMES[Mastery.NOT_STARTED])
    assert shown[skill_title(STRAIGHT)][4] == "8 s"
    # weakest first, and no id anywhere: every skill by its name
    assert rows(window.skills_table)[0][1] == skill_title(ZERO)
    assert not any("roulette." in text for row in rows(window.skills_table) for text in row)

    # A click on the weak skill starts practising that skill alone.
    assert [b.text() for b in window.weak_buttons] == [skill_title(ZERO)]
    with qtbot.waitSignal(window.started) as started:
        qtbot.mouseClick(window.weak_buttons[0], Qt.MouseButton.LeftButton)
    screen = started.args[0]
    assert isinstance(screen, DrillScreen)
    qtbot.addWidget(screen)
    assert {screen.session.specs(n).skill for n in range(5)} == {ZERO}


def test_setting_a_standard_on_the_screen_changes_the_map(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    ana = store.trainee(trainee_id(store, "Ana Lei"))
    record(ana, clock, [(STRAIGHT, True, 7000)] * 30)  # within 8 s: mastered
    desk = instructor(store)
    panel = StandardsPanel(desk, MACAU)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    panel.choose(STRAIGHT)
    assert panel.skill_name.text() == skill_title(STRAIGHT)
    assert panel.seconds.text() == "8"

    panel.seconds.setText("  ")  # blank: what to type, and the drills' own target
    qtbot.keyClick(panel.seconds, Qt.Key.Key_Return)
    assert panel.message.text() == (
        f"Type the target time in seconds: the drills' own for {skill_title(STRAIGHT)} is 8 s."
    )
    panel.seconds.setText("abc")
    qtbot.keyClick(panel.seconds, Qt.Key.Key_Return)
    assert "“abc” is not a target time" in panel.message.text()
    panel.seconds.setText("0.25")
    qtbot.keyClick(panel.seconds, Qt.Key.Key_Return)
    assert "is not a target time" in panel.message.text()
    assert desk.standards.standards() == {}

    panel.seconds.setText("６,５")  # a Chinese input method's full-width digits, a comma
    with qtbot.waitSignal(panel.changed):
        qtbot.keyClick(panel.seconds, Qt.Key.Key_Return)
    assert desk.standards.standards() == {STRAIGHT: Decimal("6.5")}
    row = next(r for r in rows(panel.table) if r[1] == skill_title(STRAIGHT))
    assert row[3] == "6.5 s" and "Ina Wong" in row[4] and "1" in row[4]
    logged = [e for e in desk.audit_log() if e.action is Action.STANDARD_SET]
    assert [e.subject for e in logged] == [f"skill:{STRAIGHT}"]

    # The map now counts 7 s answers as slow: the skill is weak.
    window = progress_of(qtbot, store, "ana.lei", "ana password")
    shown = {row[1]: row for row in rows(window.skills_table)}
    assert shown[skill_title(STRAIGHT)][2:5] == [
        render(MASTERY_NAMES[Mastery.WEAK]),
        "0 % (0 / 30)",
        "6.5 s",
    ]

    # The rule: close above mastered is refused in words; a good rule is set.
    panel.mastered.setValue(80)
    panel.close_share.setValue(85)
    panel.rule_button.click()
    assert "cannot be above" in panel.message.text()
    panel.close_share.setValue(50)
    panel.last_answers.setValue(20)
    with qtbot.waitSignal(panel.changed):
        panel.rule_button.click()
    assert desk.standards.mastery_rule().last_answers == 20
    assert desk.standards.mastery_rule().mastered == Fraction(4, 5)


def test_a_skill_goes_back_to_the_drills_target_from_the_standards_tab(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    ana = store.trainee(trainee_id(store, "Ana Lei"))
    record(ana, clock, [(STRAIGHT, True, 7000)] * 30)  # within the drills' 8 s
    desk = instructor(store)
    desk.standards.set_standard(STRAIGHT, Decimal("6.5"))  # 7 s answers now slow
    panel = StandardsPanel(desk, MACAU)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    panel.choose(ZERO)
    assert not panel.back_button.isEnabled()  # the zero rule follows the drills already
    panel.choose(STRAIGHT)
    assert panel.back_button.isEnabled() and panel.seconds.text() == "6.5"
    clock.advance(minutes=1)

    with qtbot.waitSignal(panel.changed):
        panel.back_button.click()

    assert desk.standards.standards() == {}
    assert panel.message.text() == (
        f"{skill_title(STRAIGHT)} follows the drills' own target again: 8 s (version 2)."
    )
    row = next(r for r in rows(panel.table) if r[1] == skill_title(STRAIGHT))
    assert row[2:4] == ["8 s", "as the drills"] and "version 2" in row[4]
    assert panel.seconds.text() == "8" and not panel.back_button.isEnabled()
    window = progress_of(qtbot, store, "ana.lei", "ana password")
    shown = {row[1]: row for row in rows(window.skills_table)}
    assert shown[skill_title(STRAIGHT)][2:5] == [
        render(MASTERY_NAMES[Mastery.MASTERED]),
        "100 % (30 / 30)",
        "8 s",
    ]


def test_a_plan_assigned_is_shown_done_and_no_longer_overdue(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    desk = instructor(store)
    plans = PlansPanel(desk, MACAU, store.now)
    qtbot.addWidget(plans)
    plans.show()
    plans.set_trainees(desk.all_trainees())
    # nothing ticked: refused, saying what is missing
    plans.plan_title.setText("Zero before Friday")
    qtbot.keyClick(plans.plan_title, Qt.Key.Key_Return)
    assert plans.message.text() == "Tick at least one skill for the plan."
    plans.tick(plans.skills, {ZERO})
    qtbot.keyClick(plans.plan_title, Qt.Key.Key_Return)
    assert plans.message.text() == "Tick at least one trainee to give the plan to."
    plans.tick(plans.trainees, {trainee_id(store, "Ana Lei"), trainee_id(store, "Bo Chan")})
    plans.items.setValue(3)
    plans.due.setDate(QDate(2026, 12, 2))
    with qtbot.waitSignal(plans.assigned):
        qtbot.keyClick(plans.plan_title, Qt.Key.Key_Return)
    assert [r[:4] for r in rows(plans.plans)] == [
        ["Zero before Friday", "Ana Lei", "2026-12-02", "0 of 3 items"],
        ["Zero before Friday", "Bo Chan", "2026-12-02", "0 of 3 items"],
    ]

    window = progress_of(qtbot, store, "ana.lei", "ana password")
    assert rows(window.due) == [
        ["Plan: Zero before Friday", "2026-12-02 23:59", "0 of 3 items", "to do"]
    ]
    # Start (Enter, the default button) practises the plan's skills
    window.due.setCurrentCell(0, 0)
    with qtbot.waitSignal(window.started) as started:
        qtbot.keyClick(window.due, Qt.Key.Key_Return)
    screen = started.args[0]
    qtbot.addWidget(screen)
    assert {screen.session.specs(n).skill for n in range(4)} == {ZERO}
    screen.close()

    ana = store.trainee(trainee_id(store, "Ana Lei"))
    record(ana, clock, [(ZERO, True, 3000), (ZERO, False, 3000), (STRAIGHT, True, 1000)])
    window.refresh()
    assert rows(window.due)[0][2:] == ["2 of 3 items", "to do"]

    clock.advance(days=3)  # past the due date: both plans are overdue
    mastery = MasteryPanel(instructor(store), Jobs(), lambda: store.day_of(clock.now), MACAU)
    qtbot.addWidget(mastery)
    with qtbot.waitSignal(mastery.loaded):
        mastery.reload()
    assert sorted(r[0] for r in rows(mastery.overdue)) == ["Ana Lei", "Bo Chan"]
    assert rows(mastery.overdue)[0][1:] in (
        ["Plan: Zero before Friday", "2026-12-02", "2 of 3 items"],
        ["Plan: Zero before Friday", "2026-12-02", "0 of 3 items"],
    )
    window.refresh()
    assert rows(window.due)[0][3] == "overdue"

    record(ana, clock, [(ZERO, True, 3000)])  # the third item, late: the plan is done
    with qtbot.waitSignal(mastery.loaded):
        mastery.reload()
    assert [r[0] for r in rows(mastery.overdue)] == ["Bo Chan"]
    window.refresh()
    assert rows(window.due) == []  # done, and its date has passed


def test_an_exam_not_sat_by_its_date_is_overdue_until_sat(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    desk = instructor(store)
    paper = desk.create_exam("Roulette check", "roulette-2003", [STRAIGHT], 2, 7, Fraction(1, 2))
    desk.assign_exam(paper.id, [trainee_id(store, "Bo Chan")], due_at=clock.now + timedelta(days=1))
    # Before its date: due, started from My progress (its window closes at the due date).
    window = progress_of(qtbot, store, "bo.chan", "bo password")
    assert rows(window.due)[0][0::2] == ["Exam: Roulette check", "2 items, not sat yet"]
    assert rows(window.due)[0][3] != "overdue"
    window.due.setCurrentCell(0, 0)
    with qtbot.waitSignal(window.started) as started:
        window.start_button.click()
    screen = started.args[0]
    assert isinstance(screen, DrillScreen)
    assert screen.session.mode.value == "exam"
    screen.ask_leave_exam = lambda *args: Leave.RESUME_LATER  # type: ignore[method-assign]
    screen.close()
    window.close()
    # Its date passed and the sitting left unfinished: overdue for the instructor and for Bo.
    clock.advance(days=2)
    mastery = MasteryPanel(instructor(store), Jobs(), lambda: store.day_of(clock.now), MACAU)
    qtbot.addWidget(mastery)
    with qtbot.waitSignal(mastery.loaded):
        mastery.reload()
    assert [r[:2] + r[3:] for r in rows(mastery.overdue)] == [
        ["Bo Chan", "Exam: Roulette check", "not sat"]
    ]
    again = progress_of(qtbot, store, "bo.chan", "bo password")
    assert rows(again.due)[0][3] == "overdue"


def test_a_failed_exam_says_its_sittings_and_when_it_may_be_sat_again(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    from dealer_trainer.storage import SessionKind
    from dealer_trainer.storage.centre import CentreSettings

    desk = instructor(store)
    desk.save_centre_settings(CentreSettings("Escola", 3, 2, 24))  # 3 sittings, 2 days apart
    paper = desk.create_exam("Roulette check", "roulette-2003", [STRAIGHT], 2, 7, Fraction(1, 2))
    bo = trainee_id(store, "Bo Chan")
    [assignment] = desk.assign_exam(paper.id, [bo], due_at=clock.now + timedelta(days=10))
    trainee = store.trainee(bo)
    trainee.exam_paper(assignment.id)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n in range(2):  # both wrong: 0 of 2, not passed
        trainee.record_answer(session.id, answer(n, skill=STRAIGHT, correct=False))
    ended = trainee.end_session(session.id)
    assert ended.ended_at is not None
    again = (ended.ended_at + timedelta(days=2)).astimezone().strftime("%Y-%m-%d %H:%M")

    window = progress_of(qtbot, store, "bo.chan", "bo password")

    assert rows(window.due)[0][0::2] == [
        "Exam: Roulette check",
        f"not passed (sitting 1 of 3): again from {again}",
    ]
    window.close()
    clock.advance(days=3)
    later = progress_of(qtbot, store, "bo.chan", "bo password")
    assert rows(later.due)[0][2] == "not passed (sitting 1 of 3): you may sit it again"


def test_a_plan_given_by_mistake_is_withdrawn_once_asked_and_a_done_one_cannot_be(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    from dealer_trainer.ui.kit.confirm import Confirmation

    desk = instructor(store)
    ana, bo = trainee_id(store, "Ana Lei"), trainee_id(store, "Bo Chan")
    desk.schedules.assign_plan("Zero", "roulette", [ZERO], 1, clock.now + timedelta(days=2), [ana])
    desk.schedules.assign_plan(
        "Straight-ups", "roulette", [STRAIGHT], 3, clock.now + timedelta(days=2), [ana, bo]
    )
    record(store.trainee(ana), clock, [(ZERO, True, 3000)])  # Ana's "Zero" is done
    plans = PlansPanel(desk, MACAU, store.now)
    qtbot.addWidget(plans)
    plans.show()
    plans.set_trainees(desk.all_trainees())
    plans.refresh()
    at = {(r[0], r[1]): n for n, r in enumerate(rows(plans.plans))}
    dues = [r[2] for r in rows(plans.plans)]
    assert dues == sorted(dues)  # soonest due first
    assert not plans.withdraw_button.isEnabled()  # nothing chosen yet
    plans.plans.selectRow(at[("Zero", "Ana Lei")])
    assert not plans.withdraw_button.isEnabled()  # done: a record, it stays
    plans.plans.selectRow(at[("Straight-ups", "Bo Chan")])
    assert plans.withdraw_button.isEnabled()
    plans.withdraw_button.click()
    box = plans.pending
    assert isinstance(box, Confirmation) and box.windowTitle() == (
        "Withdraw “Straight-ups” from Bo Chan?"
    )
    assert box.defaultButton() is box.cancel_button
    with qtbot.waitSignal(box.decided):
        qtbot.keyClick(box, Qt.Key.Key_Return)  # Enter cancels: nothing withdrawn
    assert len(desk.schedules.progress()) == 3
    plans.plans.selectRow(at[("Straight-ups", "Bo Chan")])
    plans.withdraw_button.click()
    box = plans.pending
    assert isinstance(box, Confirmation)
    with qtbot.waitSignal(plans.assigned):
        box.action_button.click()
    assert plans.message.text() == "“Straight-ups” is withdrawn from Bo Chan."
    assert sorted((r[0], r[1]) for r in rows(plans.plans)) == [
        ("Straight-ups", "Ana Lei"),
        ("Zero", "Ana Lei"),
    ]
    assert not plans.withdraw_button.isEnabled()  # the list was read again: nothing chosen
    assert [e.subject for e in desk.audit_log() if e.action is Action.PLAN_WITHDRAWN] == ["bo.chan"]
    window = progress_of(qtbot, store, "bo.chan", "bo password")
    assert rows(window.due) == []  # Bo has nothing due any more


def test_the_audit_trail_says_what_was_set_or_given_in_words(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    """Which plan was withdrawn, which time a standard was set to (or back to the drills'),
    the mastery rule set, the centre's settings by their version: never a stored key."""
    from dealer_trainer.storage.centre import CentreSettings
    from dealer_trainer.ui.instructor.records_check import RecordsCheckPanel

    desk = instructor(store)
    bo = trainee_id(store, "Bo Chan")
    desk.schedules.assign_plan(
        "Zero drill", "roulette", [ZERO], 5, clock.now + timedelta(days=2), [bo]
    )
    [given] = desk.schedules.progress()
    desk.schedules.withdraw_plan(given.assignment_id)
    desk.standards.set_standard(STRAIGHT, Decimal("6.5"))
    desk.standards.set_standard(STRAIGHT, None)
    desk.standards.set_mastery_rule(MasteryRule(20, Fraction(4, 5), Fraction(1, 2)))
    desk.save_centre_settings(CentreSettings("Escola", 3, 7, 24))
    panel = RecordsCheckPanel(desk)
    qtbot.addWidget(panel)
    panel.refresh()
    shown = rows(panel.audit)
    said = {(r[2], r[3], r[4]) for r in shown}
    assert ("assigned a practice plan", "bo.chan", "Zero drill") in said
    assert ("withdrew a practice plan", "bo.chan", "Zero drill") in said
    assert ("set a speed standard", skill_title(STRAIGHT), "6.5 s") in said
    assert ("set a speed standard", skill_title(STRAIGHT), "back to the drills' target") in said
    assert (
        "set the mastery rule",
        "",
        "mastered from 80 % of the last 20 answers, close from 50 %",
    ) in said
    centre = [r for r in shown if r[2] == "changed the centre's settings"]
    assert centre and centre[0][3].startswith("the centre's settings, version ")
    assert not [r for r in shown if ":" in r[3]]  # no "exam:3", "skill:…", "centre_settings:1"
