"""Settling a coup (Art. 13(1), 17(5), 18(1), 18(2); the tie, the pairs and the winner rule
on the authority the digest names), held to the independent pay table of ``reference.py``."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dealer_trainer.rules.baccarat.cards import DECK
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.rulesets import get_ruleset, official_rulesets, parse_house_ruleset
from tests.rules.baccarat import reference
from tests.rules.baccarat.helpers import call

#: Banker 3H 3C = 6 on two cards; Player 4S KD = 4 draws 9H = 3; the Banker stands: it wins.
BANKER_SIX_TWO_CARDS = ["4S", "3H", "KD", "3C", "9H", "AD"]
#: Player 2 + K = 2 draws 2D = 4; Banker 3 + K = 3 draws 3D: 6 on three cards, it wins.
BANKER_SIX_THREE_CARDS = ["2S", "3H", "KS", "KC", "2D", "3D"]
#: Player 9 (natural) beats the Banker 7.
PLAYER_NATURAL = ["9S", "7H", "KD", "KC"]
#: Player 6 stands; Banker 6 stands: a tie on 6.
TIE_ON_SIX = ["2S", "3H", "4S", "3C", "9D"]
#: Banker 7 stands, Player 6 stands: the Banker wins with 7.
BANKER_SEVEN = ["2S", "3H", "4S", "4C"]


def settle(shoe: list[str], *bets: dict[str, Any], **changes: Any) -> dict[str, Any]:
    request: dict[str, Any] = {"game": "baccarat", "bets": list(bets), "shoe": shoe}
    if changes:
        request["ruleset"] = {"id": "baccarat-2004", "settings": changes}
    code, answer = call(request)
    assert code == 0, answer
    return answer


def bet(kind: str, amount: Any = 100, bet_id: str = "x") -> dict[str, Any]:
    return {"id": bet_id, "kind": kind, "amount": amount}


def only(answer: dict[str, Any]) -> dict[str, Any]:
    (result,) = answer["results"]
    return {k: v for k, v in result.items() if k != "id"}


def result(
    outcome: str, win: str, commission: str, paid: str, returned: str, cited: str
) -> dict[str, str]:
    return {
        "outcome": outcome,
        "win": win,
        "commission": commission,
        "paid": paid,
        "returned": returned,
        "citation": cited,
    }


def test_art_18_1_a_banker_win_pays_even_money_less_five_percent_commission() -> None:
    answer = settle(BANKER_SEVEN, bet("banker", 1350))
    assert only(answer) == result(
        "win", "1350.00", "67.50", "1282.50", "1350.00", "baccarat-2004 Art. 18(1)"
    )


def test_art_18_1_commission_to_the_box_pays_the_whole_win() -> None:
    answer = settle(BANKER_SEVEN, bet("banker", 100), commission_collect="box")
    assert only(answer) == result(
        "win", "100.00", "5.00", "100.00", "100.00", "baccarat-2004 Art. 18(1)"
    )


@pytest.mark.parametrize(
    ("stake", "rounding", "commission", "paid"),
    [
        ("12.50", "down", "0.62", "11.88"),
        ("12.50", "up", "0.63", "11.87"),
        ("0.01", "up", "0.01", "0.00"),
    ],
)
def test_art_18_1_a_commission_that_is_not_a_whole_cent_is_rounded_as_the_house_says(
    stake: str, rounding: str, commission: str, paid: str
) -> None:
    answer = settle(BANKER_SEVEN, bet("banker", stake), commission_rounding=rounding)
    assert (only(answer)["commission"], only(answer)["paid"]) == (commission, paid)


@pytest.mark.parametrize("shoe", [BANKER_SIX_TWO_CARDS, BANKER_SIX_THREE_CARDS])
def test_art_18_2_no_commission_a_banker_six_wins_half_the_stake_on_two_or_three_cards(
    shoe: list[str],
) -> None:
    answer = settle(shoe, bet("banker", 100), commission="no_commission")
    assert only(answer) == result(
        "win", "50.00", "0.00", "50.00", "100.00", "baccarat-2004 Art. 18(2)"
    )
    half = settle(shoe, bet("banker", "12.25"), commission="no_commission")
    assert only(half)["win"] == "6.12"  # always rounded down to the cent


def test_art_18_2_no_commission_any_other_banker_win_pays_even_money() -> None:
    answer = settle(BANKER_SEVEN, bet("banker", 100), commission="no_commission")
    assert only(answer) == result(
        "win", "100.00", "0.00", "100.00", "100.00", "baccarat-2004 Art. 18(2)"
    )


def test_tie_returns_the_player_and_banker_bets_and_a_banker_six_that_ties_is_no_win() -> None:
    answer = settle(
        TIE_ON_SIX,
        bet("player", 10, "p"),
        bet("banker", 10, "b"),
        bet("lucky6", 10, "l"),
        bet("tie", 10, "t"),
        commission="no_commission",
    )
    by_id = {r["id"]: r for r in answer["results"]}
    assert answer["winner"] == "tie"
    for side in "pb":
        assert by_id[side]["outcome"] == "push" and by_id[side]["returned"] == "10.00"
        assert by_id[side]["citation"] == reference.P
    assert by_id["l"]["outcome"] == "lose" and by_id["l"]["citation"] == "baccarat-2004 Art. 13(1)"
    assert by_id["t"] == {
        "id": "t",
        **result("win", "80.00", "0.00", "80.00", "10.00", reference.H),
    }


def test_the_tie_bet_loses_when_a_hand_wins_and_is_never_a_push() -> None:
    answer = settle(PLAYER_NATURAL, bet("tie", 10))
    assert only(answer) == result("lose", "0.00", "0.00", "0.00", "0.00", reference.W)


def test_player_even_money_is_an_interpretation_and_a_loss_the_winner_rule() -> None:
    answer = settle(PLAYER_NATURAL, bet("player", 50, "p"), bet("banker", 50, "b"))
    player, banker = answer["results"]
    assert player["citation"] == reference.EVEN and player["win"] == "50.00"
    assert banker["outcome"] == "lose" and banker["citation"] == reference.W


@pytest.mark.parametrize(
    ("first_two", "pair"),
    [(("JS", "JH"), True), (("5C", "5D"), True), (("JS", "QS"), False), (("TS", "KS"), False)],
)
def test_art_13_1_pairs_are_by_rank_whatever_the_suits(
    first_two: tuple[str, str], pair: bool
) -> None:
    # The Player's first two cards are shoe[0] and shoe[2]; the Banker's 9 is a natural.
    shoe = [first_two[0], "9H", first_two[1], "KC"]
    answer = settle(shoe, bet("player_pair", 10))
    if pair:
        assert only(answer) == result("win", "110.00", "0.00", "110.00", "10.00", reference.H)
    else:
        assert only(answer) == result(
            "lose", "0.00", "0.00", "0.00", "0.00", "baccarat-2004 Art. 13(1)"
        )


def test_art_13_1_the_banker_pair_wins_whatever_the_winner() -> None:
    answer = settle(["9S", "4H", "KD", "4C"], bet("banker_pair", 10))
    assert answer["winner"] == "player" and only(answer)["win"] == "110.00"


@pytest.mark.parametrize(
    ("shoe", "win"), [(BANKER_SIX_TWO_CARDS, "120.00"), (BANKER_SIX_THREE_CARDS, "200.00")]
)
def test_art_17_5_lucky6_pays_12_on_two_cards_and_20_on_three(shoe: list[str], win: str) -> None:
    answer = settle(shoe, bet("lucky6", 10))
    assert only(answer) == result("win", win, "0.00", win, "10.00", "baccarat-2004 Art. 17(5)")


def test_art_13_1_lucky6_loses_unless_the_banker_wins_with_six() -> None:
    for shoe in (BANKER_SEVEN, PLAYER_NATURAL, TIE_ON_SIX):
        assert only(settle(shoe, bet("lucky6", 10)))["citation"] == "baccarat-2004 Art. 13(1)"


def test_a_pay_figure_the_house_changes_cites_the_house_setting() -> None:
    assert only(settle(TIE_ON_SIX, bet("tie", 10), tie_pays=9))["citation"] == reference.HOUSE
    assert only(settle(TIE_ON_SIX, bet("tie", 10), tie_pays=9))["win"] == "90.00"
    # Only the figure that paid counts: a changed three-card figure leaves a two-card win cited.
    two = settle(BANKER_SIX_TWO_CARDS, bet("lucky6", 10), lucky6_three_cards=22)
    assert only(two)["citation"] == "baccarat-2004 Art. 17(5)"
    three = settle(BANKER_SIX_THREE_CARDS, bet("lucky6", 10), lucky6_three_cards=22)
    assert (only(three)["win"], only(three)["citation"]) == ("220.00", reference.HOUSE)


def test_a_house_ruleset_based_on_baccarat_2004_cites_the_regulation() -> None:
    from dealer_trainer.rules.baccarat.api import read_request

    house = parse_house_ruleset(
        'id = "grand-baccarat"\nbase = "baccarat-2004"\ntitle = "House baccarat"\n'
        '[overrides]\npair_pays = 11\ncommission_collect = "box"\n',
        "grand-baccarat.toml",
        official_rulesets(),
    )
    request = {
        "game": "baccarat",
        "bets": [bet("banker"), bet("tie", 10, "t")],
        "shoe": BANKER_SEVEN,
    }
    results = read_request(request, house).results
    assert results[0].citation == Citation("baccarat-2004", 18, 1)
    assert results[0].paid == results[0].win == Decimal("100.00")
    assert str(results[1].citation) == reference.W


_CODES = [c.code for c in DECK]
_KINDS = ["player", "banker", "tie", "player_pair", "banker_pair", "lucky6"]
_SETTINGS = st.fixed_dictionaries(
    {},
    optional={
        "commission": st.sampled_from(["five_percent", "no_commission"]),
        "commission_collect": st.sampled_from(["deduct", "box"]),
        "commission_rounding": st.sampled_from(["down", "up"]),
        "tie_pays": st.integers(1, 50),
        "pair_pays": st.integers(1, 50),
        "lucky6_two_cards": st.integers(1, 50),
        "lucky6_three_cards": st.integers(1, 50),
    },
)


@settings(max_examples=400, deadline=None)
@given(
    shoe=st.lists(st.sampled_from(_CODES), min_size=6, max_size=6),
    stakes=st.lists(st.integers(1, 10_000_00), min_size=6, max_size=6),
    changes=_SETTINGS,
)
def test_every_bet_is_settled_as_the_independent_pay_table_says(
    shoe: list[str], stakes: list[int], changes: dict[str, Any]
) -> None:
    bets = [
        {"id": kind, "kind": kind, "amount": f"{cents // 100}.{cents % 100:02d}"}
        for kind, cents in zip(_KINDS, stakes, strict=True)
    ]
    answer = settle(shoe, *bets, **changes)
    expected_coup = reference.coup(shoe)
    assert expected_coup is not None
    assert answer["winner"] == expected_coup.winner
    for kind, cents, got in zip(_KINDS, stakes, answer["results"], strict=True):
        assert got == {"id": kind, **reference.settle(kind, cents, expected_coup, changes)}, kind


def test_no_answer_cites_an_article_that_is_not_on_file() -> None:
    import tomllib
    from pathlib import Path

    texts = Path(__file__).parents[3] / "dealer_trainer" / "rules" / "texts"
    raw = tomllib.loads((texts / "baccarat-2004.articles.toml").read_text(encoding="utf-8"))
    on_file = {a["number"] for a in raw["article"]}
    assert set(raw["not_on_file"]).isdisjoint(on_file)
    cited: set[str] = set()
    for shoe in (
        BANKER_SIX_TWO_CARDS,
        BANKER_SIX_THREE_CARDS,
        PLAYER_NATURAL,
        TIE_ON_SIX,
        BANKER_SEVEN,
    ):
        for commission in ("five_percent", "no_commission"):
            answer = settle(shoe, *(bet(k, 10, k) for k in _KINDS), commission=commission)
            cited |= {r["citation"] for r in answer["results"]}
    articles = {c for c in cited if " Art. " in c}
    assert articles == {
        "baccarat-2004 Art. 13(1)",
        "baccarat-2004 Art. 17(5)",
        "baccarat-2004 Art. 18(1)",
        "baccarat-2004 Art. 18(2)",
    }
    assert all(int(c.split("Art. ")[1].split("(")[0]) in on_file for c in articles)
    assert cited - articles == {reference.W, reference.P, reference.H, reference.EVEN}
    assert get_ruleset("baccarat-2004").status == "partial"
