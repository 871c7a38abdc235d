"""Caribbean Stud's deal at the live table through its real widgets (pytest-qt, offscreen):
a scripted perfect dealer deals, answers every bet, raise and irregularity and settles 20
rounds at each difficulty with 100 %; a dealer who deals out of order, accepts a late
progressive bet or a wrong raise, or mis-rules an Art. 11 irregularity is stopped at that
step with its code and article; an exam records it silently and shows it on the replay."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import Attempt, new_round
from dealer_trainer.drills.table.exam import StepKind
from dealer_trainer.drills.table.round import Ruled
from dealer_trainer.drills.table.stud_dealing import Moment, StudRound
from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
from dealer_trainer.rules.caribbean_stud.irregular import OFFERED
from dealer_trainer.rules.caribbean_stud.rulings import Irregularity, RulingChoice
from dealer_trainer.rules.citations import Citation
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.table import TableScreen
from dealer_trainer.ui.table.bets import TableBet, article_line, table_bets
from tests.ui.table.stud_keys import DIGIT, deal_right, key_of, press, rule_by_keys
from tests.ui.table.test_table_screen import _do, _screen, _settle

ROUNDS = 20
STUD = default_ruleset("caribbean_stud")
_DIGIT = DIGIT
_press = press


def _stud(screen: TableScreen) -> StudRound:
    round_ = screen.round
    assert isinstance(round_, StudRound)
    return round_


_deal_right = deal_right


def _seed_where(wanted: Callable[[StudRound], bool]) -> int:
    for seed in range(600):
        round_ = new_round(STUD, seed, Difficulty.ADVANCED)
        assert isinstance(round_, StudRound)
        if wanted(round_):
            return seed
    raise AssertionError("no round of the first 600 seeds has what the test needs")


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_caribbean_stud_art7_a_perfect_dealer_deals_and_settles_20_rounds_at_100(
    qtbot: QtBot, difficulty: Difficulty
) -> None:
    screen = _screen(qtbot, "caribbean_stud", difficulty, seed=500 * int(difficulty))
    moments: set[Moment] = set()
    irregularities: set[Irregularity] = set()
    for played in range(ROUNDS):
        round_ = _stud(screen)
        moments |= {w.moment for w in round_.waits}
        irregularities |= {w.irregularity for w in round_.waits if w.irregularity is not None}
        assert screen.stud is not None and screen.stud.isVisible()
        _deal_right(qtbot, screen, lambda wait: False)
        for step in round_.missing():  # the showdown, with the keys and the float
            assert isinstance(step, Step)
            attempt = _do(qtbot, screen, step)
            assert attempt.accepted, (round_.seed, step, attempt.verdict)
        if not round_.finished:
            assert _settle(qtbot, screen).accepted
        summary = round_.summary()
        assert summary.complete and summary.accuracy == 1.0, round_.seed
        if played < ROUNDS - 1:
            with qtbot.waitSignal(screen.roundStarted, timeout=2000):
                qtbot.keyClick(screen, Qt.Key.Key_N)
    assert {Moment.DEAL, Moment.FOLD, Moment.RAISE, Moment.QUALIFY} <= moments
    assert Moment.IRREGULARITY in moments and irregularities  # the rate of the difficulty


def _stopped(screen: TableScreen, attempt: Attempt, code: str, citation: str, at: int) -> None:
    """Practice: refused with its code and article, said in words, the moment still waits."""
    assert not attempt.accepted
    assert attempt.verdict.code == code
    assert attempt.verdict.citation == Citation.parse(f"caribbean-stud-2004 {citation}")
    shown = screen.message.text()
    assert screen.message.isVisible()
    assert article_line(attempt.verdict.citation, "caribbean_stud") in shown
    assert "box-" not in shown and "_" not in shown  # no internal id, no code
    assert screen.steps.item(screen.steps.count() - 1).text().startswith("✗")
    assert _stud(screen).at == at  # nothing taken: the trainee does it again


def test_caribbean_stud_art7_a_card_dealt_out_of_order_is_stopped_with_its_article(
    qtbot: QtBot,
) -> None:
    seed = _seed_where(
        lambda r: (
            sum(w.moment is Moment.DEAL for w in r.waits) > 3
            and r.situation.dealing is not None
            and r.situation.dealing["method"] == "shoe"
        )
    )
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda wait: wait.moment is Moment.DEAL and wait.cards_dealt > 0)
    wait = round_.waiting
    assert wait is not None and wait.moment is Moment.DEAL
    boxes = [int(b["box"]) for b in round_.situation.request["boxes"]]
    wrong = next(b for b in [*boxes, None] if b != wait.box)
    attempt = _press(qtbot, screen, _DIGIT[0 if wrong is None else wrong])
    _stopped(screen, attempt, "dealt_out_of_order", "Art. 7(1)", round_.at)
    assert ("the dealer" if wait.box is None else f"box {wait.box}") in screen.message.text()
    # A click on the right box of the felt deals it.
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        if wait.box is None:
            screen.stud.answer("deal:dealer")  # type: ignore[union-attr]
        else:
            screen._spot_clicked(f"box-{wait.box}-ante")
    assert judged.args[0].accepted


def test_caribbean_stud_art6_3_a_late_progressive_bet_accepted_is_stopped(qtbot: QtBot) -> None:
    seed = _seed_where(lambda r: any(w.moment is Moment.OFFER and w.cards_dealt for w in r.waits))
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.OFFER and w.cards_dealt > 0)
    assert screen.stud is not None
    assert "offers a progressive bet" in screen.stud.prompt_label.text()
    attempt = _press(qtbot, screen, Qt.Key.Key_A)
    _stopped(screen, attempt, "late_progressive_accepted", "Art. 6(3)", round_.at)
    assert _press(qtbot, screen, Qt.Key.Key_X).accepted  # refused: right


def test_caribbean_stud_art6_6_a_wrong_raise_accepted_is_stopped(qtbot: QtBot) -> None:
    seed = _seed_where(
        lambda r: any(
            w.moment is Moment.RAISE and w.right.action is CallAction.REFUSE_RAISE  # type: ignore[union-attr]
            for w in r.waits
        )
    )
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(
        qtbot,
        screen,
        lambda w: w.moment is Moment.RAISE and w.amount != 2 * (w.ante or Decimal(0)),
    )
    wait = round_.waiting
    assert wait is not None and wait.amount is not None and wait.ante is not None
    attempt = _press(qtbot, screen, Qt.Key.Key_A)
    _stopped(screen, attempt, "wrong_raise_accepted", "Art. 6(6)", round_.at)
    assert _press(qtbot, screen, Qt.Key.Key_X).accepted  # refused; the player puts 2 × ante
    corrected = round_.waiting
    assert corrected is not None and corrected.amount == 2 * wait.ante
    assert _press(qtbot, screen, Qt.Key.Key_A).accepted


@pytest.mark.parametrize(
    "irregularity",
    [
        Irregularity.PLAYER_CARD_EXPOSED,
        Irregularity.SEVERAL_CARDS_EXPOSED,
        Irregularity.CARD_TO_EMPTY_BOX,
        Irregularity.SHUFFLER_FAILURE,
    ],
)
def test_caribbean_stud_art11_a_misruled_irregularity_is_stopped_with_its_paragraph(
    qtbot: QtBot, irregularity: Irregularity
) -> None:
    seed = _seed_where(lambda r: any(w.irregularity is irregularity for w in r.waits))
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.IRREGULARITY)
    wait = round_.waiting
    assert wait is not None and isinstance(wait.right, Ruled)
    assert screen.irregular.isVisible()  # the shared panel of every game's irregularities
    right = RulingChoice(wait.right.choice)
    wrong = next(c for c in OFFERED[irregularity] if c is not right)
    assert screen.current is None  # nothing is in hand during the deal
    with qtbot.assertNotEmitted(screen.stepJudged):
        qtbot.keyClick(screen, Qt.Key.Key_C)
    assert "Irregularity" in screen.message.text()  # the key says what waits: the ruling
    screen.take(screen.bets[0].target)  # a bet taken in hand by a click: refused, recorded
    collect = press(qtbot, screen, Qt.Key.Key_C)  # nothing is done before the ruling
    assert collect.verdict.code == "irregularity_not_ruled" and not collect.taken
    attempt = rule_by_keys(qtbot, screen, wrong.value)
    paragraph = {
        Irregularity.PLAYER_CARD_EXPOSED: "Art. 11(2)",
        Irregularity.SEVERAL_CARDS_EXPOSED: "Art. 11(1)",
        Irregularity.CARD_TO_EMPTY_BOX: "Art. 11(3)",
        Irregularity.SHUFFLER_FAILURE: "Art. 11(4)",
    }[irregularity]
    _stopped(screen, attempt, "wrong_ruling", paragraph, round_.at)
    assert attempt.ruling is not None and attempt.ruling.choice == wrong.value
    assert rule_by_keys(qtbot, screen, right.value).accepted
    if right in (RulingChoice.VOID, RulingChoice.VOID_MACHINE):  # every ante returned
        assert round_.void and round_.waiting is None
        assert {s.action for s in round_.missing()} == {Action.RETURN}
        for step in round_.missing():
            assert isinstance(step, Step) and _do(qtbot, screen, step).accepted
        assert round_.finished and round_.summary().complete


def test_caribbean_stud_art11_4_the_shuffler_failure_is_ruled_in_the_articles_words(
    qtbot: QtBot,
) -> None:
    """Art. 11(4): the machine fails while dealing: the round is void, the progressive bets
    carry over, the machine is replaced or the shoe used. The panel's one void choice says
    all of it and is accepted, with Art. 11(4); the void of Art. 11(1), whose words are
    also true here, is not offered beside it."""
    failure = Irregularity.SHUFFLER_FAILURE
    seed = _seed_where(lambda r: any(w.irregularity is failure for w in r.waits))
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.IRREGULARITY)
    shown = [button.text() for button in screen.irregular.buttons]
    assert len(shown) == 4
    void = [text for text in shown if "Void" in text]
    assert len(void) == 1, shown
    (label,) = void
    for words in ("antes returned", "progressive bets carried over", "another machine or the shoe"):
        assert words in label, label
    qtbot.keyClick(screen, DIGIT[shown.index(label) + 1])
    attempt = press(qtbot, screen, Qt.Key.Key_Return)
    assert attempt.accepted
    assert attempt.ruling is not None and attempt.ruling.choice == RulingChoice.VOID_MACHINE
    assert round_.void
    assert "Art. 11(4)" in screen.steps.item(screen.steps.count() - 1).text()


def test_caribbean_stud_art6_7_a_fold_is_collected_with_its_ante_before_the_showdown(
    qtbot: QtBot,
) -> None:
    seed = _seed_where(lambda r: any(w.moment is Moment.FOLD for w in r.waits))
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.FOLD)
    wait = round_.waiting
    assert wait is not None and wait.box is not None
    other = next(b for b in screen.bets if b.target.box != wait.box)
    screen.take(other.target)
    returned = _press(qtbot, screen, Qt.Key.Key_R)  # another box's bet: not now, the fold waits
    assert returned.verdict.code == "not_this_step" and not returned.taken
    assert f"box {wait.box}'s fold" in screen.message.text()
    attempt = _press(qtbot, screen, Qt.Key.Key_Return)  # Enter collects the fold
    assert attempt.accepted and attempt.step == wait.right
    assert all(int(b["box"]) != wait.box for b in round_.table_request()["boxes"])


def test_caribbean_stud_art7_no_bet_is_in_hand_during_the_deal_until_the_showdown(
    qtbot: QtBot,
) -> None:
    """The deal's prompt names the box a call is about: no bet in hand points at another (no
    gold ring, the line blank in its place, Tab finds none, a settlement key says what the
    deal waits for) until the showdown takes the first bet to settle in hand."""
    seed = _seed_where(lambda r: {Moment.RAISE, Moment.QUALIFY} <= {w.moment for w in r.waits})
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)

    def nothing_in_hand() -> bool:
        ring = screen._hand_ring
        return (
            screen.current is None
            and screen.in_hand.text() == ""
            and (ring is None or not ring.isVisible())
        )

    assert nothing_in_hand()
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.RAISE)
    assert nothing_in_hand()
    qtbot.keyClick(screen, Qt.Key.Key_Tab)
    assert nothing_in_hand()
    with qtbot.assertNotEmitted(screen.stepJudged):
        qtbot.keyClick(screen, Qt.Key.Key_P)  # pay: nothing to pay yet
    wait = round_.waiting
    assert wait is not None and f"Box {wait.box}" in screen.message.text()  # the raise waits
    _deal_right(qtbot, screen)
    assert round_.waiting is None  # the showdown
    open_targets = {s.target for s in round_.missing() if isinstance(s, Step)}
    assert screen.current is not None and screen.current.target in open_targets
    assert screen.in_hand.text() and screen._hand_ring is not None
    assert screen._hand_ring.isVisible()


def test_caribbean_stud_art6_6_every_playing_boxs_raise_spot_is_in_view_from_the_start(
    qtbot: QtBot,
) -> None:
    """The felt closes in on the round's bets; a box's raise comes during the calls, and its
    spot (where the accepted raise is placed) is in view before then (it was cut off at the
    bottom of the view for the front boxes)."""
    from dealer_trainer.ui.felt.painting import qrect

    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, 1)
    for _ in range(60):  # 8 of these rounds cut a raise spot off
        view = screen.view
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        felt = view.felt_scene().felt
        for box in _stud(screen).table_request()["boxes"]:
            spot = qrect(felt.spot(f"box-{int(box['box'])}-raise").shape.bounds)
            assert shown.contains(spot), (screen.round.seed, box["box"])  # type: ignore[union-attr]
        screen.next_round()


def test_caribbean_stud_art9_1_the_qualification_call_names_the_interpretation(
    qtbot: QtBot,
) -> None:
    seed = _seed_where(lambda r: any(w.moment is Moment.QUALIFY for w in r.waits))
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.QUALIFY)
    wait = round_.waiting
    assert wait is not None and isinstance(wait.right, DealerCall)
    assert "▮" not in screen.outcome.text().split("<br>")[-1]  # the dealer's hand turned
    wrong = Qt.Key.Key_W if wait.right.qualifies else Qt.Key.Key_Q
    attempt = _press(qtbot, screen, wrong)
    _stopped(screen, attempt, "wrong_qualification", "Art. 9(1)", round_.at)
    assert "interpretation" in screen.message.text()


def test_caribbean_stud_art7_exam_records_a_wrong_deal_silently_and_replays_it(
    qtbot: QtBot,
) -> None:
    from dealer_trainer.drills.table.replay import replay_of

    screen = _screen(qtbot, "caribbean_stud", Difficulty.INTERMEDIATE, seed=31)
    with qtbot.waitSignal(screen.roundStarted, timeout=2000):
        screen.start_exam(1, Fraction(1, 2))
    round_ = _stud(screen)
    wait = round_.waiting
    assert wait is not None
    if wait.moment is Moment.OFFER:
        _deal_right(qtbot, screen, lambda w: w.moment is Moment.DEAL)
        wait = round_.waiting
        assert wait is not None
    boxes = [int(b["box"]) for b in round_.situation.request["boxes"]]
    wrong = next(b for b in [*boxes, None] if b != wait.box)
    attempt = _press(qtbot, screen, _DIGIT[0 if wrong is None else wrong])
    assert attempt.verdict.code == "dealt_out_of_order" and attempt.taken
    assert not screen.message.isVisible()  # no verdict while dealing an exam
    _deal_right(qtbot, screen, lambda w: False)
    for step in round_.missing():
        assert isinstance(step, Step)
        _do(qtbot, screen, step)
    with qtbot.waitSignal(screen.roundFinished, timeout=2000):
        _settle(qtbot, screen)
    assert screen.exam is not None
    result = screen.exam.result()
    deal = result.by_kind[StepKind.DEAL]
    assert deal.out_of - deal.right == 1  # the card to the wrong box, in the deal's kind
    assert result.rounds[0].codes == {"dealt_out_of_order": 1}
    replay = replay_of(round_)
    assert replay.agrees
    [frame] = [f for f in replay.frames if not f.attempt.accepted]
    assert frame.attempt.verdict.code == "dealt_out_of_order"
    with qtbot.waitSignal(screen.examFinished, timeout=2000):
        qtbot.keyClick(screen, Qt.Key.Key_N)
    results = screen.results
    assert results is not None
    texts = [results.kinds.item(r, 0).text() for r in range(results.kinds.rowCount())]  # type: ignore[attr-defined]
    assert "Deal" in texts


def test_caribbean_stud_a_round_stored_before_dealing_replays_at_its_showdown() -> None:
    """Rounds recorded before the deal came to the table have no ``dealing``: they replay
    as they were played, from the showdown."""
    from dealer_trainer.drills.table import round_of
    from dealer_trainer.drills.table.replay import RecordedStep, replay

    dealt = new_round(STUD, 5, Difficulty.ADVANCED)
    old = dataclasses.replace(dealt.situation, dealing=None, irregularities=())
    plain = round_of(STUD, 5, Difficulty.ADVANCED, old)
    assert not isinstance(plain, StudRound)
    steps = [s for group in plain.plan for s in group]
    stored = {k: v for k, v in plain.to_json().items() if k != "dealing"}
    again = replay(
        STUD,
        5,
        Difficulty.ADVANCED,
        stored,
        [RecordedStep(s.to_json(), True, None, 10) for s in steps],
        ended=True,
    )
    assert again.agrees and again.round.finished


def test_caribbean_stud_art6_art7_the_felt_is_staged_once_and_each_bet_shows_as_it_comes(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The felt is staged once a round (not again for each bet that comes or goes, which
    kept a dealer waiting 10-17 ms): a progressive bet accepted (Art. 6(3)) and a raise
    accepted (Art. 6(6)) show their chips when they come, a fold's ante goes (Art. 6(7)),
    the rest stay as they are; a card dealt (Art. 7) is added and the cards already out
    keep their items."""

    def wanted(round_: StudRound) -> bool:
        moments = [w.moment for w in round_.waits]
        offers = [w.right for w in round_.waits if w.moment is Moment.OFFER]
        return (
            Moment.RAISE in moments
            and Moment.FOLD in moments
            and Moment.IRREGULARITY not in moments
            and any(c.action is CallAction.ACCEPT_BET for c in offers)  # type: ignore[union-attr]
        )

    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed=_seed_where(wanted))
    round_ = _stud(screen)
    assert screen.stud is not None
    scene = screen.view.felt_scene()
    staged = table_bets(round_, scene)  # every bet the round may have on the table
    stagings: list[object] = []
    stage = screen.felt.stage
    real = stage.stage_situation
    monkeypatch.setattr(
        stage, "stage_situation", lambda *a, **k: stagings.append(a) or real(*a, **k)
    )

    def shown(bet: TableBet) -> bool:
        badge = screen.felt.badge(bet)
        if badge is not None:
            return badge.isVisible()
        chip = scene.progressive_chips.get(bet.spot_id)
        return chip is not None and chip.isVisible()

    came: set[str] = set()
    while (wait := round_.waiting) is not None:
        before = scene.cards
        attempt = press(qtbot, screen, key_of(wait.right))
        assert attempt.accepted, (round_.seed, wait, attempt.verdict)
        for bet in staged:
            on_table = screen.stud.on_table(bet.target)
            assert shown(bet) == on_table, (wait.moment, bet.title)
            assert (bet.target in {b.target for b in screen.bets}) == on_table
        if wait.moment is Moment.DEAL:
            after = scene.cards
            assert after[: len(before)] == before  # the same items, not laid again
            assert len(after) == len(before) + len(wait.cards)
        if wait.moment in (Moment.OFFER, Moment.RAISE, Moment.FOLD):
            came.add(wait.moment.name)
    assert came == {"OFFER", "RAISE", "FOLD"}
    assert stagings == []  # the felt was staged once, when the round was dealt
    for step in round_.missing():  # and the showdown settles on it as before
        assert isinstance(step, Step)
        assert _do(qtbot, screen, step).accepted
    assert stagings == []


