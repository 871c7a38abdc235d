"""Felt layouts without Qt: every table's spots, shapes (mm) and labels.

``felt_for(game, ruleset)`` gives the :class:`~dealer_trainer.layouts.model.Felt`
of a game; each spot id is a bet the rules core settles (``split-17-20``,
``hard-8``, ``box-3-ante``).  The GUI draws felts; the drills engine puts
chips on their spot ids through :class:`~dealer_trainer.layouts.chips.TableChips`.
"""

from __future__ import annotations

from typing import assert_never

from dealer_trainer.layouts.chips import DEFAULT_CHIPS, ChipSet, Denomination, TableChips
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import BetRef, Felt, Spot
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset

__all__ = [
    "DEFAULT_CHIPS",
    "BetRef",
    "ChipSet",
    "Denomination",
    "Felt",
    "Label",
    "Spot",
    "TableChips",
    "felt_for",
]


def felt_for(game: str, ruleset: Ruleset | None = None) -> Felt:
    """The felt of ``game`` (``roulette``, ``craps``, ``caribbean_stud``, ``sic_bo``) under a
    ruleset.

    The roulette felt follows its ruleset's settings (wheel order, nine-number
    definition, zero combinations); the craps and Caribbean Stud prints are the
    same under each of their rulesets; the Sic Bo felt prints its ruleset's pay table.
    """
    # Each game's module (and its rules package) is imported when its felt is
    # first asked for: the window shows one felt before it builds the others.
    game = Game.of(game)
    if game is Game.ROULETTE:
        from dealer_trainer.layouts.roulette import roulette_felt  # noqa: PLC0415

        return roulette_felt(ruleset or default_ruleset(Game.ROULETTE))
    if game is Game.CRAPS:
        from dealer_trainer.layouts.craps import craps_felt  # noqa: PLC0415

        return craps_felt(ruleset.id if ruleset else "craps-1985")
    if game is Game.CARIBBEAN_STUD:
        from dealer_trainer.layouts.caribbean_stud import caribbean_stud_felt  # noqa: PLC0415

        return caribbean_stud_felt(ruleset.id if ruleset else "caribbean-stud-2004")
    if game is Game.SIC_BO:
        from dealer_trainer.layouts.sic_bo import sic_bo_felt  # noqa: PLC0415

        return sic_bo_felt(ruleset or default_ruleset(Game.SIC_BO))
    if game is Game.BACCARAT:  # its rules core only, so far (Game.of refuses it): no felt yet
        raise ValueError(f"no felt for {game.value!r} yet")
    assert_never(game)
