"""What a trainee is told: feedback on one answer, the article on demand, the summary.

:class:`FeedbackPanel` shows right or wrong, what was wrong, the correct
answer, each line of the worked solution and the article that decides it as
a button; :class:`ArticleDialog` opens that article's official texts
(Portuguese, Chinese) and the project's English reading.
:class:`SummaryView` ends a session: score, pass or fail against the pass
mark, a row per skill and the time taken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QEvent, QRegularExpression, QSize, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills import AnswerKind, DrillItem, ExamSpec, Outcome, Summary, skill
from dealer_trainer.rules.articles import article_for
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.cli import handle
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.geometry import remember_size, restore_size
from dealer_trainer.ui.kit.icons import verdict_pixmap
from dealer_trainer.ui.kit.language import citation_text, current_language
from dealer_trainer.ui.kit.rendering import (
    article_text,
    clock_text,
    escape,
    format_money,
    join_names,
    render,
    seconds_text,
)

#: The grader's sentences that restate the right answer, shown by the panel itself.
RESTATED = frozenset(
    {
        "The right amount is {amount}.",
        "The right answer: {answer}",
        "The right order: {order}.",
        # and the verdicts the headline gives ("Right · 8.0 s"): said once is enough
        "Right.",
        "Right: {amount}.",
        "Right order.",
    }
)


def bet_actions(item: DrillItem) -> dict[str, str]:
    """What the dealer does with each bet of an order item (``collect``, ``pay`` …), as the
    rules core's procedure says; empty where the item's situation has no procedure."""
    request = item.situation.get("request")
    if not isinstance(request, Mapping):
        return {}
    try:
        steps = handle("procedure", request)["steps"]  # the rules CLI's own answer
    except (RulesError, KeyError, TypeError):
        return {}
    return {
        str(step["bet"]): str(step["action"])
        for group in steps
        for step in group
        if isinstance(step, Mapping) and "bet" in step and "action" in step
    }


def correct_answer_text(item: DrillItem, bet_labels: Mapping[str, str] | None = None) -> str:
    """The rules core's answer as a trainee reads it (bets by their names on the felt)."""
    expected = item.expected
    if expected.kind in (AnswerKind.AMOUNT, AnswerKind.CHIPS) and expected.amount is not None:
        text = format_money(expected.amount)
        if expected.fewest_chips:
            chips = join_names(
                [
                    f"{n} × {format_money(d)}"
                    for d, n in sorted(expected.fewest_chips.items(), reverse=True)
                ]
            )
            fewest = QCoreApplication.translate("drills", "(fewest chips: %1)")
            text += "  " + fill(fewest, chips)
        return text
    if expected.kind is AnswerKind.CHOICE:
        right = next((o for o in expected.options if o.id == expected.choice), None)
        return render(right.label) if right is not None else ""
    names = bet_labels or {}
    actions = bet_actions(item)
    # A step of losing bets reads "Collect: …", one of winners "Pay: …": the numbered list
    # alone read as if the losing bets were paid first.
    verbs = {
        "collect": QCoreApplication.translate("drills", "Collect: %1"),
        "pay": QCoreApplication.translate("drills", "Pay: %1"),
    }
    steps = []
    for group in expected.order:
        bets = join_names([names.get(bet, bet) for bet in group])
        any_order = QCoreApplication.translate("drills", "%1 (in any order)")
        step = bets if len(group) == 1 else fill(any_order, bets)
        done = {actions.get(bet, "") for bet in group}
        verb = verbs.get(next(iter(done))) if len(done) == 1 else None
        steps.append(fill(verb, step) if verb is not None else step)
    return "\n" + "\n".join(f"{i}. {step}" for i, step in enumerate(steps, 1))


#: Which tab an article opens on, by the app's language: the text in the reader's language.
ARTICLE_TAB_FOR = {"pt": "pt", "zh_Hant": "zh", "en": "en"}
_CHINESE_DIGITS = "一二三四五六七八九"


