"""The official texts shipped with the package, shown article by article with a citation."""

import pytest

from dealer_trainer.rules.articles import article_for, articles
from dealer_trainer.rules.citations import Citation

ARTICLE_COUNTS = {"roulette-2003": 8, "craps-1985": 12, "caribbean-stud-2004": 13}


@pytest.mark.parametrize(("ruleset", "count"), sorted(ARTICLE_COUNTS.items()))
def test_every_article_of_each_regulation_is_on_file(ruleset: str, count: int) -> None:
    on_file = articles(ruleset)
    assert sorted(on_file) == list(range(1, count + 1))
    for article in on_file.values():
        assert article.reading_en, f"{ruleset} Art. {article.number} has no English reading"


def test_roulette_art8_in_both_official_languages() -> None:
    article = article_for(Citation.parse("roulette-2003 Art. 8"))
    assert article is not None
    assert article.text(
        "pt"
    ) is not None and "só ganha quem tiver nele jogado no pleno" in article.text("pt")  # type: ignore[operator]
    assert article.text("zh") == "凡 0 號碼開出，投注於 0 者勝，其餘通吃。"


def test_roulette_art5_orders_differ_between_the_texts() -> None:
    article = article_for(Citation("roulette-2003", 5, 1))
    assert article is not None
    assert "ruas, quadros" in (article.text("pt") or "")
    assert "四門騎，三門一列" in (article.text("zh") or "")


def test_caribbean_stud_art4_suit_order_is_chinese_text() -> None:
    article = article_for(Citation("caribbean-stud-2004", 4))
    assert article is not None
    assert "黑桃、紅心、梅花、鑽石" in (article.text("zh") or "")
    assert article.text("pt") is None


def test_craps_2010_has_only_article_2_on_file() -> None:
    assert sorted(articles("craps-2010")) == [2]
    assert article_for(Citation("craps-2010", 6, 2)) is None


def test_craps_1985_art9_big_six_text() -> None:
    article = article_for(Citation("craps-1985", 9))
    assert article is not None
    assert "Por uma aposta de $6,00 caberá o prémio de $7,00" in (article.text("pt") or "")
