"""Switching the app's language at run time, and remembering the choice.

:class:`LanguageManager` installs the app's translator (``dealer_trainer_<code>.qm``)
and Qt's own (for standard dialogs and buttons), sets the default ``QLocale``
and stores the choice.  Installing a translator makes Qt send every widget a
``QEvent.LanguageChange``; widgets answer it by setting their texts again
(their ``retranslate()``), so open screens change language without a restart.
On first start the language follows the system locale.
"""

from __future__ import annotations

from decimal import Decimal
from importlib import resources

from PySide6.QtCore import (
    QCoreApplication,
    QLibraryInfo,
    QLocale,
    QObject,
    QSettings,
    QTranslator,
    Signal,
)

from dealer_trainer.i18n import CODES, LANGUAGES, language, match_locale
from dealer_trainer.i18n.citations import format_citation
from dealer_trainer.i18n.numbers import format_amount
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.rulesets import SHIPPED, RulesetRegistry
from dealer_trainer.rules.text import Text

SETTINGS_KEY = "ui/language"
#: Qt's own catalogues (standard buttons and dialogs) nearest to each language.
QT_CATALOGUES = {
    "zh_Hant": ("zh_MO", "zh_HK", "zh_TW"),
    "pt": ("pt_PT", "pt", "pt_BR"),
    "en": ("en",),
}


class LanguageManager(QObject):
    """The app's current language; ``changed`` fires after the switch."""

    changed = Signal(str)

    def __init__(self, settings: QSettings | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings if settings is not None else QSettings()
        self._translators: list[QTranslator] = []
        self._code = ""

    @property
    def code(self) -> str:
        return self._code

    def initial_language(self) -> str:
        """The stored choice, else the system locale's language."""
        stored = self._settings.value(SETTINGS_KEY)
        if isinstance(stored, str) and stored in CODES:
            return stored
        return match_locale(QLocale.system().name())

    def start(self) -> str:
        """Install the initial language; returns its code."""
        code = self.initial_language()
        self.set_language(code, remember=False)
        return code

    def set_language(self, code: str, *, remember: bool = True) -> None:
        """Switch to ``code`` (zh_Hant, pt or en) now; open screens retranslate themselves."""
        chosen = language(code)  # KeyError names the known codes
        app = QCoreApplication.instance()
        if app is None:
            raise RuntimeError("the language is set once a QApplication exists")
        for translator in self._translators:
            app.removeTranslator(translator)
        self._translators = []
        qt_translator = QTranslator(self)
        qt_dir = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        # Qt ships qtbase_pt_BR and qtbase_zh_TW but no pt_PT or zh_MO: take the nearest.
        for name in QT_CATALOGUES[chosen.code]:
            if qt_translator.load(f"qtbase_{name}", qt_dir):
                self._translators.append(qt_translator)
                break
        ours = QTranslator(self)
        folder = resources.files("dealer_trainer.i18n")
        qm = folder.joinpath(f"dealer_trainer_{chosen.code}.qm")
        if qm.is_file() and ours.load(str(qm)):
            self._translators.append(ours)
        for translator in self._translators:
            app.installTranslator(translator)  # sends QEvent.LanguageChange to every widget
        QLocale.setDefault(QLocale(chosen.qt_locale))
        self._code = chosen.code
        if remember:
            self._settings.setValue(SETTINGS_KEY, chosen.code)
        self.changed.emit(chosen.code)

    def amount(self, value: object) -> str:
        """An amount in the current language's convention (a Decimal, never a float)."""
        from decimal import Decimal  # noqa: PLC0415

        if not isinstance(value, Decimal):
            raise TypeError(f"amounts are Decimal, not {type(value).__name__}")
        return format_amount(value, self._code or "en")


def current_language() -> str:
    """The app's language now (zh_Hant, pt or en), from the default locale the manager set."""
    return match_locale(QLocale().name())


def amount_text(value: Decimal) -> str:
    """An amount in the current language's convention: ``1,275`` (en, zh), ``1.275`` (pt)."""
    return format_amount(value, current_language())


def citation_text(citation: Citation, rulesets: RulesetRegistry = SHIPPED) -> str:
    """A citation as the reader of the current language expects it (its ruleset looked up
    in ``rulesets``: a house ruleset's version needs them)."""
    return format_citation(citation, current_language(), rulesets)


def language_names() -> list[tuple[str, str]]:
    """(code, native name) for a language picker."""
    return [(lang.code, lang.native_name) for lang in LANGUAGES]


def text_in_language(text: Text) -> str:
    """A sentence of the Qt-free layers (``T(...)``) in the current language."""
    return text.render(
        QCoreApplication.translate,
        lambda value: format_amount(value, current_language()),
        citation_text,
    )


def problem_text(error: BaseException) -> str:
    """What went wrong, in the current language: a storage error's sentence translated
    (``StorageError.text``), a refusal of the rules given as a sentence too (``RulesError.text``:
    a house ruleset file's), any other error's own words."""
    from dealer_trainer.rules.errors import RulesError  # noqa: PLC0415 (cheap, once)
    from dealer_trainer.storage.errors import (  # noqa: PLC0415 (cheap, once)
        InputRefusedError,
        StorageError,
    )

    if isinstance(error, StorageError | InputRefusedError) and error.text is not None:
        return text_in_language(error.text)
    if isinstance(error, RulesError) and error.text is not None:
        said = text_in_language(error.text)
        if error.citation is None:
            return said
        return f"{said} ({citation_text(error.citation)})"
    return str(error)
