"""The glossary: the games' words in English, Portuguese and Traditional Chinese, one home.

``terms.toml`` beside this module holds each term of the games' vocabulary (a bet, the
marker, a Caribbean Stud hand) in the three languages of the app, with where each word
comes from: the article whose official text uses it, the project's English reading of an
article, or the customary Macau term (or the app's own word, where no text in that language
is on file) with a reference saying so.

It is also the one home of the bets' names: every name the app gives a bet ("Split 17-20",
"Box 3 ante", "Hard 8") is a :class:`Name` of a term, made here as a :func:`T`-style
:class:`~dealer_trainer.rules.text.Text` whose English is the translatable source; the
Portuguese and Chinese of each name are written into the ``.ts`` files from here by
``python -m dealer_trainer.i18n.build`` (and ``tests/i18n`` checks they are), so translators
and the glossary cannot drift apart.

The file is validated when it is first read: every term has its three words and a source
for each; an article cited exists in ``rules/texts/*.articles.toml`` (``tests/glossary``
checks that the word is in its text); every name uses its term's word in each language.
No Qt here: the window (``ui/window/glossary.py``) shows it.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any

from dealer_trainer.rules.articles import Article, article_for
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.text import Param, Text

#: The app's languages, as the glossary and the ``.ts`` files name them.
LANGUAGES = ("en", "pt", "zh_Hant")
#: The official text a word of each language is quoted from (English has none: the craps
#: Portaria writes its bets' English names in its Portuguese text).
TEXT_LANGUAGE = {"en": "pt", "pt": "pt", "zh_Hant": "zh"}
FILE = "terms.toml"
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_ID = re.compile(r"^(?P<game>[a-z_]+)\.[a-z0-9_]+$")


class GlossaryError(ValueError):
    """The glossary file is not valid: what is wrong, and where."""


class SourceKind(StrEnum):
    """Where a word comes from."""

    ARTICLE = "article"  # an official text uses it (or writes it in English)
    READING = "reading"  # the project's English reading of an article names it
    CUSTOMARY = "customary"  # the customary Macau term, with a reference
    TRANSLATION = "translation"  # the app's own word: no text in the language is on file


@dataclass(frozen=True)
class Reference:
    """What a customary term or the app's own word rests on, said in each language."""

    id: str
    texts: Mapping[str, str]

    def text(self, language: str) -> str:
        return self.texts.get(language) or self.texts["en"]


@dataclass(frozen=True)
class Source:
    """Where one language's word of a term comes from."""

    kind: SourceKind
    citation: Citation | None = None
    #: The text's own form, where it differs from the word ("dúzias", simplified 东派司).
    written: str | None = None
    #: The Portuguese text writes this name in English (the craps Portaria's "Pass Line").
    english: bool = False
    reference: Reference | None = None

    def article(self) -> Article | None:
        return None if self.citation is None else article_for(self.citation)


@dataclass(frozen=True)
class Name:
    """How the app names a bet of a term: an English source with ``{placeholders}`` and its
    Portuguese and Chinese, e.g. ``Split {shown}`` / ``Cavalo {shown}`` / ``兩門騎 {shown}``."""

    game: str
    key: str
    term: str
    patterns: Mapping[str, str]

    @property
    def source(self) -> str:
        """The English: the translatable source string (context ``""``)."""
        return self.patterns["en"]

    @property
    def placeholders(self) -> frozenset[str]:
        return frozenset(_PLACEHOLDER.findall(self.source))

    def text(self, **params: Param) -> Text:
        """The name as a sentence to translate, its placeholders filled by ``params``."""
        if set(params) != self.placeholders:
            raise TypeError(
                f"the name {self.game}/{self.key} takes {sorted(self.placeholders)}, "
                f"not {sorted(params)}"
            )
        return Text(self.source, dict(params))


@dataclass(frozen=True)
class Term:
    """One word of the games' vocabulary in the three languages, each with its source."""

    id: str
    game: str
    words: Mapping[str, str]
    sources: Mapping[str, Source]
    #: The part of the word a name may use alone ("Hard" of "Hard Ways"), by language.
    stems: Mapping[str, str] = field(default_factory=dict)
    #: The felt's Chinese print, where it is shorter than the word (累進 for 累進大獎).
    felt: str | None = None
    #: The languages whose every translated message that says the English word says the
    #: glossary's word too.
    everywhere: tuple[str, ...] = ()
    names: tuple[Name, ...] = ()
    #: The word's other forms, by language ("boxes", «posições»), for that check.
    forms: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def word(self, language: str) -> str:
        return self.words[language]

    def felt_print(self) -> str:
        """What the felt prints in Chinese for this term."""
        return self.felt or self.words["zh_Hant"]

    def written_forms(self, language: str) -> tuple[str, ...]:
        """The word and its other forms in ``language``."""
        return (self.words[language], *self.forms.get(language, ()))


