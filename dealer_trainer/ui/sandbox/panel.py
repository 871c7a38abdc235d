"""The main window's "What if" panel: choose the outcome of the bets on the felt, and see the
rules core settle them, step by step, on the felt.

The chips the trainee placed become the rules core's ``settle`` input
(:func:`dealer_trainer.drills.sandbox.what_if`); the outcome is chosen here (roulette: the
number, typed, clicked on the felt or spun at random; craps: the puck and the two dice;
Caribbean Stud: every hand's five cards, typed or dealt at random from a seed; Sic Bo: the
three dice).  Once settled, any change of the outcome or the bets settles again at once;
*Back to placing bets* takes the answer off the felt.  The dealer's steps are listed in the
order of the rules core's plan with the article (or "table procedure") of each, and the
step chosen (Next / Previous, or the list) is ringed on the felt.  Enter presses the panel's
default button: *Settle*, then *Next step*.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from decimal import Decimal

from PySide6.QtCore import QCoreApplication, QEvent, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.sandbox import (
    POINTS,
    BetsError,
    Outcome,
    OutcomeError,
    Refused,
    WhatIf,
    check_bets,
    random_cards,
    stud_boxes,
    what_if,
)
from dealer_trainer.layouts.model import Wheel
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.rules.rulesets import Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.felt.scene import FeltScene
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.bet_names import bet_name
from dealer_trainer.ui.kit.digits import accept_wide_digits, ascii_digits
from dealer_trainer.ui.kit.rendering import article_text, escape, format_money
from dealer_trainer.ui.sandbox.overlay import COLOURS, SandboxOverlay
from dealer_trainer.ui.table.bets import TableBet, article_line, step_text

#: The panel's width beside the felt (device-independent pixels).
SANDBOX_WIDTH = 320
CARD_RANKS = "23456789TJQKA"
CARD_SUITS = "SHCD"


def _tr(text: str) -> str:
    return QCoreApplication.translate("sandbox", text)


#: Why the rules core refused a bet, by its code (its own sentence is English and names ids).
REFUSALS = {
    "odds_over_limit": QT_TRANSLATE_NOOP(
        "sandbox", "%1: the odds would win more than the bet they back."
    ),
    "lay_odds_limit": QT_TRANSLATE_NOOP("sandbox", "%1: the odds are over their limit."),
    "odds_limit": QT_TRANSLATE_NOOP("sandbox", "%1: the odds are over their limit."),
    "no_point": QT_TRANSLATE_NOOP("sandbox", "%1: not accepted while no point is on."),
    "bet_not_allowed_now": QT_TRANSLATE_NOOP(
        "sandbox",
        "%1: made before a come-out roll only, and a point is on (an interpretation: the text "
        "decides the bet on its first throw and does not say when it may be made).",
    ),
    "odds_on_come_out": QT_TRANSLATE_NOOP("sandbox", "%1: no odds on a come-out roll."),
    "come_on_the_point": QT_TRANSLATE_NOOP(
        "sandbox",
        "%1: a come bet cannot lie on the point's own number while that point is on "
        "(the throw that took it there decided the point).",
    ),
    "odds_without_bet": QT_TRANSLATE_NOOP("sandbox", "%1: there is no bet for these odds to back."),
    "no_ante": QT_TRANSLATE_NOOP("sandbox", "%1: a box plays only with an ante on it."),
    "raise": QT_TRANSLATE_NOOP("sandbox", "%1: the raise is exactly twice the ante."),
    "over_table_limit": QT_TRANSLATE_NOOP("sandbox", "%1: over the table's maximum for this bet."),
    "under_table_minimum": QT_TRANSLATE_NOOP(
        "sandbox", "%1: under the table's minimum for this bet."
    ),
    "bet_not_offered": QT_TRANSLATE_NOOP("sandbox", "%1: the house does not offer this bet."),
    "illegal_bet": QT_TRANSLATE_NOOP("sandbox", "%1: the ruleset does not allow this bet."),
    "wrong_phase": QT_TRANSLATE_NOOP("sandbox", "%1: not accepted at this moment of the game."),
    "line_bet_timing": QT_TRANSLATE_NOOP("sandbox", "%1: not accepted at this moment of the game."),
    "odds_timing": QT_TRANSLATE_NOOP("sandbox", "%1: not accepted at this moment of the game."),
}
REFUSED_OTHERWISE = QT_TRANSLATE_NOOP("sandbox", "%1: the rules refuse this bet.")
#: Why the felt's bets make no round at all, by the sandbox's code (%1: the article).
NO_ROUND = {
    "no_ante": QT_TRANSLATE_NOOP(
        "sandbox",
        "No box has an ante: every box first bets the ante (%1). Place an ante, then settle.",
    ),
}


class _Outcome(QWidget):
    """One game's choice of the outcome; ``changed`` after every change."""

    changed = Signal()

    def _changed(self, *_: object) -> None:
        self.changed.emit()

    def outcome(self) -> Outcome:
        """The outcome chosen (``ValueError`` with a sentence naming what is wrong)."""
        raise NotImplementedError

    def randomise(self) -> None:
        raise NotImplementedError

    def bind(self, scene: FeltScene) -> None:
        """The felt the outcome is for (its wheel, its boxes)."""

    def retranslate(self) -> None: ...


