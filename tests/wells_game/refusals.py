"""The fourth game's own verdict codes (its spec names them; the codes every game shares are the
app's)."""

from __future__ import annotations

from companion.rules.refusals import RefusalTable

REFUSALS = RefusalTable("wells")
NO_SUCH_PLAYER = REFUSALS.add("no_such_player", "There is no such player.")
NO_DRAW = REFUSALS.add("no_draw", "Draw from the well first.")
DRAWN = REFUSALS.add("drawn", "One draw a turn.")
TOO_MANY = REFUSALS.add("too_many", "At most 3 buckets a turn.")
