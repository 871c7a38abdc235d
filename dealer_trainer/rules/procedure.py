"""The dealer's procedure: the work once the outcome is known, and the judge of it.

``procedure`` answers the steps a dealer does (mark, collect, pay, return, move,
progressive) as ordered groups: the steps of one group in any order, every step
of a group before any step of the next.  ``judge`` takes the steps a trainee did,
in the order done, and names the first one after which no correct finish is
possible (see ``docs/rules-cli.md``, "The dealer's procedure").

A game may accept more than one plan (roulette's Art. 5(1) in either official
text): the trainee's work is right if it follows one plan as a whole; otherwise
the verdict is that of the plan the work followed furthest.  This module is the
game-independent part: the step record, the JSON of steps, and the judge.  Each
game's ``procedure`` module builds its plans from its own settlement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum, unique
from typing import Any

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import shown
from dealer_trainer.rules.money import fmt, parse_amount
from dealer_trainer.rules.requests import expect_list, invalid, read_steps
from dealer_trainer.rules.rulesets import Ruleset

BetId = str | int


@unique
class Action(StrEnum):
    MARK = "mark"  # roulette: the marker on the winning number (Art. 4)
    COLLECT = "collect"  # a losing bet to the bank
    PAY = "pay"  # the win beside the bet; the stake stays with it
    RETURN = "return"  # a stake handed back (a push, a raise when the dealer does not qualify)
    MOVE = "move"  # craps: a come / don't come bet to its come point
    PROGRESSIVE = "progressive"  # Caribbean Stud: a progressive award (Art. 10)


#: What each action names on the table, for messages: "collect bet a".
_VERBS = {
    Action.MARK: "place the marker",
    Action.COLLECT: "collect",
    Action.PAY: "pay",
    Action.RETURN: "return",
    Action.MOVE: "move",
    Action.PROGRESSIVE: "pay the progressive award of",
}


@dataclass(frozen=True)
class Target:
    """What a step acts on: a bet by id, a box's spot, a box's progressive, or the marker."""

    bet: BetId | None = None
    box: int | None = None
    spot: str | None = None
    progressive: bool = False
    marker: bool = False

    def describe(self, names: Mapping[Target, str]) -> str:
        if self in names:
            return names[self]
        if self.marker:
            return "the marker"
        if self.bet is not None:
            return f"bet {shown(self.bet)}"
        if self.progressive:
            return f"box {self.box}'s progressive"
        return f"box {self.box} {self.spot}"


@dataclass(frozen=True)
class Step:
    """One step of the dealer's work (as planned, or as a trainee did it)."""

    action: Action
    target: Target
    amount: Decimal | None = None  # pay and progressive
    number: int | None = None  # mark
    to: int | None = None  # move
    #: A payment of one player's several winning bets together (roulette Art. 5(2)).
    bets: tuple[BetId, ...] = ()
    citation: Citation | None = None

    @property
    def targets(self) -> tuple[Target, ...]:
        """What the step settles: each bet of a payment together, else its one target."""
        if self.bets:
            return tuple(Target(bet=b) for b in self.bets)
        return (self.target,)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"action": str(self.action)}
        if self.bets:
            out["bets"] = list(self.bets)
        elif self.target.bet is not None:
            out["bet"] = self.target.bet
        elif self.target.box is not None:
            out["box"] = self.target.box
            if self.target.spot is not None:
                out["spot"] = self.target.spot
        if self.number is not None:
            out["number"] = self.number
        if self.to is not None:
            out["to"] = self.to
        if self.amount is not None:
            out["amount"] = fmt(self.amount)
        out["citation"] = None if self.citation is None else str(self.citation)
        return out


Plan = tuple[tuple[Step, ...], ...]


