"""Amounts follow the reader's language without ever changing the value."""

from decimal import Decimal

import pytest

from dealer_trainer.i18n import LANGUAGES, match_locale
from dealer_trainer.i18n.numbers import format_amount, parse_amount


@pytest.mark.parametrize(
    ("value", "language", "text"),
    [
        ("1275", "en", "1,275"),
        ("1275", "zh_Hant", "1,275"),
        ("1275", "pt", "1.275"),
        ("1234567.5", "en", "1,234,567.50"),
        ("1234567.5", "pt", "1.234.567,50"),
        ("0", "pt", "0"),
        ("999", "en", "999"),
        ("-1000", "en", "-1,000"),
    ],
)
def test_amounts_in_each_language(value: str, language: str, text: str) -> None:
    assert format_amount(Decimal(value), language) == text
    assert parse_amount(text.lstrip("-"), language) == abs(Decimal(value))


def test_cents_can_be_forced_and_never_dropped() -> None:
    assert format_amount(Decimal("7"), "pt", cents=True) == "7,00"
    with pytest.raises(ValueError, match="has cents"):
        format_amount(Decimal("7.5"), "en", cents=False)


@pytest.mark.parametrize("text", ["", "1,2,3.4.5", "abc", "1.5.5"])
def test_bad_amounts_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        parse_amount(text, "en")


@pytest.mark.parametrize(
    ("locale", "code"),
    [
        ("zh_MO", "zh_Hant"),
        ("zh_Hant_TW", "zh_Hant"),
        ("zh_CN", "zh_Hant"),
        ("pt_PT", "pt"),
        ("pt_BR", "pt"),
        ("en_US", "en"),
        ("fr_FR", "en"),
        ("C", "en"),
    ],
)
def test_system_locale_picks_the_language(locale: str, code: str) -> None:
    assert match_locale(locale) == code
    assert code in {language.code for language in LANGUAGES}
