"""The app's one connection to storage, opened on first use (not at start-up).

The drill screens, the instructor views and the main window's trainee picker
all share it.  Opening can fail (a damaged file, an unreachable server): the
error is a :class:`~dealer_trainer.storage.StorageError` with a sentence for
the user, and the app keeps working without records.

Opening may wait for a lock another program or workstation holds (bounded, see
``storage.engine.Patience``).  :meth:`AppStore.open_in_background` does that wait on
a worker thread, so the window stays alive: ``progress`` says what is awaited,
``opened`` or ``failed`` how it ended; meanwhile :meth:`AppStore.store` raises
:class:`StoreOpeningError` at once instead of blocking the GUI thread.

The daily backup of a SQLite file (minutes on a large one) is not part of
opening: once the store is open it runs on a worker thread of its own
(``Store.check_backups``: SQLite's online backup API, through its own
connection) while the records are in use; ``backupsChecked`` says it is done,
and ``store().problems`` then includes a failed backup.

On a training centre's server whose URL names the server and database only
(``postgresql+psycopg://server:5432/db``: each person signs in as their own
PostgreSQL login), nothing opens at start-up: :attr:`AppStore.signs_in_first` is
true, ``store()`` raises a ``StorageError`` saying the records open when someone
signs in, and :meth:`AppStore.sign_in_in_background` opens the store with the
typed login and password and signs in, on a worker thread (the server may make a
wrong password wait: ``auth_delay``); ``signedIn`` or ``signInFailed`` says how it
ended. :meth:`AppStore.sign_out` closes that connection: the next person signs in
with their own.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

from dealer_trainer.rules.rulesets import RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit.language import problem_text, text_in_language

if TYPE_CHECKING:
    from dealer_trainer.storage import Store
    from dealer_trainer.storage.records import Person

Progress = Callable[[str], None]
#: Opens the records as one person: login, password, progress (server mode).
SignInOpener = Callable[[str, str, Progress], "Store"]
#: ``storage.engine.DB_URL_ENV``, read here without loading storage (SQLAlchemy) at start-up.
DB_URL_ENV = "DEALER_TRAINER_DB_URL"
#: ``storage.engine.UNVERIFIED_LAB_ENV``, the lab's switch, read here the same way.
UNVERIFIED_LAB_ENV = "DEALER_TRAINER_LAB_UNVERIFIED_SERVER"


def unverified_lab_server(url: str | None = None) -> bool:
    """The records are on a server this workstation reaches without verifying it: ``url``
    (default ``$DEALER_TRAINER_DB_URL``) is a server's without ``sslmode=verify-full``, and
    the lab's switch lets it through (``storage.engine.verified_server``, which refuses it
    otherwise). The window then says so all the time."""
    given = url or os.environ.get(DB_URL_ENV) or ""
    scheme, sep, _rest = given.partition("://")
    if not sep or not scheme.lower().startswith("postgresql"):
        return False
    if os.environ.get(UNVERIFIED_LAB_ENV, "").strip() != "1":
        return False
    from urllib.parse import parse_qs, urlsplit  # noqa: PLC0415 (a server's URL only)

    return parse_qs(urlsplit(given).query).get("sslmode") != ["verify-full"]


def per_person_server_url(url: str | None = None) -> str | None:
    """``url`` (default ``$DEALER_TRAINER_DB_URL``) if it is a server's that names no user.

    Such a URL names the server and the database only: each person signs in as their own
    PostgreSQL login. Read without SQLAlchemy (this runs before the first paint); a URL
    it cannot read is left to ``Store.open``, which says what is wrong with it.
    """
    given = url or os.environ.get(DB_URL_ENV) or ""
    scheme, sep, rest = given.partition("://")
    if not sep or not scheme.lower().startswith("postgresql"):
        return None
    authority = rest.split("/", 1)[0].split("?", 1)[0]
    return None if "@" in authority else given


def _sign_in_default(url: str) -> SignInOpener:
    def open_as(login: str, password: str, progress: Progress) -> Store:
        from dealer_trainer.storage.engine import Patience  # noqa: PLC0415 (loads on first use)
        from dealer_trainer.storage.opening import open_store  # noqa: PLC0415

        # The server's own store: its roles and functions decide what this person may do.
        return open_store(
            url,
            login=login,
            password=password,
            patience=Patience(progress=lambda text: progress(text_in_language(text))),
            daily_backup=False,
        )

    return open_as


def _open_default(progress: Progress) -> Store:
    from dealer_trainer.storage import Store  # noqa: PLC0415 (storage loads on first use)
    from dealer_trainer.storage.engine import Patience  # noqa: PLC0415

    # The daily backup is left to its own worker thread (see the module).
    return Store.open(
        patience=Patience(progress=lambda text: progress(text_in_language(text))),
        daily_backup=False,
    )


@cache
def opening_error_type() -> type[Exception]:
    """``StoreOpeningError``, a ``StorageError`` (made on first use: storage loads late)."""
    from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

    class StoreOpeningError(StorageError):
        """The records are still being opened on the worker thread: try again shortly."""

    return StoreOpeningError


def sign_in_first_error() -> Exception:
    """The error ``store()`` raises on a server before anyone has signed in."""
    from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

    return StorageError(
        QCoreApplication.translate(
            "storage",
            "Each person signs in with their own login on this training centre's server: "
            "the records open when someone signs in.",
        )
    )


def opening_error(waiting_for: str | None) -> Exception:
    """The error ``store()`` raises while the records are being opened."""
    message = QCoreApplication.translate(
        "storage", "The records are still being opened: try again in a moment."
    )
    if waiting_for:
        message = f"{message} {waiting_for}"
    return opening_error_type()(message)


class AppStore(QObject):
    """Opens the store once, lends it to every screen, and says when trainees change.

    ``opener`` takes no argument (say a test's ready store); ``reporting_opener`` takes
    the progress callback to tell what it waits for. The default is ``Store.open`` with a
    bounded lock wait that reports. ``in_background``: never open on the calling thread,
    not even before :meth:`open_in_background` (the window's, whose GUI thread must not
    wait: ``store()`` starts opening in the background and raises meanwhile).

    ``url`` (default ``$DEALER_TRAINER_DB_URL``) matters only without an opener: a
    server's URL without a user means each person signs in (see the module);
    ``sign_in_opener`` then opens the records as the person who signs in.
    """

    traineesChanged = Signal()
    #: The house rulesets of ``rulesets`` changed (loaded from the database).
    rulesetsChanged = Signal()
    #: What opening is waiting for, in a sentence (a lock held elsewhere).
    progress = Signal(str)
    #: The store is open: screens may use it now.
    opened = Signal()
    #: Opening failed: the sentence says why and what to do.
    failed = Signal(str)
    #: The daily backup work after opening is done (``store().problems`` has its outcome).
    backupsChecked = Signal()
    #: Server mode: the records opened as this ``Person``, who is signed in.
    signedIn = Signal(object)
    #: Server mode: the sign-in failed; the ``StorageError`` says why (never the password).
    signInFailed = Signal(object)
    _finished = Signal(object)
    _sign_in_finished = Signal(object)
    _backups_done = Signal(object)

    def __init__(
        self,
        opener: Callable[[], Store] | None = None,
        parent: QObject | None = None,
        *,
        reporting_opener: Callable[[Progress], Store] | None = None,
        in_background: bool = False,
        url: str | None = None,
        sign_in_opener: SignInOpener | None = None,
        rulesets: RulesetRegistry | None = None,
    ) -> None:
        super().__init__(parent)
        #: The rulesets the app knows: the shipped ones, and the house rulesets the records
        #: keep (given again whenever they are read); handed to every screen that looks a
        #: ruleset up by id.
        self.rulesets = rulesets if rulesets is not None else RulesetRegistry()
        if opener is not None:
            self._opener: Callable[[Progress], Store] = lambda _progress: opener()
        else:
            self._opener = reporting_opener or _open_default
        server = None if opener or reporting_opener else per_person_server_url(url)
        self._unverified_url = not (opener or reporting_opener) and unverified_lab_server(url)
        if sign_in_opener is None and server is not None:
            sign_in_opener = _sign_in_default(server)
        self._sign_in_opener = sign_in_opener
        self._store: Store | None = None
        #: Why a kept house ruleset cannot be used here, one sentence each.
        self.house_ruleset_problems: list[str] = []
        self._worker: threading.Thread | None = None
        self._waiting_for: str | None = None
        self._closed = False
        # Never open on the calling thread (set by open_in_background too).
        self._background = in_background
        self._backup_worker: threading.Thread | None = None
        self._finished.connect(self._open_finished)  # queued: from the worker thread
        self._sign_in_finished.connect(self._signed_in)  # queued: from the worker thread
        self._backups_done.connect(self._backups_finished)  # queued: from its worker thread
        self.progress.connect(self._remember_progress)

    @property
    def is_open(self) -> bool:
        return self._store is not None

    @property
    def is_opening(self) -> bool:
        return self._worker is not None

    @property
    def signs_in_first(self) -> bool:
        """Each person opens the records with their own login (a server's URL without one)."""
        return self._sign_in_opener is not None

    @property
    def unverified_server(self) -> bool:
        """The records are (or will be, at sign-in) on a server reached without verifying it
        is the centre's: the lab's switch (``unverified_lab_server``)."""
        opened = self._store is not None and getattr(self._store, "unverified_server", False)
        return bool(opened) or self._unverified_url

    @property
    def is_checking_backups(self) -> bool:
        """The daily backup runs on its worker thread (the records are in use meanwhile)."""
        return self._backup_worker is not None

    def store(self) -> Store:
        """The store, opened now if it is not yet (raises ``StorageError`` if it cannot be).

        Once :meth:`open_in_background` has been used (the window does, after its first
        paint), this never opens on the calling thread: while the worker is at work, or
        after it failed (then it starts again), it raises at once, so the GUI thread never
        waits for a lock.
        """
        if self._store is None:
            if self.signs_in_first:
                raise sign_in_first_error()
            self._closed = False
            if self._background:
                self.open_in_background()
            if self._worker is not None:
                raise opening_error(self._waiting_for)
            self._store = self._opener(self.progress.emit)
            self.reload_house_rulesets()
            self._check_backups_in_background()
        return self._store

    def reload_house_rulesets(self) -> None:
        """Read the house rulesets kept in the database (another workstation may have added
        one) into ``rulesets``, so the ruleset picker offers them; then ``rulesetsChanged``."""
        if self._store is None:
            return
        from dealer_trainer.storage import StorageError  # noqa: PLC0415
        from dealer_trainer.storage.house_rulesets import usable_house_rulesets  # noqa: PLC0415

        try:
            house, problems = usable_house_rulesets(self._store)
        except StorageError as exc:
            self.house_ruleset_problems = [problem_text(exc)]
        else:
            self.rulesets.use_house(house)
            self.house_ruleset_problems = [text_in_language(problem) for problem in problems]
        self.rulesetsChanged.emit()

    def open_in_background(self) -> None:
        """Start opening the store on a worker thread (nothing if open or opening already,
        nor on a server where each person signs in: :meth:`sign_in_in_background`)."""
        if self._store is not None or self._worker is not None or self.signs_in_first:
            return
        self._background = True
        self._waiting_for = None
        self._closed = False
        self._worker = threading.Thread(
            target=self._open_on_worker, name="open-records", daemon=True
        )
        self._worker.start()

    def _open_on_worker(self) -> None:
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

        try:
            outcome: object = self._opener(self._say_from_worker)
        except (StorageError, OSError) as exc:
            outcome = exc
        except Exception as exc:
            outcome = StorageError(
                fill(
                    QCoreApplication.translate("storage", "The records could not be opened: %1"),
                    f"{type(exc).__name__}: {exc}",
                )
            )
        try:
            self._finished.emit(outcome)
        except RuntimeError:  # the window and this holder were closed while the records opened
            if not isinstance(outcome, BaseException):
                outcome.close()  # type: ignore[attr-defined]

    def sign_in_in_background(self, login: str, password: str) -> None:
        """Server mode: open the records as ``login`` and sign in, on a worker thread.

        ``signedIn`` (the ``Person``) or ``signInFailed`` (the ``StorageError``) follows;
        nothing if a sign-in is under way already. A store still open (someone did not
        sign out) is closed first: one person's connection per window.
        """
        if self._sign_in_opener is None:
            raise RuntimeError("sign_in_in_background is for a server where each person signs in")
        if self._worker is not None:
            return
        self._drop_store()
        self._closed = False
        self._worker = threading.Thread(
            target=self._sign_in_on_worker,
            args=(self._sign_in_opener, login, password),
            name="sign-in",
            daemon=True,
        )
        self._worker.start()

    def _sign_in_on_worker(self, opener: SignInOpener, login: str, password: str) -> None:
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (not at start-up)

        outcome: object
        try:
            store = opener(login, password, self._say_from_worker)
        except StorageError as exc:
            outcome = exc
        except Exception as exc:  # never the password: only the kind of failure
            outcome = StorageError(
                fill(
                    QCoreApplication.translate("storage", "The records could not be opened: %1"),
                    type(exc).__name__,
                )
            )
        else:
            try:
                outcome = (store, store.sign_in(login, password))
            except Exception as exc:
                store.close()
                outcome = exc if isinstance(exc, StorageError) else StorageError(str(exc))
        del password  # and the refusal keeps no frame that held it (issue 36)
        if isinstance(outcome, BaseException):
            outcome.__traceback__ = outcome.__cause__ = outcome.__context__ = None
        try:
            self._sign_in_finished.emit(outcome)
        except RuntimeError:  # the window and this holder were closed meanwhile
            if isinstance(outcome, tuple):
                outcome[0].close()

    def _signed_in(self, outcome: object) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.join()
        if not isinstance(outcome, tuple):
            self.signInFailed.emit(outcome)
            return
        store, person = outcome
        if self._closed:  # the app ended while the sign-in was under way
            store.close()
            return
        self._store = store
        self.reload_house_rulesets()
        self.opened.emit()
        self.signedIn.emit(person)

    def sign_out(self, person: Person) -> None:
        """End ``person``'s access; on a server also close their connection."""
        if self._store is None:
            return
        self._store.sign_out(person)
        if self.signs_in_first:
            self._drop_store()

    def _drop_store(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None

    def _say_from_worker(self, message: str) -> None:
        """Report what opening waits for; nobody to tell once the holder is deleted."""
        with contextlib.suppress(RuntimeError):
            self.progress.emit(message)

    def _remember_progress(self, message: str) -> None:
        self._waiting_for = message

    def _open_finished(self, outcome: object) -> None:
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.join()
        if isinstance(outcome, BaseException):
            self.failed.emit(str(outcome))
            return
        if self._closed:  # the app ended while the records were opening
            outcome.close()  # type: ignore[attr-defined]
            return
        self._store = outcome  # type: ignore[assignment]
        self.reload_house_rulesets()
        self._check_backups_in_background()
        self.opened.emit()

    def _check_backups_in_background(self) -> None:
        """Start the daily backup work the store left to its caller, on a worker thread."""
        store = self._store
        if store is None or not store.backup_pending or self._backup_worker is not None:
            return
        self._backup_worker = threading.Thread(
            target=self._check_backups_on_worker, args=(store,), name="daily-backup", daemon=True
        )
        self._backup_worker.start()

    def _check_backups_on_worker(self, store: Store) -> None:
        from dealer_trainer.storage import StorageError  # noqa: PLC0415 (loaded by now)

        try:
            store.check_backups()
        except Exception as exc:  # the copies could not even be compared
            reason = str(exc) if isinstance(exc, StorageError) else f"{type(exc).__name__}: {exc}"
            store.backup_problem = fill(
                QCoreApplication.translate("storage", "The daily backup could not be made: %1"),
                reason,
            )
        with contextlib.suppress(RuntimeError):  # the holder was deleted meanwhile
            self._backups_done.emit(store)

    def _backups_finished(self, store: object) -> None:
        worker, self._backup_worker = self._backup_worker, None
        if worker is not None:
            worker.join()
        if store is self._store:  # not a store closed meanwhile
            self.backupsChecked.emit()

    def trainee_names(self) -> list[str]:
        """The registered (not archived) trainees, by name."""
        return [profile.name for profile in self.store().trainees()]

    def close(self) -> None:
        # A worker still opening is not waited for (it may be waiting for a lock): what it
        # opens is closed on arrival, or with the process; opening commits nothing half-way.
        # Nor is a backup still being made: its half copy is removed at the next start.
        self._closed = True
        if self._store is not None:
            self._store.close()
            self._store = None
