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

from dealer_trainer.drills import (
    Answer,
    AnswerKind,
    Difficulty,
    DrillItem,
    ItemSpec,
    Outcome,
    grade,
)
from dealer_trainer.drills.specs import exam_spec
from dealer_trainer.storage import (
    InstructorSession,
    SessionKind,
    Store,
    TraineeDesk,
)
from dealer_trainer.storage.recorder import answer_record

START = datetime(2026, 11, 30, 1, 0, tzinfo=UTC)  # 09:00 in Macau
PASSWORD = "correct horse battery"
SKILLS = (
    "roulette.straight_up",
    "roulette.picture_bets",
    "craps.hard_ways",
    "caribbean_stud.settlement",
)


@dataclass
class Cohort:
    store: Store
    session: InstructorSession
    trainees: dict[str, int] = field(default_factory=dict)
    exam_id: int = 0


def answer_to(item: DrillItem, right: bool) -> Answer:
    """The expected answer, or a typical wrong one (5 too much, another option, reversed)."""
    expected = item.expected
    if expected.kind in (AnswerKind.AMOUNT, AnswerKind.CHIPS):
        assert expected.amount is not None
        return Answer(amount=expected.amount if right else expected.amount + Decimal(5))
    if expected.kind is AnswerKind.CHOICE:
        others = [o.id for o in expected.options if o.id != expected.choice]
        return Answer(choice=expected.choice if right or not others else others[0])
    flat = tuple(bet for group in expected.order for bet in group)
    return Answer(order=flat if right else flat[::-1])


def record(
    desk: TraineeDesk,
    session_id: int,
    spec: ItemSpec,
    answered_at: datetime,
    right: bool,
    time_ms: int,
) -> None:
    """Answer a real item as the drill screen does: graded by the drills, stored by storage."""
    item = spec.make()
    answer = answer_to(item, right)
    outcome = Outcome(item, answer, grade(item, answer), time_ms)
    desk.record_answer(session_id, answer_record(outcome, answered_at))


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
        for day in range(days, 0, -1):
            progress = 1 - day / days  # trainees get better and faster over the weeks
            level = max(0.3, 0.9 - 0.15 * rank) + 0.08 * progress
            pace = (2500 + 600 * rank) * (1.2 - 0.4 * progress)
            for n in range(per_day):
                skill = SKILLS[(n + day) % len(SKILLS)]
                when = START - timedelta(days=day) + timedelta(minutes=7 * n)
                correct = rng.random() < level
                spec = ItemSpec(skill, rng.getrandbits(32), Difficulty.INTERMEDIATE)
                time_ms = int(pace * rng.lognormvariate(0, 0.3))
                record(mine, practice.id, spec, when, correct, time_ms)
        mine.end_session(practice.id)
    made = desk.create_exam(
        title="Roulette payouts",
        ruleset_id="roulette-2003",
        skills=["roulette.straight_up", "roulette.picture_bets"],
        item_count=4,
        seed=77,
        pass_mark=Fraction(3, 4),
        difficulty=int(Difficulty.BEGINNER),
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
    assert spec.pass_mark == Fraction(3, 4) and spec.difficulty is Difficulty.BEGINNER
    for number, item_spec in enumerate(spec.items()):
        record(
            taker,
            exam_session.id,
            item_spec,
            START - timedelta(hours=2, minutes=-number),
            number != 2,
            4000,
        )
    taker.end_session(exam_session.id)
    return cohort
