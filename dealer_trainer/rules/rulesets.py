"""Rulesets as data: one TOML file per ruleset, validated on load.

A ruleset file declares its regulation (id, game, source text), its payouts
with the article that sets each, and its named settings: every
**Interpretation** of the digest of the regulations is a setting with a
documented default, never a choice hidden in code.  The game modules read
their payouts and settings from here.

A house may add its own ruleset file that names a ``base`` ruleset and
overrides settings; the regulation's own files are read-only.

A shipped file is named after its id, which begins with its game
(``roulette-2003.toml``, ``caribbean-stud-2004.toml``): each file is parsed
the first time it is asked for, and a game's rulesets load without the
other games' files (the main window starts with one game).

Any error names the file and the key: ``roulette-2003.toml: payouts.split.ratio: …``.
What a house ruleset file is refused with is a translatable sentence
(:class:`~dealer_trainer.rules.text.Text`, the error's ``text``), so the instructor's
window says it in its language; the file name, the keys and the values stay as written.
"""

from __future__ import annotations

import json
import re
import stat
import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.errors import RulesetError, WrittenNumber
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.house import HouseReference
from dealer_trainer.rules.money import CENT, MAX_AMOUNT, parse_ratio
from dealer_trainer.rules.text import Param, T, Text

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

SettingType = Literal["choice", "integer", "decimal", "boolean", "ratio"]
SettingValue = str | int | Decimal | bool | Fraction | None
_SETTING_TYPES: tuple[SettingType, ...] = ("choice", "integer", "decimal", "boolean", "ratio")
NAME_LANGUAGES = ("en", "pt", "zh_Hant")
#: The most digits a number of a ruleset may have before and after its point: far beyond
#: any table, and small enough that no arithmetic on it is slow (1e1000000 is refused as
#: written, before any comparison; int() of it alone would take a minute).
_MAX_DIGITS = 15
_DIGIT_LIMIT: int = 10**_MAX_DIGITS
_MAX_NUMBER_TEXT = 40  # characters of a number written as text ("1000.10", "6/5")


def _absurd(number: Decimal | Fraction | int) -> bool:
    """True for a number no table has: more than :data:`_MAX_DIGITS` digits either side."""
    if isinstance(number, Fraction):
        return abs(number.numerator) >= _DIGIT_LIMIT or number.denominator >= _DIGIT_LIMIT
    if isinstance(number, int):
        return abs(number) >= _DIGIT_LIMIT
    if not number.is_finite() or number == 0:
        return False
    exponent = number.as_tuple().exponent
    assert isinstance(exponent, int)
    return number.adjusted() >= _MAX_DIGITS or exponent < -_MAX_DIGITS


#: Characters a message shows escaped (\u200b): they draw nothing, or turn the text around.
_UNSEEN = frozenset(("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"))


def _escaped(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in _UNSEEN else c for c in text)


def shown_value(value: Any) -> str:
    """A value as a ruleset file (or a request) writes it, for messages.

    ``"abc"``, ``1000.10`` (not ``Decimal('1000.10')``), ``true``, ``a table``;
    invisible characters escaped, and at most 40 characters.
    """
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, WrittenNumber):
        text = value.written
    elif isinstance(value, int):
        text = str(value) if not _absurd(value) else f"a number of more than {_MAX_DIGITS} digits"
    elif isinstance(value, str):
        text = _escaped(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, (Decimal, Fraction, float)):
        text = str(value)
    elif isinstance(value, dict):
        text = "a table"
    elif isinstance(value, list):
        text = "a list"
    elif value is None:
        text = "nothing"
    elif hasattr(value, "isoformat"):
        text = value.isoformat()  # a TOML date or time
    else:
        text = type(value).__name__
    return text if len(text) <= 40 else text[:37] + "..."


def _shown(value: Any) -> Param:
    """:func:`shown_value` for a sentence: a value as written stays as written, and the words
    said instead of a value (``a table``, ``nothing``) are translated."""
    #: Said of a value of a ruleset file that cannot be shown as written ("…, not a table").
    if isinstance(value, dict):
        return T("a table")
    if isinstance(value, list):
        return T("a list")
    if value is None:
        return T("nothing")
    if isinstance(value, int) and not isinstance(value, bool) and _absurd(value):
        return T("a number of more than {digits} digits", digits=_MAX_DIGITS)
    return shown_value(value)


def _refusal(where: str, problem: Text) -> Text:
    """``house.toml: overrides.zero_rule: …``: the file (and key) as written, then what is
    wrong with it, a sentence to translate."""
    #: A ruleset file refused: {where} is the file and the key as written
    #: (house.toml: overrides.zero_rule), {problem} what is wrong with it, one of the
    #: sentences of rulesets.py (they follow the key: "is missing").
    return T("{where}: {problem}.", where=where, problem=problem)


