"""``settle`` and ``compare`` for Caribbean Stud, as the rules CLI calls them.

The JSON shapes are those of ``docs/rules-cli.md``; each function
takes the parsed request and the resolved ruleset and returns the JSON-ready
answer, or raises :class:`RulesError` for any bad input.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.caribbean_stud.cards import Card, cite, parse_hand
from dealer_trainer.rules.caribbean_stud.progressive import (
    AWARD_ITEMS,
    ProgressiveEntry,
    ProgressiveRound,
    ProgressiveTable,
    pay_progressive,
)
from dealer_trainer.rules.caribbean_stud.ranking import HandClass, evaluate
from dealer_trainer.rules.caribbean_stud.ranking import compare as compare_hands
from dealer_trainer.rules.caribbean_stud.table import (
    BOXES,
    Box,
    Decision,
    settle_showdown,
    verify_box_number,
)
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, Rounding, fmt, parse_amount
from dealer_trainer.rules.requests import (
    check_keys,
    expect_bool,
    expect_int,
    expect_list,
    expect_object,
    expect_str,
    invalid,
)
from dealer_trainer.rules.rulesets import Ruleset

_SETTLE_KEYS = ("game", "dealer", "boxes")
_BOX_KEYS = ("box", "ante", "decision", "cards")


def _box_number(value: Any, where: str) -> int:
    number = expect_int(value, where)
    verify_box_number(number)
    return number


def _parse_box(raw: Any, where: str) -> tuple[Box, bool]:
    """A box of the request, decided; and whether it asked for a progressive bet."""
    obj = expect_object(raw, where)
    check_keys(obj, where, required=_BOX_KEYS, optional=("progressive", "raise"))
    number = _box_number(obj["box"], f"{where}.box")
    label = f"box {number}"
    ante = parse_amount(obj["ante"], f"{label} ante")
    cards = parse_hand(obj["cards"], f"{label} cards")
    decision_text = expect_str(obj["decision"], f"{where}.decision")
    try:
        decision = Decision(decision_text)
    except ValueError:
        raise invalid(
            f'{where}.decision must be "raise" or "fold", not {decision_text!r}.'
        ) from None
    progressive = expect_bool(obj.get("progressive", False), f"{where}.progressive")
    box = Box(number, ante, cards, progressive=progressive)
    if decision is Decision.RAISE:
        amount = parse_amount(obj["raise"], f"{label} raise") if "raise" in obj else None
        return box.raise_(amount), progressive
    if "raise" in obj and parse_amount(obj["raise"], f"{label} raise") != ZERO:
        raise RulesError(
            "invalid_raise",
            f"Box {number} folds, so it places no raise: the dealer takes its cards and ante.",
            cite(6, 7),
        )
    return box.fold(), progressive


def _parse_progressive(raw: Any) -> ProgressiveTable:
    obj = expect_object(raw, "progressive")
    check_keys(obj, "progressive", required=("pool", "fixed"), optional=("reset_to",))
    pool = parse_amount(obj["pool"], "progressive.pool")
    reset_to = parse_amount(obj["reset_to"], "progressive.reset_to") if "reset_to" in obj else None
    fixed_raw = expect_object(obj["fixed"], "progressive.fixed")
    names = [hand.value for hand in AWARD_ITEMS]
    check_keys(fixed_raw, "progressive.fixed", optional=names)
    fixed = {
        HandClass(name): parse_amount(value, f"progressive.fixed.{name}")
        for name, value in fixed_raw.items()
    }
    return ProgressiveTable(pool=pool, fixed=fixed, reset_to=reset_to)


def _progressive_round(
    table: ProgressiveTable | None, entries: list[ProgressiveEntry], ruleset: Ruleset
) -> ProgressiveRound | None:
    if table is None:
        return None
    return pay_progressive(
        table,
        entries,
        order_rule=ruleset.choice("progressive_pay_order"),
        percentage_of=ruleset.choice("progressive_percentage_of"),
        rounding=Rounding(ruleset.choice("progressive_rounding")),
    )


def settle(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """Settle one round: the dealer, every box (Art. 6, Art. 9) and the progressive (Art. 10)."""
    answer, _ = settle_round(request, ruleset)
    return answer


def settle_round(
    request: Mapping[str, Any], ruleset: Ruleset
) -> tuple[dict[str, Any], ProgressiveRound | None]:
    """:func:`settle`'s answer, and the progressive round it was made from (None without one).

    The round keeps what the JSON answer leaves out: each award's source (a share
    of the pool or the fixed award), the pool before and after it, and the
    article that decided it.
    """
    check_keys(request, "The request", required=_SETTLE_KEYS, optional=("ruleset", "progressive"))
    dealer = parse_hand(request["dealer"], "the dealer's cards")
    raw_boxes = expect_list(request["boxes"], "boxes")
    if not raw_boxes:
        raise invalid("boxes must list at least one box with a bet.")
    if len(raw_boxes) > len(BOXES):
        raise RulesError(
            "invalid_request",
            f"The table has {len(BOXES)} boxes, but the request lists {len(raw_boxes)}.",
            ruleset.cite(2, 1),
        )
    parsed = [_parse_box(raw, f"boxes[{index}]") for index, raw in enumerate(raw_boxes)]
    boxes = [box for box, _ in parsed]
    table: ProgressiveTable | None = None
    if "progressive" in request and request["progressive"] is not None:
        table = _parse_progressive(request["progressive"])
    betting = [box for box, progressive in parsed if progressive]
    if betting and table is None:
        raise invalid(
            f"Box {betting[0].number} bets the progressive, but the request has no "
            '"progressive" block (pool, reset_to and the fixed awards).'
        )
    showdown = settle_showdown(dealer, boxes, ruleset)
    # Art. 10(2): on the player's hand alone; Art. 6(7): never to a folded box.
    entries = [
        ProgressiveEntry(result.box.number, result.hand.hand_class)
        for result in showdown.boxes
        if result.box.progressive and result.box.decision is Decision.RAISE
    ]
    jackpot = _progressive_round(table, entries, ruleset)
    results = []
    for result in showdown.boxes:
        award: Decimal = ZERO if jackpot is None else jackpot.award_of(result.box.number)
        results.append(
            {
                "box": result.box.number,
                "hand": result.hand.hand_class.value,
                "beats_dealer": result.beats_dealer,
                "ante": result.ante.to_json(),
                "raise": result.raise_.to_json(),
                "progressive": {"award": fmt(award)},
                "citation": str(result.citation),
            }
        )
    answer = {
        "dealer": {"hand": showdown.dealer.hand_class.value, "qualifies": showdown.qualifies},
        "results": results,
        "progressive_pay_order": [] if jackpot is None else list(jackpot.pay_order),
        "progressive_pool_after": None if jackpot is None else fmt(jackpot.pool_after),
    }
    return answer, jackpot


def compare(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    """Art. 8 between two hands of one deck."""
    check_keys(request, "The request", required=("game", "hands"), optional=("ruleset",))
    hands_raw = expect_list(request["hands"], "hands")
    if len(hands_raw) != 2:
        raise invalid(f"hands must hold exactly two hands, not {len(hands_raw)}.")
    hands: list[tuple[Card, ...]] = [
        parse_hand(raw, f"hands[{index}]") for index, raw in enumerate(hands_raw)
    ]
    result = compare_hands(
        evaluate(hands[0]),
        evaluate(hands[1]),
        ties_push=ruleset.choice("tie_rule") == "ties_push",
    )
    return {
        "winner": result.winner,
        "hands": [value.hand_class.value for value in result.hands],
        "decided_by": result.decided_by.value,
        "citation": str(result.citation),
    }
