"""A scripted training session run as a separate process by the crash and concurrency tests.

    python answer_writer.py URL TRAINEE_ID COUNT [--wait] [--quiet]

Opens the store, starts a session and records COUNT answers (0: forever),
printing ``committed <uid>`` after each ``record_answer`` returned, i.e. at the
moment the app would show feedback. Prints ``ready`` once the session exists
and waits for a line on stdin before writing when ``--wait`` is given;
``--quiet`` prints only ``done COUNT`` at the end.
"""

from __future__ import annotations

import itertools
import sys
from datetime import UTC, datetime, timedelta

from dealer_trainer.storage import AnswerRecord, Store


def main(argv: list[str]) -> int:
    url, trainee_id, count = argv[1], int(argv[2]), int(argv[3])
    wait = "--wait" in argv
    quiet = "--quiet" in argv
    store = Store.open(url)
    try:
        desk = store.trainee(trainee_id)
        session = desk.start_session("roulette-2003")
        print("ready", flush=True)
        if wait:
            sys.stdin.readline()
        numbers = range(count) if count else itertools.count()
        for n in numbers:
            now = datetime.now(UTC)
            record = AnswerRecord(
                item_seed=trainee_id * 1_000_000 + n,
                skill=("roulette.payout.straight_up", "roulette.payout.split")[n % 2],
                ruleset_id="roulette-2003",
                situation={"number": n % 37, "bets": [{"kind": "straight_up", "amount": "5.00"}]},
                expected={"payout": "175.00"},
                given={"payout": "175.00" if n % 3 else "170.00"},
                correct=bool(n % 3),
                time_taken_ms=1000 + (n * 37) % 5000,
                app_version="0.1.0",
                presented_at=now - timedelta(milliseconds=1000 + (n * 37) % 5000),
                answered_at=now,
            )
            desk.record_answer(session.id, record)
            if not quiet:
                sys.stdout.write(f"committed {record.uid}\n")
                sys.stdout.flush()
        desk.end_session(session.id)
        print(f"done {count}", flush=True)
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
