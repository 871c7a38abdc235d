from decimal import Decimal

import pytest

from dealer_trainer.rules.roulette import Bet, BetKind, position
from dealer_trainer.rules.rulesets import Ruleset, get_ruleset


@pytest.fixture
def ruleset() -> Ruleset:
    return get_ruleset("roulette-2003")


def make_bet(
    ruleset: Ruleset,
    bet_id: str,
    kind: str,
    numbers: tuple[int, ...] | None = None,
    index: int | None = None,
    amount: str = "10",
) -> Bet:
    return Bet(bet_id, position(ruleset, BetKind(kind), numbers, index), Decimal(amount))
