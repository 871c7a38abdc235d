"""Sic Bo at the live table: the players' bets on the layout, and the throw of the three dice.

Bets follow a real table by difficulty: a beginner deals to one or two players
on small and big, the totals and the single numbers; an advanced table is full,
with triples, doubles and combinations too.  Players crowd the even-money bets
and a few favourite totals, as they do at a Macau table; several players may
bet on the same area.  Each spot's bet is the felt's (``layouts.sic_bo``), so
the live table deals only bets the felt shows and the rules core settles.
"""

from __future__ import annotations

import random
from decimal import Decimal
from functools import partial
from typing import Any

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import Seat, Situation, seat_bets
from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Spot
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset

_PLAYERS = {
    Difficulty.BEGINNER: (1, 2),
    Difficulty.INTERMEDIATE: (2, 4),
    Difficulty.ADVANCED: (4, 8),
}
_BETS_EACH = {
    Difficulty.BEGINNER: (1, 3),
    Difficulty.INTERMEDIATE: (2, 4),
    Difficulty.ADVANCED: (2, 6),
}
_KINDS = {
    Difficulty.BEGINNER: ("small", "big", "odd", "even", "total", "single"),
    Difficulty.INTERMEDIATE: (
        "small", "big", "odd", "even", "total", "single", "double", "combination", "any_triple",
    ),
    Difficulty.ADVANCED: (
        "small", "big", "odd", "even", "total", "single", "double", "combination", "any_triple",
        "triple",
    ),
}  # fmt: skip
_UNIT = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 50}
#: How many units a player puts on a bet at most: big stakes go on the even-money bets.
_EVEN_MONEY = frozenset({"small", "big", "odd", "even"})


def situation(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> Situation:
    """A round: seated players, their bets on the felt's spots, and the dice."""
    rng = random.Random(seed)
    felt = felt_for(Game.SIC_BO, ruleset)
    spots = [s for s in felt if s.bet.kind in _KINDS[difficulty]]
    dice = [rng.randint(1, 6) for _ in range(3)]
    # The dice fall as they will; players bet round a few favourite totals and faces.
    favourite_total = rng.randint(4, 17)
    favourite_face = rng.randint(1, 6)
    seats = tuple(
        Seat(player=f"p{n}", position=position)
        for n, position in enumerate(
            sorted(rng.sample(range(1, 9), rng.randint(*_PLAYERS[difficulty]))), start=1
        )
    )

    def pick() -> tuple[str, Spot]:
        spot = _pick(rng, spots, favourite_total, favourite_face)
        return spot.id, spot

    bet = partial(_bet, rng=rng, difficulty=difficulty)
    bets, placed = seat_bets(rng, seats, _BETS_EACH[difficulty], pick, bet)
    return Situation(
        game=Game.SIC_BO,
        request={
            "game": Game.SIC_BO,
            "ruleset": ruleset.id,
            "bets": bets,
            "outcome": {"dice": dice},
        },
        seats=seats,
        spots=placed,
    )


def _pick(rng: random.Random, spots: list[Spot], total: int, face: int) -> Spot:
    roll = rng.random()
    even_money = [s for s in spots if s.bet.kind in _EVEN_MONEY]
    if even_money and roll < 0.35:
        return rng.choice(even_money)
    favourites = [
        s
        for s in spots
        if (s.bet.kind == "total" and s.bet.number == total)
        or (s.bet.kind in ("single", "double", "triple") and s.bet.number == face)
        or (s.bet.kind == "combination" and face in s.bet.numbers)
    ]
    if favourites and roll < 0.6:
        return rng.choice(favourites)
    return rng.choice(spots)


def _bet(
    bet_id: str, player: str, spot: Spot, rng: random.Random, difficulty: Difficulty
) -> dict[str, Any]:
    most = 20 if spot.bet.kind in _EVEN_MONEY else 6
    amount = Decimal(_UNIT[difficulty] * rng.randint(1, most))
    return {
        "id": bet_id,
        "player": player,
        "amount": f"{amount:.2f}",
        **spot.bet.request_fields(),
    }


def late_bet(
    ruleset: Ruleset, rng: random.Random, difficulty: Difficulty, bet_id: str, player: str
) -> dict[str, Any]:
    """A bet a player puts on the layout after the call "no more bets" (on a spot the felt
    shows), for the house to refuse."""
    felt = felt_for(Game.SIC_BO, ruleset)
    spots = [s for s in felt if s.bet.kind in _KINDS[difficulty]]
    return _bet(bet_id, player, rng.choice(spots), rng, difficulty)
