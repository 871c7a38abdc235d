"""The main window's felt sandbox ("What if…", F8), through its real widgets.

Chips are placed by clicking the felt, the outcome is chosen in the panel (typed, Enter, or
a number clicked on the felt), and what the panel and the felt show is checked against
expectations written here from the regulations (own pay tables and orders, not the rules
core's): the payouts, the losers marked for collection, the steps in order with their
articles, the totals, and the settlement again when the outcome changes.
"""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.sandbox.panel import (
    DiceOutcome,
    RouletteOutcome,
    SandboxPanel,
    StudOutcome,
)
from dealer_trainer.ui.window.main_window import MainWindow

# ---- roulette-2003, written from the regulation (Art. 7 payouts, Art. 5(1) order) ----
#: Art. 7: each bet's payout, to 1.
ROULETTE_PAYS = {"straight": 35, "split": 17, "street": 11, "corner": 8, "line": 5,
                 "dozen": 2, "column": 2, "red": 1, "black": 1}  # fmt: skip
ROULETTE_RED = {1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36}
#: Art. 5(1), the Portuguese text: columns and dozens, sectors, even chances, lines,
#: streets, corners, splits, straight-ups last.
PORTUGUESE_ORDER = ["Dozen", "Red", "Black", "Split", "Straight-up"]


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def open_sandbox(qtbot: QtBot, window: MainWindow, game: str) -> SandboxPanel:
    window.panel.select_game(game)
    window.activateWindow()  # the shortcut is the active window's
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F8)  # View › What if…
    qtbot.waitUntil(lambda: window.sandbox is not None and window.sandbox.isVisible())
    assert window.sandbox is not None
    assert window.sandbox.scene is window.scene()
    return window.sandbox


def choose_chip(window: MainWindow, value: int) -> None:
    window.panel.chip_buttons[Decimal(value)].click()


def click_spot(qtbot: QtBot, window: MainWindow, spot_id: str, times: int = 1) -> None:
    for _ in range(times):
        point = window.view.map_spot(spot_id).toPoint()
        qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=point)


def rows(panel: SandboxPanel) -> list[str]:
    return [panel.steps.item(i).text() for i in range(panel.steps.count())]


def payout(panel: SandboxPanel, spot_id: str) -> Decimal:
    assert panel.overlay is not None
    return sum(panel.overlay.payouts[spot_id].chips, Decimal(0))


def kinds(panel: SandboxPanel) -> dict[str, str]:
    assert panel.overlay is not None
    return {spot: ring.kind for spot, ring in panel.overlay.marks.items()}


def totals(panel: SandboxPanel) -> tuple[str, str, str]:
    text = panel.totals.text()
    found = re.findall(r": ([−+]?[\d,]+(?:\.\d\d)?)", text)
    assert len(found) == 3, text
    return found[0], found[1], found[2]


