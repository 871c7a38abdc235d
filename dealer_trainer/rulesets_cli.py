"""``dealer-trainer rulesets add FILE`` and ``dealer-trainer rulesets list``.

``add`` validates a house ruleset file (a refusal names the file and the key,
exit 2, before any password is asked), then asks for the instructor password
(from the terminal, or the first line of standard input when it is not one) and
keeps the file in the database every workstation uses (``$DEALER_TRAINER_DB_URL``,
or the SQLite file in the data folder) as the next version of its id. ``list``
shows every house ruleset kept there, newest version first. Exit 0 on success,
1 when the database or the password fails, 2 for a bad file or bad arguments.

On a training centre's server (a URL that names the server and the database only,
as a workstation's does) the instructor signs in with their own login
(``--instructor LOGIN``) and password, and the server's rules decide, as in the
window: the app never checks a password there. ``list`` signs in the same way.
"""

from __future__ import annotations

import getpass
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from dealer_trainer.storage import InstructorSession, Store

EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT = 0, 1, 2


def _password(stdin: TextIO) -> str:
    if stdin.isatty():
        return getpass.getpass("Instructor password: ")
    return stdin.readline().rstrip("\r\n")


def _server_url() -> bool:
    """Whether ``$DEALER_TRAINER_DB_URL`` is a centre's server reached by people's own logins."""
    from dealer_trainer.storage import engine  # noqa: PLC0415 (a command's own)

    location = engine.locate()
    return location.sqlite_path is None and not location.url.username


def _open(login: str | None, stdin: TextIO, verb: str) -> Store:
    """The records, as a centre's server lets ``login`` see them, or the single PC's file."""
    from dealer_trainer.storage import StorageError, Store  # noqa: PLC0415
    from dealer_trainer.storage.opening import open_store  # noqa: PLC0415

    if not _server_url():
        return Store.open()
    if not login:
        raise StorageError(
            f"{verb} on a training centre's server needs your login: add --instructor LOGIN "
            "(the server checks your own password)."
        )
    return open_store(login=login, password=_password(stdin))


def _instructor(store: Store, stdin: TextIO, login: str | None) -> InstructorSession:
    """The instructor's session: the server's sign-in, or the single PC's password asked now."""
    from dealer_trainer.storage.server.workstation import ServerStore  # noqa: PLC0415

    if isinstance(store, ServerStore):
        return store.signed_in_instructor()
    return store.verify_instructor(_password(stdin), login)


def add(args: SimpleNamespace, stdin: TextIO | None = None) -> int:
    from dealer_trainer.rules.errors import RulesetError  # noqa: PLC0415 (a command's own)
    from dealer_trainer.rules.rulesets import (  # noqa: PLC0415
        load_house_ruleset,
        read_house_file,
    )
    from dealer_trainer.storage import StorageError  # noqa: PLC0415
    from dealer_trainer.storage.house_rulesets import (  # noqa: PLC0415
        HouseRulesetError,
        add_house_ruleset,
    )

    path: Path = args.file
    try:
        ruleset = load_house_ruleset(path)  # refused here, before the password is asked
        text = read_house_file(path)
    except RulesetError as exc:
        return _fail(f"dealer-trainer rulesets add: {exc.message}", EXIT_BAD_INPUT)
    try:
        typed = stdin or sys.stdin
        with _open(args.instructor, typed, "Adding a house ruleset") as store:
            session = _instructor(store, typed, args.instructor)
            try:
                added = add_house_ruleset(store, session, text, path.name)
            finally:
                store.lock(session)
    except HouseRulesetError as exc:
        return _fail(f"dealer-trainer rulesets add: {exc}", EXIT_BAD_INPUT)
    except StorageError as exc:
        return _fail(f"dealer-trainer rulesets add: {exc}", EXIT_FAILED)
    kept = added.stored
    if added.new:
        print(
            f"Added {kept.ruleset_id}, version {kept.version}: {kept.title} "
            f"({ruleset.game}, based on {kept.base}). Answers graded under it record "
            f"{kept.versioned_id}."
        )
    else:
        print(
            f"{kept.ruleset_id} is unchanged: version {kept.version} has this very text "
            "(nothing was added)."
        )
    return EXIT_OK


def list_kept(args: SimpleNamespace, stdin: TextIO | None = None) -> int:
    from dealer_trainer.storage import StorageError  # noqa: PLC0415
    from dealer_trainer.storage.house_rulesets import kept_house_rulesets  # noqa: PLC0415

    try:
        with _open(getattr(args, "instructor", None), stdin or sys.stdin, "Listing") as store:
            kept = kept_house_rulesets(store)
    except StorageError as exc:
        return _fail(f"dealer-trainer rulesets list: {exc}", EXIT_FAILED)
    if not kept:
        print("No house ruleset is kept yet: add one with `dealer-trainer rulesets add FILE`.")
        return EXIT_OK
    rows = [("ruleset", "version", "game", "base", "title", "added")]
    for stored in sorted(kept, key=lambda s: (s.ruleset_id, -s.version)):
        added = f"{stored.added_at:%Y-%m-%d %H:%M} UTC by {stored.added_by}"
        rows.append(
            (stored.ruleset_id, str(stored.version), stored.game, stored.base, stored.title, added)
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=False)), end=""
        )
        print(f"  {row[-1]}")
    return EXIT_OK


def _fail(message: str, code: int) -> int:
    print(message, file=sys.stderr)
    return code
