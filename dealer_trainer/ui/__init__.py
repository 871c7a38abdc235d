"""The PySide6 GUI: the main window, the felts (``dealer_trainer.ui.felt``), the
drill screens (``dealer_trainer.ui.drills``) and the instructor's views
(``dealer_trainer.ui.instructor``).

PySide6 is pinned below 6.12 in ``pyproject.toml``: the 6.12.0 wheels return
``None``, ``True`` and ``False`` without taking a reference, which on Python
3.11 ends a long session with "Fatal Python error: none_dealloc".
``tests/ui/test_pyside_guard.py`` fails if an installed PySide6 does that.
"""
