"""The main window and what opens with it: the welcome at the first start, the start-up
watch, the side panel (game, ruleset, who is signed in, chips), signing in, the app's one
connection to storage and the Glossary window (F2).

The trainee's wing (``ui/trainee``), the instructor's (``ui/instructor``) and the sandbox
(``ui/sandbox``) are installed by :class:`~dealer_trainer.ui.window.main_window.MainWindow`;
nothing below this room imports it.
"""
