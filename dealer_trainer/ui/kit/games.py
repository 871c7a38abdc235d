"""The games the trainer teaches, as the window names them (translatable data)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import SHIPPED, Ruleset, RulesetRegistry
from dealer_trainer.rules.text import QT_TRANSLATE_NOOP, fill

#: Game id → (English name for translation, Chinese name as printed in Macau).
GAME_NAMES: dict[Game, tuple[str, str]] = {
    Game.ROULETTE: (QT_TRANSLATE_NOOP("games", "Roulette"), "輪盤"),
    Game.CRAPS: (QT_TRANSLATE_NOOP("games", "Craps"), "花旗骰"),
    Game.CARIBBEAN_STUD: (QT_TRANSLATE_NOOP("games", "Caribbean Stud Poker"), "聯獎撲克"),
    Game.SIC_BO: (QT_TRANSLATE_NOOP("games", "Sic Bo"), "骰寶"),
}

REVOCATION_NOTE = QT_TRANSLATE_NOOP(
    "games",
    "Despacho n.º 53/2010 approved a new craps regulation and revoked Portaria n.º 97/85/M "
    "(craps-1985). Only part of the 2010 text is on file, so craps-1985 stays the default "
    "for graded drills.",
)


def game_title(game: str) -> str:
    """``Roulette 輪盤``: the translated name and the Chinese print.

    Where the translated name is the Chinese print (the Chinese window), the
    second line gives the English name instead, as the felts print both.
    """
    english, chinese = GAME_NAMES[Game.of(game)]
    name = QCoreApplication.translate("games", english)
    return f"{name}\n{english if name == chinese else chinese}"


#: The titles of the regulation's own rulesets (their TOML ``title``), for translation.
#: A house ruleset's title is the house's own words and is shown as written.
RULESET_TITLES = frozenset(
    {
        QT_TRANSLATE_NOOP("games", "Roulette (single zero)"),
        QT_TRANSLATE_NOOP("games", "Craps (Portaria n.º 97/85/M)"),
        QT_TRANSLATE_NOOP(
            "games", "Craps line bets (Despacho n.º 53/2010, payout table pending Art. 6)"
        ),
        QT_TRANSLATE_NOOP("games", "Caribbean Stud Poker"),
        QT_TRANSLATE_NOOP("games", "Sic Bo (house pay table)"),
        QT_TRANSLATE_NOOP("games", "Baccarat"),
    }
)


def ruleset_title(ruleset: Ruleset) -> str:
    """``Roleta (zero único)``: the title in the window's language; a house ruleset by its own
    title and version. Never the stored id (``roulette-2003``): the regulations' titles already
    tell a game's rulesets apart (a test checks it), and no person reads an id."""
    if ruleset.version is not None:
        label = QCoreApplication.translate("SidePanel", "%1 · house ruleset, version %2")
        return fill(label, ruleset.title, str(ruleset.version))
    title = ruleset.title
    if title in RULESET_TITLES:
        title = QCoreApplication.translate("games", title)
    return title


def ruleset_name(ruleset_id: str, rulesets: RulesetRegistry = SHIPPED) -> str:
    """A stored ruleset id as a person reads it: the ruleset's title (:func:`ruleset_title`),
    looked up in ``rulesets`` (a house ruleset's version needs the app's)."""
    try:
        return ruleset_title(rulesets.get(ruleset_id))
    except RulesError:
        return ruleset_id  # a ruleset this version does not know: its id is all there is