@dataclass(frozen=True)
class Glossary:
    """Every term, and the bets' names by game and key."""

    terms: tuple[Term, ...]
    references: Mapping[str, Reference]
    _by_id: Mapping[str, Term] = field(init=False, repr=False)
    _names: Mapping[tuple[str, str], Name] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        by_id = {entry.id: entry for entry in self.terms}
        names = {(name.game, name.key): name for entry in self.terms for name in entry.names}
        object.__setattr__(self, "_by_id", by_id)  # frozen: set once, here
        object.__setattr__(self, "_names", names)

    def term(self, term_id: str) -> Term:
        return self._by_id[term_id]

    def name(self, game: str, key: str) -> Name:
        """The name of a bet: ``name("roulette", "split")``; ``KeyError`` for no such name."""
        return self._names[(game, key)]

    def names(self) -> Iterator[Name]:
        for term in self.terms:
            yield from term.names

    def for_game(self, game: str) -> tuple[Term, ...]:
        return tuple(term for term in self.terms if term.game == game)


@cache
def glossary() -> Glossary:
    """The glossary of ``terms.toml``, validated (a :class:`GlossaryError` if it is not)."""
    resource = resources.files(__package__ or "dealer_trainer.glossary").joinpath(FILE)
    return parse(resource.read_text(encoding="utf-8"))


def term(term_id: str) -> Term:
    return glossary().term(term_id)


def bet_name(game: str, key: str, **params: Param) -> Text:
    """A bet's name as a sentence to translate: ``bet_name("roulette", "split", shown="17-20")``
    reads "Split 17-20", «Cavalo 17-20», 「兩門騎 17-20」."""
    return glossary().name(game, key).text(**params)


def felt_print(term_id: str) -> str:
    """The Chinese a felt prints for a term: the glossary's word, or its shorter felt print."""
    return glossary().term(term_id).felt_print()


# ------------------------------------------------------------------- loading --
def parse(toml_text: str) -> Glossary:
    """A glossary from the text of a ``terms.toml``, validated."""
    try:
        raw = tomllib.loads(toml_text)
    except tomllib.TOMLDecodeError as exc:
        raise GlossaryError(f"{FILE}: not valid TOML: {exc}") from None
    unknown = set(raw) - {"reference", "term"}
    if unknown:
        raise GlossaryError(f"{FILE}: unknown tables {sorted(unknown)}")
    references = {
        ref_id: Reference(ref_id, _three(entry, f"reference.{ref_id}"))
        for ref_id, entry in _table(raw.get("reference", {}), "reference").items()
    }
    terms: list[Term] = []
    seen: set[str] = set()
    for index, entry in enumerate(raw.get("term", [])):
        where = f"term[{index}]"
        found = _term(_table(entry, where), where, references)
        if found.id in seen:
            raise GlossaryError(f"{FILE}: {where}: the id {found.id!r} is used twice")
        seen.add(found.id)
        terms.append(found)
    if not terms:
        raise GlossaryError(f"{FILE}: no term")
    _check_names(terms)
    return Glossary(tuple(terms), references)


