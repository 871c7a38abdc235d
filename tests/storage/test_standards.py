"""Speed standards, the mastery rule and practice plans, on SQLite and PostgreSQL.

The expected counts are made here from the answers the test itself recorded, never by
the storage's SQL: right and within the target over the last N, the N before for the
trend, the plan's items since it was assigned.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.drills.standards import (
    Mastery,
    MasteryRule,
    Trend,
    default_seconds,
    target_seconds,
)
from dealer_trainer.storage import InstructorDesk, SessionKind, StorageError, Store
from dealer_trainer.storage.audit import Action

from .conftest import START, FakeClock, answer

STRAIGHT = "roulette.straight_up"  # the drills' target: 8 s at the intermediate level
ZERO = "roulette.zero_rule"


@pytest.fixture
def desk(store: Store) -> InstructorDesk:
    return store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))


def _again(store: Store) -> InstructorDesk:
    """The instructor's desk after a pause longer than the idle lock: the password again."""
    return store.instructor(store.verify_instructor("correct horse"))


def test_a_skill_without_a_standard_keeps_the_drills_target(desk: InstructorDesk) -> None:
    assert desk.standards.standards() == {}
    assert target_seconds(STRAIGHT, desk.standards.standards()) == default_seconds(STRAIGHT)
    assert desk.standards.targets_ms()[STRAIGHT] == 8000


def test_setting_a_standard_adds_a_version_and_an_audit_entry(
    desk: InstructorDesk, clock: FakeClock
) -> None:
    first = desk.standards.set_standard(STRAIGHT, Decimal("6.5"))
    clock.advance(minutes=1)
    second = desk.standards.set_standard(STRAIGHT, Decimal("5"))

    assert (first.version, first.seconds, second.version, second.seconds) == (
        1,
        Decimal("6.5"),
        2,
        Decimal("5"),
    )
    assert desk.standards.standards() == {STRAIGHT: Decimal("5")}
    assert target_seconds(STRAIGHT, desk.standards.standards()) == Decimal("5")
    # nothing recorded is lost: the first version is still on file, with who set it
    assert [(h.version, h.seconds, h.set_by) for h in desk.standards.history(STRAIGHT)] == [
        (2, Decimal("5"), "Ana Lei"),
        (1, Decimal("6.5"), "Ana Lei"),
    ]
    logged = [e for e in desk.audit_log() if e.action is Action.STANDARD_SET]
    assert [e.subject for e in logged] == [f"skill:{STRAIGHT}", f"skill:{STRAIGHT}"]


