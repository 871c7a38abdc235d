"""The replay draws an irregularity's event on the felt at the step that ruled it, as the
live table drew it (pytest-qt, offscreen): the late bet (roulette Art. 3), the chip in the
wheel (Art. 2(2)), the knocked-over winning chips (Art. 5(3)), a die off the table or cocked
(craps Art. 1), the odds asked over the cap (Art. 2(2)), and Caribbean Stud's card exposed,
hand dealt to an empty box and shuffler failure (Art. 11) with the hands as they stood; the
ruling given and the right one beside it; at every other step the felt shows no event."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSettings, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsSimpleTextItem
from pytestqt.qtbot import QtBot

from dealer_trainer.drills.model import Difficulty
from dealer_trainer.drills.table import TableRound, new_round
from dealer_trainer.drills.table.replay import replay_of
from dealer_trainer.drills.table.round import Ruled
from dealer_trainer.drills.table.stud_dealing import Moment, StudRound
from dealer_trainer.rules.caribbean_stud import irregular as caribbean_stud
from dealer_trainer.rules.caribbean_stud.rulings import Irregularity as Stud
from dealer_trainer.rules.craps import irregular as craps
from dealer_trainer.rules.irregular import Irregularity
from dealer_trainer.rules.roulette import irregular as roulette
from dealer_trainer.rules.rulesets import default_ruleset
from dealer_trainer.ui.felt.items import ChipStackItem, DiceItem
from dealer_trainer.ui.kit import geometry
from dealer_trainer.ui.kit.language import LanguageManager
from dealer_trainer.ui.table.irregular import EVENT_TITLES
from dealer_trainer.ui.table.replay import ReplayView, ReplayWindow

pytestmark = pytest.mark.irregular

EVENT_Z = 155  # the event's drawing lies over the round (FeltEvent: chips 155, ring, banner)


def _seed(game: str, event: str, wanted: Callable[[TableRound], bool]) -> int:
    ruleset = default_ruleset(game)
    for seed in range(4000):
        round_ = new_round(ruleset, seed, Difficulty.ADVANCED)
        first = round_.irregularities[0] if round_.irregularities else None
        if first is not None and first.event == event and wanted(round_):
            return seed
    raise AssertionError(f"no seed of the first 4000 deals {event} first")


def _played(game: str, seed: int) -> TableRound:
    """The round played through, each irregularity ruled wrong first, then right."""
    round_ = new_round(default_ruleset(game), seed, Difficulty.ADVANCED)
    wrong_done: set[str] = set()
    while not round_.finished:
        pending = round_.pending()
        if pending is not None:
            if pending.event not in wrong_done:
                wrong_done.add(pending.event)
                wrong = next(c for c in pending.choices if c.id != pending.right.id)
                assert not round_.rule(wrong.id).accepted
            assert round_.rule(pending.right.id).accepted
            continue
        wait = round_.waiting if isinstance(round_, StudRound) else None
        if wait is not None:
            assert not isinstance(wait.right, Ruled)
            assert round_.act(wait.right).accepted
        elif round_.missing():
            assert round_.act(round_.missing()[0]).accepted
        else:
            round_.close()
    return round_


def _event_items(view: ReplayView) -> list[QGraphicsItem]:
    return [i for i in view.view.felt_scene().items() if i.zValue() >= EVENT_Z and i.isVisible()]


def _banner(view: ReplayView) -> str:
    return " ".join(i.text() for i in _event_items(view) if isinstance(i, QGraphicsSimpleTextItem))


def _cards(view: ReplayView, owner: str) -> list[str | None]:
    return [c.code for c in view.view.felt_scene().cards if c.owner == owner]


#: What the live table draws for each event, besides the banner: a check on the felt.
def _late_chip(view: ReplayView, ruled: Irregularity) -> None:
    assert any(isinstance(i, ChipStackItem) for i in _event_items(view))


def _in_the_wheel(view: ReplayView, ruled: Irregularity) -> None:
    chips = [i for i in _event_items(view) if isinstance(i, ChipStackItem)]
    assert chips and chips[0].rotation() != 0  # falling, tilted


def _knocked_over(view: ReplayView, ruled: Irregularity) -> None:
    assert sum(isinstance(i, ChipStackItem) for i in _event_items(view)) == 3


def _dice(view: ReplayView, ruled: Irregularity) -> None:
    drawn = [i for i in _event_items(view) if isinstance(i, DiceItem)]
    assert drawn and any(d.rotation() != 0 for d in drawn)
    shown = [i for i in view.view.felt_scene().items() if isinstance(i, DiceItem) and i.isVisible()]
    assert len(shown) == 2 and all(len(d.faces) == 1 for d in shown)  # each die as it lies
    assert len(shown[0].faces + shown[1].faces) == 2  # the throw as read is hidden


def _banner_only(view: ReplayView, ruled: Irregularity) -> None:
    assert _banner(view)


def _exposed(view: ReplayView, ruled: Irregularity) -> None:
    # a player's card face up while dealing (every player's card is dealt face down)
    assert any(code is not None for n in range(1, 8) for code in _cards(view, f"box-{n}"))


def _empty_box(view: ReplayView, ruled: Irregularity) -> None:
    box = int(ruled.detail["box"])
    assert _cards(view, f"box-{box}") == [None] * 5  # the dead hand, face down


def _mid_deal(view: ReplayView, ruled: Irregularity) -> None:
    assert 0 < len(view.view.felt_scene().cards) < 40  # the cards out when the machine failed


CASES = {
    "late_bet": ("roulette", roulette.LATE_BET, _late_chip),
    "golpe_nulo": ("roulette", roulette.GOLPE_NULO, _in_the_wheel),
    "disturbed_chips": ("roulette", roulette.DISTURBED, _knocked_over),
    "die_off_the_table": ("craps", craps.OFF_TABLE, _dice),
    "cocked_die": ("craps", craps.COCKED_DIE, _dice),
    "odds_over_the_cap": ("craps", craps.ODDS_REQUEST, _banner_only),
    "card_exposed": (
        "caribbean_stud",
        caribbean_stud.PREFIX + Stud.PLAYER_CARD_EXPOSED.value,
        _exposed,
    ),
    "hand_to_an_empty_box": (
        "caribbean_stud",
        caribbean_stud.PREFIX + Stud.CARD_TO_EMPTY_BOX.value,
        _empty_box,
    ),
    "shuffler_failure": (
        "caribbean_stud",
        caribbean_stud.PREFIX + Stud.SHUFFLER_FAILURE.value,
        _mid_deal,
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_replay_draws_the_irregularity_at_its_ruling_step_art11_art1_art2_art3_art5(
    qtbot: QtBot, case: str
) -> None:
    game, event, drawn = CASES[case]
    round_ = _played(game, _seed(game, event, lambda r: True))
    replay = replay_of(round_)
    view = ReplayView()
    qtbot.addWidget(view)
    view.resize(1366, 700)
    view.show()
    qtbot.waitExposed(view)
    view.show_replay(replay)
    view.setFocus()
    ruled = round_.irregularities[0]
    rulings = [n for n, f in enumerate(replay.frames) if f.attempt.ruling is not None]
    assert len(rulings) >= 2  # the wrong ruling, then the right one
    title = QCoreApplicationText(EVENT_TITLES[event])
    assert _event_items(view) == []  # the table as dealt: no event yet
    for position in range(len(replay.frames)):
        with qtbot.waitSignal(view.frameShown, timeout=2000) as shown:
            qtbot.keyClick(view, Qt.Key.Key_Right)
        assert shown.args == [position]
        frame = replay.frames[position]
        ruling = frame.attempt.ruling
        if ruling is not None:  # this event's ruling step (or a later event's)
            its_title = QCoreApplicationText(EVENT_TITLES[ruling.event])
            assert its_title in _banner(view), (case, position)
            said = view.now.text()
            assert its_title in said
            if not frame.attempt.accepted:  # the ruling given, and the right one
                assert "The right ruling:" in said
            if ruling.event == event:
                drawn(view, ruled)
        else:
            assert _event_items(view) == [], (case, position)  # gone after its ruling
    # and back to the ruling step: drawn again
    with qtbot.waitSignal(view.frameShown, timeout=2000):
        view.show_frame(rulings[0])
    assert title in _banner(view)


def QCoreApplicationText(source: str) -> str:
    from PySide6.QtCore import QCoreApplication

    return QCoreApplication.translate("TableIrregular", source)


def test_replay_of_stud_cards_at_a_moment_are_the_live_tables(qtbot: QtBot) -> None:
    """Caribbean Stud Art. 11: the hands a replay lays at a moment of the deal are the ones
    the live table showed while it waited there."""
    game, event, _ = CASES["card_exposed"]
    seed = _seed(game, event, lambda r: True)
    live = new_round(default_ruleset(game), seed, Difficulty.ADVANCED)
    assert isinstance(live, StudRound)
    seen = []
    while (wait := live.waiting) is not None:
        seen.append((wait, live.visible_cards()))
        if isinstance(wait.right, Ruled):
            live.rule(wait.right.choice)
        else:
            live.act(wait.right)
    for wait, cards in seen:
        if wait.moment is Moment.IRREGULARITY or wait.moment is Moment.DEAL:
            assert live.cards_at(wait) == cards


@pytest.mark.parametrize("language", ["en", "pt", "zh_Hant"])
@pytest.mark.parametrize("case", ["late_bet", "die_off_the_table", "hand_to_an_empty_box"])
def test_replay_window_at_a_wrong_ruling_fits_1366x768(
    qtbot: QtBot, case: str, language: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The replay window at a wrong ruling step (the event, the ruling given, why it is
    wrong, the right one) fits a 1366×768 laptop in every language."""
    from tests.ui.test_geometry import assert_fits

    available = QRect(0, 0, 1366, 728)
    monkeypatch.setattr(geometry, "available_geometry", lambda widget=None: QRect(available))
    manager = LanguageManager(QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat))
    manager.set_language(language, remember=False)
    try:
        game, event, _ = CASES[case]
        replay = replay_of(_played(game, _seed(game, event, lambda r: True)))
        window = ReplayWindow(replay, "Ana Lei")
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        wrong = next(n for n, f in enumerate(replay.frames) if f.attempt.ruling is not None)
        with qtbot.waitSignal(window.replay_view.frameShown, timeout=2000):
            window.replay_view.show_frame(wrong)
        assert _event_items(window.replay_view)
        assert_fits(qtbot, window, available, f"replay-irregular-{case}-{language}")
        window.close()
    finally:
        manager.set_language("en", remember=False)
