"""Grading: compare an answer with the rules core's, and say why.

The expected answer of every item was computed by the rules core when the
item was made; order questions are judged by the rules core's own judge of
Art. 5(1) (roulette) or of the craps table procedure, collect-then-pay
(:func:`dealer_trainer.drills.craps.grade_order`, bets by name).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from dealer_trainer.drills.bet_names import NOT_ON_TABLE, bet_names, losing_bets
from dealer_trainer.drills.chips import chip_count, chips_total
from dealer_trainer.drills.model import Answer, AnswerKind, Difficulty, DrillItem, Grade
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.roulette.bets import BetKind
from dealer_trainer.rules.roulette.pay_order import (
    TEXTS_DIFFER_ON,
    OrderProblem,
    ProblemCode,
    judge_order,
    texts_differ,
)
from dealer_trainer.rules.roulette.settle import PayOrderText, pay_texts
from dealer_trainer.rules.roulette.settle import settle as settle_roulette
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry, resolve_ruleset
from dealer_trainer.rules.text import T, Text


def grade(item: DrillItem, answer: Answer, rulesets: RulesetRegistry = SHIPPED) -> Grade:
    """Grade ``answer`` for ``item``: correct or not, and the feedback to show; the item's
    ruleset is looked up in ``rulesets`` (default: the shipped rulesets only)."""
    expected = item.expected
    if expected.kind is AnswerKind.ORDER and item.game == Game.CRAPS:
        # Judged by the craps rules core with the bets' names, a time-out included.
        from dealer_trainer.drills.craps import grade_order  # noqa: PLC0415 (craps imports this)

        return grade_order(item, answer, rulesets)
    if answer.timed_out:
        return Grade(False, (T("Time is up."), *_show_expected(item, rulesets)))
    if expected.kind is AnswerKind.AMOUNT or expected.kind is AnswerKind.CHIPS:
        return _grade_amount(item, answer, rulesets)
    if expected.kind is AnswerKind.ORDER:
        return _grade_order(item, answer, rulesets)
    return _grade_choice(item, answer, rulesets)


def _show_expected(item: DrillItem, rulesets: RulesetRegistry) -> tuple[Text, ...]:
    expected = item.expected
    if expected.amount is not None:
        return (T("The right amount is {amount}.", amount=expected.amount),)
    if expected.choice is not None:
        right = next(o for o in expected.options if o.id == expected.choice)
        return (T("The right answer: {answer}", answer=right.label),)
    shown = T("The right order: {order}.", order=_order_text(item, rulesets))
    if item.game == Game.ROULETTE and _both_texts_right(item, rulesets):
        # Each official text of Art. 5(1) gives its own right order here: the order shown is
        # one of them, never the only one (the worked solution gives the other).
        request = item.situation["request"]
        texts = pay_texts(resolve_ruleset(Game.ROULETTE, request.get("ruleset"), rulesets))
        return (
            shown,
            T(
                "The right order shown follows {text} of Art. 5(1); {other} orders six-lines, "
                "streets and corners its own way, and its order is right too (see the worked "
                "solution).",
                text=TEXT_NAMES[texts[0]],
                other=TEXT_NAMES[texts[1]],
            ),
        )
    return (shown,)


def _both_texts_right(item: DrillItem, rulesets: RulesetRegistry) -> bool:
    """Do both official texts of Art. 5(1) give a right order for this roulette item, and
    differently?"""
    request = item.situation["request"]
    ruleset = resolve_ruleset(Game.ROULETTE, request.get("ruleset"), rulesets)
    if len(pay_texts(ruleset)) < 2:
        return False
    from dealer_trainer.rules.roulette.api import parse_bet  # noqa: PLC0415

    bets = [parse_bet(ruleset, raw, "bet") for raw in request["bets"]]
    return texts_differ(settle_roulette(ruleset, bets, int(request["outcome"]["number"])).results)


def _order_text(item: DrillItem, rulesets: RulesetRegistry) -> Text:
    """The expected order with the bets by name: "Red — 10 → Dozen 2 — 20, Column 1 — 5
    (in any order) → …"."""
    names = bet_names(item.situation["request"], rulesets)
    steps = []
    for group in item.expected.order:
        bets = _listing([names.get(bet, NOT_ON_TABLE) for bet in group])
        steps.append(bets if len(group) == 1 else T("{bets} (in any order)", bets=bets))
    if not steps:
        return T("none")
    result = steps[0]
    for step in steps[1:]:
        result = T("{first} → {next}", first=result, next=step)
    return result


