"""The live table's rounds into storage: the engine's ``RoundRecorder``, step by step.

``TableRound`` calls the recorder as it plays: when the round is dealt, for every
attempt before the attempt counts (so a step whose write failed is not taken,
and the trainee sees the storage message instead of the verdict), and once at
the end.  Each call is one committed transaction; the round's uid and each
attempt's position make a retried write store nothing twice.

A round's mode (practice or exam) is kept with its situation (``"mode"``), with
the felt's spots, as ``TableRound.to_json`` gives them: what a replay needs to
play the round again (:func:`replay_stored`); a round stored before the mode
was kept is a practice round.  An exam attempt is stored as a practice one is:
``accepted`` says it was right, the verdict code says what was wrong.

Imports the drills' table engine, so, like ``recorder.py``, it is not imported by
``dealer_trainer.storage`` itself.
"""

from __future__ import annotations

from dealer_trainer import __version__
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import Attempt, RoundSummary, TableMode, TableRound
from dealer_trainer.drills.table.replay import RecordedStep, Replay, replay
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.storage.desks import TraineeDesk
from dealer_trainer.storage.records import SessionKind
from dealer_trainer.storage.rounds import (
    StoredTableRound,
    TableAttemptRecord,
    TableRoundEnd,
    TableRoundRecord,
)
from dealer_trainer.storage.store import Clock, utc_now


def attempt_record(attempt: Attempt) -> TableAttemptRecord:
    verdict = attempt.verdict
    return TableAttemptRecord(
        position=attempt.index,
        step=attempt.step_json(),
        accepted=attempt.accepted,
        verdict_code=None if attempt.accepted else verdict.code,
        citation=None if verdict.citation is None else str(verdict.citation),
        ms=max(0, attempt.ms),
    )


class TableRecorder:
    """Records one trainee's rounds in one storage session (the engine's ``RoundRecorder``)."""

    def __init__(self, desk: TraineeDesk, session_id: int, clock: Clock = utc_now) -> None:
        self.desk = desk
        self.session_id = session_id
        self.clock = clock
        self._ids: dict[int, tuple[int, str]] = {}  # id(TableRound) → stored id and uid

    @classmethod
    def start(cls, desk: TraineeDesk, ruleset_id: str, clock: Clock = utc_now) -> TableRecorder:
        """Open a practice session for the table and a recorder for it."""
        session = desk.start_session(ruleset_id, SessionKind.PRACTICE)
        return cls(desk, session.id, clock)

    def round_id(self, round_: TableRound) -> int:
        """The stored id of a round being played."""
        return self._ids[id(round_)][0]

    def round_uid(self, round_: TableRound) -> str:
        return self._ids[id(round_)][1]

    def round_started(self, round_: TableRound) -> None:
        replay = round_.to_json()
        record = TableRoundRecord(
            game=round_.game,
            ruleset_id=round_.ruleset.id,
            seed=round_.seed,
            difficulty=int(round_.difficulty),
            situation={
                "request": replay["request"],
                "seats": replay["seats"],
                "spots": replay["spots"],
                "mode": replay["mode"],
                "irregularities": replay["irregularities"],
                **({"dealing": replay["dealing"]} if "dealing" in replay else {}),
                **({"run": replay["run"]} if "run" in replay else {}),
                # The table exam it was dealt for: the trainee's review lists the exam.
                **({"exam": replay["exam"]} if "exam" in replay else {}),
            },
            app_version=__version__,
            started_at=self.clock(),
        )
        self._ids[id(round_)] = (self.desk.rounds.start(self.session_id, record), record.uid)

    def step_tried(self, round_: TableRound, attempt: Attempt) -> None:
        self.desk.rounds.record_attempt(self.round_id(round_), attempt_record(attempt))

    def round_finished(self, round_: TableRound, summary: RoundSummary) -> None:
        end = TableRoundEnd(
            steps=summary.steps,
            attempts=summary.attempts,
            mistakes=len(summary.mistakes),
            ms=max(0, summary.ms),
            complete=summary.complete,
            ended_at=self.clock(),
            missed=len(summary.missed) + len(summary.unruled),
        )
        self.desk.rounds.finish(self.round_id(round_), end)
        del self._ids[id(round_)]

    def close(self) -> None:
        """End the storage session."""
        self.desk.end_session(self.session_id)


def stored_mode(stored: StoredTableRound) -> TableMode:
    """The mode a stored round was dealt in (practice for a round stored before modes)."""
    situation = stored.record.situation
    mode = situation.get("mode") if isinstance(situation, dict) else None
    return TableMode(mode) if isinstance(mode, str) else TableMode.PRACTICE


def replay_stored(stored: StoredTableRound, rulesets: RulesetRegistry = SHIPPED) -> Replay:
    """A stored round played again step by step under its ruleset, looked up in
    ``rulesets`` (default: the shipped ones only); ``ValueError`` or ``RulesError`` if this
    version cannot: an unknown ruleset, a situation it does not read."""
    record = stored.record
    situation = record.situation
    if not isinstance(situation, dict):
        raise ValueError(f"round {stored.id} has no situation to replay")
    return replay(
        rulesets.get(record.ruleset_id),
        record.seed,
        Difficulty(record.difficulty),
        {**situation, "mode": str(stored_mode(stored))},
        [
            RecordedStep(
                a.step if isinstance(a.step, dict) else None, a.accepted, a.verdict_code, a.ms
            )
            for a in stored.attempts
        ],
        ended=stored.end is not None,
    )
