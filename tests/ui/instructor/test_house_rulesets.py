"""Issue 16: an instructor adds a house ruleset file in the instructor views; it is checked,
kept in the database, and the main window's ruleset picker offers it by its title."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QTextBrowser
from pytestqt.qtbot import QtBot

from dealer_trainer.rules.rulesets import RulesetRegistry, get_ruleset
from dealer_trainer.storage import StorageError, Store
from dealer_trainer.storage.house_rulesets import add_house_ruleset, kept_house_rulesets
from dealer_trainer.ui.instructor import InstructorWindow
from dealer_trainer.ui.instructor.house_rulesets import HouseRulesetsPanel
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow

HOUSE = (
    'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "Grand Lisboa roulette"\n'
    '[overrides]\nstreet_corner_order = "chinese"\n'
)


def test_the_instructor_adds_a_house_ruleset_file_and_sees_it_kept(
    qtbot: QtBot, empty_store: Store, tmp_path: Path
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    rulesets = RulesetRegistry()  # the app's, handed to the window
    window = InstructorWindow(empty_store, session, rulesets=rulesets)
    qtbot.addWidget(window)
    panel = window.house_rulesets
    assert window.tabs.indexOf(panel) >= 0
    path = tmp_path / "grand-lisboa.toml"
    path.write_bytes(b"\xef\xbb\xbf" + HOUSE.encode("utf-8"))  # as Notepad saves it
    with qtbot.waitSignal(panel.changed):
        assert panel.add_file(path)
    assert "version 1" in panel.message.text()
    assert panel.table.rowCount() == 1
    assert panel.table.item(0, 0).text() == "Grand Lisboa roulette"
    assert panel.table.item(0, 3).text() == "1"
    # Known to the app's rulesets at once: the drills of this workstation can use it.
    assert rulesets.get("grand-lisboa-roulette@1").choice("street_corner_order") == "chinese"


def test_a_refused_file_is_named_with_its_key_and_nothing_is_kept(
    qtbot: QtBot, empty_store: Store, tmp_path: Path
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    panel = HouseRulesetsPanel(empty_store, empty_store.instructor(session))
    qtbot.addWidget(panel)
    path = tmp_path / "grand-lisboa.toml"
    path.write_text(HOUSE + '[settings]\nspeed = "fast"\n', encoding="utf-8")
    assert not panel.add_file(path)
    assert "grand-lisboa.toml: settings: " in panel.message.text()
    assert panel.table.rowCount() == 0
    assert kept_house_rulesets(empty_store) == []


def test_a_database_failure_is_not_called_a_refused_file(
    qtbot: QtBot, empty_store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    panel = HouseRulesetsPanel(empty_store, empty_store.instructor(session))
    qtbot.addWidget(panel)
    path = tmp_path / "grand-lisboa.toml"
    path.write_text(HOUSE, encoding="utf-8")

    def unreachable(*_args: object) -> None:
        raise StorageError("The database server at localhost does not answer.")

    monkeypatch.setattr(
        "dealer_trainer.ui.instructor.house_rulesets.add_house_ruleset", unreachable
    )
    assert not panel.add_file(path)
    assert "refused" not in panel.message.text()
    assert "not kept" in panel.message.text()
    assert "does not answer" in panel.message.text()


def test_the_ruleset_picker_offers_a_kept_house_ruleset_by_its_title(
    qtbot: QtBot, empty_store: Store
) -> None:
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    add_house_ruleset(empty_store, session, HOUSE, "grand-lisboa.toml")  # another workstation
    window = MainWindow(app_store=AppStore(lambda: empty_store))
    qtbot.addWidget(window)
    window.panel.select_game("roulette")
    window.show()
    picker = window.panel.rulesets
    qtbot.waitUntil(lambda: picker.findData("grand-lisboa-roulette@1") >= 0)
    index = picker.findData("grand-lisboa-roulette@1")
    assert picker.itemText(index) == "Grand Lisboa roulette · house ruleset, version 1"
    picker.setCurrentIndex(index)
    chosen = window.panel.current_ruleset()
    assert chosen is not None and chosen.id == "grand-lisboa-roulette@1"
    assert chosen.choice("street_corner_order") == "chinese"
    # It follows its base's regulation, said as the base's is.
    base = window.panel.describe(get_ruleset("roulette-2003"), "roulette")
    assert window.panel.regulation.text() == base


def test_an_exam_is_set_under_a_house_ruleset_named_by_its_title(
    qtbot: QtBot, empty_store: Store
) -> None:
    from dealer_trainer.storage.house_rulesets import usable_house_rulesets
    from dealer_trainer.ui.exams.panel import ExamBuilder
    from dealer_trainer.ui.kit.games import ruleset_name

    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    add_house_ruleset(empty_store, session, HOUSE, "grand-lisboa.toml")
    rulesets = RulesetRegistry(usable_house_rulesets(empty_store)[0])
    builder = ExamBuilder(empty_store.instructor(session), rulesets=rulesets)
    qtbot.addWidget(builder)
    labels = [builder.ruleset.itemText(n) for n in range(builder.ruleset.count())]
    ids = [builder.ruleset.itemData(n) for n in range(builder.ruleset.count())]
    assert "grand-lisboa-roulette@1" in ids
    assert "Grand Lisboa roulette · house ruleset, version 1" in labels
    assert not any("@" in label for label in labels)  # the stored id is never shown
    builder.ruleset.setCurrentIndex(ids.index("grand-lisboa-roulette@1"))
    skills = {builder.skills.item(n).data(256) for n in range(builder.skills.count())}
    assert skills and all(s.startswith("roulette.") for s in skills)
    named = ruleset_name("grand-lisboa-roulette@1", rulesets)
    assert named == labels[ids.index("grand-lisboa-roulette@1")]


def test_the_keys_of_a_house_file_are_shown_in_the_app_not_in_a_file_of_the_source(
    qtbot: QtBot, empty_store: Store
) -> None:
    """The panel's help names no file of the source tree: its button shows every setting a
    house file may give, with its default and article, and Enter closes the window."""
    session = empty_store.create_first_instructor("Mrs Wong", "a long password")
    desk = empty_store.instructor(session)
    panel = HouseRulesetsPanel(empty_store, desk)
    qtbot.addWidget(panel)
    panel.show()
    panel.keys_button.click()
    keys = panel.keys
    assert keys is not None and keys.isVisible()
    [browser] = keys.findChildren(QTextBrowser)
    shown = browser.toPlainText()
    assert "street_corner_order" in shown and "Interpretation" in shown
    assert "docs/rulesets.md" not in " ".join(label.text() for label in panel.findChildren(QLabel))
    assert "python -m" not in shown and "rules/rulesets/" not in shown  # no source tree
    qtbot.keyClick(keys, Qt.Key.Key_Return)  # Enter closes it (Close is the default)
    qtbot.waitUntil(lambda: not keys.isVisible())
    panel.keys_button.click()  # opened again: made anew, in the language of the moment
    assert panel.keys is not None and panel.keys is not keys and panel.keys.isVisible()
    qtbot.keyClick(panel.keys, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: panel.keys is not None and not panel.keys.isVisible())
