"""Amounts follow the reader's language without ever changing the value."""

from decimal import Decimal

import pytest

from dealer_trainer.i18n import LANGUAGES, match_locale
from dealer_trainer.i18n.numbers import figure_text, format_amount, parse_amount


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


@pytest.mark.parametrize(
    ("digits", "language", "text"),
    [
        ("77.1", "en", "77.1"),
        ("77.1", "zh_Hant", "77.1"),
        ("77.1", "pt", "77,1"),
        ("1025", "pt", "1.025"),
        ("1025", "en", "1,025"),
        ("12345.0", "pt", "12.345,0"),
        ("3.2", "pt", "3,2"),
        ("-3.5", "pt", "-3,5"),
        ("0", "pt", "0"),
        ("-0.0", "pt", "0,0"),
    ],
)
def test_figures_follow_the_amounts_convention_of_each_language(
    digits: str, language: str, text: str
) -> None:
    """A count, a share or a time is never read as an amount: in Portuguese 1.025 is a
    thousand and 77,1 a share, as 1.025 patacas is an amount."""
    assert figure_text(digits, language) == text


@pytest.mark.parametrize("digits", ["", "1,5", "1.2.3", "abc", "1.", "1e5", "²", "١٢"])
def test_a_figure_must_come_in_plain_digits(digits: str) -> None:
    with pytest.raises(ValueError, match="plain digits"):
        figure_text(digits, "pt")


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
