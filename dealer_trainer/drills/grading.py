"""Grading: compare an answer with the rules core's, and say why.

The expected answer of every item was computed by the rules core when the
item was made; order questions are judged by the rules core's own judge of
Art. 5(1) (roulette) or of the craps table procedure, collect-then-pay
(:func:`dealer_trainer.drills.craps.grade_order`, bets by name).
"""

from __future__ import annotations

from itertools import pairwise

from dealer_trainer.drills.chips import chip_count, chips_total
from dealer_trainer.drills.model import Answer, AnswerKind, Difficulty, DrillItem, Grade
from dealer_trainer.drills.text import T, Text
from dealer_trainer.rules.roulette.pay_order import judge_order
from dealer_trainer.rules.roulette.settle import settle as settle_roulette
from dealer_trainer.rules.rulesets import resolve_ruleset


def grade(item: DrillItem, answer: Answer) -> Grade:
    """Grade ``answer`` for ``item``: correct or not, and the feedback to show."""
    expected = item.expected
    if expected.kind is AnswerKind.ORDER and item.game == "craps":
        # Judged by the craps rules core with the bets' names, a time-out included.
        from dealer_trainer.drills.craps import grade_order  # noqa: PLC0415 (craps imports this)

        return grade_order(item, answer)
    if answer.timed_out:
        return Grade(False, (T("Time is up."), *_show_expected(item)))
    if expected.kind is AnswerKind.AMOUNT or expected.kind is AnswerKind.CHIPS:
        return _grade_amount(item, answer)
    if expected.kind is AnswerKind.ORDER:
        return _grade_order(item, answer)
    return _grade_choice(item, answer)


def _show_expected(item: DrillItem) -> tuple[Text, ...]:
    expected = item.expected
    if expected.amount is not None:
        return (T("The right amount is {amount}.", amount=expected.amount),)
    if expected.choice is not None:
        right = next(o for o in expected.options if o.id == expected.choice)
        return (T("The right answer: {answer}", answer=right.label),)
    return (T("The right order: {order}.", order=_order_text(item)),)


def _order_text(item: DrillItem) -> str:
    return " → ".join("/".join(group) for group in item.expected.order)


def _grade_amount(item: DrillItem, answer: Answer) -> Grade:
    expected = item.expected
    assert expected.amount is not None
    if answer.chips is not None:
        total = chips_total(answer.chips)
        if total != expected.amount:
            return Grade(
                False,
                (
                    T(
                        "Your chips make {given}; the payout is {amount}.",
                        given=total,
                        amount=expected.amount,
                    )
                    if expected.amount_name is None
                    else T(
                        "Your chips make {given}; {what} is {amount}.",
                        given=total,
                        what=expected.amount_name,
                        amount=expected.amount,
                    ),
                ),
            )
        fewest = chip_count(expected.fewest_chips) if expected.fewest_chips else None
        if fewest is not None and chip_count(answer.chips) > fewest:
            message = T(
                "Right amount, but {given} chips where {fewest} would do.",
                given=chip_count(answer.chips),
                fewest=fewest,
            )
            # Beginners are told; from intermediate on, paying with too many chips is wrong.
            return Grade(item.difficulty is Difficulty.BEGINNER, (message,))
        return Grade(True, (T("Right: {amount}.", amount=expected.amount),))
    if answer.amount is None:
        return Grade(False, (T("No amount was given."), *_show_expected(item)))
    if answer.amount == expected.amount:
        return Grade(True, (T("Right: {amount}.", amount=expected.amount),))
    difference = abs(answer.amount - expected.amount)
    direction = T("too much") if answer.amount > expected.amount else T("too little")
    if expected.amount_name is None:
        said = T(
            "You said {given}; the payout is {amount} ({difference} {direction}).",
            given=answer.amount,
            amount=expected.amount,
            difference=difference,
            direction=direction,
        )
    else:
        said = T(
            "You said {given}; {what} is {amount} ({difference} {direction}).",
            given=answer.amount,
            what=expected.amount_name,
            amount=expected.amount,
            difference=difference,
            direction=direction,
        )
    return Grade(False, (said,))


def _grade_order(item: DrillItem, answer: Answer) -> Grade:
    given = answer.order or ()
    if item.game == "roulette":
        request = item.situation["request"]
        ruleset = resolve_ruleset("roulette", request.get("ruleset"))
        from dealer_trainer.rules.roulette.api import parse_bet  # noqa: PLC0415

        bets = [parse_bet(ruleset, raw, "bet") for raw in request["bets"]]
        settlement = settle_roulette(ruleset, bets, int(request["outcome"]["number"]))
        verdict = judge_order(ruleset, settlement, given)
        feedback = tuple(
            T("{problem} ({citation})", problem=p.message, citation=str(p.citation))
            for p in verdict.problems
        )
        notes = tuple(T("{note}", note=n) for n in verdict.notes)
        if verdict.correct:
            return Grade(True, (T("Right order."),), notes)
        return Grade(False, (*feedback, *_show_expected(item)), notes)
    # Other games: the groups the rules core gave, in order; any order within a group.
    flat = [bet for group in item.expected.order for bet in group]
    rank = {bet: i for i, group in enumerate(item.expected.order) for bet in group}
    ok = sorted(given) == sorted(flat) and all(rank[a] <= rank[b] for a, b in pairwise(given))
    if ok:
        return Grade(True, (T("Right order."),))
    return Grade(False, _show_expected(item))


def _grade_choice(item: DrillItem, answer: Answer) -> Grade:
    expected = item.expected
    if answer.choice == expected.choice:
        return Grade(True, (T("Right."),))
    chosen = next((o for o in expected.options if o.id == answer.choice), None)
    feedback = [] if chosen is None or chosen.mistake is None else [chosen.mistake]
    return Grade(False, (*feedback, *_show_expected(item)))
