"""The drill screen: the situation on the felt, the question, the answer, the feedback.

Left, the felt of the item's game with its situation drawn on it; right, the
question, the answer widget the question calls for, and (after an answer is
stored) the feedback.  A bar above names the mode and skill, counts the
items and, in timed modes, runs the clock.  The screen listens to a
:class:`~dealer_trainer.ui.drills.controller.DrillController`; it never
grades and never stores by itself.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QCloseEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills import (
    Answer,
    AnswerKind,
    DrillItem,
    Mode,
    Outcome,
    Summary,
    skill,
    time_allowed,
)
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.drills.answers import (
    AmountPad,
    AnswerWidget,
    ChipBuilder,
    ChoicePicker,
    OrderPicker,
)
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog, FeedbackPanel, SummaryView
from dealer_trainer.ui.drills.leave_exam import Leave, ask_leave_exam
from dealer_trainer.ui.drills.situation import FeltStage, hands_html
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.felt.view import FeltView
from dealer_trainer.ui.kit.geometry import ColumnScroll, remember_size, share_of_screen
from dealer_trainer.ui.kit.icons import stopwatch_pixmap
from dealer_trainer.ui.kit.rendering import DRILL_STYLE, clock_text, escape, render

MODE_NAMES = {
    Mode.PRACTICE: QT_TRANSLATE_NOOP("drills", "Practice"),
    Mode.TIMED: QT_TRANSLATE_NOOP("drills", "Timed"),
    Mode.EXAM: QT_TRANSLATE_NOOP("drills", "Exam"),
    Mode.REVIEW: QT_TRANSLATE_NOOP("drills", "Review"),
}


#: The question panel beside the felt: wide enough for a keypad, never wider than a column.
PANEL_MIN_WIDTH, PANEL_MAX_WIDTH = 400, 560


def mode_name(mode: Mode) -> str:
    return QCoreApplication.translate("drills", MODE_NAMES[mode])


class SituationView(FeltView):
    """A felt view that fits the part of the felt the item is about (all of it by default)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(None, parent)
        self.focus_rect: QRectF | None = None

    def fit(self) -> None:
        scene = self.scene()
        if scene is not None:
            target = self.focus_rect if self.focus_rect is not None else scene.sceneRect()
            self.fitInView(target, Qt.AspectRatioMode.KeepAspectRatio)


class PageStack(QStackedWidget):
    """A stack as large as the page on show (a plain one is as large as its largest page)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.currentChanged.connect(lambda _index: self.updateGeometry())

    def sizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.sizeHint() if page is not None else super().sizeHint()

    def minimumSizeHint(self) -> QSize:
        page = self.currentWidget()
        return page.minimumSizeHint() if page is not None else super().minimumSizeHint()

    def hasHeightForWidth(self) -> bool:
        page = self.currentWidget()
        return page is not None and page.hasHeightForWidth()

    def heightForWidth(self, width: int) -> int:
        page = self.currentWidget()
        return page.heightForWidth(width) if page is not None else -1


def drill_window_size(widget: QWidget | None = None) -> QSize:
    """A drill window's first size: most of the screen, the felt large, never off the screen."""
    return share_of_screen(widget, 0.94, QSize(1024, 640), QSize(1600, 1000))


