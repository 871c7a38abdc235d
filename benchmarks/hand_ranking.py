"""Rank all 2,598,960 five-card hands: the Art. 8 suit-aware order against treys.

    python benchmarks/hand_ranking.py [--repeat N]

Both evaluators get the same hands (every 5-card subset of one deck, each in
its own card encoding, built before the clock starts) and compute each hand's
value from its cards, one call per hand:

* ours:  ``dealer_trainer.rules.caribbean_stud.ranking.hand_key`` (class,
  ranks and the deciding suit of Art. 8, so that no two hands tie);
* treys: ``Evaluator._five`` (the five-card core that ``Evaluator.evaluate``
  dispatches to, called directly so the reference is as fast as treys gets),
  and ``Evaluator.evaluate(hand, board)``, its public call.

It prints each time (best of ``--repeat`` runs) and the ratio ours / treys.
Goal: ratio ≤ 1.0 against ``_five``.  The ratio, measured in one process,
is what to compare between machines, not the seconds.

Recorded (2026-11-30, Python 3.11.7, two CPU cores shared with other jobs,
``python benchmarks/hand_ranking.py``, best of 5 interleaved runs):
ours 0.60 s, treys ``_five`` 0.82 s, treys ``evaluate`` 1.18 s; ratio 0.73
against ``_five`` and 0.51 against ``evaluate``.  A second run on the busy
machine gave 0.56 and 0.51.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from treys import Card as TreysCard
from treys import Evaluator

from dealer_trainer.rules.caribbean_stud.cards import DECK
from dealer_trainer.rules.caribbean_stud.ranking import hand_key

HANDS = 2_598_960


def best_times(runs: dict[str, Callable[[], None]], repeat: int) -> dict[str, float]:
    """The best of ``repeat`` runs of each, interleaved so that a busy machine slows all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def rank_each(rank: Callable[[Any], object], hands: Sequence[Any]) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            rank(hand)

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each; the best counts")
    args = parser.parse_args()

    ours_hands = list(combinations([card.index for card in DECK], 5))
    treys_deck = [TreysCard.new(card.code[0] + card.code[1].lower()) for card in DECK]
    treys_hands = list(combinations(treys_deck, 5))
    treys_lists = [(list(hand[:2]), list(hand[2:])) for hand in treys_hands]
    assert len(ours_hands) == len(treys_hands) == HANDS
    evaluator = Evaluator()

    def treys_public() -> None:
        evaluate = evaluator.evaluate
        for hand, board in treys_lists:
            evaluate(hand, board)

    times = best_times(
        {
            "ours": rank_each(hand_key, ours_hands),
            "five": rank_each(evaluator._five, treys_hands),
            "public": treys_public,
        },
        args.repeat,
    )
    ours, five, public = times["ours"], times["five"], times["public"]
    print(f"hands ranked:                 {HANDS:,}")
    print(f"ours  hand_key (suit-aware):  {ours:.3f} s")
    print(f"treys Evaluator._five:        {five:.3f} s")
    print(f"treys Evaluator.evaluate:     {public:.3f} s")
    print(f"ratio ours / treys _five:     {ours / five:.2f}  (goal <= 1.00)")
    print(f"ratio ours / treys evaluate:  {ours / public:.2f}")


if __name__ == "__main__":
    main()
