"""Citations as a reader of each language expects them.

The rules core cites as ``roulette-2003 Art. 7(1)``: stable, and what the CLI
and the tests use.  On screen a trainee reads the regulation's name and the
article in their own language's legal style:

- en: ``Art. 7(1), Roulette Regulation (Despacho 30/2003)``
- pt: ``art. 7.º, n.º 1, do Regulamento Oficial da «Roleta» (Despacho …)``
- zh_Hant: ``《輪盤法定規章》（…）第七條第一款``

The names come from the ruleset files' ``[names]`` tables.  A house table
(Sic Bo's, whose regulation is not on file) is cited by no article: a
:class:`~dealer_trainer.rules.sic_bo.house.HouseReference` reads "house pay
table" (or "house ruling", "house table procedure") where an article would
stand, in the reader's language.
"""

from __future__ import annotations

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesError
from dealer_trainer.rules.house import HouseBasis, HouseReference
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry

_DIGITS = "零一二三四五六七八九"


def chinese_number(value: int) -> str:
    """1 → 一, 10 → 十, 13 → 十三, 21 → 二十一, 100 → 一百 (article numbers)."""
    if value < 0:
        raise ValueError("article numbers are positive")
    if value < 10:
        return _DIGITS[value]
    if value < 100:
        tens, units = divmod(value, 10)
        return ("" if tens == 1 else _DIGITS[tens]) + "十" + (_DIGITS[units] if units else "")
    hundreds, rest = divmod(value, 100)
    if rest == 0:
        return _DIGITS[hundreds] + "百"
    middle = "零" if rest < 10 else ""
    tail = chinese_number(rest) if rest >= 20 or rest < 10 else "一" + chinese_number(rest)
    return _DIGITS[hundreds] + "百" + middle + tail


#: What stands where an article would, for a house reference, by language.
HOUSE_WORDS: dict[str, dict[HouseBasis, str]] = {
    "en": {
        HouseBasis.PAY_TABLE: "house pay table",
        HouseBasis.RULING: "house ruling",
        HouseBasis.PROCEDURE: "house table procedure",
    },
    "pt": {
        HouseBasis.PAY_TABLE: "tabela da casa",
        HouseBasis.RULING: "decisão da casa",
        HouseBasis.PROCEDURE: "procedimento de mesa da casa",
    },
    "zh_Hant": {
        HouseBasis.PAY_TABLE: "賭場派彩表",
        HouseBasis.RULING: "賭場裁定",
        HouseBasis.PROCEDURE: "賭場枱面程序",
    },
}


def regulation_name(ruleset_id: str, language: str, rulesets: RulesetRegistry = SHIPPED) -> str:
    """The regulation's name in ``language``; the ruleset id if it has none (the ruleset
    looked up in ``rulesets``, a house ruleset's version too; default: the shipped ones)."""
    try:
        names = rulesets.get(ruleset_id).names
    except RulesError:
        return ruleset_id
    return names.get(language) or names.get("en") or ruleset_id


def read_citation(text: str) -> Citation:
    """A citation as stored (``roulette-2003 Art. 5(1)``), read back to be written in words;
    a house reference too (``sic-bo-house house pay table``), which names no article and
    must never reach a reader as it is stored.  ``ValueError`` if it is neither."""
    house = HouseReference.parse_house(text)
    return house if house is not None else Citation.parse(text)


def format_article(citation: Citation, language: str = "en") -> str:
    """The article alone, inside a sentence: ``Art. 7(1)``, ``art. 7.º, n.º 1``, ``第七條第一款``.

    (The regulation is named once elsewhere on the screen.)  A house reference has no
    article: it reads "house pay table", "tabela de pagamentos da casa", "賭場派彩表".
    """
    if isinstance(citation, HouseReference):
        return HOUSE_WORDS.get(language, HOUSE_WORDS["en"])[citation.basis]
    if language == "zh_Hant":
        return citation.written("第{}條", "第{}款", "第（{}）項", chinese_number)
    if language == "pt":
        return citation.written("art. {}.º", ", n.º {}", ", alínea {})")
    return citation.article_ref


def format_citation(
    citation: Citation, language: str = "en", rulesets: RulesetRegistry = SHIPPED
) -> str:
    """The citation as a sentence fragment in ``language`` (en, pt or zh_Hant); its ruleset
    is looked up in ``rulesets`` (default: the shipped ones only)."""
    name = regulation_name(citation.ruleset, language, rulesets)
    if isinstance(citation, HouseReference) and citation.basis is HouseBasis.PAY_TABLE:
        return name  # the name says it: "House pay table (Sic Bo; …)"
    article = format_article(citation, language)
    if language == "zh_Hant":
        return f"{name}{article}"
    if language == "pt":
        # a house table is no «Regulamento»: named after a semicolon, not with «do»
        joined = "; " if isinstance(citation, HouseReference) else ", do "
        return f"{article}{joined}{name}"
    return f"{article}, {name}"
