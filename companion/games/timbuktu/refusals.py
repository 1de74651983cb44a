"""Timbuktu's verdict codes (the shared ones are in :mod:`companion.rules.refusals`)."""

from __future__ import annotations

from companion.installation.i18n import N_, Nn_
from companion.rules.refusals import RefusalTable

REFUSALS = RefusalTable("timbuktu")

WRONG_PHASE = REFUSALS.add(
    "wrong_phase", N_("That is not part of the {phase} step of the game: {first}")
)
SWAP_PENDING = REFUSALS.add(
    "swap_pending",
    N_("A camel landed on a swap field: pass the thief piles one seat clockwise first."),
)
# the caravans dealt at the start
CAMEL_COUNT = REFUSALS.add(
    "camel_count",
    Nn_(
        "With {players} players each caravan has {count} camel ({first}-{last}).",
        "With {players} players each caravan has {count} camels ({first}-{last}).",
    ),
    count="count",
)
SUPPLY_EXCEEDED = REFUSALS.add(
    "supply", N_("The caravans would carry {total} {good}, but the game has {supply}.")
)
TOO_MANY_KINDS = REFUSALS.add(
    "kinds",
    Nn_(
        "Camel {camel} carries {kinds} kind of goods: in the variant each camel carries "
        "{low} or {high}.",
        "Camel {camel} carries {kinds} different goods: in the variant each camel carries "
        "{low} or {high}.",
    ),
    count="kinds",
)
DEALT_MISMATCH = REFUSALS.add(
    "dealt", N_("{name} was dealt {dealt} {good}, but the loads use {used}.")
)
# placing and moving camels
PEN_FULL = REFUSALS.add("pen_full", N_("Pen {pen} of {place} is full: all five pitches are taken."))
ALREADY_PLACED = REFUSALS.add("already_placed", N_("Camel {camel} is already placed."))
COVER_PLAYER = REFUSALS.add(
    "cover",
    N_(
        "At the end every player has a camel in every pen of the start area. "
        "{name} would have too few camels left to have one in every pen."
    ),
)
COVER_PEN = REFUSALS.variant(
    COVER_PLAYER,
    N_(
        "At the end every player has a camel in every pen of the start area. "
        "Pen {pen} would have too few pitches left for every player who still needs a camel there."
    ),
)
ALREADY_MOVED = REFUSALS.add("already_moved", N_("Camel {camel} has already moved in this stage."))
FREE_MOVE = REFUSALS.add(
    "free_move",
    N_(
        "Pen {pen} lies along an arrow from pen {origin}: the move is free. If the board shows "
        "other arrows, correct them."
    ),
)
MUST_PAY = REFUSALS.add(
    "must_pay",
    N_(
        "Pen {pen} does not lie along an arrow from pen {origin}: camel {camel} pays one of its "
        "goods."
    ),
)
NO_SUCH_GOOD = REFUSALS.add("no_such_good", N_("Camel {camel} carries no {good}."))
SWAP_UNKNOWN = REFUSALS.add(
    "swap_unknown", N_("Say whether pitch {pitch} of pen {pen} is a swap field.")
)
LAYOUT_SWAP = REFUSALS.add(
    "layout_swap",
    N_(
        "By the board entered, pitch {pitch} of pen {pen} is a swap field. "
        "If the board shows otherwise, correct its swap fields."
    ),
)
LAYOUT_NO_SWAP = REFUSALS.variant(
    LAYOUT_SWAP,
    N_(
        "By the board entered, pitch {pitch} of pen {pen} is no swap field. "
        "If the board shows otherwise, correct its swap fields."
    ),
)
PEN_ROBBED = REFUSALS.add(
    "pen_robbed", N_("The thief of pen {pen} has already struck in this stage.")
)
# corrections
NO_SUCH_PLAYER = REFUSALS.add("no_such_player", N_("Seats are numbered 0 to {last} in this game."))
NO_SUCH_CAMEL = REFUSALS.add(
    "no_such_camel", N_("With {players} players each caravan has camels {first}-{last}.")
)
NOT_PLACED = REFUSALS.add("not_placed", N_("Camel {camel} is not on the board yet."))
OCCUPIED = REFUSALS.add("occupied", N_("Another camel stands on pitch {pitch} of pen {pen}."))
OFF_ROUTE = REFUSALS.add(
    "off_route", N_("Place {place} is not on this route here: give {first} to {last}.")
)
# refused by the screen
NO_CAMEL = REFUSALS.add("no_camel", N_("Name the camel that moves first."))
NOT_A_MOVABLE_CAMEL = REFUSALS.variant(NO_CAMEL, N_("Tap one of {name}'s framed camels."))
