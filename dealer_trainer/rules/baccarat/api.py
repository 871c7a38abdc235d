"""``settle`` for Baccarat, as the rules CLI calls it (``docs/rules-cli.md``, "Baccarat").

``{"game": "baccarat", "bets": [...], "shoe": ["4S", "3H", ...]}``: the coup dealt from
the shoe as given, and every bet settled.  Baccarat has no ``compare``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from dealer_trainer.rules.baccarat.cards import parse_shoe
from dealer_trainer.rules.baccarat.coup import Coup, HandCards, deal
from dealer_trainer.rules.baccarat.settle import Bet, BetKind, BetResult
from dealer_trainer.rules.baccarat.settle import settle as settle_coup
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.money import ZERO, fmt, parse_amount
from dealer_trainer.rules.requests import (
    bet_id,
    check_keys,
    expect_kind,
    expect_list,
    expect_object,
    given_ids,
)
from dealer_trainer.rules.rulesets import Ruleset


def parse_stake(value: Any, where: str) -> Decimal:
    """A stake: an amount of at most two decimals, more than 0 (``invalid_amount``)."""
    try:
        amount = parse_amount(value, where)
    except RulesError as error:
        if error.code == "negative_amount":  # the contract's one code for any bad amount
            raise RulesError("invalid_amount", error.message) from None
        raise
    if amount == ZERO:
        raise RulesError("invalid_amount", f"{where} is 0: a stake is more than 0.")
    return amount


def parse_bet(raw: Any, where: str) -> Bet:
    obj = expect_object(raw, where)
    kind = expect_kind(obj, where, BetKind, "Baccarat")
    check_keys(obj, where, required=("id", "kind", "amount"), optional=("player",))
    return Bet(
        id=bet_id(obj["id"], f"{where}.id"),
        kind=kind,
        amount=parse_stake(obj["amount"], f"{where}.amount"),
        player=bet_id(obj["player"], f"{where}.player") if "player" in obj else None,
    )


@dataclass(frozen=True)
class Request:
    """A ``settle`` request read: the bets (ids as the request wrote them), the coup, and
    every bet's result."""

    bets: tuple[Bet, ...]
    ids: Mapping[str, Any]
    coup: Coup
    results: tuple[BetResult, ...]

    def given(self, bet: Bet) -> Any:
        """A bet's id as the request wrote it (``7`` or ``"7"``)."""
        return self.ids.get(bet.id, bet.id)


def read_request(request: Mapping[str, Any], ruleset: Ruleset) -> Request:
    check_keys(request, "The request", required=("game", "bets", "shoe"), optional=("ruleset",))
    raw_bets = expect_list(request["bets"], "bets")
    bets = tuple(parse_bet(raw, f"bets[{i}]") for i, raw in enumerate(raw_bets))
    decks = ruleset.integer("decks")
    assert decks is not None
    shoe = parse_shoe(expect_list(request["shoe"], "shoe"), decks)
    results = settle_coup(ruleset, bets, coup := deal(shoe))
    return Request(bets, given_ids(raw_bets), coup, results)


def _hand(hand: HandCards) -> dict[str, Any]:
    third = hand.third_card
    return {
        "cards": [card.code for card in hand.cards],
        "total": hand.total,
        "natural": hand.natural,
        "third_card": None if third is None else third.code,
    }


def result_json(read: Request, result: BetResult) -> dict[str, Any]:
    return {
        "id": read.given(result.bet),
        "outcome": str(result.outcome),
        "win": fmt(result.win),
        "commission": fmt(result.commission),
        "paid": fmt(result.paid),
        "returned": fmt(result.returned),
        "citation": str(result.citation),
    }


def settle_answer(read: Request) -> dict[str, Any]:
    coup = read.coup
    return {
        "player": _hand(coup.player),
        "banker": _hand(coup.banker),
        "winner": str(coup.winner),
        "cards_used": coup.cards_used,
        "results": [result_json(read, result) for result in read.results],
    }


def settle(request: Mapping[str, Any], ruleset: Ruleset) -> dict[str, Any]:
    return settle_answer(read_request(request, ruleset))
