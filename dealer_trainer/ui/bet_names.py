"""What the status bar says about a spot: the bet's name and what the ruleset pays for it.

Names are declared as data for translation (context ``bets``); the payouts
and their articles come from the ruleset itself, never from this module.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_trainer.layouts.model import Felt, Spot
from dealer_trainer.rules.craps.config import PAIRS
from dealer_trainer.rules.rulesets import Payout, Ruleset
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP

BET_NAMES = {
    "straight": QT_TRANSLATE_NOOP("bets", "Straight-up %1"),
    "split": QT_TRANSLATE_NOOP("bets", "Split %1"),
    "street": QT_TRANSLATE_NOOP("bets", "Street %1"),
    "corner": QT_TRANSLATE_NOOP("bets", "Corner %1"),
    "line": QT_TRANSLATE_NOOP("bets", "Six-line %1"),
    "nine": QT_TRANSLATE_NOOP("bets", "Nine numbers %1"),
    "sector12": QT_TRANSLATE_NOOP("bets", "Twelve-number sector %1"),
    "column": QT_TRANSLATE_NOOP("bets", "Column %1"),
    "dozen": QT_TRANSLATE_NOOP("bets", "Dozen %1"),
    # Each dozen has its own name in the texts (Art. 6(9)-(11), Art. 7(7)): pequeno, médio,
    # grande; 小, 中, 大十二門.
    "dozen_1": QT_TRANSLATE_NOOP("bets", "Dozen 1 (1–12)"),
    "dozen_2": QT_TRANSLATE_NOOP("bets", "Dozen 2 (13–24)"),
    "dozen_3": QT_TRANSLATE_NOOP("bets", "Dozen 3 (25–36)"),
    "red": QT_TRANSLATE_NOOP("bets", "Red"),
    "black": QT_TRANSLATE_NOOP("bets", "Black"),
    "even": QT_TRANSLATE_NOOP("bets", "Even"),
    "odd": QT_TRANSLATE_NOOP("bets", "Odd"),
    "low": QT_TRANSLATE_NOOP("bets", "Low 1–18"),
    "high": QT_TRANSLATE_NOOP("bets", "High 19–36"),
    "pass": QT_TRANSLATE_NOOP("bets", "Pass Line"),
    "dont_pass": QT_TRANSLATE_NOOP("bets", "Don't Pass"),
    "come": QT_TRANSLATE_NOOP("bets", "Come"),
    "come_point": QT_TRANSLATE_NOOP("bets", "Come bet on %1"),
    "dont_come": QT_TRANSLATE_NOOP("bets", "Don't Come"),
    "dont_come_point": QT_TRANSLATE_NOOP("bets", "Don't Come bet on %1"),
    "odds": QT_TRANSLATE_NOOP("bets", "Odds behind %1"),
    "field": QT_TRANSLATE_NOOP("bets", "Field"),
    "hard": QT_TRANSLATE_NOOP("bets", "Hard %1"),
    "big": QT_TRANSLATE_NOOP("bets", "Big %1"),
    "big7": QT_TRANSLATE_NOOP("bets", "Big 7"),
    "eleven": QT_TRANSLATE_NOOP("bets", "Eleven"),
    "any_craps": QT_TRANSLATE_NOOP("bets", "Any Craps"),
    "ante": QT_TRANSLATE_NOOP("bets", "Box %1 ante"),
    "raise": QT_TRANSLATE_NOOP("bets", "Box %1 raise"),
    "progressive": QT_TRANSLATE_NOOP("bets", "Box %1 progressive jackpot bet"),
}
#: Sic Bo's bets by kind (some kinds share a roulette or craps kind's id, not its name).
SIC_BO_NAMES = {
    "small": QT_TRANSLATE_NOOP("bets", "Small"),
    "big": QT_TRANSLATE_NOOP("bets", "Big"),
    "odd": QT_TRANSLATE_NOOP("bets", "Odd"),
    "even": QT_TRANSLATE_NOOP("bets", "Even"),
    "total": QT_TRANSLATE_NOOP("bets", "Total %1"),
    "triple": QT_TRANSLATE_NOOP("bets", "Triple %1"),
    "any_triple": QT_TRANSLATE_NOOP("bets", "Any triple"),
    "double": QT_TRANSLATE_NOOP("bets", "Double %1"),
    "combination": QT_TRANSLATE_NOOP("bets", "Combination %1"),
    "single": QT_TRANSLATE_NOOP("bets", "Single number %1"),
}


def _tr(text: str) -> str:
    return QCoreApplication.translate("bets", text)


def bet_name(spot: Spot, felt: Felt) -> str:
    """``Split 17-20``, ``Hard 8``, ``Odds behind Come bet on 8``, ``Box 3 ante``,
    ``Triple 6``, ``Combination 2-5``."""
    bet = spot.bet
    if felt.game == "sic_bo":
        shown = str(bet.number) if bet.number is not None else "-".join(map(str, bet.numbers))
        return _tr(SIC_BO_NAMES[bet.kind]).replace("%1", shown)
    if bet.kind == "odds":
        on = bet.on or ""
        behind = bet_name(felt.spot(on), felt) if on in felt else on
        return _tr(BET_NAMES["odds"]).replace("%1", behind)
    key = bet.kind
    if bet.kind in ("come", "dont_come") and bet.number is not None:
        key = f"{bet.kind}_point"
    if bet.kind == "dozen" and bet.index in (1, 2, 3):
        key = f"dozen_{bet.index}"
    shown = ""
    if bet.box is not None:
        shown = str(bet.box)
    elif bet.index is not None:
        shown = str(bet.index)
    elif bet.number is not None:
        shown = str(bet.number)
    elif bet.numbers:
        shown = "-".join(str(n) for n in bet.numbers)
    return _tr(BET_NAMES.get(key, key)).replace("%1", shown)


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
        return _tr(QT_TRANSLATE_NOOP("bets", "%1 to 1")).replace("%1", str(ratio.numerator))
    return (
        _tr(QT_TRANSLATE_NOOP("bets", "%1 to %2"))
        .replace("%1", str(ratio.numerator))
        .replace("%2", str(ratio.denominator))
    )