def test_caribbean_stud_art6_art9_the_felt_keeps_its_size_through_the_deal_and_showdown(
    qtbot: QtBot,
) -> None:
    """The deal's panel under the felt keeps its height from one moment to the next (a
    raise's two answers, a fold's one, the qualification, the showdown's line, the round's
    end): the felt is never resized, and so never drawn again whole, by a step."""
    from PySide6.QtWidgets import QApplication

    def wanted(round_: StudRound) -> bool:
        moments = [w.moment for w in round_.waits]
        return (
            Moment.RAISE in moments
            and Moment.FOLD in moments
            and Moment.QUALIFY in moments
            and Moment.IRREGULARITY not in moments
        )

    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed=_seed_where(wanted))
    round_ = _stud(screen)
    sizes = []

    def settled() -> None:
        QApplication.processEvents()  # the layouts settle on posted events
        sizes.append((screen.view.size().width(), screen.view.size().height()))

    press(qtbot, screen, key_of(round_.waits[0].right))
    settled()
    while (wait := round_.waiting) is not None:
        assert press(qtbot, screen, key_of(wait.right)).accepted
        settled()
    for step in round_.missing():
        assert isinstance(step, Step)
        assert _do(qtbot, screen, step).accepted
        settled()
    assert len(set(sizes)) == 1, sorted(set(sizes))


