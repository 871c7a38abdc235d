"""Exam rounds of the live table in storage: recorded step by step as they are played (each
attempt committed before the next), stored with their mode, and replayed after a reopen with
the verdicts they had (SQLite and PostgreSQL)."""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from pathlib import Path

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableMode, TableRound, new_round, steps_in_order
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.table_recorder import TableRecorder, replay_stored, stored_mode

from .conftest import FAST_PASSWORDS, FakeClock


@pytest.fixture
def chan(store: Store) -> TraineeDesk:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    return store.trainee(desk.add_trainee("Chan Tai Man").id)


def _showdown(ruleset: Ruleset, seed: int) -> list[Step]:
    """The steps of a round's showdown (Caribbean Stud: once dealt and the calls made)."""
    round_ = new_round(ruleset, seed, Difficulty.ADVANCED)
    if isinstance(round_, StudRound):
        round_.deal_to_showdown()
    return [s for s in round_.missing() if isinstance(s, Step)]


def _exam_with_mistakes(desk: TraineeDesk, recorder: TableRecorder, game: str) -> TableRound:
    """An exam round: the first pay 5 too much, the last step left undone, then settled."""
    ruleset = default_ruleset(game)
    seed = next(
        s
        for s in range(300)
        if sum(p.action is Action.PAY for p in _showdown(ruleset, s)) >= 1
        and len(_showdown(ruleset, s)) >= 3
    )
    round_ = new_round(ruleset, seed, Difficulty.ADVANCED, recorder=recorder, mode=TableMode.EXAM)
    if isinstance(round_, StudRound):  # the deal and the calls, right
        round_.deal_to_showdown()
    steps = list(round_.missing())
    wrong = True
    for planned in steps[:-1]:
        step = dataclasses.replace(planned, citation=None)
        if wrong and step.action is Action.PAY and step.amount is not None:
            step, wrong = dataclasses.replace(step, amount=step.amount + Decimal(5)), False
        round_.act(step)
        [stored] = desk.rounds.all(recorder.session_id)
        assert len(stored.attempts) == len(round_.attempts)  # in storage as it happened
        assert stored.end is None
    round_.close()
    return round_


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud"])
def test_table_exam_round_is_stored_step_by_step_with_its_mode_and_replays(
    chan: TraineeDesk, game: str
) -> None:
    recorder = TableRecorder.start(chan, default_ruleset(game).id, clock=FakeClock())
    round_ = _exam_with_mistakes(chan, recorder, game)
    [stored] = chan.rounds.all(recorder.session_id)
    assert stored_mode(stored) is TableMode.EXAM
    assert stored.end is not None and not stored.end.complete
    codes = [a.verdict_code for a in stored.attempts]
    assert "wrong_amount" in codes and codes[-1] == "step_missing"
    assert stored.end.mistakes == sum(not a.accepted for a in round_.attempts)
    replay = replay_stored(stored)
    assert replay.agrees
    assert [f.attempt.verdict for f in replay.frames] == [a.verdict for a in round_.attempts]
    assert replay.round.summary().missed == round_.summary().missed != ()


def test_table_exam_round_survives_a_reopen(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'dealer-trainer.sqlite3'}"
    store = Store.open(url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee_id = desk.add_trainee("Chan Tai Man").id
    chan = store.trainee(trainee_id)
    recorder = TableRecorder.start(chan, "roulette-2003")
    played = _exam_with_mistakes(chan, recorder, "roulette")
    later = new_round(default_ruleset("roulette"), 99, Difficulty.BEGINNER, recorder=recorder)
    store.close()  # no session end, no goodbye: as if the app had stopped here
    reopened = Store.open(url, passwords=FAST_PASSWORDS)
    try:
        stored, unfinished = reopened.trainee(trainee_id).rounds.all()
        assert unfinished.record.seed == later.seed and unfinished.end is None
        assert stored_mode(stored) is TableMode.EXAM
        assert len(stored.attempts) == len(played.attempts)
        assert replay_stored(stored).agrees
        instructor = reopened.instructor(reopened.verify_instructor("correct horse", "Ana Lei"))
        assert instructor.table_rounds(trainee_id) == [stored, unfinished]  # the drill-down
        assert instructor.table_rounds(trainee_id, newest=1) == [unfinished]
    finally:
        reopened.close()


def test_table_practice_round_stored_before_modes_were_kept_reads_as_practice(
    chan: TraineeDesk,
) -> None:
    recorder = TableRecorder.start(chan, "roulette-2003", clock=FakeClock())
    for seed in (1, 2):
        round_ = new_round(
            default_ruleset("roulette"), seed, Difficulty.BEGINNER, recorder=recorder
        )
        for step in steps_in_order(round_.plan):
            round_.act(step)
    stored = chan.rounds.all(recorder.session_id)[-1]
    assert stored.record.seed == 2
    situation = stored.record.situation
    assert isinstance(situation, dict)
    old = dataclasses.replace(
        stored,
        record=dataclasses.replace(
            stored.record,
            situation={k: v for k, v in situation.items() if k not in ("mode", "spots")},
        ),
    )
    assert stored_mode(old) is TableMode.PRACTICE
    replay = replay_stored(old)  # the spots dealt again from the seed
    assert replay.agrees and replay.round.finished
