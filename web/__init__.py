"""The table on every player's phone: a live, read-only web view over the game database.

A view over the core, as ``ui`` is: it decides no rule and computes no score (every figure and
sentence comes from ``companion``'s describe, score-sheet, reference, log and history functions),
opens the database read-only in its own process and never writes. ``companion`` never imports it.
"""
