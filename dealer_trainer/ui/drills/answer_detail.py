"""One recorded answer, drilled down: the situation re-drawn on its felt, and what was asked.

The item is re-created from ``(skill, seed, difficulty, ruleset)`` with the
drills' ``ItemSpec``; the stored situation says which difficulty made it (the
one whose situation is the stored one). The felt shows the stored situation
itself, so even an item this version no longer makes is drawn as it was.
"""

from __future__ import annotations

import json
from datetime import tzinfo
from html import escape

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QLabel, QSplitter, QTextBrowser, QVBoxLayout, QWidget

from dealer_trainer.drills import Difficulty, DrillItem, ItemSpec
from dealer_trainer.reports.text import seconds_text, skill_title
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import fill
from dealer_trainer.storage import StoredAnswer
from dealer_trainer.storage.records import json_ready
from dealer_trainer.ui.drills.answer_words import answer_words
from dealer_trainer.ui.drills.stage import felt_scene_for, request_of, stage
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.felt.view import FeltView
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.games import ruleset_name
from dealer_trainer.ui.kit.language import citation_text
from dealer_trainer.ui.kit.rendering import render


def _canonical(value: object) -> str:
    return json.dumps(json_ready(value, "situation"), sort_keys=True)


def remake(answer: StoredAnswer, rulesets: RulesetRegistry = SHIPPED) -> DrillItem | None:
    """The drill item the answer was given to, re-created from its seed (its ruleset looked
    up in ``rulesets``); ``None`` if it cannot be.

    Only an item whose situation equals the stored one is returned, so the
    question shown is the question the trainee saw.
    """
    record = answer.record
    stored = request_of(record.situation)
    if stored is None:
        return None
    wanted = _canonical(stored)
    whole = record.situation if isinstance(record.situation, dict) else {}
    hinted = whole.get("difficulty", stored.get("difficulty"))
    order = [Difficulty(hinted)] if hinted in (1, 2, 3) else []
    order += [d for d in Difficulty if d not in order]
    for difficulty in order:
        try:
            spec = ItemSpec(record.skill, record.item_seed, difficulty, record.ruleset_id)
            item = spec.make(rulesets)
        except (KeyError, ValueError, RulesError):
            return None
        if _canonical(item.situation) == wanted:
            return item
    return None


def describe(
    answer: StoredAnswer,
    item: DrillItem | None,
    zone: tzinfo | None = None,
    rulesets: RulesetRegistry = SHIPPED,
) -> str:
    """The drill-down's text, as simple HTML (the rulesets named as ``rulesets`` know them)."""
    record = answer.record
    verdict = (
        QCoreApplication.translate("AnswerDetail", "correct")
        if record.correct
        else QCoreApplication.translate("AnswerDetail", "wrong")
    )
    colour = palette.OK if record.correct else palette.WRONG
    lines: list[str] = [
        f"<h3>{escape(skill_title(record.skill))}</h3>",
        f"<p><b style='color:{colour}'>{verdict}</b> · "
        + fill(
            QCoreApplication.translate("AnswerDetail", "answered %1 in %2"),
            record.answered_at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
            seconds_text(record.time_taken_ms),
        )
        + "</p>",
    ]
    if item is not None:
        lines.append(f"<p>{escape(render(item.question))}</p>")
    else:
        note = QCoreApplication.translate(
            "AnswerDetail",
            "This version cannot re-create the question; the table is the recorded one.",
        )
        lines.append(f"<p><i>{note}</i></p>")
    given = QCoreApplication.translate("AnswerDetail", "Given")
    expected = QCoreApplication.translate("AnswerDetail", "Expected")
    words = answer_words(answer, item, rulesets)
    right = escape(words.expected)
    if words.expected_steps:  # a pay order: one step a line, as the trainee's feedback
        right = "<ol style='margin:0'>" + "".join(
            f"<li>{escape(step)}</li>" for step in words.expected_steps
        )
        right += "</ol>"
    lines.append(
        "<table cellpadding='2'>"
        f"<tr><td><b>{given}</b></td><td>{escape(words.given)}</td></tr>"
        f"<tr><td valign='top'><b>{expected}</b></td><td>{right}</td></tr>"
        "</table>"
    )
    if item is not None:
        rule = QCoreApplication.translate("AnswerDetail", "Rule")
        lines.append(f"<p><b>{rule}</b>: {escape(citation_text(item.citation, rulesets))}</p>")
        steps = "".join(f"<li>{escape(render(step))}</li>" for step in item.solution)
        if steps:
            worked = QCoreApplication.translate("AnswerDetail", "Worked answer")
            lines.append(f"<p><b>{worked}</b></p><ol>{steps}</ol>")
        for rest in item.rests_on:  # interpretation, house option, table procedure
            lines.append(f"<p><i>{escape(render(rest))}</i></p>")
    seed = QCoreApplication.translate("AnswerDetail", "Seed")
    app = QCoreApplication.translate("AnswerDetail", "app")
    named = ruleset_name(record.ruleset_id, rulesets)
    lines.append(
        f"<p style='color:{palette.MUTED}'>{seed} {record.item_seed} · "
        f"{escape(named)} · {app} {escape(record.app_version)}</p>"
    )
    return "".join(lines)


