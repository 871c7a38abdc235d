"""Where an answer rests on the house's own word, not an article: a citation that says so.

Sic Bo's regulation (Despacho 31/2003) is not on file, so its payouts, rulings and order
of settlement are the house's (``sic-bo-house house pay table``); and where a regulation
sets no order of settlement (craps: Portaria n.º 97/85/M), the order is the table's
procedure, a setting of the ruleset (``craps-1985 house procedure``).  A
:class:`HouseReference` is a :class:`~dealer_trainer.rules.citations.Citation` (so every
record that holds a citation holds it) that never names an article: screens write it in
words in the reader's language where an article would stand, never ``article``, which
is 0 for a house reference; :attr:`HouseReference.words` is the same in a translatable
sentence, for a drill's text.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import T, Text


@unique
class HouseBasis(StrEnum):
    PAY_TABLE = "pay table"  # the house's payouts, the bets it offers, its limits
    RULING = "ruling"  # the house's decision on an irregular throw
    PROCEDURE = "procedure"  # the house's order of settlement (table procedure)


_WORDS = {
    HouseBasis.PAY_TABLE: T("house pay table"),
    HouseBasis.RULING: T("house ruling"),
    HouseBasis.PROCEDURE: T("house table procedure"),
}


@dataclass(frozen=True, order=True)
class HouseReference(Citation):
    """Not an article: the house's own table or procedure (``sic-bo-house house pay table``,
    ``craps-1985 house procedure``)."""

    basis: HouseBasis = HouseBasis.PAY_TABLE

    def __str__(self) -> str:
        return f"{self.ruleset} house {self.basis}"

    @property
    def article_ref(self) -> str:
        """What stands where an article would: ``house pay table``."""
        return f"house {self.basis}"

    @property
    def words(self) -> Text:
        """The basis in words, to translate: "house pay table"."""
        return _WORDS[self.basis]

    @classmethod
    def parse_house(cls, text: str) -> HouseReference | None:
        """Read ``sic-bo-house house pay table`` back (None if it is not a house reference)."""
        ruleset, sep, basis = text.partition(" house ")
        if not sep or basis not in {b.value for b in HouseBasis}:
            return None
        return cls(ruleset, 0, basis=HouseBasis(basis))


def house_pay_table(ruleset_id: str) -> HouseReference:
    """The basis of a payout no article on file sets (every Sic Bo payout and bet)."""
    return HouseReference(ruleset_id, 0, basis=HouseBasis.PAY_TABLE)


def house_ruling(ruleset_id: str) -> HouseReference:
    return HouseReference(ruleset_id, 0, basis=HouseBasis.RULING)


def house_procedure(ruleset_id: str) -> HouseReference:
    """The basis of an order of settlement the regulation does not set: table procedure."""
    return HouseReference(ruleset_id, 0, basis=HouseBasis.PROCEDURE)
