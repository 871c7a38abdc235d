"""The errors of the storage layer, each a sentence the user can read.

A message is a translatable :class:`~dealer_trainer.rules.text.Text` (made with ``T``,
which lupdate reads), so the window shows it in the reader's language
(``ui.kit.language.problem_text``); ``str(error)`` is its English, for logs, the command
line and tests. A plain ``str`` is accepted too (a driver's own words, already English).
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from dealer_trainer.storage.certification import SittingRefused

from dealer_trainer.rules.text import T, Text


class InputRefusedError(ValueError):
    """A value given to storage that it refuses (a bad input), with the sentence that says
    what is wrong as a :class:`Text`, so the window says it in the reader's language
    (``ui.kit.language.problem_text``); ``str(error)`` is its English. A ``ValueError``, as
    before, for the callers that catch one."""

    def __init__(self, message: Text) -> None:
        self.text = message
        super().__init__(message.english())


class StorageError(Exception):
    """The database cannot do what was asked: unreadable file, unreachable server …

    The message is meant for the user: it names the file or server and what to do.
    """

    def __init__(self, message: str | Text = "", *args: object) -> None:
        self.text = message if isinstance(message, Text) else None
        super().__init__(message.english() if isinstance(message, Text) else message, *args)


class StorageLockedError(StorageError):
    """Opening waited its bounded time for a lock that another program or workstation holds.

    Nothing was changed; starting again once the other side is done works.
    """


class AccessDeniedError(StorageError):
    """The caller has no right to this: no unlocked instructor session, not their record."""


class InstructorLockedError(AccessDeniedError):
    """A password attempt came before the delay earned by earlier failures had passed.

    The password was not checked. ``wait`` is how long the caller must still wait.
    """

    def __init__(self, wait: timedelta) -> None:
        self.wait = wait
        seconds = max(1, int(-(-wait.total_seconds() // 1)))
        super().__init__(T("Too many wrong passwords: try again in {seconds} s.", seconds=seconds))


class WrongPasswordError(AccessDeniedError):
    """The password did not match. ``retry_after`` is the delay before the next attempt."""

    def __init__(self, failed_attempts: int, retry_after: timedelta) -> None:
        self.failed_attempts = failed_attempts
        self.retry_after = retry_after
        seconds = int(retry_after.total_seconds())
        super().__init__(
            T("Wrong password. The next attempt is possible in {seconds} s.", seconds=seconds)
        )


class AccountDisabledError(AccessDeniedError):
    """The password was right, but the account may not sign in: a disabled instructor
    (``storage/groups.py``), or on the server a role without LOGIN."""


class DuplicateNameError(StorageError):
    """A trainee name that is another spelling of a registered trainee's name.

    Names that differ only in case, Unicode form (full-width letters) or invisible
    characters are one name. ``existing`` is the registered trainee's name as shown.
    """

    def __init__(self, name: str, existing: str) -> None:
        self.name = name
        self.existing = existing
        if name == existing:
            message = T("A trainee named {existing} already exists.", existing=repr(existing))
        else:
            message = T(
                "{name} is the name of the registered trainee {existing} (names that differ "
                "only in capitals, letter width or invisible characters are one name). Choose "
                "that profile, or tell the two people apart in the name.",
                name=repr(name),
                existing=repr(existing),
            )
        super().__init__(message)


class DuplicateLoginError(StorageError):
    """A login another person (trainee or instructor) already signs in with."""

    def __init__(self, login: str) -> None:
        self.login = login
        super().__init__(T("The login {login} is taken: choose another one.", login=repr(login)))


class SittingRefusedError(AccessDeniedError):
    """A new sitting of an exam that may not start now: ``refused`` says why (the
    window, a pass already, the centre's limit of sittings or its waiting period), so
    the window can say it in the reader's language."""

    def __init__(self, refused: SittingRefused) -> None:
        self.refused = refused
        when = "" if refused.when is None else f" ({refused.when:%Y-%m-%d %H:%M} UTC)"
        super().__init__(f"This exam cannot be sat now: {refused.reason.value}{when}.")


class SittingEndedError(StorageError):
    """An answer, step or round sent to a session that has ended: on a centre's server, an
    exam's sitting its time limit ended (the server's clock), or one handed in."""


#: What the server's functions refuse, by the key their ``RAISE`` gives as its ``HINT``
#: (``storage/server/policy.py``), in the reader's words: ``engine.explain`` maps them.
#: ``{at}`` is the moment the ``DETAIL`` gives (``%Y-%m-%d %H:%M``, the centre's time).
SERVER_REFUSALS = {
    "dt:time_ran_out": T(
        "The time of this exam ran out at {at}: the centre's server has ended the sitting. "
        "What you answered in time is graded; the result appears once it is graded."
    ),
    "dt:waiting_for_grading": T(
        "The last sitting of this exam is waiting for grading by the centre's server: a "
        "new one can start once it is graded."
    ),
}
#: ``record_answer`` and the table's recorder on a session that has ended.
SITTING_ENDED = T(
    "This exam's sitting has ended (its time ran out, or it was handed in): this answer was "
    "not recorded. What was recorded before counts."
)
SESSION_ENDED = T("This practice session has ended: start a new one.")


#: Why an exam assignment is not withdrawn (``InstructorDesk.withdraw_exam``).
EXAM_STARTED = T("The exam has been started: its sitting is a record, and it stays.")
NO_ASSIGNMENT = T("This assignment is not there any more.")

#: The centre's server refused a skill id its version does not know (the standards
#: functions of ``storage/server/policy.py``, through ``dt_skill_known``).
UNKNOWN_SKILL_ON_SERVER = T(
    "The training centre's server does not know this skill: choose one from the list, or "
    "ask IT to run 'dealer-trainer server init' with this version of the app."
)


def unknown_skill_refusal(error: BaseException) -> InputRefusedError | None:
    """The refusal to raise instead of ``error`` when it is the server refusing a skill id
    it does not know (SQLSTATE 22023, "there is no skill …"); ``None`` otherwise."""
    cause: BaseException | None = error
    while cause is not None:
        orig = getattr(cause, "orig", None)
        if getattr(orig, "sqlstate", None) == "22023" and "there is no skill" in str(orig):
            return InputRefusedError(UNKNOWN_SKILL_ON_SERVER)
        cause = cause.__cause__
    return None
