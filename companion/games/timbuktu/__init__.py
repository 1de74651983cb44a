"""Timbuktu (Dirk Henn): 3-5 players lead caravans of camels from oasis to oasis to Timbuktu, and
thieves take goods at every oasis; a good scores as many points as goods of its kind left the game.

The state and pieces (:mod:`.model`), caravan loads (:mod:`.caravans`), the board and its layout
(:mod:`.board`), thefts (:mod:`.thefts`), the order of play (:mod:`.flow`), actions and corrections
(:mod:`.actions`, :mod:`.corrections`), legal actions (:mod:`.legal`), scoring (:mod:`.scoring`), the
rules engine (:mod:`.rules`), the headless questions (:mod:`.questions`) and what the table confirmed
once (:mod:`.table_settings`).
"""