def _listing(names: Sequence[Text]) -> Text:
    result = names[0]
    for name in names[1:]:
        result = T("{first}, {next}", first=result, next=name)
    return result


def _grade_amount(item: DrillItem, answer: Answer, rulesets: RulesetRegistry) -> Grade:
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
        return Grade(False, (T("No amount was given."), *_show_expected(item, rulesets)))
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


def _grade_order(item: DrillItem, answer: Answer, rulesets: RulesetRegistry) -> Grade:
    given = answer.order or ()
    if item.game == Game.ROULETTE:
        return _grade_roulette_order(item, given, rulesets)
    # Other games: the groups the rules core gave, in order; any order within a group.
    request = item.situation["request"]
    names = bet_names(request, rulesets)
    losers = losing_bets(request, rulesets)

    def name(bet: str) -> Text:
        return names.get(bet, NOT_ON_TABLE)

    flat = [bet for group in item.expected.order for bet in group]
    rank = {bet: i for i, group in enumerate(item.expected.order) for bet in group}
    feedback: list[Text] = []
    for bet in dict.fromkeys(b for b in given if b not in rank):
        feedback.append(
            T("{bet} is not settled now: leave it where it is.", bet=name(bet))
            if bet in names
            else T("You settled {bet}.", bet=NOT_ON_TABLE)
        )
    for bet in dict.fromkeys(b for b in given if b in rank and given.count(b) > 1):
        feedback.append(T("You settled {bet} twice.", bet=name(bet)))
    for bet in (b for b in flat if b not in given):
        feedback.append(
            T("You never collected {bet}.", bet=name(bet))
            if bet in losers
            else T("You never paid {bet}.", bet=name(bet))
        )
    done = [b for b in given if b in rank]
    for i, bet in enumerate(done):
        early = next((b for b in done[:i] if rank[b] > rank[bet]), None)
        if early is not None:
            feedback.append(_must_come_before(bet, early, name, losers))
            break
    if not feedback:
        return Grade(True, (T("Right order."),))
    return Grade(False, (*feedback, *_show_expected(item, rulesets)))


def _must_come_before(
    before: str, early: str, name: Callable[[str], Text], losers: frozenset[str]
) -> Text:
    """ "X must be paid before Y; you paid Y first.", with the verbs of the two bets."""
    if before in losers and early in losers:
        return T(
            "{before} must be collected before {early}; you collected {early} first.",
            before=name(before),
            early=name(early),
        )
    if before in losers:
        return T(
            "{before} must be collected before {early} is paid; you paid {early} first.",
            before=name(before),
            early=name(early),
        )
    if early in losers:
        return T(
            "{before} must be paid before {early} is collected; you collected {early} first.",
            before=name(before),
            early=name(early),
        )
    return T(
        "{before} must be paid before {early}; you paid {early} first.",
        before=name(before),
        early=name(early),
    )


TEXT_NAMES = {
    PayOrderText.PORTUGUESE: T("the Portuguese text"),
    PayOrderText.CHINESE: T("the Chinese text"),
}


