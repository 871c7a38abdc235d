"""The ruleset ``baccarat-2004``: the settings of the digest and the contract, and its texts
shipped with each article's status (on file, secondary, not on file; revoked)."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from dealer_trainer.rules.articles import article_for, articles
from dealer_trainer.rules.baccarat.authority import Authority, Basis, authority
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import default_ruleset, get_ruleset

TEXTS = Path(__file__).parents[3] / "dealer_trainer" / "rules" / "texts"
RULESET = get_ruleset("baccarat-2004")


def test_baccarat_2004_is_the_default_ruleset_of_the_game_and_on_file_in_part() -> None:
    assert default_ruleset("baccarat") == RULESET
    assert RULESET.game is Game.BACCARAT and RULESET.status == "partial"
    assert RULESET.source_text == "baccarat-2004.txt"


def test_the_contract_s_settings_with_their_defaults_and_articles() -> None:
    values = RULESET.values
    assert values["decks"] == 8
    assert values["commission"] == "five_percent"
    assert values["commission_collect"] == "deduct"
    assert values["commission_rounding"] == "down"
    assert (values["tie_pays"], values["pair_pays"]) == (8, 11)
    assert (values["lucky6_two_cards"], values["lucky6_three_cards"]) == (12, 20)
    settings = RULESET.settings
    assert (settings["decks"].minimum, settings["decks"].maximum) == (Decimal(6), Decimal(12))
    assert settings["commission"].choices == ("five_percent", "no_commission")
    assert settings["commission_collect"].choices == ("deduct", "box")
    assert settings["commission_rounding"].choices == ("down", "up")
    assert settings["decks"].citation == Citation("baccarat-2004", 1)
    assert settings["lucky6_two_cards"].citation == Citation("baccarat-2004", 17, 5)
    # The tie's and the pairs' figures rest on a revoked text: no article is cited for them.
    assert settings["tie_pays"].citation is None and settings["pair_pays"].citation is None
    # The digest's other house settings.
    assert values["burn"] == "decks" and "fixed(8)" in settings["burn"].choices
    assert values["last_coup"] == "this_coup" and settings["last_coup"].choices == (
        "this_coup",
        "one_more",
    )
    assert values["dealing"] == "shoe" and settings["dealing"].choices == ("shoe", "machine")
    assert values["irregularity_drills"] == "art4_only"
    assert RULESET.payouts["banker_no_commission_six"].ratio == Fraction(1, 2)


def test_every_setting_cites_only_an_article_that_is_on_file() -> None:
    on_file = set(articles("baccarat-2004"))
    for setting in RULESET.settings.values():
        if setting.citation is not None:
            assert setting.citation.article in on_file, setting.name
    for payout in RULESET.payouts.values():
        assert payout.citation.article in on_file


def test_the_texts_give_each_article_its_status() -> None:
    raw = tomllib.loads((TEXTS / "baccarat-2004.articles.toml").read_text(encoding="utf-8"))
    status = {a["number"]: a["status"] for a in raw["article"]}
    assert status == {
        1: "on file",
        2: "on file",
        3: "secondary",
        4: "secondary",
        5: "secondary",
        6: "secondary",
        7: "secondary",
        13: "on file",
        17: "on file",
        18: "on file",
        19: "on file",
    }
    assert raw["not_on_file"] == [8, 9, 10, 11, 12, 14, 15, 16]
    assert {u["name"]: u["status"] for u in raw["unnumbered"]} == {
        "drawing rules": "secondary",
        "winner rule": "secondary",
        "Ordem Executiva 70/2000": "revoked",
    }
    assert article_for(Citation("baccarat-2004", 9)) is None  # not on file: nothing shown
    art18 = article_for(Citation("baccarat-2004", 18, 1))
    assert art18 is not None and art18.status == "on file"
    assert "comissão de 5% (cinco por cento)" in (art18.text("pt") or "")
    art5 = article_for(Citation("baccarat-2004", 5))
    assert art5 is not None and art5.status == "secondary" and art5.text("pt") is None
    assert "人形紙牌,10及合計十點者,俱作零點" in (art5.text("zh") or "")


def test_the_unnumbered_texts_are_the_sources_own() -> None:
    raw = tomllib.loads((TEXTS / "baccarat-2004.articles.toml").read_text(encoding="utf-8"))
    source = "".join((TEXTS / "baccarat-2004.txt").read_text(encoding="utf-8").split())
    for entry in raw["unnumbered"]:
        for text in entry["text"].values():
            for line in text.strip().splitlines():
                assert "".join(line.split()) in source, (entry["name"], line)
    drawing = next(u for u in raw["unnumbered"] if u["name"] == "drawing rules")
    assert "兩牌合計為3點時,而“閒家”所增之牌是1、2、3、4、5、6、7、9或10點" in drawing["text"]["zh"]
    revoked = next(u for u in raw["unnumbered"] if u["name"] == "Ordem Executiva 70/2000")
    assert "na proporção de 8 para 1" in revoked["text"]["pt"]


def test_an_authority_in_words_is_a_citation_that_names_no_article() -> None:
    cited = authority(Basis.DRAWING_RULES)
    assert isinstance(cited, Authority) and isinstance(cited, Citation)
    assert str(cited) == "baccarat-2004 drawing rules (secondary text; article not on file)"
    assert cited.article == 0 and article_for(cited) is None
    assert cited.words.english().startswith("the drawing rules")
