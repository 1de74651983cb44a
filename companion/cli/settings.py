"""``table-companion settings ...``: what a table confirmed once and every new game starts with.

``list [GAME]``, ``get GAME KEY`` and ``set GAME KEY JSON`` print one JSON object. Besides each
game's own keys, the exports' (:mod:`companion.after.exports.table_facts`): ``GAME bgg_id`` for every
game and ``app time_zone`` (``list app`` lists the table's own settings). ``set`` reads the JSON
with the CLI's strict reader (:mod:`companion.installation.json_input`) and replaces the stored value once the
game's own check accepts it (the one the screens use: its spec's
:class:`~companion.rules.spec.TableSettings`); a malformed, oversized or invalid value changes nothing
and exits 2 naming the field. An accepted action that teaches the app something about the table (a card value
confirmed, a printed load, a board correction) is stored by the session that logs it
(:meth:`companion.play.session.Session.submit`), from the command line and the screen alike.
"""

from __future__ import annotations

import argparse
import logging
from typing import Any

from companion.after.exports import table_facts
from companion.cli.help_text import GamesHelp
from companion.installation.errors import InputError
from companion.installation.json_input import read_json
from companion.rules.registry import GAMES
from companion.rules.spec import TableSettings
from companion.store import Store

logger = logging.getLogger(__name__)


READING_VERBS = ("list", "get")
"""Verbs that only read: they work on a database on a read-only mount."""


def add_parser(commands: Any) -> None:
    """The ``settings`` command and its verbs, on the CLI's subparsers ``commands``."""
    settings = commands.add_parser(
        "settings", help="what this table confirmed once (card values, layouts, loads, variant)"
    )
    verbs = settings.add_subparsers(dest="settings_verb", required=True)
    game_help = GamesHelp("the game: ", _games)
    listing = verbs.add_parser("list", help="every setting of one game, or of every game")
    listing.add_argument("game", nargs="?", help=game_help)
    get = verbs.add_parser("get", help="one setting (null: not stored)")
    get.add_argument("game", help=game_help)
    get.add_argument("key", help=_KeysHelp("the setting"))
    put = verbs.add_parser("set", help="store one setting, checked as the touchscreen checks it")
    put.add_argument("game", help=game_help)
    put.add_argument("key", help=_KeysHelp("the setting"))
    put.add_argument(
        "value", help="the value as JSON: a string in double quotes ('\"dealt\"'), an object"
    )


class _KeysHelp(str):
    """A help text naming every game's setting keys, worked out only when help is printed (each
    game's settings are loaded for it): argparse fills a help text in with ``%``."""

    def __mod__(self, values: object) -> str:
        keys = "; ".join(f"{game}: {', '.join(_settings(game).keys)}" for game in _games())
        return f"{self} ({keys})"


def run(args: argparse.Namespace, store: Store) -> dict[str, Any]:
    """The JSON answer to ``settings`` ``args``; :class:`InputError` for bad input (exit 2)."""
    if args.settings_verb == "list":
        games = [args.game] if args.game is not None else _games()
        return {game: _listing(store, game) for game in games}
    if _table_fact(args.game, args.key):  # the exports' settings (any game, and the table's own)
        if args.settings_verb == "set":
            value = table_facts.check(args.game, args.key, _read_value(args.value))
            store.set_setting(args.game, args.key, value)
        else:
            value = store.get_setting(args.game, args.key)
        return {"game": args.game, "key": args.key, "value": value}
    settings = _settings(args.game)
    if args.key not in settings.keys:
        raise InputError(
            "unknown_setting",
            f"key: game {args.game!r} has no setting {args.key!r}; known: {list(settings.keys)}",
        )
    if args.settings_verb == "set":
        value = settings.check(args.key, _read_value(args.value))
        store.set_setting(args.game, args.key, value)
        logger.info("%s setting %s stored", args.game, args.key)
    else:
        value = store.get_setting(args.game, args.key)
    return {"game": args.game, "key": args.key, "value": value}


def _read_value(text: str) -> Any:
    """The JSON value to store, read strictly; a bare word is hinted at as a string needing quotes."""
    try:
        return read_json(text, "value")
    except InputError as error:
        word = text.strip()
        if error.code != "malformed_json" or not word[:1].isalpha():
            raise
        hint = f"; a string is JSON in double quotes: '\"{word}\"'"
        raise InputError(error.code, f"{error.message}{hint}") from None


def _table_fact(game: str, key: str) -> bool:
    """Whether ``game`` ``key`` is one of :mod:`companion.after.exports.table_facts`' settings."""
    if game == table_facts.APP:
        return True
    return game in GAMES and key in table_facts.GAME_KEYS


def _games() -> list[str]:
    """Every game that has table settings."""
    return [name for name, spec in GAMES.items() if spec.settings is not None]


def _settings(game: str) -> TableSettings:
    spec = GAMES.get(game)
    if spec is None or spec.settings is None:
        raise InputError("unknown_game", f"game: no settings for game {game!r}; games: {_games()}")
    return spec.settings()


def _listing(store: Store, game: str) -> dict[str, Any]:
    """Every known key (null where nothing is stored), and anything else stored for ``game``."""
    stored = store.list_settings(game)
    if game == table_facts.APP:
        return dict(sorted({**dict.fromkeys(table_facts.APP_KEYS), **stored}.items()))
    known = dict.fromkeys(_settings(game).keys)
    return dict(sorted({**known, **stored}.items()))
