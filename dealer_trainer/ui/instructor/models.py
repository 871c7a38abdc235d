"""Table models of the dashboard: the cohort's trainees and one trainee's answers.

Both are read-only views of records: no model has a ``setData`` and no flag
makes a cell editable, so no answer can be changed through the dashboard.
The cohort's table sorts through a ``QSortFilterProxyModel`` on ``SORT_ROLE``
(numbers sort as numbers, empty cells last); one trainee's answers sort themselves
(``AnswersModel.sort``: one Python sort, where the proxy's some 1,700 comparisons of
200 answers each called back into Python for both keys, 15-30 ms of the GUI thread
whenever a trainee was opened).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, tzinfo
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor

from dealer_trainer.reports import within_target
from dealer_trainer.reports.figures import TraineeFigure
from dealer_trainer.reports.text import count_text, percent_cell, seconds_text, skill_title
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP
from dealer_trainer.storage import AnswerRecord, StoredAnswer
from dealer_trainer.ui.drills.answer_detail import remake
from dealer_trainer.ui.drills.answer_words import AnswerWords, answer_words
from dealer_trainer.ui.kit import palette

if TYPE_CHECKING:
    from dealer_trainer.storage.standards import SpeedShare

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ID_ROLE = Qt.ItemDataRole.UserRole + 2
Index = QModelIndex | QPersistentModelIndex
_NO_INDEX = QModelIndex()


class _RecordsModel(QAbstractTableModel):
    """A read-only table of records, one per row (no ``setData``, no editable flag)."""

    COLUMNS: tuple[str, ...]
    _rows: Sequence[object]

    def rowCount(self, parent: Index = _NO_INDEX) -> int:
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = _NO_INDEX) -> int:
        return 0 if parent.isValid() else len(self.COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate(type(self).__name__, self.COLUMNS[section])
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable


class CohortModel(_RecordsModel):
    """One row per trainee: answers, accuracy, typical time, days active, last day, weakest."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("CohortModel", "Trainee"),
        QT_TRANSLATE_NOOP("CohortModel", "Answers"),
        QT_TRANSLATE_NOOP("CohortModel", "Accuracy"),
        QT_TRANSLATE_NOOP("CohortModel", "Typical time"),
        QT_TRANSLATE_NOOP("CohortModel", "Days active"),
        QT_TRANSLATE_NOOP("CohortModel", "Last active"),
        QT_TRANSLATE_NOOP("CohortModel", "Weakest skill"),
        within_target.HEADING,  # filled once the Mastery tab's figure is read (set_within)
    )
    WITHIN = 7

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[TraineeFigure] = []
        self._titles: dict[str | None, str] = {}
        self._within: dict[int, SpeedShare] = {}

    def set_within(self, within: dict[int, SpeedShare]) -> None:
        """Each trainee's answers right and within the target (``reports.within_target``)."""
        self._within = dict(within)
        if self._rows:
            last = len(self._rows) - 1
            self.dataChanged.emit(self.index(0, self.WITHIN), self.index(last, self.WITHIN))

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.ToolTipRole
            and section == self.WITHIN
        ):
            return within_target.heading_tip()
        return super().headerData(section, orientation, role)

    def set_rows(self, rows: Sequence[TraineeFigure]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self._titles = {r.weakest_skill: skill_title(r.weakest_skill) for r in self._rows}
        self.endResetModel()

    def add_rows(self, rows: Sequence[TraineeFigure]) -> None:
        if not rows:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self._rows += rows
        self._titles.update({r.weakest_skill: skill_title(r.weakest_skill) for r in rows})
        self.endInsertRows()

    def figure(self, row: int) -> TraineeFigure:
        return self._rows[row]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        column = index.column()
        accuracy = row.totals.accuracy_percent
        if role == ID_ROLE:
            return row.trainee_id
        if role == Qt.ItemDataRole.DisplayRole:
            shown: list[str] = [
                row.name + (self.tr(" (archived)") if row.archived else ""),
                count_text(row.totals.answers),
                percent_cell(accuracy),
                seconds_text(row.totals.typical_ms),
                str(row.active_days),
                "" if row.last_day is None else row.last_day.isoformat(),
                self._titles.get(row.weakest_skill, ""),
                within_target.cell_text(self._within.get(row.trainee_id)),
            ]
            return shown[column]
        if role == SORT_ROLE:
            keys: list[Any] = [
                row.name.casefold(),
                row.totals.answers,
                -1.0 if accuracy is None else float(accuracy),
                float("inf") if row.totals.typical_ms is None else float(row.totals.typical_ms),
                row.active_days,
                "" if row.last_day is None else row.last_day.isoformat(),
                self._titles.get(row.weakest_skill, "").casefold(),
                within_target.sort_key(self._within.get(row.trainee_id)),
            ]
            return keys[column]
        if role == Qt.ItemDataRole.ToolTipRole and column in (0, 6):
            # the name and the weakest skill are elided in a narrow column: whole on hover
            return self.data(index, Qt.ItemDataRole.DisplayRole) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and (1 <= column <= 5 or column == 7):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and row.archived:
            return QColor(palette.FADED)
        return None


class AnswersModel(_RecordsModel):
    """One trainee's recorded answers, newest first; read-only."""

    COLUMNS = (
        QT_TRANSLATE_NOOP("AnswersModel", "Answered"),
        QT_TRANSLATE_NOOP("AnswersModel", "Skill"),
        QT_TRANSLATE_NOOP("AnswersModel", "Result"),
        QT_TRANSLATE_NOOP("AnswersModel", "Time"),
        QT_TRANSLATE_NOOP("AnswersModel", "Given"),
        QT_TRANSLATE_NOOP("AnswersModel", "Expected"),
    )

    def __init__(
        self,
        parent: QObject | None = None,
        zone: tzinfo | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self._zone = zone  # the training centre's zone (the store's day zone)
        self.rulesets = rulesets  # where the answers' rulesets are looked up
        self._loaded: list[StoredAnswer] = []  # as read: newest first, page after page
        self._rows: list[StoredAnswer] = []  # as shown: sorted by ``_order``
        self._order: tuple[int, Qt.SortOrder] | None = None  # as read, until a view sorts
        self._words: dict[int, AnswerWords] = {}  # by answer id, made when first shown
        self._short_texts: dict[int, tuple[str, str, str, str]] = {}  # likewise

    def words(self, answer: StoredAnswer) -> AnswerWords:
        """The answer given and the right one by bet names and option texts (never ids)."""
        words = self._words.get(answer.id)
        if words is None:
            record = answer.record
            item = None
            choice = isinstance(record.expected, dict) and record.expected.get("kind") == "choice"
            stored = isinstance(record.situation, dict) and bool(record.situation.get("options"))
            if choice and not stored:  # stored before the option texts were: re-make the item
                item = remake(answer, self.rulesets)
            words = self._words[answer.id] = answer_words(answer, item, self.rulesets)
        return words

    def set_answers(self, answers: Sequence[StoredAnswer]) -> None:
        self.beginResetModel()
        self._loaded = list(answers)
        self._words.clear()
        self._short_texts.clear()
        self._rows = self._sorted(self._loaded)
        self.endResetModel()

    def add_older(self, answers: Sequence[StoredAnswer]) -> int:
        """Add the answers not shown yet (in the order shown); return how many were new."""
        known = {a.id for a in self._loaded}
        fresh = [a for a in answers if a.id not in known]
        if fresh:
            first = len(self._rows)
            self.beginInsertRows(QModelIndex(), first, first + len(fresh) - 1)
            self._loaded += fresh
            self._rows += fresh
            self.endInsertRows()
            if self._order is not None:
                self.sort(*self._order)
        return len(fresh)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Show the answers by ``column`` (what the view asks when a heading is clicked);
        the selection stays on the answers it was on."""
        self.layoutAboutToBeChanged.emit()
        self._order = (column, order)
        before = {a.id: row for row, a in enumerate(self._rows)}
        self._rows = self._sorted(self._loaded)
        after = {a.id: row for row, a in enumerate(self._rows)}
        moved = {row: after[answer_id] for answer_id, row in before.items()}
        for index in self.persistentIndexList():
            self.changePersistentIndex(
                index, self.index(moved[index.row()], index.column()) if index.isValid() else index
            )
        self.layoutChanged.emit()

    def _sorted(self, answers: Sequence[StoredAnswer]) -> list[StoredAnswer]:
        """What a column sorts by: the record's own value where it has one, else the text
        (the skill's without case); answers alike keep the order they were read in."""
        if self._order is None:
            return list(answers)
        column, order = self._order
        record_key = _RECORD_KEYS.get(column)

        def key(answer: StoredAnswer) -> Any:
            if record_key is not None:
                return record_key(answer.record)
            text = self._text(answer, column)
            return text.casefold() if column == 1 else text

        return sorted(answers, key=key, reverse=order == Qt.SortOrder.DescendingOrder)

    def count_at(self, moment: datetime) -> int:
        return sum(1 for a in self._loaded if a.record.answered_at == moment)

    def answer(self, row: int) -> StoredAnswer:
        return self._rows[row]

    def oldest(self) -> StoredAnswer | None:
        """The oldest answer read (the last of the last page), however they are sorted."""
        return self._loaded[-1] if self._loaded else None

    def _short(self, answer: StoredAnswer) -> tuple[str, str, str, str]:
        """The when, skill, result and time texts, worked out once (the view asks for every
        cell many times: to size its columns, to paint)."""
        short = self._short_texts.get(answer.id)
        if short is None:
            record = answer.record
            short = self._short_texts[answer.id] = (
                record.answered_at.astimezone(self._zone).strftime("%Y-%m-%d %H:%M"),
                skill_title(record.skill),
                self.tr("waiting for grading")
                if answer.pending
                else self.tr("correct")
                if record.correct
                else self.tr("wrong"),
                seconds_text(record.time_taken_ms),
            )
        return short

    def text(self, row: int, column: int) -> str:
        """The text the table shows in a cell: the answers by their words only when a cell
        of theirs is shown (fitting the short columns and sorting by time need none)."""
        return self._text(self._rows[row], column)

    def _text(self, answer: StoredAnswer, column: int) -> str:
        if column < 4:
            return self._short(answer)[column]
        words = self.words(answer)
        return words.given if column == 4 else words.expected

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        answer = self._rows[index.row()]
        record = answer.record
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self.text(index.row(), column)
        if role == Qt.ItemDataRole.ToolTipRole and column in (4, 5):  # the whole answer
            return self.text(index.row(), column)
        if role == Qt.ItemDataRole.ForegroundRole and column == 2:
            return QColor(palette.OK) if record.correct else QColor(palette.WRONG)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == 3:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None


#: The answers' sort keys read straight off the record (by column: answered, result, time).
_RECORD_KEYS: dict[int, Callable[[AnswerRecord], Any]] = {
    0: lambda record: record.answered_at.timestamp(),
    2: lambda record: int(record.correct),
    3: lambda record: record.time_taken_ms,
}


def sorting_proxy(model: QAbstractTableModel, parent: QObject) -> QSortFilterProxyModel:
    """Sort by ``SORT_ROLE``; filter on the first column, case-insensitively.

    The model and its proxy should both have ``parent`` (the view's owner) as their
    QObject parent, so that Qt, not Python's garbage collector, deletes them.
    """
    proxy = QSortFilterProxyModel(parent)
    proxy.setSourceModel(model)
    proxy.setSortRole(SORT_ROLE)
    proxy.setFilterKeyColumn(0)
    proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    return proxy