class RouletteOutcome(_Outcome):
    def __init__(self) -> None:
        super().__init__()
        self.number = QLineEdit()
        self.number.setObjectName("sandboxNumber")
        self.number.setMaxLength(3)
        accept_wide_digits(self.number)
        self.spin = QPushButton()
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self._pockets: tuple[int, ...] = tuple(range(37))
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.number_label = QLabel()
        self.number_label.setBuddy(self.number)
        form.addRow(self.number_label, self.number)
        form.addRow(self.spin)
        form.addRow(self.hint)
        self.number.textChanged.connect(self._changed)
        self.spin.clicked.connect(self.randomise)
        self.retranslate()

    def bind(self, scene: FeltScene) -> None:
        wheels = [f for f in scene.felt.fixtures if isinstance(f, Wheel)]
        if wheels:
            self._pockets = tuple(sorted(wheels[0].pockets))

    def outcome(self) -> Outcome:
        text = ascii_digits(self.number.text().strip())
        if not text:
            raise ValueError(
                QCoreApplication.translate(
                    "sandbox",
                    "Choose the winning number: type it, click it on the felt, or spin at random.",
                )
            )
        if not text.isdigit() or int(text) not in self._pockets:
            raise ValueError(
                fill(
                    QCoreApplication.translate(
                        "sandbox", "%1 is not a number of this wheel (0 to %2)."
                    ),
                    text,
                    str(max(self._pockets)),
                )
            )
        return Outcome(number=int(text))

    def choose(self, number: int) -> None:
        self.number.setText(str(number))

    def randomise(self) -> None:
        self.choose(random.SystemRandom().choice(self._pockets))

    def retranslate(self) -> None:
        self.number_label.setText(QCoreApplication.translate("sandbox", "Winning &number:"))
        self.spin.setText(QCoreApplication.translate("sandbox", "Spin at rando&m"))
        self.hint.setText(QCoreApplication.translate("sandbox", "Or click a number on the felt."))


def _dice_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(1, 6)
    accept_wide_digits(box)
    return box


class DiceOutcome(_Outcome):
    """Craps (two dice and the puck) or Sic Bo (three dice)."""

    def __init__(self, count: int, with_point: bool) -> None:
        super().__init__()
        self.dice = [_dice_box() for _ in range(count)]
        for n, die in enumerate(self.dice):
            die.setObjectName(f"sandboxDie{n + 1}")
            die.setValue(n + 1)
            die.valueChanged.connect(self._changed)
        self.point: QComboBox | None = None
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        self.point_label = QLabel()
        if with_point:
            self.point = QComboBox()
            self.point.setObjectName("sandboxPoint")
            self.point.addItem("", None)
            for number in POINTS:
                self.point.addItem(str(number), number)
            self.point.currentIndexChanged.connect(self._changed)
            self.point_label.setBuddy(self.point)
            form.addRow(self.point_label, self.point)
        row = QHBoxLayout()
        for die in self.dice:
            row.addWidget(die)
        self.dice_label = QLabel()
        self.dice_label.setBuddy(self.dice[0])
        form.addRow(self.dice_label, row)
        self.throw = QPushButton()
        self.throw.clicked.connect(self.randomise)
        form.addRow(self.throw)
        self.retranslate()

    def outcome(self) -> Outcome:
        faces = tuple(die.value() for die in self.dice)
        point = self.point.currentData() if self.point is not None else None
        return Outcome(dice=faces, point=point)

    def set_dice(self, *faces: int) -> None:
        for die, face in zip(self.dice, faces, strict=True):
            die.blockSignals(True)
            die.setValue(face)
            die.blockSignals(False)
        self.changed.emit()

    def set_point(self, point: int | None) -> None:
        assert self.point is not None
        self.point.setCurrentIndex(self.point.findData(point) if point is not None else 0)

    def randomise(self) -> None:
        rng = random.SystemRandom()
        self.set_dice(*(rng.randint(1, 6) for _ in self.dice))

    def retranslate(self) -> None:
        if self.point is not None:
            self.point_label.setText(QCoreApplication.translate("sandbox", "Puc&k (point):"))
            self.point.setItemText(0, QCoreApplication.translate("sandbox", "OFF (come-out roll)"))
            self.dice_label.setText(QCoreApplication.translate("sandbox", "Dic&e:"))
            self.throw.setText(QCoreApplication.translate("sandbox", "T&hrow at random"))
        else:
            self.dice_label.setText(QCoreApplication.translate("sandbox", "Dic&e:"))
            self.throw.setText(QCoreApplication.translate("sandbox", "S&hake at random"))