@dataclass(frozen=True)
class Setting:
    """One named, documented setting of a ruleset."""

    name: str
    type: SettingType
    default: SettingValue
    description: str
    citation: Citation | None
    interpretation: bool
    choices: tuple[str, ...] = ()
    minimum: Decimal | None = None
    maximum: Decimal | None = None
    nullable: bool = False

    def coerce(self, value: Any, where: str) -> SettingValue:
        """Check ``value`` for this setting and return it in its Python type."""
        if value is None:
            if self.nullable:
                return None
            raise _setting_error(where, T("{name} cannot be empty", name=self.name))
        if self.type == "boolean":
            if not isinstance(value, bool):
                raise _setting_error(
                    where,
                    T(
                        "{name} must be true or false, not {value}",
                        name=self.name,
                        value=_shown(value),
                    ),
                )
            return value
        if self.type == "choice":
            if not isinstance(value, str) or value not in self.choices:
                raise _setting_error(
                    where,
                    T(
                        "{name} must be one of {options}, not {value}",
                        name=self.name,
                        options=", ".join(self.choices),
                        value=_shown(value),
                    ),
                )
            return value

        def not_a_number() -> RulesetError:
            return _setting_error(
                where,
                T("{name} must be a number, not {value}", name=self.name, value=_shown(value)),
            )

        if isinstance(value, bool) or not isinstance(value, (str, int, float, Decimal, Fraction)):
            raise not_a_number()
        number: Decimal | Fraction
        try:
            if isinstance(value, str) and len(value) > _MAX_NUMBER_TEXT:
                raise ValueError(value)
            if self.type == "ratio":
                number = parse_ratio(str(value)) if isinstance(value, str) else Fraction(value)
            elif isinstance(value, float):
                number = Decimal(repr(value))  # the shortest text of the float, as written
            elif isinstance(value, str):
                number = Decimal(value.strip())
            elif isinstance(value, Fraction):
                raise TypeError(value)  # a decimal or whole number is not a ratio
            else:
                number = Decimal(value)
        except (ValueError, ArithmeticError, TypeError):
            raise not_a_number() from None
        if isinstance(number, Decimal) and not number.is_finite():
            raise _setting_error(
                where,
                T(
                    "{name} must be a finite number, not {value}",
                    name=self.name,
                    value=_shown(value),
                ),
            )
        if _absurd(number):
            # Checked before any arithmetic: int(Decimal("1e1000000")) alone takes a minute.
            raise _setting_error(
                where,
                T(
                    "{name} is {value}, a number no table has (at most {digits} digits "
                    "before and after the point)",
                    name=self.name,
                    value=_shown(value),
                    digits=_MAX_DIGITS,
                ),
            )
        if self.type == "integer" and number != int(number):
            raise _setting_error(
                where,
                T(
                    "{name} must be a whole number, not {value}",
                    name=self.name,
                    value=_shown(value),
                ),
            )
        if self.type == "decimal":
            assert isinstance(number, Decimal)
            if number != number.quantize(CENT):
                raise _setting_error(
                    where,
                    T(
                        "{name} is an amount of money, in whole cents (0.01), not {value}",
                        name=self.name,
                        value=_shown(value),
                    ),
                )
            if number > MAX_AMOUNT:
                raise _setting_error(
                    where,
                    T(
                        "{name} is larger than any table accepts ({most} at most), not {value}",
                        name=self.name,
                        most=MAX_AMOUNT,
                        value=_shown(value),
                    ),
                )
        # The bounds as the regulation's file writes them (1000000, 0.01), as a file's values.
        if self.minimum is not None and number < self.minimum:
            raise _setting_error(
                where,
                T(
                    "{name} must be at least {minimum}, not {value}",
                    name=self.name,
                    minimum=str(self.minimum),
                    value=_shown(value),
                ),
            )
        if self.maximum is not None and number > self.maximum:
            raise _setting_error(
                where,
                T(
                    "{name} must be at most {maximum}, not {value}",
                    name=self.name,
                    maximum=str(self.maximum),
                    value=_shown(value),
                ),
            )
        if self.type == "integer":
            return int(number)
        if self.type == "decimal":
            assert isinstance(number, Decimal)
            return number
        return Fraction(number)


def _setting_error(where: str, problem: Text) -> RulesetError:
    return RulesetError("invalid_setting", _refusal(where, problem))


#: The drill levels that choose a part of a chip set for their pay tray, lowest first.
CHIP_LEVELS = ("beginner", "intermediate", "advanced")
MAX_FLOAT_CHIPS = 9  # the pay tray answers with keys 1-9
MAX_CHIPS = 12  # chips of one set: the chip rack and the felt's legend show every one
MAX_DESCRIPTION = 4000  # characters of a description


@dataclass(frozen=True)
class ChipsSetting:
    """The house's chip set (the ``[chips]`` table): a house setting, never the regulation's.

    ``denominations`` are every chip of the table, lowest first, in ``currency``;
    ``levels`` the part of them a drill's float (its pay tray) holds at each
    drill level, so a beginner picks from fewer chips.  ``description`` says
    what the chips are, as every setting's does.
    """

    currency: str
    denominations: tuple[Decimal, ...]
    levels: Mapping[str, tuple[Decimal, ...]]
    description: str
    interpretation: bool = False

    def level(self, name: str) -> tuple[Decimal, ...]:
        """The chips of a drill level's float (``beginner`` …), lowest first."""
        return self.levels.get(name, self.denominations)


def _denominations(
    reader: _Reader, name: str, within: tuple[Decimal, ...] | None = None
) -> tuple[Decimal, ...]:
    """A list of chip values (``["5", "25", "100"]``): positive, whole cents, lowest first."""
    values = reader.get(name, list)
    found: list[Decimal] = []
    for index, raw in enumerate(values):
        if isinstance(raw, bool) or not isinstance(raw, (str, int, Decimal)):
            raise reader.error(
                f"{name}[{index}]",
                T('expected a chip value such as "25", got {value}', value=_shown(raw)),
            )
        try:
            if isinstance(raw, str) and len(raw) > _MAX_NUMBER_TEXT:
                raise ArithmeticError(raw)
            value = Decimal(raw.strip()) if isinstance(raw, str) else Decimal(raw)
        except ArithmeticError:
            raise reader.error(
                f"{name}[{index}]", T("not a number: {value}", value=_shown(raw))
            ) from None
        if (
            not value.is_finite()
            or value <= 0
            or value > MAX_AMOUNT
            or value != value.quantize(CENT)
        ):
            raise reader.error(
                f"{name}[{index}]",
                T("a chip is a positive amount in cents, not {value}", value=_shown(raw)),
            )
        if within is not None and value not in within:
            shown = ", ".join(f"{d.normalize():f}" for d in within)
            raise reader.error(
                f"{name}[{index}]",
                T("{value} is not a chip of the set ({chips})", value=_shown(raw), chips=shown),
            )
        found.append(value)
    if not found:
        raise reader.error(name, T("needs at least one chip"))
    if found != sorted(set(found)):
        raise reader.error(name, T("chip values must be distinct and listed lowest first"))
    return tuple(found)


