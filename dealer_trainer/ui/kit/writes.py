"""A storage write from a screen: run it, say its failure one way, tell the views.

Every tab wrote its own ``try: … except StorageError as exc: self._say(problem_text(exc))``
and then told the views that read the same records with a signal of its own. Here, as
Anki's operations do (``CollectionOp`` and the ``OpChanges`` the views listen to):

- :func:`write` runs the write; a :class:`~dealer_trainer.storage.errors.StorageError`
  (any of its kinds: a locked session, the server away, a duplicate name), or a refusal
  the caller names in ``also`` (a ``ValueError`` of a bad input), is said in the tab's
  :class:`~dealer_trainer.ui.kit.status.StatusLine` in the reader's language, in red, and
  :data:`REFUSED` is returned; nothing is half done, nothing is told;
- a write that is done is told once, application-wide: ``records().changed`` carries what
  changed (a :class:`Change`), and each view that shows those records reads them again::

      made = write(self.message, lambda: desk.standards.set_mastery_rule(rule),
                   Change.STANDARDS, also=(ValueError,))
      if made is REFUSED:
          return
      self.message.say(fill(self.tr("The mastery rule is set: %1"), rule_words(made)))

      records().changed.connect(self._records_changed)  # a view: reads them again

Storage is imported when a write is made, never at start-up.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum, StrEnum
from typing import Final, Literal, TypeVar

from PySide6.QtCore import QCoreApplication, QObject, Qt, Signal

from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit.status import StatusLine

T = TypeVar("T")


class Change(StrEnum):
    """What a write changed: the records a view may show."""

    TRAINEES = "trainees"
    GROUPS = "groups"
    INSTRUCTORS = "instructors"
    STANDARDS = "standards"  # a target time, the mastery rule
    PLANS_GIVEN = "plans given"  # a practice plan given or withdrawn
    EXAMS = "exams"  # an exam made
    EXAMS_GIVEN = "exams given"  # an exam given or withdrawn
    CENTRE = "centre"  # the centre's settings
    RULESETS = "rulesets"  # a house ruleset


class Refused(Enum):
    """The write was refused or failed, and the status line says why."""

    REFUSED = "refused"


REFUSED: Final = Refused.REFUSED


class Records(QObject):
    """The application's one signal for changed records: ``changed(kind)``."""

    changed = Signal(str)


def records() -> Records:
    """The application's :class:`Records` (one per ``QCoreApplication``, its child)."""
    app = QCoreApplication.instance()
    if app is None:
        raise RuntimeError("records change once a QApplication exists")
    found = app.findChild(Records, "records", Qt.FindChildOption.FindDirectChildrenOnly)
    if found is None:
        found = Records(app)
        found.setObjectName("records")
    return found


def write(
    status: StatusLine,
    work: Callable[[], T],
    change: Change,
    *,
    also: tuple[type[Exception], ...] = (),
    wording: str | None = None,
) -> T | Literal[Refused.REFUSED]:
    """Run ``work``; its result once done (and ``records().changed`` says ``change``), or
    :data:`REFUSED` once ``status`` says in red why it was refused or failed: the problem in
    the reader's language, inside ``wording`` if given (a translated sentence with ``%1``,
    "Not saved: %1")."""
    from dealer_trainer.storage.errors import StorageError  # noqa: PLC0415 (with the write)
    from dealer_trainer.ui.kit.language import problem_text  # noqa: PLC0415

    refusals: tuple[type[Exception], ...] = (StorageError, *also)
    try:
        result = work()
    except refusals as exc:
        problem = problem_text(exc)
        status.say(problem if wording is None else fill(wording, problem), error=True)
        return REFUSED
    records().changed.emit(str(change))
    return result
