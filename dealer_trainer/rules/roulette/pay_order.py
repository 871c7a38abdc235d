"""Judging a dealer's order of settlement against Art. 5: collect, then pay in order.

Art. 5(1) has two official texts that differ on six-lines, streets and corners
(Portuguese: lines, streets, corners; Chinese: lines and corners as one step,
then streets).  The ruleset's ``street_corner_order`` says which texts the
judge holds an order to (:func:`~dealer_trainer.rules.roulette.settle.pay_texts`);
under the default ``either`` an order is right when it follows one of the two
texts as a whole, never a mix of them.

Art. 5(2): one player's several winning bets may be paid together.  A step of
the handling is then a tuple of those bets' ids; by the digest's
interpretation such a payment may be made at the turn of any of its bets,
while a bet paid on its own keeps its own turn, whoever holds it.

There is one judge: the dealer's procedure's (:mod:`dealer_trainer.rules.procedure`),
which the CLI's ``judge`` and the live table use.  :func:`judge_order` asks it for
every mistake of the quiz's answer on the plans of
:func:`~dealer_trainer.rules.roulette.procedure.order_plan` and says each as the quiz
does (bets by their ids, the text an order is held to).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules import procedure
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.money import ZERO
from dealer_trainer.rules.roulette.bets import BetKind
from dealer_trainer.rules.roulette.procedure import order_plan
from dealer_trainer.rules.roulette.settle import (
    BetResult,
    Outcome,
    PayOrderText,
    Settlement,
    pay_texts,
)
from dealer_trainer.rules.rulesets import Ruleset

#: One step of the handling: a bet collected or paid, or one player's winning bets paid
#: together (Art. 5(2)).
Step = str | tuple[str, ...]

#: The bets whose place the two texts of Art. 5(1) set differently.
TEXTS_DIFFER_ON = frozenset({BetKind.LINE, BetKind.STREET, BetKind.CORNER})


@unique
class ProblemCode(StrEnum):
    """What went wrong, by a stable name (the ``code`` of the CLI's ``judge`` verdicts)."""

    UNKNOWN_BET = "not_on_table"
    SETTLED_TWICE = "settled_twice"
    NEVER_SETTLED = "step_missing"
    PAID_BEFORE_COLLECTING = "paid_before_collecting"
    OUT_OF_TURN = "paid_out_of_turn"
    LOSER_PAID = "loser_paid"
    NOT_ONE_PLAYER = "not_one_player"


@dataclass(frozen=True)
class OrderProblem:
    """One mistake in the handling.

    ``bet`` is the bet the mistake is about (for a bet paid out of its turn, the bet paid too
    early); ``before`` is, for :attr:`ProblemCode.OUT_OF_TURN`, the bet that had to be paid
    before it, and for :attr:`ProblemCode.PAID_BEFORE_COLLECTING` the losing bet that had to
    be collected first.  ``text`` names the official text of Art. 5(1) the order was held to
    (the one it followed longest); ``mixed`` says that it follows each text in part.
    ``message`` is one English sentence with the request's bet ids (for the CLI).
    """

    code: ProblemCode
    message: str
    citation: Citation
    bet: str | None = None
    before: str | None = None
    text: PayOrderText | None = None
    mixed: bool = False


@dataclass(frozen=True)
class OrderVerdict:
    """Whether a sequence of bets handled is the order of Art. 5, and why not.

    ``texts_differ``: the two texts of Art. 5(1) order these winning bets differently.
    ``followed``: the texts allowed by the ruleset whose order the handling follows
    (empty when it is wrong).
    """

    correct: bool
    problems: tuple[OrderProblem, ...]
    followed: tuple[PayOrderText, ...]
    texts_differ: bool


def texts_differ(results: Sequence[BetResult]) -> bool:
    """Do the two texts of Art. 5(1) order these bets' winners differently?

    They do when a corner wins with a six-line or with a street: the Portuguese text pays
    lines, streets, corners; the Chinese text lines and corners together, then streets.
    """
    kinds = {r.bet.kind for r in results if r.outcome is Outcome.WIN}
    return BetKind.CORNER in kinds and bool(kinds & {BetKind.LINE, BetKind.STREET})


def _steps(handled: Sequence[Step]) -> list[tuple[str, ...]]:
    return [(step,) if isinstance(step, str) else tuple(step) for step in handled]


def _text_work(
    ruleset: Ruleset, settlement: Settlement
) -> tuple[procedure.Work, dict[PayOrderText, procedure.Plan]]:
    """The dealer's procedure for the quiz (:mod:`~dealer_trainer.rules.roulette.procedure`'s
    plans, without the marker a quiz does not place): one plan per text the ruleset allows."""
    bets, number = [r.bet for r in settlement.results], settlement.number
    plans = {
        text: order_plan(ruleset.with_settings({"street_corner_order": str(text)}), bets, number)
        for text in pay_texts(ruleset)
    }
    art5_1 = ruleset.cite(5, 1)
    work = procedure.Work(
        plans=tuple(plans.values()),
        names={procedure.Target(bet=r.bet.id): f"bet {r.bet.id}" for r in settlement.results},
        players={r.bet.id: r.bet.player for r in settlement.results if r.bet.player is not None},
        order_citation=lambda waiting, done: art5_1,
        collect_first_citation=art5_1,
        together_citation=ruleset.cite(5, 2),
    )
    return work, plans


def _done(plan: procedure.Plan, steps: Sequence[tuple[str, ...]]) -> list[procedure.Step]:
    """The quiz's answer as the dealer's steps: a bet collected or paid as the plan does it
    (the quiz asks the order, not the amounts), several bets paid together (Art. 5(2))."""
    planned = {s.target.bet: s for group in plan for s in group}
    done = []
    for step in steps:
        if len(step) == 1:
            bet = step[0]
            own = planned.get(bet)
            action = procedure.Action.COLLECT if own is None else own.action
            done.append(
                procedure.Step(
                    action, procedure.Target(bet=bet), None if own is None else own.amount
                )
            )
        else:
            due = sum((planned[b].amount or ZERO for b in step if b in planned), ZERO)
            done.append(
                procedure.Step(procedure.Action.PAY, procedure.Target(bet=step[0]), due, bets=step)
            )
    return done


def _bet(target: procedure.Target | None) -> str | None:
    return None if target is None or target.bet is None else str(target.bet)


def judge_order(ruleset: Ruleset, settlement: Settlement, handled: Sequence[Step]) -> OrderVerdict:
    """Judge the order in which a dealer handled the bets: every losing bet collected first,
    then the winners paid step by step as Art. 5(1) sets them.

    ``handled`` lists, in the order done, bet ids (a bet collected or paid) and tuples of bet
    ids (one player's winning bets paid together, Art. 5(2)).

    The judge is the dealer's procedure's (:func:`dealer_trainer.rules.procedure.every_mistake`,
    the one the CLI and the live table use, on the plans of
    :func:`~dealer_trainer.rules.roulette.procedure.order_plan`); this lists each of its
    findings as the quiz says them: the bets not on the layout, handled twice or never, paid
    together though not one player's or a loser's; a loser collected after a winner was
    paid; and the first winner paid out of the turn of the text the payments followed longest.
    """
    art5_1 = ruleset.cite(5, 1)
    by_id = {r.bet.id: r for r in settlement.results}
    steps = _steps(handled)
    work, plans = _text_work(ruleset, settlement)
    first_plan = next(iter(plans.values()))
    found = procedure.every_mistake(work, first_plan, _done(first_plan, steps))
    problems: list[tuple[tuple[int, int, int], OrderProblem]] = []
    seen: set[tuple[ProblemCode, str | None]] = set()

    def add(key: tuple[int, int, int], problem: OrderProblem) -> None:
        if (problem.code, problem.bet) not in seen:
            seen.add((problem.code, problem.bet))
            problems.append((key, problem))

    order = {bet_id: n for n, bet_id in enumerate(by_id)}
    art5_2 = ruleset.cite(5, 2)
    for verdict in found:
        bet = _bet(verdict.about)
        if verdict.code == "not_on_table":
            add((0, verdict.at, 0), OrderProblem(
                ProblemCode.UNKNOWN_BET, f"There is no bet {bet!r} on the layout.", art5_1, bet
            ))  # fmt: skip
        elif verdict.code == "settled_twice":
            add((1, verdict.at, 0), OrderProblem(
                ProblemCode.SETTLED_TWICE, f"Bet {bet!r} was handled twice.", art5_1, bet
            ))  # fmt: skip
        elif verdict.code == "step_missing":
            lost = bet is not None and by_id[bet].outcome is Outcome.LOSE
            verb = "collected" if lost else "paid"
            add((2, order.get(bet or "", 0), 0), OrderProblem(
                ProblemCode.NEVER_SETTLED, f"Bet {bet!r} was never {verb}.", art5_1, bet
            ))  # fmt: skip
        elif verdict.code == "paid_a_loser":
            add((3, verdict.at, 0), OrderProblem(
                ProblemCode.LOSER_PAID,
                f"Bet {bet!r} lost: it is collected, not paid with other bets.",
                art5_1,
                bet,
            ))  # fmt: skip
        elif verdict.code == "not_one_player":
            step = steps[verdict.at]
            add((3, verdict.at, 1), OrderProblem(
                ProblemCode.NOT_ONE_PLAYER,
                "Only one player's winning bets may be paid together: "
                + ", ".join(repr(b) for b in step if b in by_id)
                + " are not all one player's.",
                art5_2,
                bet,
            ))  # fmt: skip
    late = _collected_late(found, steps, by_id)
    if late is not None:
        paid, loser = late
        add((4, 0, 0), OrderProblem(
            ProblemCode.PAID_BEFORE_COLLECTING,
            f"Losing bet {loser!r} was collected after bet {paid!r} was paid: collect "
            "every losing bet first, then pay.",
            art5_1,
            paid,
            loser,
        ))  # fmt: skip
    followed, out_of_turn = _pay_order(work, plans, steps, by_id, art5_1)
    if out_of_turn is not None:
        add((5, 0, 0), out_of_turn)
    listed = tuple(problem for _, problem in sorted(problems, key=lambda p: p[0]))
    return OrderVerdict(
        correct=not listed,
        problems=listed,
        followed=followed if not listed else (),
        texts_differ=texts_differ(settlement.results),
    )


def _collected_late(
    found: Sequence[procedure.Verdict],
    steps: Sequence[tuple[str, ...]],
    by_id: Mapping[str, BetResult],
) -> tuple[str, str] | None:
    """(the winner paid, the loser collected after it), when the judge found a payment while
    a loser waited and that loser was collected later; a loser never collected is a step
    missing, not a late one."""
    early = next((v for v in found if v.code == "paid_before_collecting"), None)
    if early is None:
        return None
    loser = next(
        (
            step[0]
            for step in steps[early.at + 1 :]
            if step[0] in by_id and by_id[step[0]].outcome is Outcome.LOSE
        ),
        None,
    )
    return None if loser is None else (steps[early.at][0], loser)


def _pay_order(
    work: procedure.Work,
    plans: Mapping[PayOrderText, procedure.Plan],
    steps: Sequence[tuple[str, ...]],
    by_id: Mapping[str, BetResult],
    citation: Citation,
) -> tuple[tuple[PayOrderText, ...], OrderProblem | None]:
    """The texts whose order the payments follow, or the first payment out of the turn of
    the text they followed longest (the first allowed on a tie).

    The payments (every step of winners only) are judged on their own against each text's
    pay groups, by the procedure's judge, so a mistake of collecting is not one of order."""
    payments = [
        s for s in steps if s and all(b in by_id and by_id[b].outcome is Outcome.WIN for b in s)
    ]
    first_turn: dict[PayOrderText, procedure.Verdict | None] = {}
    pay_plans: dict[PayOrderText, procedure.Plan] = {}
    paid = {b for payment in payments for b in payment}
    for text, plan in plans.items():
        # The winners paid, each group as the text sets it: a winner never paid is a step
        # missing (said above), not one every later payment comes before.
        pays = tuple(
            kept
            for group in plan
            if group and group[0].action is procedure.Action.PAY
            if (kept := tuple(s for s in group if s.target.bet in paid))
        )
        pay_plans[text] = pays
        found = procedure.every_mistake(work, pays, _done(pays, payments))
        first_turn[text] = next((v for v in found if v.code == "out_of_turn"), None)
    followed = tuple(text for text, verdict in first_turn.items() if verdict is None)
    if followed:
        return followed, None
    text = max(first_turn, key=lambda t: first_turn[t].at)  # type: ignore[union-attr]
    verdict = first_turn[text]
    assert verdict is not None
    group = _groups(pay_plans[text])
    early_step = payments[verdict.at]
    waiting_bet = _bet(verdict.waiting) or early_step[0]
    if waiting_bet in early_step:
        # A bet passed over at its turn (Art. 5(2)), then paid on its own: it had to come
        # before the payment that passed it.
        early, waiting = _bet(verdict.about) or waiting_bet, waiting_bet
        return (), OrderProblem(
            ProblemCode.OUT_OF_TURN,
            f"Bet {waiting!r} must be paid before bet {early!r}: paid on its own, a bet keeps "
            "its turn in the order of Art. 5(1); past its turn, it is paid only together with "
            "a later bet of its player (an interpretation of Art. 5(2)).",
            verdict.citation or citation,
            early,
            waiting,
            text,
        )
    early = next((b for b in early_step if group[b] > group.get(waiting_bet, -1)), early_step[0])
    # Named as the trainee will see it: the first bet paid after it that had to come before.
    later = (
        min(payment, key=group.__getitem__)
        for payment in payments[verdict.at + 1 :]
        if min(group[b] for b in payment) < group[early]
    )
    waiting = next(later, waiting_bet)
    mixed = len(plans) > 1 and _each_pair_in_some_text(list(pay_plans.values()), payments)
    return (), OrderProblem(
        ProblemCode.OUT_OF_TURN,
        f"Bet {waiting!r} must be paid before bet {early!r} in the order of Art. 5(1)"
        + (
            " (an order follows one text of Art. 5(1) as a whole, not a mix of the two)."
            if mixed
            else "."
        ),
        citation,
        early,
        waiting,
        text,
        mixed,
    )


def _groups(plan: procedure.Plan) -> dict[str, int]:
    """Each bet's group in a plan (its turn)."""
    return {str(s.target.bet): n for n, group in enumerate(plan) for s in group}


def _each_pair_in_some_text(
    plans: Sequence[procedure.Plan], payments: Sequence[tuple[str, ...]]
) -> bool:
    """Is every two payments' order one that some text allows (so the order, wrong under
    each text, is a mix of them rather than an order neither text allows)?"""
    turns = [_groups(plan) for plan in plans]
    for i, first in enumerate(payments):
        for second in payments[i + 1 :]:
            if not any(
                min(turn[b] for b in first) <= max(turn[b] for b in second) for turn in turns
            ):
                return False
    return True