def test_a_standard_set_back_follows_the_drills_target_and_keeps_its_versions(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    plan = _record(store, ana, clock, [(STRAIGHT, True, 7000), (STRAIGHT, True, 9000)])
    day = store.day_of(clock.now)
    desk.standards.set_standard(STRAIGHT, Decimal("6.5"))
    desk.standards.recount_within()
    by_hand = sum(1 for _s, right, ms in plan if right and ms <= 6500)
    assert desk.standards.speed_shares(day, day)[-1].within == by_hand == 0
    clock.advance(minutes=1)

    back = desk.standards.set_standard(STRAIGHT, None)

    assert (back.version, back.seconds, back.set_by) == (2, None, "Ana Lei")
    assert desk.standards.standards() == {}  # as if the centre had set none
    assert desk.standards.targets_ms()[STRAIGHT] == int(default_seconds(STRAIGHT) * 1000)
    assert [(h.version, h.seconds) for h in desk.standards.history(STRAIGHT)] == [
        (2, None),
        (1, Decimal("6.5")),
    ]
    [latest, _first] = [e for e in desk.audit_log() if e.action is Action.STANDARD_SET]
    assert (latest.subject, latest.detail) == (f"skill:{STRAIGHT}", "the drills' target")
    # The share within the target is counted against the drills' 8 s again.
    assert desk.standards.recount_within() == [STRAIGHT]
    by_hand = sum(1 for _s, right, ms in plan if right and ms <= 8000)
    assert desk.standards.speed_shares(day, day)[-1].within == by_hand == 1
    # A time set after it is a standard again; versions before stay unchangeable.
    assert desk.standards.set_standard(STRAIGHT, Decimal(9)).version == 3
    assert desk.standards.standards() == {STRAIGHT: Decimal(9)}

    def change(connection: Connection) -> None:
        connection.execute(text("UPDATE speed_standards SET target_ms = 5000"))

    with pytest.raises((DBAPIError, StorageError), match="kept as set"):
        store.write(change)


@pytest.mark.parametrize(
    ("seconds", "message"),
    [
        (Decimal("0.5"), "between 1 and 600 seconds"),
        (Decimal("601"), "between 1 and 600 seconds"),
        (Decimal("2.25"), "a tenth of a second"),
        (Decimal("NaN"), "between 1 and 600 seconds"),
    ],
)
def test_a_bad_target_is_refused_with_its_reason(
    desk: InstructorDesk, seconds: Decimal, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        desk.standards.set_standard(STRAIGHT, seconds)
    assert desk.standards.standards() == {}


def test_an_unknown_skill_is_refused(desk: InstructorDesk) -> None:
    with pytest.raises(ValueError, match="no such skill"):
        desk.standards.set_standard("roulette.no_such_skill", Decimal(5))


def test_a_recorded_standard_cannot_be_changed_or_deleted(
    store: Store, desk: InstructorDesk
) -> None:
    desk.standards.set_standard(STRAIGHT, Decimal(6))
    desk.standards.set_mastery_rule(MasteryRule(20, Fraction(4, 5), Fraction(1, 2)))
    for statement in (
        "UPDATE speed_standards SET target_ms = 60000",
        "DELETE FROM speed_standards",
        "UPDATE mastery_rules SET mastered_percent = 1",
        "DELETE FROM mastery_rules",
    ):

        def change(connection: Connection, sql: str = statement) -> None:
            connection.execute(text(sql))

        with pytest.raises((DBAPIError, StorageError), match="kept as set"):
            store.write(change)
    assert desk.standards.standards() == {STRAIGHT: Decimal(6)}


def test_the_mastery_rule_is_a_versioned_centre_setting(desk: InstructorDesk) -> None:
    assert desk.standards.mastery_rule() == MasteryRule(30, Fraction(9, 10), Fraction(3, 4))
    desk.standards.set_mastery_rule(MasteryRule(20, Fraction(4, 5), Fraction(1, 2)))
    assert desk.standards.mastery_rule() == MasteryRule(20, Fraction(4, 5), Fraction(1, 2))
    assert any(e.action is Action.MASTERY_RULE_SET for e in desk.audit_log())
    with pytest.raises(ValueError, match="cannot be above"):
        MasteryRule(30, Fraction(1, 2), Fraction(3, 4))
    with pytest.raises(ValueError, match="between 5 and 500"):
        MasteryRule(3)


Plan = list[tuple[str, bool, int]]


def _record(store: Store, trainee_id: int, clock: FakeClock, plan: Plan) -> Plan:
    """Record answers (skill, right, ms) one second apart; returns them oldest first."""
    trainee = store.trainee(trainee_id)
    session = trainee.start_session("roulette-2003")
    for number, (skill, right, ms) in enumerate(plan):
        clock.advance(seconds=1)
        trainee.record_answer(
            session.id,
            answer(number, skill=skill, correct=right, time_taken_ms=ms, answered_at=clock.now),
        )
    trainee.end_session(session.id)
    return plan


def _expected(plan: Plan, skill: str, target_ms: int, last: int) -> tuple[int, int, int, int]:
    """(answers, good, earlier, earlier good) of ``skill``, counted here by hand."""
    mine = [right and ms <= target_ms for s, right, ms in plan if s == skill][::-1]
    now, before = mine[:last], mine[last : 2 * last]
    return len(now), sum(now), len(before), sum(before)


def test_mastery_counts_the_last_answers_right_and_within_the_target(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    bo = desk.add_trainee("Bo Wong").id
    desk.standards.set_standard(STRAIGHT, Decimal(6))
    # Ana: 70 straight-up answers, early ones slow or wrong, the last 30 nearly all good.
    ana_plan = [
        (STRAIGHT, n % 4 != 0 or n >= 40, 5000 if n >= 40 or n % 3 else 7000) for n in range(70)
    ]
    ana_plan[-1] = (STRAIGHT, True, 6001)  # right but 1 ms over the standard: not good
    ana_plan += [(ZERO, n % 2 == 0, 3000) for n in range(10)]
    _record(store, ana, clock, ana_plan)
    # Bo: 12 answers, all right and quick: too few to master under a window of 30.
    bo_plan = _record(store, bo, clock, [(STRAIGHT, True, 2000)] * 12)

    found = desk.standards.mastery()

    counts = found[(ana, STRAIGHT)]
    assert (counts.answers, counts.good, counts.earlier, counts.earlier_good) == _expected(
        ana_plan, STRAIGHT, 6000, 30
    )
    assert counts.state is Mastery.MASTERED  # 29 of 30
    assert counts.trend is Trend.RISING
    zero = found[(ana, ZERO)]
    assert (zero.answers, zero.good, zero.earlier) == _expected(ana_plan, ZERO, 15000, 30)[:3]
    assert zero.state is Mastery.WEAK and zero.trend is Trend.FIRST
    bo_counts = found[(bo, STRAIGHT)]
    assert (bo_counts.answers, bo_counts.good) == _expected(bo_plan, STRAIGHT, 6000, 30)[:2]
    assert bo_counts.state is Mastery.CLOSE  # 100 % of 12: not yet 30 answers
    assert (bo, ZERO) not in found  # not started
    # a group: Bo only
    assert set(desk.standards.mastery([bo])) == {(bo, STRAIGHT)}
    # the trainee's own map reads the same
    rule, mine = store.trainee(ana).standing.mastery()
    assert rule.last_answers == 30 and mine[STRAIGHT] == counts
    # a stricter rule changes the verdict without touching an answer
    desk.standards.set_mastery_rule(MasteryRule(10, Fraction(1), Fraction(9, 10)))
    assert desk.standards.mastery()[(ana, STRAIGHT)].state is Mastery.CLOSE  # 9 of 10


def test_the_share_right_and_within_the_target_per_trainee_and_cohort(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    bo = desk.add_trainee("Bo Wong").id
    ana_plan = _record(
        store,
        ana,
        clock,
        [(STRAIGHT, True, 7000), (STRAIGHT, True, 9000), (STRAIGHT, False, 1000), (ZERO, True, 1)],
    )
    bo_plan = _record(store, bo, clock, [(STRAIGHT, True, 8000), (STRAIGHT, True, 8001)])
    day = store.day_of(clock.now)

    shares = {s.trainee_id: s for s in desk.standards.speed_shares(day, day)}

    def by_hand(plan: list[tuple[str, bool, int]]) -> tuple[int, int, int]:
        targets = {STRAIGHT: 8000, ZERO: 15000}
        within = sum(1 for s, right, ms in plan if right and ms <= targets[s])
        return len(plan), sum(1 for _s, right, _ms in plan if right), within

    assert (shares[ana].answers, shares[ana].right, shares[ana].within) == by_hand(ana_plan)
    assert (shares[bo].answers, shares[bo].right, shares[bo].within) == by_hand(bo_plan)
    assert shares[None].within == by_hand(ana_plan)[2] + by_hand(bo_plan)[2]
    assert shares[None].share_within == Fraction(3, 6)
    only_bo = desk.standards.speed_shares(day, day, [bo])
    assert [s.trainee_id for s in only_bo] == [bo, None]


def test_a_plan_is_shown_counted_done_and_no_longer_overdue(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    bo = desk.add_trainee("Bo Wong").id
    _record(store, ana, clock, [(STRAIGHT, True, 1000)] * 3)  # before the plan: not counted
    plan = desk.schedules.assign_plan(
        "Straight-ups before Friday",
        "roulette",
        [STRAIGHT, ZERO],
        5,
        clock.now + timedelta(days=2),
        [ana, bo],
    )
    assert plan.skills == (STRAIGHT, ZERO)
    assert [e.subject for e in desk.audit_log() if e.action is Action.PLAN_ASSIGNED] == [
        "bo.wong",
        "ana.chan",
    ]
    mine = store.trainee(ana).schedule.plans()
    assert [(p.plan.title, p.done, p.complete) for p in mine] == [
        ("Straight-ups before Friday", 0, False)
    ]
    # Ana answers 3 items of the plan's skills and one of another skill (not counted)
    _record(store, ana, clock, [(STRAIGHT, False, 1000), (ZERO, True, 1000), (STRAIGHT, True, 1)])
    _record(store, ana, clock, [("roulette.picture_bets", True, 1000)])
    assert store.trainee(ana).schedule.plans()[0].done == 3

    clock.advance(days=3)
    desk = _again(store)
    late = desk.schedules.overdue()
    assert sorted(p.trainee_id for p in late.plans) == [ana, bo]
    assert late.names[ana] == "Ana Chan"

    _record(store, ana, clock, [(ZERO, True, 1000)] * 4)
    done = store.trainee(ana).schedule.plans()[0]
    assert done.done == 5 and done.complete
    assert done.finished_at == clock.now - timedelta(seconds=2)  # the 5th, not the last
    assert [p.trainee_id for p in desk.schedules.overdue().plans] == [bo]
    assert desk.schedules.overdue([ana]).plans == ()


def test_exam_items_do_not_count_for_a_plan(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    desk.schedules.assign_plan(
        "One", "roulette", [STRAIGHT], 1, clock.now + timedelta(days=1), [ana]
    )
    paper = desk.create_exam("Roulette", "roulette-2003", [STRAIGHT], 1, 5, Fraction(1))
    (assignment,) = desk.assign_exam(paper.id, [ana])
    trainee = store.trainee(ana)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=assignment.id
    )
    clock.advance(seconds=1)
    trainee.record_answer(session.id, answer(1, skill=STRAIGHT, answered_at=clock.now))
    assert trainee.schedule.plans()[0].done == 0


def test_an_exam_not_sat_by_its_due_date_is_overdue(
    store: Store, desk: InstructorDesk, clock: FakeClock
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    bo = desk.add_trainee("Bo Wong").id
    paper = desk.create_exam("Roulette", "roulette-2003", [STRAIGHT], 1, 5, Fraction(1))
    desk.assign_exam(paper.id, [ana, bo], due_at=START + timedelta(hours=1))
    assert desk.schedules.overdue().exams == ()
    # Ana sits it in time (its window closes at the due date: a late sitting is refused).
    (ana_assignment,) = [a for a in desk.assignments(paper.id) if a.trainee_id == ana]
    trainee = store.trainee(ana)
    session = trainee.start_session(
        "roulette-2003", SessionKind.EXAM, exam_assignment_id=ana_assignment.id
    )
    trainee.end_session(session.id)
    clock.advance(hours=2)
    desk = _again(store)
    assert [(e.trainee_id, e.title) for e in desk.schedules.overdue().exams] == [(bo, "Roulette")]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"skills": []}, "at least one skill"),
        ({"skills": [STRAIGHT, "craps.line_bets"]}, "one game"),
        ({"item_count": 0}, "between 1 and 1000"),
        ({"trainees": []}, "at least one trainee"),
        ({"title": "  "}, "title"),
        ({"due": -1}, "later than now"),
    ],
)
def test_a_bad_plan_is_refused_saying_what_is_wrong(
    desk: InstructorDesk, clock: FakeClock, change: dict[str, object], message: str
) -> None:
    ana = desk.add_trainee("Ana Chan").id
    values: dict[str, object] = {
        "title": "Plan",
        "skills": [STRAIGHT],
        "item_count": 10,
        "trainees": [ana],
        "due": 1,
    }
    values.update(change)
    with pytest.raises(ValueError, match=message):
        desk.schedules.assign_plan(
            str(values["title"]),
            "roulette",
            values["skills"],  # type: ignore[arg-type]
            int(values["item_count"]),  # type: ignore[call-overload]
            clock.now + timedelta(days=int(values["due"])),  # type: ignore[call-overload]
            values["trainees"],  # type: ignore[arg-type]
        )
    assert desk.schedules.progress() == []
