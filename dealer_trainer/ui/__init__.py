"""The PySide6 GUI: the main window and the felts (see ``dealer_trainer.ui.felt``).

Importing this package first guards against a PySide6 defect: the abi3
wheels of PySide6 6.12 return ``None`` from every void method without taking
a reference (correct only on Python ≥ 3.12, where ``None`` is immortal).  On
Python 3.11 each such call (``QPainterPath.addRect``, ``QPainter.setBrush`` …)
takes one reference off ``None`` and a long session dies with "Fatal Python
error: none_dealloc".  :func:`pin_none` gives ``None`` a reference count that
no session can use up, which is what Python 3.12 does for every immortal object.
"""

from __future__ import annotations

import ctypes
import sys

_PINNED_REFERENCES = 1 << 40


def pin_none() -> bool:
    """Make ``None`` effectively immortal on CPython < 3.12; returns whether it acted."""
    if sys.version_info >= (3, 12) or sys.implementation.name != "cpython":
        return False
    refcount = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt, the first field of PyObject
    if refcount.value < _PINNED_REFERENCES:
        refcount.value += _PINNED_REFERENCES
    return True


pin_none()
