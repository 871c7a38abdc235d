"""Chips on a felt: denominations with their colours, and the stacks on spots.

:class:`TableChips` is a plain observable model with no Qt: the drills engine
puts chips on spot ids, the GUI subscribes through a thin adapter and redraws
the stacks that changed.  Amounts are :class:`~decimal.Decimal`, never float.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal

from dealer_trainer.rules.rulesets import Ruleset

Listener = Callable[[str], None]


@dataclass(frozen=True)
class Denomination:
    """One chip value and how it looks: body colour, edge inserts, text colour (``#rrggbb``)."""

    value: Decimal
    colour: str
    edge: str
    ink: str = "#ffffff"

    @property
    def text(self) -> str:
        """The value as printed on the chip: ``25``, ``1K``, ``10K``."""
        value = self.value
        if value >= 1000 and value % 1000 == 0:
            return f"{int(value // 1000)}K"
        return f"{value.normalize():f}"


@dataclass(frozen=True)
class ChipSet:
    """The chips a table uses, lowest value first."""

    currency: str
    denominations: tuple[Denomination, ...]

    def __post_init__(self) -> None:
        values = [d.value for d in self.denominations]
        if not values:
            raise ValueError("a chip set needs at least one denomination")
        if values != sorted(set(values)):
            raise ValueError("chip denominations must be distinct and listed lowest first")
        if any(v <= 0 for v in values):
            raise ValueError("chip denominations must be positive")

    def get(self, value: Decimal) -> Denomination:
        for denomination in self.denominations:
            if denomination.value == value:
                return denomination
        shown = ", ".join(d.text for d in self.denominations)
        raise KeyError(f"there is no {value} chip in this set ({shown})")

    def breakdown(self, amount: Decimal) -> list[Decimal]:
        """The fewest chips that make ``amount``, largest first (a dealer's stack).

        Raises :class:`ValueError` when the chips cannot make the amount exactly.
        """
        if amount < 0:
            raise ValueError(f"cannot make a negative amount {amount}")
        chips: list[Decimal] = []
        rest = amount
        for value in sorted((d.value for d in self.denominations), reverse=True):
            count = int(rest // value)
            chips += [value] * count
            rest -= value * count
        if rest:
            raise ValueError(f"{amount} cannot be made with chips of this set")
        return chips


#: How each chip of the house looks (body, edge inserts, ink), by value: the one table every
#: felt draws its chips from (the main window, the drills, the instructor's replay).
CHIP_LOOKS: dict[Decimal, Denomination] = {
    d.value: d
    for d in (
        Denomination(Decimal(1), "#e8e4da", "#2b6cb0", "#1b1b1b"),
        Denomination(Decimal(5), "#c62828", "#ffffff"),
        Denomination(Decimal(10), "#1f5fbf", "#ffffff"),
        Denomination(Decimal(25), "#2e7d32", "#ffffff"),
        Denomination(Decimal(50), "#e07b16", "#ffffff"),
        Denomination(Decimal(100), "#1b1b1b", "#e9c46a"),
        Denomination(Decimal(500), "#6a2c91", "#ffffff"),
        Denomination(Decimal(1000), "#d4a017", "#7a1f1f", "#1b1b1b"),
        Denomination(Decimal(5000), "#b3202a", "#ffffff"),
        Denomination(Decimal(10000), "#0f7a5a", "#f1e4b3"),
    )
}


def look(value: Decimal) -> Denomination:
    """How a chip of ``value`` looks; a house chip not in :data:`CHIP_LOOKS` is pale grey."""
    return CHIP_LOOKS.get(value) or Denomination(value, "#cfd8dc", "#37474f", "#1b1b1b")


def chip_set(currency: str, values: Iterable[Decimal]) -> ChipSet:
    """The chip set of these values, each looking as :func:`look` says, lowest first."""
    return ChipSet(currency, tuple(look(v) for v in sorted(set(values))))


def house_chips(ruleset: Ruleset) -> ChipSet:
    """Every chip of a ruleset's house chip set (its ``[chips]`` table), as the felts draw them."""
    if ruleset.chips is None:
        raise ValueError(f"the ruleset {ruleset.id} names no chips ([chips] table)")
    return chip_set(ruleset.chips.currency, ruleset.chips.denominations)


#: The main window's chips (Ctrl+1 … Ctrl+7): Macau tables play in Hong Kong dollars.
DEFAULT_CHIPS = chip_set("HKD", (Decimal(v) for v in (10, 50, 100, 500, 1000, 5000, 10000)))


class TableChips:
    """The chips on each spot of one felt, bottom chip first, with listeners.

    ``spot_ids`` restricts which spots exist (a felt's ids); every change calls
    each listener with the spot id that changed.
    """

    def __init__(self, spot_ids: Iterable[str], chips: ChipSet = DEFAULT_CHIPS) -> None:
        self.chip_set = chips
        self._spot_ids = frozenset(spot_ids)
        self._stacks: dict[str, list[Decimal]] = {}
        self._listeners: list[Listener] = []

    # -- observing ---------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(spot_id)`` after every change; returns the unsubscribe call."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def _changed(self, spot_id: str) -> None:
        for listener in list(self._listeners):
            listener(spot_id)

    def _check(self, spot_id: str) -> None:
        if spot_id not in self._spot_ids:
            raise KeyError(f"there is no spot {spot_id!r} on this felt")

    # -- reading -----------------------------------------------------------
    def chips(self, spot_id: str) -> tuple[Decimal, ...]:
        self._check(spot_id)
        return tuple(self._stacks.get(spot_id, ()))

    def amount(self, spot_id: str) -> Decimal:
        return sum(self.chips(spot_id), Decimal(0))

    def total(self) -> Decimal:
        return sum((sum(s, Decimal(0)) for s in self._stacks.values()), Decimal(0))

    def occupied(self) -> Iterator[str]:
        """The spots that hold chips, in the order they were first bet."""
        return iter(list(self._stacks))

    # -- changing ----------------------------------------------------------
    def place(self, spot_id: str, value: Decimal) -> None:
        """Put one chip of ``value`` on top of the spot's stack."""
        self._check(spot_id)
        self.chip_set.get(value)
        self._stacks.setdefault(spot_id, []).append(value)
        self._changed(spot_id)

    def place_all(self, spot_id: str, values: Iterable[Decimal]) -> None:
        """Put these chips on the spot's stack, in order: one change, as :meth:`place` for each
        (a stack drawn once, not once for every chip)."""
        self._check(spot_id)
        chips = list(values)
        for value in chips:
            self.chip_set.get(value)
        if chips:
            self._stacks.setdefault(spot_id, []).extend(chips)
            self._changed(spot_id)

    def remove(self, spot_id: str) -> Decimal | None:
        """Take the top chip off the spot; ``None`` (and no change) if it is empty."""
        self._check(spot_id)
        stack = self._stacks.get(spot_id)
        if not stack:
            return None
        value = stack.pop()
        if not stack:
            del self._stacks[spot_id]
        self._changed(spot_id)
        return value

    def set_amount(self, spot_id: str, amount: Decimal) -> None:
        """Replace the spot's stack by the fewest chips making ``amount`` (0 clears it)."""
        self._check(spot_id)
        chips = self.chip_set.breakdown(amount)
        if chips:
            self._stacks[spot_id] = chips
        else:
            self._stacks.pop(spot_id, None)
        self._changed(spot_id)

    def clear(self) -> None:
        """Take every chip off the felt."""
        cleared = list(self._stacks)
        self._stacks.clear()
        for spot_id in cleared:
            self._changed(spot_id)
