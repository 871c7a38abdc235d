"""Irregularities at the live table on screen: the event on the felt and the dealer's choices.

The round engine says which irregularity is pending (``TableRound.pending``); this
module draws it on the felt (the late chip arriving on its spot, a chip falling into the
wheel, knocked-over winning chips, a die off the table or cocked) and offers the dealer's
choices by name in the panel: a click rules at once; Up/Down (or 1 … 4) pick a choice
and Enter confirms it (the first one shown is the default).  The choice goes to
``TableRound.rule``: the rules core judges it, never this module.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QMouseEvent, QPen
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsEllipseItem,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsSimpleTextItem,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.chips import bet_stack
from dealer_trainer.drills.table import Attempt, TableRound
from dealer_trainer.drills.table.irregular import rests_on
from dealer_trainer.layouts.sic_bo import DICE_AT as SIC_BO_DICE_AT
from dealer_trainer.rules.caribbean_stud import irregular as caribbean_stud
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps import irregular as craps
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.irregular import Choice, Irregularity
from dealer_trainer.rules.procedure import Action, Step, Target, Verdict
from dealer_trainer.rules.roulette import irregular as roulette
from dealer_trainer.rules.roulette.api import parse_bet
from dealer_trainer.rules.sic_bo import irregular as sic_bo
from dealer_trainer.rules.sic_bo.api import parse_bet as sic_bo_bet
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.drills.screen import SituationView
from dealer_trainer.ui.drills.situation import DICE_SCALE
from dealer_trainer.ui.felt import colours
from dealer_trainer.ui.felt.items import CHIP_DIAMETER, ChipStackItem, DiceItem
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.digits import amount_key, ascii_digits
from dealer_trainer.ui.kit.rendering import escape, render
from dealer_trainer.ui.table.bets import TableBet, accepted_citation, reason_of, step_text
from dealer_trainer.ui.table.felt import TableFelt

IRREGULAR_STYLE = f"""
#irregular {{ background: {palette.IRREGULAR_TINT}; border: 2px solid {palette.IRREGULAR};
              border-radius: 6px; }}
#irregularTitle {{ font-size: 15px; font-weight: 700; color: {palette.IRREGULAR_TEXT}; }}
#irregularSaid {{ font-size: 13px; }}
#choice {{ font-size: 13px; padding: 1px 5px; background: {palette.PANEL};
           border: 1px solid {palette.EDGE}; border-radius: 4px; }}
#choice[selected="true"] {{ background: {palette.IRREGULAR_CHOSEN};
                            border: 2px solid {palette.IRREGULAR}; }}
"""


class ChoiceLabel(QLabel):
    """One of the dealer's choices: a click selects it, a double click rules with it."""

    clicked = Signal()
    doubleClicked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("choice")
        self.setWordWrap(True)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def set_selected(self, selected: bool) -> None:
        self.setProperty("selected", "true" if selected else "false")
        self.style().unpolish(self)
        self.style().polish(self)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.doubleClicked.emit()
        super().mouseDoubleClickEvent(event)


