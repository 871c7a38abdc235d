"""Read-only value classes without ``@dataclass``'s cost at import.

``@dataclass(frozen=True)`` writes and compiles each class's methods when its
module loads (about half a millisecond a class); the felts' geometry classes
load before the main window's first paint.  :class:`Frozen` gives them the
same behaviour with methods written once: equality and hashing by the
fields (only between instances of the same class), a ``Name(field=value, …)``
repr, :class:`~dataclasses.FrozenInstanceError` on assignment, and
``replace(**changes)`` for ``dataclasses.replace``.  A subclass names its
``_fields`` (in ``__init__`` order) and its ``__init__`` stores them with
``self.__dict__.update(…)`` (assigning them would raise).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Self

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:  # the decorator only tells type checkers (mypy) that subclasses are read-only

    def dataclass_transform(**_: object) -> Any:
        return lambda cls: cls


@dataclass_transform(eq_default=True, frozen_default=True)
class Frozen:
    """Base of a read-only value class: see the module."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _unshown: ClassVar[tuple[str, ...]] = ()  # fields left out of the repr (still compared)

    def _values(self) -> tuple[Any, ...]:
        values = self.__dict__
        return tuple([values[name] for name in self._fields])

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (what ``dataclasses.replace`` does)."""
        values = self.__dict__
        return type(self)(**{**{name: values[name] for name in self._fields}, **changes})

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        values = self.__dict__
        shown = ", ".join(
            f"{name}={values[name]!r}" for name in self._fields if name not in self._unshown
        )
        return f"{type(self).__qualname__}({shown})"

    if not TYPE_CHECKING:  # (mypy flags assignments itself: see dataclass_transform)

        def __setattr__(self, name: str, value: object) -> None:
            from dataclasses import FrozenInstanceError  # noqa: PLC0415 (errors only)

            raise FrozenInstanceError(f"cannot assign to field {name!r}")

        def __delattr__(self, name: str) -> None:
            from dataclasses import FrozenInstanceError  # noqa: PLC0415 (errors only)

            raise FrozenInstanceError(f"cannot delete field {name!r}")
