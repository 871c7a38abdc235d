"""Modes (practice, timed, exam, review), recording before feedback, chips and typed amounts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal
from fractions import Fraction

import pytest
from fsrs import Rating

from dealer_trainer.drills import Answer, Difficulty, ExamSpec, Mode, amount_answer, exam, practice
from dealer_trainer.drills.chips import fewest_chips, is_canonical
from dealer_trainer.drills.review import (
    SkillCard,
    due_skills,
    mistakes,
    rating_for,
    review,
    review_items,
)
from dealer_trainer.drills.sessions import Outcome, replay
from dealer_trainer.drills.skills import time_allowed
from dealer_trainer.rules.rulesets import default_ruleset


def test_answer_is_recorded_before_the_grade_is_returned() -> None:
    calls: list[Outcome] = []

    def recorder(outcome: Outcome, mode: Mode) -> None:
        assert mode is Mode.PRACTICE
        calls.append(outcome)

    session = practice(["roulette.straight_up"], Difficulty.BEGINNER, seed=1, recorder=recorder)
    item = session.next_item()
    assert item is not None
    outcome = session.submit(Answer(amount=item.expected.amount), elapsed_ms=3000)
    assert calls == [outcome] and outcome.correct


def test_a_failing_recorder_means_no_feedback() -> None:
    def broken(outcome: Outcome, mode: Mode) -> None:
        raise OSError("disk full")

    session = practice(["roulette.straight_up"], Difficulty.BEGINNER, seed=1, recorder=broken)
    session.next_item()
    with pytest.raises(OSError, match="disk full"):
        session.submit(Answer(amount=Decimal(1)), elapsed_ms=100)
    assert session.outcomes == []


def test_timed_mode_counts_a_late_answer_as_a_timeout() -> None:
    session = practice(["roulette.straight_up"], Difficulty.ADVANCED, seed=2, timed=True)
    item = session.next_item()
    assert item is not None and session.timed
    late = session.submit(Answer(amount=item.expected.amount), time_allowed(item) * 1000 + 1)
    assert late.answer.timed_out and not late.correct


def test_exam_is_the_same_for_every_trainee_and_gives_a_summary() -> None:
    spec = ExamSpec(
        ("roulette.straight_up", "roulette.rulings"),
        Difficulty.INTERMEDIATE,
        size=6,
        pass_mark=Fraction(2, 3),
        seed=99,
    )
    first = [s.make() for s in spec.items()]
    assert first == [s.make() for s in spec.items()]
    session = exam(spec)
    assert not session.shows_feedback
    answered = 0
    while (item := session.next_item()) is not None:
        right = answered % 3 != 2  # one wrong in three
        if item.expected.choice is not None:
            given = Answer(choice=item.expected.choice if right else "nonsense")
        else:
            assert item.expected.amount is not None
            given = Answer(amount=item.expected.amount + (0 if right else 5))
        session.submit(given, elapsed_ms=1000)
        answered += 1
    summary = session.summary()
    assert (summary.answered, summary.correct) == (6, 4)
    assert spec.passed(summary)
    assert {s.skill for s in summary.by_skill} == set(spec.skills)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 0}, "between 1 and 500"),
        ({"pass_mark": Fraction(0)}, "pass mark"),
        ({"skills": ()}, "at least one skill"),
    ],
)
def test_exam_spec_refuses_nonsense(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    base = {
        "skills": ("roulette.straight_up",),
        "difficulty": Difficulty.BEGINNER,
        "size": 5,
        "pass_mark": Fraction(4, 5),
        "seed": 1,
    }
    with pytest.raises(ValueError, match=message):
        ExamSpec(**{**base, **kwargs})


def test_unknown_skill_is_refused_at_once() -> None:
    with pytest.raises(KeyError, match="no skill"):
        practice(["roulette.blackjack"], Difficulty.BEGINNER, seed=1)


@pytest.mark.parametrize(("typed", "amount"), [("1,275", "1275"), (" 7.50 ", "7.50"), ("0", "0")])
def test_typed_amounts(typed: str, amount: str) -> None:
    assert amount_answer(typed).amount == Decimal(amount)


@pytest.mark.parametrize("typed", ["", "12a", "-5", "1.005", "NaN"])
def test_typed_amounts_refused(typed: str) -> None:
    with pytest.raises(ValueError):
        amount_answer(typed)


def test_fewest_chips_for_the_standard_tray() -> None:
    chips = default_ruleset("roulette").chips
    assert chips is not None
    assert is_canonical(tuple(int(d) for d in reversed(chips.denominations)))
    assert fewest_chips(Decimal(1275), chips.denominations) == {
        Decimal(1000): 1,
        Decimal(100): 2,
        Decimal(50): 1,
        Decimal(25): 1,
    }


def test_fewest_chips_is_exact_where_greedy_fails() -> None:
    tray = [Decimal(1), Decimal(10), Decimal(25)]
    assert fewest_chips(Decimal(30), tray) == {Decimal(10): 3}  # greedy would give 25+5×1
    assert fewest_chips(Decimal(7), [Decimal(5), Decimal(25)]) is None


def test_chips_answer_with_too_many_chips() -> None:
    session = practice(["roulette.straight_up"], Difficulty.INTERMEDIATE, seed=5)
    item = session.next_item()
    assert item is not None and item.expected.amount is not None
    five = Decimal(5)
    many = {five: int(item.expected.amount / five)}
    outcome = session.submit(Answer(chips=many), 1000)
    assert not outcome.correct
    assert "chips where" in outcome.grade.feedback[0].english()


def test_review_schedules_weak_skills_first_and_replays_mistakes() -> None:
    now = datetime(2026, 11, 30, 12, tzinfo=UTC)
    session = practice(["roulette.straight_up", "roulette.zero_rule"], Difficulty.BEGINNER, seed=3)
    cards: dict[str, SkillCard] = {}
    for index in range(6):
        item = session.next_item()
        assert item is not None
        wrong = item.skill == "roulette.zero_rule"
        assert item.expected.amount is not None
        outcome = session.submit(Answer(amount=item.expected.amount + (1 if wrong else 0)), 2000)
        assert rating_for(outcome) is (Rating.Again if wrong else Rating.Easy)
        cards[item.skill] = review(
            cards.get(item.skill), item.skill, outcome, now + timedelta(minutes=index)
        )
    later = now + timedelta(days=3)
    due = due_skills(list(cards.values()), later)
    assert due[0] == "roulette.zero_rule"
    specs = review_items(list(cards.values()), later, Difficulty.BEGINNER, seed=1, size=5)
    assert len(specs) == 5 and specs[0].skill in due
    wrong_ones = mistakes(session.outcomes)
    assert wrong_ones and all(s.skill == "roulette.zero_rule" for s in wrong_ones)
    again = replay(wrong_ones)
    first = again.next_item()
    assert first is not None and first.skill == "roulette.zero_rule"
