"""The instructor's house rulesets: add a house's ruleset file, see every version kept.

A file is validated by the rules core before anything is kept; a refusal names the
file and the key, in the window's language (said again in the new one when the language
is switched, as the panel's own texts are). A kept file is in the database every
workstation uses: each workstation's ruleset picker offers it (its newest version) once
it loads it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.i18n.citations import regulation_name
from dealer_trainer.rules.describe import describe
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import (
    RulesetRegistry,
    official_rulesets,
    read_house_file,
)
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import InstructorDesk, StorageError, Store
from dealer_trainer.storage.house_rulesets import (
    HouseRulesetError,
    StoredHouseRuleset,
    add_house_ruleset,
    kept_house_rulesets,
    usable_house_rulesets,
)
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.language import current_language, problem_text, text_in_language
from dealer_trainer.ui.kit.status import StatusLine


class HouseRulesetsPanel(QWidget):
    """Every kept house ruleset version, newest first, and "Add a house ruleset file…"."""

    changed = Signal()

    def __init__(
        self,
        store: Store,
        desk: InstructorDesk,
        parent: QWidget | None = None,
        rulesets: RulesetRegistry | None = None,
    ) -> None:
        super().__init__(parent)
        self._store = store
        self._desk = desk
        #: The app's rulesets: a file kept here is given to them at once (the picker).
        self.rulesets = rulesets if rulesets is not None else RulesetRegistry()
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self.ask_file)
        self.keys_button = QPushButton()
        self.keys_button.clicked.connect(self.show_keys)
        self.keys: QDialog | None = None  # the keys' window, once opened
        self.message = StatusLine()
        #: How to say the message in the language of the moment (said again on a switch).
        self._saying: Callable[[], str] | None = None
        self._kept: list[StoredHouseRuleset] = []  # the versions the table shows
        self.table = QTableWidget(0, 5)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)  # the title takes the rest
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        self.explain.setStyleSheet(f"color: {palette.MUTED};")
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.keys_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.explain)
        layout.addLayout(buttons)
        layout.addWidget(self.message)
        layout.addWidget(self.table, 1)
        self._name_things()
        self.refresh()

    def _name_things(self) -> None:
        """The panel's own texts in the language now installed."""
        self.add_button.setText(self.tr("&Add a house ruleset file…"))
        self.keys_button.setText(self.tr("The &keys of a house file…"))
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Title"),
                self.tr("Game"),
                self.tr("Follows"),
                self.tr("Version"),
                self.tr("Added"),
            ]
        )
        self.explain.setText(
            self.tr(
                "A house ruleset is a file (TOML) with the house's own settings over a "
                "regulation's ruleset: the options the regulation leaves to the house and its "
                "chips. It is checked before it is kept, and every workstation's ruleset "
                "picker offers it. A changed file is kept as a new version: answers keep the "
                "version they were graded under. The keys of a house file… lists every "
                "setting a file may give, its default and the article it rests on (in "
                "English, as the file's keys are)."
            )
        )

    def retranslate(self) -> None:
        """Everything the panel shows, the last refusal too, in the language now installed."""
        self._name_things()
        if self._saying is not None:
            self.message.setText(self._saying())
        self._show(self._kept)  # as read last: a switch of language reads nothing again

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def refresh(self) -> None:
        try:
            kept = kept_house_rulesets(self._store)
        except StorageError as exc:
            self._say(partial(problem_text, exc), error=True)
            return
        kept.sort(key=lambda s: (s.title.casefold(), -s.version))
        self._kept = kept
        self._show(kept)

    def _show(self, kept: list[StoredHouseRuleset]) -> None:
        self.table.setRowCount(len(kept))
        language = current_language()
        for row, stored in enumerate(kept):
            game = QCoreApplication.translate("games", GAME_NAMES[stored.game][0])
            added = fill(
                self.tr("%1 by %2"),
                stored.added_at.astimezone().strftime("%Y-%m-%d %H:%M"),
                stored.added_by,
            )
            for column, text in enumerate(
                (
                    stored.title,
                    game,
                    regulation_name(stored.base, language),
                    str(stored.version),
                    added,
                )
            ):
                self.table.setItem(row, column, cell(text))

    def show_keys(self) -> None:
        """Every official ruleset's settings, with their keys, defaults and articles (the
        document ``docs/rulesets.md`` is made of), in a window beside the panel."""
        if self.keys is not None and self.keys.isVisible():
            self.keys.raise_()
            return
        if self.keys is not None:  # closed: made again, in the window's language of now
            self.keys.deleteLater()
        dialog = QDialog(self)
        dialog.setObjectName("houseKeys")
        dialog.setWindowTitle(self.tr("The keys of a house ruleset file"))
        text = QTextBrowser()
        text.setOpenExternalLinks(False)
        text.setMarkdown(describe(official_rulesets().values(), for_the_repository=False))
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close_button = close.button(QDialogButtonBox.StandardButton.Close)
        close_button.setText(self.tr("Close"))
        close_button.setDefault(True)
        close.rejected.connect(dialog.close)
        layout = QVBoxLayout(dialog)
        layout.addWidget(text)
        layout.addWidget(close)
        screen = self.screen().availableGeometry()
        dialog.resize(min(900, screen.width() - 80), min(640, screen.height() - 80))
        self.keys = dialog
        dialog.show()
        close_button.setFocus()  # Enter closes it; the text scrolls with the wheel and keys

    def ask_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self,
            self.tr("Add a house ruleset file"),
            "",
            self.tr("House ruleset (*.toml);;Any file (*)"),
        )
        if path:
            self.add_file(Path(path))

    def add_file(self, path: Path) -> bool:
        """Check and keep ``path``; say what happened. True if the file was accepted."""
        try:
            text = read_house_file(path)
            added = add_house_ruleset(self._store, self._desk.session, text, path.name)
        except (RulesetError, HouseRulesetError) as exc:  # the file, said in the window's language
            self._say(self._refused(exc), error=True)
            return False
        except StorageError as exc:  # the database, not the file
            self._say(self._not_kept(exc), error=True)
            return False
        house, problems = usable_house_rulesets(self._store)
        self.rulesets.use_house(house)
        kept = added.stored
        new = added.new

        def saying() -> str:
            if new:
                text = self.tr("“%1” is kept as version %2; the ruleset picker offers it.")
            else:
                text = self.tr("“%1” is unchanged: version %2 has this very text.")
            said = fill(text, kept.title, str(kept.version))
            return "\n".join([said, *map(text_in_language, problems)])

        self._say(saying, error=bool(problems))
        self.refresh()
        self.changed.emit()
        return True

    def _refused(self, error: BaseException) -> Callable[[], str]:
        """A file refused, said in the language of the moment (again after a switch)."""
        return lambda: fill(self.tr("The file was refused: %1"), problem_text(error))

    def _not_kept(self, error: BaseException) -> Callable[[], str]:
        """The database failed (not the file), said in the language of the moment."""
        return lambda: fill(self.tr("The file was not kept: %1"), problem_text(error))

    def _say(self, saying: Callable[[], str], *, error: bool) -> None:
        self._saying = saying
        self.message.say(saying(), error=error)
