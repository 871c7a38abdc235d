"""Laying out chip badges: near their spots, off obstacles and off each other (no Qt)."""

from __future__ import annotations

import math

import pytest

from dealer_trainer.layouts.badges import GAP, Box, place

BADGE = Box(-20, -20, 40, 60)  # a stack with its caption, about its anchor
AREA = Box(0, 0, 1000, 600)


def test_a_badge_with_room_stays_on_its_spot() -> None:
    assert place([(500, 300)], [BADGE], [], AREA) == [(500, 300)]


def test_badges_on_one_spot_and_an_obstacle_never_overlap() -> None:
    obstacle = Box(470, 270, 60, 60)  # the winning number under the spot
    places = place([(500, 300)] * 4, [BADGE] * 4, [obstacle], AREA)
    boxes = [BADGE.moved(x, y) for x, y in places]
    for i, a in enumerate(boxes):
        assert not a.overlaps(obstacle.grown(GAP - 0.01))
        assert a.inside(AREA)
        for b in boxes[i + 1 :]:
            assert not a.overlaps(b)
    # each moved only as far as it had to: the nearest rings first
    assert all(math.dist(p, (500, 300)) < 150 for p in places)


def test_a_moved_badge_goes_only_where_allowed_and_prefers_cheap_places() -> None:
    obstacle = Box(470, 270, 60, 60)
    (left,) = place([(500, 300)], [BADGE], [obstacle], AREA, allowed=lambda i, x, y: x < 450)
    assert left[0] < 450
    (far,) = place(
        [(500, 300)],
        [BADGE],
        [obstacle],
        AREA,
        cost=lambda i, box: 0.0 if box.y > 400 else 500.0,  # words everywhere but below
    )
    assert BADGE.moved(*far).y > 400


def test_no_room_at_all_is_an_error_naming_where() -> None:
    with pytest.raises(ValueError, match=r"no free place for a badge near \(50, 50\) mm"):
        place([(50, 50)], [BADGE], [Box(0, 0, 1000, 600)], AREA)
    with pytest.raises(ValueError, match="one extent per badge"):
        place([(50, 50)], [], [], AREA)
