"""How the app rules Targi where the rulebook is silent or its editions differ (README: "Targi: how
the app rules where the rulebook is silent"), in the rulebook's order."""

from __future__ import annotations

from companion.games.targi.explanations import (
    ACTIONS,
    EDGE_CARDS,
    END,
    FAQ,
    LIMITS,
    PREPARATION,
    RAID,
    TRIBE_CARDS,
    WORDINGS,
)
from companion.installation.i18n import N_
from companion.rules.rulings import Alternative, Ruling

RULINGS = (
    Ruling(
        "start_player",
        N_("The table names the start player when the game is created."),
        N_(
            "The editions differ: the English one only gives the start player the tile, the "
            "Spanish and Polish ones let whoever ate a date most recently begin (else blue)."
        ),
        PREPARATION,
        WORDINGS["start_player"],
    ),
    Ruling(
        "hand_card_kept",
        N_(
            "The tribe card in hand leaves it only through the Noble (played or discarded) or a "
            "card's text, and only in a later round than the one it was taken in."
        ),
        N_(
            "The English edition forbids swapping a newly drawn card for the hand card; the "
            "Spanish and Polish editions also forbid simply discarding it. All three allow the "
            "Noble's discard; the app follows the strictest wording."
        ),
        ACTIONS,
        WORDINGS["hand_card_kept"],
    ),
    Ruling(
        "fata_morgana",
        N_("Fata Morgana moves a tribe marker only to a free centre card that is face up."),
        N_(
            'The rulebook says "a free card"; a face-down card gives nothing until the round '
            "ends, so it cannot be used instead."
        ),
        EDGE_CARDS,
        WORDINGS["fata_morgana"],
    ),
    Ruling(
        "trades_per_visit",
        N_("The Silversmith makes one trade per visit; the Merchant any number of exchanges."),
        N_(
            'The rulebook allows "any number of exchanges" for the Merchant only and says '
            "nothing of the kind for the Silversmith."
        ),
        EDGE_CARDS,
        WORDINGS["trades_per_visit"],
        (
            Alternative(
                "silversmith_repeats",
                N_("The Silversmith may make several trades in one visit."),
                short=N_("Several trades"),
            ),
        ),
        codes=("not_your_card",),
        title=N_("Silversmith: trades per visit"),
        short=N_("One trade"),
    ),
    Ruling(
        "gold_slash",
        N_(
            "Which tribe cards print the gold slash is confirmed by the table once per card "
            "(setting gold_alternative); until a card is confirmed, the player's word stands. Paying "
            "1 gold replaces the card's goods only: gold the card prints is still paid."
        ),
        N_(
            "The rulebook says that some cards show a slash but not which ones, and the app holds "
            "no card images."
        ),
        TRIBE_CARDS,
        WORDINGS["gold_slash"],
        (
            Alternative(
                "gold_for_all",
                N_(
                    "Paying with gold costs 1 gold in all (how games stored before this ruling "
                    "replay)."
                ),
            ),
        ),
        setting="gold_alternative",
        default={},
    ),
    Ruling(
        "card_texts",
        N_(
            "What a card's text gives is entered as a bonus or a correction, never guessed; the "
            "table marks once which cards let their owner play from the hand, swap displayed cards "
            "or escape raids (setting card_effects)."
        ),
        N_("The card texts are not in the rulebook: it says only that each card describes itself."),
        TRIBE_CARDS,
        WORDINGS["card_texts"],
        setting="card_effects",
        default={},
    ),
    Ruling(
        "swap_gaps",
        N_("A swap exchanges two of the owner's displayed cards, in the same row or not."),
        N_(
            "The Spanish edition adds that no gaps may be left in a row; a swap of two cards "
            "never leaves one, so the editions agree in play."
        ),
        TRIBE_CARDS,
        WORDINGS["swap_gaps"],
    ),
    Ruling(
        "raid_unpaid",
        N_(
            "A player who cannot pay raid 1, 2 or 3 in full gives all of one kind, of their "
            "choice: all their goods or all their victory points; with neither, nothing."
        ),
        N_("The rulebook says what a raid takes, not what happens when a player has less."),
        RAID,
        WORDINGS["raid_unpaid"],
        (
            Alternative(
                "raid_nothing",
                N_("A player who cannot pay a raid in full gives nothing."),
                short=N_("Gives nothing"),
            ),
        ),
        codes=("wrong_payment",),
        title=N_("Raids 1 to 3 not paid in full"),
        short=N_("All goods or all VP"),
    ),
    Ruling(
        "last_raid_unpaid",
        N_("A player who cannot pay the last raid lets the opponent gain 3 victory points."),
        N_(
            "Only the Spanish edition's questions and answers say so; the English and Polish "
            "editions are silent."
        ),
        FAQ,
        WORDINGS["last_raid_unpaid"],
        (
            Alternative(
                "last_raid_nothing",
                N_("Nothing happens when a player cannot pay the last raid."),
                short=N_("Nothing happens"),
            ),
        ),
        codes=("wrong_payment",),
        title=N_("Last raid not paid"),
        short=N_("Opponent gains 3 VP"),
    ),
    Ruling(
        "limits_at_the_end",
        N_(
            "When the 12th tribe card ends the game, the 10-goods and 3-gold limits are not "
            "applied: the tie-break counts what players hold."
        ),
        N_("The limits concern what is taken into the next round, and there is none."),
        LIMITS,
        WORDINGS["limits_at_the_end"],
        (
            Alternative(
                "limits_always",
                N_(
                    "The limits are applied at the end of the last round too, before the tie-break."
                ),
                short=N_("Applied"),
            ),
        ),
        title=N_("Goods and gold limits when a 12th card ends the game"),
        short=N_("Not applied"),
    ),
    Ruling(
        "after_round_12",
        N_("After round 12 the app does not ask for the cards turned up: they can never be used."),
        N_("Raid 4 follows at once and ends the game, so the turned-up cards play no part."),
        END,
        WORDINGS["after_round_12"],
    ),
)
