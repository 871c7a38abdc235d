"""Each game of :class:`~dealer_trainer.rules.games.Game` has what the trainer needs of it."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import dealer_trainer
from dealer_trainer.drills.skills import skills_for
from dealer_trainer.layouts import felt_for
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import default_ruleset, official_rulesets


def test_game_ids_are_the_stored_and_command_line_values() -> None:
    assert Game.ids()[:3] == ("roulette", "craps", "caribbean_stud")
    assert str(Game.CARIBBEAN_STUD) == "caribbean_stud" and f"{Game.CRAPS}" == "craps"
    assert Game.of("craps") is Game.CRAPS
    with pytest.raises(ValueError, match=r"unknown game 'poker' \(known: roulette, craps, "):
        Game.of("poker")


def test_every_shipped_ruleset_is_of_a_known_game() -> None:
    assert {ruleset.game for ruleset in official_rulesets().values()} == set(Game)


@pytest.mark.parametrize("game", Game.tables())
def test_each_game_has_its_rules_felt_and_skills(game: Game) -> None:
    importlib.import_module(f"dealer_trainer.rules.{game.value}.api")
    ruleset = default_ruleset(game)
    assert ruleset.game is game
    assert felt_for(game, ruleset).game is game
    skills = skills_for(game)
    assert skills and all(s.id.startswith(f"{game.value}.") for s in skills)


def test_a_game_whose_rules_come_first_is_known_to_the_rules_but_not_offered_by_the_window() -> (
    None
):
    # Baccarat's rules core (rulesets, rules CLI) is in; its felt, drills and table are not yet.
    assert not Game.BACCARAT.has_table and Game.BACCARAT not in Game.tables()
    assert "baccarat" in Game.rules_ids() and "baccarat" not in Game.ids()
    assert set(Game.tables()) | {Game.BACCARAT} == set(Game)
    importlib.import_module("dealer_trainer.rules.baccarat.api")
    assert default_ruleset(Game.BACCARAT).id == "baccarat-2004"
    with pytest.raises(ValueError, match=r"unknown game 'baccarat' \(known: roulette, "):
        Game.of(Game.BACCARAT)
    with pytest.raises(ValueError, match="unknown game 'baccarat'"):
        felt_for("baccarat")


def _bare_game_names(path: Path) -> list[int]:
    """The lines of ``path`` that name a game by a string (``"craps"``), not by ``Game``:
    in a comparison, a mapping's key, an argument. Docstrings and f-strings are prose."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            prose.update(id(part) for part in ast.walk(node))
        elif isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                prose.add(id(first.value))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and node.value in Game.rules_ids()
        and id(node) not in prose
    ]


def test_no_game_is_named_by_a_bare_string() -> None:
    """``game == "craps"`` works (a ``Game`` is a ``str``), so neither Python nor mypy
    objects to it; but a misspelt ``"sicbo"`` would be silently false, and a renamed game
    would be missed. A game is named by its member (``Game.CRAPS``); a string from the
    store, a JSON request or the command line becomes one at that boundary (``Game.of``)."""
    package = Path(dealer_trainer.__file__).parent
    found = [
        f"{path.relative_to(package.parent)}:{line}"
        for path in sorted(package.rglob("*.py"))
        if path != package / "rules" / "games.py"
        for line in _bare_game_names(path)
    ]
    assert found == [], "name the game by its Game member, not a string: " + ", ".join(found)


def test_a_string_becomes_a_game_or_a_clear_refusal() -> None:
    assert Game.known("sic_bo") is Game.SIC_BO and Game.known("sicbo") is None
    with pytest.raises(ValueError, match=r"unknown game 'sicbo' \(known: roulette, craps, "):
        Game.of("sicbo")


def test_the_command_line_gives_a_game() -> None:
    from dealer_trainer.app import parse_args

    args = parse_args(
        ["export-layout", "--game", "caribbean_stud", "--out", "felt.png", "--jackpot", "100"]
    )
    assert args.export_game is Game.CARIBBEAN_STUD
