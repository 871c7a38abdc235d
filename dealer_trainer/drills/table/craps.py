"""Craps at the live table: a shooter's hand so far, the players' bets, the throw to settle.

The table's history is built as it is played: line bets on a come-out roll,
the point, odds within the Art. 2(2) cap, come bets travelling to their
points, and the one-roll and hard-way bets that players make on any roll
(Art. 12).  Every bet is checked by the rules core as it is placed; the
round is the dealer's work after the last throw.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from decimal import Decimal
from fractions import Fraction
from typing import Any

from dealer_trainer.drills.craps import big_readings
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import Seat, Situation
from dealer_trainer.rules.craps import api
from dealer_trainer.rules.craps.model import BetKind
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import Text

_PLAYERS = {
    Difficulty.BEGINNER: (1, 1),
    Difficulty.INTERMEDIATE: (2, 3),
    Difficulty.ADVANCED: (3, 6),
}
_UNIT = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 50}
#: The largest odds bet per unit of line bet (Art. 2(2): the odds win never exceeds the line bet).
_ODDS_CAP = {4: Fraction(1, 2), 10: Fraction(1, 2), 5: Fraction(2, 3), 9: Fraction(2, 3),
             6: Fraction(5, 6), 8: Fraction(5, 6)}  # fmt: skip
_PROPS = {
    Difficulty.BEGINNER: ("field",),
    Difficulty.INTERMEDIATE: ("field", "hard", "big"),
    Difficulty.ADVANCED: ("field", "hard", "big", "big7", "eleven", "any_craps"),
}


def situation(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> Situation:
    rng = random.Random(seed)
    seats = tuple(
        Seat(player=f"p{n}", position=position)
        for n, position in enumerate(
            sorted(rng.sample(range(1, 11), rng.randint(*_PLAYERS[difficulty]))), start=1
        )
    )
    table = _Table(ruleset, rng, difficulty)
    for seat in seats:
        table.bet(seat.player, rng.choice(("pass", "pass", "pass", "dont_pass")))
    if difficulty is not Difficulty.BEGINNER or rng.random() < 0.6:
        table.roll_a_point()
        for seat in seats:
            table.take_odds(seat.player)
            if difficulty is not Difficulty.BEGINNER and rng.random() < 0.5:
                table.bet(seat.player, rng.choice(("come", "come", "dont_come")))
        if difficulty is Difficulty.ADVANCED and rng.random() < 0.6:
            table.roll_keeping_the_point()
            for seat in seats:
                table.take_odds(seat.player)
    for seat in seats:
        if rng.random() < 0.7:
            table.bet(seat.player, rng.choice(_PROPS[difficulty]))
    table.roll()
    return Situation(game="craps", request=table.request(), seats=seats)


def readings(request: Mapping[str, Any], ruleset: Ruleset, step: Step) -> tuple[Text, ...]:
    """What a right step rests on beyond the article's words: a Big bet's win paid by the
    ruleset's reading of Arts. 9 to 11 (its unit, a remainder, a Big 4/10 under its block)."""
    if step.action is not Action.PAY or step.target.bet is None:
        return ()
    table = api.replay(request, ruleset)
    state = table.bet(str(step.target.bet))
    if state.kind is not BetKind.BIG or state.bet.number is None:
        return ()
    return tuple(big_readings(table, table.big_parts(state.bet.amount, state.bet.number)))


class _Table:
    """The history being built; a bet the rules core refuses is not placed."""

    def __init__(self, ruleset: Ruleset, rng: random.Random, difficulty: Difficulty) -> None:
        self.ruleset, self.rng, self.difficulty = ruleset, rng, difficulty
        self.events: list[dict[str, Any]] = []
        self.count = 0

    def request(self) -> dict[str, Any]:
        return {"game": "craps", "ruleset": self.ruleset.id, "events": list(self.events)}

    def _settled(self) -> dict[str, Any]:
        return api.settle(self.request(), self.ruleset)

    def bet(self, player: str, kind: str, **extra: Any) -> None:
        self.count += 1
        amount = extra.pop("amount", Decimal(_UNIT[self.difficulty] * self.rng.randint(1, 6)))
        bet: dict[str, Any] = {
            "id": f"{player}-{self.count}",
            "kind": kind,
            "amount": f"{amount:.2f}",
        }
        if kind == "hard":
            bet["number"] = self.rng.choice((4, 6, 8, 10))
        elif kind == "big":
            bet["number"] = self.rng.choice((6, 8))
        bet.update(extra)
        self.events.append({"bet": bet})
        try:
            self._settled()
        except RulesError:
            self.events.pop()  # not a bet this table accepts now (e.g. a come bet on a come-out)

    def take_odds(self, player: str) -> None:
        """Odds behind each of the player's bets that has its point, up to the cap."""
        settled = {r["id"]: r for r in self._settled()["results"]}
        point = self._settled()["point"]
        for event in list(self.events):
            bet = event.get("bet")
            if not bet or not str(bet["id"]).startswith(f"{player}-") or bet["kind"] == "odds":
                continue
            result = settled[bet["id"]]
            number = result.get("come_point") or (
                point if bet["kind"] in ("pass", "dont_pass") else None
            )
            if result["outcome"] != "open" or number is None or self.rng.random() < 0.4:
                continue
            line = Decimal(bet["amount"])
            if bet["kind"] in ("pass", "come"):
                cap = line * _ODDS_CAP[number].numerator / _ODDS_CAP[number].denominator
            else:
                cap = line  # the text sets no limit on the don't side's odds
            step = {4: 1, 10: 1, 5: 2, 9: 2, 6: 5, 8: 5}[number]
            largest = int(cap) // step * step
            if largest >= step:
                amount = Decimal(self.rng.randrange(step, largest + 1, step))
                self.bet(player, "odds", on=bet["id"], amount=amount)

    def roll_a_point(self) -> None:
        point = self.rng.choice((4, 5, 6, 8, 9, 10))
        self.events.append({"roll": _dice(self.rng, point)})

    def roll_keeping_the_point(self) -> None:
        point = self._settled()["point"]
        total = self.rng.choice([t for t in (4, 5, 6, 8, 9, 10) if t != point])
        self.events.append({"roll": _dice(self.rng, total)})

    def roll(self) -> None:
        self.events.append({"roll": [self.rng.randint(1, 6), self.rng.randint(1, 6)]})


def _dice(rng: random.Random, total: int) -> list[int]:
    first = rng.choice([d for d in range(1, 7) if 1 <= total - d <= 6])
    return [first, total - first]
