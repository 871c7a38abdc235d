"""Issue 12: the instructor's answer list, the drill-down and the replay show no internal id.

Answers of every kind (amount, chips, roulette and craps pay order, choice, timed out)
are recorded from real drill items; each cell and the drill-down must read them by the
bet's name on the felt (as the drill's own ``FeltStage`` names it: an independent path)
and the option's text, never ``'b'``, ``a → b → c``, ``accept_half`` or ``right``.
"""

from __future__ import annotations

import dataclasses
import html
import re
from datetime import timedelta
from decimal import Decimal

import pytest
from pytestqt.qtbot import QtBot

from dealer_trainer.drills import (
    Answer,
    AnswerKind,
    Difficulty,
    DrillItem,
    ItemSpec,
    Outcome,
    grade,
)
from dealer_trainer.storage import Store, StoredAnswer
from dealer_trainer.storage.recorder import answer_record
from dealer_trainer.ui.drills.answer_detail import AnswerDetail, describe, remake
from dealer_trainer.ui.drills.situation import FeltStage
from dealer_trainer.ui.instructor.models import AnswersModel
from dealer_trainer.ui.kit.rendering import format_money, render
from tests.storage.conftest import START

PASSWORD = "correct horse battery"


def _store_answers(store: Store, cases: list[tuple[DrillItem, Answer]]) -> list[StoredAnswer]:
    desk = store.instructor(store.create_first_instructor("Instructor Ho", PASSWORD))
    trainee = store.trainee(desk.add_trainee("Chan Tai Man").id)
    session = trainee.start_session("roulette-2003")
    for n, (item, given) in enumerate(cases):
        outcome = Outcome(item, given, grade(item, given), 4000)
        trainee.record_answer(session.id, answer_record(outcome, START + timedelta(minutes=n)))
    return trainee.answers()


def _item(skill: str, seed: int = 7) -> DrillItem:
    return ItemSpec(skill, seed, Difficulty.INTERMEDIATE).make()


def _labels(item: DrillItem) -> dict[str, str]:
    stage = FeltStage()
    stage.stage(item)
    return {bet.bet_id: bet.label for bet in stage.bets}


def _ids_of(item: DrillItem) -> set[str]:
    ids = {o.id for o in item.expected.options}
    ids |= {bet for group in item.expected.order for bet in group}
    return ids


#: English words that are also short bet ids: "a" is the article, not bet a, unless quoted
#: or chained with arrows as ids are.
_WORDS = {"a"}


def _shows_no_id(text: str, ids: set[str]) -> None:
    for found in ids:
        quoted = rf"['\"]{re.escape(found)}['\"]"
        chained = rf"(?<![\w-]){re.escape(found)}\s*→|→\s*{re.escape(found)}(?![\w-])"
        assert not re.search(f"{quoted}|{chained}", text), (found, text)
        if found not in _WORDS:
            # an id as a word of its own ('b', b3, accept_half, right)
            alone = rf"(?<![\w-]){re.escape(found)}(?![\w-])"
            assert not re.search(alone, text), (found, text)


@pytest.fixture
def pay_orders() -> tuple[DrillItem, DrillItem]:
    return _item("roulette.pay_order"), _item("craps.pay_order")


def test_answer_list_and_drill_down_name_bets_of_a_pay_order(
    qtbot: QtBot, empty_store: Store, pay_orders: tuple[DrillItem, DrillItem]
) -> None:
    cases = []
    for item in pay_orders:
        flat = tuple(bet for group in item.expected.order for bet in group)
        cases.append((item, Answer(order=flat[::-1])))
    stored = _store_answers(empty_store, cases)
    model = AnswersModel()
    model.set_answers(stored)
    for row, (item, given) in enumerate(cases):
        names = _labels(item)
        assert given.order is not None
        shown_given = model.data(model.index(row, 4))
        assert shown_given == " → ".join(names[bet] for bet in given.order)
        expected = model.data(model.index(row, 5))
        for group in item.expected.order:
            for bet in group:
                assert names[bet] in expected
        _shows_no_id(shown_given + expected, _ids_of(item))
        page = describe(stored[row], remake(stored[row]))
        for bet in given.order:
            assert names[bet] in page
        _shows_no_id(re.sub(r"<[^>]+>", " ", page).split("Seed")[0], _ids_of(item))


