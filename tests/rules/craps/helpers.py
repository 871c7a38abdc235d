"""Small builders shared by the craps tests: tables, bets and throws in one line each."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from dealer_trainer.rules.craps import OFF_TABLE, Bet, BetKind, CrapsRules, Roll, Table
from dealer_trainer.rules.rulesets import get_ruleset


def rules(ruleset_id: str = "craps-1985", **settings: Any) -> CrapsRules:
    ruleset = get_ruleset(ruleset_id)
    if settings:
        ruleset = ruleset.with_settings(settings)
    return CrapsRules.from_ruleset(ruleset)


def new_table(ruleset_id: str = "craps-1985", **settings: Any) -> Table:
    return Table.new(rules(ruleset_id, **settings))


def bet(
    bet_id: str,
    kind: str,
    amount: str | int,
    *,
    number: int | None = None,
    on: str | None = None,
) -> Bet:
    return Bet(bet_id, BetKind(kind), Decimal(amount), number=number, on=on)


def play(table: Table, *events: Bet | tuple[int, int] | str) -> Table:
    """Apply events in order: a Bet is placed, ``(a, b)`` is thrown, ``"off_table"`` is no throw."""
    for event in events:
        if isinstance(event, Bet):
            table = table.place(event)
        elif event == "off_table":
            table = table.roll(OFF_TABLE)
        else:
            assert isinstance(event, tuple)
            table = table.roll(Roll(*event))
    return table


def money(text: str) -> Decimal:
    return Decimal(text)