class DrillScreen(QWidget):
    """One drill session on screen.  ``closed`` when the trainee leaves it."""

    closed = Signal()
    #: Where a drill window's size is remembered (see ``ui.kit.geometry``).
    SIZE_KEY = "drill"

    def __init__(
        self,
        controller: DrillController,
        *,
        title: str = "",
        on_finish: Callable[[], None] | None = None,
        trainee: str = "",
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.trainee = trainee  # named in the window title
        self.controller = controller
        if controller.parent() is None:
            controller.setParent(self)  # the screen's clock stops and goes with the screen
        self.session = controller.session
        self._on_finish = on_finish
        self.stage = FeltStage(self, self.session.rulesets)
        self._connected: set[int] = set()
        self._right = 0  # answers graded right so far (kept, not recounted per item)
        self._closing = False  # inside closeEvent: leaving must not close the window again
        self.setStyleSheet(DRILL_STYLE)
        self.setObjectName("drillScreen")

        # -- the bar ------------------------------------------------------------------
        self._title = title  # English source, translated in context "drills"
        self.recorded = True  # False: the badge says answers are not kept
        self.not_recorded_reason = ""  # and why (the launcher says: not a registered trainee)
        self.mode_label = QLabel()
        self.mode_label.setObjectName("modeBadge")
        self.skill_label = QLabel()
        self.skill_label.setObjectName("skillTitle")
        self.progress_label = QLabel()
        self.score_label = QLabel()
        self.clock_icon = QLabel()  # a drawn stopwatch: the ⏱ glyph is a box on Linux fonts
        self.clock_icon.setPixmap(stopwatch_pixmap(22, self.devicePixelRatioF()))
        self.clock = QLabel()
        self.clock.setObjectName("clock")
        self.clock_bar = QProgressBar()
        self.clock_bar.setTextVisible(False)
        self.clock_bar.setFixedWidth(160)
        self.end_button = QPushButton()
        self.end_button.clicked.connect(self.end_session)
        bar = QHBoxLayout()
        bar_widgets: list[QWidget] = [self.mode_label, self.skill_label]
        for widget in bar_widgets:
            bar.addWidget(widget)
        bar.addStretch(1)
        bar_widgets = [
            self.progress_label,
            self.score_label,
            self.clock_icon,
            self.clock,
            self.clock_bar,
            self.end_button,
        ]
        for widget in bar_widgets:
            bar.addWidget(widget)
        self.clock.setVisible(self.session.timed)
        self.clock_icon.setVisible(self.session.timed)
        self.clock_bar.setVisible(self.session.timed)

        # -- the felt and the panel ------------------------------------------------------
        self.view = SituationView()
        self.question = QLabel()
        self.question.setObjectName("question")
        self.question.setWordWrap(True)
        self.question.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.bet_list = QLabel()
        self.bet_list.setObjectName("betList")
        self.bet_list.setWordWrap(True)
        self.hint_button = QPushButton()
        self.hint_button.clicked.connect(self.show_hint)
        self.hint = QLabel()
        self.hint.setObjectName("hint")
        self.hint.setWordWrap(True)
        self.pad = AmountPad()
        self.chips = ChipBuilder()
        self.amount_tabs = QTabWidget()
        self.amount_tabs.addTab(self.pad, "")
        self.amount_tabs.addTab(self.chips, "")
        self.order = OrderPicker()
        self.choice = ChoicePicker()
        self.answers = PageStack()
        for page in (self.amount_tabs, self.order, self.choice):
            self.answers.addWidget(page)
        entries: list[AnswerWidget] = [self.pad, self.chips, self.order, self.choice]
        for entry in entries:
            entry.answered.connect(self.submit)
        self.error = QFrame()
        self.error.setObjectName("recordError")
        self.error_text = QLabel()
        self.error_text.setWordWrap(True)
        self.retry_button = QPushButton()
        self.retry_button.clicked.connect(self.retry)
        error_layout = QHBoxLayout(self.error)
        error_layout.addWidget(self.error_text, 1)
        error_layout.addWidget(self.retry_button)
        self.error.hide()
        # The feedback's Article and Next buttons stay below the scrolling part of the panel,
        # so a long worked solution can never push them off the screen.
        self.feedback = FeedbackPanel(actions_inside=False, rulesets=self.session.rulesets)
        self.feedback.articleRequested.connect(self.open_article)
        self.feedback.nextRequested.connect(self.controller.next_item)
        self.feedback.hide()
        content = QWidget()
        content.setObjectName("questionContent")
        side = QVBoxLayout(content)
        side.setContentsMargins(0, 0, 4, 0)
        side.addWidget(self.question)
        side.addWidget(self.bet_list)
        side.addWidget(self.hint_button, 0, Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.hint)
        side.addWidget(self.error)
        # The answer and then its feedback take the same place: one hidden, the other shown.
        side.addWidget(self.answers)
        side.addWidget(self.feedback, 1)
        side.addStretch(0)
        # A long item (a Portuguese question, four long options, a long worked solution)
        # scrolls here rather than crushing the keypad or running off a 768-pixel screen.
        self.panel_scroll = ColumnScroll(content, least_width=PANEL_MIN_WIDTH)
        panel = QWidget()
        panel.setObjectName("questionPanel")
        panel.setMaximumWidth(PANEL_MAX_WIDTH)
        column = QVBoxLayout(panel)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.panel_scroll, 1)
        column.addWidget(self.feedback.action_row)
        self.feedback.action_row.hide()
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        splitter.addWidget(panel)
        splitter.setStretchFactor(0, 1)
        splitter.setChildrenCollapsible(False)
        drill = QWidget()
        drill_layout = QVBoxLayout(drill)
        drill_layout.setContentsMargins(8, 8, 8, 8)
        drill_layout.addLayout(bar)
        drill_layout.addWidget(splitter, 1)
        self.summary = SummaryView(rulesets=self.session.rulesets)
        self.summary.closeRequested.connect(self.close_screen)
        self.pages = QStackedWidget()
        self.pages.addWidget(drill)
        self.pages.addWidget(self.summary)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.pages)
        QShortcut(QKeySequence(Qt.Key.Key_F1), self, self._article_shortcut)
        # Enter goes to the answer widget while it is on show (the keypad's line, the
        # choices); once the feedback or the summary shows, it presses their default button.
        self._enter = [
            QShortcut(QKeySequence(key), self, self._press_default)
            for key in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        ]
        self._update_enter()

        self.retranslate()
        controller.itemShown.connect(self.show_item)
        controller.ticked.connect(self.show_clock)
        controller.answerRecorded.connect(self._recorded)
        controller.feedbackReady.connect(self.show_feedback)
        controller.recordFailed.connect(self.show_record_error)
        controller.finished.connect(self.show_summary)

    # -------------------------------------------------------------- language --
    def retranslate(self) -> None:
        """Every text again in the language now installed, the item on show included."""
        if self.trainee:
            title = QCoreApplication.translate("drills", "Drills — %1")
            self.setWindowTitle(fill(title, self.trainee))
        badge = mode_name(self.session.mode)
        if self._title:
            badge += " · " + QCoreApplication.translate("drills", self._title)
        if not self.recorded:
            badge += " · " + self.tr("not recorded")
        self.mode_label.setText(badge)
        self.mode_label.setToolTip(self.not_recorded_reason if not self.recorded else "")
        self.clock_bar.setAccessibleName(self.tr("Time left"))
        self.end_button.setText(self.tr("&End session"))
        self.view.setAccessibleName(self.tr("Felt"))
        self.hint_button.setText(self.tr("Show a &hint"))
        self.amount_tabs.setTabText(0, self.tr("&Keypad"))
        self.amount_tabs.setTabText(1, self.tr("Ch&ips"))
        self.retry_button.setText(self.tr("&Retry saving"))
        item = self.controller.item or (
            self.feedback.outcome.item if self.feedback.outcome is not None else None
        )
        if item is not None:
            self._relabel(item)
            self._show_texts(item)
        if self.controller.pending is not None and self.controller.last_error:
            self.show_record_error(self.controller.last_error)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def _relabel(self, item: DrillItem) -> None:
        """The item's felt and bets named again in the language now installed (the felt's
        print, the bets on the table, the order picker, the feedback)."""
        self.stage.stage(item).retranslate()
        self.view.fit()
        labels = {b.bet_id: b.label for b in self.stage.bets}
        if item.expected.kind is AnswerKind.ORDER:
            self.order.relabel(self.stage.bets)
        outcome = self.feedback.outcome
        if outcome is not None and outcome.item is item:
            self.feedback.show_outcome(outcome, labels)

    def _show_texts(self, item: DrillItem) -> None:
        """The item's own sentences: skill, question, what is on the table, the hint."""
        self.skill_label.setText(render(skill(item.skill).title))
        self.question.setText(render(item.question))
        lines = []
        if "cards" in item.situation:
            lines.append(hands_html(item.situation["cards"]))
        staged = self.stage.bets
        if staged and item.expected.kind is not AnswerKind.ORDER:
            lines.append(
                escape(fill(self.tr("On the table: %1"), " · ".join(bet.label for bet in staged)))
            )
        self.bet_list.setText("<br>".join(lines))
        self.bet_list.setVisible(bool(lines))
        if self.hint.isVisibleTo(self) and item.hint is not None:
            self.hint.setText(render(item.hint))
        self._show_progress(len(self.session.outcomes) + (self.controller.item is not None))

    # ----------------------------------------------------------------- items --
    @property
    def answer_widget(self) -> AnswerWidget:
        page = self.answers.currentWidget()
        if page is self.amount_tabs:
            current = self.amount_tabs.currentWidget()
            assert isinstance(current, AnswerWidget)
            return current
        assert isinstance(page, AnswerWidget)
        return page

    def show_item(self, item: DrillItem) -> None:
        scene = self.stage.stage(item)
        self.view.focus_rect = self.stage.focus
        if self.view.scene() is not scene:
            self.view.set_felt_scene(scene)
        self.view.fit()
        self._listen(scene)
        self.hint.clear()
        self.hint.hide()
        self.hint_button.setVisible(self.session.shows_hints and item.hint is not None)
        kind = item.expected.kind
        self._show_texts(item)
        if kind is AnswerKind.ORDER:
            self.answers.setCurrentWidget(self.order)
            self.order.set_bets(self.stage.bets)
        elif kind is AnswerKind.CHOICE:
            self.answers.setCurrentWidget(self.choice)
            self.choice.prepare(item)
        else:
            self.answers.setCurrentWidget(self.amount_tabs)
            self.pad.prepare(item)
            has_chips = bool(item.expected.denominations)
            self.amount_tabs.setTabEnabled(1, has_chips)
            if has_chips:
                self.chips.prepare(item)
            else:
                self.amount_tabs.setCurrentWidget(self.pad)
        self.answers.setEnabled(True)
        self._show_work(feedback=False)
        self.panel_scroll.verticalScrollBar().setValue(0)  # a new item starts at its question
        self.error.hide()
        self.answer_widget.focus_entry()

    def _listen(self, scene: FeltScene) -> None:
        if id(scene) not in self._connected:
            self._connected.add(id(scene))
            scene.spotClicked.connect(self._spot_clicked)

    def _spot_clicked(self, spot_id: str) -> None:
        if self.answers.isEnabled() and self.answers.currentWidget() is self.order:
            self.order.pick_spot(spot_id)

    def show_hint(self) -> None:
        item = self.controller.item
        if item is not None and item.hint is not None and self.session.shows_hints:
            self.hint.setText(render(item.hint))
            self.hint.show()

    def _show_progress(self, number: int) -> None:
        done = len(self.session.outcomes)
        exam = self.controller.exam
        if exam is not None:
            text = fill(self.tr("Item %1 of %2"), str(number), str(exam.size))
        else:
            text = fill(self.tr("Item %1"), str(number))
        self.progress_label.setText(text)
        right = self._right
        self.score_label.setVisible(self.session.shows_feedback and done > 0)
        self.score_label.setText(fill(self.tr("%1 of %2 right"), str(right), str(done)))

    def show_clock(self, left_ms: int) -> None:
        item = self.controller.item
        allowed = time_allowed(item) * 1000 if item is not None else 1
        self.clock.setText(clock_text(left_ms))
        self.clock_bar.setMaximum(allowed)
        self.clock_bar.setValue(left_ms)
        self.clock.setProperty("urgent", left_ms <= 5000)
        self.clock.style().unpolish(self.clock)
        self.clock.style().polish(self.clock)

    # --------------------------------------------------------------- answers --
    def submit(self, answer: Answer) -> None:
        # One answer per item: the controller takes none once the item is answered or
        # while an answer waits to be stored (the answers are disabled then).
        if self.controller.item is None or not self.answers.isEnabled():
            return
        self.controller.submit(answer)

    def retry(self) -> None:
        self.controller.retry()

    def _recorded(self, outcome: Outcome) -> None:
        self._right += outcome.correct
        self.error.hide()

    def show_record_error(self, reason: str) -> None:
        self._show_work(feedback=False)
        self.answers.setEnabled(False)
        self.error_text.setText(
            fill(
                self.tr(
                    "Your answer could not be saved, so no feedback is shown yet: %1\n"
                    "It is kept here; retry saving when the database is back."
                ),
                reason,
            )
        )
        self.error.show()
        self.retry_button.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_feedback(self, outcome: Outcome) -> None:
        self.feedback.show_outcome(outcome, {b.bet_id: b.label for b in self.stage.bets})
        self.hint_button.hide()
        self._show_work(feedback=True)
        self.feedback.next.setFocus(Qt.FocusReason.OtherFocusReason)
        self._show_progress(len(self.session.outcomes))

    def _show_work(self, *, feedback: bool) -> None:
        """The answer widgets, or in their place the feedback (its buttons below the scroll)."""
        self.answers.setVisible(not feedback)
        self.feedback.setVisible(feedback)
        self.feedback.action_row.setVisible(feedback)
        # The panel stays scrolled where it was: the feedback begins where the answer was.
        self._update_enter()

    def _update_enter(self) -> None:
        """Enter presses the default button of what is on show: Next item, or Close."""
        on_summary = self.pages.currentWidget() is self.summary
        active = on_summary or self.feedback.isVisibleTo(self)
        for shortcut in self._enter:
            shortcut.setEnabled(active)

    def _press_default(self) -> None:
        if self.pages.currentWidget() is self.summary:
            self.summary.close_button.click()
        elif self.feedback.isVisibleTo(self) and self.feedback.next.isEnabled():
            self.feedback.next.click()

    def _article_shortcut(self) -> None:
        outcome = self.feedback.outcome
        if self.feedback.isVisible() and outcome is not None:
            self.open_article(outcome.item.citation)

    def open_article(self, citation: Citation) -> ArticleDialog:
        dialog = ArticleDialog(citation, self, self.session.rulesets)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.open()
        return dialog

    # ------------------------------------------------------------------- end --
    #: Asks before an exam is left half-way (tests put their own answer here).
    ask_leave_exam: Callable[[QWidget | None, int, int, bool], Leave] = staticmethod(ask_leave_exam)

    def end_session(self) -> bool:
        """End now (an unanswered item is left out); refused while an answer is unsaved.

        In an exam it asks first; the default keeps the exam going (``False``). An
        assigned exam may be left to resume later: the window closes, nothing is ended.
        """
        if self.controller.pending is not None:
            self.error_text.setText(
                self.tr("An answer is not saved yet. Retry saving before you end the session.")
            )
            self.error.show()
            return False
        exam = self.controller.exam
        if self.controller.exam_running and exam is not None:
            # The item's clock stands still while the trainee reads the question: an item
            # must not time out (and the exam move on) behind the dialog.
            self.controller.pause()
            try:
                choice = self.ask_leave_exam(
                    self, len(self.session.outcomes), exam.size, self.session.resumable
                )
            finally:
                self.controller.resume()  # then kept going, suspended or handed in
            if choice is Leave.KEEP_GOING:
                self.answer_widget.focus_entry()
                return False
            if choice is Leave.RESUME_LATER and self.controller.suspend():
                if not self._closing:
                    self.close_screen()
                return True
        self.controller.finish()
        return True

    def show_summary(self, summary: Summary) -> None:
        problem = None
        if self._on_finish is not None:
            try:
                self._on_finish()
            except Exception as exc:  # the answers are stored; only closing the session failed
                problem = str(exc)
        self.summary.show_summary(summary, self.controller.total_ms, self.controller.exam)
        if problem:
            self.summary.time.setText(
                self.summary.time.text()
                + "\n"
                + fill(self.tr("The session could not be closed in the database: %1"), problem)
            )
        self.pages.setCurrentWidget(self.summary)
        self._update_enter()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Closing the window ends the session; never while an answer waits to be saved.

        Mid-exam it asks first; an exam handed in shows its summary instead of closing.
        """
        exam_running = self.controller.exam_running
        self._closing = True
        try:
            keep_open = not self.controller.is_over and not self.end_session()
        finally:
            self._closing = False
        if keep_open:
            event.ignore()
            return
        if exam_running and self.pages.currentWidget() is self.summary:
            event.ignore()  # handed in: the trainee reads the results, then closes
            return
        self.controller.stop()
        if self.isWindow():
            remember_size(self, self.SIZE_KEY)
        super().closeEvent(event)

    def close_screen(self) -> None:
        self.controller.stop()
        self.closed.emit()
