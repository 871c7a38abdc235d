"""The PySide6 GUI: the main window and the felts (see ``dealer_trainer.ui.felt``).

Importing this package first guards against a PySide6 defect: the abi3
wheels of PySide6 6.12 return ``None``, ``True`` and ``False`` without taking
a reference (correct only on Python ≥ 3.12, where they are immortal).  On
Python 3.11 each void or bool call (``QPainterPath.addRect``,
``QGraphicsItem.isVisible`` …) takes one reference off the singleton and a
long session dies with "Fatal Python error: none_dealloc" (or
``bool_dealloc``).  :func:`pin_none` gives those singletons a reference count
that no session can use up, which is what Python 3.12 does for them.
"""

from __future__ import annotations

import ctypes
import sys

_PINNED_REFERENCES = 1 << 40


def pin_none() -> bool:
    """Make ``None``, ``True``, ``False`` … effectively immortal on CPython < 3.12.

    Returns whether it acted (never on Python ≥ 3.12, which needs no help).
    """
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    for singleton in (None, True, False, Ellipsis, NotImplemented):
        # ob_refcnt is the first field of every CPython object
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        if refcount.value < _PINNED_REFERENCES:
            refcount.value += _PINNED_REFERENCES
    return True


pin_none()
