"""Languages: Traditional Chinese (Macau), Portuguese and English.

The ``.ts`` sources under ``ts/`` are committed; ``python -m dealer_trainer.i18n.build``
runs ``pyside6-lupdate`` over the package and ``pyside6-lrelease`` into the
``.qm`` files the app loads (also committed, so a pip install needs no Qt tools;
a test checks they match their sources).
"""

from __future__ import annotations

from dataclasses import dataclass

SOURCE_LANGUAGE = "en"


@dataclass(frozen=True)
class Language:
    code: str  # our code, also the .ts/.qm suffix
    native_name: str  # how the language names itself in the picker
    qt_locale: str  # the QLocale name for numbers, dates and Qt's own dialogs


LANGUAGES: tuple[Language, ...] = (
    Language("zh_Hant", "繁體中文", "zh_Hant_MO"),
    Language("pt", "Português", "pt_PT"),
    Language("en", "English", "en_GB"),
)
CODES = tuple(language.code for language in LANGUAGES)


def language(code: str) -> Language:
    for candidate in LANGUAGES:
        if candidate.code == code:
            return candidate
    raise KeyError(f"there is no language {code!r} (known: {', '.join(CODES)})")


def match_locale(locale_name: str) -> str:
    """The app language for a system locale name (``zh_MO``, ``zh_Hant_TW``, ``pt_BR``, ``en_US``).

    Chinese with a Traditional script or a Macau/Hong Kong/Taiwan region is
    ``zh_Hant``; Simplified Chinese readers also get ``zh_Hant`` (the app has no
    Simplified text, and the regulations are published in Traditional).
    Portuguese is ``pt``; everything else English.
    """
    name = locale_name.replace("-", "_")
    if name.startswith("zh"):
        return "zh_Hant"
    if name.startswith("pt"):
        return "pt"
    return "en"
