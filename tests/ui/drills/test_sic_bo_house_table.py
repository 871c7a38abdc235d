"""A Sic Bo item on screen names the house pay table where the other games name an article.

Its regulation is not on file, so no Sic Bo answer cites an article: the feedback's
button reads "Basis: house pay table", F1 opens a dialog that says so, and the worked
solution's "rests on" lines say "house pay table" (the drill's ``rests_on``).
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty
from dealer_trainer.drills.sessions import ItemSpec, replay
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.drills.feedback import ArticleDialog
from tests.ui.drills.conftest import open_screen


def test_sic_bo_house_pay_table_feedback_cites_no_article(qtbot: QtBot) -> None:
    item = ItemSpec("sic_bo.totals", 4, Difficulty.INTERMEDIATE).make()
    controller = DrillController(replay([ItemSpec("sic_bo.totals", 4, Difficulty.INTERMEDIATE)]))
    screen = open_screen(qtbot, controller)
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(amount=item.expected.amount))
    button = screen.feedback.article.text()
    assert button.startswith("Basis: house pay table"), button
    assert "Art." not in button and "0" not in button
    solution = screen.feedback.solution.text()
    # The house's pay table by its ruleset's title (never the id ``sic-bo-house``), and
    # nothing said of what the regulation, not on file, leaves to the house.
    assert "House pay table (the regulation's articles are not on file)" in solution
    assert "Sic Bo (house pay table)" in solution
    assert "sic-bo-house" not in solution and "leaves" not in solution
    assert "House procedure" in solution  # collect first: the losing totals
    assert "Table procedure" not in solution and "House option" not in solution


def test_sic_bo_house_ruling_dialog_says_no_article_is_on_file(qtbot: QtBot) -> None:
    item = ItemSpec("sic_bo.rulings", 1, Difficulty.BEGINNER).make()
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ArticleDialog(item.citation, parent)
    dialog.show()
    qtbot.waitExposed(dialog)
    heading = dialog.heading.text()
    assert heading.startswith("No article is cited"), heading
    assert "house ruling" in heading and "31/2003" in heading
    assert dialog.tabs.isHidden()  # no text to show: none is on file


def test_craps_collect_then_pay_cites_table_procedure_not_an_article(qtbot: QtBot) -> None:
    """Portaria 97/85/M sets no order of settlement: the item's basis is table procedure,
    and its dialog says so (it opened Art. 6 or another bet's article before)."""
    item = ItemSpec("craps.pay_order", 1, Difficulty.BEGINNER).make()
    assert str(item.citation) == "craps-1985 house procedure"
    parent = QWidget()
    qtbot.addWidget(parent)
    dialog = ArticleDialog(item.citation, parent)
    dialog.show()
    qtbot.waitExposed(dialog)
    heading = dialog.heading.text()
    assert heading.startswith("No article is cited: this answer rests on the table's procedure")
    assert "Sic Bo" not in heading and "31/2003" not in heading
    assert dialog.tabs.isHidden()
