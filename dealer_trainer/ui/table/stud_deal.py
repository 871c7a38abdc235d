"""Caribbean Stud's deal at the live table: the panel under the felt and the cards on it.

While a :class:`~dealer_trainer.drills.table.stud_dealing.StudRound` waits before its
showdown, the panel says what the table waits for and offers its answers, by click or
key: deal the next card to a box (click the box on the felt, its button, or press its
number; 0 for the dealer), accept (A) or refuse (X) a progressive bet or a raise, collect
a fold (C or Enter), call the dealer's qualification (Q: qualifies, W: does not).  An
irregularity is ruled with the shared panel of every game (``ui.table.irregular``).
Every answer goes to the screen's judge like any step, so it is recorded and judged by
the rules core before anything is said.  The felt shows the cards as the table stands
(the engine's ``visible_cards``: face down but the dealer's fifth), a card just dealt
fading in (120 ms, never waited for).
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from PySide6.QtCore import QCoreApplication, QEasingCurve, Qt, QVariantAnimation
from PySide6.QtGui import QKeyEvent, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGraphicsItem,
    QGridLayout,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from dealer_trainer.drills.table.stud_dealing import Moment, StudRound, Wait
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.procedure import Step, Target
from dealer_trainer.rules.text import fill
from dealer_trainer.ui.drills.situation import card_html
from dealer_trainer.ui.kit import palette
from dealer_trainer.ui.kit.digits import amount_key
from dealer_trainer.ui.kit.rendering import escape
from dealer_trainer.ui.table.bets import TableBet
from dealer_trainer.ui.table.steady import SteadyLabel
from dealer_trainer.ui.table.stud_calls import prompt

FADE_MS = 120  # a card dealt fades in; nothing waits for it
_BOX_SPOT = re.compile(r"^box-(\d)-")
_DIGITS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}
#: The answers in one row: a box each and the dealer while dealing (seven boxes at most).
_COLUMNS = 8

STYLE = f"""
#studDeal {{ background: {palette.DEALING_TINT}; border: 2px solid {palette.DEALING_EDGE};
             border-radius: 6px; }}
