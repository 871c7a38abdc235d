"""A scripted dealer at the live table, run as a separate process by the crash test.

    python round_writer.py URL TRAINEE_ID

Plays roulette rounds for ever through ``TableRecorder``, one wrong step and then
the right one each time, printing ``committed <round uid> <position>`` after each
``act`` returned (the moment the table would show the verdict).
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
from decimal import Decimal

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import new_round, steps_in_order
from dealer_trainer.rules.procedure import Action
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import Store
from dealer_trainer.storage.table_recorder import TableRecorder


def main(argv: list[str]) -> int:
    url, trainee_id = argv[1], int(argv[2])
    store = Store.open(url)
    try:
        recorder = TableRecorder.start(store.trainee(trainee_id), "roulette-2003")
        print("ready", flush=True)
        for seed in itertools.count():
            round_ = new_round(
                default_ruleset("roulette"), seed, Difficulty.INTERMEDIATE, recorder=recorder
            )
            uid = recorder.round_uid(round_)
            for step in steps_in_order(round_.plan):
                if step.action is Action.PAY:  # a wrong amount first, refused
                    wrong = dataclasses.replace(step, amount=(step.amount or 0) + Decimal(1))
                    attempt = round_.act(wrong)
                    print(f"committed {uid} {attempt.index}", flush=True)
                attempt = round_.act(step)
                print(f"committed {uid} {attempt.index}", flush=True)
            if not round_.finished:
                print(f"committed {uid} {round_.close().index}", flush=True)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
