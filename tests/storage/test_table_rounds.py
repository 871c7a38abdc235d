"""The live table's rounds in storage: every attempt committed as it happens, the round's
situation and summary, nothing changed afterwards, nothing lost on a crash (SQLite and
PostgreSQL)."""

from __future__ import annotations

import dataclasses
import sqlite3
import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.exc import DBAPIError

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound, new_round, perfect_steps, steps_in_order
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import AccessDeniedError, StorageError, Store, TraineeDesk
from dealer_trainer.storage.rounds import TableAttemptRecord
from dealer_trainer.storage.table_recorder import TableRecorder
from tests.processes import KILLED, kill_hard

from .conftest import FAST_PASSWORDS, FakeClock

WRITER = Path(__file__).with_name("round_writer.py")


@pytest.fixture
def chan(store: Store) -> TraineeDesk:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    return store.trainee(desk.add_trainee("Chan Tai Man").id)


def _with_a_mistake(round_: TableRound) -> None:
    """Play the round right, with one refused wrong amount on its first pay step."""
    wrong_done = False
    for step in perfect_steps(round_):  # Caribbean Stud: the deal and the calls first
        if isinstance(step, Step) and step.action is Action.PAY and not wrong_done:
            assert not round_.act(dataclasses.replace(step, amount=Decimal("0.50"))).accepted
            wrong_done = True
        assert round_.act(step).accepted
    if not round_.finished:
        assert round_.close().accepted


def _round_with_a_payment(game: str, recorder: TableRecorder) -> TableRound:
    for seed in range(200):
        round_ = new_round(default_ruleset(game), seed, Difficulty.ADVANCED)
        if isinstance(round_, StudRound):  # dealt, the calls made (a void round pays nothing)
            round_.deal_to_showdown()
        if any(s.action is Action.PAY for s in steps_in_order(round_.plan)):
            return new_round(default_ruleset(game), seed, Difficulty.ADVANCED, recorder=recorder)
    raise AssertionError("no round with a payment")


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud"])
def test_table_every_attempt_of_a_round_is_stored_with_its_verdict(
    chan: TraineeDesk, game: str
) -> None:
    recorder = TableRecorder.start(chan, default_ruleset(game).id, clock=FakeClock())
    round_ = _round_with_a_payment(game, recorder)
    _with_a_mistake(round_)
    [stored] = chan.rounds.all(recorder.session_id)
    assert stored.record.game == game
    assert stored.record.seed == round_.seed
    assert stored.record.difficulty == int(Difficulty.ADVANCED)
    assert stored.record.ruleset_id == round_.ruleset.id
    keys = ("request", "seats", "spots", "mode", "irregularities", "dealing")
    assert stored.record.situation == {k: v for k, v in round_.to_json().items() if k in keys}
    assert [a.position for a in stored.attempts] == list(range(len(round_.attempts)))
    for kept, played in zip(stored.attempts, round_.attempts, strict=True):
        assert kept.accepted == played.accepted
        assert kept.step == (None if played.step is None else played.step.to_json())
        assert kept.ms == played.ms
    [refused] = [a for a in stored.attempts if not a.accepted]
    assert refused.verdict_code == "wrong_amount"
    assert refused.citation == str(round_.attempts[refused.position].verdict.citation)
    summary = round_.summary()
    assert stored.end is not None
    assert (stored.end.steps, stored.end.attempts, stored.end.mistakes, stored.end.complete) == (
        summary.steps,
        summary.attempts,
        1,
        True,
    )


def test_table_a_stored_round_replays_from_its_seed(chan: TraineeDesk) -> None:
    recorder = TableRecorder.start(chan, "roulette-2003")
    played = new_round(default_ruleset("roulette"), 41, Difficulty.ADVANCED, recorder=recorder)
    _with_a_mistake(played)
    [stored] = chan.rounds.all()
    again = new_round(
        default_ruleset(stored.record.game),
        stored.record.seed,
        Difficulty(stored.record.difficulty),
    )
    situation = stored.record.situation
    assert isinstance(situation, dict)
    assert situation["request"] == again.situation.request


def test_table_an_unfinished_round_keeps_every_step_already_played(chan: TraineeDesk) -> None:
    recorder = TableRecorder.start(chan, "roulette-2003")
    round_ = new_round(default_ruleset("roulette"), 3, Difficulty.ADVANCED, recorder=recorder)
    steps = steps_in_order(round_.plan)
    for step in steps[:2]:
        round_.act(step)
    [stored] = chan.rounds.all()  # the app stops here: no summary, but the steps are there
    assert stored.end is None
    assert [a.step for a in stored.attempts] == [s.to_json() for s in steps[:2]]


def test_table_a_step_whose_write_fails_does_not_count() -> None:
    class Refusing:
        def round_started(self, _: TableRound) -> None: ...

        def step_tried(self, *_: object) -> None:
            raise StorageError("The database is not reachable.")

        def round_finished(self, *_: object) -> None: ...

    round_ = new_round(default_ruleset("roulette"), 3, Difficulty.ADVANCED, recorder=Refusing())
    with pytest.raises(StorageError):
        round_.act(steps_in_order(round_.plan)[0])
    assert round_.attempts == [] and round_.done == []  # the trainee sees the message instead


