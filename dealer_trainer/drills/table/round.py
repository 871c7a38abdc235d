"""A round at the live table: the seated players' bets, the outcome, and the dealer's steps.

The round engine has no Qt and no storage.  The rules core plans the dealer's
work (``procedure``) and judges every step (``judge``): the same code answers
the rules CLI, the quiz and the table.  A round is reproducible from
``(game, seed, difficulty, ruleset)``; every step the trainee tries is handed
to the recorder as it happens, with its verdict and the milliseconds since the
previous step, so nothing is lost on a crash and an instructor can replay it.

A step is right when some correct finish of the round is still possible after
it.  The round is played in one of two modes:

**Practice**: a wrong step is refused (the verdict says why, with the article or
"table procedure"), and the trainee does it again.  The round ends by itself
once the last step is done.

**Exam**: no verdict is shown while dealing.  Every step is recorded with the
rules core's verdict (``judge``, the same code as practice and the CLI), and the
round goes on *as the trainee dealt it*, so that each later step is judged
against the table as it then stands, not against a table the trainee never saw:

- a right step is taken as done, as in practice;
- a step done out of its group's turn (``out_of_turn``, a pay before every loser
  is collected: ``paid_before_collecting``) is an order mistake, and is taken
  as done: its bet is settled.  The steps it jumped still wait, but are free
  from then on: doing them later is right, and they hold nothing else back, so
  one break of the order is one mistake (a marker forgotten until the end is
  one mistake, not one for every bet settled before it);
- a wrong amount (``wrong_amount``), a marker on the wrong number
  (``wrong_number``), a come bet moved to the wrong point (``wrong_point``): a
  mistake, and the bet counts as settled (its step is taken as planned), so it
  is not also counted as missed, and settling it again is ``settled_twice``;
- any other mistake changes nothing on the table: a bet that is not on the
  table (``not_on_table``), a loser paid or a winner collected (``paid_a_loser``,
  ``collected_a_winner``, ``collected_a_stake_that_stays``, ``wrong_action``),
  a bet settled twice, a bet that needs no step now, several players' bets paid
  together (``not_one_player``).  The bet still waits for its right step;
- the round ends when the trainee declares it settled (or moves on, which gives
  the round up); every step not done by then is *missed*.

An attempt's verdict is the judge's first mistake; a step wrong in its figure
and also out of its turn (a wrong amount paid before every loser is collected)
carries the order verdict of the step as planned too (``Attempt.also``), so the
break of order is counted where it happened.  ``Attempt.accepted`` says the step
was right, in both modes; ``Attempt.taken`` that it changed the table.

**Irregularities** (any game; ``drills.table.irregular`` deals them, the game's
``rules.<game>.irregular`` builds and rules them): a situation may carry
irregularities, each arising once ``before`` settlement steps are done (0: before the
first).  While one is pending, the dealer rules it (:meth:`TableRound.rule`, a choice
the rules core judges against the regulation's ruling) and no settlement step is
right: one tried is the irregularity's own mistake (``settled_void_spin``,
``settled_no_roll``, ``accepted_late_bet`` …), recorded and not taken, in both modes.
Practice refuses a wrong ruling, and the trainee rules again; an exam takes it (the
round goes on as the regulation rules) and scores it.  A ruling is recorded as an
attempt whose step is ``{"action": "ruling", "event": …, "choice": …}``.

How "the table as it stands" is judged: the steps taken so far become groups of
their own, in the order taken, ahead of what each plan still leaves, the jumped
steps in a group of their own (:meth:`TableRound.standing_work`); ``judge`` then
judges the next step on that work with its own rules.  Of the plans a game
accepts (roulette's Art. 5(1) in either official text), only those the right
steps have followed are kept, so an exam, like practice, follows one text as a
whole.  A round is replayed by handing its recorded steps to a new round of the
same situation and mode (``drills.table.replay``): the same verdicts again.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any, Protocol, TypeVar

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.rules.caribbean_stud.calls import DealerCall
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.irregular import Irregularity, judge_choice, judge_unruled
from dealer_trainer.rules.procedure import (
    RIGHT,
    Action,
    Plan,
    Step,
    Target,
    Verdict,
    Work,
    judge,
)
from dealer_trainer.rules.rulesets import Ruleset

Clock = Callable[[], int]  # milliseconds, monotonic


def monotonic_ms() -> int:
    return time.monotonic_ns() // 1_000_000


@unique
class TableMode(StrEnum):
    """How a round is dealt: each step refused when wrong, or judged only at the end."""

    PRACTICE = "practice"  # the Timed table too: practice rounds with a clock shown
    EXAM = "exam"


#: A dealer's call at a round dealt already (its showdown): nothing to deal or call.
NOT_DEALING = Verdict(
    False, 0, "not_this_step", "The cards are out and the dealer has called: settle the boxes."
)
#: Exam: the verdicts of a step done out of its group's turn; the step is taken as done.
ORDER_CODES = frozenset({"out_of_turn", "paid_before_collecting"})
#: Exam: the verdicts of a step whose bet counts as settled, as planned (see the docstring).
SETTLED_AS_PLANNED = frozenset({"wrong_amount", "wrong_number", "wrong_point"})


@dataclass(frozen=True)
class Seat:
    """A simulated player: where they sit and, where the game uses one, their chip colour."""

    player: str  # the id their bets carry ("p1")
    position: int  # 1 = the dealer's left
    colour: str | None = None  # roulette colour chips ("red", "blue", …)


S = TypeVar("S")


def seat_bets(
    rng: random.Random,
    seats: Sequence[Seat],
    bets_each: tuple[int, int],
    pick: Callable[[], tuple[str, S]],
    bet: Callable[[str, str, S], dict[str, Any]],
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Each seated player's bets, ``bets_each`` (the fewest, the most) tries apiece, each
    on a spot ``pick`` draws (its id and what it is); a player adds to a bet rather than
    placing it twice. The bets ``bet`` writes, and each bet's spot id by the bet's id."""
    bets: list[dict[str, Any]] = []
    spots: dict[str, str] = {}
    for seat in seats:
        taken: set[str] = set()
        for _ in range(rng.randint(*bets_each)):
            spot_id, spot = pick()
            if spot_id in taken:
                continue
            taken.add(spot_id)
            bet_id = f"{seat.player}-{len(taken)}"
            bets.append(bet(bet_id, seat.player, spot))
            spots[bet_id] = spot_id
    return bets, spots


