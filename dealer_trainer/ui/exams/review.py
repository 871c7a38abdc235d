"""Exam review: every item of a sitting re-drawn on its felt, with the answer given, the
right answer and the worked solution; for the instructor, the items and skills the
exam's sitters missed most. And a refused sitting in words.

The trainee opens it from the Drills menu ("Review my exams…"): their own ended exam
sittings. The instructor opens it from the Exams tab ("Review on the felt…"): every
sitting of the chosen exam, by trainee and sitting, with the group's misses. The felt,
the question, the answers and the worked solution are the drill-down's
(:class:`~dealer_trainer.ui.drills.answer_detail.AnswerDetail`): the stored situation is
drawn as it was, the item re-made from its seed for the question and the solution.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, QSize, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSplitter,
    QStackedWidget,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.table.exam import score_round
from dealer_trainer.drills.table.replay import Replay
from dealer_trainer.drills.table.round import ExamTag
from dealer_trainer.reports.exams import percent_text
from dealer_trainer.reports.text import skill_title
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import (
    AnswerFilter,
    Exam,
    InstructorDesk,
    SessionKind,
    StorageError,
    StoredAnswer,
    TraineeDesk,
)
from dealer_trainer.storage.certification import Refusal, SittingRefused, SittingScore
from dealer_trainer.storage.recorder import MockExam
from dealer_trainer.storage.records import MOCK_EXAM_KEY
from dealer_trainer.storage.rounds import StoredTableRound
from dealer_trainer.storage.table_recorder import replay_stored
from dealer_trainer.ui.drills.answer_detail import AnswerDetail
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.geometry import share_of_screen
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.standards_words import game_name


def moment_text(moment: datetime) -> str:
    """A date and time (local time) as the app writes them everywhere, ISO: ``2026-12-09
    05:51`` (the language's short format, ``09/12/26``, read as another day in another
    convention, next to the ISO days of the tables)."""
    return moment.astimezone().strftime("%Y-%m-%d %H:%M")


def when_text(refused: SittingRefused) -> str:
    if refused.when is None:
        return ""
    return moment_text(refused.when)


def refusal_text(refused: SittingRefused) -> str:
    """Why this exam cannot be sat now, in the window's language."""
    if refused.reason is Refusal.NOT_OPEN:
        return fill(
            QCoreApplication.translate("ExamReview", "This exam opens on %1."), when_text(refused)
        )
    if refused.reason is Refusal.CLOSED:
        return fill(
            QCoreApplication.translate("ExamReview", "This exam closed on %1."), when_text(refused)
        )
    if refused.reason is Refusal.PASSED:
        return QCoreApplication.translate("ExamReview", "You have passed this exam already.")
    if refused.reason is Refusal.GRADING:
        return fill(
            QCoreApplication.translate(
                "ExamReview",
                "Your last sitting of this exam is waiting for grading by the centre's server "
                "(handed in at %1): a new sitting may start once it is graded.",
            ),
            when_text(refused),
        )
    if refused.reason is Refusal.LIMIT:
        return fill(
            QCoreApplication.translate(
                "ExamReview", "You have sat this exam %1 times: the centre allows %2 sittings."
            ),
            str(refused.sittings),
            str(refused.limit),
        )
    return fill(
        QCoreApplication.translate(
            "ExamReview", "You may sit this exam again from %1 (sitting %2 of %3): wait until then."
        ),
        when_text(refused),
        str(refused.sittings + 1),
        str(refused.limit),
    )


def score_text(score: SittingScore) -> str:
    """A sitting's score as a list says it: the share right, or, while the centre's server
    has not graded it, that it waits (and since when)."""
    if score.pending and score.waiting_since is not None:
        return fill(
            QCoreApplication.translate("ExamReview", "waiting for grading since %1"),
            moment_text(score.waiting_since),
        )
    return percent_text(score.score)


@dataclass(frozen=True)
class Sitting:
    """One sitting as the review lists it: who, which, and its answers in order."""

    label: str
    answers: Sequence[StoredAnswer]
    item_count: int
    #: The sitting's live-table rounds, ended, in the order dealt (an exam with rounds).
    rounds: Sequence[StoredTableRound] = ()
    #: The assignment it is a sitting of (a trainee's row in the exam's results).
    assignment_id: int | None = None


@dataclass(frozen=True)
class Missed:
    position: int  # 1-based item number
    skill: str
    missed: int
    sittings: int