@dataclass(frozen=True)
class Work:
    """A game's answer to "what must the dealer do": its plans, and what the judge needs."""

    plans: tuple[Plan, ...]  # the first is the one ``procedure`` shows
    #: Every target on the table, with its name for messages ("bet a (corner 17-18-20-21)").
    names: Mapping[Target, str]
    #: Targets on the table that need no step now (a craps bet with no decision).
    idle: Mapping[Target, str] = field(default_factory=dict)
    #: Of the idle targets, the craps bets this throw tied (a 12 on a Don't bet's first
    #: throw, «empatando», Art. 3(1)): they stay where they are, untouched.
    tied: frozenset[Target] = frozenset()
    #: The article that leaves each idle target where it is (a Big 6 on a 10: Art. 9).
    idle_citations: Mapping[Target, Citation] = field(default_factory=dict)
    #: Bet id → player id, where the request says (roulette Art. 5(2)).
    players: Mapping[BetId, str] = field(default_factory=dict)
    #: The citation of a mistake of order, from the step that waits and the one done too
    #: early (None: that order is table procedure, not in the regulation).
    order_citation: Callable[[Step, Step], Citation | None] = lambda waiting, done: None
    #: The citation of paying before every loser is collected (None: table procedure).
    collect_first_citation: Citation | None = None
    #: The article that lets one player's winning bets be paid together (roulette Art. 5(2)):
    #: cited when a bet passed over at its turn for such a payment is then paid on its own.
    together_citation: Citation | None = None

    def procedure_json(self) -> dict[str, Any]:
        return {"steps": [[step.to_json() for step in group] for group in self.plans[0]]}


@dataclass(frozen=True)
class Verdict:
    correct: bool
    at: int = 0
    code: str = ""
    message: str = ""
    citation: Citation | None = None
    #: For a step done too early: the step's target that had to come first (not in the JSON;
    #: for a screen to name it in the reader's language).
    waiting: Target | None = None
    #: The target the mistake is about (the bet settled twice, missing, paid too early ...;
    #: not in the JSON: for a quiz to name it in the reader's language).
    about: Target | None = None

    def to_json(self) -> dict[str, Any]:
        if self.correct:
            return {"correct": True}
        return {
            "correct": False,
            "at": self.at,
            "code": self.code,
            "message": self.message,
            "citation": None if self.citation is None else str(self.citation),
        }


RIGHT = Verdict(True)


# ------------------------------------------------------------- reading steps --

_STEP_KEYS = {"action", "bet", "bets", "box", "spot", "amount", "number", "to", "citation"}
#: The keys a step of these actions cannot do without (``docs/rules-cli.md``'s table).
_NEEDS = {
    "amount": (Action.PAY, Action.PROGRESSIVE),
    "number": (Action.MARK,),
    "to": (Action.MOVE,),
}


def read_done(request: Mapping[str, Any]) -> list[Step]:
    """The trainee's steps of a ``judge`` request (bad shapes are bad input, exit 2)."""
    return read_steps(request, _STEP_KEYS, _read_step)


def _read_step(obj: Mapping[str, Any], where: str) -> Step:
    action_text = obj.get("action")
    values = [a.value for a in Action]
    if not isinstance(action_text, str) or action_text not in values:
        known = ", ".join(values)
        raise invalid(f"{where}.action must be one of {known}, not {shown(action_text)}.")
    action = Action(action_text)
    for needed, actions in _NEEDS.items():
        if needed not in obj and action in actions:
            raise invalid(f'{where} is a {action} step without "{needed}".')
    amount = parse_amount(obj["amount"], f"{where}.amount") if "amount" in obj else None
    bets: tuple[BetId, ...] = ()
    if "bets" in obj:
        listed = expect_list(obj["bets"], f"{where}.bets")
        if action is not Action.PAY or not listed:
            raise invalid(f"{where}.bets names the bets of one pay step (at least one).")
        bets = tuple(_bet_id(v, f"{where}.bets") for v in listed)
    target = Target(
        bet=_bet_id(obj["bet"], f"{where}.bet") if "bet" in obj else (bets[0] if bets else None),
        box=_whole(obj["box"], f"{where}.box") if "box" in obj else None,
        spot=_text(obj["spot"], f"{where}.spot") if "spot" in obj else None,
        progressive=action is Action.PROGRESSIVE,
        marker=action is Action.MARK,
    )
    if action is Action.MARK:
        target = Target(marker=True)
    elif target.bet is None and target.box is None:
        raise invalid(f'{where} names no bet: give "bet", or "box" and "spot".')
    elif action is Action.PROGRESSIVE and target.spot is not None:
        raise invalid(f'{where} is a progressive award: it names its "box", not a "spot".')
    elif action is not Action.PROGRESSIVE and target.box is not None and target.spot is None:
        raise invalid(f'{where} names box {target.box} without its "spot" ("ante" or "raise").')
    return Step(
        action=action,
        target=target,
        amount=amount,
        number=_whole(obj["number"], f"{where}.number") if "number" in obj else None,
        to=_whole(obj["to"], f"{where}.to") if "to" in obj else None,
        bets=bets,
    )


