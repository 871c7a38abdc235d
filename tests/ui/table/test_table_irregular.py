"""Irregularities at the live table through the real widgets (pytest-qt, offscreen): a
perfect dealer rules every one as the regulation does (by keyboard and by mouse) and
scores 100 %; a dealer who accepts a late bet or an odds bet over the cap, or settles a
void spin or a throw that is no roll, is stopped at that step with its code and article
(practice) and scored wrong without a word while dealing (exam)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import Attempt, TableRound, new_round
from dealer_trainer.drills.table.exam import StepKind
from dealer_trainer.rules.craps import irregular as craps
from dealer_trainer.rules.procedure import Action, Step
from dealer_trainer.rules.roulette import irregular as roulette
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.table import TableScreen
from tests.ui.table.test_table_screen import _KEYS, _do, _screen, _settle, _typed

pytestmark = pytest.mark.irregular

GAMES = ("roulette", "craps", "sic_bo")
ROUNDS = 20


def _rule_by_keys(qtbot: QtBot, screen: TableScreen, choice: str) -> Attempt:
    """The keyboard: the choice's number picks it, Enter rules."""
    panel = screen.irregular
    assert panel.isVisible()
    index = [c.id for c in panel.choices].index(choice)
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.keyClick(screen, str(index + 1))
        qtbot.keyClick(screen, Qt.Key.Key_Return)
    attempt = judged.args[0]
    assert isinstance(attempt, Attempt)
    return attempt


def _rule_by_mouse(qtbot: QtBot, screen: TableScreen, choice: str) -> Attempt:
    """The mouse: a click on the choice, a click on the rule button."""
    panel = screen.irregular
    index = [c.id for c in panel.choices].index(choice)
    qtbot.mouseClick(panel.buttons[index], Qt.MouseButton.LeftButton)
    assert panel.selected == index
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.mouseClick(panel.confirm_button, Qt.MouseButton.LeftButton)
    attempt = judged.args[0]
    assert isinstance(attempt, Attempt)
    return attempt


def _play_perfectly(qtbot: QtBot, screen: TableScreen, by_mouse: bool) -> None:
    round_ = screen.round
    assert round_ is not None
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            rule = _rule_by_mouse if by_mouse else _rule_by_keys
            attempt = rule(qtbot, screen, pending.right.id)
        elif round_.missing():
            attempt = _do(qtbot, screen, round_.missing()[0])
        else:
            attempt = _settle(qtbot, screen)
        assert attempt.accepted, (round_.seed, attempt.verdict)


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("game", GAMES)
def test_table_a_perfect_dealer_rules_every_irregularity_and_scores_100(
    qtbot: QtBot, game: str, difficulty: Difficulty
) -> None:
    screen = _screen(qtbot, game, difficulty, seed=77 + 1000 * int(difficulty))
    ruled = 0
    for played in range(ROUNDS):
        round_ = screen.round
        assert round_ is not None
        ruled += len(round_.irregularities)
        _play_perfectly(qtbot, screen, by_mouse=played % 2 == 1)
        summary = round_.summary()
        assert summary.complete and summary.accuracy == 1.0, (game, round_.seed)
        assert not screen.irregular.isVisible()
        if played < ROUNDS - 1:
            with qtbot.waitSignal(screen.roundStarted, timeout=2000):
                qtbot.keyClick(screen, Qt.Key.Key_N)
    if difficulty is Difficulty.BEGINNER:
        assert ruled == 0
    else:
        assert ruled > 0  # the perfect dealer met irregularities and ruled them


def _taken_in_hand(qtbot: QtBot, screen: TableScreen, step: Step) -> Attempt:
    """A step on a bet taken in hand by name (an exam's Tab skips the bets acted on)."""
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        if step.action is Action.MARK:
            qtbot.keyClick(screen, Qt.Key.Key_M)
        else:
            screen.take(step.target)
            if step.amount is not None:
                qtbot.keyClicks(screen, _typed(step.amount))
                qtbot.keyClick(screen, Qt.Key.Key_Return)
            else:
                qtbot.keyClick(screen, _KEYS[step.action])
    return judged.args[0]


def _seed_with(game: str, event: str, wanted: Callable[[TableRound], bool] = lambda r: True) -> int:
    ruleset = default_ruleset(game)
    for seed in range(3000):
        round_ = new_round(ruleset, seed, Difficulty.ADVANCED)
        first = round_.irregularities[0] if round_.irregularities else None
        if first is not None and first.event == event and wanted(round_):
            return seed
    raise AssertionError(f"no seed deals {event} first")


def _over_cap(round_: TableRound) -> bool:
    return round_.irregularities[0].ruling.code == "craps.odds_over_limit"


def _with_a_step(round_: TableRound) -> bool:
    return bool(round_.missing())