def chinese_number(n: int) -> str:
    """``3`` → ``三``, ``12`` → ``十二``, ``20`` → ``二十``: a paragraph's number as the
    Chinese texts print it (up to 99)."""
    tens, units = divmod(n, 10)
    text = "" if tens == 0 else ("十" if tens == 1 else _CHINESE_DIGITS[tens - 1] + "十")
    return text + (_CHINESE_DIGITS[units - 1] if units else "")


def paragraph_patterns(citation: Citation, language: str) -> list[str]:
    """Where the cited paragraph begins in an article's text (``en``: the English reading,
    ``pt``/``zh``: the published texts), best first, as regular expressions."""
    p = citation.paragraph
    if p is None:
        return []
    if language == "en":
        return [rf"Art\.\s*{citation.article}\({p}\)", rf"\({p}\)"]
    if language == "pt":
        return [rf"^\s*{p}\s*[.)º]", rf"\({p}\)"]
    number = chinese_number(p)
    return [rf"^\s*{number}\s*、", rf"^\s*[（(]{number}[)）]", rf"^\s*[（(]{p}[)）]"]


def _game_of(citation: Citation, rulesets: RulesetRegistry) -> str | None:
    """The game of a citation's ruleset (None for a ruleset this version does not know)."""
    try:
        return str(rulesets.get(citation.ruleset).game)
    except RulesError:
        return None


class ArticleDialog(QDialog):
    """An article: the official Portuguese and Chinese texts and the English reading.

    It opens on the text in the window's language where the article exists in it
    (Portuguese or Chinese as published; English: the project's reading), and it
    follows a language switch while it is open.
    """

    def __init__(
        self,
        citation: Citation,
        parent: QWidget | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self.citation = citation
        self.rulesets = rulesets  # where the citation's ruleset is looked up
        self.article = article_for(citation)
        self.tabs = QTabWidget()
        self._tab_languages: list[str] = []
        if self.article is not None:
            if self.article.reading_en:
                self._add_tab(self.article.reading_en, "en", markdown=True)
            for language in ("pt", "zh"):
                text = self.article.text(language)
                if text:
                    self._add_tab(text, language)
        self.tabs.setVisible(bool(self._tab_languages))
        self.heading = QLabel()
        self.heading.setObjectName("articleHeading")
        self.heading.setWordWrap(True)
        self.note = QLabel()
        self.note.setObjectName("muted")
        self.note.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.note)
        layout.addWidget(self.buttons)
        # Enter closes the dialog (a Close button is not the default on its own).
        self.buttons.button(QDialogButtonBox.StandardButton.Close).setDefault(True)
        restore_size(self, "article", QSize(640, 520), centre=False)
        self.retranslate()
        self.show_language(current_language())
        self.tabs.currentChanged.connect(lambda _index: self.show_cited_paragraph())

    def cited_block_top(self, index: int) -> int | None:
        """Where the cited paragraph begins in tab ``index`` (document pixels), if found."""
        browser = self.tabs.widget(index)
        if not isinstance(browser, QTextBrowser):
            return None
        document = browser.document()
        for pattern in paragraph_patterns(self.citation, self._tab_languages[index]):
            found = document.find(QRegularExpression(pattern))
            if not found.isNull():
                block = found.block()
                top = document.documentLayout().blockBoundingRect(block).top()
                # The line of the block the paragraph starts on (a reading may run
                # several paragraphs in one block: "(1) … (6) …").
                lines = block.layout()
                line = lines.lineForTextPosition(found.selectionStart() - block.position())
                return int(top + (line.y() if line.isValid() else 0))
        return None

    def show_cited_paragraph(self) -> None:
        """Scroll the text on show to the cited paragraph (an article runs over many):
        a trainee sent to Art. 5(3) reads 5(3) first, not 5(1)."""
        index = self.tabs.currentIndex()
        if not 0 <= index < len(self._tab_languages):
            return
        top = self.cited_block_top(index)
        browser = self.tabs.widget(index)
        if top is not None and isinstance(browser, QTextBrowser):
            browser.verticalScrollBar().setValue(top)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # Qt shows (and sizes) the children first: the text's blocks have their places.
        self.show_cited_paragraph()

    def _add_tab(self, text: str, language: str, *, markdown: bool = False) -> None:
        browser = QTextBrowser()
        if markdown:
            browser.setMarkdown(text)
        else:
            browser.setPlainText(text)
        self.tabs.addTab(browser, "")
        self._tab_languages.append(language)

    def tab_language(self) -> str | None:
        """The language of the text on show: ``en`` (the reading), ``pt`` or ``zh``."""
        index = self.tabs.currentIndex()
        return self._tab_languages[index] if 0 <= index < len(self._tab_languages) else None

    def show_language(self, code: str) -> None:
        """Show the text in the app language ``code`` if the article has it."""
        wanted = ARTICLE_TAB_FOR.get(code, "en")
        if wanted in self._tab_languages:
            self.tabs.setCurrentIndex(self._tab_languages.index(wanted))

    def retranslate(self) -> None:
        cited = citation_text(self.citation, self.rulesets)
        self.setWindowTitle(cited)
        names = {
            "en": self.tr("English reading"),
            "pt": self.tr("Português (official)"),
            "zh": self.tr("中文 (official)"),
        }
        for index, language in enumerate(self._tab_languages):
            self.tabs.setTabText(index, names[language])
        if (
            isinstance(self.citation, HouseReference)
            and _game_of(self.citation, self.rulesets) == Game.SIC_BO
        ):
            self.heading.setText(
                fill(
                    self.tr(
                        "No article is cited: this answer rests on the house's own table (%1). "
                        "The Sic Bo regulation (Despacho Regulamentar Externo n.º 31/2003) is not "
                        "on file."
                    ),
                    cited,
                )
            )
        elif isinstance(self.citation, HouseReference):  # an order the regulation does not set
            self.heading.setText(
                fill(
                    self.tr(
                        "No article is cited: this answer rests on the table's procedure (%1), a "
                        "setting of the ruleset; the regulation sets no order of settlement. Each "
                        "bet's own article is in the worked solution."
                    ),
                    cited,
                )
            )
        elif self.article is None:
            self.heading.setText(fill(self.tr("The text of %1 is not on file."), cited))
        else:
            titles = " · ".join(
                t for t in (self.article.title("pt"), self.article.title("zh")) if t
            )
            self.heading.setText(f"{cited}  {titles}")
        self.note.setText(
            self.tr("The English reading is the project's aid, not an official text.")
        )

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
            self.show_language(current_language())
        super().changeEvent(event)

    def done(self, result: int) -> None:
        remember_size(self, "article")
        super().done(result)


