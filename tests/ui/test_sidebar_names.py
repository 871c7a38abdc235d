"""A trainee's name is shown as typed, even one holding a placeholder.

The side panel filled "Signed in: %1 (%2)" with two ``.replace`` calls: a trainee named
"Ana %2" had her "%2" filled with her login, "Signed in: Ana ana.lei (ana.lei)".
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from dealer_trainer.layouts.chips import DEFAULT_CHIPS
from dealer_trainer.storage.records import Person, Role
from dealer_trainer.ui.window.sidebar import SidePanel


def test_a_name_with_a_placeholder_is_shown_as_typed(qtbot: QtBot) -> None:
    panel = SidePanel(DEFAULT_CHIPS)
    qtbot.addWidget(panel)
    ana = Person(Role.TRAINEE, 7, "Ana %2", "ana.lei", token="not a real token")
    with qtbot.waitSignal(panel.traineeChosen):
        panel.set_person(ana)
    assert panel.signed_in_as.text() == "Signed in: Ana %2 (ana.lei)"
    with qtbot.waitSignal(panel.traineeChosen):
        panel.set_person(Person(Role.TRAINEE, 8, "%1 Lei", "lei.%1", token="not a real token"))
    assert panel.signed_in_as.text() == "Signed in: %1 Lei (lei.%1)"
