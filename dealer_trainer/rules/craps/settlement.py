"""The dealer's work after one throw, and the judge of the order it was done in.

Portaria n.º 97/85/M says how each bet is decided (Arts. 1 to 12) but sets no
order of settlement: no article says which bets are settled first.  Collecting
every losing bet before paying any winner is table procedure (先殺後賠), the
ruleset setting ``collect_before_pay`` (default on); when it is off the decided
bets may be settled in any order.  So a step cites the article that decided its
bet, and an order problem cites nothing: ``citation`` is ``None`` where the
answer rests on table procedure, as the rules CLI contract writes ``null``.

A throw leaves some bets on the layout with no decision (a Pass Line whose
point is on, a hard way or a Big bet the throw did not touch): they have no
step, and settling one is a mistake of its own (:attr:`OrderCode.NO_DECISION`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps.model import BetKind, BetState, InvalidThrow, Outcome, Roll
from dealer_trainer.rules.craps.table import Table
from dealer_trainer.rules.errors import RulesError


@unique
class Action(StrEnum):
    """What the dealer does with one bet, as the rules CLI's ``procedure`` names it."""

    COLLECT = "collect"  # a losing bet goes to the bank
    PAY = "pay"  # the win beside the bet (the stake stays with it)
    RETURN = "return"  # a push: the stake goes back (Don't Pass on a come-out 12)
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
    return ThrowSettlement(groups, tuple(staying), collect_first)


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


def judge_order(settlement: ThrowSettlement, handled: Sequence[str]) -> OrderVerdict:
    """Judge the bets a dealer settled after a throw, in the order settled.

    Every decided bet must be settled once; a bet the throw did not decide is
    left on the layout; with ``collect_before_pay`` every loser comes first.
    """
    steps = {s.bet: s for s in settlement.steps}
    staying = {s.id: s for s in settlement.staying}
    problems: list[OrderProblem] = []
    seen: set[str] = set()
    for bet_id in handled:
        if bet_id in seen:
            if bet_id in steps:
                problems.append(
                    OrderProblem(OrderCode.SETTLED_TWICE, bet_id, steps[bet_id].citation)
                )
            continue
        seen.add(bet_id)
        if bet_id in staying:
            problems.append(OrderProblem(OrderCode.NO_DECISION, bet_id, staying[bet_id].governing))
        elif bet_id not in steps:
            problems.append(OrderProblem(OrderCode.NOT_ON_LAYOUT, bet_id, None))
    problems.extend(
        OrderProblem(OrderCode.NOT_SETTLED, step.bet, step.citation)
        for step in settlement.steps
        if step.bet not in seen
    )
    if settlement.collect_first:
        settled = [steps[b] for b in dict.fromkeys(handled) if b in steps]
        # The first winner paid (or push returned, or come bet moved): no collect after it.
        first_other = next((s for s in settled if s.action is not Action.COLLECT), None)
        if first_other is not None:
            late = settled[settled.index(first_other) + 1 :]
            for step in late:
                if step.action is Action.COLLECT:
                    problems.append(
                        OrderProblem(
                            OrderCode.PAID_BEFORE_COLLECTING, step.bet, None, paid=first_other.bet
                        )
                    )
    return OrderVerdict(not problems, tuple(problems))