class FeedbackPanel(QFrame):
    """The verdict on one answer and its worked solution, with the article on demand.

    ``action_row`` holds the Article and Next buttons.  With ``actions_inside=False``
    the panel leaves them out of its own layout, for the drill screen to put them
    where a long solution cannot push them away (below its scrolling panel).
    """

    articleRequested = Signal(object)  # Citation
    nextRequested = Signal()

    def __init__(
        self,
        parent: QWidget | None = None,
        *,
        actions_inside: bool = True,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self.rulesets = rulesets  # where a citation's ruleset is looked up
        self.setObjectName("feedback")
        self.verdict = ""
        self.icon = QLabel()
        self.icon.setObjectName("verdictIcon")
        self.headline = QLabel()
        self.headline.setObjectName("headline")
        self.headline.setWordWrap(True)
        self.headline_row = QWidget()
        row = QHBoxLayout(self.headline_row)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.icon, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.headline, 1)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.answer = QLabel()
        self.answer.setWordWrap(True)
        self.answer.setObjectName("rightAnswer")
        self.answer.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # The worked solution takes the room it needs: the screen scrolls the whole panel
        # when it is long, never a box of two lines.
        self.solution = QLabel()
        self.solution.setWordWrap(True)
        self.solution.setObjectName("solution")
        self.solution.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.article = QPushButton()
        self.article.setObjectName("article")
        self.article.clicked.connect(lambda: self.articleRequested.emit(self._citation))
        self.next = QPushButton()
        self.next.setObjectName("primary")
        self.next.setAutoDefault(True)  # Enter on the focused button presses it
        self.next.clicked.connect(self.nextRequested.emit)
        self.action_row = QWidget()
        self.action_row.setObjectName("feedbackActions")
        buttons = QHBoxLayout(self.action_row)
        buttons.setContentsMargins(0, 4, 0, 0)
        buttons.addWidget(self.article, 0)
        buttons.addStretch(1)
        buttons.addWidget(self.next, 0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline_row)
        layout.addWidget(self.details)
        layout.addWidget(self.answer)
        layout.addWidget(self.solution, 1, Qt.AlignmentFlag.AlignTop)
        if actions_inside:
            layout.addWidget(self.action_row)
        self._citation: Citation | None = None
        self.outcome: Outcome | None = None
        self._labels: Mapping[str, str] | None = None
        self.retranslate()

    def retranslate(self) -> None:
        self.article.setToolTip(self.tr("Read the article (F1)"))
        self.next.setText(self.tr("&Next item ↵"))
        if self.outcome is not None:
            self.show_outcome(self.outcome, self._labels)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_outcome(self, outcome: Outcome, bet_labels: Mapping[str, str] | None = None) -> None:
        self.outcome = outcome
        self._labels = bet_labels
        item = outcome.item
        if outcome.answer.timed_out:
            headline, verdict = self.tr("Time is up"), "timeout"
        elif outcome.correct:
            headline, verdict = self.tr("Right"), "right"
        else:
            headline, verdict = self.tr("Not right"), "wrong"
        # The symbol is drawn, not a font's glyph (⏱ is a box on many Linux fonts).
        self.verdict = verdict
        size = self.headline.fontMetrics().height()
        self.icon.setPixmap(verdict_pixmap(verdict, max(size, 20), self.devicePixelRatioF()))
        self.setProperty("verdict", verdict)
        self.style().unpolish(self)
        self.style().polish(self)
        self.headline.setText(headline + "  ·  " + seconds_text(outcome.elapsed_ms))
        # The right answer has its own line below (bets by name, not by request id).
        said = [t for t in outcome.grade.feedback if t.source not in RESTATED]
        if outcome.answer.timed_out:  # the headline says it already
            said = [t for t in said if t.source != "Time is up."]
        lines = [render(t) for t in (*said, *outcome.grade.notes)]
        given = outcome.answer.order
        if given is not None and item.expected.kind is AnswerKind.ORDER:
            names = bet_labels or {}
            lines.append(
                fill(
                    self.tr("Your order: %1"),
                    " → ".join(names.get(bet, bet) for bet in given) or "—",
                )
            )
        chosen = outcome.answer.choice
        if chosen is not None and not outcome.correct and item.expected.kind is AnswerKind.CHOICE:
            # The options are gone from the screen: name the one the trainee picked.
            picked = next((o for o in item.expected.options if o.id == chosen), None)
            if picked is not None:
                lines.append(fill(self.tr("Your answer: %1"), render(picked.label)))
        self.details.setText("\n".join(lines))
        self.details.setVisible(bool(lines))  # no empty line under a right answer
        right = correct_answer_text(item, bet_labels)
        self.answer.setText(fill(self.tr("Correct answer: %1"), right))
        steps = "".join(f"<li>{escape(render(t))}</li>" for t in item.solution)
        heading = escape(self.tr("Worked solution"))
        # Where the answer rests on more than the regulation's words, say so in full.
        rests = "".join(f"<p><i>{escape(render(t))}</i></p>" for t in item.rests_on)
        self.solution.setText(f"<b>{heading}</b><ol>{steps}</ol>{rests}")
        self._citation = item.citation
        # The button names the article; its tooltip and the dialog name the regulation too.
        article = article_text(item.citation)
        if isinstance(item.citation, HouseReference):  # no article: the house's own table
            self.article.setText(fill(self.tr("Basis: %1  (F1)"), article))
        else:
            self.article.setText(fill(self.tr("Article: %1  (F1)"), article))
        self.article.setToolTip(citation_text(item.citation, self.rulesets))


