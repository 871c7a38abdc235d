"""Translatable text without Qt.

The rules core and the drills engine have no Qt, yet every sentence they show
a trainee (a ruling, a question, a worked solution) must reach Qt's
translation functions.  Sentences are made with :func:`T`, which
``pyside6-lupdate`` extracts as an alias of ``QT_TR_NOOP``
(``-tr-function-alias QT_TR_NOOP+=T``; the translation context is the empty
one), and carried as :class:`Text`: the English source with ``{named}``
placeholders and typed parameters.  A parameter may itself be a
:class:`Text` (a bet name inside a sentence) or a
:class:`~dealer_trainer.rules.citations.Citation` (written in the reader's
legal style).

The UI translates with ``QCoreApplication.translate(context, source)`` and
formats amounts for the reader's language (:meth:`Text.render`);
:meth:`Text.english` does the same in English for logs, reports and tests.

A source string with a context of its own (a felt label, a column heading) is marked with
:func:`QT_TRANSLATE_NOOP`, read by lupdate by its name: the felt layouts use it without Qt,
and the UI's tables of names use it too, because PySide6 types its own as returning
``object``. Such a string's ``%1``, ``%2`` … are filled with :func:`fill`, in one pass, in
every layer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Union

from dealer_trainer.rules.citations import Citation

#: The translation context of every :func:`T` sentence.
CONTEXT = ""

Param = Union[str, int, Decimal, Citation, "Text"]
Translate = Callable[[str, str], str]
FormatAmount = Callable[[Decimal], str]
FormatArticle = Callable[[Citation], str]


@dataclass(frozen=True)
class Text:
    """A sentence to translate, with its parameters."""

    source: str
    params: Mapping[str, Param] = field(default_factory=dict)
    context: str = CONTEXT

    def render(
        self,
        translate: Translate | None = None,
        amount: FormatAmount | None = None,
        article: FormatArticle | None = None,
    ) -> str:
        """The sentence in the reader's language: translated, then filled in.

        ``amount`` writes Decimal parameters (default: English grouping);
        ``article`` writes Citation parameters (default: ``Art. 7(1)``).
        """
        tr = translate or _untranslated
        fmt = amount or format_amount
        cite = article or _article_ref
        values = {k: _render_param(v, tr, fmt, cite) for k, v in self.params.items()}
        return tr(self.context, self.source).format(**values)

    def english(self) -> str:
        return self.render()

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "params": {k: _param_json(v) for k, v in self.params.items()},
        }


def T(source: str, **params: Param) -> Text:  # noqa: N802 - an alias of QT_TR_NOOP for lupdate
    """Mark ``source`` for translation and attach its parameters."""
    return Text(source, params)


def QT_TRANSLATE_NOOP(context: str, source: str) -> str:  # noqa: N802 - the name lupdate reads
    """Mark ``source`` for translation in ``context``; returns it unchanged."""
    del context
    return source


def fill(template: str, *values: str) -> str:
    """``template`` with ``%1``, ``%2`` … replaced by ``values`` in one pass, so that a value
    holding a placeholder (a group named "Turma %1", a name with "%2") is written as typed,
    never filled in itself. A placeholder without a value is left as it is.

    The one way to fill a Qt sentence's placeholders (a test forbids filling them by hand with
    ``str.replace`` in the package): it lives here, at the bottom, so that every layer uses it:
    the felts' labels, the reports and the UI."""

    def value(found: re.Match[str]) -> str:
        number = int(found.group(1))
        return values[number - 1] if 1 <= number <= len(values) else found.group(0)

    return re.sub(r"%([1-9])", value, template)


def _untranslated(context: str, source: str) -> str:
    del context
    return source


def _article_ref(citation: Citation) -> str:
    return citation.article_ref


def _render_param(value: Param, tr: Translate, fmt: FormatAmount, cite: FormatArticle) -> str | int:
    if isinstance(value, Text):
        return value.render(tr, fmt, cite)
    if isinstance(value, Decimal):
        return fmt(value)
    if isinstance(value, Citation):
        return cite(value)
    return value


def _param_json(value: Param) -> Any:
    if isinstance(value, Text):
        return value.to_json()
    if isinstance(value, Citation):
        return str(value)
    if isinstance(value, Decimal):
        return f"{value:.2f}"
    return value


def format_amount(value: Decimal) -> str:
    """``1275`` → ``"1,275"``; ``7.5`` → ``"7.50"``: never changes the value."""
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.quantize(Decimal('0.01')):,}"
