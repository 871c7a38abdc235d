"""The live table's round engine (no Qt): rounds of every game planned and judged by the
rules core's ``procedure`` and ``judge``, reproducible from their seed, recorded as played."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Any

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import (
    Attempt,
    RoundSummary,
    TableRound,
    new_round,
    perfect_steps,
    steps_in_order,
)
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import default_ruleset

GAMES = ("roulette", "craps", "caribbean_stud", "sic_bo")


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000

    def __call__(self) -> int:
        self.now += 250
        return self.now


class ListRecorder:
    def __init__(self) -> None:
        self.events: list[tuple[str, Any]] = []

    def round_started(self, round_: TableRound) -> None:
        self.events.append(("started", round_.seed))

    def step_tried(self, round_: TableRound, attempt: Attempt) -> None:
        self.events.append(("step", attempt))

    def round_finished(self, round_: TableRound, summary: RoundSummary) -> None:
        self.events.append(("finished", summary))


def _round(game: str, seed: int, difficulty: Difficulty = Difficulty.ADVANCED) -> TableRound:
    return new_round(default_ruleset(game), seed, difficulty, clock=FakeClock())


def _first_round(
    game: str, wanted: Any, difficulty: Difficulty = Difficulty.ADVANCED
) -> TableRound:
    """The first seeded round whose plan has what a test needs."""
    for seed in range(500):
        round_ = _round(game, seed, difficulty)
        if wanted(round_):
            return round_
    raise AssertionError(f"no {game} round of the first 500 seeds has what the test needs")


def _dealt(round_: TableRound) -> TableRound:
    """The round at its showdown (Caribbean Stud: dealt, the calls made, folds collected)."""
    if isinstance(round_, StudRound):
        round_.deal_to_showdown()
    return round_


def _actions(round_: TableRound) -> list[Action]:
    return [step.action for step in steps_in_order(round_.plan)]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("difficulty", list(Difficulty))
def test_table_a_perfect_dealer_finishes_20_rounds_with_every_step_right(
    game: str, difficulty: Difficulty
) -> None:
    for seed in range(20):
        round_ = _round(game, seed, difficulty)
        for step in perfect_steps(round_):
            assert round_.act(step).accepted
        if not round_.finished:  # a throw that decided nothing: the dealer says so
            assert round_.close().accepted
        summary = round_.summary()
        assert summary.complete and summary.accuracy == 1.0 and not summary.mistakes


@pytest.mark.parametrize("game", GAMES)
def test_table_rounds_are_reproducible_from_their_seed(game: str) -> None:
    first, again = _round(game, 7), _round(game, 7)
    assert first.situation == again.situation
    assert first.plan == again.plan
    assert _round(game, 8).situation != first.situation


def test_table_difficulty_sets_the_size_of_the_table() -> None:
    for game in GAMES:
        beginner = max(len(_round(game, s, Difficulty.BEGINNER).situation.seats) for s in range(30))
        advanced = max(len(_round(game, s, Difficulty.ADVANCED).situation.seats) for s in range(30))
        assert beginner <= 2 < advanced


def test_table_roulette_art5_1_paying_before_collecting_is_stopped_with_the_article() -> None:
    round_ = _first_round(
        "roulette", lambda r: Action.COLLECT in _actions(r) and Action.PAY in _actions(r)
    )
    mark = round_.plan[0][0]
    assert round_.act(mark).accepted
    pay = next(s for s in steps_in_order(round_.plan) if s.action is Action.PAY)
    attempt = round_.act(pay)
    assert not attempt.accepted
    assert attempt.verdict.code == "paid_before_collecting"
    assert str(attempt.verdict.citation) == "roulette-2003 Art. 5(1)"
    assert round_.done == [mark]  # refused: the trainee does it again


def test_table_a_wrong_amount_is_refused_and_the_right_one_then_accepted() -> None:
    round_ = _first_round("roulette", lambda r: Action.PAY in _actions(r))
    steps = steps_in_order(round_.plan)
    first_pay = next(i for i, s in enumerate(steps) if s.action is Action.PAY)
    for step in steps[:first_pay]:
        round_.act(step)
    wrong = replace(steps[first_pay], amount=(steps[first_pay].amount or Decimal(0)) + 5)
    attempt = round_.act(wrong)
    assert (attempt.accepted, attempt.verdict.code) == (False, "wrong_amount")
    assert attempt.verdict.citation is not None and "Art. 7" in str(attempt.verdict.citation)
    for step in steps[first_pay:]:
        assert round_.act(step).accepted
    summary = round_.summary()
    assert summary.complete and len(summary.mistakes) == 1
    assert summary.attempts == len(steps) + 1


def test_table_roulette_a_winner_paid_out_of_its_turn_is_stopped() -> None:
    round_ = _first_round(
        "roulette", lambda r: sum(1 for g in r.plan if g[0].action is Action.PAY) >= 2
    )
    steps = steps_in_order(round_.plan)
    late = [s for s in steps if s.action is Action.PAY][-1]
    for step in steps:
        if step.action is Action.PAY:
            break
        round_.act(step)
    attempt = round_.act(late)
    assert attempt.verdict.code == "out_of_turn"
    assert str(attempt.verdict.citation) == "roulette-2003 Art. 5(1)"


def _passed_over(round_: TableRound) -> tuple[Step, Step] | None:
    """A winning bet with a later winning bet of the same player, and a bet of a group in
    between (the bet that would pass it over), in every plan (either text of Art. 5(1))."""
    players = {b["id"]: b["player"] for b in round_.situation.request["bets"]}
    turns = [{s.target: n for n, g in enumerate(plan) for s in g} for plan in round_.work.plans]
    pays = [s for s in steps_in_order(round_.plan) if s.action is Action.PAY]
    for waiting in pays:
        for early in pays:
            if all(turn[waiting.target] < turn[early.target] for turn in turns) and any(
                players[later.target.bet] == players[waiting.target.bet]
                and all(turn[later.target] >= turn[early.target] for turn in turns)
                and later not in (waiting, early)
                for later in pays
            ):
                return waiting, early
    return None


def test_table_roulette_art5_2_bets_paid_one_by_one_keep_their_turns() -> None:
    """The table pays each bet on its own, and a bet paid on its own keeps its turn (the
    digest's reading of Art. 5(2)): a player's later winning bet lets no bet of a later
    group be paid ahead of their earlier one."""
    round_ = _first_round("roulette", lambda r: _passed_over(r) is not None)
    found = _passed_over(round_)
    assert found is not None
    waiting, early = found
    for step in steps_in_order(round_.plan):
        if step.action is Action.PAY:
            break
        assert round_.act(step).accepted
    for group in round_.plan:
        for step in group:
            if step.action is Action.PAY and step != waiting:
                assert round_.act(step).accepted
        if waiting in group:
            break
    attempt = round_.act(early)
    assert (attempt.accepted, attempt.verdict.code) == (False, "out_of_turn")
    assert attempt.verdict.waiting == waiting.target
    assert str(attempt.verdict.citation) == "roulette-2003 Art. 5(1)"


def test_table_paying_a_loser_and_missing_a_bet_are_stopped() -> None:
    round_ = _first_round(
        "caribbean_stud",
        lambda r: any(s.action is Action.COLLECT for s in _dealt(r).missing()),
    )
    loser = next(s for s in round_.missing() if s.action is Action.COLLECT)
    attempt = round_.act(Step(Action.PAY, loser.target, Decimal("10.00")))
    assert attempt.verdict.code == "paid_a_loser"
    closed = round_.close()  # nothing done yet: a step is missing
    assert (closed.accepted, closed.verdict.code) == (False, "step_missing")
    assert closed.step is None and not round_.finished


def test_table_craps_collecting_first_is_table_procedure_without_an_article() -> None:
    round_ = _first_round(
        "craps", lambda r: Action.COLLECT in _actions(r) and Action.PAY in _actions(r)
    )
    pay = next(s for s in steps_in_order(round_.plan) if s.action is Action.PAY)
    attempt = round_.act(pay)
    assert attempt.verdict.code == "paid_before_collecting"
    assert attempt.verdict.citation is None  # Portaria 97/85/M sets no order: table procedure


def test_table_craps_a_bet_the_throw_left_open_stays_on_the_layout() -> None:
    round_ = _first_round("craps", lambda r: bool(r.work.idle))
    idle = next(iter(round_.work.idle))
    attempt = round_.act(Step(Action.COLLECT, idle))
    assert attempt.verdict.code == "no_decision"
    assert "stays on the layout" in attempt.verdict.message
    # the regulation says so (a Big 6 on a 10: Art. 9): its article, not "table procedure"
    assert attempt.verdict.citation == round_.work.idle_citations[idle]
    assert attempt.verdict.citation is not None


def _bar_twelve(round_: TableRound) -> bool:
    """A round whose throw is a 12 on a Don't Pass's or Don't Come's first throw."""
    return any("ties on 12" in why for why in round_.work.idle.values())


def test_craps_art3_1_at_the_table_a_bar_twelve_leaves_the_dont_bet_untouched() -> None:
    round_ = _first_round("craps", _bar_twelve, Difficulty.INTERMEDIATE)
    assert round_.situation.request["events"][-1] == {"roll": [6, 6]}
    tied = [t for t, why in round_.work.idle.items() if "ties on 12" in why]
    assert tied, round_.work.idle
    assert all(step.target not in tied for step in steps_in_order(round_.plan))  # no step
    attempt = round_.act(Step(Action.RETURN, tied[0]))  # handing the stake back is wrong
    assert not attempt.accepted and attempt.verdict.code == "no_decision"
    assert "decides nothing" in attempt.verdict.message
    for step in perfect_steps(round_):
        round_.act(step)
    closed = round_.close()  # leaving it where it is: the round is settled
    assert closed.accepted and round_.finished and round_.summary().complete


def test_table_every_attempt_is_recorded_as_it_happens_with_its_time() -> None:
    recorder = ListRecorder()
    round_ = new_round(
        default_ruleset("roulette"), 3, Difficulty.INTERMEDIATE, recorder, clock=FakeClock()
    )
    steps = steps_in_order(round_.plan)
    round_.act(Step(Action.COLLECT, steps[-1].target))  # a wrong one first
    for step in steps:
        round_.act(step)
    kinds = [kind for kind, _ in recorder.events]
    assert kinds == ["started", *["step"] * (len(steps) + 1), "finished"]
    attempts = [a for kind, a in recorder.events if kind == "step"]
    assert [a.index for a in attempts] == list(range(len(steps) + 1))
    assert all(a.ms == 250 for a in attempts)
    assert not attempts[0].accepted and all(a.accepted for a in attempts[1:])
    replay = round_.to_json()
    assert replay["seed"] == 3 and len(replay["attempts"]) == len(steps) + 1
    assert (
        new_round(default_ruleset("roulette"), 3, Difficulty.INTERMEDIATE).situation.request
        == (replay["request"])
    )


def test_table_a_finished_round_takes_no_more_steps() -> None:
    round_ = _round("caribbean_stud", 1)
    for step in perfect_steps(round_):
        round_.act(step)
    assert round_.finished
    with pytest.raises(ValueError, match="round is over"):
        round_.act(steps_in_order(round_.plan)[0])


def test_table_a_finished_round_is_not_given_up_and_recorded_twice() -> None:
    recorder = ListRecorder()
    round_ = new_round(default_ruleset("caribbean_stud"), 1, Difficulty.ADVANCED, recorder)
    for step in perfect_steps(round_):
        round_.act(step)
    with pytest.raises(ValueError, match="round is over"):
        round_.give_up()
    assert [kind for kind, _ in recorder.events].count("finished") == 1
    assert round_.summary().complete


def test_caribbean_stud_art6_7_a_call_while_a_fold_waits_is_not_now() -> None:
    """A dealer's call while a fold waits to be collected: refused as not this step."""
    from dealer_trainer.drills.table.stud_dealing import Moment
    from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall

    round_ = _first_round(
        "caribbean_stud",
        lambda r: isinstance(r, StudRound) and any(w.moment is Moment.FOLD for w in r.waits),
    )
    assert isinstance(round_, StudRound)
    while (wait := round_.waiting) is not None and wait.moment is not Moment.FOLD:
        assert round_.act(wait.right).accepted
    attempt = round_.act(DealerCall(CallAction.QUALIFY, qualifies=True))
    assert (attempt.accepted, attempt.verdict.code) == (False, "not_this_step")
    assert str(attempt.verdict.citation) == "caribbean-stud-2004 Art. 6(7)"
