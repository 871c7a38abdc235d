"""A language switch reaches the instructor's window: its title, tabs and toolbar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.instructor.window import InstructorWindow
from dealer_trainer.ui.kit.language import LanguageManager
from tests.ui.instructor.cohort import PASSWORD, Cohort


def test_switch_retitles_the_instructor_window(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("en", remember=False)
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    english = (window.windowTitle(), window.tabs.tabText(0))
    assert english == ("Instructor · Mrs Wong", "&Cohort")
    try:
        languages.set_language("zh_Hant", remember=False)
        qtbot.waitUntil(lambda: window.tabs.tabText(0) != english[1])
        assert window.windowTitle() != english[0] and "Mrs Wong" in window.windowTitle()
    finally:
        languages.set_language("en", remember=False)
        window.close()


def _mnemonic(text: str) -> str | None:
    """The letter after a single ``&`` (Alt+letter), if the text has one."""
    at = text.replace("&&", "").find("&")
    return None if at < 0 else text.replace("&&", "")[at + 1].casefold()


def test_every_tab_has_its_own_alt_key_and_the_tabs_fit_in_every_language(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    window = InstructorWindow(cohort.store, cohort.session)
    qtbot.addWidget(window)
    window.resize(1280, 720)  # a 1366×768 laptop's share
    window.show()
    qtbot.waitExposed(window)
    try:
        for code in ("en", "pt", "zh_Hant"):
            languages.set_language(code, remember=False)
            qtbot.waitUntil(lambda: window.tabs.tabText(0) != "")
            texts = [window.tabs.tabText(i) for i in range(window.tabs.count())]
            keys = [_mnemonic(text) for text in texts]
            assert None not in keys, (code, texts)
            assert len(set(keys)) == len(keys), (code, texts)  # Alt+letter reaches one tab
            bar = window.tabs.tabBar()
            needed = sum(bar.tabSizeHint(i).width() for i in range(bar.count()))
            assert needed <= window.tabs.width(), (code, needed, window.tabs.width())
    finally:
        languages.set_language("en", remember=False)
        window.close()


def test_no_alt_key_of_a_tab_page_is_a_tabs_or_another_widgets_in_any_language(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    """Alt+letter does what it says: on a page, a button's or a field's Alt key is not a
    tab's (Qt then only moves the focus between the two, and a second press changes tab)
    nor another widget's of that page. A widget whose letters are all taken has none."""
    from PySide6.QtWidgets import QAbstractButton, QGroupBox, QLabel, QTabBar

    from dealer_trainer.ui.instructor.window import without_mnemonic

    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    try:
        for code in ("en", "pt", "zh_Hant"):
            languages.set_language(code, remember=False)
            session = cohort.store.verify_instructor(PASSWORD)
            window = InstructorWindow(cohort.store, session)
            qtbot.addWidget(window)
            tabs = {_mnemonic(window.tabs.tabText(i)) for i in range(window.tabs.count())}
            for index in range(window.tabs.count()):
                page = window.tabs.widget(index)
                texts = [
                    b.text()
                    for b in page.findChildren(QAbstractButton)
                    if not isinstance(b.parent(), QTabBar) and b.isVisibleTo(page)
                ]
                texts += [
                    label.text()
                    for label in page.findChildren(QLabel)
                    if label.buddy() is not None and label.isVisibleTo(page)
                ]
                texts += [box.title() for box in page.findChildren(QGroupBox)]
                keyed = [(t, _mnemonic(t)) for t in texts if _mnemonic(t) is not None]
                where = (code, window.tabs.tabText(index))
                assert not [t for t, k in keyed if k in tabs], (where, keyed)
                keys = [k for _t, k in keyed]
                assert len(set(keys)) == len(keys), (where, keyed)
            lock = window._lock_action  # the toolbar's button: Ctrl+L, no Alt key shown
            assert lock.iconText() == without_mnemonic(lock.text()), code
            assert "&" not in lock.iconText() and "(L)" not in lock.iconText(), code
            window.close()
    finally:
        languages.set_language("en", remember=False)


def test_the_cohort_figures_are_written_as_a_portuguese_reader_writes_them(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path
) -> None:
    """In Portuguese a share and a time take the decimal comma, as an amount's cents do
    ("77,1 %", "3,8 s"); never "77.1 %" beside "1.025" patacas."""
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("pt", remember=False)
    try:
        window = InstructorWindow(cohort.store, cohort.session)
        qtbot.addWidget(window)
        with qtbot.waitSignal(window.cohort.tableLoaded, timeout=10_000):
            window.show()
        model = window.cohort.model
        cells = [model.index(r, c).data() for r in range(model.rowCount()) for c in (2, 3)]
        shares, times = cells[0::2], cells[1::2]
        assert shares and all(re.fullmatch(r"\d+(,\d)? %", s) for s in shares), shares
        assert all(re.fullmatch(r"\d+,\d s", t) for t in times if t), times
        summary = window.cohort.trend.summary.text()
        assert "." not in summary.replace("…", ""), summary  # "484 respostas · 77,1 % certas"
        window.close()
    finally:
        languages.set_language("en", remember=False)


