"""The glossary: every term in three languages with its source, the texts' own words, and
the one home of the bets' names."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from dealer_trainer.drills.bet_names import named, spot_name
from dealer_trainer.glossary import (
    LANGUAGES,
    GlossaryError,
    SourceKind,
    Term,
    bet_name,
    cited_passage,
    glossary,
    occurs,
    parse,
    term,
    where_written,
)
from dealer_trainer.layouts import felt_for, labels
from dealer_trainer.layouts import sic_bo as sic_bo_felt
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.rulesets import default_ruleset

PACKAGE = Path(__file__).resolve().parents[2] / "dealer_trainer"
TOML = resources.files("dealer_trainer.glossary").joinpath("terms.toml").read_text("utf-8")
CITED = [
    (entry, language)
    for entry in glossary().terms
    for language in LANGUAGES
    if entry.sources[language].citation is not None
]


def _id(value: object) -> str:
    return value.id if isinstance(value, Term) else str(value)


# -------------------------------------------------------------------- validity --
def test_every_term_has_its_three_words_and_a_source_for_each() -> None:
    terms = glossary().terms
    assert {entry.game for entry in terms} == set(Game.ids())
    for entry in terms:
        assert all(entry.word(language).strip() for language in LANGUAGES), entry.id
        assert set(entry.sources) == set(LANGUAGES), entry.id
        for source in entry.sources.values():
            assert (source.citation is None) == (source.reference is not None), entry.id


def _replaced(old: str, new: str) -> str:
    """The glossary file with one passage changed (it must be there once)."""
    assert TOML.count(old) == 1, old
    return TOML.replace(old, new)


@pytest.mark.parametrize(
    ("broken", "said"),
    [
        (_replaced('zh_Hant = "孤丁"\nsource', "source"), "no zh_Hant"),
        (
            _replaced('source.pt = { article = "roulette-2003 Art. 6(2)" }\n', ""),
            "a source is needed",
        ),
        (
            TOML.replace(
                'article = "roulette-2003 Art. 6(3)"', 'article = "roulette-2003 Art. 60"'
            ),
            "is not in rules/texts/roulette-2003.articles.toml",
        ),
        (
            TOML.replace(
                'source.zh_Hant = { customary = "craps-felt" }\n[[term.name]]\nkey = "field"',
                'source.zh_Hant = { article = "craps-1985 Art. 4" }\n[[term.name]]\nkey = "field"',
            ),
            "has no zh text on file",
        ),
        (
            TOML.replace('source.en = { reading = "roulette-2003 Art. 6" }', "source.en = {}", 1),
            "expected exactly one of",
        ),
        (TOML.replace('customary = "craps-felt"', 'customary = "no-such"', 1), "no reference"),
        (TOML.replace('pt = "Cavalo {shown}"', 'pt = "Quadro {shown}"'), "does not use the term"),
        (TOML.replace('pt = "Cavalo {shown}"', 'pt = "Cavalo"'), "placeholders differ"),
        (TOML.replace('key = "street"', 'key = "split"'), "declared twice"),
    ],
    ids=[
        "no-chinese",
        "no-source",
        "no-such-article",
        "no-chinese-text",
        "no-kind",
        "no-reference",
        "name-not-the-word",
        "placeholders",
        "twice",
    ],
)
def test_a_glossary_without_a_language_a_source_or_its_article_is_refused(
    broken: str, said: str
) -> None:
    with pytest.raises(GlossaryError, match=re.escape(said)):
        parse(broken)


@pytest.mark.parametrize(("entry", "language"), CITED, ids=_id)
def test_each_cited_word_is_written_in_the_article_it_cites(entry: Term, language: str) -> None:
    """Chinese and Portuguese: in the cited paragraph or item of the official text (an
    English name of the Portaria: in its Portuguese text); English: in the project's
    reading of the article."""
    source = entry.sources[language]
    text = where_written(source, language)
    written = source.written or entry.word(language)
    assert text is not None, f"{source.citation} has no such paragraph or item on file"
    assert occurs(written, text), f"{entry.id} {language}: {written!r} is not in {source.citation}"


def test_a_word_cited_to_the_wrong_item_is_not_found() -> None:
    """The check above reads the cited item, not the whole article: «cavalo» is Art. 6(2)'s,
    not 6(3)'s; 兩門騎 likewise."""
    assert occurs("cavalo", cited_passage(Citation.parse("roulette-2003 Art. 6(2)"), "pt") or "")
    assert not occurs(
        "cavalo", cited_passage(Citation.parse("roulette-2003 Art. 6(3)"), "pt") or ""
    )
    assert not occurs(
        "兩門騎", cited_passage(Citation.parse("roulette-2003 Art. 6(3)"), "zh") or ""
    )
    assert cited_passage(Citation.parse("roulette-2003 Art. 6(18)"), "pt") is None


def test_roulette_art6_9_each_dozen_is_named_as_the_texts_name_it() -> None:
    assert [term(f"roulette.dozen_{n}").word("pt") for n in (1, 2, 3)] == [
        "pequeno",
        "médio",
        "grande",
    ]
    assert [term(f"roulette.dozen_{n}").word("zh_Hant") for n in (1, 2, 3)] == [
        "小十二門",
        "中十二門",
        "大十二門",
    ]
    assert term("roulette.marker").word("pt") == "indicador"  # Art. 4