@dataclass(frozen=True)
class Run:
    """Where a round stands in a run of rounds at one table (craps: throw after throw).

    The run's first round is dealt from ``seed`` alone; each round after it goes on from
    the one before, dealt from the next seed (``drills.table.new_round``'s ``after``)."""

    seed: int  # the seed of the run's first round
    round: int  # this round's place in the run (2: the first round after that one)

    def to_json(self) -> dict[str, int]:
        return {"seed": self.seed, "round": self.round}


@dataclass(frozen=True)
class Situation:
    """What is on the table when the outcome is known: a rules-CLI ``settle`` request."""

    game: Game
    request: Mapping[str, Any]
    seats: tuple[Seat, ...]
    #: Roulette and Sic Bo: each bet's spot on the felt (bet id → spot id, ``split-17-20``,
    #: ``total-9``).
    spots: Mapping[str, str] = field(default_factory=dict)
    #: Caribbean Stud: what happens before the showdown (``drills.table.stud_dealing``).
    dealing: Mapping[str, Any] | None = None
    #: What happens irregularly in the round, in order, each ruled by the rules core
    #: before the settlement steps it comes before (``drills.table.irregular``).
    irregularities: tuple[Irregularity, ...] = ()
    #: Craps in practice: the round goes on from the one before at the same table (the
    #: bets its throw left stay on the layout); None: a table dealt for the round alone.
    run: Run | None = None


