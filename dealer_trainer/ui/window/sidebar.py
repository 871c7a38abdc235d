"""The main window's side panel: game (with live felt thumbnails), ruleset, who is signed in,
chips.

Every control has a mnemonic (Alt+G, Alt+R, Alt+T) and is reached by Tab;
chips are chosen with Ctrl+1 … Ctrl+9.  The chips are those of the ruleset on show (its
``[chips]`` set, the one its drills draw bets from), so the main felt and the drills offer
the same chips.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt, Signal
from PySide6.QtGui import QIcon, QKeySequence, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.i18n.citations import regulation_name
from dealer_trainer.layouts.chips import ChipSet
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.felt.painting import chip_icon
from dealer_trainer.ui.kit.games import GAME_NAMES, REVOCATION_NOTE, game_title, ruleset_title
from dealer_trainer.ui.kit.language import current_language
from dealer_trainer.ui.trainee.local_trainee import local_trainee

if TYPE_CHECKING:
    from dealer_trainer.storage.records import Person  # storage loads on first use

THUMB = QSize(144, 82)
#: The thumbnails on a low screen (a 768-pixel laptop): with the four games, the ruleset,
#: the trainee and the chips, the panel then fits without a scroll bar in every language.
SMALL_THUMB = QSize(104, 52)
PANEL_WIDTH = 300  # device-independent pixels: the felt gets the rest


class _ChipButton(QToolButton):
    """A chip of a larger set: its icon and a pixel round it, so that ten fit a row."""

    def __init__(self, side: int) -> None:
        super().__init__()
        self._side = side

    def sizeHint(self) -> QSize:
        return QSize(self._side, self._side)

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


class SidePanel(QWidget):
    """Game, ruleset, trainee and chip choice; signals what the user picked."""

    gameChosen = Signal(str)
    rulesetChosen = Signal(str)
    traineeChosen = Signal(str)  # someone signed in or out: the name now shown
    signInRequested = Signal()
    signOutRequested = Signal()
    chipChosen = Signal(object)  # Decimal
    clearRequested = Signal()

    def __init__(
        self,
        chips: ChipSet,
        parent: QWidget | None = None,
        *,
        thumb: QSize = THUMB,
        registry: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        #: The rulesets the picker offers: the app's, with the house rulesets it was given.
        self.registry = registry
        self.chip_set = chips
        self.thumb = thumb
        layout = QVBoxLayout(self)
        compact = thumb.height() < THUMB.height()  # a low screen: rows and gaps a little closer
        layout.setContentsMargins(10, 6 if compact else 10, 10, 6 if compact else 10)
        if compact:
            layout.setSpacing(4)
        pad = 6 if compact else 12  # around a game's thumbnail in its row
        self.setMinimumWidth(PANEL_WIDTH - 40)
        self.setMaximumWidth(PANEL_WIDTH + 80)

        self.games = QListWidget()
        self.games.setIconSize(thumb)
        self.games.setViewMode(QListWidget.ViewMode.ListMode)
        self.games.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.games.setUniformItemSizes(True)
        for game in GAME_NAMES:
            item = QListWidgetItem()
            item.setData(Qt.ItemDataRole.UserRole, game)
            item.setSizeHint(QSize(thumb.width() + 40, thumb.height() + pad))
            self.games.addItem(item)
        rows = self.games.count()
        self.games.setFixedHeight(rows * (thumb.height() + pad) + 2 * self.games.frameWidth() + 4)
        self._game_label = QLabel()
        self._game_label.setBuddy(self.games)
        layout.addWidget(self._game_label)
        layout.addWidget(self.games)

        self.rulesets = QComboBox()
        self._ruleset_label = QLabel()
        self._ruleset_label.setBuddy(self.rulesets)
        self.regulation = QLabel()
        self.regulation.setWordWrap(True)
        self.regulation.setTextFormat(Qt.TextFormat.PlainText)
        self.regulation.setObjectName("regulation")
        layout.addWidget(self._ruleset_label)
        layout.addWidget(self.rulesets)
        layout.addWidget(self.regulation)

        # Who is signed in (each trainee with their own login and password, issue 14).
        self._person: Person | None = None
        self.signed_in_as = QLabel()
        self.signed_in_as.setObjectName("signedInAs")
        self.signed_in_as.setWordWrap(True)
        self.signed_in_as.setTextFormat(Qt.TextFormat.PlainText)
        self.sign_in_button = QPushButton()
        self.sign_in_button.setObjectName("signInButton")
        self._trainee_label = QLabel()
        self._trainee_label.setBuddy(self.sign_in_button)
        layout.addWidget(self._trainee_label)
        layout.addWidget(self.signed_in_as)
        layout.addWidget(self.sign_in_button)

        self._chips_label = QLabel()
        layout.addWidget(self._chips_label)
        self.rack = QGridLayout()
        self.rack.setHorizontalSpacing(2)
        self.rack.setVerticalSpacing(0)
        self.chip_group = QButtonGroup(self)
        self.chip_buttons: dict[Decimal, QToolButton] = {}
        self._rack_chips(chips)
        layout.addLayout(self.rack)
        self.clear = QPushButton()
        layout.addWidget(self.clear)
        layout.addStretch(1)
        self.retranslate()

        self.games.currentItemChanged.connect(self._game_changed)
        self.rulesets.currentIndexChanged.connect(self._ruleset_changed)
        self.sign_in_button.clicked.connect(self._sign_in_clicked)
        self.chip_group.idClicked.connect(
            lambda i: self.chipChosen.emit(self.chip_set.denominations[i].value)
        )
        self.clear.clicked.connect(self.clearRequested.emit)
        self.chip_buttons[chips.denominations[0].value].setChecked(True)

    # ---------------------------------------------------------------- chips --
    def _rack_chips(self, chips: ChipSet) -> None:
        """A button for each chip of the set, Ctrl+1 … Ctrl+9 for the first nine, in one row
        (a ruleset's ten a little smaller, and closer), so that with four games the panel
        fits the window without a scroll bar at 768 pixels in every language."""
        for button in self.chip_buttons.values():
            self.chip_group.removeButton(button)
            self.rack.removeWidget(button)
            button.deleteLater()
        self.chip_buttons = {}
        self.chip_set = chips
        count = len(chips.denominations)
        across = count if count <= 10 else (count + 1) // 2
        size = 28 if count <= 7 else 24
        self.rack.setHorizontalSpacing(2 if count <= 7 else 1)
        ratio = self.devicePixelRatioF()
        for i, chip in enumerate(chips.denominations):
            button = QToolButton() if count <= 7 else _ChipButton(size + 3)
            button.setCheckable(True)
            button.setIcon(chip_icon(chip, size, ratio))
            button.setIconSize(QSize(size, size))
            button.setAutoRaise(True)
            if i < 9:
                button.setShortcut(QKeySequence(f"Ctrl+{i + 1}"))
            self.chip_group.addButton(button, i)
            self.chip_buttons[chip.value] = button
            self.rack.addWidget(button, i // across, i % across)

    def set_chips(self, chips: ChipSet) -> None:
        """Offer the chips of the felt on show (a ruleset's own set, as its drills offer it);
        the chip chosen stays chosen where the new set has it, else the lowest is."""
        if chips == self.chip_set:
            return
        chosen = self.current_chip()
        focused = any(button.hasFocus() for button in self.chip_buttons.values())
        self._rack_chips(chips)
        kept = self.chip_buttons.get(chosen) or self.chip_buttons[chips.denominations[0].value]
        kept.setChecked(True)
        if focused:  # the focus stays in the rack, on the chip chosen
            kept.setFocus()
        self._show_chips()

    # ------------------------------------------------------------- language --
    def retranslate(self) -> None:
        """Set every text again, in the language now installed."""
        self._game_label.setText(self.tr("&Game"))
        self.games.setAccessibleName(self.tr("Game"))
        for row in range(self.games.count()):
            item = self.games.item(row)
            title = game_title(str(item.data(Qt.ItemDataRole.UserRole)))
            item.setText(title)
            item.setToolTip(title.replace("\n", " · "))  # the whole name where it is elided
        self._ruleset_label.setText(self.tr("&Ruleset"))
        self.rulesets.setAccessibleName(self.tr("Ruleset"))
        self._trainee_label.setText(self.tr("&Trainee"))
        self._show_person()
        self._show_chips()
        self.clear.setText(self.tr("C&lear the felt"))
        shown = {r.id: r for r in self.registry.for_game(self.current_game())}
        for index in range(self.rulesets.count()):
            each = shown.get(str(self.rulesets.itemData(index)))
            if each is not None:
                self.rulesets.setItemText(index, ruleset_title(each))
        if self.rulesets.count():
            self.regulation.setText(self.describe(self.current_ruleset(), self.current_game()))

    def _show_chips(self) -> None:
        shortcuts = min(len(self.chip_set.denominations), 9)
        self._chips_label.setText(self.tr("Chips (Ctrl+1 … Ctrl+%n)", "", shortcuts))
        for chip in self.chip_set.denominations:
            button = self.chip_buttons[chip.value]
            button.setToolTip(fill(self.tr("Chip of %1"), chip.text))
            button.setAccessibleName(fill(self.tr("Chip of %1"), chip.text))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # ----------------------------------------------------------------- game --
    @staticmethod
    def local_trainee() -> str:
        """The trainee until the storage supplies the list: the computer's user."""
        return local_trainee()

    def current_game(self) -> str:
        item = self.games.currentItem()
        return str(item.data(Qt.ItemDataRole.UserRole)) if item else next(iter(GAME_NAMES))

    def select_game(self, game: str) -> None:
        for row in range(self.games.count()):
            if self.games.item(row).data(Qt.ItemDataRole.UserRole) == game:
                self.games.setCurrentRow(row)
                return
        raise KeyError(game)

    def set_thumbnail(self, game: str, pixmap: QPixmap) -> None:
        for row in range(self.games.count()):
            item = self.games.item(row)
            if item.data(Qt.ItemDataRole.UserRole) == game:
                item.setIcon(QIcon(pixmap))

    def _game_changed(self, current: QListWidgetItem | None, _previous: object) -> None:
        if current is None:
            return
        game = str(current.data(Qt.ItemDataRole.UserRole))
        self._fill_rulesets(game)
        self.gameChosen.emit(game)

    # -------------------------------------------------------------- ruleset --
    def _fill_rulesets(self, game: str) -> None:
        self.rulesets.blockSignals(True)
        self.rulesets.clear()
        found = sorted(self.registry.for_game(game), key=lambda r: (not r.is_default, r.id))
        for ruleset in found:
            self.rulesets.addItem(ruleset_title(ruleset), ruleset.id)
        self.rulesets.blockSignals(False)
        self.rulesets.setEnabled(bool(found))
        self._ruleset_changed(self.rulesets.currentIndex())

    def refresh_rulesets(self) -> None:
        """List the rulesets again (house rulesets were loaded), keeping the one chosen,
        or the newest version of the house ruleset chosen."""
        chosen = str(self.rulesets.currentData() or "")
        house = chosen.partition("@")[0] + "@" if "@" in chosen else None
        self._fill_rulesets(self.current_game())
        for index in range(self.rulesets.count()):
            listed = str(self.rulesets.itemData(index))
            if listed == chosen or (house is not None and listed.startswith(house)):
                self.rulesets.setCurrentIndex(index)
                return

    def current_ruleset(self) -> Ruleset | None:
        ruleset_id = self.rulesets.currentData()
        for ruleset in self.registry.for_game(self.current_game()):
            if ruleset.id == ruleset_id:
                return ruleset
        return None

    def _ruleset_changed(self, _index: int) -> None:
        ruleset = self.current_ruleset()
        self.regulation.setText(self.describe(ruleset, self.current_game()))
        if ruleset is not None:
            self.rulesetChosen.emit(ruleset.id)

    def describe(self, ruleset: Ruleset | None, game: str) -> str:
        """Which regulation the ruleset follows, its status, and the craps revocation."""
        if ruleset is None:
            return self.tr("No ruleset of this game is installed.")
        # The regulation as it is named in the window's language (a house ruleset: its base's).
        name = regulation_name(ruleset.base or ruleset.id, current_language())
        lines = [fill(self.tr("Follows: %1"), name)]
        if game == Game.SIC_BO:  # no article on file at all: the house's own pay table
            lines.append(
                self.tr(
                    "House pay table: the Sic Bo regulation is not on file, so no answer "
                    "cites an article."
                )
            )
        elif ruleset.status != "complete":
            lines.append(self.tr("Partial text: only part of the regulation is on file."))
        if game == Game.CRAPS:
            lines.append(QCoreApplication.translate("games", REVOCATION_NOTE))
        return "\n".join(lines)

    # -------------------------------------------------------------- trainee --
    def _sign_in_clicked(self) -> None:
        if self._person is None:
            self.signInRequested.emit()
        else:
            self.signOutRequested.emit()

    def _show_person(self) -> None:
        person = self._person
        if person is None:
            self.signed_in_as.setText(self.tr("Nobody is signed in: practice is not recorded."))
            self.sign_in_button.setText(self.tr("Sig&n in…"))
            self.sign_in_button.setAccessibleName(self.tr("Sign in"))
        else:
            self.signed_in_as.setText(
                fill(self.tr("Signed in: %1 (%2)"), person.name, person.login)
            )
            self.sign_in_button.setText(self.tr("Sign &out"))
            self.sign_in_button.setAccessibleName(self.tr("Sign out"))

    def set_person(self, person: Person | None) -> None:
        """Show who signed in (``None``: signed out) and say so with ``traineeChosen``."""
        self._person = person
        self._show_person()
        self.traineeChosen.emit(self.current_trainee())

    def signed_in(self) -> Person | None:
        """The person signed in at this window, or ``None``."""
        return self._person

    def current_trainee(self) -> str:
        """The name to show: the signed-in person's, else this computer's user."""
        return self._person.name if self._person is not None else self.local_trainee()

    def current_chip(self) -> Decimal:
        return self.chip_set.denominations[max(self.chip_group.checkedId(), 0)].value
