"""The Glossary window (F2): the games' words in English, Portuguese and Chinese, side by side.

Each row is a term of the glossary (:mod:`dealer_trainer.glossary`): its game by name and
its word in each language; the term chosen shows, below, where each word comes from (the
article whose text uses it, the project's English reading, or the customary Macau term
with its reference), and Enter (or a double click) opens the article it cites.  The search
finds a word in any of the three languages (accents and case aside: «impar» finds
«ímpar»); the game box shows one game's words.  Enter in the search goes to the first
term found; Escape closes the window.
"""

from __future__ import annotations

import unicodedata

from PySide6.QtCore import QCoreApplication, QEvent, QSize, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.glossary import LANGUAGES, Source, SourceKind, Term, glossary
from dealer_trainer.i18n import language
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.kit.games import GAME_NAMES
from dealer_trainer.ui.kit.geometry import remember_size, restore_size
from dealer_trainer.ui.kit.language import citation_text, current_language

#: The table's columns: the game, then the word in each language.
GAME_COLUMN = 0
WORD_COLUMNS = {code: index for index, code in enumerate(LANGUAGES, start=1)}
#: Which language's cited article Enter opens first, by the window's language.
ARTICLE_ORDER = {
    "zh_Hant": ("zh_Hant", "pt", "en"),
    "pt": ("pt", "zh_Hant", "en"),
    "en": ("pt", "zh_Hant", "en"),  # an official text first: the dialog shows the reading too
}


