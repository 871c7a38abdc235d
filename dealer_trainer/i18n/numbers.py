"""Amounts and figures written the way each language's reader expects, never changing
the value.

No floats: the digits come from the ``Decimal`` itself.  English and
Traditional Chinese (Macau) group thousands with "," and use "." for cents;
Portuguese groups with "." and uses "," for cents. A count, a share or a time
(``figure_text``) follows the same convention, so that a Portuguese reader never
sees "1.025" as an amount beside "1.7 s" as a time.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from decimal import Decimal

_SEPARATORS = {
    "en": (",", "."),
    "zh_Hant": (",", "."),
    "pt": (".", ","),
}
#: No grouping and a point: what a spreadsheet in any language reads as the same number.
_PLAIN = ("", ".")
_plain: ContextVar[bool] = ContextVar("plain_amounts", default=False)


@contextmanager
def plain_amounts() -> Iterator[None]:
    """Amounts written ``1050`` and ``7.50`` whatever the language, while inside and on
    this thread only (a CSV's cells: ``1.050`` in Portuguese is 1.05 to an English Excel)."""
    token = _plain.set(True)
    try:
        yield
    finally:
        _plain.reset(token)


def format_amount(value: Decimal, language: str = "en", *, cents: bool | None = None) -> str:
    """``Decimal("1275")`` → ``"1,275"`` (en), ``"1.275"`` (pt); cents shown when there are any.

    ``cents=True`` always shows two decimals; ``False`` never (the value must then be whole).
    """
    if not value.is_finite():
        raise ValueError(f"{value} is not an amount")
    group, point = _PLAIN if _plain.get() else _SEPARATORS.get(language, _SEPARATORS["en"])
    whole_only = value == value.to_integral_value()
    show_cents = (not whole_only) if cents is None else cents
    if not show_cents and not whole_only:
        raise ValueError(f"{value} has cents; it cannot be shown without them")
    quantized = value.quantize(Decimal("0.01")) if show_cents else value.to_integral_value()
    sign = "-" if quantized < 0 else ""
    digits = format(abs(quantized), "f")
    integer, _, fraction = digits.partition(".")
    grouped = ""
    while len(integer) > 3:
        grouped = group + integer[-3:] + grouped
        integer = integer[:-3]
    grouped = integer + grouped
    return f"{sign}{grouped}{point}{fraction}" if show_cents else f"{sign}{grouped}"


def parse_amount(text: str, language: str = "en") -> Decimal:
    """Read an amount typed in the reader's convention ("1.275,50" in Portuguese)."""
    group, point = _SEPARATORS.get(language, _SEPARATORS["en"])
    cleaned = text.strip().replace(" ", "").replace("\u00a0", "").replace(group, "")
    cleaned = cleaned.replace(point, ".")
    if not cleaned or cleaned.count(".") > 1 or not cleaned.replace(".", "").isdigit():
        raise ValueError(f"{text!r} is not an amount")
    return Decimal(cleaned)


def figure_text(digits: str, language: str = "en") -> str:
    """A figure that is not money (a count, a percentage, seconds), written in plain digits
    (``"1234"``, ``"77.1"``, ``"-3.5"``), as the reader writes it: ``"1,234"``, ``"77.1"``
    (en, zh_Hant); ``"1.234"``, ``"77,1"`` (pt). The digits are kept as given."""
    sign, unsigned = ("-", digits[1:]) if digits.startswith("-") else ("", digits)
    integer, dot, fraction = unsigned.partition(".")
    plain = unsigned.isascii() and integer.isdigit() and (not dot or fraction.isdigit())
    if not plain:  # "²" and "١٢" are digits to str.isdigit, not to a reader of figures
        raise ValueError(f"{digits!r} is not a figure in plain digits")
    if not unsigned.strip("0."):  # "-0.0" is written "0.0"
        sign = ""
    group, point = _SEPARATORS.get(language, _SEPARATORS["en"])
    grouped = ""
    while len(integer) > 3:
        grouped = group + integer[-3:] + grouped
        integer = integer[:-3]
    return f"{sign}{integer}{grouped}" + (f"{point}{fraction}" if dot else "")
