"""Help texts that name every game, listed only when the help is printed: listing the games reads
every installed package's metadata (for plug-in games), which a command that names its game, such
as ``game act``, never needs."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.rules.registry import GAMES


class GamesHelp(str):
    """``prefix`` and the names ``games()`` lists (every game by default), joined by commas when
    argparse fills the help text in with ``%``, i.e. when it is printed."""

    games: Callable[[], Iterable[str]]

    def __new__(cls, prefix: str, games: Callable[[], Iterable[str]] = lambda: GAMES) -> GamesHelp:
        text = super().__new__(cls, prefix)
        text.games = games
        return text

    def __mod__(self, values: object) -> str:
        return f"{self}{', '.join(self.games())}"