#: What the felt says of each event (short: the panel says the rest).
EVENT_TITLES = {
    roulette.LATE_BET: QT_TRANSLATE_NOOP("TableIrregular", "A bet after the bell"),
    roulette.GOLPE_NULO: QT_TRANSLATE_NOOP("TableIrregular", "A chip falls into the wheel"),
    roulette.DISTURBED: QT_TRANSLATE_NOOP("TableIrregular", "Winning chips knocked over"),
    craps.OFF_TABLE: QT_TRANSLATE_NOOP("TableIrregular", "A die off the table"),
    craps.COCKED_DIE: QT_TRANSLATE_NOOP("TableIrregular", "A cocked die"),
    craps.ODDS_REQUEST: QT_TRANSLATE_NOOP("TableIrregular", "A player asks for odds"),
    **caribbean_stud.EVENT_TITLES,  # Art. 11, while dealing
    **sic_bo.EVENT_TITLES,  # house rulings: the Sic Bo regulation is not on file
}
#: The events that come before the ball rests or the dice are read.
BEFORE_THE_OUTCOME = {
    roulette.LATE_BET,
    roulette.GOLPE_NULO,
    craps.OFF_TABLE,
    craps.COCKED_DIE,
    craps.ODDS_REQUEST,
    *sic_bo.EVENTS,  # the dice are not read until the throw is ruled
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("TableIrregular", text)


def event_title(irregularity: Irregularity) -> str:
    """The event's short name, as the felt's banner says it (translated)."""
    return _tr(EVENT_TITLES[irregularity.event])


def shown_choices(round_: TableRound, irregularity: Irregularity) -> list[Choice]:
    """The choices in the order the panel shows them: shuffled from the round's seed, so
    the ruling is not always first (and the same again in a replay)."""
    choices = list(irregularity.choices)
    random.Random(f"{round_.seed}-{irregularity.event}").shuffle(choices)
    return choices


def pending_outcome(round_: TableRound) -> str | None:
    """The outcome line while an event before the outcome waits (the ball still moving,
    the dice not read yet), instead of the number or the throw."""
    pending = round_.pending()
    if pending is None or pending.event not in BEFORE_THE_OUTCOME:
        return None
    if round_.game == Game.ROULETTE:
        return QCoreApplication.translate("TableIrregular", "The ball is spinning.")
    if round_.game == Game.SIC_BO:
        return QCoreApplication.translate("TableIrregular", "The dice are not read yet.")
    return QCoreApplication.translate("TableIrregular", "The shooter throws.")


def irregularity_of(round_: TableRound, attempt: Attempt) -> Irregularity | None:
    """The irregularity an attempt ruled, or whose mistake its verdict is."""
    if attempt.ruling is not None:
        return next((i for i in round_.irregularities if i.event == attempt.ruling.event), None)
    code = attempt.verdict.code
    return next((i for i in round_.irregularities if i.unruled == code), None)


def attempt_text(attempt: Attempt, round_: TableRound, names: Mapping[Target, TableBet]) -> str:
    """An attempt as the step lists show it: a ruling by its choice's words, else the step."""
    if attempt.ruling is not None:
        irregularity = irregularity_of(round_, attempt)
        if irregularity is not None:
            choice = irregularity.choice(attempt.ruling.choice)
            return fill(
                QCoreApplication.translate("TableIrregular", "Ruling: %1"), render(choice.label)
            )
    return step_text(attempt.step, names)


def attempt_reason(
    verdict: Verdict, attempt: Attempt, round_: TableRound, names: Mapping[Target, TableBet]
) -> str:
    """Why an attempt was wrong, in the trainee's language (an irregularity's own words)."""
    irregularity = irregularity_of(round_, attempt)
    if irregularity is not None:
        if attempt.ruling is not None:
            why = irregularity.choice(attempt.ruling.choice).why
        else:
            why = irregularity.unruled_why
        if why is not None:
            return render(why)
    return reason_of(attempt, verdict, round_, names)  # a step, or Caribbean Stud's call


def right_citation(attempt: Attempt, round_: TableRound) -> Citation | None:
    """The article a right attempt rests on: its ruling's, or its planned step's (``None``:
    table procedure)."""
    ruled = irregularity_of(round_, attempt)
    if attempt.ruling is not None and ruled is not None:
        return ruled.ruling.citation
    return accepted_citation(round_, attempt)  # a step's, or Caribbean Stud's call's


def readings_text(irregularity: Irregularity) -> list[str]:
    """What the ruling rests on beyond the article (an Interpretation), in words."""
    return [render(t) for t in rests_on(irregularity)]


class IrregularityPanel(QFrame):
    """The pending irregularity in the panel: what happened, and the dealer's choices."""

    chosen = Signal(str)  # the choice's id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("irregular")
        self.setStyleSheet(IRREGULAR_STYLE)
        self.title = QLabel()
        self.title.setObjectName("irregularTitle")
        self.title.setWordWrap(True)
        self.said = QLabel()
        self.said.setObjectName("irregularSaid")
        self.said.setWordWrap(True)
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(6, 3, 6, 3)
        self._layout.setSpacing(2)
        self.confirm_button = QPushButton()
        self.confirm_button.setObjectName("primary")
        self.confirm_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.confirm_button.setDefault(True)
        self.confirm_button.clicked.connect(self.confirm)
        self._layout.addWidget(self.title)
        self._layout.addWidget(self.said)
        self._layout.addWidget(self.confirm_button)
        self.buttons: list[ChoiceLabel] = []
        self.choices: list[Choice] = []
        self.irregularity: Irregularity | None = None
        self._round: TableRound | None = None
        #: The round's bets by target, to name the bet an irregularity is about (whose it is).
        self.names: Mapping[Target, TableBet] = {}
        self.selected = 0
        self.hide()

    def show_for(self, round_: TableRound | None) -> None:
        """Show the round's pending irregularity, or hide when there is none."""
        pending = None if round_ is None or round_.finished else round_.pending()
        if pending is None:
            self.irregularity = None
            self.hide()
            return
        if pending is not self.irregularity or round_ is not self._round:
            self.irregularity, self._round = pending, round_
            for button in self.buttons:
                self._layout.removeWidget(button)
                button.deleteLater()
            self.buttons = []
            assert round_ is not None
            self.choices = shown_choices(round_, pending)
            for n, choice in enumerate(self.choices):
                button = ChoiceLabel()
                button.setProperty("choice", choice.id)
                button.clicked.connect(lambda n=n: self.select(n))
                button.doubleClicked.connect(lambda n=n: self.rule_with(n))
                self._layout.insertWidget(2 + n, button)
                self.buttons.append(button)
            self.selected = 0
        self.retranslate()
        self.show()

    def select(self, index: int) -> None:
        if self.buttons:
            self.selected = index % len(self.buttons)
            for n, button in enumerate(self.buttons):
                button.set_selected(n == self.selected)

    def rule_with(self, index: int) -> None:
        """A double click: this choice, ruled at once."""
        self.select(index)
        self.confirm()

    def confirm(self) -> None:
        """Enter: rule with the choice selected (the first one shown, unless moved)."""
        if self.choices:
            self.chosen.emit(self.choices[self.selected].id)

    def handle_key(self, event: QKeyEvent) -> bool:
        """The panel's keys while it shows: Up/Down or a digit pick, Enter confirms.  Every
        digit is the panel's while it shows (one with no choice does nothing): none goes on
        into the payout, which waits for the ruling."""
        if not self.isVisible() or not self.buttons:
            return False
        key = Qt.Key(event.key())
        text = event.text()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.confirm()
        elif key == Qt.Key.Key_Down:
            self.select(self.selected + 1)
        elif key == Qt.Key.Key_Up:
            self.select(self.selected - 1)
        elif amount_key(text):  # a choice's number; any other is nobody's, no payout's
            number = ascii_digits(text)
            if number.isdigit() and 1 <= int(number) <= len(self.buttons):
                self.select(int(number) - 1)
        else:
            return False
        event.accept()
        return True

    def keys_text(self) -> str:
        """How the choices are made, for the screen's line of keys."""
        return QCoreApplication.translate(
            "TableIrregular",
            "Click a choice (a double click rules with it), or pick one with ↑/↓ or its "
            "number, then Enter or Rule so.",
        )

    def retranslate(self) -> None:
        irregularity = self.irregularity
        if irregularity is None:
            return
        self.title.setText(
            fill(
                QCoreApplication.translate("TableIrregular", "Irregularity: %1"),
                _tr(EVENT_TITLES[irregularity.event]),
            )
        )
        said = escape(render(irregularity.said))
        about = self.names.get(Target(bet=str(irregularity.detail.get("on", ""))))
        if about is not None:  # a player's request about one bet: whose bet it is
            said += "<br>" + escape(
                fill(QCoreApplication.translate("TableIrregular", "The bet: %1"), about.label)
            )
        self.said.setText(said)
        self.confirm_button.setText(QCoreApplication.translate("TableIrregular", "Rule so ↵"))
        self.confirm_button.setToolTip(self.keys_text())
        for n, (button, choice) in enumerate(zip(self.buttons, self.choices, strict=True)):
            button.setText(f"{n + 1}. {render(choice.label)}")
            button.setAccessibleName(render(choice.label))
        self.select(self.selected)


class FeltEvent:
    """The pending irregularity drawn on the felt, over the round as staged."""

    def __init__(self, felt: TableFelt, view: SituationView) -> None:
        self.felt = felt
        self.view = view
        self._items: list[QGraphicsItem] = []
        self._hidden: list[QGraphicsItem] = []
        self._lit: tuple[str, ...] | None = None  # Sic Bo: the winning areas, dark meanwhile
        self.shown: Irregularity | None = None
        self._to_do: tuple[Step, ...] = ()  # the steps still to do when it arose

    def clear(self) -> None:
        for item in self._items:
            if item.scene() is not None:
                item.scene().removeItem(item)
        for item in self._hidden:
            if item.scene() is not None:
                item.setVisible(True)
        self._items.clear()
        self._hidden.clear()
        if self._lit is not None:  # Sic Bo: the layout lit again once the throw is ruled
            self.view.felt_scene().light(self._lit)
            self._lit = None
        self.shown = None

    def show_for(
        self,
        round_: TableRound | None,
        ruled: Irregularity | None = None,
        to_do: Sequence[Step] | None = None,
    ) -> None:
        """Draw the round's pending irregularity (none: clear the felt of it); ``ruled``:
        draw that one instead, ``to_do`` being the steps then still to do (a replay, at the
        step that ruled it)."""
        pending = ruled
        if pending is None:
            pending = None if round_ is None or round_.finished else round_.pending()
        if pending is self.shown and pending is not None:
            return
        self.clear()
        if pending is None or round_ is None:
            return
        self.shown = pending
        self._to_do = tuple(to_do) if to_do is not None else round_.missing()
        if pending.event == roulette.LATE_BET:
            self._late_chip(round_, pending)
        elif pending.event == roulette.DISTURBED:
            self._knocked_over(round_, pending)
        elif pending.event in (craps.OFF_TABLE, craps.COCKED_DIE):
            self._dice(round_, pending)
        elif pending.event == roulette.GOLPE_NULO:
            self._into_the_wheel()
        elif pending.event in sic_bo.EVENTS:
            self._sic_bo(round_, pending)
        self._banner(_tr(EVENT_TITLES[pending.event]))

    def _add(self, item: QGraphicsItem) -> None:
        self.view.felt_scene().addItem(item)
        self._items.append(item)

    def _ring(self, x: float, y: float, r: float, colour: str = palette.IRREGULAR) -> None:
        ring = QGraphicsEllipseItem(QRectF(-r, -r, 2 * r, 2 * r))
        ring.setPen(QPen(QColor(colour), 4, Qt.PenStyle.DashLine))
        ring.setBrush(QBrush(Qt.BrushStyle.NoBrush))
        ring.setZValue(160)
        ring.setPos(x, y)
        self._add(ring)

    def _late_chip(self, round_: TableRound, pending: Irregularity) -> None:
        """The late chips arriving on their spot, ringed."""
        scene = self.view.felt_scene()
        bet = parse_bet(round_.ruleset, pending.detail["bet"], "late bet")
        spot = bet.position.spot_id
        if spot not in scene.felt:
            return
        x, y = scene.felt.spot(spot).center
        x, y = x + CHIP_DIAMETER * 0.6, y - CHIP_DIAMETER * 0.6  # sliding in, off centre
        chips = bet_stack(bet.amount, round_.ruleset, int(round_.difficulty))
        stack = ChipStackItem((x, y), scene.chips.chip_set, scene.caption_scale)
        stack.set_chips(chips)
        stack.setZValue(155)
        self._add(stack)
        self._ring(x, y, CHIP_DIAMETER / 2 + 8)

    def _knocked_over(self, round_: TableRound, pending: Irregularity) -> None:
        """The next winning bet's stack knocked askew."""
        step = next((s for s in self._to_do if s.action is Action.PAY and s.target.bet), None)
        bet = self.felt.bet_of(step) if step is not None else None
        badge = self.felt.badge(bet) if bet is not None else None
        if badge is None or bet is None:
            return
        scene = self.view.felt_scene()
        chips = badge.chips or (Decimal(10),)
        x, y = scene.felt.spot(bet.spot_id).center  # the bet's own spot, where it was knocked
        for n, (dx, dy) in enumerate(((1.1, 0.5), (-0.9, 0.8), (0.4, -1.0))):
            loose = ChipStackItem(
                (x + dx * CHIP_DIAMETER, y + dy * CHIP_DIAMETER),
                scene.chips.chip_set,
                scene.caption_scale,
            )
            loose.set_chips((chips[n % len(chips)],))
            loose.show_caption(False)
            loose.setZValue(155)
            self._add(loose)
        self._ring(x, y, CHIP_DIAMETER * 1.8)

    def _into_the_wheel(self) -> None:
        """A chip falling: drawn at the head of the layout, where the wheel stands."""
        scene = self.view.felt_scene()
        rect = self.view.focus_rect or scene.sceneRect()
        x, y = rect.left() + CHIP_DIAMETER * 1.5, rect.top() + CHIP_DIAMETER * 2.2
        stack = ChipStackItem((x, y), scene.chips.chip_set, scene.caption_scale)
        stack.set_chips(bet_stack(Decimal(10), self.felt.ruleset, None))
        stack.setRotation(-25)
        stack.setZValue(155)
        self._add(stack)
        self._ring(x, y, CHIP_DIAMETER / 2 + 8)

    def _dice(self, round_: TableRound, pending: Irregularity) -> None:
        """The dice as they lie: one off the table, or one cocked on a chip stack."""
        scene = self.view.felt_scene()
        for item in scene.items():
            if isinstance(item, DiceItem) and item.isVisible():
                item.setVisible(False)
                self._hidden.append(item)
        come = scene.felt.spot("come").shape.bounds
        x, y = come.x + come.w * 0.8, come.y + come.h / 2
        size = DiceItem.SIZE * DICE_SCALE
        if pending.event == craps.OFF_TABLE:
            on_table, off = pending.detail["dice"]
            lying = DiceItem((int(on_table),))
            lying.setScale(DICE_SCALE)
            lying.setPos(x, y)
            self._add(lying)
            flying = DiceItem((int(off),))
            flying.setScale(DICE_SCALE)
            flying.setRotation(30)
            flying.setPos(x + size * 1.4, scene.sceneRect().top() + size * 0.2)
            flying.setZValue(160)
            self._add(flying)
            self._ring(flying.pos().x(), flying.pos().y(), size * 0.75)
        else:
            faces = list(craps.last_roll(round_.situation.request))
            die = int(pending.detail["die"])
            flat = DiceItem((faces[1 - die],))
            flat.setScale(DICE_SCALE)
            flat.setPos(x - size * 0.7, y)
            self._add(flat)
            cocked = DiceItem((faces[die],))
            cocked.setScale(DICE_SCALE)
            cocked.setRotation(28)
            cocked.setPos(x + size * 0.7, y)
            cocked.setZValue(160)
            self._add(cocked)
            self._ring(cocked.pos().x(), cocked.pos().y(), size * 0.8)

    def _sic_bo(self, round_: TableRound, pending: Irregularity) -> None:
        """Sic Bo before its throw is read: the layout dark, the round's dice hidden; a late
        bet's chips arriving on their spot, or the dice of a void throw as they lie (a
        leaning die tilted and ringed)."""
        scene = self.view.felt_scene()
        self._lit = scene.lit
        scene.light(())
        for item in scene.items():
            if isinstance(item, DiceItem) and item.isVisible():
                item.setVisible(False)
                self._hidden.append(item)
        if pending.event == sic_bo.LATE_BET:
            bet = sic_bo_bet(round_.ruleset, pending.detail["bet"], "late bet")
            self._chips_arriving(round_, bet.spot.spot_id, bet.amount)
            return
        x, y = SIC_BO_DICE_AT
        size = DiceItem.SIZE * DICE_SCALE
        for n, face in enumerate(pending.detail["dice"]):
            die = DiceItem((int(face),))
            die.setScale(DICE_SCALE)
            die.setPos(x + (n - 1) * size * 1.3, y)
            die.setZValue(160)
            leaning = pending.event == sic_bo.DIE_COCKED and n == 2
            if leaning:  # on its edge against the wall: tilted, foreshortened, ringed
                die.setRotation(32)
                die.setScale(DICE_SCALE * 0.85)
                die.setPos(die.pos().x(), y - size * 0.25)
            elif pending.event == sic_bo.OPENED_EARLY:  # still rolling as the shaker lifts
                die.setRotation(17 * (n - 1) + 9)
            self._add(die)
            if leaning:
                self._ring(die.pos().x(), die.pos().y(), size * 0.8, colours.WHITE)
        if pending.event != sic_bo.DIE_COCKED:
            self._ring(x, y, size * 2.3, colours.WHITE)  # on the gold shaker: white shows

    def _chips_arriving(self, round_: TableRound, spot: str, amount: Decimal) -> None:
        """Late chips sliding onto a spot of the felt, ringed."""
        scene = self.view.felt_scene()
        if spot not in scene.felt:
            return
        x, y = scene.felt.spot(spot).center
        x, y = x + CHIP_DIAMETER * 0.6, y - CHIP_DIAMETER * 0.6  # sliding in, off centre
        chips = bet_stack(amount, round_.ruleset, int(round_.difficulty))
        stack = ChipStackItem((x, y), scene.chips.chip_set, scene.caption_scale)
        stack.set_chips(chips)
        stack.setZValue(155)
        self._add(stack)
        self._ring(x, y, CHIP_DIAMETER / 2 + 8)

    def _banner(self, text: str) -> None:
        """The event's name at the top of the felt, at screen size."""
        scene = self.view.felt_scene()
        rect = self.view.focus_rect or scene.sceneRect()
        label = QGraphicsSimpleTextItem(f"⚠ {text}")
        font = QFont()
        font.setPixelSize(18)
        font.setBold(True)
        label.setFont(font)
        label.setBrush(QBrush(QColor(palette.IRREGULAR_TEXT)))
        box = QGraphicsRectItem(label.boundingRect().adjusted(-8, -4, 8, 4), label)
        box.setBrush(QBrush(QColor(palette.IRREGULAR_TINT)))
        box.setPen(QPen(QColor(palette.IRREGULAR), 2))
        box.setFlag(QGraphicsItem.GraphicsItemFlag.ItemStacksBehindParent)
        label.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIgnoresTransformations)
        label.setZValue(170)
        label.setPos(rect.left() + 4, rect.top() + 4)
        self._add(label)


def feedback_html(reason: str, article: str) -> str:
    """A refused step or ruling as the practice panel shows it: why, and the article."""
    return f"{escape(reason)}<br><i>{escape(article)}</i>"


def readings_lines(attempt: Attempt, round_: TableRound) -> str:
    """What the ruling of the attempt's irregularity rests on beyond the article (an
    Interpretation), as lines under the attempt in the step list."""
    irregularity = irregularity_of(round_, attempt)
    if irregularity is None:
        return ""
    return "".join(f"\n    {reading}" for reading in readings_text(irregularity))