def group_misses(sittings: Sequence[Sitting]) -> tuple[list[Missed], list[tuple[str, int, int]]]:
    """The items missed most (wrong or not answered) and each skill's misses over all
    answers, most missed first: ``(items, [(skill, missed, answered)])``."""
    wrong: Counter[int] = Counter()
    skills: dict[int, str] = {}
    per_skill: Counter[str] = Counter()
    per_skill_all: Counter[str] = Counter()
    for sitting in sittings:
        for position in range(sitting.item_count):
            answered = sitting.answers[position] if position < len(sitting.answers) else None
            if answered is not None:
                skills.setdefault(position, answered.record.skill)
                per_skill_all[answered.record.skill] += 1
                if not answered.record.correct:
                    per_skill[answered.record.skill] += 1
            if answered is None or not answered.record.correct:
                wrong[position] += 1
    items = [
        Missed(p + 1, skills.get(p, ""), n, len(sittings))
        for p, n in sorted(wrong.items(), key=lambda pn: (-pn[1], pn[0]))
        if n
    ]
    by_skill = sorted(
        ((s, per_skill[s], per_skill_all[s]) for s in per_skill_all),
        key=lambda row: (-row[1] / row[2], row[0]),
    )
    return items, by_skill


class ExamReview(QDialog):
    """The sittings to choose from, their items, and the chosen item on the felt."""

    def __init__(
        self,
        title: str,
        sittings: Sequence[Sitting],
        parent: QWidget | None = None,
        *,
        group: bool = False,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self.rulesets = rulesets  # where the answers' and rounds' rulesets are looked up
        self.setWindowTitle(
            fill(QCoreApplication.translate("ExamReview", "Exam review: %1"), title)
        )
        self._sittings = list(sittings)
        self._replays: list[Replay | None] = []  # the shown sitting's rounds, replayed
        self.sitting = QComboBox()
        self.sitting.setAccessibleName(QCoreApplication.translate("ExamReview", "Sitting"))
        for each in self._sittings:
            self.sitting.addItem(each.label)
        self.items = QListWidget()
        self.items.setMinimumWidth(200)
        self.detail = AnswerDetail(self, rulesets=rulesets)
        # A live-table round of the sitting is shown as its replay, with its mistakes.
        from dealer_trainer.ui.table.replay import ReplayView  # noqa: PLC0415

        self.replay_view = ReplayView(self)
        self.shown = QStackedWidget()
        self.shown.addWidget(self.detail)
        self.shown.addWidget(self.replay_view)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        top = QHBoxLayout()
        chosen = QLabel(QCoreApplication.translate("ExamReview", "&Sitting:"))
        chosen.setBuddy(self.sitting)
        top.addWidget(chosen)
        top.addWidget(self.sitting, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.items)
        split.addWidget(self.shown)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 4)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.missed_items: QTableWidget | None = None
        self.missed_skills: QTableWidget | None = None
        if group:
            self._group(layout)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        close = buttons.button(QDialogButtonBox.StandardButton.Close)
        close.setDefault(True)
        close.setText(QCoreApplication.translate("ExamReview", "&Close"))
        layout.addWidget(buttons)
        self.sitting.currentIndexChanged.connect(self._show_sitting)
        self.items.currentRowChanged.connect(self._show_item)
        # Most of the screen: the felt and the question beside it need the room (at its
        # size hint the question's column was 130 px and broke "Answer given" mid-word).
        self.resize(share_of_screen(self, 0.9, self.minimumSizeHint(), QSize(1600, 1000)))
        if self._sittings:
            self._show_sitting(0)
        else:
            self.summary.setText(
                QCoreApplication.translate("ExamReview", "No sitting of this exam has ended yet.")
            )

    def show_assignment(self, assignment_id: int) -> None:
        """Show the newest sitting of this assignment (a trainee's row chosen)."""
        for index in reversed(range(len(self._sittings))):
            if self._sittings[index].assignment_id == assignment_id:
                self.sitting.setCurrentIndex(index)
                return

    def _table(self, headers: list[str]) -> QTableWidget:
        table = QTableWidget(0, len(headers))
        table.setHorizontalHeaderLabels(headers)
        table.verticalHeader().hide()
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        table.setMaximumHeight(150)
        return table

    def _group(self, layout: QVBoxLayout) -> None:
        items, skills = group_misses(self._sittings)
        self.missed_items = self._table(
            [
                QCoreApplication.translate("ExamReview", "Item"),
                QCoreApplication.translate("ExamReview", "Skill"),
                QCoreApplication.translate("ExamReview", "Missed by"),
            ]
        )
        self.missed_skills = self._table(
            [
                QCoreApplication.translate("ExamReview", "Skill"),
                QCoreApplication.translate("ExamReview", "Wrong"),
                QCoreApplication.translate("ExamReview", "Share wrong"),
            ]
        )
        self.missed_skills.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.Stretch
        )
        self.missed_skills.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents
        )
        self.missed_items.setRowCount(len(items))
        for row, miss in enumerate(items):
            texts = [
                str(miss.position),
                skill_title(miss.skill)
                if miss.skill
                else QCoreApplication.translate("ExamReview", "not answered by anyone"),
                fill(
                    QCoreApplication.translate("ExamReview", "%1 of 1 sitting")
                    if miss.sittings == 1  # no plural form through translate(): two messages
                    else QCoreApplication.translate("ExamReview", "%1 of %2 sittings"),
                    str(miss.missed),
                    str(miss.sittings),
                ),
            ]
            for column, text in enumerate(texts):
                self.missed_items.setItem(row, column, cell(text))
        self.missed_skills.setRowCount(len(skills))
        for row, (skill, missed, answered) in enumerate(skills):
            texts = [
                skill_title(skill),
                fill(
                    QCoreApplication.translate("ExamReview", "%1 of %2"), str(missed), str(answered)
                ),
                percent_text(Fraction(missed, answered)),
            ]
            for column, text in enumerate(texts):
                self.missed_skills.setItem(row, column, cell(text))
        self.missed_items.resizeColumnToContents(0)
        self.missed_skills.resizeColumnToContents(2)
        heading = QLabel(QCoreApplication.translate("ExamReview", "What the group missed most"))
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        tables = QHBoxLayout()
        tables.addWidget(self.missed_items, 3)
        tables.addWidget(self.missed_skills, 2)
        layout.addWidget(heading)
        layout.addLayout(tables)

    def _show_sitting(self, index: int) -> None:
        self.items.clear()
        if not 0 <= index < len(self._sittings):
            return
        sitting = self._sittings[index]
        right = sum(1 for a in sitting.answers if a.record.correct and not a.pending)
        for number in range(1, sitting.item_count + 1):
            if number <= len(sitting.answers) and sitting.answers[number - 1].pending:
                text = fill(  # on a centre's server, until its grader has graded it
                    QCoreApplication.translate("ExamReview", "%1. %2: waiting for grading"),
                    str(number),
                    skill_title(sitting.answers[number - 1].record.skill),
                )
            elif number <= len(sitting.answers):
                answer = sitting.answers[number - 1]
                mark = "✓" if answer.record.correct else "✗"
                text = f"{number}. {mark} {skill_title(answer.record.skill)}"
            else:
                text = fill(
                    QCoreApplication.translate("ExamReview", "%1. not answered"), str(number)
                )
            item = QListWidgetItem(text)
            if number <= len(sitting.answers) and sitting.answers[number - 1].pending:
                item.setForeground(QColor(palette.MUTED))
            elif number <= len(sitting.answers):
                correct = sitting.answers[number - 1].record.correct
                item.setForeground(QColor(palette.OK) if correct else QColor(palette.WRONG))
            self.items.addItem(item)
        self.summary.setText(
            fill(
                QCoreApplication.translate(
                    "ExamReview",
                    "%1 of %2 items right; %3 answered. Choose an item to see it on the felt.",
                ),
                str(right),
                str(sitting.item_count),
                str(len(sitting.answers)),
            )
        )
        first_wrong = next(
            (i for i, a in enumerate(sitting.answers) if not a.record.correct and not a.pending),
            None,
        )
        wrong_round = self._show_rounds(sitting)
        if first_wrong is None and wrong_round is not None:
            first_wrong = sitting.item_count + wrong_round
        # Wide enough for its rows (a skill's name, "Round 2 · ✓ every step right"), up to
        # a column's width: they were cut at 200 px in Portuguese.
        rows = self.items.sizeHintForColumn(0) + self.items.verticalScrollBar().sizeHint().width()
        self.items.setMinimumWidth(max(200, min(rows + 2 * self.items.frameWidth() + 4, 340)))
        self.items.setCurrentRow(first_wrong or 0)

    def _show_rounds(self, sitting: Sitting) -> int | None:
        """The sitting's rounds after its items, each with its mistakes (the first round
        with a mistake, if any)."""
        self._replays = []
        first = None
        right = judged = 0
        for number, stored in enumerate(sitting.rounds, start=1):
            try:
                replay = replay_stored(stored, self.rulesets)
            except (ValueError, RulesError) as exc:  # a ruleset this version does not know
                self._replays.append(None)
                self.items.addItem(
                    fill(
                        QCoreApplication.translate("ExamReview", "Round %1: %2"),
                        str(number),
                        problem_text(exc),
                    )
                )
                continue
            self._replays.append(replay)
            score = score_round(replay.round)
            right, judged = right + score.total.right, judged + score.total.out_of
            mistakes = len(score.mistakes) + score.missed
            text = (
                fill(
                    QCoreApplication.translate("ExamReview", "Round %1 · ✓ every step right"),
                    str(number),
                )
                if mistakes == 0
                else fill(
                    QCoreApplication.translate("ExamReview", "Round %1 · ✗ 1 mistake"), str(number)
                )
                if mistakes == 1
                else fill(
                    QCoreApplication.translate("ExamReview", "Round %1 · ✗ %2 mistakes"),
                    str(number),
                    str(mistakes),
                )
            )
            item = QListWidgetItem(text)
            item.setForeground(QColor(palette.OK) if not mistakes else QColor(palette.WRONG))
            self.items.addItem(item)
            if mistakes and first is None:
                first = number - 1
        if sitting.rounds:
            items_line = self.summary.text() + "\n" if sitting.item_count else ""
            self.summary.setText(
                items_line
                + fill(
                    QCoreApplication.translate(
                        "ExamReview",
                        "Live table: %1 rounds, %2 of %3 steps right. Choose a round to replay it "
                        "step by step with its mistakes.",
                    ),
                    str(len(sitting.rounds)),
                    str(right),
                    str(judged),
                )
            )
        return first

    def _show_item(self, row: int) -> None:
        index = self.sitting.currentIndex()
        if not 0 <= index < len(self._sittings):
            return
        sitting = self._sittings[index]
        answers = sitting.answers
        at_round = row - sitting.item_count
        if 0 <= at_round < len(self._replays):
            replay = self._replays[at_round]
            if replay is not None:
                self.replay_view.show_replay(replay)
                self.shown.setCurrentWidget(self.replay_view)
            return
        self.shown.setCurrentWidget(self.detail)
        if 0 <= row < len(answers):
            self.detail.show_answer(answers[row])
        else:
            self.detail.clear()


