"""The main window: game, ruleset and trainee pickers, chips by mouse and keyboard."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QCoreApplication, Qt, QTranslator
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.ui.window.main_window import MainWindow


@pytest.fixture
def window(qtbot: QtBot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1600, 900)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_window_opens_on_roulette_with_its_regulation(window: MainWindow) -> None:
    assert window.scene().felt.game == "roulette"
    assert window.panel.rulesets.currentData() == "roulette-2003"
    assert "30/2003" in window.panel.regulation.text()


def test_window_craps_ruleset_picker_says_53_2010_revoked_the_1985_text(window: MainWindow) -> None:
    window.panel.select_game("craps")
    assert window.scene().felt.game == "craps"
    ids = [window.panel.rulesets.itemData(i) for i in range(window.panel.rulesets.count())]
    assert ids == ["craps-1985", "craps-2010"]  # the default (complete) text first
    assert "53/2010" in window.panel.regulation.text()
    assert "97/85/M" in window.panel.regulation.text()
    window.panel.rulesets.setCurrentIndex(1)
    assert window.scene().felt.ruleset_id == "craps-2010"
    assert "Partial text" in window.panel.regulation.text()


def test_window_every_game_has_a_thumbnail_of_its_felt(qtbot: QtBot, window: MainWindow) -> None:
    games = window.panel.games
    # drawn once the window has shown (they do not hold up the first paint)
    qtbot.waitUntil(
        lambda: all(not games.item(r).icon().isNull() for r in range(games.count())), timeout=5000
    )
    for row in range(games.count()):
        icon = games.item(row).icon()
        assert not icon.isNull()
        assert icon.availableSizes()


def test_window_thumbnail_follows_the_chips_on_the_felt(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.waitUntil(lambda: not window.panel.games.item(0).icon().isNull(), timeout=5000)
    before = window.panel.games.item(0).icon().pixmap(144, 82).toImage()
    window.scene().chips.set_amount("red", Decimal(10000))
    qtbot.waitUntil(
        lambda: window.panel.games.item(0).icon().pixmap(144, 82).toImage() != before, timeout=2000
    )


def test_window_click_places_the_chosen_chip_and_right_click_takes_it_off(
    qtbot: QtBot, window: MainWindow
) -> None:
    qtbot.keyClick(window, Qt.Key.Key_5, Qt.KeyboardModifier.ControlModifier)  # 1, 5, 10, 25, 50
    qtbot.waitUntil(lambda: window.panel.current_chip() == Decimal(50), timeout=2000)
    view, scene = window.view, window.scene()
    at = view.map_spot("corner-17-18-20-21").toPoint()
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert scene.chips.chips("corner-17-18-20-21") == (Decimal(50), Decimal(50))
    assert window.spot_info.text().startswith(
        "Corner 17-18-20-21 · pays 8 to 1 (Art. 7(4), Roulette Regulation (Despacho 30/2003))"
        " · bet 100"
    )
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=at)
    assert scene.chips.amount("corner-17-18-20-21") == Decimal(50)
    window.panel.clear.click()
    assert scene.chips.total() == 0


def test_window_keyboard_only_bet(qtbot: QtBot, window: MainWindow) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F6)  # to the felt
    assert window.view.hasFocus()
    assert window.view.focused_spot == window.scene().felt.spots[0].id
    qtbot.keyClick(window.view, Qt.Key.Key_Right)
    spot = window.view.focused_spot
    assert spot is not None
    chip = window.panel.current_chip()  # the ruleset's lowest, chosen to start with
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    qtbot.keyClick(window.view, Qt.Key.Key_Space)
    assert window.scene().chips.amount(spot) == 2 * chip
    qtbot.keyClick(window.view, Qt.Key.Key_Delete)
    assert window.scene().chips.amount(spot) == chip
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.ControlModifier)
    assert window.panel.games.hasFocus()
    qtbot.keyClick(window.panel.games, Qt.Key.Key_Down)
    assert window.scene().felt.game == "craps"


def test_window_bets_stay_on_each_game_when_switching(window: MainWindow) -> None:
    window.scene().chips.place("red", Decimal(100))
    window.panel.select_game("caribbean_stud")
    window.scene().chips.place("box-1-ante", Decimal(10))
    window.panel.select_game("roulette")
    assert window.scene().chips.amount("red") == Decimal(100)
    window.panel.select_game("caribbean_stud")
    assert window.scene().chips.amount("box-1-ante") == Decimal(10)


def test_window_trainee_defaults_to_the_local_user_until_storage_fills_it(
    window: MainWindow,
) -> None:
    from dealer_trainer.storage.records import Person, Role

    assert window.panel.current_trainee() == window.panel.local_trainee()
    window.panel.set_person(Person(Role.TRAINEE, 2, "Lei Siu Mei", "lei.siu.mei", "token"))
    assert window.panel.current_trainee() == "Lei Siu Mei"
    assert "lei.siu.mei" in window.panel.signed_in_as.text()


def test_window_fits_a_1366x768_laptop(window: MainWindow) -> None:
    screen = QGuiApplication.primaryScreen()
    size = window.sensible_size()
    available = screen.availableGeometry().size()
    assert size.width() <= available.width() and size.height() <= available.height()
    assert window.minimumSizeHint().width() <= 1366
    assert window.minimumSizeHint().height() <= 768


class _Marked(QTranslator):
    """A stand-in catalogue: every text of the window, the panel and the felt in «»."""

    def translate(
        self, context: str, source: str, disambiguation: str | None = None, n: int = -1
    ) -> str:
        return f"«{source}»" if context in ("MainWindow", "SidePanel", "felt") else ""

    def isEmpty(self) -> bool:
        return False


def test_window_and_felt_change_language_while_open(qtbot: QtBot, window: MainWindow) -> None:
    from dealer_trainer.ui.felt.render import render_image

    felt_before = render_image(window.scene(), 960)
    catalogue = _Marked()
    QCoreApplication.installTranslator(catalogue)
    try:
        qtbot.waitUntil(lambda: window.windowTitle() == "«Macau Dealer Trainer»", timeout=2000)
        assert window.panel.clear.text() == "«C&lear the felt»"
        assert render_image(window.scene(), 960) != felt_before  # the felt's English lines
    finally:
        QCoreApplication.removeTranslator(catalogue)
    qtbot.waitUntil(lambda: window.windowTitle() == "Macau Dealer Trainer", timeout=2000)
    assert render_image(window.scene(), 960) == felt_before


def test_no_list_of_trainee_names_to_pick_from(qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from argon2 import PasswordHasher
    from PySide6.QtWidgets import QComboBox, QListWidget

    from dealer_trainer.storage import Store
    from dealer_trainer.storage.access import Passwords
    from dealer_trainer.ui.window.app_store import AppStore

    passwords = Passwords(PasswordHasher(time_cost=1, memory_cost=1024, parallelism=1))
    store = Store.open(f"sqlite:///{tmp_path / 'centre.sqlite3'}", passwords=passwords)
    desk = store.instructor(store.create_first_instructor("Mrs Wong", "a long password"))
    for name in ("Chan Tai Man", "Ana Lei"):
        desk.add_trainee(name, password="a long password")
    window = MainWindow(app_store=AppStore(lambda: store))
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: window.app_store.is_open)
    window.refresh_trainees()
    shown = [
        box.itemText(i) for box in window.panel.findChildren(QComboBox) for i in range(box.count())
    ] + [
        lst.item(i).text()
        for lst in window.panel.findChildren(QListWidget)
        for i in range(lst.count())
    ]
    assert not {"Chan Tai Man", "Ana Lei"} & set(shown)
    assert window.panel.signed_in() is None
    assert "Nobody is signed in" in window.panel.signed_in_as.text()
    store.close()


def test_window_names_the_regulation_in_the_windows_language(
    qtbot: QtBot, window: MainWindow, tmp_path: object
) -> None:
    from PySide6.QtCore import QSettings

    from dealer_trainer.ui.kit.language import LanguageManager

    manager = LanguageManager(QSettings(f"{tmp_path}/ui.ini", QSettings.Format.IniFormat))
    try:
        manager.set_language("zh_Hant")
        qtbot.waitUntil(lambda: "《輪盤法定規章》" in window.panel.regulation.text())
        assert "第30/2003號" in window.panel.regulation.text()
        manager.set_language("pt")
        qtbot.waitUntil(lambda: "Regulamento Oficial da «Roleta»" in window.panel.regulation.text())
    finally:
        manager.set_language("en")
    qtbot.waitUntil(
        lambda: "Roulette Regulation (Despacho 30/2003)" in window.panel.regulation.text()
    )


@pytest.mark.parametrize("game", ["roulette", "craps", "caribbean_stud", "sic_bo"])
def test_main_felt_offers_the_rulesets_chips_as_its_drills_do(qtbot: QtBot, game: str) -> None:
    """The main felt's chips are the ruleset's own set, the one the drills' felts draw bets
    in and the live table pays from (it offered a fixed 10 … 10K rack whatever the game: no
    1, 5 or 25 chip, which every drill's tray has)."""
    from dealer_trainer.drills.chips import level_chips
    from dealer_trainer.rules.rulesets import default_ruleset
    from dealer_trainer.ui.drills.situation import FeltStage

    window = MainWindow()
    qtbot.addWidget(window)
    window.panel.select_game(game)
    ruleset = window.panel.current_ruleset()
    assert ruleset is not None and ruleset.id == default_ruleset(game).id
    offered = [d.value for d in window.panel.chip_set.denominations]
    drills = FeltStage().scene_of(game, ruleset).chips.chip_set
    assert offered == [d.value for d in drills.denominations]
    assert list(window.panel.chip_buttons) == offered
    for level in (1, 2, 3):  # every drill tray's chip is on the main felt's rack too
        assert set(level_chips(ruleset, level)) <= set(offered)
    smallest = window.panel.chip_buttons[offered[0]]
    smallest.click()
    spot = window.scene().felt.spots[0].id
    window.scene().spotClicked.emit(spot)
    assert list(window.scene().chips.chips(spot)) == [offered[0]]
