"""What every felt keeps: spots on the cloth, unique ids, markers on their spots."""

from __future__ import annotations

import pytest

from dealer_trainer.layouts import felt_for
from dealer_trainer.layouts.model import Felt, Marker
from dealer_trainer.rules.rulesets import default_ruleset

ROULETTE_VARIANTS = [
    {},
    {"nine_number_definition": "wheel_neighbours"},
    {
        "nine_number_definition": "wheel_neighbours",
        "wheel_order": "american_single_zero",
        "zero_combinations": "allowed",
    },
]


def _felts() -> list[Felt]:
    roulette = default_ruleset("roulette")
    felts = [felt_for("roulette", roulette.with_settings(v)) for v in ROULETTE_VARIANTS]
    sic_bo = default_ruleset("sic_bo")
    with_and_without = [sic_bo.with_settings({"odd_even_offered": v}) for v in (True, False)]
    return [
        *felts,
        felt_for("craps"),
        felt_for("caribbean_stud"),
        *(felt_for("sic_bo", r) for r in with_and_without),
    ]


@pytest.mark.parametrize("felt", _felts(), ids=lambda f: f"{f.game}-{f.height:.0f}-{len(f.spots)}")
def test_every_spot_lies_wholly_on_the_cloth(felt: Felt) -> None:
    for spot in felt:
        box = spot.shape.bounds
        for x, y in (
            (box.x, box.y),
            (box.x + box.w, box.y),
            (box.x, box.y + box.h),
            (box.x + box.w, box.y + box.h),
        ):
            assert felt.table.contains(x, y), f"{spot.id} leaves the cloth at {x:.0f}, {y:.0f}"


@pytest.mark.parametrize("felt", _felts(), ids=lambda f: f"{f.game}-{f.height:.0f}-{len(f.spots)}")
def test_markers_rest_and_move_on_the_cloth(felt: Felt) -> None:
    for marker in (f for f in felt.fixtures if isinstance(f, Marker)):
        for x, y in (marker.rest, *marker.positions.values()):
            assert felt.table.contains(x, y)


def test_unknown_game_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown game 'baccarat'"):
        felt_for("baccarat")


@pytest.mark.parametrize("felt", _felts(), ids=lambda f: f"{f.game}-{f.height:.0f}-{len(f.spots)}")
def test_spot_at_answers_as_a_scan_of_every_spot(felt: Felt) -> None:
    """The felt's index of its spots finds what testing every spot's shape finds: every 7 mm
    over the table and a little beyond it, and at each spot's corners and centre."""

    def scanned(x: float, y: float) -> str | None:
        hits = [s for s in felt.spots if s.shape.contains(x, y)]
        return max(hits, key=lambda s: s.layer).id if hits else None

    points = [
        (x * 7.0, y * 7.0)
        for x in range(-3, int(felt.width / 7) + 4)
        for y in range(-3, int(felt.height / 7) + 4)
    ]
    for spot in felt.spots:
        b = spot.shape.bounds
        points += [(b.x, b.y), (b.x + b.w, b.y + b.h), b.center]
    for x, y in points:
        found = felt.spot_at(x, y)
        assert (found.id if found is not None else None) == scanned(x, y), (x, y)