def trainee_sittings(desk: TraineeDesk, rulesets: RulesetRegistry = SHIPPED) -> list[Sitting]:
    """The trainee's own exams, newest first: the exams their instructor assigned (each
    ended sitting), their mock exams (ended) and the exams they sat at the live table (every
    round dealt and ended), each with its answers and rounds in order."""
    try:  # the transcript's terms: on the server, read by the trainee's own functions
        scored = {s.score.session_id: (s.title, s.score) for s in desk.my_transcript().sittings}
    except StorageError:
        scored = {}
    mocks = desk.mock_exam_sessions()
    table_exams = desk.rounds.exam_sessions()
    out: list[tuple[datetime, Sitting]] = []
    for session in desk.sessions():  # newest first
        if session.kind is SessionKind.EXAM:
            if session.ended_at is None:
                continue
            answers = desk.answers(session.id, limit=None, graded_record=True)
            day = moment_text(session.started_at)
            known = scored.get(session.id)
            if known is None:
                label = fill(QCoreApplication.translate("ExamReview", "Exam sat on %1"), day)
                count = len(answers)
            else:
                title, score = known
                label = fill(
                    QCoreApplication.translate("ExamReview", "%1 · sat on %2 · %3"),
                    title,
                    day,
                    score_text(score),
                )
                count = score.item_count
            rounds = _ended_rounds(desk.rounds.all(session.id))
            out.append((session.started_at, Sitting(label, answers, count, rounds)))
            continue
        if session.id in mocks and session.ended_at is not None:
            out.append((session.started_at, _mock_sitting(desk, session.id, session.started_at)))
        if session.id in table_exams:
            out += _table_exam_sittings(desk.rounds.all(session.id), rulesets)
    return [sitting for _when, sitting in sorted(out, key=lambda pair: pair[0], reverse=True)]


