"""Every bet's house edge, exact over an 8-deck shoe (combinatorics over the cards, not a
simulation), against the published figures.

Computed here (8 decks, 416 cards; every ordered sequence of a coup's cards counted, over
416·415·414·413·412·411 = 4,998,398,275,503,360):

- Banker, 5% commission (Art. 18(1)): 1.0579% (published 1.06%)
- Player, even money: 1.2351% (published 1.24%)
- Tie at 8 to 1: 14.3596% (published 14.36%)
- Banker at a no-commission table, a winning 6 paid half (Art. 18(2)): 1.4581% (published 1.46%)
- Player pair, Banker pair at 11 to 1: 31/415 a pair, 43/415 = 10.3614% (published 10.36%)
- Lucky 6 at 12 to 1 (two cards) and 20 to 1 (three cards), Art. 17(5): 16.6836% (published
  16.68%, "Macau pay table", Wizard of Odds)
"""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from dealer_trainer.rules.baccarat import house_edge as edge_module
from dealer_trainer.rules.baccarat.house_edge import coup_odds, house_edge
from dealer_trainer.rules.baccarat.settle import BetKind
from dealer_trainer.rules.rulesets import get_ruleset

RULESET = get_ruleset("baccarat-2004")


def percent(value: Fraction, places: int) -> str:
    return f"{float(value * 100):.{places}f}"


def test_the_coups_of_an_eight_deck_shoe_are_counted_exactly_and_fast() -> None:
    coup_odds.cache_clear()
    started = time.perf_counter()
    odds = coup_odds(8)
    assert time.perf_counter() - started < 5  # seconds: the whole shoe, exactly
    # The counts the Wizard of Odds publishes for 8 decks (baccarat, and its Lucky 6 page).
    assert odds.total == 4_998_398_275_503_360 == 416 * 415 * 414 * 413 * 412 * 411
    assert odds.banker_wins == 2_292_252_566_437_888
    assert odds.player_wins == 2_230_518_282_592_256
    assert odds.ties == 475_627_426_473_216
    assert odds.banker_wins + odds.player_wins + odds.ties == odds.total
    assert odds.banker_six_two_cards == 186_173_936_904_192
    assert odds.banker_six_three_cards == 83_058_367_551_488


@pytest.mark.parametrize(
    ("kind", "settings", "published", "computed"),
    [
        (BetKind.BANKER, {}, "1.06", "1.0579"),
        (BetKind.PLAYER, {}, "1.24", "1.2351"),
        (BetKind.TIE, {}, "14.36", "14.3596"),
        (BetKind.BANKER, {"commission": "no_commission"}, "1.46", "1.4581"),
        (BetKind.PLAYER_PAIR, {}, "10.36", "10.3614"),
        (BetKind.BANKER_PAIR, {}, "10.36", "10.3614"),
        (BetKind.LUCKY6, {}, "16.68", "16.6836"),
    ],
)
def test_each_bet_s_house_edge_is_the_published_figure(
    kind: BetKind, settings: dict[str, str], published: str, computed: str
) -> None:
    ruleset = RULESET.with_settings(settings) if settings else RULESET
    edge = house_edge(ruleset, kind)
    assert percent(edge, 2) == published
    assert percent(edge, 4) == computed


def test_the_edges_follow_the_ruleset_s_pays_exactly() -> None:
    odds = coup_odds(8)
    tie = Fraction(odds.ties, odds.total)
    assert house_edge(RULESET.with_settings({"tie_pays": 9}), BetKind.TIE) == 1 - 10 * tie
    assert house_edge(RULESET, BetKind.PLAYER_PAIR) == 1 - 12 * Fraction(31, 415)
    # The Banker's edge is exact: the Player's wins less 95% of the Banker's, per coup.
    banker = Fraction(odds.banker_wins, odds.total)
    player = Fraction(odds.player_wins, odds.total)
    assert house_edge(RULESET, BetKind.BANKER) == player - banker * Fraction(19, 20)
    # Fewer decks change the counts: six decks' tie at 8 to 1 is 14.44% (published 14.44%).
    six = RULESET.with_settings({"decks": 6})
    assert percent(house_edge(six, BetKind.TIE), 2) == "14.44"
    assert edge_module.RANKS == 13
