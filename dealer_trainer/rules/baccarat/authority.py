"""What a Baccarat answer rests on: an article on file, or the authority said in words.

The Baccarat regulation (Despacho Regulamentar Externo n.º 55/2004, as amended) is on
file only in part (``docs/DIGEST.md``, "Baccarat").  An answer that an article on file
decides cites it (``baccarat-2004 Art. 18(1)``); one that rests on a secondary text, a
revoked text, an interpretation or the house's own figure never names an article: it
carries an :class:`Authority`, a :class:`~dealer_trainer.rules.citations.Citation` (so
every record that holds a citation holds it) whose text names that authority in words
after the ruleset id, exactly as ``docs/rules-cli.md`` writes it::

    baccarat-2004 winner rule (secondary text; article not on file)

Screens write :attr:`Authority.words` (translatable) where an article would stand, never
``article``, which is 0 for an authority in words.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, unique

from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.text import T, Text

RULESET_ID = "baccarat-2004"


@unique
class Basis(StrEnum):
    """An authority that is not an article on file, as the rules CLI writes it."""

    # Player and Banker pay 1 to 1: Art. 17's pay table is not on file.
    EVEN_MONEY = "even money (interpretation; article not on file)"
    # The higher total wins, equal totals tie: known only from a secondary text.
    WINNER_RULE = "winner rule (secondary text; article not on file)"
    # A tie returns the Player and Banker bets: an interpretation.
    TIE_RETURNED = "tie: Player and Banker bets returned (interpretation; article not on file)"
    # The tie's 8 and the pairs' 11 to 1: the figures of the revoked Ordem Executiva 70/2000.
    REVOKED_PAY_TABLE = "house pay table (Ordem Executiva 70/2000, revoked)"
    # A pay figure the house set to another value than the ruleset's default.
    HOUSE_SETTING = "house pay table (house setting)"
    # The third-card rules: known only from secondary texts in the regulation's wording.
    DRAWING_RULES = "drawing rules (secondary text; article not on file)"


_WORDS = {
    Basis.EVEN_MONEY: T("even money (an interpretation; the article is not on file)"),
    Basis.WINNER_RULE: T("the winner rule (a secondary text; the article is not on file)"),
    Basis.TIE_RETURNED: T(
        "on a tie the Player and Banker bets are returned (an interpretation; "
        "the article is not on file)"
    ),
    Basis.REVOKED_PAY_TABLE: T(
        "the house pay table (the figures of the revoked Ordem Executiva 70/2000)"
    ),
    Basis.HOUSE_SETTING: T("the house pay table (a figure the house set)"),
    Basis.DRAWING_RULES: T("the drawing rules (a secondary text; the article is not on file)"),
}


@dataclass(frozen=True, order=True)
class Authority(Citation):
    """Not an article on file: the authority in words (``baccarat-2004 winner rule (…)``)."""

    basis: Basis = Basis.WINNER_RULE

    def __str__(self) -> str:
        return f"{self.ruleset} {self.basis}"

    @property
    def article_ref(self) -> str:
        """What stands where an article would: ``winner rule (secondary text; …)``."""
        return str(self.basis)

    @property
    def words(self) -> Text:
        """The authority in words, to translate."""
        return _WORDS[self.basis]


def authority(basis: Basis, ruleset_id: str = RULESET_ID) -> Authority:
    return Authority(ruleset_id, 0, basis=basis)


def cite(
    article: int,
    paragraph: int | None = None,
    item: int | None = None,
    ruleset_id: str = RULESET_ID,
) -> Citation:
    """An article of the Baccarat regulation that is on file."""
    return Citation(ruleset_id, article, paragraph, item)
