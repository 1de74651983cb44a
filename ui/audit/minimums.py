"""The minimums the layout audit holds every screen to, in one place.

These are the type scale's and touch targets' floors from issue 15; the design system that issue
builds is meant to own them (and the audit to read them from it) once it exists."""

from __future__ import annotations

MIN_BODY_SP = 16
"""Smallest text (sp) anywhere on a screen."""
MIN_WHOSE_TURN_SP = 24
"""Smallest text (sp) of the line saying whose turn it is."""
MIN_TARGET_PX = 48
"""Smallest width and height (pixels) of anything a finger taps."""
WHOSE_TURN_IDS = frozenset({"status"})
"""``ids`` names of the labels that say whose turn it is (today: the game bar's ``status``)."""
