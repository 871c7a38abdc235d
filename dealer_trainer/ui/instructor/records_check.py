""" "Verify records" and the audit trail, for the instructor (a tab of the instructor views).

*Verify records* looks for answers changed, added or removed behind the app's back
(single PC: with the ``sqlite3`` shell, say) and says what it found in words a
training manager reads, then always what such a check cannot see. The audit
trail below lists who signed in (or failed to), who added, archived or set a
password for whom, which exams were built, assigned and started.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from fractions import Fraction

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.standards import percent
from dealer_trainer.reports.text import skill_title
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.storage import InstructorDesk, StorageError
from dealer_trainer.storage.audit import ARROW, Action, AuditEntry
from dealer_trainer.storage.standards import DRILLS_TARGET
from dealer_trainer.storage.verify import DAILY, Figures, Finding, Problem, Verification
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.cells import cell
from dealer_trainer.ui.kit.language import problem_text
from dealer_trainer.ui.kit.standards_words import seconds_words

_ACTIONS = {
    Action.SIGN_IN: QT_TRANSLATE_NOOP("RecordsCheck", "signed in"),
    Action.SIGN_IN_FAILED: QT_TRANSLATE_NOOP("RecordsCheck", "failed to sign in"),
    Action.SIGN_IN_DELAYED: QT_TRANSLATE_NOOP(
        "RecordsCheck", "tried to sign in during the wait after wrong passwords"
    ),
    Action.PERSON_ADDED: QT_TRANSLATE_NOOP("RecordsCheck", "added a person"),
    Action.PERSON_ARCHIVED: QT_TRANSLATE_NOOP("RecordsCheck", "archived a trainee"),
    Action.PERSON_RESTORED: QT_TRANSLATE_NOOP("RecordsCheck", "restored a trainee"),
    Action.PERSON_RENAMED: QT_TRANSLATE_NOOP("RecordsCheck", "renamed a trainee"),
    Action.PASSWORD_SET: QT_TRANSLATE_NOOP("RecordsCheck", "set a password"),
    Action.EXAM_BUILT: QT_TRANSLATE_NOOP("RecordsCheck", "built an exam"),
    Action.EXAM_ASSIGNED: QT_TRANSLATE_NOOP("RecordsCheck", "assigned an exam"),
    Action.EXAM_WITHDRAWN: QT_TRANSLATE_NOOP("RecordsCheck", "withdrew an exam not yet sat"),
    Action.EXAM_STARTED: QT_TRANSLATE_NOOP("RecordsCheck", "started an exam"),
    Action.RECORDS_VERIFIED: QT_TRANSLATE_NOOP("RecordsCheck", "verified the records"),
    Action.STAFF_NUMBER_SET: QT_TRANSLATE_NOOP("RecordsCheck", "set a staff number"),
    Action.INSTRUCTOR_DISABLED: QT_TRANSLATE_NOOP("RecordsCheck", "disabled an instructor"),
    Action.INSTRUCTOR_ENABLED: QT_TRANSLATE_NOOP("RecordsCheck", "enabled an instructor"),
    Action.GROUP_CREATED: QT_TRANSLATE_NOOP("RecordsCheck", "created a group"),
    Action.GROUP_CHANGED: QT_TRANSLATE_NOOP("RecordsCheck", "renamed or re-dated a group"),
    Action.GROUP_ARCHIVED: QT_TRANSLATE_NOOP("RecordsCheck", "archived a group"),
    Action.GROUP_RESTORED: QT_TRANSLATE_NOOP("RecordsCheck", "restored a group"),
    Action.GROUP_INSTRUCTORS_SET: QT_TRANSLATE_NOOP("RecordsCheck", "set a group's instructors"),
    Action.GROUP_MEMBER_MOVED: QT_TRANSLATE_NOOP("RecordsCheck", "moved a trainee between groups"),
    Action.CENTRE_SETTINGS_CHANGED: QT_TRANSLATE_NOOP(
        "RecordsCheck", "changed the centre's settings"
    ),
    Action.STANDARD_SET: QT_TRANSLATE_NOOP("RecordsCheck", "set a speed standard"),
    Action.MASTERY_RULE_SET: QT_TRANSLATE_NOOP("RecordsCheck", "set the mastery rule"),
    Action.PLAN_ASSIGNED: QT_TRANSLATE_NOOP("RecordsCheck", "assigned a practice plan"),
    Action.PLAN_WITHDRAWN: QT_TRANSLATE_NOOP("RecordsCheck", "withdrew a practice plan"),
}


def _when(moment: datetime | None) -> str:
    return "" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")


def _tr(text: str, n: int = -1) -> str:
    return QCoreApplication.translate("RecordsCheck", text, None, n)


def action_words(action: Action | str) -> str:
    if isinstance(action, Action):
        return _tr(_ACTIONS[action])
    return QCoreApplication.translate("RecordsCheck", "did something this version does not know")


def rollup_words(finding: Finding, who: str) -> str:
    """A rollup row that is not what the answers add up to: which figures, of which skill
    and day (and trainee), the figures shown and those the recorded answers hold."""
    shown, recorded = finding.shown or Figures(), finding.recorded or Figures()
    skill = skill_title(finding.skill or "")
    day = "" if finding.day is None else finding.day.isoformat()
    daily = finding.rollup == DAILY
    if not finding.counts_differ:
        text = (
            QCoreApplication.translate(
                "RecordsCheck",
                "The dashboard's typical time for %1 on %2 does not match the recorded answers.",
            )
            if daily
            else QCoreApplication.translate(
                "RecordsCheck",
                "The cohort table's figures of %3 for %1 on %2 (the typical time, or the "
                "answers within the target) do not match the recorded answers.",
            )
        )
        return fill(text, skill, day, who)
    counts = (
        str(shown.answers),
        str(shown.correct),
        str(recorded.answers),
        str(recorded.correct),
    )
    if daily:
        text = QCoreApplication.translate(
            "RecordsCheck",
            "The dashboard's figures for %1 on %2 do not match the recorded answers: they "
            "show %3 answers, %4 right; the answers hold %5, %6 right.",
        )
        return fill(text, skill, day, *counts)
    text = QCoreApplication.translate(
        "RecordsCheck",
        "The cohort table's figures of %7 for %1 on %2 do not match the recorded answers: "
        "they show %3 answers, %4 right; the answers hold %5, %6 right.",
    )
    return fill(text, skill, day, *counts, who)


def finding_words(finding: Finding) -> str:
    """One finding as a sentence for a training manager."""
    who = finding.trainee or QCoreApplication.translate(
        "RecordsCheck", "a trainee no longer registered"
    )
    if finding.problem is Problem.ROLLUP_CHANGED:
        return rollup_words(finding, who)
    when = _when(finding.at)
    problem = finding.problem
    if problem is Problem.ANSWER_CHANGED:
        text = QCoreApplication.translate(
            "RecordsCheck", "An answer of %1 given on %2 was changed after it was recorded."
        )
    elif problem is Problem.ANSWER_ADDED:
        text = QCoreApplication.translate(
            "RecordsCheck", "An answer of %1 dated %2 was put into the records outside the app."
        )
    elif problem is Problem.ANSWERS_REMOVED:
        text = QCoreApplication.translate(
            "RecordsCheck",
            "Answers were removed from the records (how many: %3), just before the answer of "
            "%1 given on %2.",
        )
    elif problem is Problem.AUDIT_CHANGED:
        text = QCoreApplication.translate(
            "RecordsCheck", "An entry of the audit trail dated %2 was changed."
        )
    elif problem is Problem.AUDIT_ADDED:
        text = QCoreApplication.translate(
            "RecordsCheck", "An entry of the audit trail dated %2 was put in outside the app."
        )
    elif problem is Problem.AUDIT_REMOVED:
        text = QCoreApplication.translate(
            "RecordsCheck",
            "Entries were removed from the audit trail (how many: %3), just before the one "
            "dated %2.",
        )
    else:
        text = QCoreApplication.translate(
            "RecordsCheck",
            "A protection of the records was removed from the database file: someone "
            "worked on the file outside the app.",
        )
    return fill(text, who, when, str(finding.count))


def verification_words(found: Verification) -> list[str]:
    """The result as sentences, the first saying whether anything was found."""
    rollups_match = fill(
        QCoreApplication.translate(
            "RecordsCheck",
            "The dashboard's figures were counted again from the %1 recorded answers: they match.",
        ),
        str(found.answers_checked),
    )
    if found.on_server:
        server = QCoreApplication.translate(
            "RecordsCheck",
            "These records are on the training centre's server, which refuses any change "
            "to a recorded answer: there is nothing to verify on this computer.",
        )
        if found.clean:
            return [server, rollups_match]
        return [
            server,
            QCoreApplication.translate(
                "RecordsCheck",
                "But the dashboard's figures on the server do not match the recorded answers "
                "(only the database's owner can change them): tell IT, and do not rely on "
                "those figures until they are checked:",
            ),
            *(finding_words(f) for f in found.findings),
        ]
    if found.clean:
        return [
            fill(
                QCoreApplication.translate(
                    "RecordsCheck",
                    "Nothing was found: the %1 answers and %2 audit entries are as the app "
                    "recorded them.",
                ),
                str(found.answers_checked),
                str(found.audit_entries_checked),
            ),
            rollups_match,
        ]
    head = QCoreApplication.translate(
        "RecordsCheck",
        "The records were worked on outside the app. Keep the file as it is and tell IT; "
        "do not rely on these results until they are checked:",
    )
    return [head, *(finding_words(f) for f in found.findings)]


def cannot_detect() -> str:
    return QCoreApplication.translate(
        "RecordsCheck",
        "What this check cannot see: whoever controls this computer's account controls the "
        "file. They can read the app's program and rewrite the records together with their "
        "seals, put back an older copy of the whole file, or remove the latest answers from "
        "the end. Exams that count belong on the training centre's server.",
    )


class RecordsCheckPanel(QWidget):
    """Verify records, and the audit trail (newest first)."""

    def __init__(self, desk: InstructorDesk, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("recordsCheck")
        self._desk = desk
        self.verify_button = QPushButton(self.tr("Ver&ify records"))
        self.verify_button.setObjectName("verifyRecords")
        self.verify_button.clicked.connect(self.verify)
        self.result = QLabel(
            self.tr("Verify records looks for answers changed, added or removed outside the app.")
        )
        self.result.setObjectName("verifyResult")
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        self.result.setWordWrap(True)
        self.limits = QLabel(cannot_detect())
        self.limits.setObjectName("verifyLimits")
        self.limits.setWordWrap(True)
        self.limits.setStyleSheet(f"color: {palette.MUTED};")
        self.audit = QTableWidget(0, 5)
        self.audit.setObjectName("auditTrail")
        self.audit.setHorizontalHeaderLabels(
            [
                self.tr("When"),
                self.tr("Who"),
                self.tr("What"),
                self.tr("Whom or which"),
                self.tr("Details"),
            ]
        )
        self.audit.verticalHeader().hide()
        self.audit.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.audit.horizontalHeader()
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        for column in (0, 1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.refresh_button = QPushButton(self.tr("Re&fresh the audit trail"))
        self.refresh_button.clicked.connect(self.refresh)
        top = QHBoxLayout()
        top.addWidget(self.verify_button)
        top.addStretch(1)
        top.addWidget(self.refresh_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.result)
        layout.addWidget(self.limits)
        heading = QLabel(self.tr("Audit trail (newest first)"))
        heading.setStyleSheet("font-weight: 600;")
        layout.addWidget(heading)
        layout.addWidget(self.audit, 1)

    def verify(self) -> Verification | None:
        try:
            found = self._desk.verify_records()
        except StorageError as exc:
            self.result.setText(problem_text(exc))
            return None
        self.result.setStyleSheet("" if found.clean else f"color: {palette.WRONG};")
        self.result.setText("\n".join(verification_words(found)))
        self.limits.setVisible(not found.on_server)
        self.refresh()
        return found

    def _subject(self, entry: AuditEntry, titles: dict[int, str]) -> str:
        subject = entry.subject or ""
        if subject.startswith("exam:") and subject[5:].isdigit():
            return titles.get(int(subject[5:]), self.tr("an exam since removed"))
        if subject.startswith("skill:"):  # a speed standard: the skill by its name
            return skill_title(subject[6:])
        if subject.startswith("centre_settings:"):  # its version, never the stored key
            return fill(self.tr("the centre's settings, version %1"), subject[16:])
        if entry.action in (
            Action.EXAM_ASSIGNED,
            Action.EXAM_WITHDRAWN,
        ) and entry.detail.startswith("exam:"):
            exam = titles.get(int(entry.detail[5:]), "") if entry.detail[5:].isdigit() else ""
            return f"{subject} · {exam}" if exam else subject
        return subject

    def _detail(self, entry: AuditEntry) -> str:
        """What was set or given, in the reader's words: a plan's title, a target time, the
        mastery rule, a group, a staff number, a date. Only data the entry holds: the
        English notes some entries carry (how a sign-in failed, who reset a password) are
        not shown in another language's window."""
        detail = entry.detail or ""
        action = entry.action
        if action in (Action.PLAN_ASSIGNED, Action.PLAN_WITHDRAWN, Action.STAFF_NUMBER_SET):
            return detail
        if action is Action.PERSON_RENAMED and ARROW in detail:
            return detail  # the name before and after (older entries hold the new one only)
        if action in (Action.GROUP_CREATED, Action.GROUP_CHANGED):
            return detail  # the start date, ISO
        if action is Action.GROUP_MEMBER_MOVED:
            if ARROW in detail:  # the server's: the group before and after
                before, after = detail.split(ARROW, 1)
                return f"{before or '–'}{ARROW}{after or self.tr('out of every group')}"
            return detail or self.tr("out of every group")
        if action in (Action.INSTRUCTOR_DISABLED, Action.INSTRUCTOR_ENABLED):
            return detail  # the instructor's name
        if action is Action.STANDARD_SET:
            if detail == DRILLS_TARGET:
                return self.tr("back to the drills' target")
            seconds = re.fullmatch(r"(\d+(?:\.\d+)?) s", detail)
            return seconds_words(Decimal(seconds.group(1))) if seconds else ""
        if action is Action.MASTERY_RULE_SET:
            rule = re.fullmatch(r"(\d+) % of the last (\d+), close from (\d+) %", detail)
            if rule is None:
                return ""
            return fill(
                self.tr("mastered from %1 of the last %2 answers, close from %3"),
                percent(Fraction(int(rule.group(1)), 100)),
                rule.group(2),
                percent(Fraction(int(rule.group(3)), 100)),
            )
        return ""

    def showEvent(self, event: QShowEvent) -> None:
        """The audit trail read each time the tab is shown (not with the window: a centre's
        trail grows with its years, and it is read on the GUI thread)."""
        super().showEvent(event)
        self.refresh()

    def refresh(self) -> None:
        try:
            entries = self._desk.audit_log()
            titles = {paper.id: paper.title for paper in self._desk.exams()}
        except StorageError as exc:
            self.result.setText(problem_text(exc))
            return
        self.audit.setRowCount(len(entries))
        for row, entry in enumerate(entries):
            cells = [
                _when(entry.at),
                entry.actor or self.tr("(an unknown login)"),
                action_words(entry.action),
                self._subject(entry, titles),
                self._detail(entry),
            ]
            for column, text in enumerate(cells):
                self.audit.setItem(row, column, cell(text))