#: The ``action`` of a recorded ruling (an irregularity answered), beside the steps' own.
RULING = "ruling"


@dataclass(frozen=True)
class ExamTag:
    """Which table exam a round is dealt for, stored with it: the trainee's review finds
    the exam's rounds again, and its pass mark (``drills.table.exam``)."""

    seed: int  # the exam's seed: the same for each of its rounds
    rounds: int
    pass_mark: Fraction
    number: int  # the round's place in the exam, from 1

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rounds": self.rounds,
            "pass_mark": str(self.pass_mark),
            "number": self.number,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ExamTag:
        """A stored tag (``ValueError``: not one)."""
        try:
            return cls(
                int(data["seed"]),
                int(data["rounds"]),
                Fraction(str(data["pass_mark"])),
                int(data["number"]),
            )
        except (KeyError, TypeError, ValueError, ZeroDivisionError) as exc:
            raise ValueError(f"not a table exam's tag: {data!r}") from exc


@dataclass(frozen=True)
class Ruled:
    """The dealer's choice on an irregularity (an attempt that is not a settlement step)."""

    event: str  # the irregularity's code
    choice: str  # the choice's id

    def to_json(self) -> dict[str, Any]:
        return {"action": RULING, "event": self.event, "choice": self.choice}


@dataclass(frozen=True)
class Attempt:
    """One step the trainee tried, as recorded."""

    index: int  # the attempt's place in the round (0, 1, 2 …)
    #: None: the dealer declared the round settled; a DealerCall: Caribbean Stud's deal.
    step: Step | DealerCall | None
    verdict: Verdict  # "correct" means: a correct finish is still possible
    accepted: bool  # the step was right (practice: only a right step is taken)
    ms: int  # since the previous attempt (or the round's start)
    #: The step changed the table (practice: exactly when right; exam: see the docstring).
    taken: bool = False
    #: Exam: a step wrong in its figure (a wrong amount) that was also out of its turn: the
    #: order verdict of the step as planned (the judge names the first mistake only).
    also: Verdict | None = None
    #: The dealer's ruling on an irregularity (then ``step`` is None).
    ruling: Ruled | None = None

    def step_json(self) -> dict[str, Any] | None:
        """The step as recorded: a settlement step, a ruling, or None ("round settled")."""
        if self.ruling is not None:
            return self.ruling.to_json()
        return None if self.step is None else self.step.to_json()

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "step": self.step_json(),
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
    mistakes: tuple[Attempt, ...]  # the attempts that were not right
    ms: int
    complete: bool
    #: The planned steps not done when the round ended (declared settled or given up).
    missed: tuple[Step, ...] = ()
    mode: TableMode = TableMode.PRACTICE
    #: The irregularities that had arisen and were not ruled when the round ended.
    unruled: tuple[Irregularity, ...] = ()
    #: The dealer moved on before declaring the round settled (:meth:`TableRound.give_up`):
    #: never complete, even when nothing was left to do (a throw that decided nothing).
    given_up: bool = False

    @property
    def accuracy(self) -> float:
        """Share of the trainee's attempts that were right (1.0 for a clean round)."""
        return 1.0 if self.attempts == 0 else 1 - len(self.mistakes) / self.attempts


