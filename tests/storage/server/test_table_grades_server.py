"""On a centre's server the live table's figures and the answers' lists are the grader's
(issue 36). The live table: every round
that ended, practice too, is dealt again from its seed and its recorded steps judged again
by the rules core (``grader.grade_round``); the instructor's results and the trainee's own
figures read those judgements (``graded_round_ends``, ``graded_table_attempts``), never the
verdicts the workstation sent, and a round not judged yet is in no figure: the views say
how many wait (``graded.table_grading_wait``)."""

from __future__ import annotations

import dataclasses

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableMode, new_round, steps_in_order
from dealer_trainer.drills.table.round import Attempt, RoundSummary, TableRound
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import AnswerFilter, graded
from dealer_trainer.storage.table_recorder import TableRecorder, attempt_record
from dealer_trainer.storage.table_stats import table_figures
from tests.storage.server.conftest import Centre, practice_answer
from tests.storage.server.test_workstation import _instructor, _open, _trainee
from tests.storage.table_dealers import RULESETS, _wrong_first, expected


class ForgingRecorder(TableRecorder):
    """A workstation that records every step tried as right and every round as settled."""

    def step_tried(self, round_: TableRound, attempt: Attempt) -> None:
        record = attempt_record(attempt)
        forged = dataclasses.replace(record, accepted=True, verdict_code=None, citation=None)
        self.desk.rounds.record_attempt(self.round_id(round_), forged)

    def round_finished(self, round_: TableRound, summary: RoundSummary) -> None:
        super().round_finished(round_, dataclasses.replace(summary, complete=True))


