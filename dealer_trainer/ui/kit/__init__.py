"""The screens' kit: what every screen uses the same way.

- :mod:`~dealer_trainer.ui.kit.palette`: the screens' colours, named by what they mean;
- :mod:`~dealer_trainer.ui.kit.status`: a tab's status line;
- :mod:`~dealer_trainer.ui.kit.writes`: a storage write, its worded failure and the one change
  signal the views listen to;
- :mod:`~dealer_trainer.ui.kit.background`: a read in the background;
- :mod:`~dealer_trainer.ui.kit.confirm`: the confirmations and the message boxes.

A placeholder of a translated sentence is filled with
:func:`dealer_trainer.rules.text.fill` (the bottom layer, so the reports and the felts'
labels use it too). This package imports nothing at start-up but Qt: each module is
imported where it is used.
"""
