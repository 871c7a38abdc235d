"""Issue 12: every screen fits a 1366×768 laptop and a 1920×1080 monitor, in every language.

Each screen (the main window with its drills panel, a drill window through each
answer kind, its feedback and summary, the article, the instructor's window and
its tabs, the password dialogs) is opened the way the app opens it, in English,
Portuguese and Chinese, on a screen of each size less a 40-pixel task bar.  It
must fit the screen's available geometry; no visible widget may stick out of its
window (or out of the side of the scroll area it sits in), and none may be
squeezed below its minimum size hint (a keypad crushed to slivers, buttons run
over by text).

Qt's offscreen platform has one screen for the whole test session, so the
screen is stood in for where every window reads it:
:func:`dealer_trainer.ui.kit.geometry.available_geometry`.  The drill items are the
longest the generators make (Portuguese, advanced).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from datetime import date, timedelta
from decimal import Decimal
from functools import cache
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QDialog,
    QHeaderView,
    QLineEdit,
    QScrollBar,
    QStackedWidget,
    QToolButton,
    QWidget,
)
from pytestqt.exceptions import TimeoutError
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import AnswerKind, Difficulty, ItemSpec, all_skills, practice, replay
from dealer_trainer.storage import Store
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog
from dealer_trainer.ui.drills.screen import DrillScreen, drill_window_size
from dealer_trainer.ui.instructor.login import FirstStartDialog, LoginDialog
from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.kit.rendering import render
from dealer_trainer.ui.sandbox.panel import DiceOutcome, RouletteOutcome, StudOutcome
from dealer_trainer.ui.trainee.launcher import DrillLauncher
from dealer_trainer.ui.trainee.progress import ProgressWindow
from dealer_trainer.ui.window.main_window import MainWindow
from tests.migrated import Templates
from tests.storage.conftest import FAST_PASSWORDS, MACAU, FakeClock
from tests.storage.table_dealers import deal, deal_centre
from tests.ui.drills.conftest import wrong_answer
from tests.ui.instructor.cohort import Cohort, fill

LANGUAGES = ("en", "pt", "zh_Hant")
SCREENS = {"1366x768": QSize(1366, 768), "1920x1080": QSize(1920, 1080)}
TASK_BAR = 40
#: Seeds searched for the longest item of each answer kind.
SEEDS = range(40)
KINDS = ("amount", "chips", "order", "choice")


# ------------------------------------------------------------------ the screen --
@pytest.fixture(params=list(SCREENS), ids=list(SCREENS))
def room(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> QRect:
    """The available geometry of a screen of that size, its task bar at the bottom."""
    size = SCREENS[request.param]
    available = QRect(0, 0, size.width(), size.height() - TASK_BAR)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    return available


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest, qtbot: QtBot, tmp_path: Path) -> Iterator[str]:
    """The app's language installed as the app installs it (the committed .qm files)."""
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(request.param, remember=False)
    yield request.param
    manager.set_language("en", remember=False)