def _table(value: object, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise GlossaryError(f"{FILE}: {where}: expected a table")
    return value


def _three(entry: Mapping[str, Any], where: str) -> dict[str, str]:
    """The three languages' texts of an entry, each a non-empty string."""
    found = {}
    for language in LANGUAGES:
        value = entry.get(language)
        if not isinstance(value, str) or not value.strip():
            raise GlossaryError(f"{FILE}: {where}: no {language} (every language is needed)")
        found[language] = value
    return found


def _term(entry: dict[str, Any], where: str, references: Mapping[str, Reference]) -> Term:
    term_id = entry.get("id")
    match = _ID.match(term_id) if isinstance(term_id, str) else None
    if match is None:
        raise GlossaryError(f"{FILE}: {where}: id: expected '<game>.<word>'")
    where = f"{where} ({term_id})"
    game = entry.get("game")
    if game not in Game.ids() or match["game"] != game:
        raise GlossaryError(f"{FILE}: {where}: game: expected one of {Game.ids()}, as in its id")
    known = {"id", "game", *LANGUAGES, "source", "stem", "felt", "everywhere", "forms", "name"}
    if set(entry) - known:
        raise GlossaryError(f"{FILE}: {where}: unknown keys {sorted(set(entry) - known)}")
    words = _three(entry, where)
    raw_sources = _table(entry.get("source"), f"{where}.source")
    if set(raw_sources) != set(LANGUAGES):
        raise GlossaryError(f"{FILE}: {where}: a source is needed for each of {LANGUAGES}")
    sources = {
        language: _source(
            _table(raw_sources[language], f"{where}.source.{language}"),
            f"{where}.source.{language}",
            language,
            references,
        )
        for language in LANGUAGES
    }
    stems = _table(entry.get("stem", {}), f"{where}.stem")
    for language, stem in stems.items():
        if language not in LANGUAGES or not isinstance(stem, str):
            raise GlossaryError(f"{FILE}: {where}.stem: expected words by language")
        if _fold(stem) not in _fold(words[language]):
            raise GlossaryError(f"{FILE}: {where}.stem.{language}: not part of the word")
    felt = entry.get("felt")
    if felt is not None and not isinstance(felt, str):
        raise GlossaryError(f"{FILE}: {where}.felt: expected the felt's Chinese print")
    everywhere = entry.get("everywhere", [])
    if not isinstance(everywhere, list) or set(everywhere) - {"pt", "zh_Hant"}:
        raise GlossaryError(f"{FILE}: {where}.everywhere: expected languages (pt, zh_Hant)")
    forms = _table(entry.get("forms", {}), f"{where}.forms")
    if set(forms) - set(LANGUAGES) or not all(
        isinstance(listed, list) and all(isinstance(form, str) and form for form in listed)
        for listed in forms.values()
    ):
        raise GlossaryError(f"{FILE}: {where}.forms: expected lists of words by language")
    names = []
    for number, raw_name in enumerate(entry.get("name", [])):
        name_where = f"{where}.name[{number}]"
        name_entry = _table(raw_name, name_where)
        key = name_entry.get("key")
        if not isinstance(key, str) or not key:
            raise GlossaryError(f"{FILE}: {name_where}: no key")
        patterns = _three(name_entry, name_where)
        name = Name(str(game), key, str(term_id), patterns)
        for language in LANGUAGES:
            if set(_PLACEHOLDER.findall(patterns[language])) != name.placeholders:
                raise GlossaryError(
                    f"{FILE}: {name_where}.{language}: the placeholders differ from the English"
                )
            used = [words[language], *([stems[language]] if language in stems else [])]
            if not any(_fold(word) in _fold(patterns[language]) for word in used):
                raise GlossaryError(
                    f"{FILE}: {name_where}.{language}: {patterns[language]!r} does not use the "
                    f"term's word {words[language]!r}"
                )
        names.append(name)
    return Term(
        str(term_id),
        str(game),
        words,
        sources,
        dict(stems),
        felt,
        tuple(everywhere),
        tuple(names),
        {language: tuple(listed) for language, listed in forms.items()},
    )


def _source(
    entry: dict[str, Any], where: str, language: str, references: Mapping[str, Reference]
) -> Source:
    kinds = [kind for kind in SourceKind if kind.value in entry]
    if len(kinds) != 1:
        raise GlossaryError(
            f"{FILE}: {where}: expected exactly one of {[kind.value for kind in SourceKind]}"
        )
    kind = kinds[0]
    if set(entry) - {kind.value, "written", "english"}:
        raise GlossaryError(f"{FILE}: {where}: unknown keys")
    written = entry.get("written")
    english = entry.get("english", False)
    if written is not None and not isinstance(written, str):
        raise GlossaryError(f"{FILE}: {where}.written: expected the text's own form")
    if not isinstance(english, bool):
        raise GlossaryError(f"{FILE}: {where}.english: expected true or false")
    value = entry[kind.value]
    if not isinstance(value, str):
        raise GlossaryError(f"{FILE}: {where}.{kind.value}: expected a string")
    if kind in (SourceKind.CUSTOMARY, SourceKind.TRANSLATION):
        if written is not None or english:
            raise GlossaryError(f"{FILE}: {where}: `written` and `english` go with an article")
        if value not in references:
            raise GlossaryError(f"{FILE}: {where}: no reference {value!r}")
        return Source(kind, reference=references[value])
    try:
        citation = Citation.parse(value)
    except ValueError as exc:
        raise GlossaryError(f"{FILE}: {where}: {exc}") from None
    article = article_for(citation)
    if article is None:
        raise GlossaryError(
            f"{FILE}: {where}: {citation} is not in rules/texts/{citation.ruleset}.articles.toml"
        )
    if kind is SourceKind.READING:
        if language != "en" or english:
            raise GlossaryError(f"{FILE}: {where}: an English reading names English words only")
        if not article.reading_en:
            raise GlossaryError(f"{FILE}: {where}: {citation} has no English reading")
    else:
        if language == "en" and not english:
            raise GlossaryError(
                f"{FILE}: {where}: no official text is English: cite the English reading, or "
                "say `english = true` where the Portuguese text writes the name in English"
            )
        if english and language == "zh_Hant":
            raise GlossaryError(f"{FILE}: {where}: `english` is for a name in Portuguese text")
        if article.text(TEXT_LANGUAGE[language]) is None:
            raise GlossaryError(
                f"{FILE}: {where}: {citation} has no {TEXT_LANGUAGE[language]} text on file"
            )
    return Source(kind, citation, written, english)


def _check_names(terms: list[Term]) -> None:
    """A bet's name is found by its game and key; one English source, one translation."""
    keys: set[tuple[str, str]] = set()
    sources: dict[str, Name] = {}
    for name in (name for term in terms for name in term.names):
        if (name.game, name.key) in keys:
            raise GlossaryError(f"{FILE}: the name {name.game}/{name.key} is declared twice")
        keys.add((name.game, name.key))
        other = sources.setdefault(name.source, name)
        if other.patterns != name.patterns:
            raise GlossaryError(
                f"{FILE}: {name.source!r} is the English of {other.term} and {name.term} with "
                "different translations: one source, one translation"
            )


# ------------------------------------------------------------------- citing --
def _fold(text: str) -> str:
    """For finding a word in a text: case and width folded (「１」 is "1")."""
    return unicodedata.normalize("NFKC", text).casefold()


_PT_PARAGRAPH = re.compile(r"^\s*(\d+)\.\s")
_PT_ITEM = re.compile(r"^\s*(\d+)\)\s")
_ZH_PARAGRAPH = re.compile(r"^\s*([一二三四五六七八九十]+)、")
_ZH_ITEM = re.compile(r"^\s*[（(]([一二三四五六七八九十]+)[）)]")
_ZH_DIGITS = {c: i for i, c in enumerate("一二三四五六七八九", start=1)}


def _number(marker: str) -> int:
    """``"3"`` → 3; ``"十四"`` → 14 (the Chinese texts number their paragraphs so)."""
    if marker.isdigit():
        return int(marker)
    if "十" not in marker:
        return _ZH_DIGITS[marker]
    tens, _, units = marker.partition("十")
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[units] if units else 0)