def _chips_from(reader: _Reader, base: ChipsSetting | None = None) -> ChipsSetting:
    """The ``[chips]`` table of a ruleset file, or a house file's changes to its base's."""
    kind = reader.get("type", str, required=base is None)
    if kind is not None and kind != "denominations":
        raise reader.error("type", T("must be 'denominations', not {value}", value=_shown(kind)))
    if reader.get("interpretation", bool, required=base is None):
        raise reader.error("interpretation", T("a chip set is a house setting: false"))
    known = {"type", "currency", "default", "description", "interpretation", *CHIP_LEVELS}
    unknown = sorted(set(reader.table) - known)
    if unknown:
        raise reader.error(
            unknown[0],
            T("is not a key of [chips] (known: {keys})", keys=", ".join(sorted(known))),
        )
    if base is None or "default" in reader.table:
        denominations = _denominations(reader, "default")
    else:
        denominations = base.denominations
    if len(denominations) > MAX_CHIPS:
        raise reader.error(
            "default",
            T(
                "holds {count} chips; a chip set has at most {most}",
                count=len(denominations),
                most=MAX_CHIPS,
            ),
        )
    levels: dict[str, tuple[Decimal, ...]] = {}
    for level in CHIP_LEVELS:
        if level in reader.table or base is None:
            levels[level] = _denominations(reader, level, denominations)
        elif all(d in denominations for d in base.level(level)):
            levels[level] = base.level(level)  # the base's float, every chip still in the set
        else:
            shown = ", ".join(f"{d.normalize():f}" for d in base.level(level))
            raise reader.error(
                level,
                T(
                    "is needed: the base's float ({chips}) has chips that are not in the set",
                    chips=shown,
                ),
            )
        if len(levels[level]) > MAX_FLOAT_CHIPS:
            raise reader.error(
                level,
                T(
                    "holds {count} chips; a drill's float holds at most {most} "
                    "(the pay tray's keys 1-9)",
                    count=len(levels[level]),
                    most=MAX_FLOAT_CHIPS,
                ),
            )
    currency = reader.get("currency", str, required=base is None)
    if currency is not None and not re.fullmatch(r"[A-Z]{3}", currency):
        raise reader.error(
            "currency",
            T('is a currency code such as "HKD" or "MOP", not {value}', value=_shown(currency)),
        )
    description = reader.get("description", str, required=base is None)
    if description is not None and not description.strip():
        raise reader.error("description", T("is empty: say what the chips are"))
    if description is not None and len(description) > MAX_DESCRIPTION:
        raise reader.error(
            "description",
            T(
                "has {count} characters ({most} at most)",
                count=Decimal(len(description)),  # grouped as the reader's language does
                most=Decimal(MAX_DESCRIPTION),
            ),
        )
    return ChipsSetting(
        currency=currency or (base.currency if base else ""),
        denominations=denominations,
        levels=levels,
        description=description or (base.description if base else ""),
    )


@dataclass(frozen=True)
class Payout:
    """A payout ratio (to 1) and the article that sets it."""

    name: str
    ratio: Fraction
    citation: Citation


@dataclass(frozen=True)
class Ruleset:
    """A loaded, validated ruleset, with the values of its settings."""

    id: str
    game: Game
    title: str
    source: str
    source_text: str | None
    status: str
    notes: tuple[str, ...]
    is_default: bool
    payouts: Mapping[str, Payout]
    settings: Mapping[str, Setting]
    values: Mapping[str, SettingValue]
    data: Mapping[str, Any] = field(repr=False)
    file: str = ""
    base: str | None = None
    names: Mapping[str, str] = field(default_factory=dict)
    """How the regulation is named in each language of the app (``en``, ``pt``, ``zh_Hant``)."""
    chips: ChipsSetting | None = None
    """The house's chip set (the file's ``[chips]`` table)."""
    version: int | None = None
    """A house ruleset's version as kept in the database (1, 2, …); ``None`` for a regulation's."""

    def cite(self, article: int, paragraph: int | None = None, item: int | None = None) -> Citation:
        """An article of the regulation: a house ruleset cites its base regulation."""
        return Citation(self.base or self.id, article, paragraph, item)

    def payout(self, name: str) -> Payout:
        try:
            return self.payouts[name]
        except KeyError:
            raise RulesetError(
                "invalid_ruleset", f"{self.file}: payouts.{name} is missing."
            ) from None

    def setting(self, name: str) -> SettingValue:
        try:
            return self.values[name]
        except KeyError:
            raise RulesetError(
                "invalid_ruleset", f"{self.file}: settings.{name} is missing."
            ) from None

    def choice(self, name: str) -> str:
        value = self.setting(name)
        assert isinstance(value, str), name
        return value

    def integer(self, name: str) -> int | None:
        value = self.setting(name)
        assert value is None or (isinstance(value, int) and not isinstance(value, bool)), name
        return value

    def decimal(self, name: str) -> Decimal | None:
        value = self.setting(name)
        assert value is None or isinstance(value, Decimal), name
        return value

    def flag(self, name: str) -> bool:
        value = self.setting(name)
        assert isinstance(value, bool), name
        return value

    def ratio(self, name: str) -> Fraction:
        value = self.setting(name)
        assert isinstance(value, Fraction), name
        return value

    def with_settings(self, overrides: Mapping[str, Any], where: str = "settings") -> Ruleset:
        """This ruleset with some settings changed, each checked by its declaration."""
        values = dict(self.values)
        for name, value in overrides.items():
            setting = self.settings.get(name)
            if setting is None:
                known = ", ".join(sorted(self.settings))
                raise RulesetError(
                    "unknown_setting",
                    f"{where}: {self.id} has no setting {name!r} (it has {known}).",
                )
            values[name] = setting.coerce(value, f"{where}.{name}")
        return replace(self, values=values)

    def interpretations(self) -> Iterator[Setting]:
        """The settings that decide where the regulation's text is silent."""
        return (s for s in self.settings.values() if s.interpretation)


