"""Table Companion's headless core: rules, game log, storage, score sheets and the CLI.

Nothing in this package imports Kivy, gpiozero or pyserial.
"""
