"""Citations read naturally in each language (issue 7)."""

import pytest

from dealer_trainer.i18n.citations import chinese_number, format_article, format_citation
from dealer_trainer.rules.citations import Citation


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1, "一"),
        (7, "七"),
        (10, "十"),
        (11, "十一"),
        (13, "十三"),
        (20, "二十"),
        (21, "二十一"),
        (100, "一百"),
        (105, "一百零五"),
        (110, "一百一十"),
        (121, "一百二十一"),
    ],
)
def test_chinese_article_numbers(value: int, text: str) -> None:
    assert chinese_number(value) == text


def test_roulette_art7_1_in_three_languages() -> None:
    citation = Citation("roulette-2003", 7, 1)
    assert format_citation(citation, "en") == "Art. 7(1), Roulette Regulation (Despacho 30/2003)"
    assert format_citation(citation, "pt") == (
        "art. 7.º, n.º 1, do Regulamento Oficial da «Roleta» "
        "(Despacho Regulamentar Externo n.º 30/2003)"
    )
    assert format_citation(citation, "zh_Hant").startswith("《輪盤法定規章》")
    assert format_citation(citation, "zh_Hant").endswith("第七條第一款")


def test_caribbean_stud_art9_5_9_item_in_chinese_and_portuguese() -> None:
    citation = Citation("caribbean-stud-2004", 9, 5, 9)
    assert format_citation(citation, "zh_Hant").endswith("第九條第五款第（9）項")
    assert format_citation(citation, "pt").startswith("art. 9.º, n.º 5, alínea 9), do Regulamento")


def test_unknown_ruleset_keeps_its_id() -> None:
    assert format_citation(Citation("house-x", 3), "pt") == "art. 3.º, do house-x"


def test_articles_inside_a_sentence() -> None:
    from dealer_trainer.i18n.citations import format_article

    citation = Citation("craps-1985", 2, 2)
    assert format_article(citation, "en") == "Art. 2(2)"
    assert format_article(citation, "pt") == "art. 2.º, n.º 2"
    assert format_article(citation, "zh_Hant") == "第二條第二款"


def test_a_sentence_writes_its_article_as_the_reader_cites() -> None:
    from dealer_trainer.i18n.citations import format_article
    from dealer_trainer.rules.text import T

    line = T("{win} ({article})", win="350", article=Citation("roulette-2003", 7, 1))
    assert line.english() == "350 (Art. 7(1))"
    assert line.render(article=lambda c: format_article(c, "pt")) == "350 (art. 7.º, n.º 1)"


@pytest.mark.parametrize(
    ("language", "article", "whole"),
    [
        ("en", "house ruling", "House pay table (Sic Bo"),
        ("pt", "decisão da casa", "Tabela de pagamentos da casa (Cussec"),
        ("zh_Hant", "賭場裁定", "賭場派彩表（骰寶"),
    ],
)
def test_sic_bo_house_pay_table_is_cited_in_words_never_as_an_article_0(
    language: str, article: str, whole: str
) -> None:
    from dealer_trainer.rules.house import house_pay_table, house_ruling

    table, ruling = house_pay_table("sic-bo-house"), house_ruling("sic-bo-house")
    assert format_article(ruling, language) == article
    assert format_citation(table, language).startswith(whole)  # the house table's own name
    for shown in (format_article(table, language), format_citation(ruling, language)):
        assert "0" not in shown.replace("31/2003", "") and "零" not in shown, shown
