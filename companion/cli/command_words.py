"""The core's command names, and where a command line names its command: what the start
(:mod:`companion.cli.start`) and the hand-over to the resident process
(:mod:`companion.cli.handoff`) decide on before anything else is imported. This module imports
nothing."""

AFTER_GAME_COMMANDS = ("export", "history", "stats", "players", "backup", "restore", "location")
"""After the game (:mod:`companion.cli.after_game`)."""
CORE_COMMANDS = frozenset({"rules", "game", "settings", "labels", *AFTER_GAME_COMMANDS})
"""The commands of the core's own that no installed command adds to: naming one, the command line
is built without looking up the installed ones (``importlib.metadata`` reads every installed
package's metadata: the largest part of a ``game act``'s start but the rules)."""

TABLE_OPTIONS_WITH_VALUES = ("--config", "--db", "--lang")
TABLE_FLAGS = ("--take-over-database",)


def command_word(arguments: list[str]) -> int | None:
    """Where the command's name is in ``arguments``, after the table's own options; None when
    anything else comes first (``--help``, ``--version``, an abbreviated option)."""
    at = 0
    while at < len(arguments):
        word = arguments[at]
        if word in TABLE_OPTIONS_WITH_VALUES:
            at += 2
        elif word in TABLE_FLAGS or word.startswith(
            tuple(f"{option}=" for option in TABLE_OPTIONS_WITH_VALUES)
        ):
            at += 1
        elif word.startswith("-"):
            return None
        else:
            return at
    return None
