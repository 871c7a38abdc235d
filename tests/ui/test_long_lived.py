"""The loaded code is kept out of Python's full garbage collections (``ui.kit.long_lived``): a
full collection then walks only what was made since, not the 130,000 objects of the
modules (a 50-95 ms freeze of the window, at moments no one chose)."""

from __future__ import annotations

import gc
import weakref

from dealer_trainer.ui.kit.long_lived import keep_loaded_code


class _Cycle:
    me: object


def test_the_objects_alive_are_frozen_and_the_garbage_of_the_moment_collected() -> None:
    gc.unfreeze()
    garbage = _Cycle()
    garbage.me = garbage  # only the cycle collector frees it
    gone = weakref.ref(garbage)
    del garbage
    keep_loaded_code()
    assert gone() is None  # collected first: no garbage is kept for ever
    assert gc.get_freeze_count() > 1000  # the loaded modules' objects
    gc.unfreeze()
    assert gc.get_freeze_count() == 0