def test_caribbean_stud_art11_box_keys_never_reach_the_payout_while_dealing_or_ruling(
    qtbot: QtBot,
) -> None:
    """Issue 35: the deal stopped for an irregularity, a dealer still pressing the box keys
    (7, 0 …) typed them into the payout ("70,707,070"), shown once the ruling was made.
    A key belongs to the mode the table is in: a box while dealing, a choice while ruling
    (one with no choice does nothing), an amount only at the showdown; the chips of the
    float too are for payouts, closed before then."""
    seed = _seed_where(
        lambda r: (
            any(w.irregularity is Irregularity.PLAYER_CARD_EXPOSED for w in r.waits)
            and any(w.moment is Moment.RAISE for w in r.waits)
        )
    )
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed)
    round_ = _stud(screen)
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.IRREGULARITY)
    assert screen.irregular.isVisible()
    with qtbot.assertNotEmitted(screen.stepJudged):
        for number in (7, 0, 7, 0, 9, 5, 8, 6):  # boxes, the dealer: no choice has them
            qtbot.keyClick(screen, DIGIT[number])
        qtbot.keyClicks(screen, ".,")
    assert screen.float.empty and screen.float.total_label.text() == ""
    assert not screen.float.isEnabled()  # no chip goes into a payout while ruling
    _deal_right(qtbot, screen, lambda w: w.moment is Moment.RAISE)  # the ruling, the deal
    assert screen.float.empty
    with qtbot.assertNotEmitted(screen.stepJudged):
        qtbot.keyClicks(screen, "7070")  # a raise waits: A or X, no amount
    assert screen.float.empty and not screen.float.isEnabled()
    _deal_right(qtbot, screen)
    assert round_.waiting is None  # the showdown: the payout is entered now
    assert screen.float.isEnabled()
    qtbot.keyClicks(screen, "25")
    assert screen.float.total() == Decimal(25)