def test_table_a_round_needs_an_open_session_of_the_trainee(
    chan: TraineeDesk, store: Store
) -> None:
    session = chan.start_session("roulette-2003")
    chan.end_session(session.id)
    with pytest.raises(StorageError, match="has ended"):
        new_round(
            default_ruleset("roulette"),
            1,
            Difficulty.BEGINNER,
            recorder=TableRecorder(chan, session.id),
        )
    desk = store.instructor(store.verify_instructor("correct horse"))
    other = store.trainee(desk.add_trainee("Ho Kin").id)
    theirs = other.start_session("roulette-2003")
    with pytest.raises(AccessDeniedError):
        new_round(
            default_ruleset("roulette"),
            1,
            Difficulty.BEGINNER,
            recorder=TableRecorder(chan, theirs.id),
        )


def test_table_a_recorded_step_is_never_rewritten(chan: TraineeDesk) -> None:
    recorder = TableRecorder.start(chan, "roulette-2003")
    round_ = new_round(default_ruleset("roulette"), 3, Difficulty.ADVANCED, recorder=recorder)
    round_id = recorder.round_id(round_)
    first = steps_in_order(round_.plan)[0]
    round_.act(first)
    kept = chan.rounds.all()[0].attempts[0]
    chan.rounds.record_attempt(round_id, kept)  # a retry of the same write: stored once
    changed = TableAttemptRecord(0, kept.step, False, "wrong_number", None, kept.ms)
    with pytest.raises(StorageError, match="cannot be changed"):
        chan.rounds.record_attempt(round_id, changed)
    assert chan.rounds.all()[0].attempts == (kept,)


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE table_attempts SET accepted = NOT accepted",
        "UPDATE table_attempts SET verdict_code = NULL",
        "DELETE FROM table_attempts",
        "UPDATE table_rounds SET seed = seed + 1",
        "DELETE FROM table_rounds",
        "UPDATE table_round_ends SET mistakes = 0",
        "DELETE FROM table_round_ends",
    ],
)
def test_table_the_database_refuses_any_change_to_a_recorded_round(
    chan: TraineeDesk, db_url: str, statement: str
) -> None:
    recorder = TableRecorder.start(chan, "roulette-2003")
    _with_a_mistake(_round_with_a_payment("roulette", recorder))
    before = chan.rounds.all()
    engine = create_engine(db_url)
    try:
        with pytest.raises(DBAPIError, match="table rounds are immutable"), engine.begin() as c:
            c.execute(text(statement))
    finally:
        engine.dispose()
    assert chan.rounds.all() == before


def test_table_postgresql_refuses_truncating_rounds(pg_url: str) -> None:
    Store.open(pg_url, passwords=FAST_PASSWORDS).close()
    engine = create_engine(pg_url)
    try:
        for table in ("table_round_ends", "table_attempts", "table_rounds"):
            with pytest.raises(DBAPIError, match="table rounds are immutable"), engine.begin() as c:
                c.execute(text(f"TRUNCATE {table} CASCADE"))
    finally:
        engine.dispose()


def test_table_steps_committed_before_a_sigkill_are_all_there(tmp_path: Path) -> None:
    database = tmp_path / "dealer-trainer.sqlite3"
    url = f"sqlite:///{database}"
    store = Store.open(url, passwords=FAST_PASSWORDS)
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    trainee_id = desk.add_trainee("Chan Tai Man").id
    store.close()
    promised: list[tuple[str, int]] = []
    for stop_after in (0, 3, 11, 25):
        child = subprocess.Popen(
            [sys.executable, str(WRITER), url, str(trainee_id)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        try:
            assert child.stdout.readline() == "ready\n"
            for _ in range(stop_after):
                line = child.stdout.readline().split()
                assert line[0] == "committed", line
                promised.append((line[1], int(line[2])))
        finally:
            kill_hard(child)
            _, errors = child.communicate()
        assert child.returncode == KILLED, errors
        checker = sqlite3.connect(database)
        try:
            assert checker.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            present = set(
                checker.execute(
                    "SELECT r.uid, a.position FROM table_attempts a "
                    "JOIN table_rounds r ON r.id = a.round_id"
                ).fetchall()
            )
        finally:
            checker.close()
        assert [p for p in promised if p not in present] == []
    reopened = Store.open(url, passwords=FAST_PASSWORDS)
    try:
        rounds = reopened.trainee(trainee_id).rounds.all()
        assert sum(len(r.attempts) for r in rounds) >= len(promised)
        assert any(r.end is not None for r in rounds)
    finally:
        reopened.close()


def test_craps_table_the_rounds_of_a_hand_are_stored_each_with_its_place(
    chan: TraineeDesk,
) -> None:
    """Craps at a table that goes on: each round is stored with its whole history and its
    place in the run, replays from what was stored, and is dealt again from the run's seed."""
    from itertools import islice

    from dealer_trainer.drills.table import Run, table_run
    from dealer_trainer.storage.table_recorder import replay_stored

    ruleset = default_ruleset("craps")
    recorder = TableRecorder.start(chan, ruleset.id, clock=FakeClock())
    round_: TableRound | None = None
    for seed in range(500, 506):
        round_ = new_round(ruleset, seed, Difficulty.ADVANCED, recorder=recorder, after=round_)
        _with_a_mistake(round_)
    stored = chan.rounds.all(recorder.session_id)
    dealt = list(islice(table_run(ruleset, 500, Difficulty.ADVANCED), 6))
    for k, (kept, again) in enumerate(zip(stored, dealt, strict=True), start=1):
        situation = kept.record.situation
        assert isinstance(situation, dict)
        assert situation["request"] == again.situation.request
        assert situation.get("run") == (None if k == 1 else Run(500, k).to_json())
        assert replay_stored(kept).agrees
