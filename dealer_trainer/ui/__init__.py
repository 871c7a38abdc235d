"""The PySide6 GUI, in rooms named for a screen, its user or the kit (top to bottom):
the main window (``window``); the trainee's wing (``trainee``), the instructor's views
(``instructor``) and the felt sandbox (``sandbox``); the exams (``exams``); the live table
(``table``); the drill screen (``drills``); the felts (``felt``); and the kit every screen
uses (``kit``). A room imports only the rooms below it (``lint-imports`` holds the order).

PySide6 is pinned below 6.12 in ``pyproject.toml``: the 6.12.0 wheels return
``None``, ``True`` and ``False`` without taking a reference, which on Python
3.11 ends a long session with "Fatal Python error: none_dealloc".
``tests/ui/test_pyside_guard.py`` fails if an installed PySide6 does that.
"""
