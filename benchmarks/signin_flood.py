"""Genuine sign-ins while a flood of wrong passwords holds the server's connection slots.

    PGPASSWORD=... python benchmarks/signin_flood.py \\
        --admin postgresql://flood_admin@localhost:5499/postgres [--flood 110] [--genuine 8]

Run it against a PostgreSQL cluster of its own (``pg_createcluster 15 flood --port 5499``,
as docs/server.md, *Sign-in floods*, shows): it fills every connection slot, which would
refuse everyone else's connections on a shared one. ``--admin`` is a role with CREATEROLE
and CREATEDB (its password in ``PGPASSWORD``); the script makes a database ``dt_flood``
and the roles ``dt_flood_person_1`` … and drops them at the end.

Each scenario is a few seconds (all of them together under 30 s with the defaults):

- ``quiet``: ``--genuine`` people sign in (one connection each, kept open for a second, as
  a workstation's), one every 0.25 s; no flood. The reference.
- ``flood``: the same while ``--flood`` threads each sign in with a wrong password, again
  and again (each holds a slot for ``auth_delay.milliseconds`` before the server answers):
  what a person saw before this change, one attempt each.
- ``flood+retry``: the same flood, each person's sign-in tried again while the server says
  "too many clients", as the app does now (``storage.server.busy.retrying_busy``: jittered
  backoff, up to 10 s).
- ``stolen`` (with ``--stolen``): one person's login, stolen, opens ``--flood`` connections
  with the right password and keeps them (``--limit`` sets that role's CONNECTION LIMIT
  first, as docs/server.md advises); the others sign in once each.

Printed per scenario: sign-ins accepted out of ``--genuine``, the ratio to ``quiet``, the
longest time a sign-in took, and the refusals by kind. The server's settings that decide
it (max_connections, superuser_reserved_connections, auth_delay.milliseconds) are printed
first. Figures measured on this project's machine are in docs/server.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psycopg
from psycopg import sql

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dealer_trainer.storage.server.busy import retrying_busy

DATABASE = "dt_flood"
PERSON = "dt_flood_person_{}"
PASSWORD = "flood-genuine-password-{}"  # a throw-away cluster's throw-away roles


@dataclass
class Outcome:
    accepted: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    longest_s: float = 0.0


def _kind(exc: BaseException) -> str:
    said = str(exc)
    for words in (
        "too many clients already",
        "remaining connection slots are reserved",
        "too many connections for role",
        "password authentication failed",
        "timeout expired",
    ):
        if words in said:
            return words
    return said.strip().splitlines()[-1][:80] if said.strip() else type(exc).__name__


def _conninfo(args: argparse.Namespace, user: str, database: str = DATABASE) -> dict[str, Any]:
    admin = psycopg.conninfo.conninfo_to_dict(args.admin.replace("+psycopg", ""))
    return {
        "host": admin.get("host", "localhost"),
        "port": admin.get("port", 5432),
        "dbname": database,
        "user": user,
        "sslmode": args.sslmode,
        "connect_timeout": 15,
    }


def _admin(args: argparse.Namespace) -> psycopg.Connection[Any]:
    info = psycopg.conninfo.conninfo_to_dict(args.admin.replace("+psycopg", ""))
    conninfo = psycopg.conninfo.make_conninfo(**info)  # type: ignore[arg-type]
    return psycopg.connect(conninfo, password=os.environ.get("PGPASSWORD"), autocommit=True)


def setup(args: argparse.Namespace) -> dict[str, str]:
    with _admin(args) as admin:
        settings = {
            name: str(
                (admin.execute(sql.SQL("SHOW {}").format(sql.Identifier(name))).fetchone() or "?")[
                    0
                ]
            )
            for name in (
                "max_connections",
                "superuser_reserved_connections",
                "auth_delay.milliseconds",
            )
        }
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(DATABASE)))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(DATABASE)))
        for k in range(1, args.genuine + 2):
            role = sql.Identifier(PERSON.format(k))
            admin.execute(sql.SQL("DROP ROLE IF EXISTS {}").format(role))
            admin.execute(
                sql.SQL("CREATE ROLE {} LOGIN PASSWORD {}").format(
                    role, sql.Literal(PASSWORD.format(k))
                )
            )
    return settings


def teardown(args: argparse.Namespace) -> None:
    with _admin(args) as admin:
        for _ in range(20):  # the flood's last backends are still ending
            try:
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(DATABASE))
                )
                break
            except psycopg.errors.ObjectInUse:
                time.sleep(0.5)
        for k in range(1, args.genuine + 2):
            admin.execute(
                sql.SQL("DROP ROLE IF EXISTS {}").format(sql.Identifier(PERSON.format(k)))
            )


def _sign_in(args: argparse.Namespace, k: int, retry: bool) -> psycopg.Connection:
    def attempt() -> psycopg.Connection:
        return psycopg.connect(**_conninfo(args, PERSON.format(k)), password=PASSWORD.format(k))

    return retrying_busy(attempt) if retry else attempt()


def genuine(args: argparse.Namespace, retry: bool) -> Outcome:
    """``--genuine`` people sign in, one every 0.25 s, each keeping the connection 1 s."""
    outcome = Outcome()
    lock = threading.Lock()

    def person(k: int) -> None:
        started = time.monotonic()
        try:
            connection = _sign_in(args, k, retry)
        except Exception as exc:  # refused: say which way
            cause = exc.__cause__ or exc
            with lock:
                outcome.refused[_kind(cause)] += 1
                outcome.longest_s = max(outcome.longest_s, time.monotonic() - started)
            return
        with lock:
            outcome.accepted += 1
            outcome.longest_s = max(outcome.longest_s, time.monotonic() - started)
        with connection:
            connection.execute("SELECT 1")
            time.sleep(1.0)

    people = []
    for k in range(1, args.genuine + 1):
        people.append(threading.Thread(target=person, args=(k,)))
        people[-1].start()
        time.sleep(0.25)
    for thread in people:
        thread.join()
    return outcome


class Flood:
    """``count`` threads signing in with a wrong password, again and again, until stopped."""

    def __init__(self, args: argparse.Namespace, count: int) -> None:
        self.args = args
        self.stop = threading.Event()
        self.attempts = 0
        self.kinds: Counter[str] = Counter()
        self._lock = threading.Lock()
        self.threads = [threading.Thread(target=self._loop, daemon=True) for _ in range(count)]

    def _loop(self) -> None:
        victim = PERSON.format(1)
        while not self.stop.is_set():
            try:
                psycopg.connect(**_conninfo(self.args, victim), password="a wrong guess").close()
                kind = "accepted?!"
            except psycopg.Error as exc:
                kind = _kind(exc)
            with self._lock:
                self.attempts += 1
                self.kinds[kind] += 1

    def __enter__(self) -> Flood:
        for thread in self.threads:
            thread.start()
        time.sleep(self.args.ramp)  # every slot taken: the flood's steady state
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join(30)


class Stolen:
    """One person's login, stolen: ``count`` connections with the right password, kept."""

    def __init__(self, args: argparse.Namespace, count: int) -> None:
        self.args = args
        self.count = count
        self.held: list[psycopg.Connection] = []
        self.kinds: Counter[str] = Counter()

    def __enter__(self) -> Stolen:
        thief = self.args.genuine + 1
        if self.args.limit is not None:
            with _admin(self.args) as admin:
                admin.execute(
                    sql.SQL("ALTER ROLE {} CONNECTION LIMIT {}").format(
                        sql.Identifier(PERSON.format(thief)), sql.Literal(self.args.limit)
                    )
                )
        for _ in range(self.count):
            try:
                self.held.append(
                    psycopg.connect(
                        **_conninfo(self.args, PERSON.format(thief)),
                        password=PASSWORD.format(thief),
                    )
                )
                self.kinds["held"] += 1
            except psycopg.Error as exc:
                self.kinds[_kind(exc)] += 1
        return self

    def __exit__(self, *_exc: object) -> None:
        for connection in self.held:
            connection.close()


