"""The games the trainer teaches.

A game's id is its :class:`Game` value: it is stored with every ruleset, answer and
table round, names the rules package (``dealer_trainer.rules.<id>``) and is written on
the command line (``--game caribbean_stud``), so a value never changes.  Adding a game
is a member here plus the game's own modules (rules, felt, drills, the window's names).

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

    @classmethod
    def ids(cls) -> tuple[str, ...]:
        """Every game's id, in the order the window lists the games."""
        return tuple(game.value for game in cls)

    @classmethod
    def of(cls, game_id: str) -> Game:
        """The game with this id; a clear ``ValueError`` for any other text."""
        try:
            return cls(game_id)
        except ValueError:
            raise ValueError(f"unknown game {game_id!r} (known: {', '.join(cls.ids())})") from None

    @classmethod
    def known(cls, game_id: str) -> Game | None:
        """The game with this id, or ``None`` for any other text (shown as it is)."""
        return cls(game_id) if game_id in cls.ids() else None
