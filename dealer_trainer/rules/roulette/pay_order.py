"""Judging a dealer's order of settlement against Art. 5: collect, then pay in order.

Art. 5(1) has two official texts that differ on six-lines, streets and corners
(Portuguese: lines, streets, corners; Chinese: lines and corners as one step,
then streets).  The ruleset's ``street_corner_order`` says which texts the
judge holds an order to (:func:`~dealer_trainer.rules.roulette.settle.pay_texts`);
under the default ``either`` an order is right when it follows one of the two
texts as a whole, never a mix of them.

Art. 5(2): one player's several winning bets may be paid together.  A step of
the handling is then a tuple of those bets' ids; by the digest's
interpretation such a payment may be made at the turn of any of its bets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.roulette.bets import BetKind
from dealer_trainer.rules.roulette.settle import (
    BetResult,
    Outcome,
    PayOrderText,
    Settlement,
    pay_texts,
    text_pay_groups,
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


def judge_order(ruleset: Ruleset, settlement: Settlement, handled: Sequence[Step]) -> OrderVerdict:
    """Judge the order in which a dealer handled the bets: every losing bet collected first,
    then the winners paid step by step as Art. 5(1) sets them.

    ``handled`` lists, in the order done, bet ids (a bet collected or paid) and tuples of bet
    ids (one player's winning bets paid together, Art. 5(2)).
    """
    art5_1 = ruleset.cite(5, 1)
    by_id = {r.bet.id: r for r in settlement.results}
    steps = _steps(handled)
    problems: list[OrderProblem] = []

    flat = [bet_id for step in steps for bet_id in step]
    for bet_id in dict.fromkeys(b for b in flat if b not in by_id):
        problems.append(
            OrderProblem(
                ProblemCode.UNKNOWN_BET,
                f"There is no bet {bet_id!r} on the layout.",
                art5_1,
                bet_id,
            )
        )
    for bet_id in dict.fromkeys(b for b in flat if b in by_id and flat.count(b) > 1):
        problems.append(
            OrderProblem(
                ProblemCode.SETTLED_TWICE, f"Bet {bet_id!r} was handled twice.", art5_1, bet_id
            )
        )
    for bet_id, result in by_id.items():
        if bet_id not in flat:
            verb = "collected" if result.outcome is Outcome.LOSE else "paid"
            problems.append(
                OrderProblem(
                    ProblemCode.NEVER_SETTLED, f"Bet {bet_id!r} was never {verb}.", art5_1, bet_id
                )
            )

    # Art. 5(2): a payment of several bets together is one player's winning bets.
    art5_2 = ruleset.cite(5, 2)
    known = [tuple(b for b in step if b in by_id) for step in steps]
    for step in known:
        if len(step) < 2:
            continue
        loser = next((b for b in step if by_id[b].outcome is Outcome.LOSE), None)
        if loser is not None:
            problems.append(
                OrderProblem(
                    ProblemCode.LOSER_PAID,
                    f"Bet {loser!r} lost: it is collected, not paid with other bets.",
                    art5_1,
                    loser,
                )
            )
        players = {by_id[b].bet.player for b in step}
        if len(players) > 1 or None in players:
            problems.append(
                OrderProblem(
                    ProblemCode.NOT_ONE_PLAYER,
                    "Only one player's winning bets may be paid together: "
                    + ", ".join(repr(b) for b in step)
                    + " are not all one player's.",
                    art5_2,
                    step[0],
                )
            )

    # Collect first ("先殺後賠"): no losing bet is collected after a winner was paid.
    sequence = [step for step in known if step]
    first_pay = next(
        (i for i, s in enumerate(sequence) if by_id[s[0]].outcome is Outcome.WIN), len(sequence)
    )
    late = [s[0] for s in sequence[first_pay:] if by_id[s[0]].outcome is Outcome.LOSE]
    if late:
        paid = sequence[first_pay][0]
        problems.append(
            OrderProblem(
                ProblemCode.PAID_BEFORE_COLLECTING,
                f"Losing bet {late[0]!r} was collected after bet {paid!r} was paid: collect "
                "every losing bet first, then pay.",
                art5_1,
                paid,
                late[0],
            )
        )

    payments = [s for s in sequence if all(by_id[b].outcome is Outcome.WIN for b in s)]
    allowed = pay_texts(ruleset)
    failures = {text: _first_out_of_turn(ruleset, text, by_id, payments) for text in allowed}
    followed = tuple(text for text in allowed if failures[text] is None)
    if not followed:
        # Held to the text the order followed longest (the first allowed text on a tie).
        text = max(allowed, key=lambda t: _failure_at(failures[t]))
        failure = failures[text]
        assert failure is not None
        _, early, before = failure
        mixed = len(allowed) > 1 and _each_pair_in_some_text(ruleset, allowed, by_id, payments)
        problems.append(
            OrderProblem(
                ProblemCode.OUT_OF_TURN,
                f"Bet {before!r} must be paid before bet {early!r} in the order of Art. 5(1)"
                + (
                    " (an order follows one text of Art. 5(1) as a whole, not a mix of the two)."
                    if mixed
                    else "."
                ),
                art5_1,
                early,
                before,
                text,
                mixed,
            )
        )
    return OrderVerdict(
        correct=not problems,
        problems=tuple(problems),
        followed=followed if not problems else (),
        texts_differ=texts_differ(settlement.results),
    )


def _failure_at(failure: tuple[int, str, str] | None) -> int:
    return failure[0] if failure is not None else 1 << 30


def _first_out_of_turn(
    ruleset: Ruleset,
    text: PayOrderText,
    by_id: dict[str, BetResult],
    payments: Sequence[tuple[str, ...]],
) -> tuple[int, str, str] | None:
    """Where the payments first leave the order of ``text``: (index, the bet paid too early,
    the bet that had to come before it), or ``None`` when they follow it.

    A payment of
    several bets (Art. 5(2)) is placed at the turn of one of its bets: the earliest turn
    that keeps the order, if there is one.
    """
    rank = _ranks(ruleset, text)
    reached = -1
    paid_at: list[tuple[int, str]] = []  # (rank, a bet of the payment) in the order paid
    for index, payment in enumerate(payments):
        turns = sorted({rank[by_id[b].bet.kind] for b in payment})
        turn = next((t for t in turns if t >= reached), None)
        if turn is None:
            late = min(payment, key=lambda b: rank[by_id[b].bet.kind])
            late_rank = rank[by_id[late].bet.kind]
            early = next(b for r, b in paid_at if r > late_rank)
            return index, early, late
        reached = turn
        paid_at.append((turn, next(b for b in payment if rank[by_id[b].bet.kind] == turn)))
    return None


def _ranks(ruleset: Ruleset, text: PayOrderText) -> dict[BetKind, int]:
    return {
        kind: i for i, (_, kinds) in enumerate(text_pay_groups(ruleset, text)) for kind in kinds
    }


def _each_pair_in_some_text(
    ruleset: Ruleset,
    texts: Sequence[PayOrderText],
    by_id: dict[str, BetResult],
    payments: Sequence[tuple[str, ...]],
) -> bool:
    """Is every two payments' order one that some text allows (so the order, wrong under
    each text, is a mix of them rather than an order neither text allows)?"""
    ranks = [_ranks(ruleset, text) for text in texts]
    for i, first in enumerate(payments):
        for second in payments[i + 1 :]:
            if not any(
                min(rank[by_id[b].bet.kind] for b in first)
                <= max(rank[by_id[b].bet.kind] for b in second)
                for rank in ranks
            ):
                return False
    return True