def _play(recorder: TableRecorder, seed: int, *, bad: bool, half: bool = False) -> TableRound:
    """A roulette round: a wrong try before each step that has one (``bad``), only the
    first half of its steps (``half``, then given up)."""
    round_ = new_round(
        default_ruleset("roulette"), seed, Difficulty.BEGINNER, recorder=recorder,
        mode=TableMode.PRACTICE,
    )  # fmt: skip
    plan = steps_in_order(round_.plan)
    for index, planned in enumerate(plan[: len(plan) // 2] if half else plan):
        wrong = _wrong_first(planned, plan[index + 1 :]) if bad else None
        if wrong is not None:
            assert not round_.act(wrong).accepted
        round_.act(planned)
    if half:
        round_.give_up()
    elif not round_.finished:
        round_.close()
    return round_


@pytest.fixture(scope="module")
def people(centre: Centre) -> dict[str, str]:
    ina = centre.add("instructor", "gina", "Gina Instructor")
    return {
        "ina": ina,
        "fox": centre.add("trainee", "tfox", "Fox Forger", by=ina),
        "amy": centre.add("trainee", "tamy", "Amy Waiting", by=ina),
    }


def test_forged_practice_verdicts_are_judged_again_by_the_grader(
    centre: Centre, people: dict[str, str]
) -> None:
    with _open(centre, people["fox"]) as store:
        fox = _trainee(store, centre)
        recorder = ForgingRecorder.start(fox, RULESETS["roulette"], clock=store.now)
        try:
            played = [_play(recorder, seed, bad=True) for seed in range(3)]
            played.append(_play(recorder, 7, bad=False, half=True))
        finally:
            recorder.close()
        centre.wait_rounds_graded(recorder.session_id)
        own = store.read(lambda c: table_figures(c, fox.trainee_id))
    want = expected(played)
    assert want.mistakes and want.settled == 3  # the engine refused steps; one not settled
    with _open(centre, people["ina"]) as store:
        results = _instructor(store, centre).table_results([fox.trainee_id])[fox.trainee_id]
    # The workstation said every step right and every round settled: the grader did not.
    assert {k.kind: (k.right, k.out_of) for k in results.kinds} == want.kinds
    assert {(m.code, m.citation): m.times for m in results.mistakes} == dict(want.mistakes)
    assert results.rounds == 4
    assert sum(p.settled for p in results.paces) == want.settled
    [figure] = own
    assert (figure.rounds, figure.settled) == (4, want.settled)
    tried = sum(1 for r in played for a in r.attempts if a.step is not None)
    right = sum(1 for r in played for a in r.attempts if a.step is not None and a.accepted)
    assert (figure.tried, figure.right) == (tried, right) and right < tried


def test_rounds_waiting_for_the_grader_are_in_no_figure_and_said(
    centre: Centre, people: dict[str, str]
) -> None:
    grader = centre.grader
    assert grader is not None
    grader.stop()
    try:
        with _open(centre, people["amy"]) as store:
            amy = _trainee(store, centre)
            recorder = TableRecorder.start(amy, RULESETS["roulette"], clock=store.now)
            try:
                _play(recorder, 11, bad=False)
                _play(recorder, 12, bad=False)
            finally:
                recorder.close()
            assert store.read(lambda c: table_figures(c, amy.trainee_id)) == []
            mine = store.read(lambda c: graded.table_grading_wait(c, [amy.trainee_id]))
        with _open(centre, people["ina"]) as store:
            ina = _instructor(store, centre)
            assert amy.trainee_id not in ina.table_results()
            wait = ina.table_grading_wait([amy.trainee_id])
    finally:
        grader.start()
    assert mine.rounds == wait.rounds == 2
    words = wait.words()
    assert words is not None and "2 rounds wait for grading" in words.english()
    centre.wait_rounds_graded(recorder.session_id)
    with _open(centre, people["ina"]) as store:
        ina = _instructor(store, centre)
        assert ina.table_results()[amy.trainee_id].rounds == 2
        assert ina.table_grading_wait([amy.trainee_id]).rounds == 0


def test_the_grader_may_write_round_grades_a_trainee_may_not(
    centre: Centre, people: dict[str, str]
) -> None:
    with centre.connect(people["fox"]) as raw:
        allowed = raw.execute("SELECT has_table_privilege('round_grades', 'INSERT')").fetchone()
    assert allowed is not None and allowed[0] is False


def test_the_answers_filter_and_a_trainees_own_list_read_the_graders_verdicts(
    centre: Centre, people: dict[str, str]
) -> None:
    """The instructor's answers list narrowed to right (or wrong) answers narrows on the
    grader's verdict; the trainee's own review list shows it where graded, and "waiting"
    (``pending``) where not yet."""
    with _open(centre, people["amy"]) as store:
        amy = _trainee(store, centre)
        session = amy.start_session("roulette-2003")
        honest = amy.record_answer(session.id, practice_answer(31, right=True))
        # The workstation marks a wrong answer right.
        forged = practice_answer(32, right=False)
        lie = amy.record_answer(session.id, dataclasses.replace(forged, correct=True))
        centre.wait_answers_graded(session.id)
        grader = centre.grader
        assert grader is not None
        grader.stop()
        try:
            later = amy.record_answer(session.id, practice_answer(33, right=True))
            own = {a.id: a for a in amy.answers(session.id, graded_record=True)}
            own_right = {a.id for a in amy.answers(session.id, correct=True, graded_record=True)}
        finally:
            grader.start()
        assert not own[honest.id].pending and own[honest.id].record.correct
        assert not own[lie.id].pending and not own[lie.id].record.correct
        assert own[later.id].pending  # shown as waiting for grading, neither right nor wrong
        assert own_right == {honest.id}
        centre.wait_answers_graded(session.id)
    with _open(centre, people["ina"]) as store:
        ina = _instructor(store, centre)
        right = ina.answers(AnswerFilter(trainee_id=amy.trainee_id, correct=True, limit=None))
        wrong = ina.answers(AnswerFilter(trainee_id=amy.trainee_id, correct=False, limit=None))
    assert {a.id for a in right} == {honest.id, later.id}
    assert [a.id for a in wrong] == [lie.id] and not wrong[0].record.correct
