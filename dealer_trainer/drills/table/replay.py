"""A stored round played again, step by step, for its replay (no Qt, no storage).

The round is rebuilt from what was recorded when it was dealt (the settle request,
the seats, the felt's spots, the mode) and its work planned by the rules core of
this version; each recorded step is then handed to the round engine in its mode,
in order, so every frame of the replay has the verdict, the message and the
citation the rules core gives, and the table as it stood after that step.  A
verdict that differs from the one recorded (a rules core that has changed since)
is kept on the frame, so a replay never shows a verdict as the trainee's that was
not theirs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import new_round, round_of
from dealer_trainer.drills.table.irregular import irregularities_of
from dealer_trainer.drills.table.round import (
    RULING,
    Attempt,
    Run,
    Seat,
    Situation,
    TableMode,
    TableRound,
)
from dealer_trainer.rules.caribbean_stud.calls import DealerCall, is_call
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Step, read_done
from dealer_trainer.rules.rulesets import Ruleset


@dataclass(frozen=True)
class RecordedStep:
    """One attempt as storage kept it: the step's JSON (None: "round settled") and verdict."""

    step: Mapping[str, Any] | None
    accepted: bool
    code: str | None
    ms: int


@dataclass(frozen=True)
class Frame:
    """The replay after one attempt: the attempt as judged now, the table it left."""

    attempt: Attempt
    done: tuple[Step, ...]  # the steps the table had taken as done after it (the showdown's)
    recorded: RecordedStep

    @property
    def agrees(self) -> bool:
        """The verdict now is the verdict recorded."""
        code = None if self.attempt.accepted else self.attempt.verdict.code
        return self.attempt.accepted == self.recorded.accepted and code == self.recorded.code


@dataclass(frozen=True)
class Replay:
    round: TableRound  # played again, unrecorded, finished if the stored round ended
    frames: tuple[Frame, ...]

    @property
    def agrees(self) -> bool:
        return all(frame.agrees for frame in self.frames)


def situation_of(
    ruleset: Ruleset, seed: int, difficulty: Difficulty, stored: Mapping[str, Any]
) -> Situation:
    """The situation a round was dealt, from its stored JSON (``TableRound.to_json``'s
    ``request``, ``seats`` and ``spots``). A roulette round stored without its spots is
    dealt again from its seed, if that deals the same request."""
    request = stored.get("request")
    if not isinstance(request, Mapping):
        raise ValueError("the stored round has no request")
    seats = tuple(
        Seat(player=str(s["player"]), position=int(s["position"]), colour=s.get("colour"))
        for s in stored.get("seats", [])
    )
    spots = stored.get("spots")
    if not spots and ruleset.game == Game.ROULETTE:
        again = new_round(ruleset, seed, difficulty).situation
        if dict(again.request) != dict(request):
            raise ValueError("this version deals the round's seed differently: no spots")
        spots = again.spots
    dealing = stored.get("dealing")
    run = stored.get("run")
    return Situation(
        game=ruleset.game,
        request=dict(request),
        seats=seats,
        spots=dict(spots or {}),
        dealing=dict(dealing) if isinstance(dealing, Mapping) else None,
        irregularities=irregularities_of(ruleset, request, stored.get("irregularities") or ()),
        run=Run(int(run["seed"]), int(run["round"])) if isinstance(run, Mapping) else None,
    )


def replay(
    ruleset: Ruleset,
    seed: int,
    difficulty: Difficulty,
    stored: Mapping[str, Any],
    attempts: Sequence[RecordedStep],
    *,
    ended: bool,
) -> Replay:
    """Play the recorded attempts again on the stored situation, in the stored mode."""
    mode = TableMode(str(stored.get("mode", TableMode.PRACTICE)))
    steps = [
        DealerCall.from_json(a.step) if is_call(a.step) else read_done({"done": [a.step]})[0]
        for a in attempts
        if a.step is not None and not _ruling(a)
    ]
    times = iter(_times(attempts))
    round_ = round_of(
        ruleset,
        seed,
        difficulty,
        situation_of(ruleset, seed, difficulty, stored),
        clock=lambda: next(times, 0),
        mode=mode,
    )
    given = iter(steps)
    frames = []
    for recorded in attempts:
        if round_.finished:
            raise ValueError("the stored round has steps after its end")
        if recorded.step is None:
            attempt = round_.close()
        elif _ruling(recorded):
            attempt = round_.rule(str(recorded.step.get("choice")))
        else:
            attempt = round_.act(next(given))
        frames.append(Frame(attempt, tuple(round_.done), recorded))
    if ended and not round_.finished:
        round_.give_up()
    return Replay(round_, tuple(frames))


def _ruling(recorded: RecordedStep) -> bool:
    """The attempt ruled an irregularity (not a settlement step)."""
    return recorded.step is not None and recorded.step.get("action") == RULING


def _times(attempts: Sequence[RecordedStep]) -> Iterator[int]:
    """The clock of the replayed round: its start, each attempt at its recorded time,
    then that last time (a round given up ends when its last step was)."""
    now = 0
    yield now
    for attempt in attempts:
        now += attempt.ms
        yield now
    while True:
        yield now


def replay_of(round_: TableRound) -> Replay:
    """A round just played, replayed from its JSON as a stored one is (the same path)."""
    stored = round_.to_json()
    return replay(
        round_.ruleset,
        round_.seed,
        round_.difficulty,
        stored,
        [
            RecordedStep(
                a.step_json(),
                a.accepted,
                None if a.accepted else a.verdict.code,
                a.ms,
            )
            for a in round_.attempts
        ],
        ended=round_.finished,
    )
