"""``dealer-trainer server init URL``, ``… add-person URL …``, ``… set-password URL …``,
``… grader URL`` (the centre's grader, ``grader.py``: a service, until SIGTERM or Ctrl+C)
and ``… tls --host NAME`` (the centre's CA and the server's certificate, ``tls.py``).

For IT's scripts: the URL names the role to sign in as (``postgresql://ROLE@SERVER:
5432/DATABASE``, or the ``postgresql+psycopg://`` form) and never a password. The
role's password comes from ``PGPASSWORD`` or, at a terminal, a prompt; it is never
stored. ``add-person`` reads the new person's password from standard input (its
first line; a prompt, twice, at a terminal) and prints the login; ``set-password`` reads
the new password the same way. Exit 0 on success,
1 when the server refuses or cannot be reached, 2 for bad input. No message ever
shows a password.
"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from types import SimpleNamespace
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from sqlalchemy import Engine

    from dealer_trainer.storage.server.admin import ServerURL

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _fail(message: str, code: int) -> int:
    print(f"dealer-trainer server: {message}", file=sys.stderr)
    return code


def _role_password(user: str) -> str | None:
    password = os.environ.get("PGPASSWORD")
    if password:
        return password
    if sys.stdin.isatty():
        return getpass.getpass(f"Password of {user}: ")
    return None


def _new_password(stdin: TextIO, login: str) -> str | None:
    if stdin.isatty():
        first = getpass.getpass(f"Password for {login}: ")
        if getpass.getpass(f"The same password again for {login}: ") != first:
            return None
        return first
    return stdin.readline().rstrip("\r\n")


def init(args: SimpleNamespace) -> int:
    from dealer_trainer.storage.errors import StorageError  # noqa: PLC0415 (a command's own)
    from dealer_trainer.storage.server import admin  # noqa: PLC0415

    try:
        target = admin.parse_admin_url(args.url)
    except StorageError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    password = _role_password(target.user)
    if password is None:
        return _fail(
            f"no password for {target.user}: set PGPASSWORD, or run this at a terminal to be "
            "asked for it.",
            EXIT_BAD_INPUT,
        )
    try:
        done = admin.init(target, password)
    except StorageError as exc:
        return _fail(str(exc), EXIT_FAILED)
    print(f"{target.shown}: ready")
    for line in done:
        print(f"  {line}")
    return EXIT_OK


def _with_new_password(
    args: SimpleNamespace,
    stdin: TextIO | None,
    act: Callable[[Engine, ServerURL, str], object],
    checks: Callable[[], object] = lambda: None,
) -> int:
    """What ``add-person`` and ``set-password`` share: the URL, the login and ``checks``
    checked, the new password read (twice at a terminal) and checked, the role's own
    password asked, then ``act(sql, target, new_password)``; every refusal said in words."""
    from dealer_trainer.storage.access import check_new_password  # noqa: PLC0415
    from dealer_trainer.storage.errors import StorageError  # noqa: PLC0415
    from dealer_trainer.storage.server import admin  # noqa: PLC0415

    try:
        target = admin.parse_admin_url(args.url)
        admin.check_login(args.login)
        checks()
    except (StorageError, ValueError) as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    new_password = _new_password(stdin or sys.stdin, args.login)
    if new_password is None:
        return _fail("the two passwords typed differ; nothing was changed.", EXIT_BAD_INPUT)
    try:
        check_new_password(new_password, args.login)
    except ValueError as exc:
        return _fail(f"{exc} Nothing was changed.", EXIT_BAD_INPUT)
    password = _role_password(target.user)
    if password is None:
        return _fail(
            f"no password for {target.user}: set PGPASSWORD (standard input holds the new "
            "password).",
            EXIT_BAD_INPUT,
        )
    try:
        sql = admin.connect(target, password)
        try:
            act(sql, target, new_password)
        finally:
            sql.dispose()
    except StorageError as exc:
        return _fail(str(exc), EXIT_FAILED)
    except ValueError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    return EXIT_OK


def add_person(args: SimpleNamespace, stdin: TextIO | None = None) -> int:
    from dealer_trainer.storage.records import clean_name  # noqa: PLC0415
    from dealer_trainer.storage.server import admin  # noqa: PLC0415

    done = _with_new_password(
        args,
        stdin,
        lambda sql, target, new: admin.add_person(
            sql, target, args.role, args.login, args.name, new
        ),
        lambda: clean_name(args.name),
    )
    if done == EXIT_OK:
        print(args.login)
    return done


def set_password(args: SimpleNamespace, stdin: TextIO | None = None) -> int:
    """A new password for an instructor or a trainee who forgot theirs (the owner's URL:
    anyone; an instructor's: a trainee)."""
    from dealer_trainer.storage.server import admin  # noqa: PLC0415

    done = _with_new_password(
        args, stdin, lambda sql, target, new: admin.set_password(sql, target, args.login, new)
    )
    if done == EXIT_OK:
        print(f"{args.login}: the new password is set")
    return done


def grader(args: SimpleNamespace) -> int:
    """``dealer-trainer server grader URL``: grade what is pending, then what the database
    says has come (until stopped: SIGTERM, Ctrl+C); ``--once``: one pass, then exit."""
    import logging  # noqa: PLC0415 (a command's own)
    import signal  # noqa: PLC0415

    from dealer_trainer.storage.errors import StorageError  # noqa: PLC0415
    from dealer_trainer.storage.server import admin  # noqa: PLC0415
    from dealer_trainer.storage.server import grader as grading  # noqa: PLC0415

    try:
        target = admin.parse_admin_url(args.url)
        admin.check_grader_url(target)
    except StorageError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if getattr(args, "log", None):
        handlers.append(logging.FileHandler(args.log, encoding="utf-8"))
    logging.basicConfig(
        level=logging.INFO,
        format="%(asctime)s dealer-trainer grader: %(message)s",
        handlers=handlers,
        force=True,
    )
    # PGPASSWORD, a prompt at a terminal, or else libpq's password file (PGPASSFILE,
    # ~/.pgpass): a service is given its password the way IT gives any role's.
    password = _role_password(target.user)
    try:
        work = admin.grader_engine(target, password)
    except StorageError as exc:
        return _fail(str(exc), EXIT_FAILED)
    service = grading.Grader(work)
    try:
        if getattr(args, "once", False):
            graded = service.grade_pending()
            print(f"{target.shown}: {len(graded)} sittings graded")
            return EXIT_OK

        def stop(_signum: int, _frame: object) -> None:
            service._stopping.set()
            raise KeyboardInterrupt

        signal.signal(signal.SIGTERM, stop)
        service.run(
            lambda: admin.listen_connection(target, password),
            ready=lambda: print(f"{target.shown}: grading", flush=True),
        )
    except KeyboardInterrupt:
        pass
    except StorageError as exc:
        return _fail(str(exc), EXIT_FAILED)
    finally:
        work.dispose()
    print(f"{target.shown}: stopped", flush=True)
    return EXIT_OK


def tls(args: SimpleNamespace) -> int:
    """``dealer-trainer server tls --host NAME [--out DIR]``: the centre's CA (made once,
    then reused) and a certificate for the server signed by it; what to do with them."""
    from pathlib import Path  # noqa: PLC0415 (a command's own)

    from dealer_trainer.storage.server import tls as making  # noqa: PLC0415

    try:
        made = making.make(Path(args.out), list(args.host), centre=args.centre, days=int(args.days))
    except making.TLSError as exc:
        return _fail(str(exc), EXIT_BAD_INPUT)
    except OSError as exc:
        return _fail(f"cannot write in {args.out}: {exc.strerror}", EXIT_FAILED)
    for line in making.instructions(made):
        print(line)
    return EXIT_OK
