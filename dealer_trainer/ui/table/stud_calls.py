"""Caribbean Stud's deal in words: the dealer's calls, what the table waits for, what was wrong.

Qt's translation only (no widgets), so the step list, the refusal, the replay and the
exam's results say a call the same way: ``Card to box 3``, ``Progressive bet of box 2
refused``.  Never an internal id: boxes by number, calls by their decision.  An
irregularity of the deal is ruled with the shared panel (``ui.table.irregular``).
"""

from __future__ import annotations

from decimal import Decimal

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.table.stud_dealing import Moment, Wait
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.procedure import Verdict
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.kit.rendering import format_money

CONTEXT = "studdeal"

_BY_CODE = {
    "dealt_out_of_order": QT_TRANSLATE_NOOP(
        "studdeal",
        "Out of order: this card goes to %1. From the shoe: one card at a time to each box "
        "with a bet, left to right, the dealer last; from the machine: five at once.",
    ),
    "late_progressive_accepted": QT_TRANSLATE_NOOP(
        "studdeal", "The first card is dealt: a progressive bet is refused now."
    ),
    "early_progressive_refused": QT_TRANSLATE_NOOP(
        "studdeal", "No card is dealt yet: the progressive bet is accepted."
    ),
    "wrong_raise_accepted": QT_TRANSLATE_NOOP(
        "studdeal", "Refuse it: the raise is exactly twice the ante, %2, not %1."
    ),
    "right_raise_refused": QT_TRANSLATE_NOOP(
        "studdeal", "%1 is exactly twice the ante: the raise is accepted."
    ),
    "wrong_qualification": QT_TRANSLATE_NOOP(
        "studdeal",
        "The dealer's hand %1: it needs at least an ace and a king, or any pair or better "
        "(the standard reading of Art. 9(1): an interpretation, a setting of the ruleset).",
    ),
    "not_this_step": QT_TRANSLATE_NOOP("studdeal", "Not now: %1"),
}
#: What each moment waits for, in words (the prompt, and "not now").
PROMPTS = {
    Moment.OFFER: QT_TRANSLATE_NOOP("studdeal", "Box %1 offers a progressive bet."),
    Moment.DEAL: QT_TRANSLATE_NOOP(
        "studdeal", "Deal: click the box the next card goes to, or press its number (0: dealer)."
    ),
    Moment.DEAL.value + "_machine": QT_TRANSLATE_NOOP(
        "studdeal",
        "Deal from the machine: click the box the next five cards go to, or press its number "
        "(0: dealer).",
    ),
    Moment.IRREGULARITY: QT_TRANSLATE_NOOP(
        "studdeal", "The deal stops: rule the irregularity (Art. 11) above."
    ),
    Moment.RAISE: QT_TRANSLATE_NOOP("studdeal", "Box %1 raises %2 on an ante of %3."),
    Moment.FOLD: QT_TRANSLATE_NOOP(
        "studdeal", "Box %1 folds: collect its cards and its ante (C or Enter)."
    ),
    Moment.QUALIFY: QT_TRANSLATE_NOOP(
        "studdeal", "The dealer's hand is turned: does it qualify? (Q: yes, W: no)"
    ),
}
_WAITING = {
    Moment.OFFER: QT_TRANSLATE_NOOP("studdeal", "box %1's progressive bet is answered first."),
    Moment.DEAL: QT_TRANSLATE_NOOP("studdeal", "the cards are dealt first."),
    Moment.IRREGULARITY: QT_TRANSLATE_NOOP("studdeal", "the irregularity is ruled first."),
    Moment.RAISE: QT_TRANSLATE_NOOP("studdeal", "box %1's raise is answered first."),
    Moment.FOLD: QT_TRANSLATE_NOOP("studdeal", "box %1's fold is collected first."),
    Moment.QUALIFY: QT_TRANSLATE_NOOP("studdeal", "the dealer's qualification is called first."),
}


def translated(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def seat_name(box: int | None) -> str:
    if box is None:
        return QCoreApplication.translate("studdeal", "the dealer")
    return fill(QCoreApplication.translate("studdeal", "box %1"), str(box))


def call_text(call: DealerCall) -> str:
    """A call as the step list shows it: ``Card to box 3``."""
    box = str(call.box) if call.box is not None else ""
    if call.action is CallAction.DEAL:
        if call.box is None:
            return QCoreApplication.translate("studdeal", "Card to the dealer")
        return fill(QCoreApplication.translate("studdeal", "Card to box %1"), box)
    if call.action is CallAction.ACCEPT_BET:
        return fill(
            QCoreApplication.translate("studdeal", "Progressive bet of box %1 accepted"), box
        )
    if call.action is CallAction.REFUSE_BET:
        return fill(
            QCoreApplication.translate("studdeal", "Progressive bet of box %1 refused"), box
        )
    if call.action is CallAction.ACCEPT_RAISE:
        return fill(QCoreApplication.translate("studdeal", "Raise of box %1 accepted"), box)
    if call.action is CallAction.REFUSE_RAISE:
        return fill(QCoreApplication.translate("studdeal", "Raise of box %1 refused"), box)
    if call.qualifies:  # the qualification call
        return QCoreApplication.translate("studdeal", "The dealer qualifies")
    return QCoreApplication.translate("studdeal", "The dealer does not qualify")


def waiting_text(wait: Wait) -> str:
    return fill(translated(_WAITING[wait.moment]), str(wait.box))


def prompt(wait: Wait) -> str:
    """What the table waits for, as the panel says it."""
    if wait.moment is Moment.DEAL:
        return translated(
            PROMPTS[Moment.DEAL.value + "_machine" if len(wait.cards) > 1 else Moment.DEAL]
        )
    if wait.moment is Moment.RAISE:
        assert wait.amount is not None and wait.ante is not None
        return fill(
            translated(PROMPTS[wait.moment]),
            str(wait.box),
            format_money(wait.amount),
            format_money(wait.ante),
        )
    return fill(translated(PROMPTS[wait.moment]), str(wait.box))


def verdict_text(verdict: Verdict, wait: Wait | None) -> str:
    """Why a call was refused, from its code and the moment it answered."""
    code = verdict.code
    sentence = _BY_CODE.get(code)
    if sentence is None or (wait is None and code != "not_this_step"):
        return QCoreApplication.translate("table", "This step is not right.")
    text = translated(sentence)
    if code == "dealt_out_of_order" and wait is not None:
        return fill(text, seat_name(wait.box))
    if code in ("wrong_raise_accepted", "right_raise_refused") and wait is not None:
        amount = wait.amount or Decimal(0)
        ante = wait.ante or Decimal(0)
        return fill(text, format_money(amount), format_money(2 * ante))
    if code == "wrong_qualification" and wait is not None:
        qualifies = isinstance(wait.right, DealerCall) and wait.right.qualifies
        return fill(
            text,
            QCoreApplication.translate("studdeal", "qualifies")
            if qualifies
            else QCoreApplication.translate("studdeal", "does not qualify"),
        )
    if code == "not_this_step":
        if wait is None:
            return fill(
                text,
                QCoreApplication.translate(
                    "studdeal", "the cards are out and the dealer has called."
                ),
            )
        return fill(text, waiting_text(wait))
    return text


STUD_CODES = frozenset(_BY_CODE)