def _grade_roulette_order(
    item: DrillItem, given: Sequence[str], rulesets: RulesetRegistry
) -> Grade:
    """Art. 5(1) by the rules core's judge; the trainee is told in words, bets by name."""
    request = item.situation["request"]
    ruleset = resolve_ruleset(Game.ROULETTE, request.get("ruleset"), rulesets)
    from dealer_trainer.rules.roulette.api import parse_bet  # noqa: PLC0415

    bets = [parse_bet(ruleset, raw, "bet") for raw in request["bets"]]
    settlement = settle_roulette(ruleset, bets, int(request["outcome"]["number"]))
    verdict = judge_order(ruleset, settlement, given)
    names = bet_names(request, rulesets)
    losers = frozenset(settlement.collect)

    def name(bet: str | None) -> Text:
        return names.get(bet or "", NOT_ON_TABLE)

    texts = pay_texts(ruleset)
    kinds = {bet.id: bet.kind for bet in bets}
    if verdict.correct:
        notes: tuple[Text, ...] = ()
        if verdict.texts_differ and len(texts) > 1:
            notes = (_followed(verdict.followed),)
        return Grade(True, (T("Right order."),), notes)
    feedback = []
    for problem in verdict.problems:
        said = _said(problem, name, losers, len(texts) > 1 and _on_differing_bets(problem, kinds))
        feedback.append(T("{problem} ({citation})", problem=said, citation=problem.citation))
        if problem.code is ProblemCode.OUT_OF_TURN and problem.mixed:
            feedback.append(MIXED)
    return Grade(False, (*feedback, *_show_expected(item, rulesets)))


#: An order that takes part of each text of Art. 5(1).
MIXED = T(
    "An order follows one official text of Art. 5(1) as a whole: the Portuguese text pays "
    "six-lines, then streets, then corners; the Chinese text pays six-lines and corners (in "
    "any order), then streets. Your order mixes the two."
)


def _followed(followed: Sequence[PayOrderText]) -> Text:
    if len(followed) > 1:
        return T(
            "Your order follows both official texts of Art. 5(1): they differ on six-lines, "
            "streets and corners, and your order is right by each."
        )
    if followed[0] is PayOrderText.PORTUGUESE:
        return T(
            "Your order follows the Portuguese text of Art. 5(1): six-lines, then streets, "
            "then corners."
        )
    return T(
        "Your order follows the Chinese text of Art. 5(1): six-lines and corners (one step, in "
        "any order), then streets."
    )


def _said(
    problem: OrderProblem,
    name: Callable[[str | None], Text],
    losers: frozenset[str],
    held_to_one_text: bool,
) -> Text:
    """The judge's finding as a sentence for the trainee (the judge's own is for the CLI)."""
    code, bet = problem.code, problem.bet
    if code is ProblemCode.UNKNOWN_BET:
        return T("You settled {bet}.", bet=NOT_ON_TABLE)
    if code is ProblemCode.SETTLED_TWICE:
        return T("You settled {bet} twice.", bet=name(bet))
    if code is ProblemCode.NEVER_SETTLED:
        if bet in losers:
            return T("You never collected {bet}.", bet=name(bet))
        return T("You never paid {bet}.", bet=name(bet))
    if code is ProblemCode.PAID_BEFORE_COLLECTING:
        return T(
            "Collect every losing bet before you pay: {before} must be collected before "
            "{early} is paid; you paid {early} first.",
            before=name(problem.before),
            early=name(bet),
        )
    if code is ProblemCode.LOSER_PAID:
        return T("{bet} lost: it is collected, not paid.", bet=name(bet))
    if code is ProblemCode.NOT_ONE_PLAYER:
        return T("Only one player's winning bets may be paid together.")
    said = T(
        "{before} must be paid before {early}; you paid {early} first.",
        before=name(problem.before),
        early=name(bet),
    )
    if held_to_one_text and problem.text is not None and not problem.mixed:
        return T(
            "{said} Neither official text of Art. 5(1) allows this; your order is held to "
            "{text}, the one it follows longest.",
            said=said,
            text=TEXT_NAMES[problem.text],
        )
    return said


def _on_differing_bets(problem: OrderProblem, kinds: Mapping[str, BetKind]) -> bool:
    """Is the bet paid out of turn one of those the two texts of Art. 5(1) place differently?"""
    involved = {kinds.get(problem.bet or ""), kinds.get(problem.before or "")}
    return problem.code is ProblemCode.OUT_OF_TURN and bool(involved & TEXTS_DIFFER_ON)


def _grade_choice(item: DrillItem, answer: Answer, rulesets: RulesetRegistry) -> Grade:
    expected = item.expected
    if answer.choice == expected.choice:
        return Grade(True, (T("Right."),))
    chosen = next((o for o in expected.options if o.id == answer.choice), None)
    feedback = [] if chosen is None or chosen.mistake is None else [chosen.mistake]
    return Grade(False, (*feedback, *_show_expected(item, rulesets)))
