"""The players the table knows, the most recently played first, each with their colour's badge
and how many games they played. A tap on one offers to rename them (typed on the on-screen
keyboard) or to merge them into another player (chosen by a tap, then confirmed in words naming
both and how many games move). Both go through :mod:`companion.after.players`, as the CLI's do: every
game's history follows at once, and each game's own log keeps the name it was played under."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from babel.dates import format_date
from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.after import players as player_records
from companion.after.player_names import MAX_NAME
from companion.installation.errors import InputError
from companion.installation.i18n import _, current_language, ngettext
from ui.design import badge
from ui.keyboard import ask_text
from ui.kv import load_kv
from ui.picker import pick

logger = logging.getLogger(__name__)

Player = dict[str, Any]
"""A player as :func:`companion.after.players.as_dict` gives it."""


def games_text(count: int) -> str:
    return ngettext("{count} game", "{count} games", count).format(count=count)


def player_text(player: Player) -> str:
    """``● A Amal · 5 games · last played 23 Nov 2026`` (markup)."""
    name = escape_markup(player["name"])
    parts = [
        f"{badge(player['colour'], player['name'])} [b]{name}[/b]",
        games_text(player["games"]),
    ]
    if player["last_played_at"]:
        moment = datetime.fromisoformat(player["last_played_at"]).astimezone()
        day = format_date(moment, "medium", locale=current_language())
        parts.append(_("last played {day}").format(day=day))
    return " · ".join(parts)


class KnownPlayerRow(ButtonBehavior, Label):
    """One player; a tap offers rename and merge."""

    audit_role = "option"


class PlayersScreen(Screen):
    message = StringProperty("")
    """What the last rename or merge did, or why it was refused."""
    refused = BooleanProperty(False)
    empty = StringProperty("")

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.back_to = "history"
        self.known: list[Player] = []

    def on_pre_enter(self, *_args: Any) -> None:
        self.say("")
        self.render()

    def render(self) -> None:
        self.known = player_records.listing(self.nav.store)
        rows = self.ids.rows
        rows.clear_widgets()
        for player in self.known:
            row = KnownPlayerRow(text=player_text(player))
            row.bind(on_release=lambda _row, p=player: self.choose(p))
            rows.add_widget(row)
        self.empty = "" if self.known else _("No players yet: they are kept once a game starts.")

    def say(self, text: str, *, refused: bool = False) -> None:
        self.message = text
        self.refused = refused

    def choose(self, player: Player) -> None:
        name = player["name"]
        options = [(_("Rename"), lambda: self.ask_name(name))]
        if len(self.known) > 1:
            options.append((_("Merge into another player"), lambda: self.ask_target(player)))
        title = f"{name} · {games_text(player['games'])}"
        pick(title, options, cols=1)

    # --- rename ---------------------------------------------------------------------------------

    def ask_name(self, name: str) -> None:
        ask_text(
            _("New name for {name}").format(name=name),
            lambda typed: self.rename(name, typed),
            name,
            max_length=MAX_NAME,
        )

    def rename(self, old: str, new: str) -> None:
        """Rename ``old``; a name another player has is refused, and merging them offered."""
        if not new or new == old:
            return
        try:
            renamed = player_records.rename(self.nav.store, old, new)
        except InputError as error:
            if error.code == "player_exists":
                self.offer_merge(old, new)
            else:
                self.say(
                    _("{name} keeps their name: {reason}").format(name=old, reason=error.message),
                    refused=True,
                )
            return
        self.say(_("{old} is now {new}, in every game.").format(old=old, new=renamed["name"]))
        self.render()

    def offer_merge(self, old: str, taken: str) -> None:
        target = next((p for p in self.known if p["name"].casefold() == taken.casefold()), None)
        self.say(
            _("{name} is already another player's name: {old} keeps their name.").format(
                name=taken, old=old
            ),
            refused=True,
        )
        source = next((p for p in self.known if p["name"] == old), None)
        if target is not None and source is not None:
            self.confirm_merge(source, target, taken_name=True)

    # --- merge ----------------------------------------------------------------------------------

    def ask_target(self, source: Player) -> None:
        others = [p for p in self.known if p["id"] != source["id"]]
        options = [
            (
                f"{badge(p['colour'], p['name'])} {escape_markup(p['name'])}",
                lambda p=p: self.confirm_merge(source, p),
            )
            for p in others
        ]
        pick(_("Merge {name} into which player?").format(name=source["name"]), options, cols=2)

    def confirm_merge(self, source: Player, target: Player, *, taken_name: bool = False) -> None:
        """Say in words what the merge does before it is done."""
        moved = source["games"]
        question = ngettext(
            "Merge {source} into {target}? {source}'s {count} game becomes {target}'s, and the "
            "name {source} is no longer listed.",
            "Merge {source} into {target}? {source}'s {count} games become {target}'s, and the "
            "name {source} is no longer listed.",
            moved,
        ).format(source=source["name"], target=target["name"], count=moved)
        if taken_name:
            question = (
                _("{name} is already another player's name.").format(name=target["name"])
                + " "
                + question
            )
        pick(
            question,
            [
                (
                    _("Merge {source} into {target}").format(
                        source=escape_markup(source["name"]), target=escape_markup(target["name"])
                    ),
                    lambda: self.merge(source["name"], target["name"]),
                )
            ],
            cols=1,
        )

    def merge(self, source: str, target: str) -> None:
        try:
            merged = player_records.merge(self.nav.store, source, target)
        except InputError as error:
            self.say(_("Not merged: {reason}").format(reason=error.message), refused=True)
            return
        self.say(
            ngettext(
                "{source} merged into {target}: {count} game moved.",
                "{source} merged into {target}: {count} games moved.",
                merged["seats"],
            ).format(source=source, target=target, count=merged["seats"])
        )
        self.render()

    def back(self) -> None:
        self.nav.go(self.back_to)


load_kv(__file__)
