"""The official texts shipped with the package, shown article by article with a citation."""

import re
import tomllib
from pathlib import Path

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


# ------------------------------------------- the shipped texts are the sources' --

TEXTS = Path(__file__).parents[2] / "dealer_trainer" / "rules" / "texts"
#: What a web page or a PDF adds around a regulation: navigation, footers, contact lines.
RESIDUE = (
    "返回",
    "回頁首",
    "上一頁",
    "列印",
    "本網站",
    "電話",
    "傳真",
    "Email",
    "Voltar",
    "Imprimir",
)
#: How an article's text may end: a full stop, a semicolon, or the mark of a cut text.
ENDINGS = ("。", ".", "；", ";", "…")


def _files() -> list[Path]:
    return sorted(TEXTS.glob("*.articles.toml"))


def _squeeze(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _pieces_of(text: str, source: str, shortest: int = 8) -> list[str]:
    """``text`` as the fewest runs of ``source`` (a two-column page interleaves the two
    languages, so one paragraph of an article may come in two runs); raises if it is not there."""
    pieces: list[str] = []
    while text:
        low, high = 0, len(text)  # the longest prefix of text found in the source
        while low < high:
            middle = (low + high + 1) // 2
            if text[:middle] in source:
                low = middle
            else:
                high = middle - 1
        if low < min(shortest, len(text)):
            raise AssertionError(f"not in the source: {text[:60]!r}")
        pieces.append(text[:low])
        text = text[low:]
    return pieces


def _as_in_source(text: str, note: dict[str, object]) -> str:
    """The article as the source spells it, undoing each change the file's [source] names."""
    for restored, lost in dict(note.get("restored", {})).items():  # type: ignore[call-overload]
        text = text.replace(restored, lost)
    return text


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name.split(".")[0])
def test_every_article_is_the_published_text_of_its_source(path: Path) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    note = raw["source"]
    source = (TEXTS / note["file"]).read_text(encoding="utf-8")
    for omitted in note.get("omitted", []):
        source = source.replace(omitted, "")
    if note.get("joined_hyphens"):  # words the page broke across lines: "correspon- dente"
        source = re.sub(r"(?<=\w)-\s+(?=\w)", "", source)
    source = _squeeze(source)
    for article in raw["article"]:
        for language, text in article["text"].items():
            where = f"{raw['ruleset']} Art. {article['number']} ({language})"
            for line in _as_in_source(text.strip(), note).splitlines():
                for part in filter(None, map(_squeeze, line.split("…"))):
                    try:
                        pieces = _pieces_of(part, source)
                    except AssertionError as error:
                        raise AssertionError(f"{where}: {error}") from None
                    assert len(pieces) <= 2, f"{where}: a paragraph in {len(pieces)} runs {pieces}"


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name.split(".")[0])
def test_no_article_carries_web_page_residue(path: Path) -> None:
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    for article in raw["article"]:
        for language, text in article["text"].items():
            where = f"{raw['ruleset']} Art. {article['number']} ({language})"
            squeezed = _squeeze(text)
            assert not [r for r in RESIDUE if _squeeze(r) in squeezed], where
            assert text.strip().endswith(ENDINGS), f"{where} ends {text.strip()[-12:]!r}"


def test_caribbean_art13_ends_with_the_application_and_no_navigation() -> None:
    article = article_for(Citation("caribbean-stud-2004", 13))
    assert article is not None
    assert (article.text("zh") or "").endswith("應於預定採用日期前三個工作天提交申請書。")


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name.split(".")[0])
def test_every_english_reading_is_the_digests(path: Path) -> None:
    """The reading shown beside an official text is the project's digest (docs/DIGEST.md)."""
    digest = " ".join((Path(__file__).parents[2] / "docs" / "DIGEST.md").read_text().split())
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    for article in raw["article"]:
        reading = " ".join(article["reading"]["en"].split())
        assert reading in digest, f"{raw['ruleset']} Art. {article['number']}: {reading[:80]!r}"