def _mock_sitting(desk: TraineeDesk, session_id: int, started: datetime) -> Sitting:
    """A mock exam: its answers, scored over the items it had (those not answered are not
    right), as the drills scored it when it ended."""
    answers = desk.answers(session_id, limit=None, graded_record=True)
    first = answers[0].record.situation if answers else None
    tag = MockExam.from_json(first.get(MOCK_EXAM_KEY)) if isinstance(first, dict) else None
    count = tag.items if tag is not None else len(answers)
    right = sum(1 for a in answers if a.record.correct and not a.pending)
    label = fill(
        QCoreApplication.translate("ExamReview", "%1 · sat on %2 · %3"),
        QCoreApplication.translate("ExamReview", "Mock exam"),
        moment_text(started),
        percent_text(Fraction(right, max(count, 1))),
    )
    return Sitting(label, answers, max(count, len(answers)))


def _table_exam_sittings(
    rounds: Sequence[StoredTableRound], rulesets: RulesetRegistry
) -> list[tuple[datetime, Sitting]]:
    """The table exams of one session's rounds: each exam's rounds (its tag names the exam),
    listed once every round of it was dealt and ended (an exam left half-way is not one)."""
    exams: dict[int, list[tuple[ExamTag, StoredTableRound]]] = {}
    for stored in rounds:
        situation = stored.record.situation
        kept = situation.get("exam") if isinstance(situation, dict) else None
        if not isinstance(kept, dict):
            continue
        try:
            tag = ExamTag.from_json(kept)
        except ValueError:
            continue
        exams.setdefault(tag.seed, []).append((tag, stored))
    out = []
    for tagged in exams.values():
        tag = tagged[0][0]
        played = [stored for _tag, stored in tagged]
        ended = _ended_rounds(played)
        if len(ended) < tag.rounds or len(ended) != len(played):
            continue  # not sat to its end
        first = ended[0].record
        label = fill(
            QCoreApplication.translate("ExamReview", "%1 · sat on %2 · %3"),
            fill(QCoreApplication.translate("ExamReview", "Table exam: %1"), game_name(first.game)),
            moment_text(first.started_at),
            _rounds_score(ended, rulesets),
        )
        out.append((first.started_at, Sitting(label, (), 0, ended)))
    return out


