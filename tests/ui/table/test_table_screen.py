"""The live table through its real widgets (pytest-qt, offscreen): a scripted dealer plays
rounds of every game at every difficulty with the keyboard and the mouse, and each kind of
mistake is stopped at its step with the rules core's code and article."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import (
    Attempt,
    TableRound,
    new_round,
    step_readings,
    steps_in_order,
)
from dealer_trainer.drills.table.stud_dealing import StudRound
from dealer_trainer.rules.procedure import Action, Step, Target
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.table_recorder import TableRecorder
from dealer_trainer.ui.drills.screen import drill_window_size
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.table import TableScreen
from dealer_trainer.ui.table.bets import article_line
from tests.migrated import Templates
from tests.signing import sign_in_as, signed_in
from tests.storage.conftest import FAST_PASSWORDS
from tests.ui.table.stud_keys import deal_right

GAMES = ("roulette", "craps", "caribbean_stud", "sic_bo")
ROUNDS = 20
_KEYS = {
    Action.COLLECT: Qt.Key.Key_C,
    Action.RETURN: Qt.Key.Key_R,
    Action.MOVE: Qt.Key.Key_M,
    Action.MARK: Qt.Key.Key_M,
}


def _screen(
    qtbot: QtBot, game: str, difficulty: Difficulty, seed: int, **kw: object
) -> TableScreen:
    screen = TableScreen(default_ruleset(game), difficulty, seed=seed, **kw)  # type: ignore[arg-type]
    qtbot.addWidget(screen)
    screen.resize(1366, 728)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _take(qtbot: QtBot, screen: TableScreen, target: Target) -> None:
    """Tab round the table until the bet is in hand, as a dealer's hand moves."""
    for _ in range(len(screen.bets) + 1):
        if screen.current is not None and screen.current.target == target:
            return
        qtbot.keyClick(screen, Qt.Key.Key_Tab)
    raise AssertionError(f"Tab never reached {target}")


def _typed(amount: Decimal) -> str:
    return f"{amount:f}".rstrip("0").rstrip(".") if "." in f"{amount:f}" else f"{amount:f}"


def _do(qtbot: QtBot, screen: TableScreen, step: Step) -> Attempt:
    """One step with the keyboard: the bet taken in hand, the payout typed, the key pressed."""
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        if step.action is Action.MARK:
            qtbot.keyClick(screen, Qt.Key.Key_M)
        else:
            _take(qtbot, screen, step.target)
            if step.amount is not None:
                qtbot.keyClicks(screen, _typed(step.amount))
                qtbot.keyClick(screen, Qt.Key.Key_Return)
            else:
                qtbot.keyClick(screen, _KEYS[step.action])
    attempt = judged.args[0]
    assert isinstance(attempt, Attempt)
    return attempt


def give_up(qtbot: QtBot, screen: TableScreen) -> None:
    """N on a round not settled, and the question answered: give it up (the next round)."""
    qtbot.keyClick(screen, Qt.Key.Key_N)
    qtbot.waitUntil(lambda: screen.pending is not None and screen.pending.isVisible())
    box = screen.pending
    assert box is not None
    with qtbot.waitSignal(screen.roundStarted, timeout=2000):
        qtbot.mouseClick(box.action_button, Qt.MouseButton.LeftButton)  # type: ignore[attr-defined]


def _settle(qtbot: QtBot, screen: TableScreen) -> Attempt:
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.keyClick(screen, Qt.Key.Key_S)
    attempt = judged.args[0]
    assert isinstance(attempt, Attempt)
    return attempt


