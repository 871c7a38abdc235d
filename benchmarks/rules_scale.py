"""How long the rules core takes to settle a long craps history.

    python benchmarks/rules_scale.py [--repeat 5]

The issue's case: 10,000 events with 1,000 bets, most of them open for the
whole history (hard ways and Big bets that the throws do not decide), settled
through the rules CLI's ``settle`` as a request.  The figure is the median
time, printed with its ratio to a reference run in the same process: settling
one bet and one roll.  Goal: the long history in 1 s or less.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from dealer_trainer.rules.cli import handle

GOAL_S = 1.0


def long_history(events: int = 10_000, bets: int = 1_000, seed: int = 1) -> dict[str, Any]:
    """``bets`` bets spread through ``events`` events; the throws are rarely 7, so the hard
    ways and Big bets stay open for most of the history."""
    rng = random.Random(seed)
    kinds = [
        {"kind": "hard", "number": 4},
        {"kind": "hard", "number": 10},
        {"kind": "big", "number": 6},
        {"kind": "big", "number": 8},
        {"kind": "field"},
    ]
    every = events // bets
    history: list[dict[str, Any]] = []
    for index in range(events):
        if index % every == 0:
            bet = {**rng.choice(kinds), "id": f"b{index}", "amount": 5 * rng.randint(1, 20)}
            history.append({"bet": bet})
        else:
            dice = rng.choice([[1, 2], [2, 3], [4, 5], [5, 6], [1, 1], [6, 6], [2, 1]])
            history.append({"roll": dice})
    return {"game": "craps", "events": history}


def one_roll() -> dict[str, Any]:
    return {
        "game": "craps",
        "events": [{"bet": {"id": "f", "kind": "field", "amount": 5}}, {"roll": [2, 2]}],
    }


def _median_s(action: Callable[[], object], repeat: int) -> float:
    action()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    history, reference = long_history(), one_roll()
    bets = sum(1 for e in history["events"] if "bet" in e)
    ours = _median_s(lambda: handle("settle", history), args.repeat)
    base = _median_s(lambda: handle("settle", reference), max(args.repeat, 51))
    verdict = "ok" if ours <= GOAL_S else "OVER GOAL"
    print(f"one bet, one roll (reference): median {base * 1000:8.3f} ms")
    print(
        f"{len(history['events']):,} events, {bets:,} bets: median {ours:.3f} s, "
        f"ratio {ours / base:,.0f} to the reference (goal <= {GOAL_S} s: {verdict})"
    )


if __name__ == "__main__":
    main()
