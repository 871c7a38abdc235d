"""A round at the live table: the seated players' bets, the outcome, and the dealer's steps.

The round engine has no Qt and no storage.  The rules core plans the dealer's
work (``procedure``) and judges every step (``judge``): the same code answers
the rules CLI, the quiz and the table.  A round is reproducible from
``(game, seed, difficulty, ruleset)``; every step the trainee tries is handed
to the recorder as it happens, with its verdict and the milliseconds since the
previous step, so nothing is lost on a crash and an instructor can replay it.

In practice a wrong step is refused (the verdict says why, with the article or
"table procedure"), and the trainee does it again.  A step is right when some
correct finish of the round is still possible after it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.rules.procedure import Plan, Step, Verdict, Work, judge
from dealer_trainer.rules.rulesets import Ruleset

Clock = Callable[[], int]  # milliseconds, monotonic


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


@dataclass(frozen=True)
class Seat:
    """A simulated player: where they sit and, where the game uses one, their chip colour."""

    player: str  # the id their bets carry ("p1")
    position: int  # 1 = the dealer's left
    colour: str | None = None  # roulette colour chips ("red", "blue", …)


@dataclass(frozen=True)
class Situation:
    """What is on the table when the outcome is known: a rules-CLI ``settle`` request."""

    game: str
    request: Mapping[str, Any]
    seats: tuple[Seat, ...]
    #: Roulette and Sic Bo: each bet's spot on the felt (bet id → spot id, ``split-17-20``,
    #: ``total-9``).
    spots: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Attempt:
    """One step the trainee tried, as recorded."""

    index: int  # the attempt's place in the round (0, 1, 2 …)
    step: Step | None  # None: the dealer declared the round settled
    verdict: Verdict  # "correct" means: a correct finish is still possible
    accepted: bool
    ms: int  # since the previous attempt (or the round's start)

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": None if self.step is None else self.step.to_json(),
            "verdict": self.verdict.to_json(),
            "accepted": self.accepted,
            "ms": self.ms,
        }


class RoundRecorder(Protocol):
    """Where a round's steps go as they happen (storage implements it)."""

    def round_started(self, round_: TableRound) -> None: ...

    def step_tried(self, round_: TableRound, attempt: Attempt) -> None: ...

    def round_finished(self, round_: TableRound, summary: RoundSummary) -> None: ...


@dataclass(frozen=True)
class RoundSummary:
    steps: int  # steps the round needed
    attempts: int
    mistakes: tuple[Attempt, ...]
    ms: int
    complete: bool

    @property
    def accuracy(self) -> float:
        """Share of the trainee's attempts that were right (1.0 for a clean round)."""
        return 1.0 if self.attempts == 0 else 1 - len(self.mistakes) / self.attempts


@dataclass
class TableRound:
    """One round: the situation, the rules core's plans, and the trainee's steps so far."""

    game: str
    seed: int
    difficulty: Difficulty
    ruleset: Ruleset
    situation: Situation
    work: Work
    recorder: RoundRecorder | None = None
    clock: Clock = monotonic_ms
    done: list[Step] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    started_ms: int = 0
    _last_ms: int = 0
    _finished: bool = False

    def __post_init__(self) -> None:
        self.started_ms = self._last_ms = self.clock()
        if self.recorder is not None:
            self.recorder.round_started(self)

    @property
    def plan(self) -> Plan:
        """The dealer's work as the rules core plans it (the first accepted plan)."""
        return self.work.plans[0]

    @property
    def finished(self) -> bool:
        return self._finished

    def act(self, step: Step) -> Attempt:
        """Judge ``step`` after the steps done so far; accept it if the round can still be
        finished correctly. Recorded at once, whatever the verdict."""
        self._verify_open()
        verdict = judge(self.work, [*self.done, step])
        on_track = verdict.correct or (
            verdict.code == "step_missing" and verdict.at == len(self.done) + 1
        )
        attempt = self._record(step, Verdict(True) if on_track else verdict, accepted=on_track)
        if on_track:
            self.done.append(step)
        if verdict.correct:
            self._finish()
        return attempt

    def _verify_open(self) -> None:
        if self._finished:
            raise ValueError("the round is over: start the next one")

    def _record(self, step: Step | None, verdict: Verdict, *, accepted: bool) -> Attempt:
        """The recorder first: if it fails (storage), the attempt does not count and the
        round stands as it was, so the trainee never sees a verdict that is not stored."""
        now = self.clock()
        attempt = Attempt(len(self.attempts), step, verdict, accepted, now - self._last_ms)
        if self.recorder is not None:
            self.recorder.step_tried(self, attempt)
        self._last_ms = now
        self.attempts.append(attempt)
        return attempt

    def close(self) -> Attempt:
        """The dealer declares the round settled (also when a throw decided nothing): right
        if every step is done; otherwise recorded as the step that is missing."""
        self._verify_open()
        verdict = judge(self.work, self.done)
        attempt = self._record(None, verdict, accepted=verdict.correct)
        if verdict.correct:
            self._finish()
        return attempt

    def remaining(self) -> Verdict:
        """What is still to do: the judge's verdict on the steps done (``step_missing``)."""
        return judge(self.work, self.done)

    def give_up(self) -> RoundSummary:
        """End the round where it stands (the steps not done count as missed); its time
        runs to now, so a round abandoned is not timed as if it had been quick."""
        self._verify_open()
        self._last_ms = self.clock()
        return self._finish()

    def _finish(self) -> RoundSummary:
        self._finished = True
        summary = self.summary()
        if self.recorder is not None:
            self.recorder.round_finished(self, summary)
        return summary

    def summary(self) -> RoundSummary:
        return RoundSummary(
            steps=sum(len(group) for group in self.plan),
            attempts=len(self.attempts),
            mistakes=tuple(a for a in self.attempts if not a.accepted),
            ms=self._last_ms - self.started_ms,
            complete=self._finished and judge(self.work, self.done).correct,
        )

    def to_json(self) -> dict[str, Any]:
        """Everything needed to replay the round: its seed, its situation, every attempt."""
        return {
            "game": self.game,
            "seed": self.seed,
            "difficulty": int(self.difficulty),
            "ruleset": self.ruleset.id,
            "request": self.situation.request,
            "seats": [
                {"player": s.player, "position": s.position, "colour": s.colour}
                for s in self.situation.seats
            ],
            "attempts": [a.to_json() for a in self.attempts],
        }


def steps_in_order(plan: Plan) -> Sequence[Step]:
    """One correct way through a plan: its groups in order, each group's steps as listed."""
    return [step for group in plan for step in group]