@pytest.mark.parametrize("difficulty", list(Difficulty), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("game", GAMES)
def test_table_a_perfect_dealer_plays_20_rounds_through_the_widgets_and_scores_100(
    qtbot: QtBot, game: str, difficulty: Difficulty
) -> None:
    screen = _screen(qtbot, game, difficulty, seed=1000 * int(difficulty))
    for played in range(ROUNDS):
        round_ = screen.round
        assert round_ is not None
        deal_right(qtbot, screen)  # Caribbean Stud: the deal and the calls first
        for step in list(round_.missing()):
            assert isinstance(step, Step)
            attempt = _do(qtbot, screen, step)
            assert attempt.accepted, (game, round_.seed, step, attempt.verdict)
        if not round_.finished:  # a throw that decided nothing: the dealer says so
            assert _settle(qtbot, screen).accepted
        summary = round_.summary()
        assert summary.complete and summary.accuracy == 1.0, (game, round_.seed)
        assert screen.message.isVisible()
        if played < ROUNDS - 1:
            with qtbot.waitSignal(screen.roundStarted, timeout=2000):
                qtbot.keyClick(screen, Qt.Key.Key_Return)  # Enter after a round: the next one


def _alone(round_: TableRound) -> Step | None:
    """A pay step whose bet is the only one on its spot (a click there means that bet)."""
    spots = round_.situation.spots
    for step in steps_in_order(round_.plan):
        if step.action is Action.PAY and step.target.bet is not None:
            spot = spots[str(step.target.bet)]
            if sum(s == spot for s in spots.values()) == 1:
                return step
    return None


def test_table_chips_clicked_and_a_click_on_the_bet_pay_it(qtbot: QtBot) -> None:
    """The mouse: chips of the float clicked, then a click on the bet sets the payout down."""
    seed = _seed_where("roulette", lambda r: _alone(r) is not None)
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    chosen = _alone(round_)
    assert chosen is not None and chosen.amount is not None
    for step in steps_in_order(round_.plan):
        if step == chosen:
            break
        assert _do(qtbot, screen, step).accepted
    buttons = {Decimal(str(b.property("chip"))): b for b in screen.float.buttons}
    rest = chosen.amount
    for value in sorted(buttons, reverse=True):
        while rest >= value:
            qtbot.mouseClick(buttons[value], Qt.MouseButton.LeftButton)
            rest -= value
    if rest:
        qtbot.keyClicks(screen, _typed(rest))
    assert screen.float.total() == chosen.amount
    spot = round_.situation.spots[str(chosen.target.bet)]
    with qtbot.waitSignal(screen.stepJudged, timeout=2000) as judged:
        qtbot.mouseClick(
            screen.view.viewport(),
            Qt.MouseButton.LeftButton,
            pos=screen.view.map_spot(spot).toPoint(),
        )
    attempt = judged.args[0]
    assert attempt.accepted and attempt.step.target == chosen.target, attempt.verdict
    assert screen.float.empty  # the payout went down beside the bet


def _seed_where(game: str, wanted: Callable[[TableRound], bool]) -> int:
    for seed in range(400):
        if wanted(new_round(default_ruleset(game), seed, Difficulty.ADVANCED)):
            return seed
    raise AssertionError(f"no {game} round of the first 400 seeds has what the test needs")


def _first(round_: TableRound, action: Action) -> Step:
    return next(s for s in steps_in_order(round_.plan) if s.action is action)


def _pay_before_collecting(round_: TableRound) -> tuple[list[Step], Step]:
    done = [s for s in steps_in_order(round_.plan) if s.action is Action.MARK]
    return done, _first(round_, Action.PAY)


def _wrong_amount(round_: TableRound) -> tuple[list[Step], Step]:
    steps = steps_in_order(round_.plan)
    pay = _first(round_, Action.PAY)
    done = steps[: steps.index(pay)]
    return done, dataclasses.replace(pay, amount=(pay.amount or Decimal(0)) + 5)


def _pay_a_loser(round_: TableRound) -> tuple[list[Step], Step]:
    collect = _first(round_, Action.COLLECT)
    steps = steps_in_order(round_.plan)
    return steps[: steps.index(collect)], Step(Action.PAY, collect.target, amount=Decimal(10))


def _out_of_order(round_: TableRound) -> tuple[list[Step], Step]:
    """Roulette: the losers collected, then a bet of the last pay group first."""
    steps = steps_in_order(round_.plan)
    done = [s for s in steps if s.action in (Action.MARK, Action.COLLECT)]
    return done, round_.plan[-1][-1]


def _miss_a_bet(round_: TableRound) -> tuple[list[Step], None]:
    return list(steps_in_order(round_.plan)[:-1]), None


def _has(*actions: Action) -> Callable[[TableRound], bool]:
    return lambda r: all(any(s.action is a for s in steps_in_order(r.plan)) for a in actions)


def _groups(r: TableRound) -> bool:
    pays = [g for g in r.plan if g and g[0].action is Action.PAY]
    return len(pays) >= 2


MISTAKES = {
    "pay before collecting": (
        "roulette", _has(Action.COLLECT, Action.PAY), _pay_before_collecting,
        "paid_before_collecting",
    ),
    "wrong amount": ("roulette", _has(Action.PAY), _wrong_amount, "wrong_amount"),
    "wrong amount (craps)": ("craps", _has(Action.PAY), _wrong_amount, "wrong_amount"),
    "wrong amount (stud)": ("caribbean_stud", _has(Action.PAY), _wrong_amount, "wrong_amount"),
    "pay a loser": ("roulette", _has(Action.COLLECT), _pay_a_loser, "paid_a_loser"),
    "pay a loser (craps)": ("craps", _has(Action.COLLECT), _pay_a_loser, "paid_a_loser"),
    "out of order": ("roulette", _groups, _out_of_order, "out_of_turn"),
    "miss a bet": ("roulette", _has(Action.COLLECT), _miss_a_bet, "step_missing"),
    "miss a bet (stud)": ("caribbean_stud", _has(Action.COLLECT), _miss_a_bet, "step_missing"),
    "pay before collecting (sic bo)": (
        "sic_bo", _has(Action.COLLECT, Action.PAY), _pay_before_collecting,
        "paid_before_collecting",
    ),
    "wrong amount (sic bo)": ("sic_bo", _has(Action.PAY), _wrong_amount, "wrong_amount"),
    "pay a loser (sic bo)": ("sic_bo", _has(Action.COLLECT), _pay_a_loser, "paid_a_loser"),
    "out of order (sic bo)": ("sic_bo", _groups, _out_of_order, "out_of_turn"),
    "miss a bet (sic bo)": ("sic_bo", _has(Action.COLLECT), _miss_a_bet, "step_missing"),
}  # fmt: skip


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_table_a_mistake_is_stopped_at_its_step_with_its_code_and_article(
    qtbot: QtBot, mistake: str
) -> None:
    game, wanted, make, code = MISTAKES[mistake]
    seed = _seed_where(game, lambda r: wanted(r) and _expected(r, make)[0] == code)
    expected_code, citation = _expected(
        new_round(default_ruleset(game), seed, Difficulty.ADVANCED), make
    )
    screen = _screen(qtbot, game, Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    deal_right(qtbot, screen)  # Caribbean Stud: dealt and called (no fold: the seed's)
    done, wrong = make(round_)
    for step in done:
        assert _do(qtbot, screen, step).accepted
    attempt = _do(qtbot, screen, wrong) if wrong is not None else _settle(qtbot, screen)
    assert not attempt.accepted
    assert attempt.verdict.code == expected_code == code
    assert attempt.verdict.citation == citation
    assert screen.message.isVisible()
    shown = screen.message.text()
    assert article_line(citation, game) in shown  # the article, or "table procedure" in words
    if game == "sic_bo":  # its regulation is not on file: nothing said of it, no id shown
        assert "not in the regulation" not in shown and "sic-bo-house" not in shown
    assert "p1-" not in shown and "box-" not in shown  # bets by name, never by id
    last = screen.steps.item(screen.steps.count() - 1).text()
    assert last.startswith("✗")
    # Practice: the round stands as it was; the trainee does it right and goes on.
    assert [s.target for s in round_.done] == [s.target for s in done]
    assert all(a.accepted for a in round_.attempts[:-1])
    for step in steps_in_order(round_.plan)[len(done) :]:
        assert _do(qtbot, screen, step).accepted
    if not round_.finished:
        assert _settle(qtbot, screen).accepted
    assert round_.summary().complete and len(round_.summary().mistakes) == 1


def _expected(
    round_: TableRound, make: Callable[[TableRound], tuple[list[Step], Step | None]]
) -> tuple[str, object]:
    if isinstance(round_, StudRound):
        round_.deal_to_showdown()
        if round_.done or round_.void:  # a fold collected already, or nothing to pay
            return "", None
    done, wrong = make(round_)
    for step in done:
        if not round_.act(step).accepted:
            return "", None
    attempt = round_.act(wrong) if wrong is not None else round_.close()
    return attempt.verdict.code, attempt.verdict.citation


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'dt.sqlite3'}"), passwords=FAST_PASSWORDS)
    yield opened
    opened.close()


def test_table_rounds_played_on_screen_are_in_storage(qtbot: QtBot, store: Store) -> None:
    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    chan = store.trainee(desk.add_trainee("Chan Tai Man").id)
    recorder = TableRecorder.start(chan, "roulette-2003")
    seed = _seed_where("roulette", _has(Action.PAY))
    screen = _screen(qtbot, "roulette", Difficulty.ADVANCED, seed, recorder=recorder,
                     on_finish=recorder.close)  # fmt: skip
    round_ = screen.round
    assert round_ is not None
    done, wrong = _wrong_amount(round_)
    for step in done:
        _do(qtbot, screen, step)
    _do(qtbot, screen, wrong)
    [stored] = chan.rounds.all()
    assert len(stored.attempts) == len(done) + 1
    assert stored.attempts[-1].verdict_code == "wrong_amount"
    give_up(qtbot, screen)  # the unfinished round ends as it stands
    first, second = chan.rounds.all()
    assert first.end is not None and not first.end.complete and second.end is None
    screen.close()
    assert chan.sessions()[0].ended_at is not None


@pytest.mark.parametrize("language", ["en", "pt", "zh_Hant"])
@pytest.mark.parametrize("game", GAMES)
def test_table_screen_fits_1366x768(
    qtbot: QtBot, game: str, language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager
    from tests.ui.test_geometry import assert_fits

    available = QRect(0, 0, 1366, 728)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(language, remember=False)
    try:
        screen = TableScreen(default_ruleset(game), Difficulty.ADVANCED, seed=7)
        qtbot.addWidget(screen)
        geometry.restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
        screen.show()
        qtbot.waitExposed(screen)
        assert_fits(qtbot, screen, available, f"table-{game}-{language}")
    finally:
        manager.set_language("en", remember=False)


def test_table_mode_opens_from_the_drills_panel_and_records_a_registered_trainee(
    qtbot: QtBot, store: Store
) -> None:
    from dealer_trainer.ui.trainee.launcher import DrillLauncher

    desk = store.instructor(store.create_first_instructor("Ana Lei", "correct horse"))
    profile = desk.add_trainee("Chan Tai Man")
    chan = store.trainee(profile.id)
    launcher = DrillLauncher(signed_in(sign_in_as(store, desk, profile)), store=store)
    qtbot.addWidget(launcher)
    launcher.set_game("craps")
    with qtbot.waitSignal(launcher.sessionStarted) as started:
        qtbot.mouseClick(launcher.buttons["table"], Qt.MouseButton.LeftButton)
    screen = started.args[0]
    assert isinstance(screen, TableScreen) and screen.game == "craps"
    qtbot.addWidget(screen)
    assert screen in launcher.table_screens
    [stored] = chan.rounds.all()  # the first round is recorded as it is dealt
    assert stored.record.game == "craps" and stored.end is None
    screen.close()
    [session] = chan.sessions()
    assert session.ended_at is not None and chan.rounds.all()[0].end is not None


def test_table_mode_for_an_unregistered_name_says_it_is_not_recorded(
    qtbot: QtBot, store: Store
) -> None:
    from dealer_trainer.ui.trainee.launcher import DrillLauncher

    store.create_first_instructor("Ana Lei", "correct horse")
    launcher = DrillLauncher(lambda: None, store=store)  # nobody signed in
    qtbot.addWidget(launcher)
    with qtbot.waitSignal(launcher.sessionStarted) as started:
        launcher.start("table")
    qtbot.addWidget(started.args[0])
    assert started.args[0].recorder is None
    assert "not recorded" in launcher.status.text().lower()


class _EndNotStored:
    """A recorder whose every step is stored but whose round ends cannot be."""

    def round_started(self, round_: TableRound) -> None:
        pass

    def step_tried(self, round_: TableRound, attempt: Attempt) -> None:
        pass

    def round_finished(self, round_: TableRound, summary: object) -> None:
        raise StorageError("The database server at localhost does not answer.")


def test_table_a_round_end_not_stored_does_not_unsay_the_step_that_was(qtbot: QtBot) -> None:
    screen = _screen(qtbot, "caribbean_stud", Difficulty.ADVANCED, 1, recorder=_EndNotStored())
    round_ = screen.round
    assert round_ is not None
    deal_right(qtbot, screen)
    steps = list(round_.missing())
    for step in steps:
        assert isinstance(step, Step) and _do(qtbot, screen, step).accepted
    assert round_.finished
    assert screen.steps.count() == len(round_.attempts)  # the last step is listed as done
    text = screen.message.text()
    assert "does not count" not in text
    assert "end was not recorded" in text and "does not answer" in text


def test_table_float_takes_full_width_digits_of_a_chinese_input_method(qtbot: QtBot) -> None:
    from dealer_trainer.ui.table.screen import ChipFloat

    float_ = ChipFloat()
    qtbot.addWidget(float_)
    float_.type_text("１２．５")
    assert float_.typed == "12.5"
    assert float_.total() == Decimal("12.5")


def test_craps_art3_1_at_the_table_a_bar_twelve_is_left_where_it_is(qtbot: QtBot) -> None:
    """A Don't Pass tied on a come-out 12 has no step: handing it back is stopped with the
    tie in words, and the round is settled with the bet left untouched."""
    seed = next(
        s
        for s in range(2000)
        if new_round(default_ruleset("craps"), s, Difficulty.ADVANCED).work.tied
    )
    screen = _screen(qtbot, "craps", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    tied = sorted(round_.work.tied, key=str)[0]
    attempt = _do(qtbot, screen, Step(Action.RETURN, tied))
    assert not attempt.accepted and attempt.verdict.code == "no_decision"
    shown = screen.message.text()
    assert "ties on 12: the tie decides nothing, so it stays where it is" in shown, shown
    assert "p1-" not in shown
    for step in steps_in_order(round_.plan):
        assert _do(qtbot, screen, step).accepted
    if not round_.finished:
        assert _settle(qtbot, screen).accepted
    assert round_.summary().complete


def test_craps_art9_at_the_table_a_big_win_on_the_remainder_names_the_interpretation(
    qtbot: QtBot,
) -> None:
    """A right payout that rests on the Big-bet remainder shows the reading, not only Art. 9."""

    def remainder_paid(round_: TableRound) -> Step | None:
        for step in steps_in_order(round_.plan):
            said = [r.english() for r in step_readings(round_, step)]
            if any("remainder over full blocks" in r for r in said):
                return step
        return None

    seed = next(
        s
        for s in range(2000)
        if remainder_paid(new_round(default_ruleset("craps"), s, Difficulty.ADVANCED))
    )
    screen = _screen(qtbot, "craps", Difficulty.ADVANCED, seed)
    round_ = screen.round
    assert round_ is not None
    big = remainder_paid(round_)
    assert big is not None
    for step in steps_in_order(round_.plan):
        assert _do(qtbot, screen, step).accepted
        if step == big:
            shown = screen.steps.item(screen.steps.count() - 1).text()
            assert "Art. 9" in shown or "Art. 10" in shown or "Art. 11" in shown, shown
            assert "Interpretation (a setting of the ruleset" in shown, shown
            assert "remainder over full blocks" in shown, shown
