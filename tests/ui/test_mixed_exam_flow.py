"""Issue 15: an exam that mixes drill items and live-table rounds, as an instructor builds it
and a trainee sits it (pytest-qt, offscreen): the builder says how items and rounds weigh,
the trainee answers the items, deals the rounds at the live table in exam mode (a scripted
perfect dealer), and the end screen shows both parts against the marks; passing certifies,
rounds dealt slower than the house's pace fail the speed mark only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.storage import Store
from dealer_trainer.ui.drills.leave_exam import Leave
from dealer_trainer.ui.exams.panel import ExamBuilder
from dealer_trainer.ui.exams.review import ExamReview, exam_sittings, trainee_sittings
from dealer_trainer.ui.exams.sitting import ExamEnd, MixedSitting
from dealer_trainer.ui.table.screen import TableScreen
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from tests.migrated import Templates
from tests.signing import add_trainee_own
from tests.storage.conftest import FAST_PASSWORDS
from tests.ui.drills.conftest import HandClock, right_answer
from tests.ui.table.test_table_irregular import _play_perfectly

PASSWORD = "a long password"
SKILL = "roulette.straight_up"


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'centre.db'}"), passwords=FAST_PASSWORDS)
    session = opened.create_first_instructor("Instructor Wong", PASSWORD)
    add_trainee_own(opened, opened.instructor(session), "Chan Tai Man", PASSWORD, login="chan")
    yield opened
    opened.close()


def _build(qtbot: QtBot, store: Store) -> int:
    """The instructor's builder: 2 items of straight-up payouts, then 2 spins at the table."""
    desk = store.instructor(store.verify_instructor(PASSWORD))
    builder = ExamBuilder(desk)
    qtbot.addWidget(builder)
    builder.show()
    builder.ruleset.setCurrentIndex(builder.ruleset.findData("roulette-2003"))
    builder.exam_title.setText("Roulette: payouts and the table")
    builder.set_skills({SKILL})
    builder.difficulty.setCurrentIndex(0)
    builder.item_count.setValue(2)
    builder.table_part.rounds.setValue(2)
    builder.table_part.level.setCurrentIndex(0)  # beginner: 25 spins an hour
    builder.pass_mark.setValue(80)
    builder.seed.setValue(7)  # the same items and spins every run
    builder.speed_mark.setValue(80)
    # The preview in the order the trainee gets it: the items, the rounds, then the weighing.
    lines = [builder.preview.item(i).text() for i in range(builder.preview.count())]
    assert [line[:3] for line in lines[:2]] == ["1. ", "2. "]
    assert lines[2].startswith("Then 2 rounds of Roulette at the live table")
    assert "25 spins an hour: 2:24 a round" in lines[3]
    assert "an item weighs as one step" in lines[3]
    assert len(lines) == 4
    with qtbot.waitSignal(builder.created) as made:
        qtbot.mouseClick(builder.create_button, Qt.MouseButton.LeftButton)
    exam_id = made.args[0]
    [paper] = desk.exams()
    assert (paper.id, paper.item_count, paper.table_rounds, paper.table_pace) == (
        exam_id,
        2,
        2,
        25,
    )
    desk.assign_exam(exam_id, [store.trainees()[0].id])
    return int(exam_id)


def _sit(qtbot: QtBot, store: Store, *, round_ms: int | None) -> tuple[ExamEnd, MixedSitting]:
    """The trainee sits the exam: the items right, then the rounds dealt perfectly (each
    taking ``round_ms`` on the table's clock, if given); Enter after each round."""
    person = store.sign_in("chan", PASSWORD)
    launcher = DrillLauncher(lambda: person, store=lambda: store)
    qtbot.addWidget(launcher)
    launcher.refresh_exams()
    launcher.exams.setCurrentIndex(0)
    clock = HandClock()
    if round_ms is not None:
        MixedSitting.table_clock = clock  # type: ignore[assignment]
    try:
        screen = launcher.start("exam")
        assert screen is not None, launcher.status.text()
        sitting = launcher.mixed
        assert sitting is not None
        with qtbot.waitSignal(sitting.tableOpened, timeout=10_000):
            for _ in range(2):
                item = screen.controller.item
                assert item is not None and item.skill == SKILL
                with qtbot.waitSignal(screen.controller.answerRecorded):
                    screen.submit(right_answer(item))
        table = sitting.table
        assert isinstance(table, TableScreen) and table.exam is not None
        assert not table.exam_button.isVisible()  # no practice in the middle of an exam
        with qtbot.waitSignal(sitting.ended, timeout=20_000):
            for number in range(2):
                assert f"{number + 1}" in table.round_label.text()
                clock.advance(round_ms or 0)  # the dealer's time over the round's steps
                _play_perfectly(qtbot, table, by_mouse=False)
                assert not table.message.text().count("✗")  # no verdict while dealing
                qtbot.keyClick(table, Qt.Key.Key_Return)  # the next round, or the end
    finally:
        MixedSitting.table_clock = MixedSitting.__dict__["table_clock"]
    end = sitting.end_screen
    assert isinstance(end, ExamEnd)
    qtbot.waitExposed(end)
    return end, sitting


