"""A wrong choice's feedback names the option the trainee picked, by its text.

Once answered, the options leave the screen for the feedback; the feedback said
"Not right" and the right option, but not which one the trainee had chosen.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from dealer_trainer.drills import Answer, Difficulty, ItemSpec
from dealer_trainer.drills.sessions import DrillSession, Mode
from dealer_trainer.ui.drills.controller import DrillController
from dealer_trainer.ui.kit.rendering import render
from tests.ui.drills.conftest import open_screen


def _screen(qtbot: QtBot, skill: str, seed: int):  # type: ignore[no-untyped-def]
    spec = ItemSpec(skill, seed, Difficulty.BEGINNER)
    session = DrillSession(Mode.PRACTICE, lambda i: spec if i == 0 else None)
    controller = DrillController(session)
    return controller, open_screen(qtbot, controller)


def test_wrong_choice_feedback_names_the_option_picked(qtbot: QtBot) -> None:
    controller, screen = _screen(qtbot, "roulette.rulings", 1)
    item = controller.item
    assert item is not None and item.expected.choice is not None
    wrong = next(o for o in item.expected.options if o.id != item.expected.choice)
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(choice=wrong.id))
    shown = screen.feedback.details.text()
    assert f"Your answer: {render(wrong.label)}" in shown


def test_right_choice_feedback_does_not_repeat_it(qtbot: QtBot) -> None:
    controller, screen = _screen(qtbot, "caribbean_stud.misdeal", 1)
    item = controller.item
    assert item is not None and item.expected.choice is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(choice=item.expected.choice))
    assert "Your answer" not in screen.feedback.details.text()


def test_timed_out_feedback_says_time_is_up_once(qtbot: QtBot) -> None:
    controller, screen = _screen(qtbot, "roulette.straight_up", 4)
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(timed_out=True))
    assert screen.feedback.headline.text().startswith("Time is up")
    assert "Time is up" not in screen.feedback.details.text()
    assert "Correct answer" in screen.feedback.answer.text()


def test_right_amount_is_said_once(qtbot: QtBot) -> None:
    controller, screen = _screen(qtbot, "roulette.straight_up", 4)
    item = controller.item
    assert item is not None and item.expected.amount is not None
    with qtbot.waitSignal(controller.feedbackReady):
        screen.submit(Answer(amount=item.expected.amount))
    assert screen.feedback.headline.text().startswith("Right")
    assert "Right" not in screen.feedback.details.text()
    assert not screen.feedback.details.isVisible() or not screen.feedback.details.text()
