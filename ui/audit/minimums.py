"""The minimums the layout audit holds every screen to, in one place.

The floors issue 15 sets: the design system (:mod:`ui.design`) draws above them, the audit holds
every screen to them."""

from __future__ import annotations

from ui.design import CAPTION_SP, MIN_TARGET_PX

__all__ = ["MIN_BODY_SP", "MIN_TARGET_PX", "MIN_WHOSE_TURN_SP", "WHOSE_TURN_IDS"]

MIN_BODY_SP = CAPTION_SP
"""Smallest text (sp) anywhere on a screen."""
MIN_WHOSE_TURN_SP = 24
"""Smallest text (sp) of the line saying whose turn it is (the design draws it larger)."""
WHOSE_TURN_IDS = frozenset({"turn"})
"""``ids`` names of the labels that say whose turn it is (the header band's ``turn``: the name of
the player to move, or the phase when nobody is)."""