def test_the_files_offered_are_named_in_the_windows_language(
    qtbot: QtBot, cohort: Cohort, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save dialogs suggest "turma.pdf", "respostas.csv", "Ana Lei - histórico.pdf" in
    Portuguese, not the English words (nor an id)."""
    asked: list[str] = []

    def chosen(_parent: object, _title: str, suggested: str, _filter: str) -> tuple[str, str]:
        asked.append(suggested)
        return "", ""  # the person cancels: nothing is written

    monkeypatch.setattr(QFileDialog, "getSaveFileName", chosen)
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("pt", remember=False)
    try:
        window = InstructorWindow(cohort.store, cohort.session)
        qtbot.addWidget(window)
        window.reports.pdf_button.click()
        window.reports.csv_button.click()
        centre = window.centre
        centre.trainee.setCurrentIndex(centre.trainee.findText("Ana Lei"))
        centre.transcript_button.click()
        centre.certificate_button.click()
        assert asked == [
            "turma.pdf",
            "respostas.csv",
            "Ana Lei - histórico.pdf",
            "Ana Lei - certificados.pdf",
        ]
        window.close()
    finally:
        languages.set_language("en", remember=False)


def test_the_mastery_tables_sort_figures_as_the_window_writes_them(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """In Portuguese "1.234" is a thousand and more, "77,1" a share: a table sorted by the
    column puts 1.234 answers after 980, not before 5."""
    from dealer_trainer.ui.instructor.schedules import _Cell

    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    languages.set_language("pt", remember=False)
    try:
        shown = ["1.234", "980", "5", "77,1 %", "–", "2026-12-04"]
        ordered = sorted((_Cell(text) for text in shown), key=lambda c: c.key)
        assert [c.text() for c in ordered] == ["5", "77,1 %", "980", "1.234", "2026-12-04", "–"]
    finally:
        languages.set_language("en", remember=False)
    ordered = sorted((_Cell(t) for t in ["1,234", "980", "77.1 %"]), key=lambda c: c.key)
    assert [c.text() for c in ordered] == ["77.1 %", "980", "1,234"]


def test_names_and_skills_in_the_mastery_tables_are_whole_on_hover(qtbot: QtBot) -> None:
    """A long name is elided in a narrow column ("Diana Le…"): its tooltip has it whole;
    a figure, right-aligned, needs none."""
    from PySide6.QtWidgets import QTableWidget

    from dealer_trainer.ui.instructor.schedules import _fill

    table = QTableWidget(0, 2)
    qtbot.addWidget(table)
    _fill(table, [["Diana Leong Wai Man", "92 %"]])
    assert table.item(0, 0).toolTip() == "Diana Leong Wai Man"
    assert table.item(0, 1).toolTip() == ""


def test_the_csv_writes_amounts_every_spreadsheet_reads_as_the_same_number(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """In Portuguese the window writes 1.050 (a thousand and fifty); an English or Chinese
    Excel reads that cell as 1.05. The CSV writes 1050 and 7.50 in every language, and
    the drill-down beside it keeps the reader's convention."""
    import csv

    from dealer_trainer.reports import write_answers_csv
    from dealer_trainer.storage import AnswerFilter, Store
    from dealer_trainer.ui.drills.answer_words import answer_words
    from dealer_trainer.ui.instructor.window import _in_words
    from tests.storage.conftest import FAST_PASSWORDS, FakeClock, answer

    store = Store.open(
        f"sqlite:///{tmp_path / 'records.db'}", clock=FakeClock(), passwords=FAST_PASSWORDS
    )
    languages = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    try:
        desk = store.instructor(store.create_first_instructor("Ina Wong", "correct horse"))
        trainee = store.trainee(desk.add_trainee("Ana Lei").id)
        session = trainee.start_session("roulette-2003")
        for n, amount in enumerate(("1050.00", "7.50", "1234567.25")):
            trainee.record_answer(session.id, answer(n, given={"amount": amount}))
        for code in ("pt", "en", "zh_Hant"):
            languages.set_language(code, remember=False)
            written = tmp_path / f"answers-{code}.csv"
            write_answers_csv(desk, written, AnswerFilter(), describe=_in_words)
            with written.open(encoding="utf-8-sig", newline="") as stream:
                given = [row[11] for row in list(csv.reader(stream))[1:]]
            assert given == ["1050", "7.50", "1234567.25"], code
        languages.set_language("pt", remember=False)
        shown = [answer_words(a).given for a in desk.answers(AnswerFilter())]
        assert shown == ["1.050", "7,50", "1.234.567,25"]  # the window's own convention
    finally:
        languages.set_language("en", remember=False)
        store.close()
