"""Targi's corrections as the Correct screen says them.

The screen builds its form from each correction's schema (:mod:`ui.corrections`), so the words it
shows (a correction's kind, a field's name) are computed; they are listed here so that the
catalogs carry their translations."""

from __future__ import annotations

from companion.i18n import N_

WORDS = (
    N_("set stock"),
    N_("move robber"),
    N_("move targi"),
    N_("move marker"),
    N_("fix card"),
    N_("set hand"),
    N_("fix displayed"),
    N_("card bonus"),
    N_("add displayed"),
    N_("fix swap displayed"),
    N_("excuse raid"),
    N_("player"),
    N_("vp"),
    N_("cell"),
    N_("to"),
    N_("card"),
    N_("taken this round"),
    N_("row"),
    N_("index"),
    N_("points"),
    N_("note"),
    N_("first"),
    N_("second"),
)
