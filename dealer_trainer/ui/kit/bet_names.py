"""What the status bar says about a spot: the bet's name and what the ruleset pays for it.

The names are the glossary's (:mod:`dealer_trainer.glossary`, made by
:func:`dealer_trainer.drills.bet_names.spot_name`), translated like every sentence of the
Qt-free layers; the payouts and their articles come from the ruleset itself, never from
this module.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_trainer.drills.bet_names import spot_name
from dealer_trainer.layouts.model import Felt, Spot
from dealer_trainer.rules.craps.config import PAIRS
from dealer_trainer.rules.rulesets import Payout, Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill
from dealer_trainer.ui.kit.language import text_in_language


def _tr(text: str) -> str:
    return QCoreApplication.translate("bets", text)


def bet_name(spot: Spot, felt: Felt) -> str:
    """``Split 17-20``, ``Hard 8``, ``Odds behind Come bet on 8``, ``Box 3 ante``,
    ``Triple 6``, ``Combination 2-5``, in the reader's language."""
    return text_in_language(spot_name(spot, felt))


def payouts_for(spot: Spot, ruleset: Ruleset) -> list[Payout]:
    """The ruleset's payouts that settle this spot's bet (empty when they depend on the hand)."""
    bet = spot.bet
    names = [bet.kind]
    if bet.kind == "field":
        names = ["field", "field_2_12"]
    elif bet.kind in ("hard", "big") and bet.number in PAIRS:
        names = [f"{bet.kind}_{PAIRS[bet.number]}"]
    elif bet.kind == "odds" and bet.number in PAIRS:
        side = "dont" if (bet.on or "").startswith("dont") else "pass"
        names = [f"{side}_odds_{PAIRS[bet.number]}"]
    return [ruleset.payouts[name] for name in names if name in ruleset.payouts]


def ratio_text(payout: Payout) -> str:
    """``35 to 1``, ``9 to 2`` (Big 7's 4½ to 1), ``6 to 5``."""
    ratio = payout.ratio
    if ratio.denominator == 1:
        return fill(_tr(QT_TRANSLATE_NOOP("bets", "%1 to 1")), str(ratio.numerator))
    return fill(
        _tr(QT_TRANSLATE_NOOP("bets", "%1 to %2")), str(ratio.numerator), str(ratio.denominator)
    )
