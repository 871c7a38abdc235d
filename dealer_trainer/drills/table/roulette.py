"""Roulette at the live table: seated players with colour chips, their bets, the number.

Bets follow the patterns of a real table by difficulty: a beginner deals to one
player with a few simple bets; an advanced table is full, with picture bets
(several inside bets around one number) and the outside bets.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from functools import partial
from typing import Any

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import Seat, Situation, seat_bets
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Work
from dealer_trainer.rules.roulette import BetKind, BetPosition, all_positions
from dealer_trainer.rules.roulette import procedure as roulette_procedure
from dealer_trainer.rules.rulesets import Ruleset

#: The colour chips of a roulette table, one colour per seated player.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white")

_PLAYERS = {
    Difficulty.BEGINNER: (1, 1),
    Difficulty.INTERMEDIATE: (2, 3),
    Difficulty.ADVANCED: (4, 7),
}
_BETS_EACH = {
    Difficulty.BEGINNER: (1, 3),
    Difficulty.INTERMEDIATE: (2, 4),
    Difficulty.ADVANCED: (2, 6),
}
_KINDS = {
    Difficulty.BEGINNER: (
        BetKind.STRAIGHT, BetKind.SPLIT, BetKind.RED, BetKind.BLACK, BetKind.DOZEN,
    ),
    Difficulty.INTERMEDIATE: (
        BetKind.STRAIGHT, BetKind.SPLIT, BetKind.STREET, BetKind.CORNER, BetKind.DOZEN,
        BetKind.COLUMN, BetKind.RED, BetKind.BLACK, BetKind.EVEN, BetKind.ODD,
    ),
    Difficulty.ADVANCED: tuple(BetKind),
}  # fmt: skip


def work(request: Mapping[str, Any], ruleset: Ruleset) -> Work:
    """The dealer's work at the table: the rules core's (``rules.roulette.procedure``), with
    no payment of a player's bets together.  The table pays each bet on its own, and a bet
    paid on its own keeps its turn of Art. 5(1) (the digest's reading of Art. 5(2)): no bet
    may wait at its turn for a later payment together that the table cannot make."""
    return replace(roulette_procedure.work(request, ruleset), players={})


def situation(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> Situation:
    rng = random.Random(seed)
    positions = [p for p in all_positions(ruleset) if p.kind in _KINDS[difficulty]]
    # The ball falls where it will; a table's bets crowd round a few favourite numbers.
    number = rng.randrange(37)
    favourites = [number] if rng.random() < 0.7 else []
    favourites += [rng.randrange(1, 37) for _ in range(2)]
    seats = tuple(
        Seat(player=f"p{n}", position=position, colour=COLOURS[n - 1])
        for n, position in enumerate(
            sorted(rng.sample(range(1, 8), rng.randint(*_PLAYERS[difficulty]))), start=1
        )
    )

    def pick() -> tuple[str, BetPosition]:
        position = _pick(rng, positions, favourites)
        return position.spot_id, position

    bet = partial(_bet, rng=rng, difficulty=difficulty)
    bets, spots = seat_bets(rng, seats, _BETS_EACH[difficulty], pick, bet)
    return Situation(
        game=Game.ROULETTE,
        request={
            "game": Game.ROULETTE,
            "ruleset": ruleset.id,
            "bets": bets,
            "outcome": {"number": number},
        },
        seats=seats,
        spots=spots,
    )


def _pick(rng: random.Random, positions: list[BetPosition], favourites: list[int]) -> BetPosition:
    inside = [p for p in positions if len(p.numbers) <= 6 and set(p.numbers) & set(favourites)]
    if inside and rng.random() < 0.6:
        return rng.choice(inside)
    return rng.choice(positions)


def _bet(
    bet_id: str, player: str, position: BetPosition, rng: random.Random, difficulty: Difficulty
) -> dict[str, Any]:
    unit = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 50}[
        difficulty
    ]
    amount = Decimal(unit * rng.randint(1, 8 if position.kind.takes_numbers else 20))
    out: dict[str, Any] = {
        "id": bet_id,
        "player": player,
        "kind": str(position.kind),
        "amount": f"{amount:.2f}",
    }
    if position.kind.takes_numbers:
        out["numbers"] = list(position.numbers)
    elif position.kind.takes_index:
        out["index"] = position.index
    return out