@pytest.fixture(autouse=True)
def _table_clock_back() -> Iterator[None]:
    original = MixedSitting.__dict__["table_clock"]
    yield
    MixedSitting.table_clock = original


def test_mixed_exam_built_sat_at_the_table_passed_and_certified(qtbot: QtBot, store: Store) -> None:
    exam_id = _build(qtbot, store)
    end, _sitting = _sit(qtbot, store, round_ms=None)
    assert end.headline.text() == "Passed: Roulette: payouts and the table"
    text = end.parts.text()
    assert "Items: 2 of 2 right, 2 right within the target time." in text
    assert "Live table (Roulette): 2 of 2 rounds dealt" in text
    assert "Accuracy 100 % (pass mark 80 %)" in text and "Speed 100 % (speed mark 80 %)" in text
    assert end.close_button.isDefault()
    desk = store.instructor(store.verify_instructor(PASSWORD))
    [cert] = desk.certifications()
    assert (cert.exam_id, cert.game, cert.correct, cert.rounds, cert.rounds_in_pace) == (
        exam_id,
        "roulette",
        2,
        2,
        2,
    )
    assert cert.steps_right == cert.steps_judged > 0
    [session] = [s for s in store.trainee(cert.trainee_id).sessions() if s.id == cert.session_id]
    rounds = store.trainee(cert.trainee_id).rounds.all(session.id)
    assert len(rounds) == 2 and all(r.end is not None for r in rounds)  # the same session
    with qtbot.waitSignal(end.finished):
        qtbot.keyClick(end, Qt.Key.Key_Return)  # Enter closes the end screen


def test_mixed_exam_dealt_slower_than_the_pace_fails_the_speed_mark_only(
    qtbot: QtBot, store: Store
) -> None:
    _build(qtbot, store)
    end, _sitting = _sit(qtbot, store, round_ms=150_000)  # over 2:24 a spin
    assert end.headline.text().startswith("Not passed")
    text = end.parts.text()
    assert "Accuracy 100 % (pass mark 80 %)" in text
    assert "Speed 50 % (speed mark 80 %)" in text  # the 2 items in time, neither round
    assert "0 rounds without a mistake within the pace" in text
    desk = store.instructor(store.verify_instructor(PASSWORD))
    assert desk.certifications() == []


