"""Judging a dealer's order of settlement against Art. 5(1): collect, then pay in order."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.roulette.bets import BetKind
from dealer_trainer.rules.roulette.settle import Outcome, Settlement, pay_groups
from dealer_trainer.rules.rulesets import Ruleset


@dataclass(frozen=True)
class OrderProblem:
    message: str
    citation: Citation


@dataclass(frozen=True)
class OrderVerdict:
    """Whether a sequence of bets handled is the order of Art. 5(1), and why not."""

    correct: bool
    problems: tuple[OrderProblem, ...]
    notes: tuple[str, ...]


def judge_order(ruleset: Ruleset, settlement: Settlement, handled: Sequence[str]) -> OrderVerdict:
    """Judge the order in which a dealer handled the bets: every losing bet
    collected first, then the winners paid group by group as Art. 5(1) sets.

    ``handled`` lists bet ids in the order the dealer took or paid them.
    """
    art5 = ruleset.cite(5, 1)
    by_id = {r.bet.id: r for r in settlement.results}
    problems: list[OrderProblem] = []
    notes: list[str] = []

    unknown = [bet_id for bet_id in handled if bet_id not in by_id]
    repeated = sorted({bet_id for bet_id in handled if handled.count(bet_id) > 1})
    missing = [bet_id for bet_id in by_id if bet_id not in handled]
    for bet_id in unknown:
        problems.append(OrderProblem(f"There is no bet {bet_id!r} on the layout.", art5))
    for bet_id in repeated:
        problems.append(OrderProblem(f"Bet {bet_id!r} was handled twice.", art5))
    for bet_id in missing:
        verb = "collected" if by_id[bet_id].outcome is Outcome.LOSE else "paid"
        problems.append(OrderProblem(f"Bet {bet_id!r} was never {verb}.", art5))

    sequence = [by_id[bet_id] for bet_id in handled if bet_id in by_id]
    first_pay = next((i for i, r in enumerate(sequence) if r.outcome is Outcome.WIN), len(sequence))
    late = [r.bet.id for r in sequence[first_pay:] if r.outcome is Outcome.LOSE]
    if late:
        problems.append(
            OrderProblem(
                f"Losing bet {late[0]!r} was collected after a winner was paid: collect every "
                "losing bet first, then pay.",
                art5,
            )
        )

    rank = {kind: i for i, (_, kinds) in enumerate(pay_groups(ruleset)) for kind in kinds}
    winners = [r for r in sequence if r.outcome is Outcome.WIN]
    for before, after in pairwise(winners):
        if rank[after.bet.kind] < rank[before.bet.kind]:
            problems.append(
                OrderProblem(
                    f"{after.bet.kind} bet {after.bet.id!r} is paid before {before.bet.kind} bet "
                    f"{before.bet.id!r} in the order of Art. 5(1).",
                    art5,
                )
            )
            break

    if ruleset.choice("street_corner_order") == "either":
        kinds = [r.bet.kind for r in winners if r.bet.kind in (BetKind.STREET, BetKind.CORNER)]
        if BetKind.STREET in kinds and BetKind.CORNER in kinds:
            streets_first = kinds.index(BetKind.STREET) < kinds.index(BetKind.CORNER)
            notes.append(
                "Streets and corners: the Portuguese text of Art. 5(1) pays streets first and the "
                "Chinese text corners first; both texts are official, so "
                + (
                    "your order (streets first) follows the Portuguese text."
                    if streets_first
                    else "your order (corners first) follows the Chinese text."
                )
            )
    return OrderVerdict(not problems, tuple(problems), tuple(notes))