class AnswerDetail(QWidget):
    """The felt with the recorded situation, beside what was asked and answered."""

    drawn = Signal()  # the open answer is on the felt and its text beside it

    def __init__(
        self,
        parent: QWidget | None = None,
        zone: tzinfo | None = None,
        rulesets: RulesetRegistry = SHIPPED,
    ) -> None:
        super().__init__(parent)
        self._zone = zone
        self.rulesets = rulesets  # where the answers' rulesets are looked up
        self.view = FeltView()
        self.view.setInteractive(False)
        self.view.setMinimumSize(320, 200)
        self.text = QTextBrowser()
        self.text.setOpenLinks(False)
        self.notes = QLabel()
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet(f"color: {palette.ASIDE};")
        self.placeholder = QLabel(self.tr("Choose an answer to see its table and question."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.view)
        side = QWidget()
        side_layout = QVBoxLayout(side)
        side_layout.setContentsMargins(0, 0, 0, 0)
        side_layout.addWidget(self.text, 1)
        side_layout.addWidget(self.notes)
        side.setMinimumWidth(260)  # "Answer given", "Right answer" whole, never cut mid-word
        splitter.addWidget(side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.placeholder)
        layout.addWidget(splitter, 1)
        self._splitter = splitter
        splitter.hide()
        self.scene: FeltScene | None = None
        self.item: DrillItem | None = None
        self.answer: StoredAnswer | None = None  # the answer open (drawn once shown)
        self._drawn: StoredAnswer | None = None  # the answer the felt and text show

    def clear(self) -> None:
        """Show no answer (another trainee, period or filter was chosen): the placeholder."""
        self.answer = None
        self.item = None
        self._drawn = None
        self.text.clear()
        self.notes.clear()
        self._splitter.hide()
        self.placeholder.show()

    def show_answer(self, answer: StoredAnswer) -> None:
        """Open ``answer``: drawn now if the detail is on screen, else when it is shown (the
        trainee's tab lists the answers on a page of its own, and opening a trainee drew the
        newest answer on a felt that nobody saw)."""
        self.answer = answer
        if self.isVisible():
            self._draw(answer)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self.answer is not None and self._drawn is not self.answer:
            self._draw(self.answer)

    def _draw(self, answer: StoredAnswer) -> None:
        """The answer's situation on a felt of its game, beside its question and answers."""
        self._drawn = answer
        self.item = remake(answer, self.rulesets)
        old = self.scene
        self.scene = felt_scene_for(
            answer.record.situation, answer.record.ruleset_id, self, self.rulesets
        )
        missing: list[str] = []
        if self.scene is not None:
            missing = stage(self.scene, answer.record.situation, self.rulesets)
            self.view.set_felt_scene(self.scene)
            self.view.show()
        else:
            self.view.hide()
            missing = [self.tr("The recorded situation has no table to draw.")]
        if old is not None:
            old.deleteLater()
        self.text.setHtml(describe(answer, self.item, self._zone, self.rulesets))
        self.notes.setText("\n".join(missing))
        self.placeholder.hide()
        self._splitter.show()
        self.drawn.emit()
