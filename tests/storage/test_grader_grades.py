"""The centre's grader's verdicts, without a server (``storage/server/grader.py``): an answer
is graded on the item made again from the exam's own seed (never on what a workstation
stored), its time is the server's stamps' (the workstation's only where longer), and a
live-table round is judged again from its recorded steps, never from its end's figures."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta
from fractions import Fraction
from types import SimpleNamespace

import pytest

from dealer_trainer.drills.grading import grade
from dealer_trainer.drills.model import Answer, Difficulty
from dealer_trainer.drills.sessions import Outcome
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.drills.table import TableMode, new_round, perfect_steps
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import (
    SHIPPED,
    RulesetRegistry,
    get_ruleset,
    house_version,
    official_rulesets,
    parse_house_ruleset,
)
from dealer_trainer.storage.recorder import answer_record
from dealer_trainer.storage.records import Exam
from dealer_trainer.storage.server.grader import (
    Flag,
    Sitting,
    grade_exam_answers,
    grade_practice_answer,
    judge_round,
    sitting_score,
)
from dealer_trainer.storage.table_recorder import attempt_record

SKILL = "roulette.straight_up"
START = datetime(2026, 12, 8, 1, 0, tzinfo=UTC)
PAPER = Exam(
    id=1, title="Straight-ups", ruleset_id="roulette-2003", skills=(SKILL,), item_count=3,
    seed=21, difficulty=1, pass_mark=Fraction(2, 3), time_limit=None, created_by=1,
    created_at=START,
)  # fmt: skip


def _stored(
    k: int,
    *,
    right: bool = True,
    client_ms: int = 3000,
    at_s: float = 5.0,
    paper: Exam = PAPER,
    rulesets: RulesetRegistry = SHIPPED,
) -> object:
    """The answer to the paper's ``k``-th item as a workstation stores it, recorded by the
    server ``at_s`` seconds after the sitting began."""
    item = exam_spec(paper).items()[k].make(rulesets)
    given = Answer(amount=item.expected.amount) if right else Answer(timed_out=True)
    record = answer_record(Outcome(item, given, grade(item, given, rulesets), client_ms), START)
    return SimpleNamespace(
        id=100 + k, skill=record.skill, item_seed=record.item_seed,
        situation=record.situation, given=record.given, time_taken_ms=client_ms,
        recorded_at=START + timedelta(seconds=at_s), ruleset_id=record.ruleset_id,
        correct=record.correct,
    )  # fmt: skip


def test_exam_answers_are_graded_on_the_exams_own_items_in_their_places() -> None:
    items = exam_spec(PAPER).items()
    honest = [_stored(0, at_s=4), _stored(1, right=False, at_s=9), _stored(2, at_s=30)]
    graded = grade_exam_answers(items, honest, START, None)
    assert [(g.correct, g.item_index, g.counts, g.flag) for g in graded] == [
        (True, 0, True, None),
        (False, 1, True, None),
        (True, 2, True, None),
    ]
    assert all(g.situation_matches for g in graded)
    assert [g.server_ms for g in graded] == [4000, 5000, 21000]
    # The time that counts: the server's, or the workstation's where that is longer.
    assert [g.counted_ms for g in graded] == [4000, 5000, 21000]
    # The same answers one place on: none is the item at its place.
    shifted = grade_exam_answers(items, [_stored(1), _stored(2)], START, None)
    assert [(g.correct, g.flag, g.counts) for g in shifted] == [
        (False, Flag.NOT_AN_ITEM, False),
        (False, Flag.NOT_AN_ITEM, False),
    ]


def test_a_doctored_situation_is_flagged_and_graded_on_the_real_item() -> None:
    forged = _stored(0)
    item = exam_spec(PAPER).items()[0].make()
    forged.situation = {**forged.situation, "situation": {"number": 0}}  # type: ignore[attr-defined]
    forged.given = {"amount": f"{item.expected.amount:.2f}"}  # type: ignore[attr-defined]
    [graded] = grade_exam_answers(exam_spec(PAPER).items(), [forged], START, None)
    assert graded.correct and not graded.situation_matches
    forged.given = {}  # type: ignore[attr-defined]
    [empty] = grade_exam_answers(exam_spec(PAPER).items(), [forged], START, None)
    assert (empty.correct, empty.flag, empty.counts) == (False, Flag.UNREADABLE, True)


def test_an_answer_recorded_after_the_limit_does_not_count() -> None:
    deadline = START + timedelta(seconds=10)
    graded = grade_exam_answers(
        exam_spec(PAPER).items(), [_stored(0, at_s=5), _stored(1, at_s=11)], START, deadline
    )
    assert [(g.correct, g.counts, g.flag) for g in graded] == [
        (True, True, None),
        (True, False, Flag.LATE),
    ]


def test_a_quick_claim_is_timed_by_the_servers_clock() -> None:
    targets = {SKILL: 10_000}
    exam_row = SimpleNamespace(
        id=1, item_count=3, pass_mark_numerator=2, pass_mark_denominator=3,
        speed_mark_numerator=2, speed_mark_denominator=3, speed_targets=targets,
        table_rounds=0, table_pace=None, time_limit_s=None,
    )  # fmt: skip
    session = SimpleNamespace(id=7, started_at=START, ended_at=START + timedelta(minutes=2))
    slow = [_stored(k, client_ms=1, at_s=40 * (k + 1)) for k in range(3)]  # claims 1 ms each
    score = sitting_score(
        Sitting(session, None, exam_row),
        grade_exam_answers(exam_spec(PAPER).items(), slow, START, None),
        [],
    )
    assert (score.correct, score.in_time, score.passed) == (3, 0, False)
    assert score.time_taken_ms == 120_000


def test_a_practice_answer_is_graded_on_the_item_its_spec_makes() -> None:
    honest = _stored(0)
    assert grade_practice_answer(honest).correct
    forged = _stored(0, right=False)
    forged.situation = {}  # type: ignore[attr-defined]  # no level: no item to make
    forged.correct = True  # type: ignore[attr-defined]
    graded = grade_practice_answer(forged)
    assert (graded.correct, graded.flag) == (False, Flag.NO_ITEM)


def test_a_round_is_judged_again_from_its_steps_not_its_end() -> None:
    ruleset = get_ruleset("roulette-2003")
    dealt = new_round(ruleset, 5, Difficulty.BEGINNER, mode=TableMode.EXAM)
    for step in perfect_steps(dealt):
        dealt.act(step)
    if not dealt.finished:
        dealt.close()
    stored = {
        "request": dealt.situation.request,
        "seats": [],
        "spots": dict(dealt.situation.spots),
        "mode": "exam",
    }
    steps = [attempt_record(a) for a in dealt.attempts]
    perfect = judge_round(ruleset, 5, Difficulty.BEGINNER, stored, steps, 60_000, 1_000)
    assert perfect.clean and perfect.right == perfect.judged > 0 and perfect.situation_matches
    assert perfect.ms == 60_000
    nothing = judge_round(ruleset, 5, Difficulty.BEGINNER, {}, [], 1, 1)
    assert (nothing.right, nothing.clean, nothing.situation_matches) == (0, False, False)
    assert nothing.judged > 0


def test_answers_under_a_house_ruleset_are_graded_with_the_rulesets_the_grader_holds() -> None:
    """The grader is handed the centre's house rulesets (every kept version), as the
    workstations are; a grader that was not cannot make the items."""
    text = 'id = "centre-roulette"\nbase = "roulette-2003"\ntitle = "Centre roulette"\n'
    house = house_version(parse_house_ruleset(text, "centre.toml", official_rulesets()), 1)
    rulesets = RulesetRegistry([house])
    paper = dataclasses.replace(PAPER, ruleset_id="centre-roulette@1")
    items = exam_spec(paper).items()
    answers = [_stored(k, paper=paper, rulesets=rulesets, at_s=5 * (k + 1)) for k in range(3)]
    graded = grade_exam_answers(items, answers, START, None, rulesets)
    assert [(g.correct, g.flag) for g in graded] == [(True, None)] * 3
    assert grade_practice_answer(answers[0], rulesets=rulesets).correct
    assert grade_practice_answer(answers[0]).flag is Flag.NO_ITEM  # no house rulesets given
    with pytest.raises(RulesError):
        grade_exam_answers(items, answers, START, None)
