"""Caribbean Stud at the live table: the boxes with their antes and progressive bets,
the cards as dealt from one shuffled deck, the players' decisions, the pool.

A player raises with a pair or better, or with ace-king (the usual play); a
few fold what they might have raised.  From intermediate on, the progressive
is bet, and a box now and then holds a flush or better, so that the
progressive awards of Art. 10 come up at a table.
"""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

from dealer_trainer.drills.caribbean_stud import PROGRESSIVE_FIXED, PROGRESSIVE_RESET
from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table.round import Seat, Situation
from dealer_trainer.drills.table.stud_dealing import dealing_of
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset

RANKS = "23456789TJQKA"
SUITS = "SHCD"
_BOXES = {Difficulty.BEGINNER: (1, 2), Difficulty.INTERMEDIATE: (3, 5), Difficulty.ADVANCED: (5, 7)}
_UNIT = {Difficulty.BEGINNER: 10, Difficulty.INTERMEDIATE: 25, Difficulty.ADVANCED: 50}


def situation(ruleset: Ruleset, seed: int, difficulty: Difficulty) -> Situation:
    rng = random.Random(seed)
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rng.shuffle(deck)
    boxes = sorted(rng.sample(range(1, 8), rng.randint(*_BOXES[difficulty])))
    seats = tuple(Seat(player=f"p{n}", position=box) for n, box in enumerate(boxes, start=1))
    hands = {box: [deck.pop() for _ in range(5)] for box in boxes}
    if difficulty is not Difficulty.BEGINNER and rng.random() < 0.35:
        lucky = rng.choice(boxes)
        made = _made_hand(rng, deck + hands[lucky])
        if made is not None:
            deck = [c for c in deck + hands[lucky] if c not in made]
            hands[lucky] = made
    dealer = [deck.pop() for _ in range(5)]
    progressive = difficulty is not Difficulty.BEGINNER
    request: dict[str, Any] = {
        "game": Game.CARIBBEAN_STUD,
        "ruleset": ruleset.id,
        "dealer": dealer,
        "boxes": [
            {
                "box": box,
                "ante": f"{Decimal(_UNIT[difficulty] * rng.randint(1, 6)):.2f}",
                "decision": _decision(rng, hands[box]),
                "progressive": progressive and rng.random() < 0.8,
                "cards": hands[box],
            }
            for box in boxes
        ],
    }
    if progressive:
        pool = Decimal(rng.randrange(60_000, 400_000, 50))
        request["progressive"] = {
            "pool": f"{pool:.2f}",
            "reset_to": f"{PROGRESSIVE_RESET:.2f}",
            "fixed": PROGRESSIVE_FIXED,
        }
    return Situation(
        game=Game.CARIBBEAN_STUD,
        request=request,
        seats=seats,
        dealing=dealing_of(ruleset, seed, difficulty, request),
    )


def _decision(rng: random.Random, cards: list[str]) -> str:
    ranks = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    paired = len(set(ranks)) < 5
    ace_king = ranks[0] == RANKS.index("A") and ranks[1] == RANKS.index("K")
    if paired or ace_king:
        return "raise" if rng.random() < 0.95 else "fold"
    return "raise" if rng.random() < 0.1 else "fold"


def _made_hand(rng: random.Random, cards: list[str]) -> list[str] | None:
    """A flush, full house, four of a kind or straight flush from the cards still free."""
    kind = rng.choice(("flush", "flush", "full_house", "four_of_a_kind", "straight_flush"))
    if kind == "flush":
        suit = rng.choice(SUITS)
        same = [c for c in cards if c[1] == suit]
        return rng.sample(same, 5) if len(same) >= 5 else None
    if kind == "straight_flush":
        suit = rng.choice(SUITS)
        for start in rng.sample(range(0, 8), 8):  # 2-6 … 9-K: below the royal flush
            run = [RANKS[start + i] + suit for i in range(5)]
            if all(c in cards for c in run):
                return run
        return None
    by_rank: dict[str, list[str]] = {}
    for card in cards:
        by_rank.setdefault(card[0], []).append(card)
    if kind == "four_of_a_kind":
        quads = [r for r, cs in by_rank.items() if len(cs) == 4]
        if not quads:
            return None
        rank = rng.choice(quads)
        kicker = rng.choice([c for c in cards if c[0] != rank])
        return [*by_rank[rank], kicker]
    trips = [r for r, cs in by_rank.items() if len(cs) >= 3]
    if not trips:
        return None
    rank = rng.choice(trips)
    pairs = [r for r, cs in by_rank.items() if len(cs) >= 2 and r != rank]
    if not pairs:
        return None
    other = rng.choice(pairs)
    return rng.sample(by_rank[rank], 3) + rng.sample(by_rank[other], 2)