#: The mistakes a dealer makes at an irregularity: (game, event, how it is made, its code,
#: the article the refusal names, a condition on the round).
MISTAKES = {
    "late_bet_accepted": ("roulette", roulette.LATE_BET, "accept", "accepted_late_bet", "3"),
    "odds_over_the_cap_accepted": (
        "craps",
        craps.ODDS_REQUEST,
        "accept",
        "accepted_odds_over_limit",
        "2(2)",
    ),
    "void_spin_settled": (
        "roulette",
        roulette.GOLPE_NULO,
        Action.MARK,
        "settled_void_spin",
        "2(2)",
    ),
    "void_spin_let_run": (
        "roulette",
        roulette.GOLPE_NULO,
        "let_it_run",
        "settled_void_spin",
        "2(2)",
    ),
    "no_roll_settled": ("craps", craps.OFF_TABLE, "step", "settled_no_roll", "1"),
    "no_roll_counted": ("craps", craps.OFF_TABLE, "count", "settled_no_roll", "1"),
}
_WANTED = {"odds_over_the_cap_accepted": _over_cap, "no_roll_settled": _with_a_step}


def _make(qtbot: QtBot, screen: TableScreen, how: object) -> Attempt:
    round_ = screen.round
    assert round_ is not None
    if how == Action.MARK:
        with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
            qtbot.keyClick(screen, Qt.Key.Key_M)  # the marker on the number: settling it
        return judged.args[0]
    if how == "step":
        return _do(qtbot, screen, round_.missing()[0])
    return _rule_by_keys(qtbot, screen, str(how))


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_table_practice_stops_a_wrong_ruling_at_once_with_its_code_and_article(
    qtbot: QtBot, mistake: str
) -> None:
    game, event, how, code, article = MISTAKES[mistake]
    seed = _seed_with(game, event, _WANTED.get(mistake, lambda r: True))
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None and round_.pending() is not None
    attempt = _make(qtbot, screen, how)
    assert not attempt.accepted and attempt.verdict.code == code
    assert attempt.verdict.citation is not None
    assert str(attempt.verdict.citation).endswith(f"Art. {article}")
    assert screen.message.isVisible() and screen.message.objectName() == "refusal"
    assert f"Art. {article}" in screen.message.text()
    assert round_.pending() is not None and screen.irregular.isVisible()  # rule again
    assert round_.done == []
    # then the right ruling goes on
    pending = round_.pending()
    assert pending is not None
    assert _rule_by_keys(qtbot, screen, pending.right.id).accepted


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_table_exam_scores_a_wrong_ruling_silently_and_shows_it_on_the_replay(
    qtbot: QtBot, mistake: str
) -> None:
    game, event, how, code, _ = MISTAKES[mistake]
    seed = _seed_with(game, event, _WANTED.get(mistake, lambda r: True))
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed=0)
    screen.seed, screen.dealt = seed, 0  # the exam's first round is this seed
    screen.start_exam(1, Fraction(4, 5))
    round_ = screen.round
    assert round_ is not None and round_.seed == seed and round_.pending() is not None
    attempt = _make(qtbot, screen, how)
    assert not attempt.accepted and attempt.verdict.code == code
    assert not screen.message.isVisible()  # no verdict while dealing
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            _rule_by_keys(qtbot, screen, pending.right.id)
        elif round_.missing():
            _taken_in_hand(qtbot, screen, round_.missing()[0])
        else:
            _settle(qtbot, screen)
    with qtbot.waitSignal(screen.examFinished, timeout=5000) as finished:
        qtbot.keyClick(screen, Qt.Key.Key_N)
    result = finished.args[0]
    assert result.rounds[0].codes.get(code) == 1
    assert result.score < 1
    kind = StepKind.IRREGULARITY if how not in (Action.MARK, "step") else None
    if kind is not None:
        tally = result.by_kind[kind]
        assert tally.right == tally.out_of - 1
    replay = screen.results.replay_view  # type: ignore[union-attr]
    texts = [replay.steps.item(i).text() for i in range(replay.steps.count())]
    assert any(t.startswith("✗") for t in texts)


def test_craps_art2_2_the_odds_request_says_whose_bet_the_odds_go_behind(qtbot: QtBot) -> None:
    seed = _seed_with("craps", craps.ODDS_REQUEST)
    screen = _screen(qtbot, "craps", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    pending = round_.pending()
    assert pending is not None
    on = str(pending.detail["on"])
    bet = next(b for b in screen.bets if b.target.bet == on)
    shown = screen.irregular.said.text()
    assert f"The bet: {bet.label}" in shown, shown
    assert on not in shown  # by its name and seat, never by its id


@pytest.mark.parametrize("game", GAMES)
def test_table_an_irregularitys_digits_never_go_into_the_payout(qtbot: QtBot, game: str) -> None:
    """Issue 35: while the dealer rules an irregularity, a digit is a choice's number (one
    with no choice does nothing); none of them, and no decimal mark, went past the panel
    into the payout waiting for the ruling, which then showed them as an amount."""
    event = {"roulette": roulette.LATE_BET, "craps": craps.ODDS_REQUEST}.get(game)
    seed = next(
        s
        for s in range(3000)
        if (found := new_round(default_ruleset(game), s, Difficulty.ADVANCED).irregularities)
        and found[0].before == 0
        and (event is None or found[0].event == event)
    )
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None and screen.irregular.isVisible()
    with qtbot.assertNotEmitted(screen.stepJudged):
        qtbot.keyClicks(screen, "70.5,98")
    assert screen.float.empty and screen.float.total_label.text() == ""
    assert not screen.float.isEnabled()  # nor a chip: the payout waits for the ruling
    pending = round_.pending()
    assert pending is not None
    assert _rule_by_keys(qtbot, screen, pending.right.id).accepted
    assert screen.float.empty and screen.float.isEnabled()