def test_caribbean_stud_art10_losing_progressive_stakes_never_stop_the_collects(
    qtbot: QtBot,
) -> None:
    """Issue 35: a progressive stake has no step of its own (a losing one stays with the
    jackpot; only an award is paid, after the showdown, Art. 10(4)).  Once a box's raise
    was collected its stake came in hand, so the dealer's next C was refused ("needs
    nothing") while the next box's ante waited.  The bets in hand go through every ante
    and raise first, wherever the dealer starts, the stakes only after them: C after C
    collects the round."""

    def losers_with_stakes(round_: StudRound) -> bool:
        round_.deal_to_showdown()
        missing = round_.missing()
        boxes = {s.target.box for s in missing if isinstance(s, Step)}
        staked = {int(b["box"]) for b in round_.table_request()["boxes"] if b.get("progressive")}
        return (
            not round_.void
            and len(boxes) >= 3
            and all(isinstance(s, Step) and s.action is Action.COLLECT for s in missing)
            and len(boxes & staked) >= 2
        )

    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, _seed_where(losers_with_stakes))
    round_ = _stud(screen)
    _deal_right(qtbot, screen)
    missing = round_.missing()
    boxes = sorted({s.target.box for s in missing if isinstance(s, Step)})
    middle = next(s.target for s in missing if isinstance(s, Step) and s.target.box == boxes[1])
    screen.take(middle)  # the dealer starts at the second box (a click on its ante)
    for _ in missing:
        assert screen.current is not None and not screen.current.target.progressive
        attempt = press(qtbot, screen, Qt.Key.Key_C)
        assert attempt.accepted, (round_.seed, attempt.step, attempt.verdict)
    assert round_.finished and round_.summary().accuracy == 1.0


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_caribbean_stud_art2_the_table_is_framed_the_same_every_round(
    qtbot: QtBot, difficulty: Difficulty
) -> None:
    """Issue 35: the felt closed in on each round's boxes, so the beginner's table (one or
    two boxes) jumped from one side to the other and zoomed in and out from round to round,
    cutting a box's number off.  The live table frames its seven boxes (Art. 2), each
    with its number, the dealer's place and the jackpot display the same every round, at
    every difficulty."""
    import math

    from dealer_trainer.layouts.caribbean_stud import CENTER, RADIUS, box_angle
    from dealer_trainer.layouts.model import CardPlace, JackpotDisplay
    from dealer_trainer.ui.felt.painting import qrect

    screen = _screen(qtbot, "caribbean_stud", difficulty, seed=7)
    frames = set()
    for _ in range(12):
        view = screen.view
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        frames.add(shown.getRect())
        felt = view.felt_scene().felt
        for spot in felt.spots:  # every box's progressive, ante and raise spots
            assert shown.contains(qrect(spot.shape.bounds)), spot.id
        for fixture in felt.fixtures:  # where the hands lie, the jackpot display
            if isinstance(fixture, CardPlace):
                assert shown.contains(qrect(fixture.shape.bounds)), fixture.owner
            elif isinstance(fixture, JackpotDisplay):
                assert shown.contains(qrect(fixture.shape))
        for box in range(1, 8):  # and its number's plate, beyond the raise
            angle, far = math.radians(box_angle(box)), RADIUS["number"] + 13
            x, y = CENTER[0] + far * math.cos(angle), CENTER[1] + far * math.sin(angle)
            assert shown.contains(x, y), box
        screen.next_round()
    assert len(frames) == 1, frames


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
def test_caribbean_stud_art10_the_showdown_names_the_awards_only_at_a_progressive_table(
    qtbot: QtBot, difficulty: Difficulty
) -> None:
    """The showdown's line sent a beginner, at a table without the progressive jackpot, on
    to "the progressive awards (Art. 10)": it names them where the table has one."""
    screen = _screen(qtbot, "caribbean_stud", difficulty, seed=3)
    _deal_right(qtbot, screen)
    while _stud(screen).void or _stud(screen).finished:  # a showdown with boxes to settle
        screen.next_round()
        _deal_right(qtbot, screen)
    round_ = _stud(screen)
    assert screen.stud is not None and round_.waiting is None
    shown = screen.stud.prompt_label.text()
    assert "Art. 9" in shown
    assert ("Art. 10" in shown) == ("progressive" in round_.situation.request), shown
    assert ("Art. 10" in shown) == (difficulty is not Difficulty.BEGINNER)


def test_caribbean_stud_art2_no_chip_caption_covers_a_boxs_number(qtbot: QtBot) -> None:
    """The dealer deals to a box by its number (the key, the plate on the felt); a raise's
    chips and caption, laid out clear of the cards, lay over the plate of boxes 1 and 7 and
    of the front boxes.  The plates are kept clear as the cards are."""
    from dealer_trainer.ui.felt.items import ChipStackItem
    from tests.ui.drills.test_felt_geometry import _overlap, number_plates

    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, seed=11)
    checked = 0
    for _ in range(25):
        scene = screen.view.felt_scene()
        plates = number_plates(scene)
        assert len(plates) == 7
        for stack in scene.items():  # every bet's stack, a raise's too before it shows
            if not isinstance(stack, ChipStackItem) or not stack.chips:
                continue
            parts = [stack.sceneBoundingRect()]
            parts += [child.sceneBoundingRect() for child in stack.childItems()]
            for name, plate in plates:
                assert not any(_overlap(part, plate) for part in parts), (screen.seed, name)
            checked += 1
        screen.next_round()
    assert checked > 100
