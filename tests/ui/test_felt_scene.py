"""Felt scenes: every spot clickable to its id, chips shown as the model changes."""

from __future__ import annotations

from decimal import Decimal

import pytest
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QMouseEvent, QPaintEvent, QRegion
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from dealer_trainer.layouts import felt_for
from dealer_trainer.ui.felt import FeltScene, FeltView
from dealer_trainer.ui.felt.render import render_image

GAMES = ("roulette", "craps", "caribbean_stud", "sic_bo")


def _shown(qtbot: QtBot, game: str) -> FeltView:
    view = FeltView(FeltScene(felt_for(game)))
    qtbot.addWidget(view)
    view.resize(2400, 1400)  # about 1 px per mm: the thinnest zone (a split) is ~20 px
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    return view


@pytest.mark.parametrize("game", GAMES)
def test_felt_clicking_each_spot_emits_its_id(qtbot: QtBot, game: str) -> None:
    view = _shown(qtbot, game)
    scene = view.felt_scene()
    clicked: list[str] = []
    scene.spotClicked.connect(clicked.append)
    for spot in scene.felt:
        with qtbot.waitSignal(
            scene.spotClicked, timeout=1000, check_params_cb=lambda sid, want=spot.id: sid == want
        ):
            qtbot.mouseClick(
                view.viewport(), Qt.MouseButton.LeftButton, pos=view.map_spot(spot.id).toPoint()
            )
    assert clicked == list(scene.felt.spot_ids)