def folded(text: str) -> str:
    """For searching: case, accents and width aside («Ímpar», "impar", "ＩＭＰＡＲ")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _searched(entry: Term) -> str:
    words = [entry.word(code) for code in LANGUAGES]
    words += [form for code in LANGUAGES for form in entry.written_forms(code)]
    words += [source.written for source in entry.sources.values() if source.written]
    return folded("\n".join(words))


class GlossaryWindow(QDialog):
    """Every term of the glossary, searchable, filtered by game, with its sources."""

    SIZE_KEY = "glossary"

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("glossaryWindow")
        self.terms = glossary().terms
        self._searchable = [_searched(entry) for entry in self.terms]
        self.search_label = QLabel()
        self.search = QLineEdit()
        self.search.setObjectName("glossarySearch")
        self.search.setClearButtonEnabled(True)
        self.search_label.setBuddy(self.search)
        self.game_label = QLabel()
        self.game = QComboBox()
        self.game.setObjectName("glossaryGame")
        self.game_label.setBuddy(self.game)
        self.game.addItem("", None)
        for game in Game.ids():
            self.game.addItem("", game)
        self.table = QTableWidget(len(self.terms), 1 + len(LANGUAGES))
        self.table.setObjectName("glossaryTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(False)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(GAME_COLUMN, QHeaderView.ResizeMode.ResizeToContents)
        for column in WORD_COLUMNS.values():
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        for row, entry in enumerate(self.terms):
            self.table.setItem(row, GAME_COLUMN, QTableWidgetItem())
            for code, column in WORD_COLUMNS.items():
                item = QTableWidgetItem(entry.word(code))
                item.setData(Qt.ItemDataRole.UserRole, entry.id)
                self.table.setItem(row, column, item)
        self.table.itemDoubleClicked.connect(lambda _item: self.open_article())
        self.table.itemSelectionChanged.connect(self._show_details)
        self.found = QLabel()
        self.found.setObjectName("muted")
        self.nothing = QLabel()
        self.nothing.setObjectName("glossaryNothing")
        self.nothing.setWordWrap(True)
        # The chosen term: each language's word and where it comes from, side by side; a long
        # reference (Sic Bo's) scrolls inside its band, the list keeps the room.
        self.details = QScrollArea()
        self.details.setObjectName("glossaryDetails")
        self.details.setFrameShape(QFrame.Shape.NoFrame)
        self.details.setWidgetResizable(True)
        self.details.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        inside = QWidget()
        self.details.setWidget(inside)
        grid = QGridLayout(inside)
        grid.setContentsMargins(0, 6, 0, 0)
        self.detail_names: dict[str, QLabel] = {}
        self.detail_words: dict[str, QLabel] = {}
        self.detail_sources: dict[str, QLabel] = {}
        for column, code in enumerate(LANGUAGES):
            name, word, source = QLabel(language(code).native_name), QLabel(), QLabel()
            name.setObjectName("muted")
            word.setObjectName("glossaryWord")
            font = word.font()
            font.setPointSizeF(font.pointSizeF() * 1.3)
            font.setBold(True)
            word.setFont(font)
            source.setWordWrap(True)
            source.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
            source.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            grid.addWidget(name, 0, column)
            grid.addWidget(word, 1, column)
            grid.addWidget(source, 2, column)
            grid.setColumnStretch(column, 1)
            self.detail_names[code], self.detail_words[code] = name, word
            self.detail_sources[code] = source
        grid.setRowStretch(3, 1)
        lines = self.fontMetrics().lineSpacing()
        self.details.setFixedHeight(10 * lines)
        self.article = QPushButton()
        self.article.setObjectName("glossaryArticle")
        self.article.setAutoDefault(False)
        self.article.clicked.connect(self.open_article)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        close = self.buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setAutoDefault(False)  # Enter searches or opens an article; it never closes
        filters = QHBoxLayout()
        filters.addWidget(self.search_label)
        filters.addWidget(self.search, 3)
        filters.addSpacing(12)
        filters.addWidget(self.game_label)
        filters.addWidget(self.game, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.found)
        bottom.addStretch(1)
        bottom.addWidget(self.article)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(filters)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.nothing)
        layout.addWidget(self.details)
        layout.addLayout(bottom)
        self.search.textChanged.connect(lambda _text: self.apply_filter())
        self.search.returnPressed.connect(self.go_to_first)
        self.game.currentIndexChanged.connect(lambda _index: self.apply_filter())
        self.search.installEventFilter(self)
        self.table.installEventFilter(self)
        restore_size(self, self.SIZE_KEY, QSize(980, 620), centre=False)
        self.retranslate()
        self.apply_filter()
        self.search.setFocus(Qt.FocusReason.OtherFocusReason)

    # ------------------------------------------------------------- the words --
    def source_text(self, source: Source, code: str) -> str:
        """Where a word comes from, in the window's language."""
        if source.kind is SourceKind.CUSTOMARY and source.reference is not None:
            return fill(
                self.tr("Customary Macau term. %1"), source.reference.text(current_language())
            )
        if source.kind is SourceKind.TRANSLATION and source.reference is not None:
            return source.reference.text(current_language())
        assert source.citation is not None
        cited = citation_text(source.citation)
        if source.kind is SourceKind.READING:
            said = self.tr("The project's English reading of %1 (not an official text)")
        elif source.english:
            said = self.tr("%1: the Portuguese text writes this name in English")
        elif code == "pt":
            said = self.tr("%1, Portuguese text")
        else:
            said = self.tr("%1, Chinese text")
        said = fill(said, cited)
        if source.written:
            said += " " + fill(self.tr("(written «%1»)"), source.written)
        return said

    def row_of(self, term_id: str) -> int:
        return next(row for row, entry in enumerate(self.terms) if entry.id == term_id)

    def visible_rows(self) -> list[int]:
        return [row for row in range(self.table.rowCount()) if not self.table.isRowHidden(row)]

    def current_term(self) -> Term | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows or self.table.isRowHidden(rows[0].row()):
            return None
        return self.terms[rows[0].row()]

    def apply_filter(self) -> None:
        """Show the terms of the game chosen whose word, in any language, holds the search."""
        wanted = folded(self.search.text().strip())
        game = self.game.currentData()
        for row, entry in enumerate(self.terms):
            shown = (game is None or entry.game == game) and wanted in self._searchable[row]
            self.table.setRowHidden(row, not shown)
        visible = self.visible_rows()
        self.found.setText(fill(self.tr("%1 of %2 terms"), str(len(visible)), str(len(self.terms))))
        self.nothing.setVisible(not visible)
        searched = self.search.text().strip()
        self.nothing.setText(
            fill(self.tr("No term has «%1» in English, Portuguese or Chinese."), searched)
            if game is None
            else fill(
                self.tr("No %2 term has «%1» in English, Portuguese or Chinese."),
                searched,
                _game_name(str(game)),
            )
        )
        if self.current_term() is None:
            self.table.clearSelection()
            if visible:
                self.table.selectRow(visible[0])
        chosen = self.table.selectionModel().selectedRows()
        if chosen and visible:  # the term whose sources are shown below is in sight
            self.table.scrollTo(chosen[0])
        self._show_details()

    def go_to_first(self) -> None:
        """Enter in the search: the first term found, ready for the arrow keys."""
        visible = self.visible_rows()
        if visible:
            self.table.selectRow(visible[0])
            self.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def cited(self) -> Citation | None:
        """The article Enter opens for the chosen term: the window language's source first."""
        entry = self.current_term()
        if entry is None:
            return None
        for code in ARTICLE_ORDER.get(current_language(), LANGUAGES):
            source = entry.sources[code]
            if source.citation is not None:
                return source.citation
        return None

    def open_article(self) -> QDialog | None:
        citation = self.cited()
        if citation is None:
            return None
        from dealer_trainer.ui.drills.feedback import ArticleDialog  # noqa: PLC0415 (on demand)

        dialog = ArticleDialog(citation, self)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.show()
        return dialog

    def _show_details(self) -> None:
        entry = self.current_term()
        self.details.setVisible(entry is not None)
        for code in LANGUAGES:
            self.detail_words[code].setText(entry.word(code) if entry is not None else "")
            self.detail_sources[code].setText(
                self.source_text(entry.sources[code], code) if entry is not None else ""
            )
        citation = self.cited()
        self.article.setEnabled(citation is not None)
        self.article.setToolTip(citation_text(citation) if citation is not None else "")

    # -------------------------------------------------------------- language --
    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Glossary"))
        self.article.setText(self.tr("Read the &article (Enter)"))
        self.search_label.setText(self.tr("&Search:"))
        self.search.setPlaceholderText(self.tr("A word in English, Portuguese or Chinese"))
        self.game_label.setText(self.tr("&Game:"))
        self.game.setItemText(0, self.tr("All games"))
        for index in range(1, self.game.count()):
            game = str(self.game.itemData(index))
            self.game.setItemText(index, _game_name(game))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Game"), *(language(code).native_name for code in LANGUAGES)]
        )
        for row, entry in enumerate(self.terms):
            game_item = self.table.item(row, GAME_COLUMN)
            if game_item is not None:
                game_item.setText(_game_name(entry.game))
            for code, column in WORD_COLUMNS.items():
                item = self.table.item(row, column)
                if item is not None:
                    item.setToolTip(self.source_text(entry.sources[code], code))
        self.apply_filter()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def eventFilter(self, watched: object, event: QEvent) -> bool:
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            key = event.key()
            if watched is self.search and key == Qt.Key.Key_Down:
                self.go_to_first()
                return True
            if watched is self.table and key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.open_article()
                return True
        return super().eventFilter(watched, event)  # type: ignore[arg-type]

    def done(self, result: int) -> None:
        remember_size(self, self.SIZE_KEY)
        super().done(result)


def _game_name(game: str) -> str:
    return QCoreApplication.translate("games", GAME_NAMES[Game.of(game)][0])