# ---------------------------------------------------------------- loading --


#: What follows a house basis cited where no article can be (``house ruling: …``).
NOT_ON_FILE = "regulation not on file"


class _Reader:
    """Typed access to a TOML table, naming file and key on any error."""

    def __init__(self, file: str, table: Mapping[str, Any], prefix: str = "") -> None:
        self.file = file
        self.table = table
        self.prefix = prefix

    def key(self, name: str) -> str:
        return f"{self.prefix}{name}"

    def error(self, name: str, message: str | Text) -> RulesetError:
        """``file: key: message.``; a :class:`Text` message (what a house file can be refused
        with) is translatable, a plain one (a regulation's own file) is English only."""
        where = f"{self.file}: {self.key(name)}"
        if isinstance(message, Text):
            return RulesetError("invalid_ruleset", _refusal(where, message))
        return RulesetError("invalid_ruleset", f"{where}: {message}.")

    def get(self, name: str, kind: type | tuple[type, ...], *, required: bool = True) -> Any:
        if name not in self.table:
            if required:
                #: What is wrong with a key of a ruleset file, after "file: key:".
                raise self.error(name, T("is missing"))
            return None
        value = self.table[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kind):
            raise self.error(
                name, T("expected {kind}, got {value}", kind=_kind_text(kind), value=_shown(value))
            )
        return value

    def sub(self, name: str, *, required: bool = True) -> _Reader:
        table = self.get(name, dict, required=required)
        return _Reader(self.file, table or {}, f"{self.key(name)}.")

    def citation(self, name: str, ruleset_id: str, *, required: bool = True) -> Citation | None:
        """An article (``Art. 7(1)``), or, for a game whose regulation is not on file, the
        house's own basis said so (``house ruling: regulation not on file``)."""
        text = self.get(name, str, required=required)
        if text is None:
            return None
        basis, sep, note = text.partition(": ")
        if sep and note == NOT_ON_FILE and basis.startswith("house "):
            house = HouseReference.parse_house(f"{ruleset_id} {basis}")
            if house is None:
                raise self.error(name, f"not a house basis: {basis!r} (e.g. 'house ruling')")
            return house
        try:
            return Citation.parse(text, ruleset_id)
        except ValueError as exc:
            raise self.error(name, str(exc)) from None


def _kind_text(kind: type | tuple[type, ...]) -> Text:
    """What a key must hold: ``a string``, ``an integer or a string``."""
    #: What a key of a ruleset file must hold, in "expected {kind}, got {value}".
    names = {
        str: T("a string"),
        int: T("an integer"),
        float: T("a number"),
        bool: T("true or false"),
        dict: T("a table"),
        list: T("a list"),
    }
    kinds = kind if isinstance(kind, tuple) else (kind,)
    texts = [names.get(k, Text(k.__name__)) for k in kinds]
    said = texts[0]
    for other in texts[1:]:
        said = T("{first} or {second}", first=said, second=other)
    return said


def _toml(text: str, file: str) -> dict[str, Any]:
    import tomllib  # noqa: PLC0415 (a game's files are parsed when first asked for)

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError("invalid_ruleset", f"{file}: not valid TOML: {exc}.") from None


def parse_ruleset(text: str, file: str) -> Ruleset:
    """Validate the TOML text of a regulation's ruleset file."""
    return _ruleset_from_tables(_toml(text, file), file)