class StudOutcome(_Outcome):
    """Caribbean Stud: the dealer's five and each box's five, typed or dealt from a seed."""

    def __init__(self) -> None:
        super().__init__()
        self.dealer = self._field("sandboxDealer")
        self.boxes: dict[int, QLineEdit] = {}
        self._typed: dict[int, str] = {}
        self._box_labels: dict[int, QLabel] = {}
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(random.SystemRandom().randrange(1, 1_000_000))
        accept_wide_digits(self.seed)
        self.deal = QPushButton()
        self.deal.clicked.connect(self.randomise)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.dealer_label = QLabel()
        self.dealer_label.setBuddy(self.dealer)
        self.form.addRow(self.dealer_label, self.dealer)
        self.seed_label = QLabel()
        self.seed_label.setBuddy(self.seed)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed)
        seed_row.addWidget(self.deal)
        self.form.addRow(self.seed_label, seed_row)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.form.addRow(self.hint)
        self._scene: FeltScene | None = None
        self.retranslate()

    def _field(self, name: str) -> QLineEdit:
        field = QLineEdit()
        field.setObjectName(name)
        field.textChanged.connect(self._changed)
        return field

    def bind(self, scene: FeltScene) -> None:
        self._scene = scene
        self.refresh_boxes()

    def refresh_boxes(self) -> None:
        """A field for each box with a bet on it (what was typed for a box is kept)."""
        if self._scene is None:
            return
        wanted = stud_boxes(self._scene.felt, self._scene.chips)
        for box in list(self.boxes):
            if box not in wanted:
                self._typed[box] = self.boxes[box].text()
                self.form.removeRow(self.boxes.pop(box))
                self._box_labels.pop(box)
        for box in wanted:
            if box in self.boxes:
                continue
            field = self._field(f"sandboxBox{box}")
            field.blockSignals(True)
            field.setText(self._typed.get(box, ""))
            field.blockSignals(False)
            label = QLabel()
            label.setBuddy(field)
            self.boxes[box] = field
            self._box_labels[box] = label
            row = 1 + sorted(self.boxes).index(box)
            self.form.insertRow(row, label, field)
        self.retranslate()

    def outcome(self) -> Outcome:
        seen: dict[str, str] = {}
        dealer = self._cards(
            self.dealer.text(), QCoreApplication.translate("sandbox", "The dealer's hand"), seen
        )
        hands = {
            box: self._cards(
                field.text(),
                fill(QCoreApplication.translate("sandbox", "Box %1"), str(box)),
                seen,
            )
            for box, field in sorted(self.boxes.items())
        }
        return Outcome(dealer=dealer, hands=hands)

    @staticmethod
    def _cards(text: str, whose: str, seen: dict[str, str]) -> tuple[str, ...]:
        cards = tuple(c.upper().replace("10", "T") for c in text.replace(",", " ").split())
        if len(cards) != 5:
            raise ValueError(
                fill(
                    QCoreApplication.translate(
                        "sandbox",
                        "%1 has %2 cards: five are dealt (e.g. AS KD 7C 5H 2S), or deal at random.",
                    ),
                    whose,
                    str(len(cards)),
                )
            )
        for card in cards:
            if len(card) != 2 or card[0] not in CARD_RANKS or card[1] not in CARD_SUITS:
                raise ValueError(
                    fill(
                        QCoreApplication.translate(
                            "sandbox",
                            "%1: %2 is not a card (rank A K Q J T 9 … 2, then suit S H C D).",
                        ),
                        whose,
                        card,
                    )
                )
            if card in seen:
                raise ValueError(
                    fill(
                        QCoreApplication.translate(
                            "sandbox", "%1: %2 is dealt twice (also in %3)."
                        ),
                        whose,
                        card,
                        seen[card],
                    )
                )
            seen[card] = whose
        return cards

    def set_hands(self, dealer: tuple[str, ...], hands: dict[int, tuple[str, ...]]) -> None:
        for field, cards in [
            (self.dealer, dealer),
            *((self.boxes[b], c) for b, c in hands.items()),
        ]:
            field.blockSignals(True)
            field.setText(" ".join(cards))
            field.blockSignals(False)
        self.changed.emit()

    def randomise(self) -> None:
        dealer, hands = random_cards(self.seed.value(), tuple(self.boxes))
        self.set_hands(dealer, hands)

    def retranslate(self) -> None:
        self.dealer_label.setText(QCoreApplication.translate("sandbox", "De&aler:"))
        for box, label in self._box_labels.items():
            label.setText(fill(QCoreApplication.translate("sandbox", "Box %1:"), str(box)))
        self.seed_label.setText(QCoreApplication.translate("sandbox", "S&eed:"))
        self.deal.setText(QCoreApplication.translate("sandbox", "Deal at rando&m"))
        self.hint.setText(
            QCoreApplication.translate(
                "sandbox", "Five cards each, rank then suit: AS KD 7C 5H 2S (T is a ten)."
            )
        )


