"""The touchscreen app (Kivy): renders what the session believes and sends the table's intents.

Nothing here decides a rule: screens ask the game's rules for legal actions and verdicts, and every
accepted action goes through :class:`companion.play.session.Session`, which commits it before the screen
shows it. ``companion`` never imports this package.
"""
