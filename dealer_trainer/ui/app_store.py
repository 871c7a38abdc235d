"""The app's one connection to storage, opened on first use (not at start-up).

The drill screens, the instructor views and the main window's trainee picker
all share it.  Opening can fail (a damaged file, an unreachable server): the
error is a :class:`~dealer_trainer.storage.StorageError` with a sentence for
the user, and the app keeps working without records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

if TYPE_CHECKING:
    from dealer_trainer.storage import Store


def _open_default() -> Store:
    from dealer_trainer.storage import Store  # noqa: PLC0415 (storage loads on first use)

    return Store.open()


class AppStore(QObject):
    """Opens the store once, lends it to every screen, and says when trainees change."""

    traineesChanged = Signal()
    #: The house rulesets known to the rules core changed (loaded from the database).
    rulesetsChanged = Signal()

    def __init__(
        self, opener: Callable[[], Store] = _open_default, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self._opener = opener
        self._store: Store | None = None
        #: Why a kept house ruleset cannot be used here, one sentence each.
        self.house_ruleset_problems: list[str] = []

    @property
    def is_open(self) -> bool:
        return self._store is not None

    def store(self) -> Store:
        """The store, opened now if it is not yet (raises ``StorageError`` if it cannot be)."""
        if self._store is None:
            self._store = self._opener()
            self.reload_house_rulesets()
        return self._store

    def reload_house_rulesets(self) -> None:
        """Load the house rulesets kept in the database (another workstation may have added
        one) into the rules core, so the ruleset picker offers them; then ``rulesetsChanged``."""
        if self._store is None:
            return
        from dealer_trainer.storage import StorageError  # noqa: PLC0415
        from dealer_trainer.storage.house_rulesets import use_kept_house_rulesets  # noqa: PLC0415

        try:
            self.house_ruleset_problems = use_kept_house_rulesets(self._store)
        except StorageError as exc:
            self.house_ruleset_problems = [str(exc)]
        self.rulesetsChanged.emit()

    def trainee_names(self) -> list[str]:
        """The registered (not archived) trainees, by name."""
        return [profile.name for profile in self.store().trainees()]

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
