"""The screens' kit: what every screen does the same way.

- :mod:`~dealer_trainer.ui.kit.palette`: the screens' colours, named by what they mean (the
  felt's physical colours are in :mod:`dealer_trainer.ui.felt.colours`);
- :mod:`~dealer_trainer.ui.kit.status`: a tab's status line, :class:`StatusLine`;
- :mod:`~dealer_trainer.ui.kit.writes`: a storage write, its failure said one way, and the
  one change signal (``records().changed``) the views listen to;
- :mod:`~dealer_trainer.ui.kit.background`: reads off the GUI thread (``Jobs``);
- :mod:`~dealer_trainer.ui.kit.confirm`: the confirmations and the dialogs that try a change;
- :mod:`~dealer_trainer.ui.kit.messages`: a dialog's message line;
- :mod:`~dealer_trainer.ui.kit.retry_wait`: the wait after a wrong password;
- :mod:`~dealer_trainer.ui.kit.unverified`: the warning while the server is reached unverified;
- the app's language and the words every screen shares: :mod:`~dealer_trainer.ui.kit.language`
  (the language chosen, a refusal in it), :mod:`~dealer_trainer.ui.kit.rendering` (a rules text
  translated, money in the reader's format), :mod:`~dealer_trainer.ui.kit.games`,
  :mod:`~dealer_trainer.ui.kit.bet_names`, :mod:`~dealer_trainer.ui.kit.standards_words`;
- what the screens draw and type alike: :mod:`~dealer_trainer.ui.kit.fonts` (Chinese glyphs),
  :mod:`~dealer_trainer.ui.kit.icons`, :mod:`~dealer_trainer.ui.kit.digits` (full-width digits),
  :mod:`~dealer_trainer.ui.kit.geometry` (every window fits its screen);
- :mod:`~dealer_trainer.ui.kit.long_lived`: the loaded code kept out of full garbage collections.

A translated sentence's placeholders are filled with :func:`dealer_trainer.rules.text.fill`
(in the bottom layer, so that the reports and the felts' labels use it too). Nothing here
imports storage at start-up; each module is imported where it is used.
"""