def _ruleset_from_tables(raw: dict[str, Any], file: str) -> Ruleset:
    """Validate the tables of a regulation's ruleset file (``file`` names it in errors)."""
    top = _Reader(file, raw)
    ruleset_id = top.get("id", str)
    game = top.get("game", str)
    if game not in Game.rules_ids():
        raise top.error("game", f"unknown game {game!r} (known: {', '.join(Game.rules_ids())})")
    status = top.get("status", str)
    if status not in ("complete", "partial"):
        raise top.error("status", f"must be 'complete' or 'partial', not {status!r}")
    notes = top.get("notes", list, required=False) or []
    for index, note in enumerate(notes):
        if not isinstance(note, str):
            raise top.error(f"notes[{index}]", "expected a string")

    payouts: dict[str, Payout] = {}
    payout_table = top.sub("payouts")
    for name in payout_table.table:
        entry = payout_table.sub(name)
        ratio_text = entry.get("ratio", str)
        try:
            ratio = parse_ratio(ratio_text)
        except (ValueError, ArithmeticError) as exc:
            raise entry.error("ratio", f"not a ratio like '35' or '6/5' ({exc})") from None
        citation = entry.citation("citation", ruleset_id)
        assert citation is not None
        payouts[name] = Payout(name, ratio, citation)

    settings: dict[str, Setting] = {}
    values: dict[str, SettingValue] = {}
    settings_table = top.sub("settings")
    for name in settings_table.table:
        entry = settings_table.sub(name)
        kind = entry.get("type", str)
        if kind not in _SETTING_TYPES:
            raise entry.error("type", f"must be one of {', '.join(_SETTING_TYPES)}, not {kind!r}")
        choices = entry.get("choices", list, required=kind == "choice") or []
        if not all(isinstance(choice, str) for choice in choices):
            raise entry.error("choices", "expected a list of strings")
        bounds: dict[str, Decimal | None] = {}
        for bound in ("min", "max"):
            number = entry.get(bound, (int, str), required=False)
            try:
                bounds[bound] = None if number is None else Decimal(number)
            except ArithmeticError:
                raise entry.error(bound, f"not a number: {number!r}") from None
        setting = Setting(
            name=name,
            type=kind,
            default=None,
            description=entry.get("description", str),
            citation=entry.citation("citation", ruleset_id, required=False),
            interpretation=entry.get("interpretation", bool),
            choices=tuple(choices),
            minimum=bounds["min"],
            maximum=bounds["max"],
            nullable=bool(entry.get("nullable", bool, required=False)),
        )
        if "default" not in entry.table:
            raise entry.error("default", "is missing")
        default_raw = entry.table["default"]
        if default_raw == "none" and setting.nullable:
            default_raw = None
        try:
            default = setting.coerce(default_raw, f"{file}: settings.{name}.default")
        except RulesetError as exc:
            raise RulesetError("invalid_ruleset", exc.message) from None
        settings[name] = replace(setting, default=default)
        values[name] = default

    names_table = top.sub("names", required=False)
    names: dict[str, str] = {}
    for language in names_table.table:
        if language not in NAME_LANGUAGES:
            raise names_table.error(
                language, f"is not a language of the app ({', '.join(NAME_LANGUAGES)})"
            )
        names[language] = names_table.get(language, str)

    chips = _chips_from(top.sub("chips"))

    return Ruleset(
        id=ruleset_id,
        game=Game(game),
        title=top.get("title", str),
        source=top.get("source", str),
        source_text=top.get("source_text", str, required=False),
        status=status,
        notes=tuple(notes),
        is_default=bool(top.get("default_for_game", bool, required=False)),
        payouts=payouts,
        settings=settings,
        values=values,
        data=raw,
        file=file,
        names=names,
        chips=chips,
    )


# ------------------------------------------------------------ house rulesets --

#: A house ruleset's id: lowercase letters and digits in words joined by single hyphens,
#: as the regulations' own (``grand-lisboa-roulette``); no path, no space, no dot.
HOUSE_ID_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
HOUSE_ID_LENGTH = 48  # with "@" and the version it fits the 64 characters an answer keeps
HOUSE_TITLE_LENGTH = 100
MAX_HOUSE_FILE = 64_000  # characters: a house file is a few lines; a bigger one is not one
#: The keys of a house ruleset file, and what a house file cannot change (with why).
HOUSE_KEYS = ("id", "base", "title", "game", "overrides", "chips")
_NOT_IN_A_HOUSE_FILE = {
    "payouts": T(
        "the payouts are the regulation's: a house cannot change them "
        "(a house option, such as royal_flush_pays, is a setting in [overrides])"
    ),
    "settings": T("a house does not declare settings: it changes its base's in [overrides]"),
}


class _AbsurdFloat(WrittenNumber):
    """A TOML float beyond any decimal (``9E99999999999999999999``): refused by its key."""


def _house_float(text: str) -> WrittenNumber:
    """A TOML float of a house file, exact as written: ``1000.10`` stays 1000.10."""
    try:
        return WrittenNumber(text)
    except ArithmeticError:  # an exponent past what a Decimal holds
        number = _AbsurdFloat("NaN")
        number.written = text
        return number


def _house_toml(text: str, file: str) -> dict[str, Any]:
    """The tables of a house file: a BOM (Notepad) dropped, numbers exact, no traceback."""
    import tomllib  # noqa: PLC0415 (only when a house file is read)

    text = text.removeprefix("\ufeff")
    if len(text) > MAX_HOUSE_FILE:
        raise RulesetError(
            "invalid_ruleset",
            _refusal(
                file,
                T(
                    "has {count} characters; a house ruleset file has at most {most}",
                    count=Decimal(len(text)),  # grouped as the reader's language does
                    most=Decimal(MAX_HOUSE_FILE),
                ),
            ),
        )
    try:
        return tomllib.loads(text, parse_float=_house_float)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError("invalid_ruleset", _refusal(file, _not_toml(str(exc)))) from None
    except RecursionError:
        raise RulesetError(
            "invalid_ruleset",
            _refusal(file, T("not valid TOML: lists or tables nested too deeply")),
        ) from None
    except ValueError:  # an integer of thousands of digits (Python's int() refuses it)
        line = next(
            (n for n, row in enumerate(text.splitlines(), 1) if re.search(r"\d{4000}", row)), 0
        )
        raise RulesetError(
            "invalid_ruleset",
            _refusal(
                file,
                T("line {line}: a number of thousands of digits, which no table has", line=line),
            ),
        ) from None


#: Where tomllib says its error is: ``… (at line 3, column 5)`` or ``… (at end of document)``
#: (Python 3.11's ``TOMLDecodeError`` has no ``lineno``).
_TOML_PLACE = re.compile(
    r"(?P<detail>.*) \(at (?:line (?P<line>\d+), column (?P<column>\d+)|end of document)\)",
    re.DOTALL,
)


