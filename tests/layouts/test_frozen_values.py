"""The felts' value classes behave as the frozen dataclasses they replaced."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from dealer_trainer.i18n import Language
from dealer_trainer.layouts.chips import ChipSet, Denomination
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import BetRef, Ellipse, Felt, Polygon, Rect, Spot


@dataclasses.dataclass(frozen=True)
class _Rect:  # what Rect was
    x: float
    y: float
    w: float
    h: float


def test_equal_by_fields_only_within_one_class() -> None:
    assert Rect(1, 2, 3, 4) == Rect(1, 2, 3, 4)
    assert Rect(1, 2, 3, 4) != Rect(1, 2, 3, 5)
    assert Rect(1, 2, 3, 4) != Ellipse(1, 2, 3, 4)  # same values, another class
    assert Rect(1, 2, 3, 4) != (1, 2, 3, 4)
    assert hash(Rect(1, 2, 3, 4)) == hash(Rect(1.0, 2.0, 3.0, 4.0))
    assert len({Label("紅", "RED"), Label("紅", "RED"), Label("黑", "BLACK")}) == 2


def test_repr_is_the_dataclass_repr() -> None:
    assert repr(Rect(1, 2.5, 3, 4)) == repr(_Rect(1, 2.5, 3, 4)).replace("_Rect", "Rect")
    assert repr(Label("紅", "RED")) == "Label(zh='紅', en='RED')"
    assert repr(BetRef("split", (17, 20))) == (
        "BetRef(kind='split', numbers=(17, 20), index=None, number=None, box=None, on=None)")


def test_read_only() -> None:
    rect = Rect(1, 2, 3, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rect.x = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del rect.x
    with pytest.raises(AttributeError):  # FrozenInstanceError is an AttributeError
        Language("en", "English", "en_GB").code = "pt"  # type: ignore[misc]
    assert rect == Rect(1, 2, 3, 4)


def test_defaults_and_keywords() -> None:
    spot = Spot("red", BetRef("red"), Rect(0, 0, 1, 1), text_size=12.0)
    assert (spot.label, spot.tone, spot.printed, spot.layer, spot.text_size, spot.text_box,
            spot.rotation, spot.anchor) == (None, "felt", True, 0, 12.0, None, 0.0, None)
    assert spot.center == (0.5, 0.5)
    assert Denomination(Decimal(10), "#1f5fbf", "#ffffff").ink == "#ffffff"
    with pytest.raises(TypeError):
        Rect(1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="lowest first"):
        ChipSet("HKD", (Denomination(Decimal(50), "#1", "#2"),
                        Denomination(Decimal(10), "#1", "#2")))


def test_felt_compares_its_fields_not_its_spot_index() -> None:
    spots = (Spot("a", BetRef("a"), Rect(0, 0, 1, 1)), Spot("b", BetRef("b"), Polygon(((0, 0),))))
    one = Felt("roulette", "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots)
    two = Felt("roulette", "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots)
    assert one == two and hash(one) == hash(two)
    assert one.spot("b") is spots[1]
    assert "_index" not in repr(one)
    with pytest.raises(ValueError, match="used twice"):
        Felt("roulette", "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots + spots[:1])


def test_replace_changes_some_fields_as_dataclasses_replace_did() -> None:
    rect = Rect(1, 2, 3, 4)
    assert rect.replace(w=9) == Rect(1, 2, 9, 4)
    assert rect == Rect(1, 2, 3, 4)
    with pytest.raises(TypeError):
        rect.replace(depth=1)
    spots = (Spot("a", BetRef("a"), rect),)
    felt = Felt("roulette", "roulette-2003", 10, 10, rect, spots)
    assert felt.replace(ruleset_id="x").spot("a") is spots[0]  # the index is rebuilt


def test_citations_order_as_the_dataclass_did() -> None:
    from dealer_trainer.rules.citations import Citation

    @dataclasses.dataclass(frozen=True, order=True)
    class Old:
        ruleset: str
        article: int
        paragraph: int | None = None
        item: int | None = None

    pairs = [("roulette-2003", 7, 1, None), ("roulette-2003", 5, None, None),
             ("craps-1985", 12, 3, 2), ("roulette-2003", 7, 1, None)]
    new = sorted(Citation(*p) for p in pairs)
    old = sorted(Old(*p) for p in pairs)
    assert [c._values() for c in new] == [dataclasses.astuple(c) for c in old]
    assert Citation("a", 1) <= Citation("a", 1) < Citation("a", 2)
    assert Citation("b", 1) > Citation("a", 9) >= Citation("a", 9)
    with pytest.raises(TypeError):
        assert Citation("a", 1) < ("a", 1)  # only citations compare


def test_a_ruleset_repr_leaves_out_its_file_tables() -> None:
    from dealer_trainer.rules.rulesets import get_ruleset

    ruleset = get_ruleset("roulette-2003")
    assert repr(ruleset).startswith("Ruleset(id='roulette-2003', game='roulette', ")
    assert "data=" not in repr(ruleset)
    assert ruleset.replace(data={}) != ruleset  # still compared
