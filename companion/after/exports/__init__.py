"""Exports of one finished game and of the history: each module is one format, a view of a
:class:`companion.after.history.Play` (its score sheet and its stored record)."""
