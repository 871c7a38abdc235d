"""The main window's felt sandbox ("what if"): choose the outcome of the bets on the felt and
see the rules core settle them, step by step, on the felt (:class:`SandboxPanel`)."""