def _section(lines: list[str], pattern: re.Pattern[str], number: int) -> list[str] | None:
    """The lines of the paragraph (or item) numbered ``number``: its marker's line and the
    lines after it, to the next marker of the same kind."""
    start = None
    for index, line in enumerate(lines):
        match = pattern.match(line)
        if match is None:
            continue
        if start is not None:
            return lines[start:index]
        if _number(match[1]) == number:
            start = index
    return None if start is None else lines[start:]


def cited_passage(citation: Citation, text_language: str) -> str | None:
    """The passage of an article's official text (``pt`` or ``zh``) that a citation names:
    the whole article, its paragraph ("1." / 「一、」) or its item ("1)" / 「（一）」), the
    item being the first level where the article has no numbered paragraphs (roulette Art.
    6's seventeen «chances»). ``None`` when the text is not on file or has no such part."""
    article = article_for(citation)
    text = None if article is None else article.text(text_language)
    if text is None or citation.paragraph is None:
        return text
    paragraph, item = (
        (_PT_PARAGRAPH, _PT_ITEM) if text_language == "pt" else (_ZH_PARAGRAPH, _ZH_ITEM)
    )
    lines = text.splitlines()
    levels = [paragraph, item] if any(paragraph.match(line) for line in lines) else [item]
    wanted = [citation.paragraph] + ([citation.item] if citation.item is not None else [])
    if len(wanted) > len(levels):
        return None
    part: list[str] | None = lines
    for pattern, number in zip(levels, wanted, strict=False):
        part = _section(part, pattern, number) if part is not None else None
    return None if part is None else "\n".join(part)


def where_written(source: Source, language: str) -> str | None:
    """The text a word is to be found in: the cited passage of the official text in the
    word's language (an English name: of the Portuguese text that writes it), or the
    article's English reading. ``None`` for a customary term or the app's own word."""
    if source.citation is None:
        return None
    if source.kind is SourceKind.READING:
        article = source.article()
        return None if article is None else article.reading_en
    return cited_passage(source.citation, TEXT_LANGUAGE[language])


def occurs(word: str, text: str) -> bool:
    """Whether ``word`` is written in ``text`` (case, width and line breaks aside)."""
    return " ".join(_fold(word).split()) in " ".join(_fold(text).split())
