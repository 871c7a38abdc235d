"""A small training centre in a temporary store: trainees, real drill answers over weeks, an exam.

Answers are made from real drill items (``ItemSpec.make()``), so the stored
situation is the one the drill showed and the drill-down can re-create it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

from dealer_trainer.drills import Difficulty, ItemSpec
from dealer_trainer.drills.model import expected_to_json
from dealer_trainer.reports.exams import exam_spec, stored_seed
from dealer_trainer.storage import (
    AnswerRecord,
    InstructorSession,
    SessionKind,
    Store,
    TraineeDesk,
)

START = datetime(2026, 11, 30, 1, 0, tzinfo=UTC)  # 09:00 in Macau
PASSWORD = "correct horse battery"
SKILLS = ("roulette.straight_up", "roulette.picture_bets", "craps.hard_ways", "stud.settlement")


@dataclass
class Cohort:
    store: Store
    session: InstructorSession
    trainees: dict[str, int] = field(default_factory=dict)
    exam_id: int = 0


def record(
    desk: TraineeDesk,
    session_id: int,
    spec: ItemSpec,
    answered_at: datetime,
    correct: bool,
    time_ms: int,
) -> None:
    item = spec.make()
    expected = expected_to_json(item.expected)
    given: dict[str, object] = dict(expected)
    if not correct:
        if "amount" in given:
            given["amount"] = f"{Decimal(str(given['amount'])) + Decimal('5.00'):.2f}"
        else:
            given = {"choice": "wrong"}
    desk.record_answer(
        session_id,
        AnswerRecord(
            item_seed=spec.seed,
            skill=spec.skill,
            ruleset_id=item.ruleset,
            situation=item.situation,
            expected=expected,
            given=given,
            correct=correct,
            time_taken_ms=time_ms,
            app_version="0.1.0",
            presented_at=answered_at - timedelta(milliseconds=time_ms),
            answered_at=answered_at,
        ),
    )


def fill(
    store: Store,
    *,
    names: tuple[str, ...] = ("Ana Lei", "Bruno Chan", "Carla Ho"),
    days: int = 12,
    per_day: int = 4,
    seed: int = 6,
) -> Cohort:
    """Trainees practising every day; each one's accuracy differs (Ana best, Carla weakest)."""
    session = store.create_first_instructor("Mrs Wong", PASSWORD)
    desk = store.instructor(session)
    cohort = Cohort(store, session)
    rng = random.Random(seed)
    for rank, name in enumerate(names):
        trainee = desk.add_trainee(name)
        cohort.trainees[name] = trainee.id
        mine = store.trainee(trainee.id)
        practice = mine.start_session("roulette-2003")
        skill_level = 0.9 - 0.2 * rank
        for day in range(days, 0, -1):
            for n in range(per_day):
                skill = SKILLS[(n + day) % len(SKILLS)]
                when = START - timedelta(days=day) + timedelta(minutes=7 * n)
                correct = rng.random() < skill_level
                spec = ItemSpec(skill, rng.getrandbits(32), Difficulty.INTERMEDIATE)
                record(mine, practice.id, spec, when, correct, 2000 + 700 * rank + 100 * n)
        mine.end_session(practice.id)
    made = desk.create_exam(
        title="Roulette payouts",
        ruleset_id="roulette-2003",
        skills=["roulette.straight_up", "roulette.picture_bets"],
        item_count=4,
        seed=stored_seed(77, Difficulty.BEGINNER),
        pass_mark_percent=75,
    )
    cohort.exam_id = made.id
    first = names[0]
    assignments = desk.assign_exam(made.id, [cohort.trainees[n] for n in names[:2]])
    # the first trainee takes it: 3 of 4 right (75 %, passes at 75 %)
    taker = store.trainee(cohort.trainees[first])
    exam_session = taker.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignments[0].id
    )
    spec = exam_spec(made)
    assert spec.pass_mark == Fraction(3, 4)
    for number, item_spec in enumerate(spec.items()):
        record(taker, exam_session.id, item_spec, START - timedelta(hours=2, minutes=-number),
               number != 2, 4000)
    taker.end_session(exam_session.id)
    return cohort
