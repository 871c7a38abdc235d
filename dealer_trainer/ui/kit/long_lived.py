"""The code the app has loaded, kept out of Python's full garbage collections.

Python's cycle collector now and then walks every object it tracks (a full collection).
Most of those objects are the loaded code (modules, classes, functions, their constants
and Qt's wrappers): about 130,000 once the instructor's views are loaded, which live as
long as the process and are never garbage. Walking them took 50-95 ms, at moments no one
chooses, in whichever thread allocated last, and holding every Python thread meanwhile:
the window froze (measured by ``benchmarks/dashboard_scale.py``).

:func:`keep_loaded_code` moves every object alive now into the collector's permanent
generation (``gc.freeze``), so full collections walk only what was made since. It is
called once a screen's code is loaded, before the screen is built: when the main
window's start-up work is done, and when the instructor's views are opened. There, the
garbage of the moment is collected first: once the start-up's objects are frozen, that
walks only what was made since. At the end of start-up it is not: the collection would
walk all 120,000 objects (35-40 ms of a frozen window) to find about 900 small ones.
A frozen object is still freed when its last reference goes; only a reference cycle
among frozen objects is never collected, which the loaded code does not make garbage of.
"""

from __future__ import annotations

import gc


def keep_loaded_code(*, collect_first: bool = True) -> None:
    """Leave the objects alive now out of every later full collection; with
    ``collect_first``, the garbage of the moment is collected first, so that none of it is
    kept (an instructor's window closed before, say)."""
    if collect_first:
        gc.collect()
    gc.freeze()


__all__ = ["keep_loaded_code"]