def report(name: str, outcome: Outcome, reference: Outcome | None, n: int, extra: str = "") -> None:
    ratio = (
        f"{outcome.accepted / reference.accepted:.2f}"
        if reference is not None and reference.accepted
        else "1.00 (reference)"
    )
    refused = (
        ", ".join(f"{count} {kind}" for kind, count in outcome.refused.most_common()) or "none"
    )
    print(
        f"{name:<12} accepted {outcome.accepted}/{n}  ratio to quiet {ratio}  "
        f"longest sign-in {outcome.longest_s:.2f} s  refused: {refused}{extra}",
        flush=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--admin", required=True, help="postgresql://ROLE@HOST:PORT/postgres (CREATEROLE, CREATEDB)"
    )
    parser.add_argument("--flood", type=int, default=110, help="parallel wrong-password loops")
    parser.add_argument("--genuine", type=int, default=8, help="people signing in meanwhile")
    parser.add_argument(
        "--ramp", type=float, default=2.5, help="seconds for the flood to fill the slots"
    )
    parser.add_argument(
        "--sslmode", default="disable", help="the clients' sslmode (disable: CPU for the flood)"
    )
    parser.add_argument("--no-retry", action="store_true", help="skip flood+retry")
    parser.add_argument("--stolen", action="store_true", help="also the stolen-login scenario")
    parser.add_argument(
        "--limit", type=int, default=None, help="CONNECTION LIMIT of the stolen login"
    )
    args = parser.parse_args(argv)

    settings = setup(args)
    print(
        "server: "
        + ", ".join(f"{k} = {v}" for k, v in settings.items())
        + f"; flood {args.flood} loops, {args.genuine} people",
        flush=True,
    )
    try:
        quiet = genuine(args, retry=False)
        report("quiet", quiet, None, args.genuine)
        with Flood(args, args.flood) as flood:
            flooded = genuine(args, retry=False)
        report("flood", flooded, quiet, args.genuine, f"  (flood: {flood.attempts} guesses)")
        if not args.no_retry:
            with Flood(args, args.flood) as flood:
                retried = genuine(args, retry=True)
            report(
                "flood+retry", retried, quiet, args.genuine, f"  (flood: {flood.attempts} guesses)"
            )
        if args.stolen:
            with Stolen(args, args.flood) as stolen:
                taken = genuine(args, retry=False)
            held = ", ".join(f"{count} {kind}" for kind, count in stolen.kinds.most_common())
            limit = "none" if args.limit is None else str(args.limit)
            report("stolen", taken, quiet, args.genuine, f"  (stolen login, limit {limit}: {held})")
    finally:
        teardown(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
