"""Exams that mix drill items and live-table rounds (migration 0012), SQLite and PostgreSQL
as the owner (a trainee's own login on the server: tests/storage/server/): one sitting,
the items then the rounds in the same session; accuracy over the items and the rounds'
judged steps, speed over the items in time and the rounds clean within the pace; the
certification written from both parts when the sitting ends, or not at all."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta
from fractions import Fraction

import pytest

from dealer_trainer.drills.table.exam import score_round
from dealer_trainer.storage import InstructorDesk, SessionKind, Store
from dealer_trainer.storage.certification import SittingScore
from dealer_trainer.storage.records import Exam
from tests.migrated import Templates

from .conftest import FAST_PASSWORDS, MACAU, START, FakeClock, answer
from .exam_table_dealer import deal_exam_rounds

SKILL = "roulette.straight_up"
PACE = 25  # roulette-2003's table_pace_beginner: 144 s a spin
QUICK, SLOW = 60_000, 150_000


@pytest.fixture
def store(db_url: str, clock: FakeClock, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(
        migrated(db_url),
        clock=clock,
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
        instructor_idle=timedelta(days=400),
    )
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))


def _exam(
    desk: InstructorDesk,
    *,
    items: int = 2,
    rounds: int = 2,
    speed: Fraction | None = None,
    seed: int = 7,
) -> Exam:
    return desk.create_exam(
        "Roulette: payouts and the table",
        "roulette-2003",
        [SKILL] if items else [],
        items,
        seed,
        Fraction(3, 4),
        speed_mark=speed,
        speed_targets_ms={SKILL: 10_000} if items else None,
        table_rounds=rounds,
        table_difficulty=1,
        table_pace=PACE,
        table_game="roulette",
    )


def _sit(
    store: Store,
    desk: InstructorDesk,
    paper: Exam,
    items: list[tuple[bool, int]],
    *,
    round_ms: int,
    rounds: int | None = None,
    wrong_first_pay: bool = False,
) -> tuple[SittingScore, list[int]]:
    """One sitting: the items answered, then the rounds dealt; its score as stored and
    the engine's own score of each round (right, judged)."""
    chan = desk.add_trainee(f"Chan {paper.id}")
    [assignment] = desk.assign_exam(paper.id, [chan.id])
    trainee = store.trainee(chan.id)
    handed = trainee.exam_paper(assignment.id)
    assert (handed.table_rounds, handed.table_pace, handed.table_game) == (
        paper.table_rounds,
        PACE,
        "roulette",
    )
    session = trainee.start_session(
        handed.ruleset_id, SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    for n, (correct, ms) in enumerate(items):
        trainee.record_answer(
            session.id, answer(n, skill=SKILL, correct=correct, time_taken_ms=ms, answered_at=START)
        )
    exam = deal_exam_rounds(
        trainee,
        session.id,
        handed,
        round_ms=round_ms,
        rounds=rounds,
        wrong_first_pay=wrong_first_pay,
    )
    trainee.end_session(session.id)
    [(_, _, score)] = desk.sittings(trainee_id=chan.id)
    engine = [score_round(r) for r in exam.played]
    return score, [sum(s.total.right for s in engine), sum(s.total.out_of for s in engine)]


def test_mixed_exam_passes_on_both_marks_and_is_certified_with_both_parts(
    store: Store, desk: InstructorDesk
) -> None:
    paper = _exam(desk, speed=Fraction(3, 4))
    score, (right, judged) = _sit(store, desk, paper, [(True, 3000)] * 2, round_ms=QUICK)
    assert right == judged > 0  # the perfect dealer: every judged step right
    assert (score.correct, score.steps_right, score.steps_judged) == (2, right, judged)
    assert (score.rounds, score.rounds_ended, score.rounds_in_pace) == (2, 2, 2)
    assert score.score == 1 and score.speed == 1 and score.passed
    [cert] = desk.certifications()
    assert (cert.game, cert.correct, cert.item_count, cert.in_time) == ("roulette", 2, 2, 2)
    assert (cert.steps_right, cert.steps_judged, cert.rounds, cert.rounds_in_pace) == (
        right,
        judged,
        2,
        2,
    )
    assert cert.table_ms == 2 * QUICK and cert.score == 1 and cert.speed == 1


def test_mixed_exam_fails_the_speed_mark_only_when_the_rounds_are_dealt_slower_than_the_pace(
    store: Store, desk: InstructorDesk
) -> None:
    paper = _exam(desk, speed=Fraction(3, 4))
    score, (_right, _judged) = _sit(store, desk, paper, [(True, 3000)] * 2, round_ms=SLOW)
    assert score.score == 1  # accuracy: every item and step right
    assert score.rounds_in_pace == 0 and score.speed == Fraction(2, 4)  # 150 s > 144 s
    assert not score.passed
    assert desk.certifications() == []


def test_mixed_exam_accuracy_counts_an_item_as_one_step_and_a_round_as_its_judged_steps(
    store: Store, desk: InstructorDesk
) -> None:
    paper = _exam(desk, items=4, seed=8)  # the second spin (seed 9) has a winner to pay
    score, (right, judged) = _sit(
        store,
        desk,
        paper,
        [(True, 3000), (False, 3000), (True, 3000), (True, 3000)],
        round_ms=QUICK,
        wrong_first_pay=True,
    )
    assert right == judged - 1  # the engine's own score: one wrong pay
    assert (score.steps_right, score.steps_judged) == (right, judged)
    assert score.score == Fraction(3 + right, 4 + judged)
    assert score.table_score == Fraction(right, judged)
    assert score.item_score == Fraction(3, 4)
    assert score.rounds_in_pace == 1  # the round with the wrong pay is not a clean one


def test_mixed_exam_with_a_round_not_dealt_does_not_pass(
    store: Store, desk: InstructorDesk
) -> None:
    paper = _exam(desk, rounds=3)
    score, _ = _sit(store, desk, paper, [(True, 3000)] * 2, round_ms=QUICK, rounds=2)
    assert score.score == 1 and (score.rounds_ended, score.rounds) == (2, 3)
    assert not score.all_rounds_dealt and not score.passed
    assert desk.certifications() == []


def test_exam_of_table_rounds_only_certifies_its_game(store: Store, desk: InstructorDesk) -> None:
    paper = _exam(desk, items=0, rounds=2, speed=Fraction(1, 1))
    assert (paper.item_count, paper.skills) == (0, ())
    score, (_right, judged) = _sit(store, desk, paper, [], round_ms=QUICK)
    assert score.passed and score.score == 1 and score.speed == 1 and score.item_score is None
    [cert] = desk.certifications()
    assert (cert.game, cert.item_count, cert.steps_judged, cert.rounds) == (
        "roulette",
        0,
        judged,
        2,
    )


def test_exam_with_table_rounds_refuses_a_bad_part_in_words(desk: InstructorDesk) -> None:
    def build(
        rounds: int,
        pace: int | None = PACE,
        game: str = "roulette",
        skills: tuple[str, ...] = (SKILL,),
        items: int = 2,
    ) -> Exam:
        return desk.create_exam(
            "x",
            "roulette-2003",
            skills,
            items,
            1,
            Fraction(1, 2),
            table_rounds=rounds,
            table_difficulty=1,
            table_pace=pace,
            table_game=game,
        )

    with pytest.raises(ValueError, match="between 0 and 50 live-table rounds"):
        build(51)
    with pytest.raises(ValueError, match="pace target"):
        build(2, pace=None)
    with pytest.raises(ValueError, match="one game"):
        build(2, game="craps")
    with pytest.raises(ValueError, match="live table deals"):
        build(2, game="baccarat")
    with pytest.raises(ValueError, match="at least one skill"):
        build(0, skills=(), items=0)
    with pytest.raises(ValueError, match="between 1 and 500 items"):
        build(0, items=0)
    assert desk.exams() == []