class SandboxPanel(QWidget):
    """What if: the outcome, the settlement on the felt, the dealer's steps, the totals."""

    #: The felt was settled again (the answer on show changed).
    settled = Signal()
    #: The answer was taken off the felt: placing bets again.
    cleared = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sandbox")
        self.scene: FeltScene | None = None
        self.ruleset: Ruleset | None = None
        self.overlay: SandboxOverlay | None = None
        self.answer: WhatIf | None = None
        self.settling = False
        self._unsubscribe: Callable[[], None] | None = None

        self.title = QLabel()
        self.title.setObjectName("sandboxTitle")
        self.title.setWordWrap(True)
        self.outcome_box = QGroupBox()
        self.outcomes = QStackedWidget()
        self.editors: dict[Game, _Outcome] = {
            Game.ROULETTE: RouletteOutcome(),
            Game.CRAPS: DiceOutcome(2, with_point=True),
            Game.CARIBBEAN_STUD: StudOutcome(),
            Game.SIC_BO: DiceOutcome(3, with_point=False),
        }
        for editor in self.editors.values():
            self.outcomes.addWidget(editor)
            editor.changed.connect(self._outcome_changed)
        box_layout = QVBoxLayout(self.outcome_box)
        box_layout.addWidget(self.outcomes)
        self.settle_button = QPushButton()
        self.settle_button.setObjectName("sandboxSettle")
        self.settle_button.setDefault(True)
        self.settle_button.clicked.connect(self.settle)
        self.back_button = QPushButton()
        self.back_button.setObjectName("sandboxBack")
        self.back_button.clicked.connect(self.back_to_placing)
        buttons = QHBoxLayout()
        buttons.addWidget(self.settle_button)
        buttons.addWidget(self.back_button)
        box_layout.addLayout(buttons)

        self.message = QLabel()
        self.message.setObjectName("sandboxMessage")
        self.message.setWordWrap(True)
        self.message.setTextFormat(Qt.TextFormat.RichText)
        self.steps_label = QLabel()
        self.steps = QListWidget()
        self.steps.setObjectName("sandboxSteps")
        self.steps.setWordWrap(True)
        self.steps.setMinimumHeight(120)
        self.steps_label.setBuddy(self.steps)
        self.steps.currentRowChanged.connect(self._step_chosen)
        self.previous_button = QPushButton()
        self.next_button = QPushButton()
        self.previous_button.clicked.connect(self.previous_step)
        self.next_button.clicked.connect(self.next_step)
        stepping = QHBoxLayout()
        stepping.addWidget(self.previous_button)
        stepping.addWidget(self.next_button)
        self.step_detail = QLabel()
        self.step_detail.setObjectName("sandboxStepDetail")
        self.step_detail.setWordWrap(True)
        self.notes = QLabel()
        self.notes.setObjectName("sandboxNotes")
        self.notes.setWordWrap(True)
        self.refusals = QLabel()
        self.refusals.setObjectName("sandboxRefused")
        self.refusals.setWordWrap(True)
        self.totals = QLabel()
        self.totals.setObjectName("sandboxTotals")
        self.totals.setWordWrap(True)
        self.legend = QLabel()
        self.legend.setObjectName("sandboxLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.outcome_box)
        layout.addWidget(self.message)
        layout.addWidget(self.totals)
        layout.addWidget(self.legend)
        layout.addWidget(self.steps_label)
        layout.addWidget(self.steps, 1)
        layout.addLayout(stepping)
        layout.addWidget(self.step_detail)
        layout.addWidget(self.refusals)
        layout.addWidget(self.notes)
        self.setMaximumWidth(SANDBOX_WIDTH + 40)
        self.retranslate()
        self._show_nothing()

    # ---------------------------------------------------------------- binding --
    @property
    def game(self) -> Game | None:
        return Game(self.scene.felt.game) if self.scene is not None else None

    @property
    def editor(self) -> _Outcome:
        assert self.game is not None
        return self.editors[self.game]

    def bind(self, scene: FeltScene, ruleset: Ruleset | None) -> None:
        """Settle the bets of this felt under this ruleset (the last answer goes)."""
        if scene is self.scene and ruleset is self.ruleset:
            return
        if self.overlay is not None:
            self.overlay.clear()
        if self._unsubscribe is not None:
            self._unsubscribe()
        self.scene, self.ruleset = scene, ruleset
        self.overlay = SandboxOverlay(scene, ruleset) if ruleset is not None else None
        self._unsubscribe = scene.chips.subscribe(self._bets_changed)
        for editor in self.editors.values():  # the stack as high as the game's own choice
            ignored = QSizePolicy.Policy.Ignored
            preferred = QSizePolicy.Policy.Preferred
            shown = editor is self.editor
            editor.setSizePolicy(preferred, preferred if shown else ignored)
        self.outcomes.setCurrentWidget(self.editor)
        self.outcomes.updateGeometry()
        self.editor.bind(scene)
        self.settling = False
        self.answer = None
        self._show_nothing()

    def focus_outcome(self) -> None:
        """The keyboard to the first field of the outcome (the number, the puck, the dealer)."""
        editor = self.editor
        first = {
            RouletteOutcome: lambda e: e.number,
            DiceOutcome: lambda e: e.point or e.dice[0],
            StudOutcome: lambda e: e.dealer,
        }[type(editor)](editor)
        first.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def unbind(self) -> None:
        """The panel is closed: the felt is for placing bets again."""
        self.back_to_placing()
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.scene = None
        self.ruleset = None

    def take_click(self, spot_id: str) -> bool:
        """A click on the felt while settling: a roulette number chooses the winning number
        (``True``: the click is taken; otherwise it places a chip as always)."""
        if not self.settling or self.game is not Game.ROULETTE or self.scene is None:
            return False
        bet = self.scene.felt.spot(spot_id).bet
        if bet.kind != "straight" or len(bet.numbers) != 1:
            return False
        editor = self.editors[Game.ROULETTE]
        assert isinstance(editor, RouletteOutcome)
        editor.choose(bet.numbers[0])
        return True

    # ------------------------------------------------------------ settlement --
    def settle(self) -> None:
        """Settle the felt's bets on the outcome chosen, and show the answer on the felt."""
        if self.scene is None or self.overlay is None or self.ruleset is None:
            return
        self.settling = True
        self._settle()

    def _settle(self) -> None:
        assert self.scene is not None and self.overlay is not None and self.ruleset is not None
        game = self.game
        assert game is not None
        if isinstance(self.editor, StudOutcome):
            self.editor.refresh_boxes()
        self.overlay.clear_marks()
        self.answer = None
        try:  # the bets first: without an ante no cards can make a round
            check_bets(self.scene.felt, self.scene.chips, self.ruleset)
        except BetsError as error:
            self.overlay.clear()
            article = article_text(error.citation) if error.citation is not None else ""
            self._problem(fill(_tr(NO_ROUND[error.code]), article))
            return
        try:
            outcome = self.editor.outcome()
        except ValueError as error:
            self.overlay.clear()
            self._problem(str(error))
            return
        if not self.scene.chips.total():
            self.overlay.show_outcome(game, outcome, None)
            self._problem(
                QCoreApplication.translate(
                    "sandbox", "There are no bets on the felt: place chips, then settle."
                )
            )
            return
        try:
            answer = what_if(self.scene.felt, self.scene.chips, self.ruleset, outcome)
        except OutcomeError:  # the fields catch what they can; the core's words are English
            self.overlay.clear()
            self._problem(
                QCoreApplication.translate(
                    "sandbox", "The rules core cannot settle this outcome: choose another."
                )
            )
            return
        self.answer = answer
        self.overlay.show_outcome(game, outcome, answer)
        self.overlay.show(answer)
        self._show_answer(answer, outcome)
        self.settled.emit()

    def back_to_placing(self) -> None:
        """Take the answer and the outcome off the felt: the felt takes bets again."""
        self.settling = False
        self.answer = None
        if self.overlay is not None:
            self.overlay.clear()
        self._show_nothing()
        self.cleared.emit()

    def _bets_changed(self, _spot_id: str) -> None:
        if isinstance(self.editor, StudOutcome) and self.scene is not None:
            self.editor.refresh_boxes()
        if self.settling:
            self._settle()

    def _outcome_changed(self) -> None:
        if self.settling:
            self._settle()

    # ------------------------------------------------------------- the steps --
    def names(self) -> dict[Target, TableBet]:
        """Each bet by its felt name (``Split 17-20``), for the step list: never its id."""
        if self.answer is None or self.scene is None:
            return {}
        felt = self.scene.felt
        return {
            target: TableBet(
                target, spot_id, self.answer.stakes[spot_id], bet_name(felt.spot(spot_id), felt)
            )
            for target, spot_id in self.answer.spots.items()
        }

    def step_rows(self) -> list[tuple[int, Step]]:
        """Each step with the number of its group (steps of one group in any order)."""
        if self.answer is None:
            return []
        return [
            (number, step)
            for number, group in enumerate(self.answer.round.plan, start=1)
            for step in group
        ]

    def _show_answer(self, answer: WhatIf, outcome: Outcome) -> None:
        names = self.names()
        self.steps.blockSignals(True)
        self.steps.clear()
        for number, step in self.step_rows():
            text = f"{number}. {step_text(step, names)} — {self._citation(step.citation)}"
            item = QListWidgetItem(text)
            self.steps.addItem(item)
        self.steps.blockSignals(False)
        if self.steps.count():
            self.steps.setCurrentRow(0)  # a new answer: from its first step
        else:
            self._step_chosen(-1)
        self.message.setText(self._outcome_words(outcome))
        self.message.setStyleSheet("")
        self.totals.setText(
            "<br>".join(
                [
                    fill(
                        QCoreApplication.translate("sandbox", "Collected: %1"),
                        format_money(answer.collected),
                    ),
                    fill(
                        QCoreApplication.translate("sandbox", "Paid: %1"), format_money(answer.paid)
                    ),
                    fill(
                        QCoreApplication.translate("sandbox", "The house's net: %1"),
                        _signed(answer.house_net),
                    ),
                ]
            )
        )
        self.refusals.setText(self._refusal_words(answer.refused))
        self.refusals.setVisible(bool(answer.refused))
        self.notes.setText(self._notes(answer))
        self._enable()

    def _step_chosen(self, row: int) -> None:
        rows = self.step_rows()
        if self.overlay is None or not 0 <= row < len(rows):
            self.step_detail.setText(
                QCoreApplication.translate("sandbox", "No step: nothing on the felt is decided.")
                if self.answer
                else ""
            )
            if self.overlay is not None:
                self.overlay.highlight(None, None, "")
            self._enable()
            return
        number, step = rows[row]
        words = step_text(step, self.names())
        self.overlay.highlight(self.answer, step, f"{number}. {words}")
        self.step_detail.setText(
            fill(
                QCoreApplication.translate("sandbox", "Step %1 of %2: %3 (%4)"),
                str(row + 1),
                str(len(rows)),
                words,
                self._citation(step.citation),
            )
        )
        self._enable()

    def next_step(self) -> None:
        if self.steps.currentRow() < self.steps.count() - 1:
            self.steps.setCurrentRow(self.steps.currentRow() + 1)

    def previous_step(self) -> None:
        if self.steps.currentRow() > 0:
            self.steps.setCurrentRow(self.steps.currentRow() - 1)

    def _enable(self) -> None:
        row, count = self.steps.currentRow(), self.steps.count()
        self.previous_button.setEnabled(self.answer is not None and row > 0)
        self.next_button.setEnabled(self.answer is not None and 0 <= row < count - 1)
        self.back_button.setEnabled(self.settling)
        self.settle_button.setDefault(not (self.answer is not None and row < count - 1))
        self.next_button.setDefault(self.answer is not None and 0 <= row < count - 1)

    def default_button(self) -> QPushButton:
        """What Enter presses: Settle, or Next step while there is a next step."""
        return self.next_button if self.next_button.isDefault() else self.settle_button

    def _enter(self) -> None:
        self.default_button().click()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter anywhere in the panel (a field passes it on, as in a dialog) presses the
        default button."""
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._enter()
            event.accept()
            return
        super().keyPressEvent(event)

    # ----------------------------------------------------------------- words --
    def _citation(self, citation: Citation | None) -> str:
        return article_line(citation, self.game or "")

    def _outcome_words(self, outcome: Outcome) -> str:
        game = self.game
        if game is Game.ROULETTE:
            return fill(
                QCoreApplication.translate("sandbox", "The ball rests on %1."), str(outcome.number)
            )
        if game is Game.CRAPS:
            dice = " + ".join(str(d) for d in outcome.dice)
            point = (
                fill(QCoreApplication.translate("sandbox", "the point is %1"), str(outcome.point))
                if outcome.point is not None
                else QCoreApplication.translate("sandbox", "a come-out roll")
            )
            return fill(
                QCoreApplication.translate("sandbox", "Thrown: %1 = %2, %3."),
                dice,
                str(sum(outcome.dice)),
                point,
            )
        if game is Game.SIC_BO:
            return fill(
                QCoreApplication.translate("sandbox", "The dice: %1 (total %2)."),
                " ".join(str(d) for d in outcome.dice),
                str(sum(outcome.dice)),
            )
        return QCoreApplication.translate("sandbox", "The hands are shown down.")

    def _refusal_words(self, refused: tuple[Refused, ...]) -> str:
        if self.scene is None:
            return ""
        felt = self.scene.felt
        lines = []
        for bet in refused:
            name = f"{bet_name(felt.spot(bet.spot_id), felt)} ({format_money(bet.amount)})"
            text = fill(_tr(REFUSALS.get(bet.code, REFUSED_OTHERWISE)), name)
            if bet.citation is not None:
                text = f"{text} — {article_text(bet.citation)}"
            lines.append(escape(text))
        if not lines:
            return ""
        return (
            "<b>"
            + escape(QCoreApplication.translate("sandbox", "Not settled:"))
            + "</b><br>"
            + "<br>".join(lines)
        )

    def _notes(self, answer: WhatIf) -> str:
        """What the order rests on, in words: interpretation, house option, table procedure."""
        ruleset = self.ruleset
        lines = [
            QCoreApplication.translate(
                "sandbox", "Steps with the same number may be done in any order among themselves."
            )
        ]
        if ruleset is None:
            return ""
        values = ruleset.values
        game = self.game
        if game is Game.ROULETTE and values.get("street_corner_order") == "either":
            lines.append(
                QCoreApplication.translate(
                    "sandbox",
                    "Interpretation (the order of lines, streets and corners): an order either "
                    "official text of Art. 5(1) allows is right; the list follows the "
                    "Portuguese text.",
                )
            )
        elif game is Game.CRAPS:
            if self._big_remainder(answer):
                lines.append(
                    QCoreApplication.translate(
                        "sandbox",
                        "Interpretation (Big bets, Arts. 9 to 11): a Big bet that is not a whole "
                        "number of blocks (6 units on Big 6 and 8, 5 on the others) is paid by "
                        "the block as the text says, and the rest 1 to 1.",
                    )
                )
            if values.get("collect_before_pay", True):
                lines.append(
                    QCoreApplication.translate(
                        "sandbox",
                        "House procedure: every losing bet is collected before any is paid; the "
                        "regulation sets no order of settlement.",
                    )
                )
            else:
                lines.append(
                    QCoreApplication.translate(
                        "sandbox", "House procedure: the decided bets are settled in any order."
                    )
                )
        elif game is Game.SIC_BO:
            lines.append(
                QCoreApplication.translate(
                    "sandbox",
                    "House pay table: Sic Bo's regulation is not on file. Losers are "
                    "collected first (table procedure), then the winners in the house's "
                    "order.",
                )
            )
        elif game is Game.CARIBBEAN_STUD:
            lines.append(
                QCoreApplication.translate(
                    "sandbox",
                    "Table procedure: the regulation sets no order for the antes and "
                    "raises; progressive awards come after them, in the order of Art. "
                    "10(4).",
                )
            )
            if self._folded_progressive(answer):
                lines.append(
                    QCoreApplication.translate(
                        "sandbox",
                        "Interpretation (Art. 6(7)): a folded box's cards are collected unopened "
                        "with its ante, so it cannot win the progressive.",
                    )
                )
            if any(t.progressive for t in answer.spots):
                lines.append(
                    QCoreApplication.translate(
                        "sandbox",
                        "A progressive stake has no step of its own: it is not collected or "
                        "returned by the dealer.",
                    )
                )
        return "<br>".join(escape(line) for line in lines)

    def _big_remainder(self, answer: WhatIf) -> bool:
        """Does a Big bet paid here rest on the remainder rule (an interpretation)?"""
        assert self.ruleset is not None
        unit = Decimal(str(self.ruleset.values.get("big_bet_unit", 1)))
        for step in answer.steps:
            spot_id = answer.spots.get(step.target, "")
            if step.action is Action.PAY and spot_id.startswith("big-"):
                block = (6 if spot_id in ("big-6", "big-8") else 5) * unit
                if answer.stakes[spot_id] % block:
                    return True
        return False

    @staticmethod
    def _folded_progressive(answer: WhatIf) -> bool:
        """Is a progressive bet on a box that folded (no raise)?"""
        boxes = {t.box for t in answer.spots if t.progressive}
        raised = {t.box for t in answer.spots if t.spot == "raise"}
        return bool(boxes - raised)

    def _problem(self, text: str) -> None:
        self.steps.clear()
        self.message.setText(text if text.startswith("<") else escape(text))
        self.message.setStyleSheet(f"color: {palette.WRONG};")
        self.totals.setText("")
        self.refusals.setVisible(False)
        self.notes.setText("")
        self.step_detail.setText("")
        self._enable()

    def _show_nothing(self) -> None:
        self.steps.clear()
        self.message.setStyleSheet("")
        self.message.setText(
            QCoreApplication.translate(
                "sandbox",
                "Place bets on the felt, choose the outcome, then Settle: the rules "
                "core settles every bet and lists the dealer's steps.",
            )
        )
        self.totals.setText("")
        self.refusals.setVisible(False)
        self.notes.setText("")
        self.step_detail.setText("")
        self._enable()

    def retranslate(self) -> None:
        self.title.setText(
            "<b>"
            + escape(QCoreApplication.translate("sandbox", "What if: settle the felt"))
            + "</b>"
        )
        self.outcome_box.setTitle(QCoreApplication.translate("sandbox", "The outcome"))
        self.settle_button.setText(QCoreApplication.translate("sandbox", "&Settle"))
        self.back_button.setText(QCoreApplication.translate("sandbox", "&Back to placing bets"))
        self.steps_label.setText(QCoreApplication.translate("sandbox", "The dealer's ste&ps:"))
        self.previous_button.setText(QCoreApplication.translate("sandbox", "Previo&us step"))
        self.next_button.setText(QCoreApplication.translate("sandbox", "Ne&xt step"))
        self.legend.setText(legend_text())
        for editor in self.editors.values():
            editor.retranslate()
        if self.answer is not None:
            self._settle()
        elif not self.settling:
            self._show_nothing()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


#: What each ring on the felt says (the overlay's colours and styles).
LEGEND = (
    ("lost", "✕", QT_TRANSLATE_NOOP("sandbox", "lost: to collect")),
    ("won", "◯", QT_TRANSLATE_NOOP("sandbox", "won: the payout beside it")),
    ("returned", "◯", QT_TRANSLATE_NOOP("sandbox", "returned")),
    ("moved", "◯", QT_TRANSLATE_NOOP("sandbox", "moves to its come point")),
    ("stays", "◌", QT_TRANSLATE_NOOP("sandbox", "no decision: stays")),
    ("refused", "◌", QT_TRANSLATE_NOOP("sandbox", "not allowed: not settled")),
    ("step", "◯", QT_TRANSLATE_NOOP("sandbox", "the step chosen")),
)


def legend_text() -> str:
    return " · ".join(
        f'<span style="color:{COLOURS[kind].name()}"><b>{sign}</b></span> {escape(_tr(words))}'
        for kind, sign, words in LEGEND
    )


def _signed(value: Decimal) -> str:
    if value < 0:
        return "−" + format_money(-value)
    if value > 0:
        return "+" + format_money(value)
    return format_money(value)
