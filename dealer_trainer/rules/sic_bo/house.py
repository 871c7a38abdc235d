"""What a Sic Bo answer rests on: the house's pay table, in words, where other games cite.

Despacho Regulamentar Externo n.º 31/2003 is not on file, so a Sic Bo decision
names no article.  It carries a :class:`HouseReference` instead: a citation-like
object (it is a :class:`~dealer_trainer.rules.citations.Citation`, so every
record that holds a citation holds it) that says ``sic-bo-house house pay
table`` and never an article number.  Screens write it in words in the
reader's language where an article would stand, never ``article``, which is 0
for a house reference; :attr:`HouseReference.words` is the same in a
translatable sentence (``T("house pay table")``), for a drill's text.

The sentences of :func:`pay_table_sentence`, :func:`pay_order_sentence` and
the constants below are what a drill's ``rests_on`` wraps in
``on_house_pay_table(...)``, ``on_house_ruling(...)`` or ``on_house_procedure(...)``
(``drills.model``): never in ``house_option`` or ``table_procedure``, which say what the
regulation leaves or does not set, for the regulation is not on file.
"""

from __future__ import annotations

from fractions import Fraction

from dealer_trainer.rules.text import T, Text


def ratio_text(ratio: Fraction) -> Text:
    """A payout in words to translate: "8 to 1", "3 to 2"."""
    return T(
        "{numerator} to {denominator}", numerator=ratio.numerator, denominator=ratio.denominator
    )


def pay_table_sentence(bet_name: Text, ratio: Fraction) -> Text:
    """What the house's table pays for a bet, and why (a drill's ``on_house_pay_table``)."""
    return T(
        "{bet} pays {ratio} on this house's pay table; the Sic Bo regulation "
        "(Despacho 31/2003) is not on file, so every payout is the house's.",
        bet=bet_name,
        ratio=ratio_text(ratio),
    )


TRIPLE_RULE = T(
    "On this house's table small and big lose on any triple (a setting of its pay table)."
)
TRIPLE_RULE_ODD_EVEN = T(
    "On this house's table odd and even lose on any triple (a setting of its pay table)."
)
_PAY_ORDER = {
    "layout_rows": T(
        "This house pays the winners row by row down the layout: the top row (small, big, "
        "odd, even, the doubles, the triples, any triple), then the totals, then the "
        "combinations, then the single numbers."
    ),
    "highest_payout_first": T(
        "This house pays first the winners that pay the most to 1, bets of one payout together."
    ),
    "any_order": T("This house pays the winners in any order, once every loser is collected."),
}


def pay_order_sentence(pay_order: str) -> Text:
    """The house's pay order (setting ``pay_order``) in words."""
    return _PAY_ORDER[pay_order]


#: The house's procedure (a drill wraps it in ``on_house_procedure``, which says the
#: regulation is not on file).
COLLECT_FIRST = T("Every losing bet is collected before any winner is paid.")
