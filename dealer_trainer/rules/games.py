"""The games the trainer teaches.

A game's id is its :class:`Game` value: it is stored with every ruleset, answer and
table round, names the rules package (``dealer_trainer.rules.<id>``) and is written on
the command line (``--game caribbean_stud``), so a value never changes.  Adding a game
is a member here plus the game's own modules (rules, felt, drills, the window's names).

A game's rules core may come before the rest of it: such a game (Baccarat, so far) is a
member, with its rulesets and its rules CLI, but not one of :meth:`Game.tables`, the
games the window offers with their felts, drills and tables; :meth:`Game.ids` and
:meth:`Game.of` are those.  Iterating :class:`Game` gives every member, rules-only
ones included: code that needs a felt or drills iterates :meth:`Game.tables`.

The code names a game by its member (``Game.CRAPS``), never by its id in quotes: a
``Game`` is a ``str``, so ``game == "crpas"`` would pass every check and be silently false
(``tests/test_games.py`` finds any that come back). A game id read from the store, a JSON
request or the command line becomes a ``Game`` there, once (:meth:`Game.of`).
"""

from __future__ import annotations

from enum import StrEnum


class Game(StrEnum):
    """A game, valued by its id (a ``str``: ``Game.CRAPS == "craps"``)."""

    ROULETTE = "roulette"
    CRAPS = "craps"
    CARIBBEAN_STUD = "caribbean_stud"
    SIC_BO = "sic_bo"
    BACCARAT = "baccarat"

    @property
    def has_table(self) -> bool:
        """Whether the window offers the game (its felt, drills and live table); False
        for a game whose rules core (rulesets, rules CLI) comes first."""
        return self not in _RULES_ONLY

    @classmethod
    def tables(cls) -> tuple[Game, ...]:
        """The games the window offers, in the order it lists them."""
        return tuple(game for game in cls if game.has_table)

    @classmethod
    def ids(cls) -> tuple[str, ...]:
        """The id of every game the window offers, in the order it lists them."""
        return tuple(game.value for game in cls.tables())

    @classmethod
    def rules_ids(cls) -> tuple[str, ...]:
        """The id of every game the rules core knows (the rules CLI's ``game``)."""
        return tuple(game.value for game in cls)

    @classmethod
    def of(cls, game_id: str) -> Game:
        """The game of the window with this id; a clear ``ValueError`` for any other text."""
        if game_id not in cls.ids():
            raise ValueError(f"unknown game {str(game_id)!r} (known: {', '.join(cls.ids())})")
        return cls(game_id)

    @classmethod
    def known(cls, game_id: str) -> Game | None:
        """The game of the window with this id, or ``None`` for any other text (shown as it
        is)."""
        return cls(game_id) if game_id in cls.ids() else None


#: Games whose rules core is in, but not yet their felt, drills and table.
_RULES_ONLY = frozenset({Game.BACCARAT})
