"""The Timed table through its real widgets (pytest-qt, offscreen, a fake clock): the round's
clock and the table's pace against the house's target, shown as the trainee plays."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.rules.procedure import Step
from dealer_trainer.rules.rulesets import Ruleset, default_ruleset, load_house_ruleset
from dealer_trainer.storage import Store
from dealer_trainer.ui.table import TableScreen
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS
from tests.ui.table.stud_keys import deal_right
from tests.ui.table.test_table_screen import _do, _settle, give_up


class FakeClock:
    """Milliseconds that move only when the test says so."""

    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


def _screen(
    qtbot: QtBot,
    ruleset: Ruleset,
    difficulty: Difficulty,
    clock: FakeClock,
    *,
    timed: bool | None = True,
) -> TableScreen:
    screen = TableScreen(ruleset, difficulty, seed=7, timed=timed, clock=clock)
    qtbot.addWidget(screen)
    screen.resize(1366, 728)
    screen.show()
    qtbot.waitExposed(screen)
    return screen


def _play_round(qtbot: QtBot, screen: TableScreen, clock: FakeClock, seconds: int) -> None:
    """Every step of the round right, the last of them ``seconds`` after the round began."""
    round_ = screen.round
    assert round_ is not None and round_.started_ms == clock.now
    clock.now += seconds * 1000
    with qtbot.waitSignal(screen.roundFinished, timeout=3000):
        deal_right(qtbot, screen)  # Caribbean Stud: the deal and the calls first
        for step in list(round_.missing()):  # with the keys, as the trainee plays
            assert isinstance(step, Step) and _do(qtbot, screen, step).accepted
        if not round_.finished:  # a throw that decided nothing: the dealer says so
            assert _settle(qtbot, screen).accepted
    assert round_.summary().complete


def _next(qtbot: QtBot, screen: TableScreen) -> None:
    with qtbot.waitSignal(screen.roundStarted, timeout=2000):
        qtbot.keyClick(screen, Qt.Key.Key_N)


def test_table_timed_the_round_s_clock_runs_with_the_table_s_clock(qtbot: QtBot) -> None:
    clock = FakeClock()
    screen = _screen(qtbot, default_ruleset("roulette"), Difficulty.BEGINNER, clock)
    assert screen.clock_label.isVisible() and screen.pace_label.isVisible()
    assert screen.mode_label.text() == "Table · Timed"
    assert screen.clock_label.text() == "0:00"
    clock.now += 42_500
    qtbot.waitUntil(lambda: screen.clock_label.text() == "0:42", timeout=2000)
    clock.now += 60_000
    qtbot.waitUntil(lambda: screen.clock_label.text() == "1:42", timeout=2000)


def test_table_timed_pace_after_rounds_of_known_times(qtbot: QtBot) -> None:
    clock = FakeClock()
    screen = _screen(qtbot, default_ruleset("roulette"), Difficulty.ADVANCED, clock)
    assert screen.pace_label.text() == "Target: 40 spins an hour"
    _play_round(qtbot, screen, clock, 80)  # 1 spin in 80 s: 45 an hour
    assert screen.pace_label.text() == "45 spins an hour · ahead of the target of 40"
    assert screen.pace_label.property("against") == "ahead"
    clock.now += 30_000  # reading the verdict between rounds is not a round's time
    _next(qtbot, screen)
    assert screen.clock_label.text() == "0:00"
    _play_round(qtbot, screen, clock, 100)  # 2 spins in 180 s: 40 an hour
    assert screen.pace_label.text() == "40 spins an hour · at the target of 40"
    assert screen.clock_label.text() == "1:40"  # the round's whole time, once settled
    _next(qtbot, screen)
    _play_round(qtbot, screen, clock, 150)  # 3 spins in 330 s: 32 8/11 an hour
    assert screen.pace_label.text() == "32 spins an hour · behind the target of 40"
    assert screen.pace_label.property("against") == "behind"


def test_table_timed_a_round_given_up_counts_its_time_not_a_round(qtbot: QtBot) -> None:
    clock = FakeClock()
    screen = _screen(qtbot, default_ruleset("craps"), Difficulty.INTERMEDIATE, clock)
    _play_round(qtbot, screen, clock, 30)  # 1 throw in 30 s: 120 an hour
    assert screen.pace_label.text() == "120 throws an hour · ahead of the target of 80"
    _next(qtbot, screen)
    clock.now += 60_000
    give_up(qtbot, screen)  # the round in play is given up after 60 s: 1 throw in 90 s
    assert screen.pace_label.text() == "40 throws an hour · behind the target of 80"
    assert screen.pace_label.toolTip().endswith("1 round given up")


@pytest.mark.parametrize(
    ("game", "difficulty", "shown"),
    [
        ("roulette", Difficulty.BEGINNER, "Target: 25 spins an hour"),
        ("craps", Difficulty.ADVANCED, "Target: 100 throws an hour"),
        ("caribbean_stud", Difficulty.INTERMEDIATE, "Target: 40 rounds an hour"),
    ],
)
def test_table_timed_target_is_read_from_the_ruleset(
    qtbot: QtBot, game: str, difficulty: Difficulty, shown: str
) -> None:
    screen = _screen(qtbot, default_ruleset(game), difficulty, FakeClock())
    assert screen.pace_label.text() == shown


def test_table_timed_target_a_house_ruleset_overrides(qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "brisk.toml"
    path.write_text(
        'id = "brisk-stud"\nbase = "caribbean-stud-2004"\ntitle = "Brisk stud"\n'
        "[overrides]\ntable_pace_beginner = 36\n",
        encoding="utf-8",
    )
    clock = FakeClock()
    screen = _screen(qtbot, load_house_ruleset(path), Difficulty.BEGINNER, clock)
    assert screen.pace_label.text() == "Target: 36 rounds an hour"
    _play_round(qtbot, screen, clock, 120)  # 30 an hour: the regulation's 30, not the house's 36
    assert screen.pace_label.text() == "30 rounds an hour · behind the target of 36"


def test_table_practice_hides_the_clock_and_timed_is_remembered(qtbot: QtBot) -> None:
    clock = FakeClock()
    screen = _screen(qtbot, default_ruleset("roulette"), Difficulty.BEGINNER, clock, timed=None)
    assert not screen.timed and not screen.clock_label.isVisible()
    assert not screen.ticker.isActive()
    assert screen.mode_label.text() == "Table · Practice"
    qtbot.mouseClick(screen.timed_button, Qt.MouseButton.LeftButton)
    assert screen.timed and screen.clock_label.isVisible() and screen.ticker.isActive()
    screen.close()
    again = _screen(qtbot, default_ruleset("roulette"), Difficulty.BEGINNER, clock, timed=None)
    assert again.timed and again.timed_button.isChecked()


@pytest.fixture
def store(tmp_path: Path, migrated: Templates) -> Iterator[Store]:
    opened = Store.open(migrated(f"sqlite:///{tmp_path / 'dt.sqlite3'}"), passwords=FAST_PASSWORDS)
    yield opened
    opened.close()


def test_table_timed_opens_from_the_drills_panel_as_last_played(qtbot: QtBot, store: Store) -> None:
    from dealer_trainer.ui.trainee.launcher import DrillLauncher

    launcher = DrillLauncher(lambda: None, store=store)
    qtbot.addWidget(launcher)
    launcher.set_game("roulette")
    with qtbot.waitSignal(launcher.sessionStarted) as started:
        qtbot.mouseClick(launcher.buttons["table"], Qt.MouseButton.LeftButton)
    screen = started.args[0]
    qtbot.addWidget(screen)
    assert isinstance(screen, TableScreen) and not screen.timed
    screen.timed_button.click()
    screen.close()
    with qtbot.waitSignal(launcher.sessionStarted) as started:
        qtbot.mouseClick(launcher.buttons["table"], Qt.MouseButton.LeftButton)
    screen = started.args[0]
    qtbot.addWidget(screen)
    assert screen.timed and screen.pace_label.isVisible()
    screen.close()
