"""The craps rulesets as data: each Interpretation is a documented setting; bad files refused."""

from __future__ import annotations

from importlib import resources

import pytest

from dealer_trainer.rules.craps import CrapsRules
from dealer_trainer.rules.craps.config import RULE_NAMES
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.rulesets import default_ruleset, get_ruleset, parse_ruleset

CRAPS_RULESETS = ["craps-1985", "craps-2010"]
#: The Interpretations of DIGEST.md for craps, each a setting with this default.
INTERPRETATION_DEFAULTS = {
    "line_bet_timing": "strict",
    "odds_timing": "once_point_is_made",
    "lay_odds_limit": "none",
    "odds_on_come_out": "working",
    "big_bet_remainder": "even_money",
    "big_4_10_short_bet": "even_money",
}


def ruleset_text(ruleset_id: str) -> str:
    folder = resources.files("dealer_trainer.rules").joinpath("rulesets")
    return folder.joinpath(f"{ruleset_id}.toml").read_text(encoding="utf-8")


def load(text: str, file: str = "craps-bad.toml") -> CrapsRules:
    return CrapsRules.from_ruleset(parse_ruleset(text, file))


def test_craps_1985_is_the_default_craps_ruleset_and_complete() -> None:
    ruleset = default_ruleset("craps")
    assert ruleset.id == "craps-1985"
    assert ruleset.status == "complete"
    assert ruleset.source_text == "craps-1985.txt"
    assert "97/85/M" in ruleset.source


@pytest.mark.parametrize("ruleset_id", CRAPS_RULESETS)
@pytest.mark.parametrize(("name", "default"), sorted(INTERPRETATION_DEFAULTS.items()))
def test_craps_interpretations_are_documented_settings_with_their_default(
    ruleset_id: str, name: str, default: str
) -> None:
    ruleset = get_ruleset(ruleset_id)
    setting = ruleset.settings[name]
    assert setting.interpretation
    assert setting.default == default
    assert setting.citation is not None
    assert len(setting.description) > 40


def test_craps_1985_art2_2_odds_limit_default_is_the_win_up_to_the_line_bet() -> None:
    assert get_ruleset("craps-1985").setting("odds_limit") == "win_up_to_line_bet"
    assert get_ruleset("craps-2010").setting("odds_limit") == "none"


@pytest.mark.parametrize("ruleset_id", CRAPS_RULESETS)
def test_craps_big_bet_unit_is_one_and_rounding_is_down(ruleset_id: str) -> None:
    rules = CrapsRules.from_ruleset(get_ruleset(ruleset_id))
    assert str(rules.big_bet_unit) == "1"
    assert rules.rounding.value == "down"
    assert not get_ruleset(ruleset_id).settings["payout_rounding"].interpretation


@pytest.mark.parametrize("ruleset_id", CRAPS_RULESETS)
def test_craps_every_rule_names_its_article(ruleset_id: str) -> None:
    rules = CrapsRules.from_ruleset(get_ruleset(ruleset_id))
    assert set(rules.citations) == set(RULE_NAMES)


@pytest.mark.parametrize("ruleset_id", CRAPS_RULESETS)
def test_craps_source_text_is_shipped_with_the_package(ruleset_id: str) -> None:
    ruleset = get_ruleset(ruleset_id)
    assert ruleset.source_text is not None
    text = resources.files("dealer_trainer.rules").joinpath("texts", ruleset.source_text)
    assert "Pass Line" in text.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('field = "Art. 4"\n', "", "craps.citations.field: is missing"),
        ('big7 = "Art. 6"\n', 'big7 = "Article six"\n', "craps.citations.big7"),
        ("5_9 = 5\n", "5_9 = 0\n", "craps.big_blocks.5_9"),
        ('[payouts.eleven]\nratio = "15"\n', '[payouts.elevens]\nratio = "15"\n', "payouts.eleven"),
        (
            '[payouts.big7]\nratio = "9/2"',
            '[payouts.big7]\nratio = "four and a half"',
            "payouts.big7.ratio",
        ),
        (
            'choices = ["win_up_to_line_bet", "none"]\ndefault = "win_up_to_line_bet"',
            'choices = ["win_up_to_line_bet", "none", "double"]\ndefault = "win_up_to_line_bet"',
            "settings.odds_limit.choices",
        ),
        (
            '[settings.big_bet_unit]\ntype = "decimal"',
            '[settings.big_bet_unit]\ntype = "integer"',
            "settings.big_bet_unit.type",
        ),
        ("[craps.big_blocks]", "[craps.big_blockz]", "craps.big_blocks: is missing"),
    ],
)
def test_craps_malformed_ruleset_is_refused_naming_file_and_key(
    old: str, new: str, key: str
) -> None:
    text = ruleset_text("craps-1985")
    assert old in text
    with pytest.raises(RulesetError) as caught:
        load(text.replace(old, new, 1))
    assert caught.value.code == "invalid_ruleset"
    assert caught.value.message.startswith("craps-bad.toml: ")
    assert key in caught.value.message


def test_craps_ruleset_of_another_game_is_refused() -> None:
    with pytest.raises(RulesetError) as caught:
        CrapsRules.from_ruleset(get_ruleset("roulette-2003"))
    assert "game" in caught.value.message


def test_craps_settings_override_is_checked_against_its_choices() -> None:
    with pytest.raises(RulesetError) as caught:
        get_ruleset("craps-1985").with_settings({"odds_limit": "triple"})
    assert "odds_limit" in caught.value.message


@pytest.mark.parametrize("ruleset_id", CRAPS_RULESETS)
def test_craps_every_citation_the_core_can_give_is_an_article_on_file(ruleset_id: str) -> None:
    """Feedback shows the article's text from the citation: none may point to a missing text."""
    from dealer_trainer.rules.articles import article_for

    ruleset = get_ruleset(ruleset_id)
    rules = CrapsRules.from_ruleset(ruleset)
    cited = [
        *rules.citations.values(),
        *(payout.citation for payout in ruleset.payouts.values()),
        *(s.citation for s in ruleset.settings.values() if s.citation is not None),
    ]
    for citation in cited:
        assert article_for(citation) is not None, str(citation)
