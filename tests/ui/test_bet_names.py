"""The status bar's words for a spot: its bet and the ruleset's payout with the article."""

from __future__ import annotations

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.ui.kit.bet_names import bet_name, payouts_for, ratio_text


def _said(game: str, ruleset_id: str, spot_id: str) -> str:
    ruleset = get_ruleset(ruleset_id)
    felt = felt_for(game, ruleset)
    spot = felt.spot(spot_id)
    pays = [f"{ratio_text(p)} ({p.citation})" for p in payouts_for(spot, ruleset)]
    return " · ".join([bet_name(spot, felt), *pays])


@pytest.mark.parametrize(
    ("game", "ruleset_id", "spot_id", "said"),
    [
        (
            "roulette",
            "roulette-2003",
            "split-17-20",
            "Split 17-20 · 17 to 1 (roulette-2003 Art. 7(2))",
        ),
        (
            "roulette",
            "roulette-2003",
            "dozen-2",
            "Dozen 2 (13–24) · 2 to 1 (roulette-2003 Art. 7(7))",
        ),
        ("craps", "craps-1985", "hard-8", "Hard 8 · 9 to 1 (craps-1985 Art. 5)"),
        ("craps", "craps-1985", "big7", "Big 7 · 9 to 2 (craps-1985 Art. 6)"),
        (
            "craps",
            "craps-1985",
            "come-8-odds",
            "Odds behind Come bet on 8 · 6 to 5 (craps-1985 Art. 2(2))",
        ),
        (
            "craps",
            "craps-1985",
            "dont_come-4-odds",
            "Odds behind Don't Come bet on 4 · 1 to 2 (craps-1985 Art. 3(2))",
        ),
        ("caribbean_stud", "caribbean-stud-2004", "box-3-raise", "Box 3 raise"),
    ],
)
def test_status_bar_names_the_bet_and_the_article_that_pays_it(
    qapp: object, game: str, ruleset_id: str, spot_id: str, said: str
) -> None:
    assert _said(game, ruleset_id, spot_id) == said


def test_craps_art4_field_names_both_payouts(qapp: object) -> None:
    said = _said("craps", "craps-1985", "field")
    assert said.startswith("Field · 1 to 1 (craps-1985 Art. 4")
    assert "2 to 1" in said
