"""Issue 7: every main screen in each language, no text clipped; switching language live.

Set DEALER_TRAINER_SCREENSHOTS=<folder> to keep the pictures for a look.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QWidget
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty, ItemSpec, replay
from dealer_trainer.storage import Store
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.screen import DrillScreen
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.window.main_window import MainWindow
from tests.i18n.screens import clipped_texts
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.ui.instructor.cohort import Cohort, fill

LANGUAGES = ("zh_Hant", "pt", "en")
SIZE = (1366, 768)  # a training room's laptop
DRILLS = (
    ("roulette.picture_bets", Difficulty.ADVANCED),  # keypad and chips
    ("roulette.pay_order", Difficulty.INTERMEDIATE),  # order picker
    ("craps.rulings", Difficulty.BEGINNER),  # multiple choice
    ("caribbean_stud.progressive", Difficulty.ADVANCED),  # the progressive pool
    ("sic_bo.full_layout", Difficulty.ADVANCED),  # a full Sic Bo layout, the dice
    ("sic_bo.winning_areas", Difficulty.INTERMEDIATE),  # long options: lists of areas
    ("sic_bo.pay_order", Difficulty.ADVANCED),  # the house's order on the Sic Bo felt
)


@pytest.fixture
def languages(qtbot: QtBot, tmp_path: Path) -> Iterator[LanguageManager]:
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    yield manager
    manager.set_language("en", remember=False)


@pytest.fixture
def cohort(tmp_path: Path, migrated: Templates) -> Iterator[Cohort]:
    store = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.sqlite3'}"),
        clock=FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    try:
        yield fill(store)
    finally:
        store.close()


def _look(widget: QWidget, name: str) -> None:
    folder = os.environ.get("DEALER_TRAINER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(folder) / f"{name}.png"))


def assert_fits(qtbot: QtBot, widget: QWidget) -> None:
    """No clipped text once the layouts have settled (they settle on posted events)."""
    with contextlib.suppress(TimeoutError):
        qtbot.waitUntil(lambda: not clipped_texts(widget), timeout=3000)
    assert clipped_texts(widget) == []


def _show(qtbot: QtBot, widget: QWidget) -> None:
    qtbot.addWidget(widget)
    widget.resize(*SIZE)
    widget.show()
    qtbot.waitExposed(widget)


@pytest.mark.parametrize("code", LANGUAGES)
def test_main_window_fits_in_every_language(
    qtbot: QtBot, languages: LanguageManager, code: str
) -> None:
    languages.set_language(code, remember=False)
    window = MainWindow(languages=languages)
    _show(qtbot, window)
    assert window.windowTitle() == QCoreApplication.translate("MainWindow", "Macau Dealer Trainer")
    _look(window, f"main-{code}")
    assert_fits(qtbot, window)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("skill", "difficulty"), DRILLS)
def test_drill_screens_fit_in_every_language(
    qtbot: QtBot, languages: LanguageManager, code: str, skill: str, difficulty: Difficulty
) -> None:
    languages.set_language(code, remember=False)
    controller = DrillController(replay([ItemSpec(skill, 2026, difficulty)]))
    screen = DrillScreen(controller)
    _show(qtbot, screen)
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    _look(screen, f"drill-{skill}-{code}-question")
    assert_fits(qtbot, screen)
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(timed_out=True))
    _look(screen, f"drill-{skill}-{code}-feedback")
    assert_fits(qtbot, screen)


def _instructor_window(
    qtbot: QtBot, languages: LanguageManager, cohort: Cohort, code: str
) -> InstructorWindow:
    """The instructor's window in ``code``, laptop-sized, its cohort table filled."""
    languages.set_language(code, remember=False)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.resize(*SIZE)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    return window


@pytest.mark.parametrize("code", LANGUAGES)
def test_instructor_dashboard_fits_in_every_language(
    qtbot: QtBot, languages: LanguageManager, cohort: Cohort, code: str
) -> None:
    window = _instructor_window(qtbot, languages, cohort, code)
    _look(window, f"dashboard-{code}")
    assert_fits(qtbot, window)


def test_switching_language_updates_the_open_screens(
    qtbot: QtBot, languages: LanguageManager
) -> None:
    languages.set_language("en", remember=False)
    window = MainWindow(languages=languages)
    _show(qtbot, window)
    controller = DrillController(replay([ItemSpec("roulette.straight_up", 5, Difficulty.BEGINNER)]))
    screen = DrillScreen(controller)
    _show(qtbot, screen)
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    english_title = window.windowTitle()
    english_menu = window.menuBar().actions()[0].text()
    languages.set_language("zh_Hant", remember=False)
    chinese_menu = QCoreApplication.translate("MainWindow", "&File")
    assert chinese_menu != "&File", "the Chinese translation is not installed"
    qtbot.waitUntil(lambda: window.menuBar().actions()[0].text() == chinese_menu)
    assert window.windowTitle() != english_title
    assert english_menu == "&File"
    languages.set_language("pt", remember=False)
    qtbot.waitUntil(
        lambda: (
            window.menuBar().actions()[0].text()
            == QCoreApplication.translate("MainWindow", "&File")
        )
    )
    assert window.menuBar().actions()[0].text() != chinese_menu


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_trainees_exam_results_are_shown_whole_in_every_language(
    qtbot: QtBot, languages: LanguageManager, cohort: Cohort, code: str
) -> None:
    """Bruno's exam is not taken yet: "ainda não realizado" was cut to "ainda não …"."""
    window = _instructor_window(qtbot, languages, cohort, code)
    with qtbot.waitSignal(window.trainee.figuresLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Bruno Chan"])
    exams = window.trainee.exams
    assert exams.rowCount() == 1
    metrics = exams.fontMetrics()
    for column in range(1, exams.columnCount()):  # the title's column takes what is left
        text = exams.item(0, column).text()
        assert metrics.horizontalAdvance(text) < exams.columnWidth(column), (column, text)