@pytest.mark.parametrize("game", GAMES)
def test_felt_right_click_asks_to_remove_a_chip_from_that_spot(qtbot: QtBot, game: str) -> None:
    view = _shown(qtbot, game)
    scene = view.felt_scene()
    spot = scene.felt.spots[len(scene.felt.spots) // 2]
    with qtbot.waitSignal(scene.spotRemoveRequested, timeout=1000) as blocker:
        qtbot.mouseClick(
            view.viewport(), Qt.MouseButton.RightButton, pos=view.map_spot(spot.id).toPoint()
        )
    assert blocker.args == [spot.id]


def test_felt_hover_highlights_the_spot_under_the_pointer(qtbot: QtBot) -> None:
    view = _shown(qtbot, "roulette")
    scene = view.felt_scene()
    with qtbot.waitSignal(
        scene.spotHovered, timeout=1000, check_params_cb=lambda sid: sid == "corner-17-18-20-21"
    ):
        _move(view, view.map_spot("corner-17-18-20-21"))
    assert scene.spot_items["corner-17-18-20-21"].highlighted
    assert not scene.spot_items["straight-17"].highlighted
    with qtbot.waitSignal(
        scene.spotHovered, timeout=1000, check_params_cb=lambda sid: sid == "straight-17"
    ):
        _move(view, view.map_spot("straight-17"))
    assert not scene.spot_items["corner-17-18-20-21"].highlighted
    assert scene.spot_items["straight-17"].highlighted


def _move(view: FeltView, at: QPointF) -> None:
    """A pointer move over the viewport, as the window system delivers it.

    (``QTest.mouseMove`` moves the offscreen cursor without a move event.)
    """
    event = QMouseEvent(
        QEvent.Type.MouseMove,
        at,
        view.viewport().mapToGlobal(at),
        Qt.MouseButton.NoButton,
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
    )
    QApplication.sendEvent(view.viewport(), event)


def _pixel(
    view: FeltView, spot_id: str, width: int = 2400, offset: tuple[float, float] = (0.0, 0.0)
) -> QColor:
    """The rendered colour at a spot's centre (moved by ``offset`` mm)."""
    scene = view.felt_scene()
    image = render_image(scene, width)
    x, y = scene.felt.spot(spot_id).center
    x, y = x + offset[0], y + offset[1]
    rect = scene.sceneRect()
    scale = width / rect.width()
    return image.pixelColor(round((x - rect.x()) * scale), round((y - rect.y()) * scale))


@pytest.mark.parametrize(
    ("game", "spot_id"),
    [("roulette", "split-17-20"), ("craps", "hard-8"), ("caribbean_stud", "box-3-ante")],
)
def test_felt_placing_and_removing_chips_updates_model_and_view(
    qtbot: QtBot, game: str, spot_id: str
) -> None:
    view = _shown(qtbot, game)
    scene = view.felt_scene()
    bare = _pixel(view, spot_id)
    scene.place_chip(spot_id, Decimal(100))
    scene.place_chip(spot_id, Decimal(500))
    assert scene.chips.amount(spot_id) == Decimal(600)
    stack = scene.stack_items[spot_id]
    assert stack.isVisible()
    assert stack.chips == (Decimal(500), Decimal(100))  # largest at the bottom
    assert stack.caption == "×2  600"
    assert _pixel(view, spot_id) != bare
    assert scene.remove_chip(spot_id) == Decimal(500)
    assert scene.remove_chip(spot_id) == Decimal(100)
    assert not stack.isVisible()
    assert scene.chips.amount(spot_id) == 0
    assert _pixel(view, spot_id) == bare


def test_felt_chips_set_by_the_drills_model_appear_on_the_scene(qtbot: QtBot) -> None:
    view = _shown(qtbot, "roulette")
    scene = view.felt_scene()
    scene.chips.set_amount("red", Decimal(1550))
    assert scene.stack_items["red"].chips == (Decimal(1000), Decimal(500), Decimal(50))
    x, y = scene.felt.spot("red").center
    assert scene.stack_items["red"].pos() == QPointF(x, y)


def test_felt_puck_goes_to_the_point_and_back_off(qtbot: QtBot) -> None:
    view = _shown(qtbot, "craps")
    scene = view.felt_scene()
    puck = scene.markers["puck"]
    scene.set_marker("puck", 8)
    assert puck.pos() == QPointF(*puck.marker.positions[8])
    scene.set_marker("puck", None)
    assert puck.pos() == QPointF(*puck.marker.rest)
    with pytest.raises(KeyError):
        scene.set_marker("puck", 7)


def test_felt_keyboard_moves_between_spots_and_enter_clicks(qtbot: QtBot) -> None:
    view = _shown(qtbot, "roulette")
    scene = view.felt_scene()
    view.setFocus()
    view.focus_spot("straight-17")
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.focused_spot == "split-17-20"
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert view.focused_spot == "straight-20"
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.focused_spot == "split-20-21"
    with qtbot.waitSignal(scene.spotClicked, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Return)
    assert blocker.args == ["split-20-21"]
    with qtbot.waitSignal(scene.spotRemoveRequested, timeout=1000) as blocker:
        qtbot.keyClick(view, Qt.Key.Key_Delete)
    assert blocker.args == ["split-20-21"]


def test_felt_rescales_with_the_view_keeping_the_whole_table_in_sight(qtbot: QtBot) -> None:
    view = _shown(qtbot, "craps")
    rect = view.felt_scene().sceneRect()
    for width, height in ((800, 500), (1600, 1000), (3840, 2000)):
        view.resize(width, height)
        shown = view.mapToScene(view.viewport().rect()).boundingRect()
        assert shown.contains(rect.adjusted(1, 1, -1, -1))
        scale = view.transform().m11()
        assert scale == pytest.approx(
            min(view.viewport().width() / rect.width(), view.viewport().height() / rect.height()),
            rel=0.02,
        )


def test_felt_render_shows_red_and_black_numbers_where_the_layout_puts_them(qtbot: QtBot) -> None:
    view = _shown(qtbot, "roulette")
    red = _pixel(view, "straight-1", 1920, offset=(-30, -25))  # beside the printed number
    black = _pixel(view, "straight-2", 1920, offset=(-30, -25))
    assert red.red() > 150 and red.green() < 60
    assert max(black.red(), black.green(), black.blue()) < 60


def test_felt_craps_thrown_dice_lie_on_the_felt_as_vector_items(qtbot: QtBot) -> None:
    view = _shown(qtbot, "craps")
    scene = view.felt_scene()
    before = render_image(scene, 960)
    scene.show_roll((3, 5))
    assert scene.roll == (3, 5)
    assert render_image(scene, 960) != before
    scene.show_roll(None)
    assert scene.roll is None
    assert render_image(scene, 960) == before
    with pytest.raises(ValueError, match="1 to 6"):
        scene.show_roll((0, 7))


def test_felt_caribbean_art7_cards_dealt_face_down_the_dealers_fifth_face_up(qtbot: QtBot) -> None:
    from dealer_trainer.ui.felt.items import CardItem

    view = _shown(qtbot, "caribbean_stud")
    scene = view.felt_scene()
    scene.deal("box-3", [None] * 5)
    scene.deal("dealer", [None, None, None, None, "AS"])
    cards = [item for item in scene.items() if isinstance(item, CardItem)]
    assert sorted((c.code or "") for c in cards) == [""] * 9 + ["AS"]
    scene.clear_cards()
    assert not [item for item in scene.items() if isinstance(item, CardItem)]


def test_felt_caribbean_art1_jackpot_display_shows_the_pool(qtbot: QtBot) -> None:
    view = _shown(qtbot, "caribbean_stud")
    scene = view.felt_scene()
    dashes = render_image(scene, 960)
    scene.set_jackpot(Decimal("2468135.70"))
    assert scene.jackpot_text == "HK$ 2,468,135.70"
    assert render_image(scene, 960) != dashes
    scene.set_jackpot(None)
    assert render_image(scene, 960) == dashes
    craps = FeltScene(felt_for("craps"))
    with pytest.raises(KeyError, match="no progressive jackpot display"):
        craps.set_jackpot(Decimal(1))


def test_felt_chips_model_outlives_a_deleted_scene(qtbot: QtBot) -> None:
    from shiboken6 import Shiboken

    from dealer_trainer.layouts.chips import TableChips

    felt = felt_for("roulette")
    chips = TableChips(felt.spot_ids)
    scene = FeltScene(felt, chips)
    chips.place("red", Decimal(10))
    assert scene.stack_items["red"].chips == (Decimal(10),)
    Shiboken.delete(scene)
    chips.place("red", Decimal(10))  # no view left to tell: no error
    assert chips.amount("red") == Decimal(20)


def test_felt_a_picture_made_straight_after_a_change_shows_it(qtbot: QtBot) -> None:
    scene = FeltScene(felt_for("roulette"))
    scene.place_chip("red", Decimal(10))
    one = render_image(scene, 1200)
    scene.place_chip("red", Decimal(1000))  # same stack item, new chips: no stale cache
    assert render_image(scene, 1200) != one
    scene.set_marker("dolly", 17)
    moved = render_image(scene, 1200)
    scene.set_marker("dolly", 18)
    assert render_image(scene, 1200) != moved


def test_felt_view_viewport_is_set_up_as_qt_sets_up_its_own(qtbot: QtBot) -> None:
    # FeltView gives QGraphicsView a viewport made in Python (wrapping Qt's own costs
    # ~10 ms at start-up): it must behave as the one Qt makes.
    from PySide6.QtWidgets import QGraphicsView

    plain = QGraphicsView()
    plain.setMouseTracking(True)
    ours = FeltView()
    qtbot.addWidget(plain)
    qtbot.addWidget(ours)
    for view in (plain, ours):
        view.show()
        qtbot.waitExposed(view)
    theirs, mine = plain.viewport(), ours.viewport()
    assert mine.parentWidget() is ours
    assert mine.focusProxy() is ours
    assert mine.backgroundRole() == theirs.backgroundRole()
    assert mine.autoFillBackground() == theirs.autoFillBackground()
    assert mine.focusPolicy() == theirs.focusPolicy()
    assert mine.acceptDrops() == theirs.acceptDrops()
    attributes = [a for a in Qt.WidgetAttribute if theirs.testAttribute(a)]
    assert [a for a in Qt.WidgetAttribute if mine.testAttribute(a)] == attributes
    assert mine.isVisible()


def test_felt_sic_bo_lights_the_winning_areas_of_a_throw_and_only_those(qtbot: QtBot) -> None:
    view = _shown(qtbot, "sic_bo")
    scene = view.felt_scene()
    unlit = _pixel(view, "total-12", 1920, offset=(-30, 20))
    scene.light(["big", "total-12", "double-5"])
    assert scene.lit == ("big", "double-5", "total-12")  # in the felt's order
    assert scene.spot_items["total-12"].lit and not scene.spot_items["small"].lit
    lit = _pixel(view, "total-12", 1920, offset=(-30, 20))
    dark = _pixel(view, "total-11", 1920, offset=(-30, 20))
    assert lit.lightness() > dark.lightness() + 40  # the lit area glows under the glass
    scene.light(())
    assert scene.lit == ()
    assert _pixel(view, "total-12", 1920, offset=(-30, 20)) == unlit
    with pytest.raises(KeyError, match="no spot 'total-3'"):
        scene.light(["total-3"])


def test_felt_sic_bo_fits_a_1366x768_screen_with_every_box_big_enough_to_click(
    qtbot: QtBot,
) -> None:
    """In the main window's felt area on a laptop (about 1040 × 680 px) the whole table is in
    sight, the narrowest box (a double, 94 mm) is a comfortable target and a chip reads."""
    view = FeltView(FeltScene(felt_for("sic_bo")))
    qtbot.addWidget(view)
    view.resize(1040, 680)
    view.show()
    qtbot.waitExposed(view)
    view.fit()
    rect = view.felt_scene().sceneRect()
    assert (
        view.mapToScene(view.viewport().rect()).boundingRect().contains(rect.adjusted(1, 1, -1, -1))
    )
    scale = view.transform().m11()  # px per mm
    narrowest = min(min(s.shape.bounds.w, s.shape.bounds.h) for s in view.felt_scene().felt)
    assert narrowest * scale >= 30, f"the narrowest box is {narrowest * scale:.0f} px"
    assert 40 * scale >= 15  # a 40 mm chip


def test_felt_caribbean_art7_a_boxs_cards_keep_their_places_as_the_next_is_dealt(
    qtbot: QtBot,
) -> None:
    scene = FeltScene(felt_for("caribbean_stud"))
    whole = [c.pos() for c in scene.lay_hand("box-2", [None] * 5)]
    scene.lay_hand("box-2", [])
    for dealt in range(1, 6):  # one card at a time, as Art. 7 deals them
        scene.lay_hand("box-2", [None] * dealt)
        lying = [c.pos() for c in scene.cards if c.owner == "box-2"]
        assert lying == whole[:dealt]  # the cards out have not moved; the new one is in place


def test_felt_a_card_at_an_angle_looks_on_screen_as_drawn(qtbot: QtBot) -> None:
    """A card is shown from a picture of its face at the screen's size: the same face,
    drawn at its angle, differs from it by no more than the edges' smoothing (the back's
    pattern turns with the card there, so the back is compared by its tone)."""
    from PySide6.QtGui import QImage, QPainter, QTransform

    from dealer_trainer.ui.felt.items import CardItem

    for code in ("TD", "KS", None):
        card = CardItem(QRectF(0, 0, 63, 88), 23.0, code)
        images = []
        for route in ("screen", "drawn"):
            image = QImage(60, 60, QImage.Format.Format_ARGB32_Premultiplied)
            image.fill(0xFFFFFFFF)
            painter = QPainter(image)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            painter.setTransform(QTransform().translate(30, 30).rotate(23).scale(0.5, 0.5))
            if route == "screen":
                card.paint(painter, None)  # type: ignore[arg-type]
            else:
                card._picture.play(painter)
            painter.end()
            images.append(image)
        screen, drawn = images
        differences = [
            abs(QColor(screen.pixel(x, y)).lightness() - QColor(drawn.pixel(x, y)).lightness())
            for x in range(60)
            for y in range(60)
        ]
        if code is None:
            tones = [
                sum(QColor(image.pixel(x, y)).lightness() for x in range(60) for y in range(60))
                for image in images
            ]
            assert abs(tones[0] - tones[1]) / 3600 < 4
            continue
        assert sum(differences) / len(differences) < 6, code
        assert max(differences) < 160, code  # no stray band: at worst an edge's pixel


class _Painted(QObject):
    """Every area of a widget painted since it was installed."""

    def __init__(self) -> None:
        super().__init__()
        self.region = QRegion()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            assert isinstance(event, QPaintEvent)
            self.region = self.region.united(event.region())
        return False


@pytest.mark.parametrize("how", ["focus", "hover", "lit"])
def test_felt_a_highlight_taken_off_a_spot_is_painted_away(qtbot: QtBot, how: str) -> None:
    """A spot that is no longer focused (the bet in hand moved on, its bet collected),
    hovered or lit is painted plain again at once: its outline stayed on the felt, half
    drawn, until something else happened to repaint that part of it."""
    view = _shown(qtbot, "sic_bo" if how == "lit" else "roulette")
    scene = view.felt_scene()
    spot = "total-9" if how == "lit" else "straight-33"
    item = scene.spot_items[spot]
    if how == "focus":
        view.focus_spot(spot)
    elif how == "hover":
        item.hoverEnterEvent(None)  # type: ignore[arg-type]
    else:
        item.set_lit(True)
    drawn = view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    painted = _Painted()
    view.viewport().installEventFilter(painted)
    qtbot.waitUntil(lambda: painted.region.intersects(drawn), timeout=2000)  # shown
    painted.region = QRegion()
    if how == "focus":
        view.focus_spot(None)
    elif how == "hover":
        item.hoverLeaveEvent(None)  # type: ignore[arg-type]
    else:
        item.set_lit(False)
    qtbot.waitUntil(lambda: QRegion(drawn).subtracted(painted.region).isEmpty(), timeout=2000)