def _bet_id(value: Any, where: str) -> BetId:
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise invalid(f"{where} must be a bet id (a string or a whole number), not {shown(value)}.")
    return value


def _whole(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise invalid(f"{where} must be a whole number, not {shown(value)}.")
    return value


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise invalid(f"{where} must be a string, not {shown(value)}.")
    return value


# ------------------------------------------------------------------ the judge --


def judge(work: Work, done: Sequence[Step]) -> Verdict:
    """Right if ``done`` follows one of the plans as a whole; else the furthest plan's verdict."""
    verdicts = [_judge_plan(work, plan, done) for plan in work.plans]
    if any(v.correct for v in verdicts):
        return RIGHT
    return max(verdicts, key=lambda v: v.at)  # the first of the furthest, by max's rule


def _judge_plan(work: Work, plan: Plan, done: Sequence[Step]) -> Verdict:
    found = _walk(work, plan, done, every=False)
    return found[0] if found else RIGHT


def every_mistake(work: Work, plan: Plan, done: Sequence[Step]) -> tuple[Verdict, ...]:
    """Every mistake of ``done`` against one plan, in the order done (the missing steps last,
    in the plan's order), by the same checks as :func:`judge`, whose verdict is the first.

    After a mistake the judge goes on as if the step had been done as it should have been
    (its bets are settled), so each later step is judged on its own: a list of what went
    wrong for a quiz's feedback, where the table and the CLI stop at the first.
    """
    return tuple(_walk(work, plan, done, every=True))


def _walk(work: Work, plan: Plan, done: Sequence[Step], *, every: bool) -> list[Verdict]:
    """The mistakes of ``done`` against ``plan``: the first only, or ``every`` one."""
    expected: dict[Target, Step] = {}  # in the plan's order, which names what waits first
    group_of: dict[Target, int] = {}
    for index, group in enumerate(plan):
        for step in group:
            expected[step.target] = step
            group_of[step.target] = index
    place = {target: n for n, target in enumerate(expected)}
    pending = set(expected)
    settled: set[Target] = set()
    # The group the dealer has reached: a step right in its order comes at a turn no earlier.
    reached = 0
    # A winning bet passed over at its turn (Art. 5(2)), and the first step that passed it.
    passed_by: dict[Target, Target] = {}
    name = work.names
    found: list[Verdict] = []

    def mistake(
        at: int,
        code: str,
        message: str,
        citation: Citation | None,
        waiting: Target | None = None,
        about: Target | None = None,
    ) -> bool:
        """Record a mistake; True when the walk stops here (the first mistake is enough)."""
        found.append(Verdict(False, at, code, message, citation, waiting, about))
        return not every

    def settle(targets: Sequence[Target]) -> None:
        for target in targets:
            if target in expected:
                pending.discard(target)
                settled.add(target)

    def refusal(step: Step) -> tuple[Target, str, str, Citation | None] | None:
        """Why ``step`` cannot be taken: a target not on the table (any of them first),
        else the first target settled already, not decided, or needing no such step."""
        for target in step.targets:
            if target not in name and not target.marker:
                return (
                    target,
                    "not_on_table",
                    f"There is no {target.describe(name)} on the table.",
                    None,
                )
        for target in step.targets:
            if target in settled:
                citation = expected[target].citation if target in expected else None
                return (
                    target,
                    "settled_twice",
                    f"{_cap(target.describe(name))} was already settled.",
                    citation,
                )
            if target in work.idle:
                return target, "no_decision", work.idle[target], work.idle_citations.get(target)
            if target not in expected:
                return (
                    target,
                    "no_step",
                    f"{_cap(target.describe(name))} needs no {step.action} step now.",
                    None,
                )
        return None

    for at, step in enumerate(done):
        targets = step.targets
        refused = refusal(step)
        if refused is not None:
            target, code, message, because = refused
            if mistake(at, code, message, because, about=target):
                return found
            settle([t for t in targets if t not in settled])
            continue
        for verdict in _check_step(work, step, targets, expected, at):
            found.append(verdict)
            if not every:
                return found
        # Order: a step comes at the turn of one of its bets (a payment of one player's bets
        # together, at the turn of any of them; any other step, at its own), never before
        # the group the dealer has reached, and not while an earlier group still has a step
        # that no later payment together can carry.  The earliest such turn is taken.
        turns = [g for g in sorted({group_of[t] for t in targets}) if g >= reached]
        if not turns:  # a bet passed over at its turn, now paid on its own: too late
            late = targets[0]
            passer = passed_by.get(late)
            past = ""
            if passer is not None:
                past = f" before you {_verb(expected[passer])} {passer.describe(name)}"
            if mistake(
                at,
                "out_of_turn",
                f"{_cap(_verb(expected[late]))} {late.describe(name)}{past}: paid on its own, "
                "a bet keeps its turn; past its turn, it is paid only together with a later "
                "bet of its player (an interpretation of Art. 5(2)).",
                work.together_citation or work.order_citation(expected[late], expected[late]),
                late,
                passer or late,
            ):
                return found
            settle(targets)
            continue
        turn = turns[0]
        behind = [t for t in pending if group_of[t] < turn and t not in targets]
        blocking = sorted(
            (
                t
                for t in behind
                if not _carried_later(work, t, targets, pending, expected, group_of, turn)
            ),
            key=place.__getitem__,
        )
        if not blocking:
            reached = turn
            for t in behind:
                passed_by.setdefault(t, targets[0])
        if blocking:
            first = blocking[0]
            waiting = expected[first]
            if waiting.action is Action.COLLECT and step.action is not Action.COLLECT:
                stop = mistake(
                    at,
                    "paid_before_collecting",
                    f"Every losing bet is collected before any bet is paid: "
                    f"{first.describe(name)} must be collected before you {_verb(step)} "
                    f"{_targets_text(targets, name)}.",
                    work.collect_first_citation,
                    first,
                    targets[0],
                )
            else:
                stop = mistake(
                    at,
                    "out_of_turn",
                    f"{_cap(_verb(waiting))} {first.describe(name)} before you {_verb(step)} "
                    f"{_targets_text(targets, name)}: you did it out of turn.",
                    work.order_citation(waiting, expected[targets[0]]),
                    first,
                    targets[0],
                )
            if stop:
                return found
        settle(targets)
    for first in sorted(pending, key=place.__getitem__):
        if mistake(
            len(done),
            "step_missing",
            f"A step is missing: {_verb(expected[first])} {first.describe(name)}.",
            expected[first].citation,
            about=first,
        ):
            return found
    return found


def _check_step(
    work: Work, step: Step, targets: tuple[Target, ...], expected: Mapping[Target, Step], at: int
) -> Iterator[Verdict]:
    """What is wrong with the step itself (its players, action or figure), the first first."""
    name = work.names
    if step.bets:
        players = {work.players.get(b) for b in step.bets}
        if len(step.bets) > 1 and (None in players or len(players) != 1):
            yield Verdict(
                False,
                at,
                "not_one_player",
                "Bets are paid together only when they are one player's "
                f"({_targets_text(targets, name)} are not).",
                expected[targets[0]].citation,
                about=targets[0],
            )
        if len(set(step.bets)) != len(step.bets):
            yield Verdict(
                False,
                at,
                "settled_twice",
                "A bet is named twice in one payment.",
                expected[targets[0]].citation,
                about=targets[0],
            )
    wanted = [expected[t] for t in targets]
    for plan_step, target in zip(wanted, targets, strict=True):
        if plan_step.action is not step.action:
            yield Verdict(
                False,
                at,
                _wrong_action_code(step.action, plan_step.action),
                f"{_cap(target.describe(name))} is not to {_VERBS[step.action]}: "
                f"{_verb(plan_step)} it.",
                plan_step.citation,
                about=target,
            )
            return  # one wrong action is enough to say of a step
    first = wanted[0]
    if step.action is Action.MARK and step.number != first.number:
        yield Verdict(
            False,
            at,
            "wrong_number",
            f"The marker goes on {first.number}, the winning number, not on {step.number}.",
            first.citation,
            about=first.target,
        )
    if step.action is Action.MOVE and step.to != first.to:
        yield Verdict(
            False,
            at,
            "wrong_point",
            f"{_cap(first.target.describe(name))} goes to its come point {first.to}, "
            f"not {step.to}.",
            first.citation,
            about=first.target,
        )
    if step.action in (Action.PAY, Action.PROGRESSIVE):
        due = sum((s.amount or Decimal(0) for s in wanted), Decimal(0))
        if step.amount != due:
            yield Verdict(
                False,
                at,
                "wrong_amount",
                f"{_cap(_targets_text(targets, name))} is paid {fmt(due)}, not "
                f"{fmt(step.amount or Decimal(0))}.",
                first.citation,
                about=targets[0],
            )


def _wrong_action_code(done: Action, wanted: Action) -> str:
    if done is Action.PAY and wanted is Action.COLLECT:
        return "paid_a_loser"
    if done is Action.COLLECT and wanted in (Action.PAY, Action.RETURN, Action.MOVE):
        return "collected_a_winner" if wanted is Action.PAY else "collected_a_stake_that_stays"
    return "wrong_action"


def _carried_later(
    work: Work,
    waiting: Target,
    now: tuple[Target, ...],
    pending: set[Target],
    expected: Mapping[Target, Step],
    group_of: Mapping[Target, int],
    turn: int,
) -> bool:
    """Art. 5(2), as the digest reads it: a winning bet left behind at its turn is no mistake
    while a later payment of the same player's bets together can still carry it, that is
    while another of their winning bets, still to pay, has its turn no earlier than ``turn``
    (the turn of the step done now): such a payment may come at the turn of any of its bets.
    A bet paid on its own keeps its turn, whoever holds it; a losing bet is never carried:
    every loser is collected first."""
    player = work.players.get(waiting.bet) if waiting.bet is not None else None
    if player is None or expected[waiting].action is not Action.PAY:
        return False
    return any(
        t not in now and t != waiting and work.players.get(t.bet) == player
        for t in pending
        if t.bet is not None and expected[t].action is Action.PAY and group_of[t] >= turn
    )


def _verb(step: Step) -> str:
    return _VERBS[step.action]


def _targets_text(targets: Sequence[Target], names: Mapping[Target, str]) -> str:
    return " and ".join(t.describe(names) for t in targets)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# ------------------------------------------------------------- the CLI verbs --

WorkOf = Callable[[Mapping[str, Any], Ruleset], Work]


def procedure_answer(
    work_of: WorkOf, request: Mapping[str, Any], ruleset: Ruleset
) -> dict[str, Any]:
    """The ``procedure`` answer: the first plan's groups of steps."""
    return work_of(request, ruleset).procedure_json()


def judge_answer(work_of: WorkOf, request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """The ``judge`` answer: a ``settle`` request plus ``"done"``, judged against the plans."""
    done = read_done(request)
    settle_input = {k: v for k, v in request.items() if k != "done"}
    return judge(work_of(settle_input, ruleset), done).to_json()
