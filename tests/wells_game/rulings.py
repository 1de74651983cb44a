"""How the app rules where the fourth game's rule sheet is silent."""

from __future__ import annotations

from companion.rules.rulings import Ruling
from wells_game.explanations import END

RULINGS = (
    Ruling(
        "first_to_target",
        "The game ends as soon as one player reaches the target; the others do not finish the round.",
        "The rule sheet names the winner but not whether the round is played out.",
        END,
        title="The last round",
    ),
)