# --------------------------------------------------------------------- roulette --
def test_roulette_art5_1_art7_sandbox_settles_chips_placed_on_the_felt(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_sandbox(qtbot, window, "roulette")
    choose_chip(window, 10)
    bets = {"straight-17": 1, "split-17-20": 1, "dozen-2": 2, "red": 5, "black": 1}
    for spot_id, chips in bets.items():
        click_spot(qtbot, window, spot_id, chips)
    assert {s: window.scene().chips.amount(s) for s in bets} == {
        s: Decimal(10 * n) for s, n in bets.items()
    }
    editor = panel.editor
    assert isinstance(editor, RouletteOutcome)
    qtbot.keyClicks(editor.number, "17")
    with qtbot.waitSignal(panel.settled):
        qtbot.keyClick(editor.number, Qt.Key.Key_Return)  # Enter presses Settle

    # 17 is black (not in the Art. 7 red set): red loses, black wins even money.
    assert 17 not in ROULETTE_RED
    expected = {
        "straight-17": 10 * ROULETTE_PAYS["straight"],
        "split-17-20": 10 * ROULETTE_PAYS["split"],
        "dozen-2": 20 * ROULETTE_PAYS["dozen"],
        "black": 10 * ROULETTE_PAYS["black"],
    }
    assert kinds(panel) == {**dict.fromkeys(expected, "won"), "red": "lost"}
    for spot_id, amount in expected.items():
        assert payout(panel, spot_id) == amount
    assert window.scene().markers["dolly"].isVisible()

    shown = rows(panel)
    assert shown[0].startswith("1. Marker on 17") and shown[0].endswith("Art. 4")
    assert shown[1].startswith("2. Collect Red") and "Art. 5(1)" in shown[1]
    pays = shown[2:]
    assert [re.split(r"[ :]", re.sub(r"^\d+\. Pay ", "", r))[0] for r in pays] == [
        n for n in PORTUGUESE_ORDER if n != "Red"
    ]  # the Portuguese order of Art. 5(1), straight-ups last
    assert "Pay Straight-up 17: 350" in pays[-1] and pays[-1].endswith("Art. 7(1)")
    assert "Pay Split 17-20: 170" in pays[-2] and pays[-2].endswith("Art. 7(2)")
    assert totals(panel) == ("50", "570", "−520")

    # Next / Previous step the gold ring over the felt, in the list's order.
    assert panel.overlay is not None and panel.overlay.highlighted is not None
    assert panel.overlay.highlighted.word.startswith("1. Marker on 17")
    panel.next_button.click()
    assert panel.overlay.highlighted.word.startswith("2. Collect Red")
    assert panel.overlay.highlighted.pos().toTuple() == window.scene().felt.spot("red").center
    panel.previous_button.click()
    assert panel.steps.currentRow() == 0
    qtbot.keyClick(panel.steps, Qt.Key.Key_Return)  # Enter: the default is now Next step
    assert panel.steps.currentRow() == 1

    # Another number, clicked on the felt: settled again at once, no chip placed there.
    with qtbot.waitSignal(panel.settled):
        click_spot(qtbot, window, "straight-20")
    assert editor.number.text() == "20"
    assert window.scene().chips.amount("straight-20") == 0
    assert 20 not in ROULETTE_RED  # 20 is black as well; dozen 2 is 13-24
    assert kinds(panel) == {
        "straight-17": "lost",
        "red": "lost",
        "split-17-20": "won",
        "dozen-2": "won",
        "black": "won",
    }
    assert payout(panel, "split-17-20") == 170
    assert totals(panel) == ("60", "220", "−160")

    # A bet added while settling is settled at once; back to placing takes it all off.
    with qtbot.waitSignal(panel.settled):
        click_spot(qtbot, window, "red")
    assert kinds(panel)["red"] == "lost"
    panel.back_button.click()
    assert panel.overlay.marks == {} and panel.steps.count() == 0
    click_spot(qtbot, window, "straight-20")  # placing again: a chip
    assert window.scene().chips.amount("straight-20") == 10


def test_roulette_sandbox_by_the_keyboard_alone(qtbot: QtBot, window: MainWindow) -> None:
    window.scene().chips.set_amount("straight-5", Decimal(10))
    panel = open_sandbox(qtbot, window, "roulette")  # F8: the number field takes the keys
    editor = panel.editor
    assert isinstance(editor, RouletteOutcome)
    qtbot.waitUntil(editor.number.hasFocus)
    qtbot.keyClicks(editor.number, "5")
    with qtbot.waitSignal(panel.settled):
        qtbot.keyClick(editor.number, Qt.Key.Key_Enter)
    assert payout(panel, "straight-5") == 10 * ROULETTE_PAYS["straight"]
    qtbot.keyClick(editor.number, Qt.Key.Key_Enter)  # then Enter steps on
    assert panel.steps.currentRow() == 1
    qtbot.keyClick(window, Qt.Key.Key_F8)  # closed: the answer leaves the felt
    assert panel.overlay is None or panel.overlay.marks == {}
    assert panel.answer is None and window.scene().chips.amount("straight-5") == 10


def test_roulette_sandbox_says_a_number_off_the_wheel(qtbot: QtBot, window: MainWindow) -> None:
    panel = open_sandbox(qtbot, window, "roulette")
    click_spot(qtbot, window, "red")
    editor = panel.editor
    assert isinstance(editor, RouletteOutcome)
    qtbot.keyClicks(editor.number, "37")
    qtbot.keyClick(editor.number, Qt.Key.Key_Return)
    assert "37 is not a number of this wheel (0 to 36)" in panel.message.text()
    assert panel.steps.count() == 0 and panel.answer is None


# ------------------------------------------------------------------------ craps --
def test_craps_art2_art4_art5_sandbox_settles_a_throw_with_the_puck_on(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_sandbox(qtbot, window, "craps")
    choose_chip(window, 10)
    for spot_id in ("pass", "pass-odds", "come-6", "come", "field", "hard-8", "dont_come-4"):
        click_spot(qtbot, window, spot_id)
    editor = panel.editor
    assert isinstance(editor, DiceOutcome) and editor.point is not None
    editor.point.setCurrentIndex(editor.point.findData(5))  # the puck ON at 5
    editor.dice[0].setValue(4)
    editor.dice[1].setValue(4)
    with qtbot.waitSignal(panel.settled):
        qtbot.keyClick(editor.dice[1].lineEdit(), Qt.Key.Key_Return)

    # 4-4 with the point on 5 (Portaria 97/85/M): field loses on 8 (Art. 4); hard 8 thrown
    # as a pair pays 9 to 1 (Art. 5); the come bet goes to its come point 8 (Art. 2(3));
    # the pass line (point 5), the come bet on 6 and the don't come on 4: no decision.
    assert kinds(panel) == {
        "field": "lost",
        "hard-8": "won",
        "come": "moved",
        "pass": "stays",
        "come-6": "stays",
        "dont_come-4": "stays",
        "pass-odds": "refused",  # 10 of odds on 5 would win 15, more than the 10 bet
    }
    assert payout(panel, "hard-8") == 90
    shown = rows(panel)
    assert shown[0] == "1. Collect Field — Art. 4"  # every loser first: house procedure
    assert set(shown[1:]) == {"2. Move Come to 8 — Art. 2(3)", "2. Pay Hard 8: 90 — Art. 5"}
    assert "the odds would win more than the bet they back" in panel.refusals.text()
    assert "Art. 2(2)" in panel.refusals.text()
    assert "House procedure" in panel.notes.text()
    assert totals(panel) == ("10", "90", "−80")
    assert window.scene().roll == (4, 4)

    # Seven out: settled again at once.
    with qtbot.waitSignal(panel.settled):
        editor.dice[1].setValue(3)
    # 4-3 = 7: pass and its come bet on 6 lose (Art. 2(1), 2(3)); a come bet's first roll of
    # 7 wins (Art. 2(3)); field 7 loses; hard 8 loses on any 7; don't come on 4 wins (Art. 3(3)).
    assert kinds(panel) == {
        "pass": "lost",
        "come-6": "lost",
        "field": "lost",
        "hard-8": "lost",
        "come": "won",
        "dont_come-4": "won",
        "pass-odds": "refused",
    }
    assert payout(panel, "come") == 10 and payout(panel, "dont_come-4") == 10
    shown = rows(panel)
    assert [r.split(".")[0] for r in shown] == ["1"] * 4 + ["2"] * 2  # collect, then pay
    assert totals(panel) == ("40", "20", "+20")


# -------------------------------------------------------------- Caribbean Stud --
#: Art. 9(5): the raise pays by the player's hand, to 1.
STUD_RAISE_PAYS = {"one_pair": 1, "two_pairs": 2, "three_of_a_kind": 3, "straight": 4,
                   "flush": 5, "full_house": 7, "four_of_a_kind": 20}  # fmt: skip


def test_caribbean_stud_art6_art9_sandbox_settles_typed_hands(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_sandbox(qtbot, window, "caribbean_stud")
    choose_chip(window, 100)
    click_spot(qtbot, window, "box-1-ante")
    click_spot(qtbot, window, "box-1-raise", 2)
    choose_chip(window, 50)
    click_spot(qtbot, window, "box-2-ante")  # no raise: the box folds (Art. 6(7))
    choose_chip(window, 10)
    click_spot(qtbot, window, "box-3-ante")
    click_spot(qtbot, window, "box-3-raise", 3)  # 30 on a 10 ante: not twice (Art. 6(6))
    editor = panel.editor
    assert isinstance(editor, StudOutcome)
    assert sorted(editor.boxes) == [1, 2, 3]
    qtbot.keyClicks(editor.dealer, "AS KD 7C 5H 2S")  # ace-king: the dealer qualifies
    qtbot.keyClicks(editor.boxes[1], "QH QD 9S 4C 3C")  # a pair of queens beats it
    qtbot.keyClicks(editor.boxes[2], "2C 3D 4S 8H TC")
    qtbot.keyClicks(editor.boxes[3], "6C 6D 9H JC KC")
    with qtbot.waitSignal(panel.settled):
        qtbot.keyClick(editor.boxes[3], Qt.Key.Key_Return)

    # Box 1: ante 1 to 1, raise by a pair (Art. 9(5)); box 2 folded, its ante taken (6(7));
    # box 3's raise is refused, so it folds too.
    assert kinds(panel) == {
        "box-1-ante": "won",
        "box-1-raise": "won",
        "box-2-ante": "lost",
        "box-3-ante": "lost",
        "box-3-raise": "refused",
    }
    assert payout(panel, "box-1-ante") == 100
    assert payout(panel, "box-1-raise") == 200 * STUD_RAISE_PAYS["one_pair"]
    assert "the raise is exactly twice the ante" in panel.refusals.text()
    assert "Art. 6(6)" in panel.refusals.text()
    shown = rows(panel)
    assert all(r.startswith("1. ") for r in shown)  # the text sets no order (one group)
    assert "1. Pay Box 1 ante: 100 — Art. 9(5)" in shown
    assert "1. Collect Box 2 ante — Art. 6(7)" in shown
    assert "Table procedure" in panel.notes.text()
    assert totals(panel) == ("60", "300", "−240")
    assert len(window.scene().cards) == 20

    # The dealer without ace-king: every ante paid 1 to 1, every raise returned (Art. 9(2)).
    with qtbot.waitSignal(panel.settled):
        editor.dealer.setText("QS JD 7C 5D 2S")
    assert kinds(panel)["box-1-ante"] == "won" and kinds(panel)["box-1-raise"] == "returned"
    assert totals(panel) == ("60", "100", "−40")

    # A card dealt twice is named, and nothing is settled.
    editor.boxes[2].setText("QS 3D 4S 8H TC")
    assert "QS is dealt twice" in panel.message.text()
    assert panel.answer is None and panel.steps.count() == 0

    # Deal at random from a seed: the same seed, the same hands.
    editor.seed.setValue(42)
    with qtbot.waitSignal(panel.settled):
        editor.deal.click()
    first = (editor.dealer.text(), editor.boxes[1].text())
    editor.deal.click()
    assert (editor.dealer.text(), editor.boxes[1].text()) == first
    assert panel.answer is not None


def test_caribbean_stud_art6_2_sandbox_with_no_ante_says_so_not_the_cards(
    qtbot: QtBot, window: MainWindow
) -> None:
    """Art. 6(2): every box first bets the ante. Chips with no ante on any box (a
    progressive, a raise) are said to be the problem, before any card is asked for."""
    panel = open_sandbox(qtbot, window, "caribbean_stud")
    choose_chip(window, 10)
    click_spot(qtbot, window, "box-2-progressive")
    click_spot(qtbot, window, "box-3-raise", 2)
    editor = panel.editor
    assert isinstance(editor, StudOutcome)
    assert sorted(editor.boxes) == [2, 3]  # no card typed yet
    panel.settle_button.click()
    said = panel.message.text()
    assert "No box has an ante" in said and "Art. 6(2)" in said, said
    assert "card" not in said and "outcome" not in said, said
    assert panel.answer is None and panel.steps.count() == 0
    # The same with every hand dealt: still the ante, never the outcome.
    with qtbot.assertNotEmitted(panel.settled):
        editor.deal.click()
    assert "No box has an ante" in panel.message.text()
    # An ante on a box: the round is settled, the progressive of box 2 set aside.
    click_spot(qtbot, window, "box-3-ante")
    editor.refresh_boxes()
    with qtbot.waitSignal(panel.settled):
        editor.deal.click()
    assert panel.answer is not None
    assert "Art. 6(2)" in panel.refusals.text()


# ---------------------------------------------------------------------- Sic Bo --
#: The house pay table (sic-bo-house, the common Macau table), to 1.
SIC_BO_PAYS = {"big": 1, "small": 1, "total-12": 6, "double": 8, "combination": 5}
SIC_BO_SINGLE = {1: 1, 2: 2, 3: 3}  # by how many dice show the number


def test_sic_bo_house_pay_table_sandbox_settles_three_dice(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_sandbox(qtbot, window, "sic_bo")
    choose_chip(window, 10)
    for spot_id, times in (("small", 1), ("big", 5), ("total-12", 1), ("double-5", 1),
                           ("combination-2-5", 1), ("single-5", 2)):  # fmt: skip
        click_spot(qtbot, window, spot_id, times)
    editor = panel.editor
    assert isinstance(editor, DiceOutcome) and editor.point is None
    for die, face in zip(editor.dice, (2, 5, 5), strict=True):
        die.setValue(face)
    with qtbot.waitSignal(panel.settled):
        panel.settle_button.click()
    expected = {
        "big": 50 * SIC_BO_PAYS["big"],
        "total-12": 10 * SIC_BO_PAYS["total-12"],
        "double-5": 10 * SIC_BO_PAYS["double"],
        "combination-2-5": 10 * SIC_BO_PAYS["combination"],
        "single-5": 20 * SIC_BO_SINGLE[2],
    }
    assert kinds(panel) == {**dict.fromkeys(expected, "won"), "small": "lost"}
    for spot_id, amount in expected.items():
        assert payout(panel, spot_id) == amount
    shown = rows(panel)
    # The house's procedure: nothing is said of a regulation whose articles are not on file.
    assert shown[0] == (
        "1. Collect Small — House procedure: the Sic Bo regulation's articles are not on file."
    )
    # The house's order: the top row, then the totals, the combinations, the single numbers.
    names = [re.sub(r"^\d+\. Pay ", "", r).split(":")[0] for r in shown[1:]]
    assert names.index("Total 12") > max(names.index("Big"), names.index("Double 5"))
    assert names.index("Combination 2-5") > names.index("Total 12")
    assert names[-1] == "Single number 5"
    assert all(r.endswith("house pay table") for r in shown[1:])
    assert set(window.scene().lit) >= {"big", "total-12", "double-5", "single-5"}
    assert totals(panel) == ("10", "280", "−270")

    # A triple: small and big lose on it (the house's triple rule), and so does the rest.
    with qtbot.waitSignal(panel.settled):
        editor.set_dice(1, 1, 1)
    assert set(kinds(panel).values()) == {"lost"}
    assert totals(panel) == ("110", "0", "+110")


def test_craps_art9_big_6_remainder_says_it_rests_on_an_interpretation(
    qtbot: QtBot, window: MainWindow
) -> None:
    panel = open_sandbox(qtbot, window, "craps")
    choose_chip(window, 10)
    click_spot(qtbot, window, "big-6")  # 10: one block of 6 and 4 more
    editor = panel.editor
    assert isinstance(editor, DiceOutcome)
    editor.set_dice(2, 4)
    with qtbot.waitSignal(panel.settled):
        panel.settle_button.click()
    # Art. 9: a 6-unit block wins 7; the 4 left over, as a bet under the block, 1 to 1.
    assert rows(panel) == [f"1. Pay Big 6: {7 + 4} — Art. 9"]
    assert "Interpretation (Big bets" in panel.notes.text()
    with qtbot.waitSignal(panel.settled):
        editor.set_dice(3, 4)  # a 7: Big 6 loses
    assert rows(panel) == ["1. Collect Big 6 — Art. 9"]
    assert "Interpretation (Big bets" not in panel.notes.text()