@dataclass
class TableRound:
    """One round: the situation, the rules core's plans, and the trainee's steps so far."""

    game: Game
    seed: int
    difficulty: Difficulty
    ruleset: Ruleset
    situation: Situation
    work: Work
    recorder: RoundRecorder | None = None
    clock: Clock = monotonic_ms
    mode: TableMode = TableMode.PRACTICE
    #: The table exam the round is dealt for (``None``: practice, or a replay).
    exam: ExamTag | None = None
    #: The steps the table has taken as done, in order (exam: a mistake taken as done is
    #: here as planned, e.g. with the amount due; see the module's docstring).
    done: list[Step] = field(default_factory=list)
    attempts: list[Attempt] = field(default_factory=list)
    started_ms: int = 0
    _last_ms: int = 0
    _finished: bool = False
    _given_up: bool = False
    #: The plans the right steps have followed so far (exam: the text the dealer follows).
    _plans: tuple[Plan, ...] = ()
    #: Per plan of ``_plans``, the targets an order mistake jumped (exam: free from then on).
    _jumped: tuple[frozenset[Target], ...] = ()
    #: How many of the situation's irregularities are ruled (taken) so far.
    _ruled: int = 0

    def __post_init__(self) -> None:
        self.mode = TableMode(self.mode)
        self._plans = self.work.plans
        self._jumped = tuple(frozenset() for _ in self._plans)
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

    def act(self, step: Step | DealerCall | Ruled) -> Attempt:
        """Judge ``step`` after the steps done so far. Recorded at once, whatever the
        verdict. Practice: taken only if the round can still be finished correctly, and the
        round ends once every step is done. Exam: taken as the docstring says; the round
        ends only when declared settled (:meth:`close`). A dealer's call (Caribbean Stud's
        deal, ``drills.table.stud_dealing``) is not a step of a round at its showdown."""
        self._verify_open()
        if isinstance(step, Ruled):  # a ruling, given as a step (a scripted dealer's)
            return self.rule(step.choice)
        if isinstance(step, DealerCall):
            return self._record(step, NOT_DEALING, accepted=False, taken=False)
        pending = self.pending()
        if pending is not None:  # nothing is settled before the irregularity is ruled
            return self._record(step, judge_unruled(pending), accepted=False, taken=False)
        if self.mode is TableMode.EXAM:
            return self._act_exam(step)
        verdict = judge(self.work, [*self.done, step])
        on_track = _on_track(verdict, len(self.done))
        attempt = self._record(
            step, RIGHT if on_track else verdict, accepted=on_track, taken=on_track
        )
        if on_track:
            self.done.append(step)
        if verdict.correct:
            self._finish()
        return attempt

    @property
    def irregularities(self) -> tuple[Irregularity, ...]:
        return self.situation.irregularities

    def pending(self) -> Irregularity | None:
        """The irregularity the dealer must rule now (it has arisen and is not ruled)."""
        if self._ruled < len(self.irregularities):
            next_one = self.irregularities[self._ruled]
            if next_one.before <= len(self.done):
                return next_one
        return None

    def upcoming(self) -> tuple[Irregularity, ...]:
        """The irregularities not ruled yet (arisen or still to come)."""
        return self.irregularities[self._ruled :]

    def left_unruled(self) -> tuple[Irregularity, ...]:
        """The irregularities the dealer had to rule and did not: the one that has arisen
        (:meth:`pending`).  One still to come when a round is declared settled too early
        never arose at this table; the round's mistake is then its missing steps, not a
        ruling."""
        pending = self.pending()
        return () if pending is None else (pending,)

    def rule(self, choice: str) -> Attempt:
        """The dealer's choice on the pending irregularity, judged by the rules core against
        the regulation's ruling (:func:`~dealer_trainer.rules.irregular.judge_choice`) and
        recorded at once. Practice: taken only when right (a wrong one is refused, the
        trainee rules again). Exam: taken whatever it was, and the round goes on as the
        regulation rules (a void spin is spun again, a late bet refused), for the table
        cannot go on from a ruling the regulation does not make; the choice is scored."""
        self._verify_open()
        pending = self.pending()
        if pending is None:
            raise ValueError("there is no irregularity to rule now")
        verdict = judge_choice(pending, choice)
        taken = verdict.correct or self.mode is TableMode.EXAM
        attempt = self._record(
            None,
            verdict,
            accepted=verdict.correct,
            taken=taken,
            ruling=Ruled(pending.event, choice),
        )
        if taken:
            self._ruled += 1
        return attempt

    def standing_work(self, step: Step | None = None) -> Work:
        """The work as the table stands, to judge ``step`` on (exam).

        The steps taken so far come first, each a group of its own in the order taken;
        then what each plan still followed leaves of its groups.  The steps an order
        mistake jumped are free: they block nothing and nothing blocks them (a group of
        their own at the end, or at the front when ``step`` is one of them)."""
        taken = {t for done in self.done for t in done.targets}
        plans = []
        for plan, jumped in zip(self._plans, self._jumped, strict=True):
            planned = {s.target: s for s in steps_in_order(plan)}
            ahead = tuple(tuple(planned[t] for t in done.targets) for done in self.done)
            rest: tuple[tuple[Step, ...], ...] = tuple(
                kept
                for kept in (
                    tuple(s for s in group if s.target not in taken | jumped) for group in plan
                )
                if kept
            )
            free = tuple(s for s in planned.values() if s.target in jumped - taken)
            if free and step is not None and set(step.targets) <= jumped:
                rest = (free, *rest)
            elif free:
                rest = (*rest, free)
            plans.append(ahead + rest)
        return replace(self.work, plans=tuple(plans))

    def _act_exam(self, step: Step) -> Attempt:
        standing = self.standing_work(step)
        after = [*self.done, step]
        verdict = judge(standing, after)
        right = _on_track(verdict, len(self.done))
        taken: Step | None = None
        order = verdict if verdict.code in ORDER_CODES else None
        also: Verdict | None = None
        if right or order is not None:
            taken = step
        elif verdict.code in SETTLED_AS_PLANNED:
            taken = self._as_planned(step)
            planned = judge(standing, [*self.done, taken])
            if planned.code in ORDER_CODES:
                order = also = planned
        attempt = self._record(
            step, RIGHT if right else verdict, accepted=right, taken=taken is not None, also=also
        )
        if right:  # keep the plans this step follows (one official text as a whole)
            kept = [
                (plan, jumped)
                for plan, jumped, now in zip(self._plans, self._jumped, standing.plans, strict=True)
                if _on_track(judge(replace(standing, plans=(now,)), after), len(self.done))
            ]
            self._plans = tuple(plan for plan, _ in kept)
            self._jumped = tuple(jumped for _, jumped in kept)
        elif order is not None:  # what it jumped is free from now on
            self._jumped = tuple(
                jumped | _jumped_by(now[len(self.done) :], step)
                for jumped, now in zip(self._jumped, standing.plans, strict=True)
            )
        if taken is not None:
            self.done.append(taken)
        return attempt

    def _as_planned(self, step: Step) -> Step:
        """A step of the right bets with the wrong figure, as the plan has it."""
        planned = {s.target: s for s in steps_in_order(self._plans[0])}
        wanted = [planned[t] for t in step.targets]
        if step.action is Action.MARK:
            return replace(step, number=wanted[0].number)
        if step.action is Action.MOVE:
            return replace(step, to=wanted[0].to)
        return replace(step, amount=sum((s.amount or Decimal(0) for s in wanted), Decimal(0)))

    def missing(self) -> tuple[Step, ...]:
        """The planned steps not done yet, in the plan's order."""
        taken = {t for step in self.done for t in step.targets}
        return tuple(s for s in steps_in_order(self._plans[0]) if s.target not in taken)

    def _verify_open(self) -> None:
        if self._finished:
            raise ValueError("the round is over: start the next one")

    def _record(
        self,
        step: Step | DealerCall | None,
        verdict: Verdict,
        *,
        accepted: bool,
        taken: bool,
        also: Verdict | None = None,
        ruling: Ruled | None = None,
    ) -> Attempt:
        """The recorder first: if it fails (storage), the attempt does not count and the
        round stands as it was, so the trainee never sees a verdict that is not stored."""
        now = self.clock()
        attempt = Attempt(
            len(self.attempts), step, verdict, accepted, now - self._last_ms, taken, also, ruling
        )
        if self.recorder is not None:
            self.recorder.step_tried(self, attempt)
        self._last_ms = now
        self.attempts.append(attempt)
        return attempt

    def close(self) -> Attempt:
        """The dealer declares the round settled (also when a throw decided nothing): right
        if every step is done; otherwise recorded as the step that is missing
        (``step_missing``, a mistake of settlement), even while an irregularity waits to be
        ruled: declaring the round settled rules nothing, so it is no ruling's mistake.  Only
        with nothing left to settle is an irregularity still waiting the mistake (its own
        code).  Practice: a round not finished goes on; exam: it ends, the steps not done
        missed, and the irregularity that had arisen unruled (:meth:`left_unruled`)."""
        self._verify_open()
        pending = self.pending()
        verdict = self.remaining()
        if verdict.correct and pending is not None:
            verdict = judge_unruled(pending)
        attempt = self._record(None, verdict, accepted=verdict.correct, taken=True)
        if verdict.correct or self.mode is TableMode.EXAM:
            self._finish()
        return attempt

    def remaining(self) -> Verdict:
        """What is still to do: the judge's verdict on the steps done (``step_missing``)."""
        return judge(self.standing_work() if self.mode is TableMode.EXAM else self.work, self.done)

    def give_up(self) -> RoundSummary:
        """End the round where it stands (the steps not done count as missed); its time
        runs to now, so a round abandoned is not timed as if it had been quick.  It is
        given up, never complete: a round with nothing left to do is settled only when the
        dealer says so (:meth:`close`)."""
        self._verify_open()
        self._last_ms = self.clock()
        self._given_up = True
        return self._finish()

    def _finish(self) -> RoundSummary:
        self._finished = True
        summary = self.summary()
        if self.recorder is not None:
            self.recorder.round_finished(self, summary)
        return summary

    def summary(self) -> RoundSummary:
        return RoundSummary(
            steps=sum(len(group) for group in self.plan) + len(self.irregularities),
            attempts=len(self.attempts),
            mistakes=tuple(a for a in self.attempts if not a.accepted),
            ms=self._last_ms - self.started_ms,
            complete=self._finished
            and not self._given_up
            and self.remaining().correct
            and not self.upcoming(),
            missed=self.missing() if self._finished else (),
            mode=self.mode,
            unruled=self.left_unruled() if self._finished else (),
            given_up=self._given_up,
        )

    def to_json(self) -> dict[str, Any]:
        """Everything needed to replay the round: its seed, its situation, every attempt."""
        return {
            "game": self.game,
            "mode": str(self.mode),
            "seed": self.seed,
            "difficulty": int(self.difficulty),
            "ruleset": self.ruleset.id,
            "request": self.situation.request,
            "seats": [
                {"player": s.player, "position": s.position, "colour": s.colour}
                for s in self.situation.seats
            ],
            "spots": dict(self.situation.spots),
            **({} if self.situation.dealing is None else {"dealing": self.situation.dealing}),
            **({} if self.situation.run is None else {"run": self.situation.run.to_json()}),
            "irregularities": [i.to_json() for i in self.irregularities],
            **({} if self.exam is None else {"exam": self.exam.to_json()}),
            "attempts": [a.to_json() for a in self.attempts],
        }


def _jumped_by(rest: Plan, step: Step) -> frozenset[Target]:
    """The targets of the groups before ``step``'s turn in what is left of a plan."""
    turn = min(
        (n for n, group in enumerate(rest) for s in group if s.target in step.targets),
        default=0,
    )
    return frozenset(s.target for group in rest[:turn] for s in group)


def _on_track(verdict: Verdict, done: int) -> bool:
    """Right so far: a correct finish, or only steps still to do after the one just judged."""
    return verdict.correct or (verdict.code == "step_missing" and verdict.at == done + 1)


def steps_in_order(plan: Plan) -> Sequence[Step]:
    """One correct way through a plan: its groups in order, each group's steps as listed."""
    return [step for group in plan for step in group]
