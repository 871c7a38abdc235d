"""A craps ruleset read into typed form, with every key checked.

The TOML file declares the payouts (``[payouts]``), the article that governs
each bet (``[craps.citations]``), the size of the Big-bet blocks
(``[craps.big_blocks]``) and the settings.  :meth:`CrapsRules.from_ruleset`
checks all of them and names the file and key of anything missing or wrong,
so that a malformed file is refused before a single bet is settled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum, unique
from fractions import Fraction
from typing import Any, Final, TypeVar

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.craps.model import BetKind
from dealer_trainer.rules.errors import RulesetError
from dealer_trainer.rules.games import Game
from dealer_trainer.rules.money import Rounding
from dealer_trainer.rules.rulesets import Ruleset, SettingType
from dealer_trainer.rules.text import T, Text

#: The craps texts by the ruleset that follows each, as a citation names them.
_TEXTS: Final = {"craps-1985": "Portaria n.º 97/85/M", "craps-2010": "Despacho n.º 53/2010"}


@unique
class OddsLimit(StrEnum):
    """How much odds a line or come bet may take (Art. 2(2); Art. 3(2) for the don't side)."""

    WIN_UP_TO_LINE_BET = "win_up_to_line_bet"  # the odds' exact win never exceeds the line bet
    NONE = "none"


@unique
class OddsOnComeOut(StrEnum):
    """Whether odds behind a come bet work on a come-out roll."""

    WORKING = "working"  # the text makes no exception: they are decided with their come bet
    COME_ODDS_OFF = (
        "come_odds_off"  # house practice: returned when a come-out roll decides the come bet
    )


@unique
class BigBetPart(StrEnum):
    """What happens to the part of a Big bet that is not a full block of units."""

    EVEN_MONEY = "even_money"  # paid 1 to 1
    REFUSED = "refused"  # the bet must be a whole number of blocks


@unique
class LineBetTiming(StrEnum):
    """When line bets are accepted."""

    STRICT = "strict"  # Pass/Don't Pass on a come-out roll, Come/Don't Come while a point is on


@unique
class OddsTiming(StrEnum):
    """When odds may be taken and when they work."""

    ONCE_POINT_IS_MADE = "once_point_is_made"


#: The rules whose article the ruleset must name, in ``[craps.citations]``.
RULE_NAMES: Final = (
    "throw",
    "pass",
    "pass_odds",
    "come",
    "come_odds",
    "dont_pass",
    "dont_pass_odds",
    "dont_come",
    "dont_come_odds",
    "field",
    "hard",
    "big7",
    "eleven",
    "any_craps",
    "big_6_8",
    "big_5_9",
    "big_4_10",
    "every_roll",
)

#: Point number → its pair in the names of the ruleset's payouts, blocks and articles
#: (``big_6_8``, ``hard_4_10``, ``pass_odds_5_9``, ``dont_odds_6_8``).
PAIRS: Final = {6: "6_8", 8: "6_8", 5: "5_9", 9: "5_9", 4: "4_10", 10: "4_10"}


@dataclass(frozen=True)
class BigBlock:
    """Big 6/8, 5/9 or 4/10: a block of ``units`` wins at ``ratio``, the rest at ``short_ratio``."""

    units: int
    ratio: Fraction
    short_ratio: Fraction
    citation: Citation


_E = TypeVar("_E", bound=StrEnum)


@dataclass(frozen=True)
class CrapsRules:
    """Everything the craps table needs from one ruleset, checked and typed."""

    ruleset: Ruleset
    citations: Mapping[str, Citation]
    line_ratio: Mapping[BetKind, Fraction]
    pass_odds: Mapping[int, Fraction]
    dont_odds: Mapping[int, Fraction]
    field: Mapping[int, Fraction]
    hard: Mapping[int, Fraction]
    big7: Fraction
    eleven: Fraction
    any_craps: Fraction
    big: Mapping[int, BigBlock]
    line_bet_timing: LineBetTiming
    odds_timing: OddsTiming
    odds_limit: OddsLimit
    lay_odds_limit: OddsLimit
    odds_on_come_out: OddsOnComeOut
    big_bet_unit: Decimal
    big_bet_remainder: BigBetPart
    big_4_10_short_bet: BigBetPart
    rounding: Rounding
    #: Table procedure, not in the regulation: the losers are collected before any winner is
    #: paid. Portaria n.º 97/85/M sets no order of settlement, so this cites no article.
    collect_before_pay: bool

    @property
    def id(self) -> str:
        return self.ruleset.id

    def cite(self, rule: str) -> Citation:
        """The article of ``rule`` (one of :data:`RULE_NAMES`)."""
        return self.citations[rule]

    def borrowed(self, citation: Citation) -> Text | None:
        """Said where a rule's article is another text's: ``craps-2010`` follows Portaria
        n.º 97/85/M, the text it revoked, for the throw and the bets its part on file lacks.
        ``None`` when the article is of the text this table follows."""
        own = self.ruleset.base or self.ruleset.id
        if citation.ruleset == own:
            return None
        return T(
            "{article} is of {older}: the part of {newer} on file has no article on this, so "
            "this table follows {older}, which {newer} revoked, until its own text is on file.",
            article=citation,
            older=_TEXTS.get(citation.ruleset, citation.ruleset),
            newer=_TEXTS.get(own, own),
        )

    def setting_citation(self, name: str, fallback: str) -> Citation:
        """The article a setting interprets, or the rule ``fallback`` names."""
        citation = self.ruleset.settings[name].citation
        return self.cite(fallback) if citation is None else citation

    def odds_ratio(self, dont: bool, point: int) -> Fraction:
        """The odds payout on ``point``: Art. 2(2) for the right side, Art. 3(2) for the don't."""
        return (self.dont_odds if dont else self.pass_odds)[point]

    @classmethod
    def from_ruleset(cls, ruleset: Ruleset) -> CrapsRules:
        """Read and check a craps ruleset; errors name the file and the key."""
        file = ruleset.file or f"{ruleset.id}.toml"
        if ruleset.game != Game.CRAPS:
            raise RulesetError(
                "invalid_ruleset", f"{file}: game: {ruleset.game!r} is not a craps ruleset."
            )
        craps = _table(ruleset.data, Game.CRAPS, file, "")
        citations_raw = _table(craps, "citations", file, "craps.")
        citations: dict[str, Citation] = {}
        for rule in RULE_NAMES:
            if rule not in citations_raw:
                raise _error(file, f"craps.citations.{rule}", "is missing")
            text = citations_raw[rule]
            if not isinstance(text, str):
                raise _error(file, f"craps.citations.{rule}", f"expected a string, got {text!r}")
            try:
                citations[rule] = Citation.parse(text, ruleset.id)
            except ValueError as exc:
                raise _error(file, f"craps.citations.{rule}", str(exc)) from None
        blocks_raw = _table(craps, "big_blocks", file, "craps.")

        def ratio(name: str) -> Fraction:
            return ruleset.payout(name).ratio

        big: dict[int, BigBlock] = {}
        for number, pair in PAIRS.items():
            units = blocks_raw.get(pair)
            if isinstance(units, bool) or not isinstance(units, int) or units < 1:
                raise _error(
                    file,
                    f"craps.big_blocks.{pair}",
                    f"expected a whole number of units ≥ 1, got {units!r}",
                )
            big[number] = BigBlock(
                units=units,
                ratio=ratio(f"big_{pair}"),
                short_ratio=ratio(f"big_{pair}_short"),
                citation=citations[f"big_{pair}"],
            )

        unit = _setting(ruleset, file, "big_bet_unit", "decimal")
        assert isinstance(unit, Decimal)
        if unit <= 0:
            raise _error(file, "settings.big_bet_unit.default", f"must be more than 0, not {unit}")
        collect_first = _setting(ruleset, file, "collect_before_pay", "boolean")
        assert isinstance(collect_first, bool)
        return cls(
            ruleset=ruleset,
            citations=citations,
            line_ratio={kind: ratio(kind.value) for kind in BetKind if kind.is_line},
            pass_odds={p: ratio(f"pass_odds_{pair}") for p, pair in PAIRS.items()},
            dont_odds={p: ratio(f"dont_odds_{pair}") for p, pair in PAIRS.items()},
            field={
                2: ratio("field_2_12"),
                12: ratio("field_2_12"),
                **{n: ratio("field") for n in (3, 4, 9, 10, 11)},
            },
            hard={
                4: ratio("hard_4_10"),
                10: ratio("hard_4_10"),
                6: ratio("hard_6_8"),
                8: ratio("hard_6_8"),
            },
            big7=ratio("big7"),
            eleven=ratio("eleven"),
            any_craps=ratio("any_craps"),
            big=big,
            line_bet_timing=_choice(ruleset, file, "line_bet_timing", LineBetTiming),
            odds_timing=_choice(ruleset, file, "odds_timing", OddsTiming),
            odds_limit=_choice(ruleset, file, "odds_limit", OddsLimit),
            lay_odds_limit=_choice(ruleset, file, "lay_odds_limit", OddsLimit),
            odds_on_come_out=_choice(ruleset, file, "odds_on_come_out", OddsOnComeOut),
            big_bet_unit=unit,
            big_bet_remainder=_choice(ruleset, file, "big_bet_remainder", BigBetPart),
            big_4_10_short_bet=_choice(ruleset, file, "big_4_10_short_bet", BigBetPart),
            rounding=_choice(ruleset, file, "payout_rounding", Rounding),
            collect_before_pay=collect_first,
        )


def _error(file: str, key: str, message: str) -> RulesetError:
    return RulesetError("invalid_ruleset", f"{file}: {key}: {message}.")


def _table(data: Mapping[str, Any], name: str, file: str, prefix: str) -> Mapping[str, Any]:
    value = data.get(name)
    if value is None:
        raise _error(file, f"{prefix}{name}", "is missing")
    if not isinstance(value, dict):
        raise _error(file, f"{prefix}{name}", f"expected a table, got {value!r}")
    return value


def _setting(ruleset: Ruleset, file: str, name: str, kind: SettingType) -> object:
    declared = ruleset.settings.get(name)
    if declared is None:
        raise _error(file, f"settings.{name}", "is missing")
    if declared.type != kind:
        raise _error(file, f"settings.{name}.type", f"must be {kind!r}, not {declared.type!r}")
    return ruleset.values[name]


def _choice(ruleset: Ruleset, file: str, name: str, enum: type[_E]) -> _E:
    _setting(ruleset, file, name, "choice")
    known = {member.value for member in enum}
    unknown = [choice for choice in ruleset.settings[name].choices if choice not in known]
    if unknown:
        raise _error(
            file,
            f"settings.{name}.choices",
            f"{', '.join(repr(c) for c in unknown)} is not a rule the craps core knows "
            f"(it knows {', '.join(sorted(known))})",
        )
    return enum(str(ruleset.values[name]))
