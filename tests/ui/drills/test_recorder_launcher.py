"""Storage side of the drills: records, FSRS states, session kinds, review, mistakes, launcher."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from fractions import Fraction

from fsrs import Card, Rating, Scheduler
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Difficulty, ItemSpec, Mode, Outcome, grade
from dealer_trainer.drills.specs import decode_card
from dealer_trainer.storage import SessionKind, Store, TraineeDesk
from dealer_trainer.storage.recorder import (
    SessionRecorder,
    answer_record,
    mistake_specs,
    review_specs,
    session_kind,
)
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from tests.ui.drills.conftest import right_answer, trainee, wrong_answer

WHEN = datetime(2026, 11, 30, 9, 30, tzinfo=UTC)


def _outcome(skill_id: str, seed: int, right: bool, elapsed_ms: int = 4000) -> Outcome:
    item = ItemSpec(skill_id, seed, Difficulty.INTERMEDIATE).make()
    answer = right_answer(item) if right else wrong_answer(item)
    return Outcome(item, answer, grade(item, answer), elapsed_ms)


def test_timed_runs_are_timed_sessions_and_mock_exams_practice_in_storage() -> None:
    assert session_kind(Mode.PRACTICE) is SessionKind.PRACTICE
    assert session_kind(Mode.TIMED) is SessionKind.TIMED
    assert session_kind(Mode.REVIEW) is SessionKind.REVIEW
    assert session_kind(Mode.EXAM) is SessionKind.PRACTICE
    assert session_kind(Mode.EXAM, assigned_exam=True) is SessionKind.EXAM


def test_fsrs_card_survives_storage_exactly(desk: TraineeDesk) -> None:
    card, _ = Scheduler(enable_fuzzing=False).review_card(Card(), Rating.Good, WHEN)
    state = card.to_dict()
    desk.save_review_state("roulette.zero_rule", state, card.due)
    (stored,) = desk.review_states()
    assert decode_card(stored.state) == state  # type: ignore[arg-type]
    as_text = {**state, "stability": repr(state["stability"])}  # older rows kept text
    assert decode_card(as_text) == state


def test_record_keeps_the_item_the_answer_and_the_time(desk: TraineeDesk) -> None:
    recorder = SessionRecorder.start(desk, "craps-1985", Mode.TIMED, clock=lambda: WHEN)
    outcome = _outcome("craps.hard_ways", 9, right=False, elapsed_ms=6250)
    recorder(outcome, Mode.TIMED)
    recorder(outcome, Mode.TIMED)  # a second answer, not a retry: a new uid
    first, second = desk.answers()
    record = first.record
    assert record.uid != second.record.uid
    assert record.time_taken_ms == 6250
    assert record.presented_at == WHEN - timedelta(milliseconds=6250)
    assert record.answered_at == WHEN
    assert isinstance(record.expected, dict) and isinstance(record.situation, dict)
    assert record.expected["amount"] == f"{outcome.item.expected.amount:.2f}"
    assert record.situation["difficulty"] == 2
    (state,) = desk.review_states()
    assert state.skill == "craps.hard_ways" and state.due_at is not None


def test_a_retried_write_after_a_lost_reply_stores_one_answer(desk: TraineeDesk) -> None:
    recorder = SessionRecorder.start(desk, "roulette-2003", Mode.PRACTICE, clock=lambda: WHEN)
    outcome = _outcome("roulette.straight_up", 1, right=True)
    uid = recorder.uid()
    lost = dataclasses.replace(answer_record(outcome, WHEN), uid=uid)
    desk.record_answer(recorder.session_id, lost)  # stored, but the reply was lost
    recorder(outcome, Mode.PRACTICE)  # the retry
    assert [a.record.uid for a in desk.answers()] == [uid]


def test_my_mistakes_are_the_wrong_items_newest_first_each_once(desk: TraineeDesk) -> None:
    recorder = SessionRecorder.start(desk, "roulette-2003", Mode.PRACTICE, clock=lambda: WHEN)
    for skill_id, seed, right in [
        ("roulette.straight_up", 1, False),
        ("roulette.zero_rule", 2, True),
        ("roulette.picture_bets", 3, False),
        ("roulette.straight_up", 1, False),
    ]:
        recorder(_outcome(skill_id, seed, right), Mode.PRACTICE)
    specs = mistake_specs(desk)
    assert specs == [
        ItemSpec("roulette.straight_up", 1, Difficulty.INTERMEDIATE, "roulette-2003"),
        ItemSpec("roulette.picture_bets", 3, Difficulty.INTERMEDIATE, "roulette-2003"),
    ]


def test_review_brings_back_the_skill_answered_wrongly(desk: TraineeDesk) -> None:
    recorder = SessionRecorder.start(desk, "roulette-2003", Mode.PRACTICE, clock=lambda: WHEN)
    recorder(_outcome("roulette.zero_rule", 4, right=False), Mode.PRACTICE)
    recorder(_outcome("roulette.straight_up", 5, right=True, elapsed_ms=1000), Mode.PRACTICE)
    due = review_specs(desk, Difficulty.BEGINNER, seed=1, size=6, now=WHEN + timedelta(hours=1))
    assert {s.skill for s in due} == {"roulette.zero_rule"}
    assert len(due) == 6


def test_launcher_practice_for_a_registered_trainee_is_recorded(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    launcher.set_game("craps")
    for row in range(launcher.skills.count()):
        item = launcher.skills.item(row)
        keep = item.data(Qt.ItemDataRole.UserRole) == "craps.field"
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)
    started: list[object] = []
    launcher.sessionStarted.connect(started.append)
    screen = launcher.start("timed")
    assert screen is not None and started == [screen]
    qtbot.addWidget(screen)
    shown = screen.controller.item
    assert shown is not None and shown.skill == "craps.field"
    assert screen.session.mode is Mode.TIMED and screen.clock.isVisible()
    with qtbot.waitSignal(screen.controller.feedbackReady):
        screen.submit(right_answer(shown))
    assert len(desk.answers()) == 1
    with qtbot.waitSignal(screen.controller.finished):
        assert screen.end_session()
    assert desk.sessions()[0].ended_at is not None


def test_launcher_unknown_name_may_practise_unrecorded_but_not_sit_an_exam(
    qtbot: QtBot, store: Store
) -> None:
    launcher = DrillLauncher(lambda: None, store=store)  # nobody signed in
    qtbot.addWidget(launcher)
    assert launcher.start("exam") is None
    assert "Sign in first" in launcher.status.text()
    screen = launcher.start("practice")
    assert screen is not None
    qtbot.addWidget(screen)
    assert "not recorded" in screen.mode_label.text()


def test_launcher_sits_an_assigned_exam_as_an_exam_session(
    qtbot: QtBot, store: Store, desk: TraineeDesk
) -> None:
    instructor = store.instructor(store.verify_instructor("a long password"))
    paper = instructor.create_exam(
        "Roulette payouts", "roulette-2003", ["roulette.straight_up"], 2, 77, Fraction(1, 2), 3
    )
    instructor.assign_exam(paper.id, [desk.trainee_id])
    launcher = DrillLauncher(trainee(store), store=store)
    qtbot.addWidget(launcher)
    assert launcher.exams.count() == 2 and launcher.exams.currentData() is not None
    screen = launcher.start("exam")
    assert screen is not None
    qtbot.addWidget(screen)
    assert screen.controller.exam is not None
    assert screen.controller.exam.pass_mark == Fraction(1, 2)
    assert screen.controller.item is not None
    assert screen.controller.item.difficulty is Difficulty.ADVANCED
    for _ in range(2):
        item = screen.controller.item
        assert item is not None
        screen.submit(right_answer(item))
    assert screen.pages.currentWidget() is screen.summary
    assert screen.summary.verdict.text().startswith("PASSED")
    (session,) = desk.sessions()
    assert session.kind is SessionKind.EXAM and session.ended_at is not None
    assert desk.open_exams() == []


def test_main_window_drills_menu_opens_the_launcher_for_the_chosen_trainee(
    qtbot: QtBot, store: Store
) -> None:
    from dealer_trainer.ui.window.main_window import MainWindow

    window = MainWindow()
    qtbot.addWidget(window)
    window.panel.set_person(trainee(store)())
    dock = window.drills
    titles = [a.text() for a in dock.menu.actions() if a.text()]
    assert titles == [
        "Choose a &drill…", "&Practise", "&Timed", "&Exam", "&Review", "My &mistakes", "Ta&ble",
        "Review my e&xams…", "M&y progress…",
    ]  # fmt: skip
    from dealer_trainer.ui.trainee.launcher import DrillLauncher

    dock.launcher = DrillLauncher(
        window.panel.signed_in,
        game=window.panel.current_game,
        ruleset=window.panel.current_ruleset,
        store=store,
    )
    dock.setWidget(dock.launcher)
    window.panel.select_game("caribbean_stud")
    launcher = dock.open()
    assert dock.isVisibleTo(window) and launcher.current_game() == "caribbean_stud"
    assert launcher.desk() is not None
    window.panel.set_person(None)  # signed out: their records are out of reach
    assert launcher.desk() is None