def test_mixed_exam_closed_mid_table_resumes_at_the_next_round(qtbot: QtBot, store: Store) -> None:
    _build(qtbot, store)
    person = store.sign_in("chan", PASSWORD)
    launcher = DrillLauncher(lambda: person, store=lambda: store)
    qtbot.addWidget(launcher)
    launcher.refresh_exams()
    screen = launcher.start("exam")
    assert screen is not None and launcher.mixed is not None
    with qtbot.waitSignal(launcher.mixed.tableOpened, timeout=10_000):
        for _ in range(2):
            item = screen.controller.item
            assert item is not None
            with qtbot.waitSignal(screen.controller.answerRecorded):
                screen.submit(right_answer(item))
    table = launcher.mixed.table
    assert table is not None
    _play_perfectly(qtbot, table, by_mouse=False)
    qtbot.keyClick(table, Qt.Key.Key_Return)  # round 2 dealt
    first = launcher.mixed
    table.close()  # left: round 2 given up, the sitting still open
    trainee = store.trainee(store.trainees()[0].id)
    assert [s.ended_at for s in trainee.sessions()] == [None]
    assert first.end_screen is None
    launcher.refresh_exams()
    launcher.exams.setCurrentIndex(0)
    assert launcher.exams.itemText(0) == (
        "Assigned: Roulette: payouts and the table (resume at the live table)"
    )
    assert launcher.start("exam") is None  # the items are answered: straight to the table
    assert launcher.mixed is not None and launcher.mixed is not first
    with qtbot.waitSignal(launcher.mixed.ended, timeout=10_000):
        pass  # both rounds ended (the second given up): the sitting ends and is scored
    end = launcher.mixed.end_screen
    assert end is not None and end.headline.text().startswith("Not passed")
    # The reviews, the trainee's and the instructor's: the items on the felt, then each
    # round's replay with its mistakes (the round given up: its steps missed).
    desk = store.instructor(store.verify_instructor(PASSWORD))
    [paper] = desk.exams()
    for review in (
        ExamReview("Chan Tai Man", trainee_sittings(trainee)),
        ExamReview(paper.title, exam_sittings(desk, paper), group=True),
    ):
        qtbot.addWidget(review)
        review.show()
        qtbot.waitExposed(review)
        rows = [review.items.item(i).text() for i in range(review.items.count())]
        assert rows[2] == "Round 1 · ✓ every step right" and rows[3].startswith("Round 2 · ✗ ")
        assert review.items.currentRow() == 3  # the first round with a mistake
        assert review.shown.currentWidget() is review.replay_view
        missed = review.replay_view.steps.item(review.replay_view.steps.count() - 1).text()
        assert missed.startswith("✗ Missed:") and "Art." in missed
        assert "Live table: 2 rounds" in review.summary.text()
        with qtbot.waitSignal(review.replay_view.frameShown, timeout=2000):
            review.items.setCurrentRow(0)
            review.items.setCurrentRow(2)  # round 1's replay, from the table as dealt
        review.items.setCurrentRow(0)
        assert review.shown.currentWidget() is review.detail  # an item, on the felt
        assert review.detail.scene is not None
    if shiboken6.isValid(screen):
        screen.ask_leave_exam = lambda *args: Leave.RESUME_LATER  # type: ignore[method-assign]


def test_exam_of_rounds_only_goes_to_the_table_and_ends_when_its_time_is_up(
    qtbot: QtBot, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    desk = store.instructor(store.verify_instructor(PASSWORD))
    builder = ExamBuilder(desk)
    qtbot.addWidget(builder)
    builder.ruleset.setCurrentIndex(builder.ruleset.findData("roulette-2003"))
    builder.exam_title.setText("Roulette at the table")
    builder.table_part.rounds.setValue(3)
    builder.item_count.setValue(0)  # "none (rounds only)": offered once there are rounds
    assert builder.item_count.value() == 0 and builder.item_count.text() == "none (rounds only)"
    lines = [builder.preview.item(i).text() for i in range(builder.preview.count())]
    assert lines[:2] == ["No drill items.", lines[1]] and lines[1].startswith("Then 3 rounds")
    assert "Speed:" in lines[2] and len(lines) == 3
    builder.time_limit.setValue(1)
    with qtbot.waitSignal(builder.created):
        qtbot.mouseClick(builder.create_button, Qt.MouseButton.LeftButton)
    [paper] = desk.exams()
    assert (paper.item_count, paper.skills, paper.table_rounds) == (0, (), 3)
    desk.assign_exam(paper.id, [store.trainees()[0].id])
    person = store.sign_in("chan", PASSWORD)
    launcher = DrillLauncher(lambda: person, store=lambda: store)
    qtbot.addWidget(launcher)
    launcher.refresh_exams()
    # The minute of the exam runs out while the first spin is dealt (a minute is shortened).
    monkeypatch.setattr(MixedSitting, "_limit_ms", lambda self: 200)
    assert launcher.start("exam") is None  # no items: straight to the table
    sitting = launcher.mixed
    assert sitting is not None and isinstance(sitting.table, TableScreen)
    with qtbot.waitSignal(sitting.ended, timeout=10_000):
        pass
    end = sitting.end_screen
    assert end is not None and end.headline.text() == "Not passed: Roulette at the table"
    text = end.parts.text()
    assert "Items:" not in text and "1 of 3 rounds dealt" in text
    assert "Not every round was dealt to its end: the sitting cannot pass." in text
    [session] = store.trainee(person.id).sessions()
    assert session.ended_at is not None  # handed in by the clock