#studPrompt {{ font-size: 15px; font-weight: 600; }}
#studEvent {{ font-size: 15px; font-weight: 600; color: {palette.DEALING_TEXT}; }}
#studDeal QPushButton {{ font-size: 14px; padding: 4px 8px; }}
"""


class StudDealPanel(QFrame):
    """The dealer's work before the showdown: the prompt and its answers."""

    def __init__(self, screen: Any, parent: QWidget | None = None) -> None:
        """``screen``: the live table's ``TableScreen`` (not imported: it imports this)."""
        super().__init__(parent)
        self.setObjectName("studDeal")
        self.setStyleSheet(STYLE)
        self.table = screen
        self.event_label = SteadyLabel()  # they keep their tallest height: the felt stays
        self.event_label.setObjectName("studEvent")
        self.prompt_label = SteadyLabel()
        self.prompt_label.setObjectName("studPrompt")
        self.grid = QGridLayout()
        self.grid.setSpacing(4)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.setSpacing(3)
        layout.addWidget(self.event_label)
        layout.addWidget(self.prompt_label)
        layout.addLayout(self.grid)
        self.buttons: dict[str, QPushButton] = {}  # the moment's answers, by name
        self._pool: list[QPushButton] = []  # every answer button made so far
        self._shown: tuple[object, ...] | None = None  # what the buttons were built for
        self._staged: tuple[object, ...] | None = None  # the felt's bets as last staged
        self._fades: list[QVariantAnimation] = []
        self._cards_shown: dict[str, list[str | None]] = {}
        self.staged_bets: list[TableBet] = []  # every bet the felt is staged with
        self._on_table: set[Target] | None = None  # of those, the bets shown on the table
        screen.roundStarted.connect(lambda _round: self.refresh())
        screen.stepJudged.connect(lambda _attempt: self.refresh())
        self.hide()

    # ---------------------------------------------------------------- state --
    @property
    def round(self) -> StudRound | None:
        round_ = self.table.round
        return round_ if isinstance(round_, StudRound) else None

    @property
    def wait(self) -> Wait | None:
        round_ = self.round
        if round_ is None or round_.finished:
            return None
        return round_.waiting

    def refresh(self) -> None:
        """The panel, the felt and the outcome line as the table now stands."""
        round_ = self.round
        if round_ is None:
            self.hide()
            return
        staged = _staging_key(round_)
        if staged != self._staged:  # a bet came or went: the felt is staged again
            self._staged = staged
            self.table.restage()
        self._draw_cards(round_)
        self.table.outcome.setText(outcome_html(round_))
        wait = self.wait
        if wait is None:
            self._clear()
            self.event_label.hide()
            self.prompt_label.setText(escape(self._after(round_)))
            self._shown = None
        elif wait.moment is Moment.IRREGULARITY:  # the shared panel shows it: room for it
            self._shown = None
            self.hide()
            return
        else:
            self._build(wait, round_)
        self.show()

    def _after(self, round_: StudRound) -> str:
        if round_.finished:
            return QCoreApplication.translate("studdeal", "The round is over.")
        if round_.void:
            return QCoreApplication.translate(
                "studdeal",
                "The round is void (Art. 11): return every ante; the progressive bets stay.",
            )
        if not round_.situation.request.get("progressive"):  # a table without the jackpot
            return QCoreApplication.translate("studdeal", "The showdown: settle each box (Art. 9).")
        return QCoreApplication.translate(
            "studdeal",
            "The showdown: settle each box (Art. 9), then the progressive awards (Art. 10).",
        )

    def _clear(self) -> None:
        for button in self.buttons.values():
            button.hide()
        self.buttons = {}

    def _button(self, n: int) -> QPushButton:
        """The ``n``-th answer button, made once and given each moment's answer: a new
        button would be styled and laid out again, a cost the dealer feels at each moment."""
        while len(self._pool) <= n:
            button = QPushButton()
            button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            button.clicked.connect(lambda _=False, b=button: self.answer(str(b.property("answer"))))
            made = len(self._pool)  # its place in the row, whichever answer asked for it
            self.grid.addWidget(button, made // _COLUMNS, made % _COLUMNS)
            self._pool.append(button)
        return self._pool[n]

    def resizeEvent(self, event: QResizeEvent) -> None:
        """The panel keeps the height of its tallest moment so far (a row of answers, or
        none at the showdown): the felt above it is not resized, and so drawn again whole,
        as the moments of the deal come and go."""
        if event.size().height() > self.minimumHeight():
            self.setMinimumHeight(event.size().height())
        super().resizeEvent(event)

    def retranslate(self) -> None:
        self._shown = None
        self.setMinimumHeight(0)  # the words wrap otherwise in another language
        self.refresh()

    # -------------------------------------------------------------- buttons --
    def _build(self, wait: Wait, round_: StudRound) -> None:
        # The same answers while the cards go out (a box each): built once for the deal.
        key = (round_.seed, wait.moment, None if wait.moment is Moment.DEAL else wait.box)
        self.event_label.hide()  # an irregularity: the shared panel says what happened
        self.prompt_label.setText(escape(prompt(wait)))
        if key == self._shown:
            return
        self._shown = key
        self._clear()
        answers: list[tuple[str, str]] = []
        if wait.moment is Moment.DEAL:
            for box in sorted(int(b["box"]) for b in round_.situation.request["boxes"]):
                answers.append(
                    (
                        f"deal:{box}",
                        fill(QCoreApplication.translate("studdeal", "Box %1 (%1)"), str(box)),
                    )
                )
            answers.append(("deal:dealer", QCoreApplication.translate("studdeal", "Dealer (0)")))
        elif wait.moment is Moment.OFFER:
            answers = [
                (
                    f"accept:{wait.box}",
                    QCoreApplication.translate("studdeal", "Accept the bet (A)"),
                ),
                (
                    f"refuse:{wait.box}",
                    QCoreApplication.translate("studdeal", "Refuse the bet (X)"),
                ),
            ]
        elif wait.moment is Moment.RAISE:
            answers = [
                (
                    f"accept:{wait.box}",
                    QCoreApplication.translate("studdeal", "Accept the raise (A)"),
                ),
                (
                    f"refuse:{wait.box}",
                    QCoreApplication.translate("studdeal", "Refuse the raise (X)"),
                ),
            ]
        elif wait.moment is Moment.FOLD:
            answers = [
                (
                    "fold",
                    QCoreApplication.translate("studdeal", "Collect the cards and the ante (C)"),
                )
            ]
        elif wait.moment is Moment.QUALIFY:
            answers = [
                ("qualify:yes", QCoreApplication.translate("studdeal", "Qualifies (Q)")),
                ("qualify:no", QCoreApplication.translate("studdeal", "Does not qualify (W)")),
            ]
        for n, (action, text) in enumerate(answers):
            button = self._button(n)
            button.setText(text)
            button.setProperty("answer", action)
            primary = action == "fold"  # Enter collects the fold
            if (button.objectName() == "primary") != primary:
                button.setObjectName("primary" if primary else "")
                button.style().unpolish(button)
                button.style().polish(button)
            self.buttons[action] = button
            button.show()

    # -------------------------------------------------------------- answers --
    def answer(self, action: str) -> None:
        """One answer, by its button's name (``deal:3``, ``deal:dealer``, ``accept:2`` …)."""
        wait = self.wait
        if wait is None:
            return
        kind, _, value = action.partition(":")
        call: DealerCall | None = None
        if kind == "deal":
            call = DealerCall(CallAction.DEAL, None if value == "dealer" else int(value))
        elif kind in ("accept", "refuse") and wait.box is not None:
            if wait.moment is Moment.OFFER:
                chosen = CallAction.ACCEPT_BET if kind == "accept" else CallAction.REFUSE_BET
            else:
                chosen = CallAction.ACCEPT_RAISE if kind == "accept" else CallAction.REFUSE_RAISE
            call = DealerCall(chosen, wait.box)
        elif kind == "qualify":
            call = DealerCall(CallAction.QUALIFY, qualifies=value == "yes")
        elif kind == "fold" and wait.box is not None:
            self.table.take(Target(box=wait.box, spot="ante"))
            self.table.do("collect")
            return
        if call is not None:
            self.table.judge_call(call)

    def key(self, event: QKeyEvent) -> bool:
        """A key of the deal (True: it was one, and it is answered or goes nowhere)."""
        wait = self.wait
        if wait is None:
            return False
        key = Qt.Key(event.key())
        if wait.moment is Moment.DEAL and key in _DIGITS:
            number = _DIGITS[key]
            if number <= 7:
                self.answer("deal:dealer" if number == 0 else f"deal:{number}")
            return True
        if wait.moment in (Moment.OFFER, Moment.RAISE) and key in (Qt.Key.Key_A, Qt.Key.Key_X):
            self.answer(f"{'accept' if key == Qt.Key.Key_A else 'refuse'}:{wait.box}")
            return True
        if wait.moment is Moment.QUALIFY and key in (Qt.Key.Key_Q, Qt.Key.Key_W):
            self.answer("qualify:yes" if key == Qt.Key.Key_Q else "qualify:no")
            return True
        if wait.moment is Moment.FOLD and key in (
            Qt.Key.Key_C,
            Qt.Key.Key_Return,
            Qt.Key.Key_Enter,
        ):
            self.answer("fold")
            return True
        # A digit is a box's while dealing and nobody's at the other moments: no key goes
        # into the payout before the showdown (a ruling's numbers are its panel's).
        return wait.moment is not Moment.IRREGULARITY and amount_key(event.text())

    def spot_clicked(self, spot_id: str) -> bool:
        """A click on a box of the felt while dealing deals the next card to it."""
        wait = self.wait
        if wait is None or wait.moment is not Moment.DEAL:
            return False
        match = _BOX_SPOT.match(spot_id)
        if match is None:
            return False
        self.answer(f"deal:{match.group(1)}")
        return True

    def on_table(self, target: Target) -> bool:
        """The bet is on the table as it stands (Tab and the bet in hand skip the rest)."""
        round_ = self.round
        if round_ is None:
            return True
        for box in round_.table_request()["boxes"]:
            if int(box["box"]) != target.box:
                continue
            if target.progressive:
                return box.get("progressive") is True
            if target.spot == "raise":
                return box.get("decision") == "raise" and not round_.void
            return True
        return False

    @staticmethod
    def in_turn(open_bets: set[Target]) -> set[Target]:
        """Of the bets still open, those taken in hand now (Tab, the next after a step):
        every ante and raise before any progressive stake.  A stake has no step of its own
        (only an award, paid after the showdown, Art. 10(4)), so a losing one never stands
        between the dealer and the next collect."""
        showdown = {target for target in open_bets if not target.progressive}
        return showdown or open_bets

    def staging(self) -> dict[str, Any]:
        """What the felt is staged with, once a round: the table as it will stand once dealt,
        every bet the round may have on it (antes, progressive bets, raises) and every hand
        dealt, so the chips' captions are laid out clear of the cards to come; framed whole,
        as the round before it was."""
        round_ = self.round
        assert round_ is not None
        request = round_.situation.request
        situation: dict[str, Any] = {
            "request": request,
            "cards": {owner: [None] * 5 for owner in round_.visible_cards()},
            "frame": "table",  # every box in view, the same each round
        }
        if request.get("progressive"):
            situation["pool"] = request["progressive"]["pool"]
        return situation

    def show_bets(self, staged: list[TableBet] | None = None) -> list[TableBet]:
        """Of the bets staged for the round (``staged``: just staged; None: as before), those
        on the table as it stands, in Tab's order.  A bet that came on the table since shows
        its chips, one that went hides them (a progressive bet or a raise not yet accepted,
        a folded box's ante); the others stay as the steps left them."""
        if staged is not None:
            self.staged_bets = staged
            self._on_table = None
        before = self._on_table
        shown = [bet for bet in self.staged_bets if self.on_table(bet.target)]
        now = {bet.target for bet in shown}
        for bet in self.staged_bets:
            if before is None or (bet.target in before) != (bet.target in now):
                self._show_chips(bet, bet.target in now)
        self._on_table = now
        return shown

    def _show_chips(self, bet: TableBet, visible: bool) -> None:
        felt = self.table.felt
        badge = felt.badge(bet)
        if badge is not None:
            badge.setVisible(visible)
            for leader in felt.stage.leaders_of(badge):
                leader.setVisible(visible)
        elif bet.target.progressive:  # drawn as its progressive chip
            chip = self.table.view.felt_scene().progressive_chips.get(bet.spot_id)
            if chip is not None:
                chip.setVisible(visible)

    def waiting_text(self) -> str | None:
        """What the deal waits for, as its panel says it (an irregularity: the shared panel's
        title and keys), or ``None`` at the showdown."""
        wait = self.wait
        if wait is None:
            return None
        if wait.moment is Moment.IRREGULARITY:
            irregular = self.table.irregular
            return f"{irregular.title.text()} {irregular.keys_text()}"
        return prompt(wait)

    def settling(self) -> bool:
        """The showdown is on (the settlement's buttons apply)."""
        return self.wait is None

    # ---------------------------------------------------------------- cards --
    def _draw_cards(self, round_: StudRound) -> None:
        """The hands on the felt as the table stands: only what changed is laid (a card
        dealt fades in; the cards already out keep their items)."""
        scene = self.table.view.felt_scene()
        cards = round_.visible_cards()
        fade = bool(self._cards_shown)  # the panel's first drawing: nothing fades in
        self._cards_shown = cards
        for owner in {item.owner for item in scene.cards} - set(cards):
            scene.lay_hand(owner, [])  # no hand of this round's there
        for owner, codes in cards.items():
            for item in scene.lay_hand(owner, list(codes)):
                if fade:
                    self._fade_in(item)

    def _fade_in(self, item: QGraphicsItem) -> None:
        fade = QVariantAnimation(self)
        fade.setDuration(FADE_MS)
        fade.setStartValue(0.15)
        fade.setEndValue(1.0)
        fade.setEasingCurve(QEasingCurve.Type.OutCubic)
        fade.valueChanged.connect(lambda v, i=item: _set_opacity(i, float(v)))
        fade.finished.connect(lambda f=fade: self._fades.remove(f) if f in self._fades else None)
        self._fades.append(fade)
        fade.start()


def _set_opacity(item: QGraphicsItem, value: float) -> None:
    with contextlib.suppress(RuntimeError):  # the card was taken off the felt meanwhile
        item.setOpacity(value)


def _staging_key(round_: StudRound) -> tuple[object, ...]:
    """What the felt's chips depend on: the bets on the table as it stands."""
    request = round_.table_request()
    return (
        round_.seed,
        round_.void and round_.waiting is None,
        tuple(
            (int(b["box"]), b.get("progressive") is True, b.get("decision"))
            for b in request["boxes"]
        ),
    )


def outcome_html(round_: StudRound) -> str:
    """The hands as the felt shows them: while dealing, the cards out and the dealer's
    hand (face-down cards as backs); at the showdown, every hand on its line."""
    cards = round_.visible_cards()
    if not any(cards.values()):
        if round_.void and round_.waiting is None:
            return escape(
                QCoreApplication.translate(
                    "studdeal", "The round is void: the cards are collected."
                )
            )
        return escape(QCoreApplication.translate("studdeal", "No card is dealt yet."))
    dealer = QCoreApplication.translate("drills", "Dealer")
    if round_.waiting is not None:
        total = 5 * len(cards)
        out = fill(
            QCoreApplication.translate("studdeal", "Cards dealt: %1 of %2"),
            str(round_.cards_out()),
            str(total),
        )
        return f"{escape(out)}<br><b>{dealer}:</b> {_shown(cards['dealer'])}"
    lines = []
    for owner, codes in cards.items():
        if not codes:
            continue
        if owner == "dealer":
            name = dealer
        else:
            name = fill(QCoreApplication.translate("drills", "Box %1"), owner.removeprefix("box-"))
        lines.append(f"<b>{name}:</b> {_shown(codes)}")
    return "<br>".join(lines)


def _shown(codes: list[str | None]) -> str:
    return " ".join(card_html(c) if c is not None else "▮" for c in codes) or "–"


def call_step(call: DealerCall | Step) -> str:
    """The panel's answer name of a call (tests and pictures); a fold's: ``fold``."""
    if isinstance(call, Step):
        return "fold"
    if call.action is CallAction.DEAL:
        return "deal:dealer" if call.box is None else f"deal:{call.box}"
    if call.action in (CallAction.ACCEPT_BET, CallAction.ACCEPT_RAISE):
        return f"accept:{call.box}"
    if call.action in (CallAction.REFUSE_BET, CallAction.REFUSE_RAISE):
        return f"refuse:{call.box}"
    return "qualify:yes" if call.qualifies else "qualify:no"