def _not_toml(said: str) -> Text:
    """tomllib's refusal as a sentence to translate: the line and column kept, its own
    (English) words only a detail."""
    found = _TOML_PLACE.fullmatch(said)
    if found is None:
        return T("not valid TOML: {detail}", detail=said)
    if found["line"] is None:
        return T("not valid TOML: {detail} (at end of document)", detail=found["detail"])
    return T(
        "not valid TOML: {detail} (at line {line}, column {column})",
        detail=found["detail"],
        line=int(found["line"]),
        column=int(found["column"]),
    )


def _check_house_values(file: str, value: Any, path: str = "") -> None:
    """Refuse numbers no table has (``1e1000000``) by their key, before any arithmetic."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend(
                (v, f"{where}.{_escaped(str(k))}" if where else _escaped(str(k)))
                for k, v in item.items()
            )
        elif isinstance(item, list):
            stack.extend((v, f"{where}[{i}]") for i, v in enumerate(item))
        elif isinstance(item, (int, Decimal)) and not isinstance(item, bool):
            if (
                isinstance(item, Decimal)
                and not item.is_finite()
                and not isinstance(item, _AbsurdFloat)
            ):
                raise RulesetError(
                    "invalid_ruleset",
                    _refusal(
                        f"{file}: {where}",
                        T("{value} is not a finite number", value=_shown(item)),
                    ),
                )
            if isinstance(item, _AbsurdFloat) or _absurd(item):
                raise RulesetError(
                    "invalid_ruleset",
                    _refusal(
                        f"{file}: {where}",
                        T(
                            "{value} is a number no table has (at most {digits} digits "
                            "before and after the point)",
                            value=_shown(item),
                            digits=_MAX_DIGITS,
                        ),
                    ),
                )


def _house_id(top: _Reader) -> str:
    ruleset_id: str = top.get("id", str)
    if not ruleset_id:
        raise top.error("id", T('is empty: name the ruleset, such as "grand-lisboa-roulette"'))
    if len(ruleset_id) > HOUSE_ID_LENGTH:
        raise top.error(
            "id",
            T(
                "has {count} characters; an id has at most {most}",
                count=Decimal(len(ruleset_id)),  # grouped as the reader's language does
                most=HOUSE_ID_LENGTH,
            ),
        )
    if not HOUSE_ID_PATTERN.fullmatch(ruleset_id):
        raise top.error(
            "id",
            T(
                "{value} is not an id: lowercase letters and digits joined by single hyphens, "
                'such as "grand-lisboa-roulette" (no spaces, dots or slashes)',
                value=_shown(ruleset_id),
            ),
        )
    return ruleset_id


def _house_title(top: _Reader) -> str:
    title = top.get("title", str)
    hidden = next((c for c in title if unicodedata.category(c) in _UNSEEN), None)
    if hidden is not None:
        raise top.error(
            "title",
            T(
                "holds U+{code}, a character that is not seen (a control, format or "
                "line-break character): write the title on one line in plain letters",
                code=f"{ord(hidden):04X}",
            ),
        )
    if not title.strip():
        raise top.error("title", T("is empty: give the name the trainees will see"))
    if len(title.strip()) > HOUSE_TITLE_LENGTH:
        raise top.error(
            "title",
            T(
                "has {count} characters; a title has at most {most}",
                count=Decimal(len(title.strip())),  # grouped as the reader's language does
                most=HOUSE_TITLE_LENGTH,
            ),
        )
    return " ".join(title.split())


def parse_house_ruleset(
    text: str,
    file: str,
    bases: Mapping[str, Ruleset],
    *,
    houses: Mapping[str, str] | None = None,
) -> Ruleset:
    """A house ruleset: a ``base`` regulation with some settings overridden.

    ``id = "grand-casino-roulette"``, ``base = "roulette-2003"``,
    ``title = "…"``, optionally ``game`` (which must be the base's), an
    ``[overrides]`` table of settings and, if the house's chips differ, a
    ``[chips]`` table with the keys it changes.  ``houses`` are the house
    rulesets already kept (id → game): the base must be a regulation's own
    ruleset (so no chain of bases, and no circle), and a kept id keeps its game.

    Anything else is refused, naming ``file`` and the key: an unknown table or
    key, a value of the wrong type, an id or title that is empty, path-like or
    too long, an amount that is not whole cents, a number no table has.
    """
    raw = _house_toml(text, file)
    _check_house_values(file, raw)
    top = _Reader(file, raw)
    for key in raw:
        if key in _NOT_IN_A_HOUSE_FILE:
            raise top.error(_escaped(key), _NOT_IN_A_HOUSE_FILE[key])
        if key not in HOUSE_KEYS:
            raise top.error(
                _escaped(key),
                T(
                    "is not a key of a house ruleset (its keys: {keys})",
                    keys=", ".join(HOUSE_KEYS),
                ),
            )
    houses = houses or {}
    ruleset_id = _house_id(top)
    if ruleset_id in bases:
        raise top.error(
            "id",
            T("{id} is a regulation's own ruleset and is read-only", id=repr(ruleset_id)),
        )
    base_id = top.get("base", str)
    known = ", ".join(bases)
    if base_id == ruleset_id:
        raise top.error(
            "base", T("a ruleset cannot be its own base (known bases: {known})", known=known)
        )
    if base_id in houses:
        raise top.error(
            "base",
            T(
                "{value} is a house ruleset; a house ruleset is based on a regulation's own "
                "ruleset (known: {known})",
                value=_shown(base_id),
                known=known,
            ),
        )
    if base_id not in bases:
        raise top.error(
            "base",
            T("no regulation ruleset {value} (known: {known})", value=_shown(base_id), known=known),
        )
    base = bases[base_id]
    game = top.get("game", str, required=False)
    if game is not None and game != base.game:
        raise top.error(
            "game",
            T(
                "is {value}, but the base {base} is a {game} ruleset",
                value=_shown(game),
                base=base_id,
                game=str(base.game),
            ),
        )
    if houses.get(ruleset_id, base.game) != base.game:
        raise top.error(
            "id",
            T(
                "{id} is already a {game} house ruleset; a {other} one needs another id",
                id=repr(ruleset_id),
                game=str(houses[ruleset_id]),
                other=str(base.game),
            ),
        )
    title = _house_title(top)
    overrides = top.sub("overrides", required=False)
    values = dict(base.values)
    for name, value in overrides.table.items():
        setting = base.settings.get(name)
        if setting is None:
            raise overrides.error(
                _escaped(name),
                T(
                    "is not a setting of {base} (its settings: {settings})",
                    base=base_id,
                    settings=", ".join(base.settings),
                ),
            )
        try:
            values[name] = setting.coerce(value, f"{file}: overrides.{name}")
        except RulesetError as exc:
            raise RulesetError("invalid_ruleset", exc.text or exc.message) from None
    chips = base.chips
    if "chips" in raw:
        chips = _chips_from(top.sub("chips"), base.chips)
    return replace(
        base,
        id=ruleset_id,
        values=values,
        chips=chips,
        title=title,
        is_default=False,
        file=file,
        base=base_id,
    )  # data stays the base's: the felt's layout tables are the regulation's


def house_version(ruleset: Ruleset, version: int) -> Ruleset:
    """A house ruleset as kept, version ``version``: its id names the version
    (``grand-lisboa-roulette@2``), so an answer graded under it names the very text."""
    if ruleset.base is None or "@" in ruleset.id or version < 1:
        raise ValueError(f"{ruleset.id}: not a house ruleset to give version {version}")
    return replace(ruleset, id=f"{ruleset.id}@{version}", version=version)


def _official_folder() -> Traversable:
    return resources.files("dealer_trainer.rules").joinpath("rulesets")


@cache
def _official_names() -> tuple[str, ...]:
    """The ruleset files shipped with the package, sorted (``roulette-2003.toml`` …)."""
    return tuple(
        sorted(entry.name for entry in _official_folder().iterdir() if entry.name.endswith(".toml"))
    )


def _file_prefix(game: str) -> str:
    """How the file names (and ids) of a game's rulesets begin: ``caribbean-stud-``."""
    return game.replace("_", "-") + "-"


@cache
def _official_file(name: str) -> Ruleset:
    """One shipped ruleset file, parsed when first needed."""
    entry = _official_folder().joinpath(name)
    ruleset = _ruleset_from_tables(_toml(entry.read_text(encoding="utf-8"), name), name)
    if f"{ruleset.id}.toml" != name:
        raise RulesetError(
            "invalid_ruleset", f"{name}: id: {ruleset.id!r} does not match the file name."
        )
    if not ruleset.id.startswith(_file_prefix(ruleset.game)):
        # rulesets_for() finds a game's files by this prefix without parsing the others.
        raise RulesetError(
            "invalid_ruleset",
            f"{name}: id: {ruleset.id!r} must begin with {_file_prefix(ruleset.game)!r} "
            f"(it is a {ruleset.game} ruleset).",
        )
    return ruleset


@cache
def official_rulesets() -> Mapping[str, Ruleset]:
    """The regulations' own rulesets shipped with the package, by id (every file parsed)."""
    # The id is the file name, so no id can be used twice.
    return {ruleset.id: ruleset for ruleset in map(_official_file, _official_names())}


def read_house_file(path: Path) -> str:
    """The text of a house ruleset file (UTF-8, with or without the BOM Notepad writes).

    Only a regular file is read (a device such as ``/dev/zero``, a pipe or a folder is
    refused at once, never read), and never more than the largest file allowed."""
    most_bytes = 4 * MAX_HOUSE_FILE  # 4 bytes a character at most
    try:
        if not stat.S_ISREG(path.stat().st_mode):  # before opening: a pipe's open waits
            raise RulesetError(
                "invalid_ruleset",
                _refusal(path.name, T("is not a file (a folder, a device or a pipe)")),
            )
        with path.open("rb") as file:
            data = file.read(most_bytes + 1)
        if len(data) > most_bytes:
            raise RulesetError(
                "invalid_ruleset",
                _refusal(
                    path.name,
                    T(
                        "is {size} bytes; a house ruleset file has at most {most} characters",
                        size=Decimal(path.stat().st_size),  # grouped as the language does
                        most=Decimal(MAX_HOUSE_FILE),
                    ),
                ),
            )
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RulesetError(
            "invalid_ruleset",
            _refusal(
                path.name,
                T("is not UTF-8 text (byte {byte}): save it as UTF-8", byte=exc.start + 1),
            ),
        ) from None
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__  # the system's own words
        raise RulesetError(
            "invalid_ruleset", _refusal(path.name, T("cannot be read ({reason})", reason=reason))
        ) from None


def load_house_ruleset(path: Path, houses: Mapping[str, str] | None = None) -> Ruleset:
    """Read and validate a house ruleset file (see :func:`parse_house_ruleset`)."""
    return parse_house_ruleset(read_house_file(path), path.name, official_rulesets(), houses=houses)


def get_ruleset(ruleset_id: str) -> Ruleset:
    """A shipped ruleset by id (only its own file is parsed); a house ruleset's version is
    known to a :class:`RulesetRegistry` (``grand-lisboa-roulette@2``)."""
    if isinstance(ruleset_id, str) and "/" not in ruleset_id and "\\" not in ruleset_id:
        name = f"{ruleset_id}.toml"
        if name in _official_names():
            return _official_file(name)
    known = ", ".join(sorted(official_rulesets()))
    raise RulesetError(
        "unknown_ruleset", f"There is no ruleset {shown_value(ruleset_id)} (known: {known})."
    )


def default_ruleset(game: str) -> Ruleset:
    for ruleset in rulesets_for(game):
        if ruleset.is_default:
            return ruleset
    raise RulesetError("unknown_game", f"There is no default ruleset for the game {game!r}.")


def rulesets_for(game: str) -> list[Ruleset]:
    """The shipped rulesets of ``game``; the files of the other games are not parsed."""
    prefix = _file_prefix(game)
    found = (_official_file(name) for name in _official_names() if name.startswith(prefix))
    return [ruleset for ruleset in found if ruleset.game == game]


def resolve_ruleset(game: str, spec: Any, rulesets: RulesetRegistry | None = None) -> Ruleset:
    """The ruleset a request names: absent, an id, or ``{"id": …, "settings": {…}}``; an id
    is looked up in ``rulesets`` (default: the shipped rulesets only, :data:`SHIPPED`)."""
    lookup = (rulesets or SHIPPED).get
    if spec is None:
        return default_ruleset(game)
    if isinstance(spec, str):
        ruleset = lookup(spec)
        overrides: Mapping[str, Any] = {}
    elif isinstance(spec, dict):
        ruleset_id = spec.get("id")
        if ruleset_id is None:
            ruleset = default_ruleset(game)
        elif isinstance(ruleset_id, str):
            ruleset = lookup(ruleset_id)
        else:
            raise RulesetError(
                "invalid_request", 'ruleset.id must be a string such as "roulette-2003".'
            )
        extra = sorted(set(spec) - {"id", "settings"})
        if extra:
            raise RulesetError("invalid_request", f"ruleset has unknown keys: {', '.join(extra)}.")
        settings = spec.get("settings", {})
        if not isinstance(settings, dict):
            raise RulesetError(
                "invalid_request", "ruleset.settings must be an object of setting values."
            )
        overrides = settings
    else:
        raise RulesetError(
            "invalid_request", "ruleset must be a ruleset id or an object with id and settings."
        )
    if ruleset.game != game:
        raise RulesetError(
            "ruleset_game_mismatch",
            f"The ruleset {ruleset.id!r} is for {ruleset.game}, not {game}.",
        )
    return ruleset.with_settings(overrides, where="ruleset.settings") if overrides else ruleset


class RulesetRegistry:
    """The rulesets a program knows: the shipped ones and the house rulesets it was given
    (every kept version, each made by :func:`house_version`; the app gives those its
    records keep, and gives them again when they change: :meth:`use_house`).

    Whoever looks a ruleset up by id (an answer's, an exam's, the picker's) is handed the
    registry: :meth:`get` finds every version, :meth:`for_game` lists the newest version
    of each house ruleset after the shipped ones.
    """

    def __init__(self, house: Iterable[Ruleset] = ()) -> None:
        self._versions: dict[str, Ruleset] = {}
        self._newest: dict[str, Ruleset] = {}
        self.use_house(house)

    def use_house(self, rulesets: Iterable[Ruleset]) -> None:
        """Make these house rulesets (each made by :func:`house_version`) the ones known."""
        versions: dict[str, Ruleset] = {}
        newest: dict[str, Ruleset] = {}
        for ruleset in rulesets:
            if ruleset.version is None:
                raise ValueError(f"{ruleset.id}: a house ruleset is used with its version")
            versions[ruleset.id] = ruleset
            house_id = ruleset.id.partition("@")[0]
            kept = newest.get(house_id)
            if kept is None or (kept.version or 0) < ruleset.version:
                newest[house_id] = ruleset
        self._versions, self._newest = versions, newest

    def house(self, game: str | None = None) -> list[Ruleset]:
        """The newest version of each house ruleset known (of ``game``), by title."""
        found = (r for r in self._newest.values() if game is None or r.game == game)
        return sorted(found, key=lambda r: (r.title.casefold(), r.id))

    def get(self, ruleset_id: str) -> Ruleset:
        """A ruleset by id: a house ruleset's version known here, or a shipped one."""
        if isinstance(ruleset_id, str) and "@" in ruleset_id:
            house = self._versions.get(ruleset_id)
            if house is not None:
                return house
        return get_ruleset(ruleset_id)

    def for_game(self, game: str) -> list[Ruleset]:
        """The shipped rulesets of ``game``, then its house rulesets (each in its newest
        version); the files of the other games are not parsed."""
        return rulesets_for(game) + self.house(game)

    def default(self, game: str) -> Ruleset:
        """The game's default ruleset (always a shipped one)."""
        return default_ruleset(game)

    def resolve(self, game: str, spec: Any) -> Ruleset:
        """The ruleset a request names (see :func:`resolve_ruleset`), house ones too."""
        return resolve_ruleset(game, spec, self)


class _ShippedOnly(RulesetRegistry):
    """The shipped rulesets, never a house ruleset (:data:`SHIPPED` is shared)."""

    def use_house(self, rulesets: Iterable[Ruleset]) -> None:
        if list(rulesets):
            raise TypeError("SHIPPED knows the shipped rulesets only: make a RulesetRegistry")


#: The shipped rulesets alone: what is looked up where no registry is handed (the rules
#: CLI, handouts, a test of the shipped rulesets).
SHIPPED: RulesetRegistry = _ShippedOnly()