@pytest.mark.parametrize(
    "skill",
    [
        "roulette.rulings",
        "craps.rulings",
        "caribbean_stud.misdeal",
        "caribbean_stud.name_hand",
        "caribbean_stud.qualify",
    ],
)
def test_choice_answers_read_by_the_option_text(
    qtbot: QtBot, empty_store: Store, skill: str
) -> None:
    item = _item(skill)
    wrong = next(o for o in item.expected.options if o.id != item.expected.choice)
    stored = _store_answers(empty_store, [(item, Answer(choice=wrong.id))])
    model = AnswersModel()
    model.set_answers(stored)
    right = next(o for o in item.expected.options if o.id == item.expected.choice)
    assert model.data(model.index(0, 4)) == render(wrong.label)
    assert model.data(model.index(0, 5)) == render(right.label)
    page = describe(stored[0], remake(stored[0]))
    shown = html.unescape(page)
    assert f"Given</b></td><td>{render(wrong.label)}</td>" in shown
    assert f"Expected</b></td><td>{render(right.label)}</td>" in shown
    ruleset = stored[0].record.ruleset_id
    assert ruleset not in shown, shown  # the ruleset by its title, never its stored id


def test_a_choice_stored_before_option_texts_were_kept_still_reads_by_text(
    qtbot: QtBot, empty_store: Store
) -> None:
    item = _item("caribbean_stud.misdeal", 1)
    stored = _store_answers(empty_store, [(item, Answer(choice=item.expected.choice))])[0]
    situation = dict(stored.record.situation)  # type: ignore[arg-type]
    del situation["options"]  # as every answer recorded before issue 12
    old = dataclasses.replace(
        stored, record=dataclasses.replace(stored.record, situation=situation)
    )
    model = AnswersModel()
    model.set_answers([old])
    right = next(o for o in item.expected.options if o.id == item.expected.choice)
    assert model.data(model.index(0, 5)) == render(right.label)
    # An item this version cannot re-make, with no stored texts: words, not the id.
    gone = dataclasses.replace(
        old, record=dataclasses.replace(old.record, item_seed=old.record.item_seed + 1)
    )
    model.set_answers([gone])
    assert model.data(model.index(0, 5)) == "an option whose text is not on file"


def test_amount_chips_and_timeout_answers_read_as_money(qtbot: QtBot, empty_store: Store) -> None:
    amount_item = _item("roulette.straight_up")
    chips_item = _item("caribbean_stud.settlement")
    assert amount_item.expected.amount is not None and chips_item.expected.amount is not None
    chips = {Decimal(100): 2, Decimal(25): 1}
    stored = _store_answers(
        empty_store,
        [
            (amount_item, Answer(amount=amount_item.expected.amount + 5)),
            (chips_item, Answer(chips=chips)),
            (amount_item, Answer(timed_out=True)),
        ],
    )
    model = AnswersModel()
    model.set_answers(stored)
    assert model.data(model.index(0, 4)) == format_money(amount_item.expected.amount + 5)
    assert model.data(model.index(1, 4)) == "225 (2 × 100, 1 × 25)"
    assert model.data(model.index(2, 4)) == "no answer in time"
    assert model.data(model.index(2, 5)).startswith(format_money(amount_item.expected.amount))


def test_drill_down_widget_shows_the_words(
    qtbot: QtBot, empty_store: Store, pay_orders: tuple[DrillItem, DrillItem]
) -> None:
    item = pay_orders[0]
    flat = tuple(bet for group in item.expected.order for bet in group)
    stored = _store_answers(empty_store, [(item, Answer(order=flat))])
    detail = AnswerDetail()
    qtbot.addWidget(detail)
    detail.show_answer(stored[0])
    assert detail.scene is None and not detail.text.toPlainText()  # drawn once on screen
    with qtbot.waitSignal(detail.drawn, timeout=2000):
        detail.show()
    text = detail.text.toPlainText()
    names = _labels(item)
    assert all(names[bet] in text for bet in flat)
    _shows_no_id(text.split("Seed")[0], _ids_of(item))
    assert item.expected.kind is AnswerKind.ORDER
