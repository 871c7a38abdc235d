"""Issue 15, schedules, as an instructor gives a practice plan to a whole intake group: the
group's trainees of today get it (the plan notes the group), one who joins later does not
(the panel says so), and the overdue list and the trainee's "Due" name the group."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from PySide6.QtCore import QDate, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.ui.instructor.schedules import MasteryPanel, PlansPanel
from dealer_trainer.ui.kit.background import Jobs
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.ui.test_progress import PASSWORD, ZERO, instructor, progress_of, rows, trainee_id


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


#: Each trainee's password (given by the instructor; none contains its login).
OWN = {"ana": "first password", "bo": "second password", "cy": "third password"}


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(f"sqlite:///{tmp_path / 'records.db'}"),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    desk = opened.instructor(opened.create_first_instructor("Ina Wong", PASSWORD))
    for name, login in (("Ana Lei", "ana"), ("Bo Chan", "bo"), ("Cy Ho", "cy")):
        desk.add_trainee(name, login=login, password=OWN[login])
    yield opened
    opened.close()


def test_a_plan_given_to_a_whole_group_reaches_its_trainees_of_today_only(
    qtbot: QtBot, store: Store, clock: FakeClock
) -> None:
    desk = instructor(store)
    ana, bo, cy = (trainee_id(store, n) for n in ("Ana Lei", "Bo Chan", "Cy Ho"))
    people = desk.people()
    group = people.create_group("Intake November", date(2026, 11, 2))
    people.set_members(group.id, [ana, bo])
    plans = PlansPanel(desk, MACAU, store.now)
    qtbot.addWidget(plans)
    plans.show()
    plans.set_trainees(desk.all_trainees())
    plans.set_groups(people.groups())
    plans.plan_title.setText("Zero rule for the intake")
    plans.tick(plans.skills, {ZERO})
    plans.items.setValue(5)
    plans.due.setDate(QDate(2026, 12, 2))
    plans.group.setCurrentIndex(plans.group.findData(group.id))
    assert sorted(plans.ticked(plans.trainees)) == [ana, bo]  # its trainees, shown ticked
    assert plans.group_said.isVisible()  # said in the panel as the group is chosen
    assert plans.group_said.text() == (
        "A plan goes to the group's trainees of today: one who joins later does not get it."
    )
    assert "tick them here and give it again" in plans.group.toolTip()
    with qtbot.waitSignal(plans.assigned):
        qtbot.keyClick(plans.plan_title, Qt.Key.Key_Return)  # Enter: the default button
    assert (
        plans.message.text() == "“Zero rule for the intake” given to 2 trainees of Intake November."
    )
    assert [r[:2] for r in rows(plans.plans)] == [
        ["Zero rule for the intake (group Intake November)", "Ana Lei"],
        ["Zero rule for the intake (group Intake November)", "Bo Chan"],
    ]
    [plan] = {p.plan for p in desk.schedules.progress()}
    assert plan.group_id == group.id
    assert plans.group.currentData() is None  # back to no group for the next plan
    assert not plans.group_said.isVisible()

    people.move_trainee(cy, group.id)  # Cy joins the group after the plan was given
    assert {p.trainee_id for p in desk.schedules.progress()} == {ana, bo}
    assert rows(progress_of(qtbot, store, "cy", OWN["cy"]).due) == []

    window = progress_of(qtbot, store, "ana", OWN["ana"])
    assert rows(window.due)[0][0] == "Plan: Zero rule for the intake (group Intake November)"

    clock.advance(days=3)  # past its date: overdue, and the list says it was the group's
    mastery = MasteryPanel(instructor(store), Jobs(), lambda: store.day_of(clock.now), MACAU)
    qtbot.addWidget(mastery)
    with qtbot.waitSignal(mastery.loaded):
        mastery.reload()
    assert sorted((r[0], r[1]) for r in rows(mastery.overdue)) == [
        ("Ana Lei", "Plan: Zero rule for the intake (group Intake November)"),
        ("Bo Chan", "Plan: Zero rule for the intake (group Intake November)"),
    ]


def test_an_empty_or_archived_group_is_refused_in_words(qtbot: QtBot, store: Store) -> None:
    desk = instructor(store)
    people = desk.people()
    empty = people.create_group("Intake December", date(2026, 12, 7))
    plans = PlansPanel(desk, MACAU, store.now)
    qtbot.addWidget(plans)
    plans.show()
    plans.set_trainees(desk.all_trainees())
    plans.set_groups(people.groups())
    plans.plan_title.setText("Zero rule")
    plans.tick(plans.skills, {ZERO})
    plans.due.setDate(QDate(2026, 12, 2))
    plans.group.setCurrentIndex(plans.group.findData(empty.id))
    qtbot.keyClick(plans.plan_title, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "no trainees" in plans.message.text())
    assert plans.message.text() == (
        "The group Intake December has no trainees yet: add them in the Groups tab first."
    )
    assert desk.schedules.progress() == []
    people.set_group_archived(empty.id, True)
    plans.set_groups(people.groups())
    assert plans.group.findData(empty.id) == -1  # an archived group is not offered
