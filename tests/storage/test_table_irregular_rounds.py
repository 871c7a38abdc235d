"""A live-table round with irregularities in storage (SQLite and PostgreSQL): each ruling
is stored as the trainee gave it (with its verdict code and article) the moment it is
judged, the round's irregularities with its situation, and the stored round replays with
the same verdicts."""

from __future__ import annotations

import pytest

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableMode, TableRound, new_round
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import Store, TraineeDesk
from dealer_trainer.storage.table_recorder import TableRecorder, replay_stored

pytestmark = pytest.mark.irregular


@pytest.fixture
def chan(store: Store) -> TraineeDesk:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    return store.trainee(desk.add_trainee("Chan Tai Man").id)


def play_with_wrong_rulings(round_: TableRound) -> None:
    """Each irregularity first ruled wrong (the first mistaken choice), then right; every
    step as planned."""
    steps = list(round_.missing())
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            wrong = next(c for c in pending.choices if c.mistake)
            round_.rule(wrong.id)
            if round_.pending() is pending:  # practice: rule again
                round_.rule(pending.right.id)
        elif steps:
            round_.act(steps.pop(0))
        else:
            round_.close()


def _irregular_seed(game: str) -> int:
    ruleset = default_ruleset(game)
    return next(s for s in range(500) if new_round(ruleset, s, Difficulty.ADVANCED).irregularities)


@pytest.mark.parametrize("mode", list(TableMode))
@pytest.mark.parametrize("game", ["roulette", "craps", "sic_bo"])
def test_table_rulings_are_stored_as_judged_and_the_round_replays(
    chan: TraineeDesk, game: str, mode: TableMode
) -> None:
    ruleset = default_ruleset(game)
    recorder = TableRecorder.start(chan, ruleset.id)
    round_ = new_round(
        ruleset, _irregular_seed(game), Difficulty.ADVANCED, recorder=recorder, mode=mode
    )
    play_with_wrong_rulings(round_)
    [stored] = chan.rounds.all(recorder.session_id)
    situation = stored.record.situation
    assert isinstance(situation, dict)
    assert situation["irregularities"] == [i.to_json() for i in round_.irregularities]
    rulings = [a for a in stored.attempts if a.action == "ruling"]
    assert rulings and len(rulings) == sum(a.ruling is not None for a in round_.attempts)
    for kept, attempt in zip(stored.attempts, round_.attempts, strict=True):
        assert kept.step == attempt.step_json()
        assert kept.verdict_code == (None if attempt.accepted else attempt.verdict.code)
    wrong = [a for a in rulings if not a.accepted]
    assert wrong and all(a.citation for a in wrong)  # the article of the ruling
    again = replay_stored(stored)
    assert again.agrees
    assert [f.attempt.ruling for f in again.frames] == [a.ruling for a in round_.attempts]


@pytest.mark.parametrize("arisen", [True, False])
def test_table_exam_round_declared_settled_too_early_is_stored_and_counted_as_steps_missing(
    store: Store, arisen: bool
) -> None:
    """Issue 35: an exam round declared settled with steps missing is stored with the
    mistake "step missing" (a settlement mistake), never an irregularity's code, whether an
    irregularity waited to be ruled (it counts once as not ruled) or had not arisen yet
    (it does not count); the instructor's table results count it so."""
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    ruleset = default_ruleset("roulette")  # a late bet arises at once, chips while paying
    recorder = TableRecorder.start(trainee, ruleset.id)
    seed = next(
        s
        for s in range(2000)
        if (r := new_round(ruleset, s, Difficulty.ADVANCED)).irregularities
        and (r.pending() is not None) == arisen
    )
    round_ = new_round(ruleset, seed, Difficulty.ADVANCED, recorder=recorder, mode=TableMode.EXAM)
    missing = len(round_.missing())
    assert missing and round_.close().verdict.code == "step_missing"
    [stored] = trainee.rounds.all(recorder.session_id)
    assert [a.verdict_code for a in stored.attempts] == ["step_missing"]
    assert stored.end is not None and stored.end.missed == missing + (1 if arisen else 0)
    results = desk.table_results()[trainee.trainee_id]
    assert [m.code for m in results.mistakes] == ["step_missing"]
