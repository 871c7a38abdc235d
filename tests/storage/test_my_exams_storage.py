"""A trainee's own mock exams, table exams and live-table figures, read on SQLite and on
PostgreSQL: each mock exam's answers and each table exam's rounds say which exam they
belong to, and the trainee's figures per game and level are counted in SQL."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import ExamTag, perfect_steps
from dealer_trainer.drills.table.exam import TableExam
from dealer_trainer.drills.table.round import Ruled
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import SessionKind, Store
from dealer_trainer.storage.recorder import MockExam
from dealer_trainer.storage.records import MOCK_EXAM_KEY
from dealer_trainer.storage.table_recorder import TableRecorder
from tests.storage.conftest import FakeClock, answer
from tests.storage.table_dealers import deal


def _trainee(store: Store) -> int:
    desk = store.instructor(store.create_first_instructor("Ina Lam", "correct horse"))
    return desk.add_trainee("Ana Lei").id


def test_a_mock_exams_session_is_found_by_its_answers(store: Store, clock: FakeClock) -> None:
    chan = store.trainee(_trainee(store))
    practice = chan.start_session("roulette-2003", SessionKind.PRACTICE)
    chan.record_answer(practice.id, dataclasses.replace(answer(1), uid="p-1"))
    mock = chan.start_session("roulette-2003", SessionKind.PRACTICE)
    tag = MockExam(20, Fraction(4, 5))
    for n in (1, 2):
        tagged = answer(n)
        situation = {**tagged.situation, MOCK_EXAM_KEY: tag.to_json()}  # type: ignore[dict-item]
        chan.record_answer(mock.id, dataclasses.replace(tagged, uid=f"m-{n}", situation=situation))
    assert chan.mock_exam_sessions() == {mock.id}
    stored = chan.answers(mock.id)[0].record.situation
    assert isinstance(stored, dict) and MockExam.from_json(stored[MOCK_EXAM_KEY]) == tag


def _sit_table_exam(store: Store, trainee_id: int, rounds: int) -> TableExam:
    chan = store.trainee(trainee_id)
    recorder = TableRecorder.start(chan, "roulette-2003", clock=store.now)
    exam = TableExam(
        default_ruleset("roulette"), Difficulty.BEGINNER, 31, rounds=rounds, recorder=recorder
    )
    try:
        for _ in range(rounds):
            round_ = exam.next_round()
            for step in perfect_steps(round_):
                if isinstance(step, Ruled):
                    round_.rule(step.choice)
                else:
                    round_.act(step)
            round_.close()
    finally:
        recorder.close()
    return exam


def test_a_table_exams_rounds_keep_the_exam_they_were_dealt_for(
    store: Store, clock: FakeClock
) -> None:
    trainee_id = _trainee(store)
    deal(store, trainee_id, "roulette", range(2), Difficulty.BEGINNER, bad=False)  # practice
    exam = _sit_table_exam(store, trainee_id, 2)
    chan = store.trainee(trainee_id)
    [session_id] = chan.rounds.exam_sessions()
    stored = chan.rounds.all(session_id)
    situations = [r.record.situation for r in stored]
    tags = [ExamTag.from_json(s["exam"]) for s in situations if isinstance(s, dict)]
    assert tags == [ExamTag(31, 2, Fraction(4, 5), 1), ExamTag(31, 2, Fraction(4, 5), 2)]
    assert [r.record.seed for r in stored] == [r.seed for r in exam.played]


def test_a_trainees_table_figures_per_game_and_level(store: Store, clock: FakeClock) -> None:
    trainee_id = _trainee(store)
    good = deal(store, trainee_id, "craps", range(3), Difficulty.BEGINNER, bad=False)
    bad = deal(store, trainee_id, "roulette", range(4), Difficulty.INTERMEDIATE, bad=True)
    figures = store.trainee(trainee_id).my_table_figures()
    assert [(f.game, f.difficulty) for f in figures] == [("craps", 1), ("roulette", 2)]
    craps, roulette = figures
    assert craps.rounds == 3 and craps.settled == 3
    assert craps.accuracy in (None, 1)  # a throw that decides nothing has no step to try
    assert craps.ruleset_id == "craps-1985" and craps.pace.settled == 3
    assert sum(r.summary().ms for r in good) == craps.ms
    tried = [a for r in bad for a in r.attempts if a.step is not None or a.ruling is not None]
    assert roulette.rounds == 4 and roulette.tried == len(tried)
    assert roulette.right == sum(a.accepted for a in tried) < roulette.tried
    assert roulette.accuracy == Fraction(roulette.right, roulette.tried)
    other = _trainee_two(store)
    assert store.trainee(other).my_table_figures() == []  # another's rounds are not theirs


def _trainee_two(store: Store) -> int:
    desk = store.instructor(store.verify_instructor("correct horse"))
    return desk.add_trainee("Bo Chan").id