class SummaryView(QWidget):
    """The end of a session: score, pass or fail, skill by skill, time.

    After an exam (no feedback was shown during it) every item follows, in order: the
    question, the trainee's answer, the right one and the worked solution, bets by
    their names on the felt and options by their texts.
    """

    closeRequested = Signal()
    # An assigned exam on a centre's server: the centre's grader scores the sitting, so
    # the verdict here is this workstation's preview and says so.
    server_grades = False

    def __init__(self, parent: QWidget | None = None, rulesets: RulesetRegistry = SHIPPED) -> None:
        super().__init__(parent)
        self.rulesets = rulesets  # where the items' rulesets are looked up
        self.headline = QLabel()
        self.headline.setObjectName("summaryHeadline")
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.preview_note = QLabel()  # on a centre's server: whose verdict counts
        self.preview_note.setWordWrap(True)
        self.preview_note.hide()
        self.table = QTableWidget(0, 4)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.items_heading = QLabel()
        self.items_heading.setObjectName("itemsHeading")
        self.items = QTextBrowser()
        self.items.setObjectName("examItems")
        self.items.setOpenLinks(False)
        self.time = QLabel()
        self.close_button = QPushButton()
        self.close_button.setObjectName("primary")
        self.close_button.setAutoDefault(True)  # Enter on the focused button presses it
        self.close_button.setMinimumWidth(120)
        self.close_button.clicked.connect(self.closeRequested.emit)
        self.table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        body = QWidget()
        body.setMaximumWidth(860)
        column = QVBoxLayout(body)
        column.addWidget(self.headline)
        column.addWidget(self.verdict)
        column.addWidget(self.preview_note)
        column.addWidget(self.table)
        column.addWidget(self.items_heading)
        column.addWidget(self.items, 1)
        column.addWidget(self.time)
        column.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignRight)
        self._stretch = QWidget()  # takes the free height when there is no item list
        column.addWidget(self._stretch, 1)
        layout = QHBoxLayout(self)
        layout.addStretch(1)
        layout.addWidget(body, 4)
        layout.addStretch(1)
        self._shown: tuple[Summary, int, ExamSpec | None] | None = None
        self._stage: FeltStage | None = None  # names the bets of pay-order items
        self.retranslate()

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(
            [self.tr("Skill"), self.tr("Answered"), self.tr("Right"), self.tr("Median time")]
        )
        self.close_button.setText(self.tr("&Close"))
        self.items_heading.setText(self.tr("Item by item"))
        self.items.setAccessibleName(self.tr("Every item of the exam"))
        if self._shown is not None:
            self.show_summary(*self._shown)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def show_summary(self, summary: Summary, total_ms: int, exam: ExamSpec | None) -> None:
        self._shown = (summary, total_ms, exam)
        # An exam is scored on all its items (those not answered count as not right), so
        # a sitting left after one right answer reads "1 of 20 right (5%)", not "(100%)".
        out_of = exam.size if exam is not None else summary.answered
        percent = round(100 * Fraction(summary.correct, out_of)) if out_of else 0
        self.headline.setText(
            fill(self.tr("%1 of %2 right (%3%)"), str(summary.correct), str(out_of), str(percent))
        )
        if exam is not None:
            mark = round(100 * exam.pass_mark)
            passed = exam.passed(summary)
            verdict = fill(
                self.tr("PASSED — the pass mark is %1%")
                if passed
                else self.tr("NOT PASSED — the pass mark is %1%"),
                str(mark),
            )
            missing = exam.size - summary.answered
            if missing > 0:
                verdict += "\n" + fill(
                    self.tr("Items not answered: %1 (counted as not right)."), str(missing)
                )
            self.verdict.setText(verdict)
            self.verdict.setProperty("passed", passed)
        else:
            self.verdict.setText("")
            self.verdict.setProperty("passed", None)
        self.preview_note.setText(
            self.tr(
                "This is this computer's preview: the centre's server grades the sitting, "
                "and its result is the one that counts (your transcript shows it once "
                "graded)."
            )
        )
        self.preview_note.setVisible(exam is not None and self.server_grades)
        self.verdict.style().unpolish(self.verdict)
        self.verdict.style().polish(self.verdict)
        self.table.setRowCount(len(summary.by_skill))
        for row, score in enumerate(summary.by_skill):
            cells = [
                render(skill(score.skill).title),
                str(score.answered),
                str(score.correct),
                seconds_text(score.median_ms) if score.median_ms is not None else "—",
            ]
            for column, text in enumerate(cells):
                cell = QTableWidgetItem(text)
                if column:
                    cell.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, cell)
        rows = sum(self.table.rowHeight(r) for r in range(self.table.rowCount()))
        listed = exam is not None and bool(summary.outcomes)
        cap = 220 if listed else 520  # the item list below takes the rest of the height
        self.table.setFixedHeight(min(rows + self.table.horizontalHeader().height() + 4, cap))
        self.items_heading.setVisible(listed)
        self.items.setVisible(listed)
        self._stretch.setVisible(not listed)
        if listed:
            self.items.setHtml(self._items_html(summary.outcomes))
        self.time.setText(fill(self.tr("Time: %1"), clock_text(total_ms)))
        self.close_button.setFocus(Qt.FocusReason.OtherFocusReason)

    # ---------------------------------------------------------- item by item --
    def bet_labels(self, item: DrillItem) -> dict[str, str]:
        """The item's bets by the names the felt showed them under, with their stakes."""
        if item.expected.kind is not AnswerKind.ORDER:
            return {}
        if self._stage is None:
            self._stage = FeltStage(self, self.rulesets)
        self._stage.stage(item)
        return {bet.bet_id: bet.label for bet in self._stage.bets}

    def given_text(self, outcome: Outcome, labels: Mapping[str, str]) -> str:
        """The trainee's answer in the words of the question (never a bet or option id)."""
        answer = outcome.answer
        if answer.timed_out:
            return self.tr("no answer in time")
        if answer.amount is not None:
            return format_money(answer.amount)
        if answer.chips is not None:
            chips = sorted(((d, n) for d, n in answer.chips.items() if n), reverse=True)
            total = sum((d * n for d, n in chips), Decimal(0))
            stacks = join_names([f"{n} × {format_money(d)}" for d, n in chips])
            return f"{format_money(total)} ({stacks})" if stacks else format_money(total)
        if answer.order is not None:
            unknown = self.tr("a bet that is not on the table")
            return " → ".join(labels.get(bet, unknown) for bet in answer.order) or "—"
        options = {o.id: render(o.label) for o in outcome.item.expected.options}
        return options.get(answer.choice or "", self.tr("no option chosen"))

    def _items_html(self, outcomes: Sequence[Outcome]) -> str:
        yours = escape(self.tr("Your answer"))
        correct = escape(self.tr("Correct answer"))
        worked = escape(self.tr("Worked solution"))
        blocks = []
        for number, outcome in enumerate(outcomes, 1):
            item = outcome.item
            labels = self.bet_labels(item)
            if outcome.answer.timed_out:
                mark, colour = self.tr("⏱ Time was up"), palette.ASIDE
            elif outcome.correct:
                mark, colour = self.tr("✓ Right"), palette.OK
            else:
                mark, colour = self.tr("✗ Not right"), palette.WRONG
            title = fill(self.tr("Item %1 · %2"), str(number), render(skill(item.skill).title))
            right = correct_answer_text(item, labels).strip()
            right_html = escape(right).replace("\n", "<br>")
            steps = "".join(f"<li>{escape(render(t))}</li>" for t in item.solution)
            rests = "".join(f"<p><i>{escape(render(t))}</i></p>" for t in item.rests_on)
            basis = (
                self.tr("Basis: %1")
                if isinstance(item.citation, HouseReference)
                else self.tr("Article: %1")
            )
            article = escape(fill(basis, citation_text(item.citation, self.rulesets)))
            blocks.append(
                f"<h4>{escape(title)} — <span style='color:{colour}'>{escape(mark)}</span></h4>"
                f"<p>{escape(render(item.question))}</p>"
                "<table cellpadding='2'>"
                f"<tr><td valign='top'><b>{yours}</b></td>"
                f"<td>{escape(self.given_text(outcome, labels))}</td></tr>"
                f"<tr><td valign='top'><b>{correct}</b></td>"
                f"<td>{right_html}</td></tr></table>"
                f"<p><b>{worked}</b></p><ol>{steps}</ol>{rests}"
                f"<p style='color:{palette.MUTED}'>{article}</p>"
            )
        return "<hr>".join(blocks)