def test_craps_1985_names_its_bets_in_english_and_the_glossary_says_so() -> None:
    """The Portaria writes «"Pass Line"», «"Field"», «"Big 6 or 8"», «"Any Craps"», «"Hard
    Ways"» inside its Portuguese text: the glossary keeps them and marks them so."""
    for term_id in ("pass", "field", "big_6_8", "any_craps", "hard_ways", "dont_come"):
        entry = term(f"craps.{term_id}")
        for language in ("en", "pt"):
            source = entry.sources[language]
            assert source.english and source.citation is not None, (entry.id, language)
            assert source.citation.ruleset == "craps-1985"
        assert entry.word("pt") == entry.word("en")


def test_sic_bo_words_cite_no_article() -> None:
    """Its regulation is not on file: each word is the customary term with its reference."""
    for entry in glossary().for_game("sic_bo"):
        for language in LANGUAGES:
            source = entry.sources[language]
            assert source.citation is None, entry.id
            assert source.kind in (SourceKind.CUSTOMARY, SourceKind.TRANSLATION)
            assert source.reference is not None and all(
                source.reference.text(code).strip() for code in LANGUAGES
            )


def test_caribbean_stud_a_box_is_a_posicao_never_the_house() -> None:
    entries = glossary().for_game("caribbean_stud")
    assert term("caribbean_stud.box").word("pt") == "posição"
    assert term("caribbean_stud.progressive").word("zh_Hant") == "累進大獎"  # Art. 5
    words = [e.word("pt") for e in entries] + [n.patterns["pt"] for e in entries for n in e.names]
    assert not [w for w in words if re.search(r"\bcasas?\b", w)]


# --------------------------------------------------------------- the bets' names --
def test_a_bet_name_takes_exactly_its_placeholders() -> None:
    assert bet_name("roulette", "split", shown="17-20").english() == "Split 17-20"
    assert bet_name("caribbean_stud", "ante", box=3).english() == "Box 3 ante"
    with pytest.raises(TypeError):
        bet_name("roulette", "split")
    with pytest.raises(KeyError):
        bet_name("roulette", "no-such-bet")


@pytest.mark.parametrize("game", Game.ids())
def test_every_spot_of_every_felt_is_named_by_the_glossary(game: str) -> None:
    """Every spot's name is one of the glossary's names, filled in: no internal id, nothing
    declared elsewhere."""
    sources = {name.source for name in glossary().names()}
    felt = felt_for(game, default_ruleset(game))
    for spot in felt:
        text = spot_name(spot, felt)
        assert text.source in sources, (spot.id, text.source)
        assert "{" not in text.english() and spot.id not in text.english().split(), spot.id


def test_names_read_as_before() -> None:
    """The English names the app has always shown (tests elsewhere assert them)."""
    assert named("roulette", "dozen", index=2).english() == "Dozen 2 (13–24)"
    assert named("roulette", "straight", numbers=(17,)).english() == "Straight-up 17"
    assert named("roulette", "low").english() == "Low 1–18"
    assert named("craps", "come", number=8).english() == "Come bet on 8"
    assert named("craps", "come").english() == "Come"
    behind = named("craps", "dont_come", number=4)
    assert named("craps", "odds", behind=behind).english() == "Odds behind Don't Come bet on 4"
    assert named("craps", "odds").english() == "Odds behind a line bet"
    assert named("craps", "hard", number=8).english() == "Hard 8"
    assert named("caribbean_stud", "progressive", box=2).english() == (
        "Box 2 progressive jackpot bet"
    )
    assert named("sic_bo", "combination", numbers=(2, 5)).english() == "Combination 2-5"
    assert named("sic_bo", "single", number=4).english() == "Single number 4"


_DECLARED = re.compile(
    r"""\b(?:T|tr|QT_TR_NOOP)\(\s*"((?:[^"\\]|\\.)*)"|"""
    r"""\bQT_TRANSLATE_NOOP\(\s*"[^"]*"\s*,\s*"((?:[^"\\]|\\.)*)"|"""
    r"""\btranslate\(\s*"[^"]*"\s*,\s*"((?:[^"\\]|\\.)*)\""""
)


def test_a_bet_name_is_declared_once_in_the_glossary() -> None:
    """No translatable string of the app's code is a bet name of the glossary: the felts,
    the drills, the live table and the instructor's views take them from there. (The rules
    core, below the glossary, keeps its own English for the rules CLI and its Sic Bo
    rulings; tests/i18n/test_glossary_translations.py checks their translations.)"""
    sources = {name.source for name in glossary().names()}
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "rules" in path.relative_to(PACKAGE).parts[:1]:
            continue
        for match in _DECLARED.finditer(path.read_text(encoding="utf-8")):
            literal = next(group for group in match.groups() if group is not None)
            if literal.replace("\\'", "'") in sources:
                found.append(f"{path.relative_to(PACKAGE)}: {literal!r}")
    assert not found, found


def test_the_felts_print_the_glossarys_chinese() -> None:
    """A bet's box on the felt prints the glossary's word (or its shorter felt print)."""
    assert labels.PASS.zh == term("craps.pass").word("zh_Hant") == "派司拉"
    assert labels.ANY_CRAPS.zh == term("craps.any_craps").word("zh_Hant")
    assert labels.COLUMN_LABEL.zh == "直十二門"
    assert [label.zh for label in labels.DOZEN_LABELS] == ["小", "中", "大"]
    assert labels.PROGRESSIVE.zh == "累進" and labels.JACKPOT.zh == "累進大獎"
    assert sic_bo_felt.ANY_TRIPLE.zh == term("sic_bo.any_triple").word("zh_Hant") == "全圍"
    assert not [
        label.zh
        for label in vars(labels).values()
        if isinstance(label, labels.Label) and "垃圾" in label.zh
    ]
