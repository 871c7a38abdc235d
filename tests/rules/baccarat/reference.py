"""A second, independent Baccarat: the drawing table and the pay table typed from the digest
(``docs/DIGEST.md``, "Baccarat") and the contract (``docs/rules-cli.md``), in whole cents,
without a line of ``dealer_trainer.rules.baccarat``.  The tests hold the rules core to it."""

from __future__ import annotations

from dataclasses import dataclass

#: Art. 5: what each rank counts.
POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
POINTS.update({"T": 0, "J": 0, "Q": 0, "K": 0})

#: The Player's decision by its two-card total 0-9: D draws, S stands, N a natural.
PLAYER = "DDDDDDSSNN"

#: The Banker's decision (D draws, S stands, N a natural), one row per two-card total 0-9;
#: the first ten columns the value of the Player's third card 0-9 (0: a ten or picture
#: card), the eleventh ("-") when the Player stood.  Typed from the digest's table:
#:   0, 1, 2: any card; 3: all but 8; 4: 2-7; 5: 4-7; 6: 6-7; 7: never; 8, 9: natural.
BANKER = (
    # 0123456789 -
    "DDDDDDDDDD D",  # 0
    "DDDDDDDDDD D",  # 1
    "DDDDDDDDDD D",  # 2
    "DDDDDDDDSD D",  # 3
    "SSDDDDDDSS D",  # 4
    "SSSSDDDDSS D",  # 5
    "SSSSSSDDSS S",  # 6
    "SSSSSSSSSS S",  # 7
    "NNNNNNNNNN N",  # 8
    "NNNNNNNNNN N",  # 9
)


def banker_cell(banker_total: int, player_third: int | None) -> str:
    row = BANKER[banker_total]
    return row[11] if player_third is None else row[player_third]


def total(cards: list[str]) -> int:
    return sum(POINTS[card[0]] for card in cards) % 10


@dataclass(frozen=True)
class RefCoup:
    player: list[str]
    banker: list[str]

    @property
    def winner(self) -> str:
        p, b = total(self.player), total(self.banker)
        return "player" if p > b else "banker" if b > p else "tie"


def coup(shoe: list[str]) -> RefCoup | None:
    """The coup by the tables above; None when the shoe runs short."""
    if len(shoe) < 4:
        return None
    player, banker = [shoe[0], shoe[2]], [shoe[1], shoe[3]]
    rest = list(shoe[4:])
    p, b = total(player), total(banker)
    if PLAYER[p] == "N" or BANKER[b][0] == "N":
        return RefCoup(player, banker)
    third = None
    if PLAYER[p] == "D":
        if not rest:
            return None
        player.append(rest.pop(0))
        third = POINTS[player[2][0]]
    if banker_cell(b, third) == "D":
        if not rest:
            return None
        banker.append(rest.pop(0))
    return RefCoup(player, banker)


W = "baccarat-2004 winner rule (secondary text; article not on file)"
P = "baccarat-2004 tie: Player and Banker bets returned (interpretation; article not on file)"
H = "baccarat-2004 house pay table (Ordem Executiva 70/2000, revoked)"
HOUSE = "baccarat-2004 house pay table (house setting)"
EVEN = "baccarat-2004 even money (interpretation; article not on file)"
DEFAULTS = {
    "commission": "five_percent",
    "commission_collect": "deduct",
    "commission_rounding": "down",
    "tie_pays": 8,
    "pair_pays": 11,
    "lucky6_two_cards": 12,
    "lucky6_three_cards": 20,
}


def _cents(cents: int) -> str:
    return f"{cents // 100}.{cents % 100:02d}"


def settle(kind: str, stake_cents: int, c: RefCoup, settings: dict[str, object]) -> dict[str, str]:
    """One result as the contract writes it (outcome, win, commission, paid, returned,
    citation), from the pay table in whole cents."""
    s = {**DEFAULTS, **settings}
    winner = c.winner
    outcome, win, commission, citation = "lose", 0, 0, W

    def figure(name: str, cited: str) -> tuple[int, str]:
        pays = int(s[name])  # type: ignore[call-overload]
        return stake_cents * pays, cited if pays == DEFAULTS[name] else HOUSE

    if kind in ("player", "banker"):
        if winner == "tie":
            outcome, citation = "push", P
        elif winner == kind:
            outcome = "win"
            if kind == "player":
                win, citation = stake_cents, EVEN
            elif s["commission"] == "no_commission":
                six = total(c.banker) == 6
                win = stake_cents // 2 if six else stake_cents
                citation = "baccarat-2004 Art. 18(2)"
            else:
                win, citation = stake_cents, "baccarat-2004 Art. 18(1)"
                down, rest = divmod(win * 5, 100)
                commission = down + (1 if rest and s["commission_rounding"] == "up" else 0)
    elif kind == "tie":
        if winner == "tie":
            outcome = "win"
            win, citation = figure("tie_pays", H)
    elif kind in ("player_pair", "banker_pair"):
        cards = c.player if kind == "player_pair" else c.banker
        citation = "baccarat-2004 Art. 13(1)"
        if cards[0][0] == cards[1][0]:
            outcome = "win"
            win, citation = figure("pair_pays", H)
    else:  # lucky6
        citation = "baccarat-2004 Art. 13(1)"
        if winner == "banker" and total(c.banker) == 6:
            outcome = "win"
            name = "lucky6_two_cards" if len(c.banker) == 2 else "lucky6_three_cards"
            win, citation = figure(name, "baccarat-2004 Art. 17(5)")
    paid = win - commission if s["commission_collect"] == "deduct" else win
    returned = stake_cents if outcome in ("win", "push") else 0
    return {
        "outcome": outcome,
        "win": _cents(win),
        "commission": _cents(commission),
        "paid": _cents(paid),
        "returned": _cents(returned),
        "citation": citation,
    }
