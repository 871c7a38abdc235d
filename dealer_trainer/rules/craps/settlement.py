"""The dealer's work after one throw, and the judge of the order it was done in.

Portaria n.º 97/85/M says how each bet is decided (Arts. 1 to 12) but sets no
order of settlement: no article says which bets are settled first.  Collecting
every losing bet before paying any winner is table procedure (先殺後賠), the
ruleset setting ``collect_before_pay`` (default on); when it is off the decided
bets may be settled in any order.  So a step cites the article that decided its
bet, and an order problem cites nothing: ``citation`` is ``None`` where the
answer rests on table procedure, as the rules CLI contract writes ``null``.

A throw leaves some bets on the layout with no decision (a Pass Line whose
point is on, a hard way or a Big bet the throw did not touch, a Don't Pass
that ties on a come-out 12, «empatando», Art. 3(1)): they have no step, and
settling one is a mistake of its own (:attr:`OrderCode.NO_DECISION`).

The judge of an order is the dealer's procedure's (:mod:`dealer_trainer.rules.procedure`,
on :func:`throw_work`), the one the CLI's ``judge`` and the live table use;
:func:`judge_order` lists each of its findings for the quiz.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique

from dealer_trainer.rules import procedure
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps.model import BetKind, BetState, InvalidThrow, Outcome, Roll
from dealer_trainer.rules.craps.table import Table, bet_name
from dealer_trainer.rules.errors import RulesError


@unique
class Action(StrEnum):
    """What the dealer does with one bet, as the rules CLI's ``procedure`` names it."""

    COLLECT = "collect"  # a losing bet goes to the bank
    PAY = "pay"  # the win beside the bet (the stake stays with it)
    RETURN = "return"  # the stake goes back: odds under the house option come_odds_off
    MOVE = "move"  # a Come or Don't Come bet goes to its come point


@dataclass(frozen=True)
class Step:
    """One bet's step after the throw, with the article that decided (or moved) it."""

    action: Action
    bet: str
    citation: Citation
    amount: Decimal | None = None  # PAY: the win
    to: int | None = None  # MOVE: the come point


@dataclass(frozen=True)
class ThrowSettlement:
    """The steps of one throw in ordered groups, and the bets it leaves on the layout.

    The steps of one group may be done in any order; every step of a group comes
    before any step of the next.  With ``collect_before_pay`` (table procedure)
    the collects are the first group; without it there is one group.
    """

    groups: tuple[tuple[Step, ...], ...]
    staying: tuple[BetState, ...]
    collect_first: bool
    event: int = -1  # the throw's index in the table's events

    def tied(self, state: BetState) -> bool:
        """Whether ``state`` stays because it tied on this throw (a 12 on its first throw)."""
        return state.tied_at(self.event)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(step for group in self.groups for step in group)

    def step(self, bet_id: str) -> Step | None:
        return next((s for s in self.steps if s.bet == bet_id), None)


def settle_throw(table: Table, event: int) -> ThrowSettlement:
    """What the throw ``event`` of ``table``'s history leaves the dealer to do."""
    if not 0 <= event < len(table.events):
        raise RulesError("invalid_request", f"There is no event {event} in this history.")
    throw = table.events[event]
    if not isinstance(throw, Roll | InvalidThrow):
        raise RulesError("invalid_request", f"Event {event} is a bet, not a throw.")
    collects: list[Step] = []
    others: list[Step] = []
    staying: list[BetState] = []
    for state in _on_layout(table, event):
        decision = state.decision
        if decision is not None and decision.event == event:
            if decision.outcome is Outcome.LOSE:
                collects.append(Step(Action.COLLECT, state.id, decision.citation))
            elif decision.outcome is Outcome.WIN:
                others.append(Step(Action.PAY, state.id, decision.citation, amount=decision.win))
            else:
                others.append(Step(Action.RETURN, state.id, decision.citation))
        elif _moved(state, throw):
            others.append(Step(Action.MOVE, state.id, state.governing, to=state.point))
        else:
            staying.append(state)
    collect_first = table.rules.collect_before_pay
    if collect_first:
        groups = tuple(group for group in (tuple(collects), tuple(others)) if group)
    else:
        groups = (tuple(collects + others),) if collects or others else ()
    return ThrowSettlement(groups, tuple(staying), collect_first, event)


def _on_layout(table: Table, event: int) -> tuple[BetState, ...]:
    """The bets on the layout when the throw ``event`` landed: placed before it, not yet decided."""
    return tuple(
        s
        for s in table.bets
        if s.placed_at < event and (s.decided_at is None or s.decided_at >= event)
    )


def _moved(state: BetState, throw: Roll | InvalidThrow) -> bool:
    """A Come or Don't Come bet on the layout, not decided by ``throw``, sent to its come point.

    A come bet's point is set once, by its first valid throw; had it had this
    throw's total as its point before, this throw would have decided it.  So a
    come bet this throw left undecided whose point is the throw's total got it now.
    """
    return (
        state.kind in (BetKind.COME, BetKind.DONT_COME)
        and isinstance(throw, Roll)
        and state.point == throw.total
    )


@unique
class OrderCode(StrEnum):
    """What is wrong with an order of settlement; stable, snake_case, as the CLI's ``judge``."""

    NOT_ON_LAYOUT = "not_on_layout"
    SETTLED_TWICE = "settled_twice"
    NO_DECISION = "no_decision"
    NOT_SETTLED = "not_settled"
    PAID_BEFORE_COLLECTING = "paid_before_collecting"


