"""The felts' value classes behave as the frozen dataclasses they replaced."""

from __future__ import annotations

import dataclasses
import inspect
from decimal import Decimal

import pytest

from dealer_trainer.frozen import Frozen
from dealer_trainer.i18n import Language
from dealer_trainer.layouts.chips import ChipSet, Denomination
from dealer_trainer.layouts.labels import Label
from dealer_trainer.layouts.model import BetRef, Ellipse, Felt, Polygon, Rect, Spot
from dealer_trainer.rules.games import Game


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
    assert repr(Label("紅", "RED")) == "Label(zh='紅', en='RED', args=())"
    assert repr(BetRef("split", (17, 20))) == (
        "BetRef(kind='split', numbers=(17, 20), index=None, number=None, box=None, on=None)"
    )


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
    assert (
        spot.label,
        spot.tone,
        spot.printed,
        spot.layer,
        spot.text_size,
        spot.text_box,
        spot.rotation,
        spot.anchor,
    ) == (None, "felt", True, 0, 12.0, None, 0.0, None)
    assert spot.center == (0.5, 0.5)
    assert Denomination(Decimal(10), "#1f5fbf", "#ffffff").ink == "#ffffff"
    with pytest.raises(TypeError):
        Rect(1, 2, 3)  # type: ignore[call-arg]
    with pytest.raises(ValueError, match="lowest first"):
        ChipSet(
            "HKD", (Denomination(Decimal(50), "#1", "#2"), Denomination(Decimal(10), "#1", "#2"))
        )


def test_felt_compares_its_fields_not_its_spot_index() -> None:
    spots = (Spot("a", BetRef("a"), Rect(0, 0, 1, 1)), Spot("b", BetRef("b"), Polygon(((0, 0),))))
    one = Felt(Game.ROULETTE, "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots)
    two = Felt(Game.ROULETTE, "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots)
    assert one == two and hash(one) == hash(two)
    assert one.spot("b") is spots[1]
    assert "_index" not in repr(one)
    with pytest.raises(ValueError, match="used twice"):
        Felt(Game.ROULETTE, "roulette-2003", 10, 10, Rect(0, 0, 10, 10), spots + spots[:1])


def test_replace_changes_some_fields_as_dataclasses_replace_did() -> None:
    rect = Rect(1, 2, 3, 4)
    assert rect.replace(w=9) == Rect(1, 2, 9, 4)
    assert rect == Rect(1, 2, 3, 4)
    with pytest.raises(TypeError):
        rect.replace(depth=1)
    spots = (Spot("a", BetRef("a"), rect),)
    felt = Felt(Game.ROULETTE, "roulette-2003", 10, 10, rect, spots)
    assert felt.replace(ruleset_id="x").spot("a") is spots[0]  # the index is rebuilt


def _frozen_classes() -> list[type[Frozen]]:
    import dealer_trainer.i18n
    import dealer_trainer.layouts.chips
    import dealer_trainer.layouts.labels
    import dealer_trainer.layouts.model

    modules = (
        dealer_trainer.i18n,
        dealer_trainer.layouts.chips,
        dealer_trainer.layouts.labels,
        dealer_trainer.layouts.model,
    )
    return [
        value
        for module in modules
        for value in vars(module).values()
        if isinstance(value, type)
        and issubclass(value, Frozen)
        and value is not Frozen
        and value.__module__ == module.__name__
    ]


@pytest.mark.parametrize("cls", _frozen_classes(), ids=lambda cls: cls.__qualname__)
def test_every_annotated_field_is_compared_and_set_by_init(cls: type[Frozen]) -> None:
    # _fields is written by hand: a field missing from it would silently drop out of
    # equality, hashing and repr.
    annotated = [
        name
        for name, kind in cls.__annotations__.items()
        if not name.startswith("_") and "ClassVar" not in str(kind)
    ]
    assert list(cls._fields) == annotated
    parameters = list(inspect.signature(cls.__init__).parameters)[1:]
    assert parameters == annotated
