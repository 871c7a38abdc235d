"""Exam rounds at the live table (no Qt): every step recorded with the rules core's verdict
and taken as the trainee dealt it, so the round goes on and each later step is judged on the
table as it stands; rounds and step kinds scored exactly; a run of rounds passed or not."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import (
    TableMode,
    TableRound,
    new_round,
    perfect_steps,
    steps_in_order,
)
from dealer_trainer.drills.table.exam import StepKind, TableExam, Tally, score_round
from dealer_trainer.drills.table.replay import replay_of
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.rules.rulesets import default_ruleset
from tests.drills.test_table_round import GAMES, FakeClock, ListRecorder, _dealt


def _exam(game: str, seed: int, difficulty: Difficulty = Difficulty.ADVANCED) -> TableRound:
    return new_round(
        default_ruleset(game), seed, difficulty, clock=FakeClock(), mode=TableMode.EXAM
    )


def _first(game: str, wanted: Callable[[TableRound], bool]) -> TableRound:
    for seed in range(500):
        round_ = _exam(game, seed)
        if wanted(round_):
            return round_
    raise AssertionError(f"no {game} round of the first 500 seeds has what the test needs")


def _has(*actions: Action) -> Callable[[TableRound], bool]:
    """At its showdown (Caribbean Stud: dealt), the round still has steps of ``actions``."""
    return lambda r: all(any(s.action is a for s in _dealt(r).missing()) for a in actions)


def _kinds(round_: TableRound) -> dict[StepKind, Tally]:
    return dict(score_round(round_).by_kind)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_table_exam_a_perfect_dealer_scores_100_in_20_rounds(
    game: str, difficulty: Difficulty
) -> None:
    for seed in range(20):
        round_ = _exam(game, seed, difficulty)
        needed = len(round_.missing()) + len(round_.upcoming())
        for step in perfect_steps(round_):
            attempt = round_.act(step)
            assert attempt.accepted and attempt.taken
            assert not round_.finished  # an exam round ends when it is declared settled
        assert round_.close().accepted and round_.finished
        score = score_round(round_)
        tried = len(round_.attempts) - 1
        assert score.total.right == score.total.out_of == tried
        assert getattr(round_, "void", False) or tried == needed
        assert score.mistakes == () and score.missed == 0 and score.codes == {}


@pytest.mark.parametrize("game", GAMES)
def test_table_exam_a_dealer_who_deals_in_any_order_settles_every_bet(game: str) -> None:
    """Shuffled steps: each is taken (right or an order mistake); nothing is missed."""
    for seed in range(20):
        round_ = _dealt(_exam(game, seed))
        steps = list(round_.missing())
        random.Random(seed).shuffle(steps)
        for step in steps:
            attempt = round_.act(step)
            assert attempt.taken
            assert attempt.accepted or attempt.verdict.code in (
                "out_of_turn",
                "paid_before_collecting",
            )
        assert round_.close().accepted  # every bet settled
        assert score_round(round_).missed == 0


def test_roulette_art5_1_exam_a_pay_before_collecting_is_recorded_and_the_round_goes_on() -> None:
    round_ = _first("roulette", _has(Action.COLLECT, Action.PAY))
    recorder = ListRecorder()
    round_.recorder = recorder
    steps = list(steps_in_order(round_.plan))
    pay = next(s for s in steps if s.action is Action.PAY)
    rest = [s for s in steps if s != pay]
    mark, *others = rest
    round_.act(mark)
    attempt = round_.act(pay)
    assert not attempt.accepted and attempt.taken
    assert attempt.verdict.code == "paid_before_collecting"
    assert attempt.verdict.citation == Citation.parse("roulette-2003 Art. 5(1)")
    assert recorder.events[-1] == ("step", attempt)  # recorded as it happened
    for step in others:  # the collects it jumped, then the other payments: all right now
        assert round_.act(step).accepted, step
    assert round_.close().accepted
    score = score_round(round_)
    assert score.codes == {"paid_before_collecting": 1}
    assert score.by_kind[StepKind.ORDER] == Tally(len(steps) - 1, len(steps))
    assert score.by_kind[StepKind.PAY].right == score.by_kind[StepKind.PAY].out_of


def test_roulette_art5_1_exam_a_wrong_amount_counts_the_bet_settled_and_is_scored() -> None:
    round_ = _first("roulette", _has(Action.PAY))
    steps = list(steps_in_order(round_.plan))
    pay = next(s for s in steps if s.action is Action.PAY)
    assert pay.amount is not None
    for step in steps:
        done = replace(step, amount=pay.amount + Decimal(5)) if step == pay else step
        attempt = round_.act(done)
        if step == pay:
            assert not attempt.accepted and attempt.taken
            assert attempt.verdict.code == "wrong_amount"
            assert attempt.verdict.citation == pay.citation  # the bet's own article
    again = round_.act(pay)  # settling it a second time
    assert again.verdict.code == "settled_twice" and not again.taken
    assert round_.close().accepted  # every bet settled: nothing missed
    score = score_round(round_)
    assert score.missed == 0 and score.codes == {"wrong_amount": 1, "settled_twice": 1}
    pays = sum(s.action is Action.PAY for s in steps)
    assert score.by_kind[StepKind.PAY] == Tally(pays - 1, pays + 1)
    assert score.total == Tally(len(steps) - 1, len(steps) + 1)


def test_roulette_art5_1_exam_a_bet_paid_out_of_its_groups_turn_is_one_order_mistake() -> None:
    def two_pay_groups(r: TableRound) -> bool:
        return sum(all(s.action is Action.PAY for s in g) for g in r.plan) >= 2

    round_ = _first("roulette", two_pay_groups)
    groups = [g for g in round_.plan if all(s.action is Action.PAY for s in g)]
    early, late = groups[0][0], groups[-1][0]
    steps = [s for s in steps_in_order(round_.plan) if s != late]
    before = steps.index(early)
    for step in steps[:before]:
        assert round_.act(step).accepted
    attempt = round_.act(late)  # a later group's bet first
    assert attempt.verdict.code == "out_of_turn" and attempt.taken
    assert attempt.verdict.citation == Citation.parse("roulette-2003 Art. 5(1)")
    for step in steps[before:]:
        assert round_.act(step).accepted, step
    assert round_.close().accepted
    assert score_round(round_).codes == {"out_of_turn": 1}


def test_roulette_art4_exam_a_marker_placed_last_is_one_mistake_not_one_a_bet() -> None:
    round_ = _first("roulette", _has(Action.COLLECT, Action.PAY))
    mark, *rest = steps_in_order(round_.plan)
    assert mark.action is Action.MARK
    first = round_.act(rest[0])
    assert first.verdict.code == "out_of_turn"
    assert first.verdict.waiting == Target(marker=True)
    for step in [*rest[1:], mark]:
        assert round_.act(step).accepted, step
    assert round_.close().accepted
    assert score_round(round_).codes == {"out_of_turn": 1}


def test_roulette_art4_exam_the_marker_on_the_wrong_number_is_scored_and_taken() -> None:
    round_ = _exam("roulette", 3)
    mark, *rest = steps_in_order(round_.plan)
    assert mark.number is not None
    attempt = round_.act(replace(mark, number=(mark.number + 1) % 37))
    assert attempt.verdict.code == "wrong_number" and attempt.taken
    assert attempt.verdict.citation == Citation.parse("roulette-2003 Art. 4")
    for step in rest:
        assert round_.act(step).accepted
    assert round_.close().accepted
    assert score_round(round_).by_kind[StepKind.MARK] == Tally(0, 1)


@pytest.mark.parametrize("game", GAMES)
def test_table_exam_a_loser_paid_changes_nothing_and_is_missed_if_never_collected(
    game: str,
) -> None:
    round_ = _first(game, _has(Action.COLLECT))
    steps = list(round_.missing())
    loser = next(s for s in steps if s.action is Action.COLLECT)
    attempt = round_.act(Step(Action.PAY, loser.target, amount=Decimal(10)))
    assert attempt.verdict.code == "paid_a_loser" and not attempt.taken
    order = []
    for step in steps:
        if step != loser:
            tried = round_.act(step)
            if not tried.accepted:  # the first pay while the loser waits (collect first)
                order.append(tried.verdict.code)
    assert order in ([], ["paid_before_collecting"])
    closed = round_.close()
    assert not closed.accepted and closed.verdict.code == "step_missing"
    assert round_.finished  # an exam round ends when declared settled, whatever is left
    score = score_round(round_)
    assert score.missed == 1 and round_.summary().missed == (loser,)
    assert score.codes == {"paid_a_loser": 1, "step_missing": 1} | {c: 1 for c in order}
    assert score.by_kind[StepKind.COLLECT].right == score.by_kind[StepKind.COLLECT].out_of - 1


def test_table_exam_a_bet_not_on_the_table_changes_nothing() -> None:
    round_ = _exam("roulette", 5)
    attempt = round_.act(Step(Action.COLLECT, Target(bet="nobody")))
    assert attempt.verdict.code == "not_on_table" and not attempt.taken
    assert round_.done == []
    for step in steps_in_order(round_.plan):
        assert round_.act(step).accepted
    assert round_.close().accepted


def test_craps_exam_a_pay_before_collecting_rests_on_table_procedure() -> None:
    round_ = _first("craps", _has(Action.COLLECT, Action.PAY))
    steps = list(steps_in_order(round_.plan))
    pay = next(s for s in steps if s.action is Action.PAY)
    attempt = round_.act(pay)
    assert attempt.verdict.code == "paid_before_collecting"
    assert attempt.verdict.citation is None  # the house's collect_before_pay, not the text
    for step in steps:
        if step != pay:
            assert round_.act(step).accepted
    assert round_.close().accepted


@pytest.mark.parametrize("game", GAMES)
def test_table_exam_a_round_declared_settled_at_once_misses_every_step(game: str) -> None:
    round_ = _first(game, lambda r: len(steps_in_order(r.plan)) > 0)
    # Caribbean Stud: the deal and the calls too; an irregularity only if it has arisen
    needed = len(round_.missing()) + len(round_.left_unruled())
    round_.close()
    score = score_round(round_)
    assert round_.finished and score.total == Tally(0, needed)


def test_roulette_art5_1_exam_follows_either_official_text_as_a_whole() -> None:
    round_ = _first("roulette", lambda r: len(r.work.plans) > 1)
    chinese = round_.work.plans[1]
    for step in steps_in_order(chinese):
        assert round_.act(step).accepted, step
    assert round_.close().accepted


def test_table_exam_of_rounds_is_passed_at_its_pass_mark() -> None:
    exam = TableExam(default_ruleset("craps"), Difficulty.INTERMEDIATE, seed=4, rounds=3)
    while len(exam.played) < exam.rounds:
        round_ = exam.next_round()
        assert round_.mode is TableMode.EXAM
        for step in steps_in_order(round_.plan):
            round_.act(step)
        round_.close()
    assert exam.over and exam.result().score == 1 and exam.result().passed
    with pytest.raises(ValueError, match="all dealt"):
        exam.next_round()
    failed = TableExam(default_ruleset("roulette"), Difficulty.BEGINNER, seed=4, rounds=2)
    for _ in range(2):
        failed.next_round().close()  # nothing done
    assert failed.result().score == 0 and not failed.result().passed


def test_table_exam_refuses_a_run_of_no_rounds_and_a_pass_mark_above_all() -> None:
    ruleset = default_ruleset("roulette")
    with pytest.raises(ValueError, match="rounds"):
        TableExam(ruleset, Difficulty.BEGINNER, seed=1, rounds=0)
    with pytest.raises(ValueError, match="pass mark"):
        TableExam(ruleset, Difficulty.BEGINNER, seed=1, pass_mark=Fraction(11, 10))


@pytest.mark.parametrize("game", GAMES)
def test_table_exam_replay_judges_every_step_as_it_was_judged(game: str) -> None:
    round_ = _first(game, _has(Action.PAY))
    steps = list(steps_in_order(round_.plan))
    random.Random(1).shuffle(steps)
    for step in steps[1:]:  # as the screen makes them: no citation
        done = replace(step, citation=None)
        round_.act(replace(done, amount=step.amount + 1) if step.amount else done)
    round_.close()
    replay = replay_of(round_)
    assert replay.agrees and replay.round.mode is TableMode.EXAM
    assert [f.attempt.verdict for f in replay.frames] == [a.verdict for a in round_.attempts]
    assert replay.frames[-1].done == tuple(round_.done)
    assert replay.round.summary().missed == round_.summary().missed


def test_roulette_art5_1_exam_a_wrong_amount_paid_before_collecting_is_two_mistakes() -> None:
    round_ = _first("roulette", _has(Action.COLLECT, Action.PAY))
    mark, *rest = steps_in_order(round_.plan)
    pay = next(s for s in rest if s.action is Action.PAY)
    assert pay.amount is not None
    round_.act(mark)
    attempt = round_.act(replace(pay, amount=pay.amount + Decimal(1)))
    assert attempt.verdict.code == "wrong_amount" and attempt.taken
    assert attempt.also is not None and attempt.also.code == "paid_before_collecting"
    for step in rest:
        if step != pay:
            assert round_.act(step).accepted, step  # the collects it jumped are free
    assert round_.close().accepted
    score = score_round(round_)
    assert score.codes == {"wrong_amount": 1, "paid_before_collecting": 1}
    steps = len(steps_in_order(round_.plan))
    assert score.by_kind[StepKind.ORDER] == Tally(steps - 1, steps)


def test_every_games_skills_load_when_the_live_tables_stud_module_is_imported_first() -> None:
    """The live table imports Caribbean Stud's drill module, which registers its skills; the
    registry then was not empty and roulette's and craps' skills were never loaded."""
    code = (
        "import dealer_trainer.drills.table.caribbean_stud\n"
        "from dealer_trainer.drills import all_skills\n"
        "print(sorted({str(s.game) for s in all_skills().values()}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == str(sorted(Game.ids()))  # every game's skills, not only Stud's