# ------------------------------------------------------------------ the checks --
def _in_scroll_viewport(widget: QWidget, top: QWidget) -> QAbstractScrollArea | None:
    """The scroll area whose viewport holds ``widget`` (it may scroll out of sight), if any."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        area = parent.parentWidget()
        if isinstance(area, QAbstractScrollArea) and area.viewport() is parent:
            return area
        parent = parent.parentWidget()
    return None


def problems(window: QWidget, room: QRect) -> list[str]:
    """What does not fit: the window on the screen, a widget in its window, a squeezed widget."""
    found = []
    frame = window.size() + geometry.FRAME
    if frame.width() > room.width() or frame.height() > room.height():
        found.append(
            f"{type(window).__name__} {window.width()}×{window.height()} (with its frame "
            f"{frame.width()}×{frame.height()}) is larger than the screen's "
            f"{room.width()}×{room.height()}"
        )
    bounds = window.rect().adjusted(-1, -1, 1, 1)
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.window() is not window or _qt_part(widget):
            continue
        name = f"{type(widget).__name__}({widget.objectName() or _text(widget)})"
        area = _in_scroll_viewport(widget, window)
        place = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
        if area is None:
            if not bounds.contains(place):
                found.append(f"{name} at {_rect(place)} sticks out of the window {_rect(bounds)}")
        else:
            side = QRect(
                area.viewport().mapTo(window, area.viewport().rect().topLeft()),
                area.viewport().size(),
            ).adjusted(-1, 0, 1, 0)
            if place.left() < side.left() or place.right() > side.right():
                found.append(f"{name} at {_rect(place)} is cut off by the side of its scroll area")
        if widget.layout() is None and widget.hasHeightForWidth():
            needed = widget.heightForWidth(widget.width())
            if needed > widget.height() + 1:
                found.append(
                    f"{name} is {widget.height()} high, its text needs {needed} at its width"
                )
        least = widget.minimumSizeHint()
        if least.isValid() and (widget.width() < least.width() or widget.height() < least.height()):
            found.append(
                f"{name} is {widget.width()}×{widget.height()}, below its minimum "
                f"{least.width()}×{least.height()}"
            )
    found += overlaps(window)
    return found


def overlaps(window: QWidget) -> list[str]:
    """Widgets laid out side by side that cover each other (a squeezed column)."""
    found = []
    for parent in [window, *window.findChildren(QWidget)]:
        layout = parent.layout()
        if layout is None or not parent.isVisible() or isinstance(parent, QStackedWidget):
            continue
        placed = [
            child
            for child in parent.findChildren(
                QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly
            )
            if child.isVisible() and not child.isWindow() and layout.indexOf(child) >= 0
        ]
        for i, one in enumerate(placed):
            for other in placed[i + 1 :]:
                common = one.geometry().intersected(other.geometry())
                if common.width() > 1 and common.height() > 1:
                    found.append(
                        f"{type(one).__name__}({one.objectName() or _text(one)}) and "
                        f"{type(other).__name__}({other.objectName() or _text(other)}) "
                        f"cover each other in {type(parent).__name__} at {_rect(common)}"
                    )
    return found


def _qt_part(widget: QWidget) -> bool:
    """A part Qt lays out inside its own composite widget (a spin box's line, a table's
    header, a scroll bar, a search field's clear button): the composite is checked, not its
    parts."""
    return (
        widget.objectName().startswith("qt_")
        or isinstance(widget, QScrollBar | QHeaderView)
        or (isinstance(widget, QToolButton) and isinstance(widget.parentWidget(), QLineEdit))
    )


def _text(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    if callable(text) and not isinstance(widget, QComboBox):
        with contextlib.suppress(TypeError):
            return str(text())[:30]
    return ""


def _rect(rect: QRect) -> str:
    return f"({rect.x()},{rect.y()} {rect.width()}×{rect.height()})"


def assert_fits(qtbot: QtBot, window: QWidget, room: QRect, what: str) -> None:
    """No problem once the layouts have settled (they settle on posted events; on a loaded
    machine that took over 1.5 s once, and a squeezed label was reported that was not)."""
    with contextlib.suppress(TimeoutError):
        qtbot.waitUntil(lambda: not problems(window, room), timeout=5000)
    _look(window, what)
    assert problems(window, room) == [], what


def _look(widget: QWidget, name: str) -> None:
    folder = os.environ.get("DEALER_TRAINER_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        widget.grab().save(str(Path(folder) / f"{name}.png"))


def _show(qtbot: QtBot, window: QWidget) -> None:
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)


# ------------------------------------------------------------------ the items --
@cache
def longest_items() -> dict[str, ItemSpec]:
    """Per answer kind, the advanced item with the most text in Portuguese (or in English,
    the same items: the Portuguese sentences are the longer ones)."""
    best: dict[str, tuple[int, ItemSpec]] = {}
    for skill_id in all_skills():
        for seed in SEEDS:
            spec = ItemSpec(skill_id, seed, Difficulty.ADVANCED)
            item = spec.make()
            kind = str(item.expected.kind)
            if item.expected.kind is AnswerKind.AMOUNT and item.expected.denominations:
                kind = "chips"
            texts = (item.question, *item.solution, *item.rests_on)
            size = sum(len(render(t)) for t in texts)
            size += sum(len(render(o.label)) for o in item.expected.options)
            size += 40 * len(item.expected.order)
            if size > best.get(kind, (0, spec))[0]:
                best[kind] = (size, spec)
    return {kind: best[kind][1] for kind in KINDS}


# ------------------------------------------------------------------ the tests --
def test_main_window_and_its_drills_panel_fit(
    qtbot: QtBot, room: QRect, language: str, tmp_path: Path
) -> None:
    window = MainWindow()
    _show(qtbot, window)
    assert_fits(qtbot, window, room, f"main-{language}-{room.height()}")
    window.panel.select_game("craps")  # the longest ruleset note (the revocation)
    window.drills.open()
    assert_fits(qtbot, window, room, f"main-drills-{language}-{room.height()}")


def test_main_window_side_panel_needs_no_scroll_bar_with_every_game(
    qtbot: QtBot, room: QRect, language: str
) -> None:
    """The side panel (the four games, the ruleset and its regulation, the trainee, the
    chips) is whole on the screen: on a 1366×768 laptop too, no part of it scrolls out of
    sight, whichever game is chosen (craps has the longest regulation note)."""
    window = MainWindow()
    _show(qtbot, window)
    assert window.panel.games.count() == 4
    bar = window.panel_scroll.verticalScrollBar()
    found = []
    for game in ("roulette", "craps", "caribbean_stud", "sic_bo"):
        window.panel.select_game(game)
        QApplication.processEvents()
        with contextlib.suppress(TimeoutError):
            qtbot.waitUntil(lambda: bar.maximum() == 0, timeout=1000)
        _look(window, f"main-panel-{game}-{language}-{room.height()}")
        found.append((game, bar.maximum(), bar.isVisible()))
    assert found == [(game, 0, False) for game, _, _ in found]  # (game, how far it scrolls)


def test_main_window_with_its_felt_sandbox_fits(qtbot: QtBot, room: QRect, language: str) -> None:
    """The felt sandbox (F8) beside the felt, settled, for every game."""
    window = MainWindow()
    _show(qtbot, window)
    bets = {
        "roulette": ("straight-17", "red", "split-17-20", "dozen-2"),
        "craps": ("pass", "pass-odds", "come", "field", "hard-8"),
        "caribbean_stud": ("box-1-ante", "box-3-ante", "box-3-raise", "box-7-ante"),
        "sic_bo": ("small", "total-12", "single-5", "double-5"),
    }
    for game, spots in bets.items():
        window.panel.select_game(game)
        panel = window.open_sandbox()
        assert panel is not None
        for spot_id in spots:
            window.scene().chips.set_amount(
                spot_id, Decimal(100 if "raise" not in spot_id else 500)
            )
        editor = panel.editor
        if isinstance(editor, RouletteOutcome):
            editor.choose(17)
        elif isinstance(editor, DiceOutcome):
            editor.set_dice(*(4, 4, 5)[: len(editor.dice)])
            if editor.point is not None:
                editor.set_point(5)
        elif isinstance(editor, StudOutcome):
            editor.refresh_boxes()
            editor.randomise()
        panel.settle()
        assert panel.answer is not None
        assert_fits(qtbot, window, room, f"main-sandbox-{game}-{language}-{room.height()}")


def test_drill_window_fits_through_every_answer_kind(
    qtbot: QtBot, room: QRect, language: str
) -> None:
    specs = longest_items()
    controller = DrillController(replay([specs[kind] for kind in KINDS]))
    screen = DrillScreen(controller, trainee="Maria da Conceição Gonçalves")
    # Sized as the launcher sizes it.
    geometry.restore_size(screen, DrillScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    for kind in KINDS:
        item = controller.item
        assert item is not None
        if kind == "chips":
            screen.amount_tabs.setCurrentWidget(screen.chips)
        assert_fits(qtbot, screen, room, f"drill-{kind}-{language}-{room.height()}")
        with qtbot.waitSignal(controller.feedbackReady):
            screen.submit(wrong_answer(item))
        assert_fits(qtbot, screen, room, f"drill-{kind}-feedback-{language}-{room.height()}")
        assert screen.feedback.next.isVisible()
        signal = controller.finished if kind == KINDS[-1] else controller.itemShown
        with qtbot.waitSignal(signal):
            screen.feedback.next.click()
    assert screen.pages.currentWidget() is screen.summary
    assert_fits(qtbot, screen, room, f"drill-summary-{language}-{room.height()}")


def test_timed_drill_window_fits(qtbot: QtBot, room: QRect, language: str) -> None:
    """The bar of a timed session: mode, the long skill title, count, score, the clock."""
    spec = longest_items()["choice"]
    session = practice([spec.skill], Difficulty.ADVANCED, spec.seed, timed=True)
    controller = DrillController(session)
    screen = DrillScreen(controller, title="", trainee="Ana Lei")
    screen.recorded = False  # the badge's longest form: "… · not recorded"
    geometry.restore_size(screen, DrillScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    with qtbot.waitSignal(controller.itemShown):
        controller.start()
    screen.retranslate()
    assert screen.clock.isVisible() and screen.clock_icon.isVisible()
    assert_fits(qtbot, screen, room, f"drill-timed-{language}-{room.height()}")
    controller.stop()


#: Caribbean Stud's amount skills: the payout typed on the keypad, or built from chips.
STUD_AMOUNT_SKILLS = ("caribbean_stud.settlement", "caribbean_stud.progressive")
LAPTOP = QRect(0, 0, 1366, 768 - TASK_BAR)


def _whole_in_view(widget: QWidget, scroll: QAbstractScrollArea) -> bool:
    """``widget`` lies whole in the scroll area's viewport as it stands (nothing scrolled)."""
    viewport = scroll.viewport()
    place = QRect(widget.mapTo(viewport, widget.rect().topLeft()), widget.size())
    return widget.isVisible() and viewport.rect().contains(place)


def test_caribbean_stud_amount_items_show_their_pay_row_without_scrolling(
    qtbot: QtBot, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 35: on a 1366×768 laptop the Pay key of a Caribbean Stud amount item (the ante
    and raise, the progressive award) lay under the fold of the question's column, so the
    trainee scrolled to answer.  Every such item, at every difficulty, in every language,
    shows the amount's entry and its Pay key (on the keypad, and on the chips' tab) with
    the column scrolled to its top."""
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(LAPTOP))
    session = practice(list(STUD_AMOUNT_SKILLS), Difficulty.BEGINNER, 1)
    controller = DrillController(session)
    screen = DrillScreen(controller, trainee="Maria da Conceição Gonçalves")
    geometry.restore_size(screen, DrillScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    scroll = screen.panel_scroll
    hidden = []
    for skill_id in STUD_AMOUNT_SKILLS:
        for difficulty in Difficulty:
            for seed in range(8):
                item = ItemSpec(skill_id, seed, difficulty).make()
                screen.show_item(item)
                rows = [(screen.pad, (screen.pad.display, screen.pad.keys["enter"]))]
                if screen.amount_tabs.isTabEnabled(1):
                    rows.append((screen.chips, (screen.chips.pay,)))
                for tab, row in rows:
                    screen.amount_tabs.setCurrentWidget(tab)

                    def shown(row: tuple[QWidget, ...] = row) -> bool:
                        return all(_whole_in_view(widget, scroll) for widget in row)

                    def settled(shown: Callable[[], bool] = shown) -> bool:
                        return shown() and not problems(screen, LAPTOP)

                    with contextlib.suppress(TimeoutError):
                        qtbot.waitUntil(settled, timeout=1000)
                    if not settled() or scroll.verticalScrollBar().value() != 0:
                        where = (skill_id, difficulty.name, seed, type(tab).__name__)
                        hidden.append((*where, problems(screen, LAPTOP)))
                        _look(screen, f"drill-stud-amount-{language}-{len(hidden)}")
    assert hidden == [], language


def test_article_dialog_fits(qtbot: QtBot, room: QRect, language: str) -> None:
    item = longest_items()["order"].make()  # roulette Art. 5: a long article
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ArticleDialog(item.citation, parent)
    _show(qtbot, dialog)
    assert_fits(qtbot, dialog, room, f"article-{language}-{room.height()}")


def test_glossary_window_fits(qtbot: QtBot, room: QRect, language: str) -> None:
    """The Glossary (F2) as the main window opens it: every term, then Sic Bo's with the
    longest sources (their references), then a search that finds nothing."""
    main = MainWindow()
    _show(qtbot, main)
    window = main.open_glossary()
    qtbot.waitExposed(window)
    assert_fits(qtbot, window, room, f"glossary-{language}-{room.height()}")
    window.game.setCurrentIndex(window.game.findData("sic_bo"))
    longest = max(
        window.visible_rows(),
        key=lambda row: sum(
            len(window.source_text(window.terms[row].sources[code], code))
            for code in window.terms[row].sources
        ),
    )
    window.table.selectRow(longest)
    assert_fits(qtbot, window, room, f"glossary-sic-bo-{language}-{room.height()}")
    window.search.setText("zzz")
    assert window.nothing.isVisible()
    assert_fits(qtbot, window, room, f"glossary-nothing-{language}-{room.height()}")


@pytest.fixture
def cohort(tmp_path: Path, migrated: Templates) -> Iterator[Cohort]:
    store = Store.open(
        migrated(f"sqlite:///{tmp_path / 'centre.sqlite3'}"),
        clock=FakeClock(),
        passwords=FAST_PASSWORDS,
        day_zone=MACAU,
    )
    try:
        yield fill(store, days=3, per_day=3)
    finally:
        store.close()


def test_instructor_views_and_their_dialogs_fit(
    qtbot: QtBot,
    room: QRect,
    language: str,
    cohort: Cohort,
    tmp_path: Path,
    migrated: Templates,
) -> None:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.within.loaded, timeout=10_000):
        window.show()
    qtbot.waitExposed(window)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        assert_fits(qtbot, window, room, f"instructor-{index}-{language}-{room.height()}")
    # The mastery tab's summary and rule run longer with a larger cohort (the shared
    # cohort grows as the suite's tests deal to it): three lines each still fit.
    window.tabs.setCurrentWidget(window.mastery)
    window.mastery.summary.setText(" · ".join([window.mastery.summary.text() or "x"] * 6))
    window.mastery.rule.setText(" ".join([window.mastery.rule.text() or "x"] * 3))
    assert_fits(qtbot, window, room, f"instructor-mastery-long-{language}-{room.height()}")
    with qtbot.waitSignal(window.trainee.answersLoaded, timeout=10_000):
        window.open_trainee(next(iter(cohort.trainees.values())))
    assert_fits(qtbot, window, room, f"instructor-trainee-{language}-{room.height()}")
    window.trainee.pages.setCurrentIndex(1)
    table = window.trainee.answer_table
    table.setCurrentIndex(table.model().index(0, 0))  # the drill-down of an answer
    assert_fits(qtbot, window, room, f"instructor-answer-{language}-{room.height()}")
    from dealer_trainer.ui.instructor.roster import TraineePasswordDialog
    from dealer_trainer.ui.kit.choose_password import ChoosePasswordDialog
    from dealer_trainer.ui.window.sign_in import SignInDialog

    long_name = "Wong Ka Man Cecília da Silva Pereira"
    dialogs: list[QDialog] = [
        LoginDialog(cohort.store),
        SignInDialog(cohort.store.sign_in),
        ChoosePasswordDialog("wong.ka.man.cecilia", lambda given, new: None),  # issue 36
        TraineePasswordDialog(long_name),
        TraineePasswordDialog(long_name, instructor=True),
    ]
    empty = Store.open(migrated(f"sqlite:///{tmp_path / 'new.sqlite3'}"), passwords=FAST_PASSWORDS)
    try:
        dialogs.append(FirstStartDialog(empty))
        for dialog in dialogs:
            _show(qtbot, dialog)
            name = type(dialog).__name__
            assert_fits(qtbot, dialog, room, f"{name}-{language}-{room.height()}")
            dialog.close()
    finally:
        empty.close()
    window.close()
    QApplication.processEvents()


def test_people_screens_and_their_dialogs_fit(
    qtbot: QtBot, room: QRect, language: str, cohort: Cohort
) -> None:
    """Issue 15: the groups and instructors tabs, with a group and a second instructor, and
    their dialogs (a group's details and trainees, archive's confirmation, rename)."""
    from dealer_trainer.ui.instructor.groups import GroupDialog, MembersDialog
    from dealer_trainer.ui.kit.confirm import Confirmation, RenameDialog

    desk = cohort.store.instructor(cohort.session)
    people = desk.people()
    people.add_instructor("Wong Ka Man Cecília da Silva", "a long password", "wong")
    group = people.create_group(
        "Intake November 2026 (evening)", date(2026, 11, 2), [cohort.session.instructor_id]
    )
    people.set_members(group.id, list(cohort.trainees.values())[:2])
    people.set_staff_number(next(iter(cohort.trainees.values())), "MD-2026-0001")
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    qtbot.waitExposed(window)
    for page in (window.people, window.groups, window.instructors, window.cohort, window.exams):
        window.tabs.setCurrentWidget(page)
        name = type(page).__name__
        assert_fits(qtbot, window, room, f"people-{name}-{language}-{room.height()}")
    window.tabs.setCurrentWidget(window.plans)  # a plan for a whole group, its note said
    window.plans.group.setCurrentIndex(window.plans.group.findData(group.id))
    assert window.plans.group_said.isVisible()
    assert_fits(qtbot, window, room, f"people-plans-group-{language}-{room.height()}")
    group = people.group(group.id)
    dialogs: list[QWidget] = [
        GroupDialog(group, people.instructors(), window),
        MembersDialog(group, desk.all_trainees(), {}, window),
        Confirmation(
            window.groups.tr("Archive %1?").replace("%1", group.name),
            window.groups.tr(
                "Archive the group %1? It leaves the cohort, exam and report pickers; its "
                "trainees, their answers and the group's history stay."
            ).replace("%1", group.name),
            window.groups.tr("&Archive %1").replace("%1", group.name),
            window,
        ),
        RenameDialog("Rename Ana Lei", "New name for Ana Lei:", "Ana Lei", window),
    ]
    for dialog in dialogs:
        dialog.show()
        qtbot.waitExposed(dialog)
        assert_fits(
            qtbot, dialog, room, f"people-{type(dialog).__name__}-{language}-{room.height()}"
        )
        dialog.close()
    window.close()
    QApplication.processEvents()


def test_exam_review_fits_for_the_instructor_and_the_trainee(
    qtbot: QtBot, room: QRect, language: str, cohort: Cohort
) -> None:
    from dealer_trainer.ui.exams.review import (
        ExamReview,
        exam_sittings,
        trainee_sittings,
    )

    desk = cohort.store.instructor(cohort.session)
    [paper] = desk.exams()
    trainee = cohort.store.trainee(next(iter(cohort.trainees.values())))
    for name, review in (
        ("instructor", ExamReview(paper.title, exam_sittings(desk, paper), group=True)),
        ("trainee", ExamReview("Ana Lei", trainee_sittings(trainee))),
    ):
        _show(qtbot, review)
        assert review.detail.scene is not None  # the item is on its felt
        assert_fits(qtbot, review, room, f"exam-review-{name}-{language}-{room.height()}")
        review.close()


def test_my_progress_window_fits(qtbot: QtBot, room: QRect, language: str, cohort: Cohort) -> None:
    """Issue 15: the trainee's own progress, with plans and an exam due and a weak skill."""
    store = cohort.store
    desk = store.instructor(cohort.session)
    trainee_id = next(iter(cohort.trainees.values()))
    login, _ = desk.trainee_logins()[trainee_id]
    desk.set_trainee_password(trainee_id, "progress password")
    desk.schedules.assign_plan(
        "Straight-up multiples and picture bets before the end of the week",
        "roulette",
        ["roulette.straight_up", "roulette.picture_bets"],
        40,
        store.now() + timedelta(days=5),
        [trainee_id],
    )
    person = store.sign_in(login, "progress password")
    own = store.trainee_desk(person)
    for game, level in (("roulette", Difficulty.ADVANCED), ("craps", Difficulty.BEGINNER)):
        deal(store, trainee_id, game, range(2), level, bad=True, desk=own)  # the live table
    launcher = DrillLauncher(lambda: person, store=store)
    qtbot.addWidget(launcher)
    window = ProgressWindow(lambda: launcher, lambda: store.day_zone)
    _show(qtbot, window)
    with qtbot.waitSignal(window.loaded):
        window.refresh()
    assert window.due.rowCount() >= 1
    assert window.table.rowCount() == 2 and window.table.isVisible()
    assert_fits(qtbot, window, room, f"progress-{language}-{room.height()}")
    window.close()


def test_instructor_table_results_and_a_trainees_rounds_fit(
    qtbot: QtBot, room: QRect, language: str, cohort: Cohort
) -> None:
    """The live table's results with rounds dealt (a full table, the chosen trainee's pace
    and mistakes), and that trainee's rounds window."""
    deal_centre(cohort.store, cohort.trainees)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    qtbot.waitExposed(window)
    pane = window.table_results
    with qtbot.waitSignal(pane.resultsLoaded, timeout=10_000):
        window.tabs.setCurrentWidget(pane)
    pane.table.selectRow(pane.table.rowCount() - 2)  # Ana Lei, the longest mistakes
    assert_fits(qtbot, window, room, f"instructor-table-results-{language}-{room.height()}")
    # A cohort with every kind of step: its summary wraps onto three lines (it took the
    # window's room before, as the rounds dealt by earlier tests added kinds).
    pane.summary.setText(" · ".join([pane.summary.text()] * 4))
    assert_fits(qtbot, window, room, f"instructor-table-results-long-{language}-{room.height()}")
    with qtbot.waitSignal(pane.roundsOpened, timeout=10_000) as opened:
        pane.open_rounds()
    rounds = opened.args[0]
    qtbot.waitExposed(rounds)
    assert_fits(qtbot, rounds, room, f"instructor-trainee-rounds-{language}-{room.height()}")
    rounds.close()
    window.close()
    QApplication.processEvents()


# ------------------------------------------------------- the live table's irregularities --
IRREGULARITIES = (
    "roulette.late_bet",
    "roulette.golpe_nulo",
    "roulette.disturbed_chips",
    "craps.off_table",
    "craps.cocked_die",
    "craps.odds_request",
    "caribbean_stud.player_card_exposed",  # Art. 11, while dealing
    "caribbean_stud.several_cards_exposed",
    "caribbean_stud.card_to_empty_box",
    "caribbean_stud.shuffler_failure",
    "sic_bo.late_bet",  # house rulings: the Sic Bo regulation is not on file
    "sic_bo.shaker_opened_early",
    "sic_bo.die_not_flat",
    "sic_bo.shaker_not_shaken",
)


@cache
def _seed_dealing(event: str) -> int:
    """The first seed whose advanced round meets ``event`` first."""
    from dealer_trainer.drills.table import new_round
    from dealer_trainer.rules.rulesets import default_ruleset

    ruleset = default_ruleset(event.split(".", maxsplit=1)[0])
    for seed in range(3000):
        found = new_round(ruleset, seed, Difficulty.ADVANCED).irregularities
        if found and found[0].event == event:
            return seed
    raise AssertionError(f"no seed deals {event}")


@pytest.mark.irregular
@pytest.mark.parametrize("event", IRREGULARITIES)
def test_table_screen_with_an_irregularity_and_its_refusal_fits(
    qtbot: QtBot, room: QRect, language: str, event: str
) -> None:
    """The live table while the dealer rules an irregularity: the event on the felt, the
    choices by name and, after a wrong one, the refusal with its article and readings."""
    from dealer_trainer.rules.rulesets import default_ruleset
    from dealer_trainer.ui.table import TableScreen

    ruleset = default_ruleset(event.split(".", maxsplit=1)[0])
    screen = TableScreen(ruleset, Difficulty.ADVANCED, seed=_seed_dealing(event), timed=False)
    geometry.restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    round_ = screen.round
    assert round_ is not None
    while (pending := round_.pending()) is None or pending.event != event:
        if pending is not None:
            screen.rule(pending.right.id)
        else:
            screen._judge(round_.missing()[0])
    assert screen.irregular.isVisible()
    assert_fits(qtbot, screen, room, f"table-{event}-{language}-{room.height()}")
    longest = max((c for c in pending.choices if c.mistake), key=lambda c: len(c.label.source))
    with qtbot.waitSignal(screen.stepJudged, timeout=2000):
        screen.rule(longest.id)
    assert screen.message.isVisible()
    assert_fits(qtbot, screen, room, f"table-{event}-refused-{language}-{room.height()}")


# ------------------------------------------------------- Caribbean Stud's deal at the table --
STUD_MOMENTS = ("offer", "deal", "raise", "fold", "qualify", "showdown")


@cache
def _stud_seed(moment: str) -> int:
    """The first seed whose advanced round comes to ``moment`` (a late bet, a wrong raise)."""
    from dealer_trainer.drills.table import new_round
    from dealer_trainer.drills.table.stud_dealing import Moment, StudRound
    from dealer_trainer.rules.rulesets import default_ruleset

    for seed in range(600):
        round_ = new_round(default_ruleset("caribbean_stud"), seed, Difficulty.ADVANCED)
        assert isinstance(round_, StudRound)
        if round_.void or not any(w.moment is Moment.QUALIFY for w in round_.waits):
            continue
        if moment == "showdown" or any(
            w.moment.value == moment and (w.cards_dealt or moment != "offer") for w in round_.waits
        ):
            return seed
    raise AssertionError(f"no seed comes to {moment}")


@pytest.mark.parametrize("moment", STUD_MOMENTS)
def test_table_screen_while_dealing_caribbean_stud_and_its_refusal_fits(
    qtbot: QtBot, room: QRect, language: str, moment: str
) -> None:
    """The live table while the dealer deals Caribbean Stud: the deal's panel at each moment
    (a late progressive bet, the next card, a raise, a fold, the qualification call, then
    the showdown) and, after a wrong answer, the refusal with its article."""
    from dealer_trainer.drills.table.stud_dealing import StudRound
    from dealer_trainer.rules.caribbean_stud.calls import CallAction, DealerCall
    from dealer_trainer.rules.rulesets import default_ruleset
    from dealer_trainer.ui.table import TableScreen

    ruleset = default_ruleset("caribbean_stud")
    screen = TableScreen(ruleset, Difficulty.ADVANCED, seed=_stud_seed(moment), timed=False)
    geometry.restore_size(screen, TableScreen.SIZE_KEY, drill_window_size(screen))
    _show(qtbot, screen)
    round_ = screen.round
    assert isinstance(round_, StudRound)
    while (wait := round_.waiting) is not None and not (
        wait.moment.value == moment and (wait.cards_dealt or moment != "offer")
    ):
        pending = round_.pending()
        if pending is not None:
            screen.rule(pending.right.id)
        else:
            screen._judge(wait.right)  # type: ignore[arg-type]
    assert screen.stud is not None and screen.stud.isVisible()
    _look(screen, f"table-stud-{moment}-{language}-{room.height()}")
    assert_fits(qtbot, screen, room, f"table-stud-{moment}-{language}-{room.height()}")
    wrong = DealerCall(CallAction.QUALIFY, qualifies=True)  # not now, or the wrong call
    if wait is not None and wait.moment.value == "qualify":
        assert isinstance(wait.right, DealerCall)
        wrong = DealerCall(CallAction.QUALIFY, qualifies=not wait.right.qualifies)
    with qtbot.waitSignal(screen.stepJudged, timeout=2000):
        screen.judge_call(wrong)
    assert screen.message.isVisible()
    _look(screen, f"table-stud-{moment}-refused-{language}-{room.height()}")
    assert_fits(qtbot, screen, room, f"table-stud-{moment}-refused-{language}-{room.height()}")
