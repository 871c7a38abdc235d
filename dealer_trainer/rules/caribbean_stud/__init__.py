"""Caribbean Stud Poker (聯獎撲克) as Despacho Regulamentar Externo n.º 61/2004 rules it.

- :mod:`.cards`: suits, ranks, cards and the deck (Art. 1, Art. 4).
- :mod:`.ranking`: the hand order of Art. 8, down to the suit, and a fast key.
- :mod:`.table`: boxes, the raise, dealer qualification and settlement (Art. 6, Art. 9).
- :mod:`.progressive`: the progressive jackpot (Art. 10).
- :mod:`.dealing`: the order cards leave the shoe or the shuffler (Art. 7, Art. 11(2)).
- :mod:`.rulings`: irregularities and prohibitions (Art. 11, Art. 12).
- :mod:`.api`: ``settle`` and ``compare`` for the rules CLI.
"""
