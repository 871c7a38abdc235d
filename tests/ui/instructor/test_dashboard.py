"""Issue 6, the instructor dashboard: cohort and trainee plots on a date axis, the sortable
cohort table, weakest skills, exam history, and the drill-down that re-draws an answer's table."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pyqtgraph as pg
import pytest
from PySide6.QtCore import QEvent, QObject, Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.reports import figures
from dealer_trainer.reports.text import skill_title
from dealer_trainer.storage import AnswerFilter
from dealer_trainer.ui.instructor import InstructorWindow
from dealer_trainer.ui.instructor.models import ID_ROLE
from dealer_trainer.ui.kit.language import citation_text
from tests.ui.instructor.cohort import Cohort

TODAY = date(2026, 11, 30)  # the fake clock's day in Macau


def open_window(qtbot: QtBot, cohort: Cohort) -> InstructorWindow:
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
        window.show()
    return window


def test_cohort_plots_show_each_days_exact_accuracy_on_a_date_axis(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = open_window(qtbot, cohort)
    plots = window.cohort.plots
    assert isinstance(plots.accuracy_plot.getPlotItem().getAxis("bottom"), pg.DateAxisItem)
    stats = window.desk.daily_skill_stats(TODAY - timedelta(days=89), TODAY)
    days = sorted({s.day for s in stats})
    x, y = plots.accuracy_curve.getData()
    assert len(x) == len(days) == 13  # 12 days of practice, then the exam day
    assert x[0] == figures.day_timestamp(days[0])
    first = [s for s in stats if s.day == days[0]]
    assert y[0] == 100 * sum(s.correct for s in first) / sum(s.answers for s in first)
    answers = sum(s.answers for s in stats)
    assert f"{answers:,} answers" in window.cohort.summary.text()


def test_plots_are_built_once_and_updated_with_set_data(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    plots = window.cohort.plots
    curve, item = plots.accuracy_curve, plots.accuracy_plot.getPlotItem()
    items_before = len(item.listDataItems())
    window.cohort.skill.setCurrentIndex(window.cohort.skill.findData("craps.hard_ways"))
    assert plots.accuracy_curve is curve and len(item.listDataItems()) == items_before
    stats = [
        s
        for s in window.desk.daily_skill_stats(TODAY - timedelta(days=89), TODAY)
        if s.skill == "craps.hard_ways"
    ]
    _, y = curve.getData()
    assert list(y) == [100 * s.correct / s.answers for s in stats]
    with qtbot.waitSignal(window.cohort.plotsLoaded):
        window.cohort.period.setCurrentIndex(0)  # last 30 days
    assert plots.accuracy_curve is curve
    # Read again with the skill still chosen: the worker drew that skill's trend, not all's.
    assert window.cohort.skill.currentData() == "craps.hard_ways"
    recent = [s for s in stats if s.day >= TODAY - timedelta(days=29)]
    assert recent
    _, y = curve.getData()
    assert list(y) == [100 * s.correct / s.answers for s in recent]


def test_cohort_table_sorts_by_accuracy_and_finds_a_trainee(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    view = window.cohort
    assert view.proxy.rowCount() == 3
    view.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
    accuracy = [
        view.model.figure(
            view.proxy.mapToSource(view.proxy.index(r, 0)).row()
        ).totals.accuracy_percent
        for r in range(3)
    ]
    assert accuracy == sorted(accuracy)
    view.table.sortByColumn(2, Qt.SortOrder.DescendingOrder)
    assert [
        view.model.figure(
            view.proxy.mapToSource(view.proxy.index(r, 0)).row()
        ).totals.accuracy_percent
        for r in range(3)
    ] == sorted(accuracy, reverse=True)
    view.filter.setText("carla")
    assert view.proxy.rowCount() == 1
    assert view.proxy.data(view.proxy.index(0, 0), ID_ROLE) == cohort.trainees["Carla Ho"]


def test_cohort_table_figures_match_the_trainees_answers(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    rows = {
        window.cohort.model.figure(r).trainee_id: window.cohort.model.figure(r)
        for r in range(window.cohort.model.rowCount())
    }
    for trainee_id in cohort.trainees.values():
        answers = window.desk.answers(AnswerFilter(trainee_id=trainee_id, limit=None))
        practice = [a for a in answers if a.answered_day >= TODAY - timedelta(days=89)]
        assert rows[trainee_id].totals.answers == len(practice)
        assert rows[trainee_id].totals.correct == sum(a.record.correct for a in practice)
        assert rows[trainee_id].last_day == max(a.answered_day for a in practice)


def test_double_click_opens_the_trainee_with_weakest_skills_and_exams(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = open_window(qtbot, cohort)
    view = window.cohort
    view.filter.setText("Ana")
    with qtbot.waitSignal(window.trainee.figuresLoaded, timeout=10_000):
        view.table.doubleClicked.emit(view.proxy.index(0, 0))
    trainee = window.trainee
    assert window.tabs.currentWidget() is window.trainee_page and trainee.isVisible()
    assert trainee.current_trainee() == cohort.trainees["Ana Lei"]
    # the exam Ana sat: 3 of 4 right, pass mark 3/4 → passed
    assert trainee.exams.rowCount() == 1
    assert trainee.exams.item(0, 0).text() == "Roulette payouts"
    assert trainee.exams.item(0, 2).text() == "3/4 (75 %)"
    assert trainee.exams.item(0, 3).text() == "passed"
    # skills weakest first: the first row has the lowest accuracy of those with 5+ answers
    stats = window.desk.daily_skill_stats(
        TODAY - timedelta(days=89), TODAY, trainee_id=cohort.trainees["Ana Lei"]
    )
    weakest = figures.weakest(figures.per_skill(stats), 1)[0]
    assert trainee.weak.rowCount() == 4
    assert trainee.weak.item(0, 2).text() == f"{weakest.totals.accuracy_percent} %"


def test_drill_down_redraws_the_answers_situation_on_the_felt(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignals([trainee.answersLoaded, trainee.figuresLoaded], timeout=10_000):
        window.open_trainee(cohort.trainees["Bruno Chan"])
    assert trainee.skill.findData("roulette.straight_up") > 0
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.skill.setCurrentIndex(trainee.skill.findData("roulette.straight_up"))
    assert trainee.answers.rowCount() > 0
    trainee.answer_table.selectRow(0)
    detail = trainee.detail
    assert detail.answer is not None and detail.scene is None  # the Answers page is not shown
    with qtbot.waitSignal(detail.drawn, timeout=2000):
        trainee.pages.setCurrentIndex(1)  # the Answers page: the felt is drawn as it shows
    answer = detail.answer
    assert answer is not None and answer.record.skill == "roulette.straight_up"
    inner = answer.record.situation["situation"]  # type: ignore[index]
    bet = inner["request"]["bets"][0]
    spot = inner["spots"][bet["id"]]
    scene = detail.scene
    assert scene is not None and scene.felt.game == "roulette"
    assert sum(scene.chips.chips(spot)) == __import__("decimal").Decimal(bet["amount"])
    assert scene.markers["dolly"].isVisible()
    # the item is re-created from its seed: the question the trainee saw, and its rule
    assert detail.item is not None and detail.item.seed == answer.record.item_seed
    text = detail.text.toPlainText()
    assert detail.item.question.english() in text
    assert citation_text(detail.item.citation) in text  # as the window's language cites it


def test_drill_down_shows_the_selected_trainees_answer_after_switching_trainee(
    qtbot: QtBot, cohort: Cohort
) -> None:
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Bruno Chan"])
    trainee.answer_table.selectRow(3)
    bruno = trainee.detail.answer
    assert bruno is not None and bruno.trainee_id == cohort.trainees["Bruno Chan"]
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.trainee.setCurrentIndex(trainee.trainee.findData(cohort.trainees["Carla Ho"]))
    shown = trainee.detail.answer
    # Carla's newest answer, never Bruno's still open beside Carla's list
    assert shown is not None and shown.trainee_id == cohort.trainees["Carla Ho"]
    source = trainee.answer_table.currentIndex()
    assert trainee.answers.answer(source.row()) == shown
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.only_wrong.setCurrentIndex(trainee.only_wrong.findData(False))
    wrong = trainee.detail.answer
    assert wrong is None or (not wrong.record.correct and wrong.trainee_id == shown.trainee_id)


def test_drill_down_shows_dice_and_puck_for_craps(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    # The skill list is filled with the trainee's figures: choose from it once it is there.
    with qtbot.waitSignals([trainee.answersLoaded, trainee.figuresLoaded], timeout=10_000):
        window.open_trainee(cohort.trainees["Ana Lei"])
    assert trainee.skill.findData("craps.hard_ways") > 0
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.skill.setCurrentIndex(trainee.skill.findData("craps.hard_ways"))
    trainee.pages.setCurrentIndex(1)  # the Answers page
    with qtbot.waitSignal(trainee.detail.drawn, timeout=2000):
        trainee.answer_table.selectRow(1)  # another answer: drawn at once on the page shown
    with qtbot.waitSignal(trainee.detail.drawn, timeout=2000):
        trainee.answer_table.selectRow(0)
    scene = trainee.detail.scene
    answer = trainee.detail.answer
    assert scene is not None and answer is not None and scene.felt.game == "craps"
    inner = answer.record.situation["situation"]  # type: ignore[index]
    assert scene.roll == tuple(inner["dice"])
    hard = [e["bet"] for e in inner["request"]["events"] if "bet" in e]
    for bet in hard:
        assert scene.chips.chips(f"hard-{bet['number']}")


def test_older_answers_load_a_page_at_a_time(
    qtbot: QtBot, cohort: Cohort, monkeypatch: object
) -> None:
    from dealer_trainer.ui.instructor import dashboard

    monkeypatch.setattr(dashboard, "ANSWER_PAGE", 10)  # type: ignore[attr-defined]
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Carla Ho"])
    assert trainee.answers.rowCount() == 10 and trainee.more.isEnabled()
    newest = [trainee.answers.answer(r).id for r in range(10)]
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.more.click()
    ids = [trainee.answers.answer(r).id for r in range(trainee.answers.rowCount())]
    assert ids[:10] == newest and len(ids) == len(set(ids)) == 20
    everything = window.desk.answers(
        AnswerFilter(trainee_id=cohort.trainees["Carla Ho"], newest_first=True, limit=20)
    )
    assert ids == [a.id for a in everything]


def test_older_answers_sorted_by_another_column_are_the_next_page_and_keep_the_sort(
    qtbot: QtBot, cohort: Cohort, monkeypatch: object
) -> None:
    """Sorted by the time taken, "Load older answers" still reads the page before the oldest
    answer read (not before the last row shown), shows it in that sort, and the answer open
    stays the one chosen."""
    from dealer_trainer.ui.instructor import dashboard

    monkeypatch.setattr(dashboard, "ANSWER_PAGE", 10)  # type: ignore[attr-defined]
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Carla Ho"])
    model, table = trainee.answers, trainee.answer_table
    table.sortByColumn(3, Qt.SortOrder.DescendingOrder)
    table.selectRow(4)
    chosen = model.answer(table.currentIndex().row()).id
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        trainee.more.click()
    everything = window.desk.answers(
        AnswerFilter(trainee_id=cohort.trainees["Carla Ho"], newest_first=True, limit=20)
    )
    shown = [model.answer(r) for r in range(model.rowCount())]
    assert {a.id for a in shown} == {a.id for a in everything}
    times = [a.record.time_taken_ms for a in shown]
    assert times == sorted(times, reverse=True)
    assert model.answer(table.currentIndex().row()).id == chosen


def test_opening_the_trainee_tab_shows_the_first_trainee(qtbot: QtBot, cohort: Cohort) -> None:
    window = open_window(qtbot, cohort)
    with qtbot.waitSignal(window.trainee.figuresLoaded, timeout=10_000):
        window.tabs.setCurrentWidget(window.trainee_page)
    first = window.trainee.current_trainee()
    assert first is not None and window.trainee.plots.points() > 0
    assert window.trainee.trainee.currentText() == "Ana Lei"  # by name


def test_the_dashboard_of_a_new_centre_opens_empty(qtbot: QtBot, empty_store: object) -> None:
    from dealer_trainer.storage import Store

    assert isinstance(empty_store, Store)
    session = empty_store.create_first_instructor("Mrs Wong", "correct horse battery")
    window = InstructorWindow(empty_store, session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.plots.firstPainted, timeout=10_000):
        window.show()
    qtbot.waitUntil(lambda: not window.jobs.busy())
    assert window.cohort.plots.points() == 0
    assert window.cohort.model.rowCount() == 0
    assert window.cohort.summary.text().startswith("0 answers")
    assert window.exams.about.text().startswith("No exam yet")


def test_drill_down_answer_columns_show_their_whole_texts(qtbot: QtBot, cohort: Cohort) -> None:
    """The when, skill, result and time columns are as wide as their longest text and their
    heading (fitted once a page is read, and again when older answers are added)."""
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignals([trainee.answersLoaded, trainee.figuresLoaded], timeout=10_000):
        window.open_trainee(cohort.trainees["Bruno Chan"])
    table, model = trainee.answer_table, trainee.answers
    assert model.rowCount() > 0
    metrics = table.fontMetrics()
    header = table.horizontalHeader()
    for column in range(4):
        widest = max(
            metrics.horizontalAdvance(model.text(r, column)) for r in range(model.rowCount())
        )
        assert table.columnWidth(column) > widest, model.COLUMNS[column]
        assert table.columnWidth(column) >= header.sectionSizeHint(column), model.COLUMNS[column]
    skills = {model.text(r, 1) for r in range(model.rowCount())}
    assert len(skills) > 1 and all(s for s in skills)  # skills by their names


def test_drill_down_answers_sort_by_each_column(qtbot: QtBot, cohort: Cohort) -> None:
    """Newest first on opening; each column sorts by what it shows: the time answered, the
    skill's name (whatever its case), wrong before right, the seconds taken, the answers'
    words."""
    window = open_window(qtbot, cohort)
    trainee = window.trainee
    with qtbot.waitSignal(trainee.answersLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Bruno Chan"])
    table, model = trainee.answer_table, trainee.answers
    assert model.rowCount() > 3

    def shown() -> list[int]:
        return list(range(model.rowCount()))

    moments = [model.answer(r).record.answered_at for r in shown()]
    assert moments == sorted(moments, reverse=True)
    keys = {
        0: lambda r: model.answer(r).record.answered_at,
        1: lambda r: model.text(r, 1).casefold(),
        2: lambda r: model.answer(r).record.correct,
        3: lambda r: model.answer(r).record.time_taken_ms,
        4: lambda r: model.text(r, 4),
        5: lambda r: model.text(r, 5),
    }
    for column, key in keys.items():
        table.sortByColumn(column, Qt.SortOrder.AscendingOrder)
        values = [key(r) for r in shown()]
        assert values == sorted(values), model.COLUMNS[column]


def test_the_trainee_tab_is_built_when_first_opened_with_the_people_of_the_day(
    qtbot: QtBot, cohort: Cohort
) -> None:
    """The window is built without the one trainee's tab; opening it before anything is read
    builds it at once, with the trainees as the window last read them."""
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    assert not window.trainee_page.built
    window.tabs.setCurrentWidget(window.trainee_page)
    window.show()
    assert window.trainee_page.built
    names = {window.trainee.trainee.itemText(i) for i in range(window.trainee.trainee.count())}
    assert set(cohort.trainees) <= names


def test_the_trainee_tab_is_built_hidden_once_the_cohorts_figures_are_in(
    qtbot: QtBot, cohort: Cohort
) -> None:
    """Once the cohort's figures are in, the trainee's tab is built while it stays hidden and
    reads no trainee (a click on a trainee then only shows it); opening it reads the one chosen."""
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    with qtbot.waitSignal(window.cohort.within.loaded, timeout=10_000):
        window.show()
    qtbot.waitUntil(lambda: window.trainee_page.built, timeout=5_000)
    view = window.trainee_page.page()
    assert window.tabs.currentWidget() is window.cohort and not view.isVisible()
    assert view.status.text() == ""  # nothing read: "Loading…" is shown while a trainee is read
    first = window.cohort.model.figure(0)
    with qtbot.waitSignal(view.figuresLoaded, timeout=10_000):
        window.open_trainee(first.trainee_id)
    assert view.isVisible() and view.current_trainee() == first.trainee_id
    # its trend plots, built in an idle turn before the rest of the tab, are the tab's own
    assert window._trainee_trend is None and view.isAncestorOf(view.trend)
    assert view.trend.isVisible() and view.summary.text().startswith(f"{first.totals.answers:,} ")


class _Order(QObject):
    """What happened first: the trainee's tab painted, or its reads started."""

    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.seen.append("painted")
        return False