@dataclass(frozen=True)
class OrderProblem:
    """One mistake in an order of settlement.

    ``bet`` is the bet it is about; for :attr:`OrderCode.PAID_BEFORE_COLLECTING`
    ``bet`` is the loser collected late and ``paid`` the winner paid before it.
    ``citation`` is the article that decided the bet, or ``None`` where the
    mistake is against table procedure (``collect_before_pay``), not an article.
    """

    code: OrderCode
    bet: str
    citation: Citation | None
    paid: str | None = None


@dataclass(frozen=True)
class OrderVerdict:
    correct: bool
    problems: tuple[OrderProblem, ...]


#: The dealer's procedure's action of each step of a throw.
PROCEDURE_ACTIONS = {
    Action.COLLECT: procedure.Action.COLLECT,
    Action.PAY: procedure.Action.PAY,
    Action.RETURN: procedure.Action.RETURN,
    Action.MOVE: procedure.Action.MOVE,
}


def throw_work(
    settlement: ThrowSettlement,
    names: Mapping[procedure.Target, str],
    ids: Mapping[str, procedure.BetId] | None = None,
) -> procedure.Work:
    """The dealer's procedure after the throw (one plan: its groups of steps) and the bets it
    leaves on the layout, for :func:`dealer_trainer.rules.procedure.judge`; ``ids`` maps the
    table's bet ids to a request's (the CLI's), ``names`` names every bet the judge knows."""
    given = ids or {}

    def target(bet_id: str) -> procedure.Target:
        return procedure.Target(bet=given.get(bet_id, bet_id))

    plan = tuple(
        tuple(
            procedure.Step(
                PROCEDURE_ACTIONS[step.action],
                target(step.bet),
                amount=step.amount,
                to=step.to,
                citation=step.citation,
            )
            for step in group
        )
        for group in settlement.groups
    )
    idle = {
        target(state.id): (
            f"Bet {state.id} ({bet_name(state.kind)}) ties on 12 («empatando»): the tie "
            "decides nothing, so the bet stays where it is, untouched, and the next throw "
            "is again its first."
            if settlement.tied(state)
            else f"Bet {state.id} ({bet_name(state.kind)}) has no decision on this throw: "
            "it stays on the layout."
        )
        for state in settlement.staying
    }
    tied = frozenset(target(s.id) for s in settlement.staying if settlement.tied(s))
    because = {target(state.id): state.governing for state in settlement.staying}
    return procedure.Work(plans=(plan,), names=names, idle=idle, tied=tied, idle_citations=because)


def judge_order(settlement: ThrowSettlement, handled: Sequence[str]) -> OrderVerdict:
    """Judge the bets a dealer settled after a throw, in the order settled.

    Every decided bet must be settled once; a bet the throw did not decide is
    left on the layout; with ``collect_before_pay`` every loser comes first.

    The judge is the dealer's procedure's (:func:`dealer_trainer.rules.procedure.every_mistake`
    on :func:`throw_work`, the one the CLI and the live table use); this lists its findings
    as the quiz says them: each bet settled again, not decided, not on the layout (in the
    order settled), each bet never settled, and each loser collected after the first winner
    was paid (or odds returned, or come bet moved).
    """
    steps = {s.bet: s for s in settlement.steps}
    staying = {s.id: s for s in settlement.staying}
    names = {procedure.Target(bet=b): f"bet {b}" for b in [*steps, *staying]}
    work = throw_work(settlement, names)
    plan = work.plans[0]
    done = [
        procedure.Step(
            PROCEDURE_ACTIONS[steps[b].action] if b in steps else procedure.Action.COLLECT,
            procedure.Target(bet=b),
            amount=steps[b].amount if b in steps else None,
            to=steps[b].to if b in steps else None,
        )
        for b in handled
    ]
    found = procedure.every_mistake(work, plan, done)
    problems: list[OrderProblem] = []
    for verdict in found:
        about = verdict.about
        bet = "" if about is None else str(about.bet)
        problem = None
        if verdict.code == "settled_twice":
            problem = OrderProblem(OrderCode.SETTLED_TWICE, bet, steps[bet].citation)
        elif verdict.code == "no_decision":
            problem = OrderProblem(OrderCode.NO_DECISION, bet, staying[bet].governing)
        elif verdict.code == "not_on_table":
            problem = OrderProblem(OrderCode.NOT_ON_LAYOUT, bet, None)
        elif verdict.code == "step_missing":
            problem = OrderProblem(OrderCode.NOT_SETTLED, bet, steps[bet].citation)
        # A bet named again that is not one of the throw's steps is said once.
        if problem is not None and (
            problem.code is OrderCode.SETTLED_TWICE or problem not in problems
        ):
            problems.append(problem)
    early = next((v for v in found if v.code == "paid_before_collecting"), None)
    if early is not None:
        # Each loser collected after the first winner paid (a loser never collected is
        # not settled, above).
        settled = list(dict.fromkeys(b for b in handled if b in steps))
        first_other = handled[early.at]
        problems.extend(
            OrderProblem(OrderCode.PAID_BEFORE_COLLECTING, b, None, paid=first_other)
            for b in settled[settled.index(first_other) + 1 :]
            if steps[b].action is Action.COLLECT
        )
    return OrderVerdict(not problems, tuple(problems))
