"""A drill under a house ruleset chosen in the main window's picker: its items are made and
graded under the house's version, looked up in the rulesets the app handed the drills (the
app's registry, with the house rulesets its records keep), never in a process-wide list."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from dealer_trainer.rules.rulesets import get_ruleset
from dealer_trainer.storage import Store
from dealer_trainer.storage.house_rulesets import add_house_ruleset
from dealer_trainer.ui.window.app_store import AppStore
from dealer_trainer.ui.window.main_window import MainWindow
from tests.ui.drills.conftest import right_answer, trainee

HOUSE = (
    'id = "grand-lisboa-roulette"\nbase = "roulette-2003"\ntitle = "Grand Lisboa roulette"\n'
    '[overrides]\nstreet_corner_order = "chinese"\n'
)


def test_a_practice_under_a_house_ruleset_is_made_graded_and_kept_under_its_version(
    qtbot: QtBot, store: Store
) -> None:
    add_house_ruleset(store, store.verify_instructor("a long password"), HOUSE, "lisboa.toml")
    window = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(window)
    window.panel.select_game("roulette")
    window.show()
    picker = window.panel.rulesets
    qtbot.waitUntil(lambda: picker.findData("grand-lisboa-roulette@1") >= 0)
    picker.setCurrentIndex(picker.findData("grand-lisboa-roulette@1"))
    window.panel.set_person(trainee(store)())
    launcher = window.drills.ensure_launcher()
    assert launcher.rulesets is window.app_store.rulesets
    for row in range(launcher.skills.count()):
        item = launcher.skills.item(row)
        keep = item.data(Qt.ItemDataRole.UserRole) == "roulette.straight_up"
        item.setCheckState(Qt.CheckState.Checked if keep else Qt.CheckState.Unchecked)
    screen = launcher.start("practice")
    assert screen is not None
    qtbot.addWidget(screen)
    session = screen.session
    assert session.rulesets is window.app_store.rulesets
    item = session.next_item() if session.current is None else session.current
    assert item is not None and item.ruleset == "grand-lisboa-roulette@1"
    outcome = session.submit(right_answer(item), 2000)
    assert outcome.correct
    desk = launcher.desk()
    assert desk is not None
    (stored,) = desk.answers()
    assert stored.record.ruleset_id == "grand-lisboa-roulette@1"
    ruleset = window.app_store.rulesets.get(stored.record.ruleset_id)
    assert ruleset.choice("street_corner_order") == "chinese"
    assert get_ruleset("roulette-2003").id == "roulette-2003"  # the shipped ones untouched