def test_opening_a_trainee_paints_their_tab_before_its_reads_start(
    qtbot: QtBot, cohort: Cohort, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reads' worker threads take Python's lock from the GUI thread: started with the
    click, they slowed the tab's showing and first paint into one long freeze."""
    window = open_window(qtbot, cohort)
    qtbot.waitUntil(lambda: not window.jobs.busy())
    trainee = window.trainee
    order = _Order()
    trainee.installEventFilter(order)
    run = window.jobs.run

    def recorded(key: str, work: Callable[[], object], done: Callable[[Any], None]) -> None:
        order.seen.append(key)
        run(key, work, done)

    monkeypatch.setattr(window.jobs, "run", recorded)
    with qtbot.waitSignals([trainee.figuresLoaded, trainee.answersLoaded], timeout=10_000):
        window.open_trainee(cohort.trainees["Carla Ho"])
        assert "trainee-figures" not in order.seen  # nothing read on the click itself
    reads = [key for key in order.seen if key != "painted"]
    assert reads[:3] == ["trainee-figures", "trainee-answers", "trainee-rounds"]
    assert order.seen.index("painted") < order.seen.index("trainee-figures")
    assert trainee.answers.rowCount() > 0
    assert {trainee.answers.answer(r).trainee_id for r in range(trainee.answers.rowCount())} == {
        cohort.trainees["Carla Ho"]
    }


@pytest.mark.parametrize("key", [Qt.Key.Key_Return, Qt.Key.Key_Enter])
def test_enter_on_a_trainee_row_opens_that_trainee(
    qtbot: QtBot, cohort: Cohort, key: Qt.Key
) -> None:
    """The cohort table's rows open with the keyboard as with a double-click."""
    window = open_window(qtbot, cohort)
    view = window.cohort
    view.filter.setText("Carla")
    view.table.setFocus()
    view.table.setCurrentIndex(view.proxy.index(0, 3))
    with qtbot.waitSignal(window.trainee.figuresLoaded, timeout=10_000):
        qtbot.keyClick(view.table, key)
    assert window.tabs.currentWidget() is window.trainee_page
    assert window.trainee.current_trainee() == cohort.trainees["Carla Ho"]


def test_elided_skill_and_trainee_names_are_whole_on_hover(qtbot: QtBot, cohort: Cohort) -> None:
    """A long skill name (Portuguese: 'Apostas interiores num número…') is cut in a narrow
    column; its tooltip is the whole name, in both views' tables."""
    window = open_window(qtbot, cohort)
    model = window.cohort.model
    for row in range(model.rowCount()):
        figure = model.figure(row)
        assert model.data(model.index(row, 0), Qt.ItemDataRole.ToolTipRole).startswith(figure.name)
        weakest = model.data(model.index(row, 6), Qt.ItemDataRole.ToolTipRole)
        assert weakest == (skill_title(figure.weakest_skill) if figure.weakest_skill else None)
    assert model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole) is None
    with qtbot.waitSignal(window.trainee.figuresLoaded, timeout=10_000):
        window.open_trainee(cohort.trainees["Ana Lei"])
    weak = window.trainee.weak
    assert weak.rowCount() > 0
    for row in range(weak.rowCount()):
        assert weak.item(row, 0).toolTip() == weak.item(row, 0).text() != ""
