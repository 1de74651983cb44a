"""The Tuareg card game (Francesco Berardi): 2-5 players load camels and donkeys with goods and score
the majorities of each good over two stages.

This package holds the loading rules (:mod:`.loading`), the majority and final scoring
(:mod:`.scoring`), the table's confirmed majority values (:mod:`.values`) and the headless rules
questions (:mod:`.questions`); the turn-by-turn engine follows.
"""