def _rounds_score(rounds: Sequence[StoredTableRound], rulesets: RulesetRegistry) -> str:
    """The exam's score as the table scored it: right steps over judged steps ("–" if a
    round cannot be replayed by this version)."""
    right = judged = 0
    for stored in rounds:
        try:
            score = score_round(replay_stored(stored, rulesets).round)
        except (ValueError, RulesError):
            return "–"
        right, judged = right + score.total.right, judged + score.total.out_of
    return "–" if judged == 0 else percent_text(Fraction(right, judged))


def _ended_rounds(rounds: Sequence[StoredTableRound]) -> list[StoredTableRound]:
    """A sitting's rounds as reviewed: those that ended (the one cut off by the app stopping
    was dealt again)."""
    return [r for r in rounds if r.end is not None]


def exam_sittings(desk: InstructorDesk, exam: Exam) -> list[Sitting]:
    """Every ended sitting of ``exam``, by trainee and sitting number, oldest first."""
    names = {t.id: t.name for t in desk.all_trainees()}
    numbers: Counter[int] = Counter()
    out = []
    for _paper, assignment, score in desk.sittings(exam_id=exam.id):
        numbers[assignment.id] += 1
        if score.ended_at is None:
            continue
        answers = desk.answers(AnswerFilter(session_id=score.session_id, limit=None))
        label = fill(
            QCoreApplication.translate("ExamReview", "%1 · sitting %2 · %3"),
            names.get(assignment.trainee_id, ""),
            str(numbers[assignment.id]),
            score_text(score),
        )
        rounds: list[StoredTableRound] = []
        if score.rounds:
            rounds = _ended_rounds(
                [
                    r
                    for r in desk.table_rounds(assignment.trainee_id)
                    if r.session_id == score.session_id
                ]
            )
        out.append(Sitting(label, answers, score.item_count, rounds, assignment.id))
    return out
