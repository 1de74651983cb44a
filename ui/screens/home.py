"""Home: start a game (which game, who plays in which colour, who starts), resume an unfinished one
exactly where it stopped, or reopen a finished game's score sheet.

Everything is chosen by touch: the game by its title, a seat's name from the players this table
played with (the most recent first) or typed on the on-screen keyboard, its colour by the piece's
shape and colour, who starts by a tap on their seat. Every seat (up to five) and Start are in view.
House rules (the game's alternatives to the app's rulings, the table's settings first) are one tap
away beside Start.

Home is the first frame: it loads no game's rules until the app has drawn it (:meth:`settle`), nor
its rulings unless the table's settings hold some for the chosen game, and makes the buttons of the
games its two lists show in view only (:meth:`make_what_shows`), the others once the frame is
drawn. Where each unfinished game stands is read as kept with its last
entry (:mod:`companion.storage.standings`) and worded here; one not kept (or no longer its log's)
is worked out from the log once the frame is drawn, and shown only then."""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.after.player_names import MAX_NAME, check_name
from companion.installation.errors import InputError
from companion.installation.i18n import N_, _, ngettext
from companion.rules.registry import GAMES, rules_for, spec_for
from companion.store import (
    DamagedSettingError,
    GameSummary,
    Standing,
    Store,
    StoreError,
    readable,
)
from ui.design import BUTTON, badge
from ui.kv import load_kv
from ui.moments import stored_moment_text
from ui.spacing import tied
from ui.widgets import BigButton, reuse_children

logger = logging.getLogger(__name__)

COLOURS = ("blue", "white", "red", "yellow", "green", "black", "orange", "purple")
"""Colours offered for players (the rules take any name; these are the printed pieces')."""
COLOUR_NAMES = {
    "blue": N_("blue"),
    "white": N_("white"),
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "black": N_("black"),
    "orange": N_("orange"),
    "purple": N_("purple"),
}
FIRST_SEATS = 2
"""Seats the form shows before the first frame is drawn (the fewest the built-in games play with);
:meth:`HomeScreen.settle` then seats what the chosen game needs."""
RECENT_NAMES = 12
"""Recent players the name chooser offers."""


def player_counts(game: str) -> tuple[int, int]:
    """The fewest and most players ``game`` is played by (its spec's: no rules are loaded)."""
    spec = spec_for(game)
    return spec.min_players, spec.max_players


def game_title(game: str) -> str:
    """A game's title as the table knows it (its spec's, translated), not its id."""
    spec = GAMES.get(game)
    return spec.title() if spec is not None else game.capitalize()


def colour_text(colour: str) -> str:
    """The piece's shape drawn in its colour, then the colour's name."""
    return f"{badge(colour, on=BUTTON)} {_(COLOUR_NAMES.get(colour, colour))}"


class GameChoice(BoxLayout):
    """One button per game, by its title; ``text`` is the chosen game's id."""

    text = StringProperty("")
    values = ListProperty([])

    def on_values(self, *_args: object) -> None:
        self.clear_widgets()
        for game in self.values:
            button = GameButton(game=game, text=game_title(game))
            button.bind(on_release=lambda b: setattr(self, "text", b.game))
            self.add_widget(button)
        self.on_text()

    def on_text(self, *_args: object) -> None:
        for button in self.children:
            button.chosen = button.game == self.text


class GameButton(BigButton):
    game = StringProperty("")
    chosen = BooleanProperty(False)


class ColourButton(BigButton):
    """A seat's colour, shown by its piece's shape and its name."""

    colour = StringProperty("")

    def on_colour(self, *_args: object) -> None:
        self.text = colour_text(self.colour)


class StartButton(BigButton):
    """Marks the seat that starts (an arrow on it: not told by colour alone)."""

    chosen = BooleanProperty(False)


class PlayerRow(BoxLayout):
    """One seat of the new game: a colour, a name (``ids.name.text``) and whether it starts."""

    seat = StringProperty("")
    colour_chosen = BooleanProperty(False)
    """The table chose this seat's colour (or its player brought theirs): not given away."""


class HomeScreen(Screen):
    message = StringProperty("")
    house_rules_text = StringProperty("")
    """The House rules button's text: how many the new game has chosen."""

    def __init__(self, nav: Any, store: Store, first_frame: bool = False, **kwargs: Any) -> None:
        """``first_frame``: Home is built for the app's first frame; the finished games out of
        view get their buttons after it (:meth:`make_what_shows`, :meth:`settle`)."""
        super().__init__(**kwargs)
        self.nav = nav
        self.store = store
        self.first_frame = first_frame
        self.start_seat = 0
        """The seat (0-based) that starts."""
        self.house_rules: dict[str, str] = {}
        """The new game's house rules (ruling id -> alternative id), the table's settings first."""
        self.house_rules_picked = False
        """Whether the table picked this game's house rules (the dialog, Play again); until it
        does they follow the table's settings, which may change while Home is away."""
        self._settled = False
        self._worked_out: dict[tuple[str, int], Standing | None] = {}
        """Standings worked out from a game's log (not kept, or no longer its log's), by game id
        and last entry: kept here too, for a store that cannot keep them."""
        self._unknown = False
        """The unfinished games' list left a standing to work out once the first frame is up."""
        self.ids.game.values = sorted(GAMES)
        self.ids.game.text = sorted(GAMES)[0]  # no rules loaded yet: see settle()
        self._settled = True

    def on_pre_enter(self, *_args: object) -> None:
        if not self.house_rules_picked:
            self.set_house_rules(self._table_house_rules(self.ids.game.text))
        self.refresh()

    # --- new game -------------------------------------------------------------------------------

    def choose_game(self, name: str) -> None:
        """Seat as many players as the game needs at least."""
        if not self._settled:
            return
        fewest, _most = player_counts(name)
        rows = self.ids.players
        while len(rows.children) > fewest:
            rows.remove_widget(rows.children[0])
        while len(rows.children) < fewest:
            self.add_seat()
        self.message = ""
        self.mark_start()
        self.set_house_rules(self._table_house_rules(name))
        self.house_rules_picked = False
        from companion.rules.rulings import offered  # once the first frame is drawn

        self.ids.house_rules.disabled = not offered(name)

    @staticmethod
    def rules_label(game: str) -> str:
        """The Rules button's words: the chosen game's rules."""
        return _("Rules: {game}").format(game=game_title(game)) if game else _("Rules")

    def settle(self) -> None:
        """Seat what the chosen game needs (once the first frame is drawn: this loads its rules),
        and make the finished games' buttons the first frame did not show. A notice about the
        database shown before (damaged, lost its games) stays."""
        self.first_frame = False
        if self._unknown:  # where they stand, from their logs now
            unfinished, _none = self.store.latest_games(0)
            self._list(self.ids.unfinished, unfinished, self.nav.resume, STANDING_SHOWN)
        for container in (self.ids.unfinished, self.ids.finished):
            self._make(container, self._places(container), out_of_view=True)
        notice = self.message
        self.choose_game(self.ids.game.text)
        self.message = notice

    def add_player(self) -> None:
        _fewest, most = player_counts(self.ids.game.text)
        if len(self.ids.players.children) >= most:
            self.message = ngettext(
                "{game} is played by at most {n} player.",
                "{game} is played by at most {n} players.",
                most,
            ).format(game=game_title(self.ids.game.text), n=most)
            return
        self.message = ""
        self.add_seat()

    def add_seat(self) -> None:
        rows = self.ids.players
        seat = len(rows.children)
        row = PlayerRow(seat=str(seat + 1))
        row.ids.name.text = _("Player {n}").format(n=seat + 1)
        taken = {r.ids.colour.colour for r in self.seats()}
        row.ids.colour.colour = next((c for c in COLOURS if c not in taken), COLOURS[0])
        row.ids.name.bind(on_release=lambda _b, r=row: self.ask_name(r))
        row.ids.colour.bind(on_release=lambda _b, r=row: self.ask_colour(r))
        row.ids.starts.bind(on_release=lambda _b, r=row: self.choose_start(r))
        rows.add_widget(row)
        self.mark_start()

    def remove_player(self) -> None:
        fewest, _most = player_counts(self.ids.game.text)
        rows = self.ids.players
        if len(rows.children) <= fewest:
            self.message = ngettext(
                "{game} needs at least {n} player.", "{game} needs at least {n} players.", fewest
            ).format(game=game_title(self.ids.game.text), n=fewest)
            return
        self.message = ""
        rows.remove_widget(rows.children[0])
        self.mark_start()

    def seats(self) -> list[PlayerRow]:
        return list(reversed(self.ids.players.children))

    def mark_start(self) -> None:
        """Show which seat starts (the first, if that seat is gone)."""
        rows = self.seats()
        if self.start_seat >= len(rows):
            self.start_seat = 0
        for seat, row in enumerate(rows):
            row.ids.starts.chosen = seat == self.start_seat

    def choose_start(self, row: PlayerRow) -> None:
        self.start_seat = self.seats().index(row)
        self.mark_start()

    # --- house rules ----------------------------------------------------------------------------

    def _table_house_rules(self, game: str) -> dict[str, str]:
        """The house rules the table's settings choose for every new game of ``game``. A game the
        table has set nothing for has none (:func:`~companion.rules.rulings.chosen` of no options):
        its rulings are not loaded for that (the first frame's House rules button)."""
        try:
            settings = self.store.list_settings(game)
        except DamagedSettingError:  # Start names it
            return {}
        if not settings:
            return {}
        from companion.rules.rulings import chosen

        return chosen(game, settings)

    def pick_house_rules(self, choices: dict[str, str]) -> None:
        """The table's own choice for this game: it stands until another game is chosen."""
        self.set_house_rules(choices)
        self.house_rules_picked = True

    def set_house_rules(self, choices: dict[str, str]) -> None:
        self.house_rules = choices
        n = len(choices)
        self.house_rules_text = _("House rules ({n})").format(n=n) if n else _("House rules")

    def ask_house_rules(self) -> None:
        """The game's rulings with an alternative, the new game's choice marked."""
        from companion.rules.rulings import offered
        from ui.house_rules import choose_house_rules  # the dialog (and its rules) on first use

        game = self.ids.game.text
        choose_house_rules(
            _("House rules for this game of {game}").format(game=game_title(game)),
            offered(game),
            self.house_rules,
            self.pick_house_rules,
        )

    # --- names and colours, by touch ------------------------------------------------------------

    def ask_name(self, row: PlayerRow) -> None:
        """Offer the recent players not seated yet; a new name is typed on the keyboard."""
        from ui.picker import pick  # the chooser (and its rules) on first use, not at start

        seated = {r.ids.name.text for r in self.seats() if r is not row}
        recent = [p for p in self.store.recent_players(RECENT_NAMES) if p.name not in seated]
        if not recent:
            self.type_name(row)
            return
        pick(
            _("Who sits in seat {n}?").format(n=row.seat),
            [(p.name, partial(self.set_name, row, p.name, p.colour)) for p in recent],
            [(_("New name…"), lambda: self.type_name(row))],
        )

    def type_name(self, row: PlayerRow) -> None:
        from ui.keyboard import ask_text  # the keyboard (and its rules) on first use

        ask_text(
            _("Name in seat {n}").format(n=row.seat),
            lambda text: self.set_name(row, text),
            max_length=MAX_NAME,
        )

    def set_name(self, row: PlayerRow, name: str, colour: str | None = None) -> None:
        """Seat ``name`` (an empty name changes nothing) with their last ``colour``, unless
        another seat's colour was chosen as that one. A name against the one rule for names
        (:mod:`companion.after.player_names`) is explained and not seated."""
        if not name:
            return
        try:
            check_name(name, _("Seat {n}").format(n=row.seat))
        except InputError as error:
            self.message = error.message
            return
        row.ids.name.text = name
        holders = [r for r in self.seats() if r is not row and r.ids.colour.colour == colour]
        if colour in COLOURS and not any(r.colour_chosen for r in holders):
            self.set_colour(row, colour)

    def ask_colour(self, row: PlayerRow) -> None:
        from ui.picker import pick

        pick(
            _("Colour of {name}").format(name=row.ids.name.text),
            [(colour_text(c), partial(self.set_colour, row, c)) for c in COLOURS],
            cols=4,
        )

    def set_colour(self, row: PlayerRow, colour: str) -> None:
        """Give ``row`` ``colour``; a seat that had it takes ``row``'s (a swap)."""
        for other in self.seats():
            if other is not row and other.ids.colour.colour == colour:
                other.ids.colour.colour = row.ids.colour.colour
        row.ids.colour.colour = colour
        row.colour_chosen = True

    def seat_players(
        self,
        game: str,
        players: list[tuple[str, str]],
        start_seat: int,
        house_rules: dict[str, str] | None = None,
    ) -> None:
        """Fill the form for a new game of ``game`` with ``players`` ((name, colour) by seat), who
        starts and the ``house_rules`` (else the table's settings): the table checks it and taps
        Start."""
        self.ids.game.text = game
        self.choose_game(game)
        if house_rules is not None:
            self.pick_house_rules(dict(house_rules))
        rows = self.ids.players
        while len(rows.children) > len(players):
            rows.remove_widget(rows.children[0])
        while len(rows.children) < len(players):
            self.add_seat()
        for row, (name, colour) in zip(self.seats(), players, strict=True):
            row.ids.name.text = name
            row.ids.colour.colour = colour
            row.colour_chosen = True
        self.start_seat = start_seat if 0 <= start_seat < len(players) else 0
        self.mark_start()
        self.message = ""

    def start(self) -> None:
        """Create the game from the form; a refused option is explained and nothing is created."""
        from companion.rules.rulings import game_options

        rules = rules_for(self.ids.game.text)
        players = [
            {"name": r.ids.name.text.strip(), "colour": r.ids.colour.colour} for r in self.seats()
        ]
        try:
            stored = rules.stored_options(self.store.list_settings(rules.name))
            house_rules = game_options(rules.name, self.house_rules, complete=True)
            options = rules.parse_options(
                {**stored, "players": players, "start_player": self.start_seat, **house_rules}
            )
        except InputError as error:
            self.message = error.message
            return
        except DamagedSettingError as error:  # named: which game's setting, which key
            self.message = str(error)
            return
        self.message = ""
        self.house_rules_picked = False  # the next game's follow the settings again
        self.nav.new_game(rules, options)

    # --- stored games ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """List unfinished games (resume) and the :data:`RECENT_FINISHED` latest finished ones
        (score sheet; History has them all), the latest first. The other finished games are not
        read, and the lists' buttons are given their new games (making a button costs far more)."""
        while len(self.ids.players.children) < FIRST_SEATS:
            self.add_seat()
        unfinished, finished = self.store.latest_games(RECENT_FINISHED)
        later = self.first_frame
        self._list(self.ids.unfinished, unfinished, self.nav.resume, STANDING_SHOWN, later)
        self._list(self.ids.finished, finished, self.nav.finished_sheet, 0, later)

    def _list(
        self,
        container: Any,
        games: list[GameSummary],
        opening: Callable[[str], None],
        standings: int,
        later: bool = False,
    ) -> None:
        """A button per game of ``games`` in ``container``, the latest first; a tap calls
        ``opening(game id)``. The first ``standings`` say where their game stands. ``later``: a
        :class:`GamePlace` per game instead, each given its button by :meth:`_make`."""
        latest = sorted(games, key=lambda g: g.updated_at, reverse=True)
        stands = self._standings(latest[:standings])
        fills = [partial(self._show_game, game, opening, stands.get(game.id)) for game in latest]
        for place in self._places(container):
            container.remove_widget(place)
        if later:
            container.clear_widgets()
            for fill in fills:
                container.add_widget(GamePlace(fill))
            return
        buttons = reuse_children(container, len(latest), GameListButton)
        for button, fill in zip(buttons, fills, strict=True):
            fill(button)

    def _standings(self, games: list[GameSummary]) -> dict[str, Standing]:
        """Where each of ``games`` stands: as kept with its last entry (one read, no rules), else
        worked out from its log (:func:`~companion.play.standing.work_out`), which waits for the
        first frame to be drawn (:meth:`settle`): until then the game shows no standing. A game
        whose log does not read shows none."""
        if not games:
            return {}
        kept = self.store.standings((game.id, game.last_seq) for game in games)
        unknown = [game for game in games if game.id not in kept]
        self._unknown = bool(unknown) and self.first_frame
        if unknown and not self.first_frame:
            from companion.play.standing import work_out  # a game's rules: after the first frame

            for game in unknown:
                key = (game.id, game.last_seq)
                if key not in self._worked_out:
                    self._worked_out[key] = work_out(self.store, game.id)
        for game in unknown:
            worked_out = self._worked_out.get((game.id, game.last_seq))
            if worked_out is not None:
                kept[game.id] = worked_out
        return kept

    def _show_game(
        self,
        game: GameSummary,
        opening: Callable[[str], None],
        stands: Standing | None,
        button: Any,
    ) -> None:
        """``button`` made ``game``'s: its title, who played, where it ``stands`` if given, when;
        a tap calls ``opening(game id)``."""
        try:  # the options alone: checking every game's log on each visit is Resume's job
            players = self.store.game_info(game.id)[0].get("players", [])
        except StoreError:  # a damaged record is listed all the same; opening it says why
            players = []
        who = _(" vs ").join(p.get("name", "?") if isinstance(p, dict) else str(p) for p in players)
        when = stored_moment_text(game.updated_at)
        parts = [game_title(game.game), who]
        if stands is not None:
            parts.append(standing_text(stands))
        button.text = readable(" · ".join(part for part in (*parts, when) if part))
        button.opens = partial(opening, game.id)

    def make_what_shows(self) -> None:
        """Once Home is laid out at the window's size, before its first frame: the buttons of the
        games each list shows in its view (scrolled to its top); the others wait for
        :meth:`settle`. Making a button is some 1 ms of CPU here; each list has about two in view
        at 800x480 (of the ten finished games, of however many unfinished ones). The view is
        measured before the labels around it have their text's height (the headings, the cue): it
        is drawn lower, never higher, so a button may be made that the first frame does not show,
        never a place that it does."""
        for container in (self.ids.unfinished, self.ids.finished):
            self._make(container, self._places(container), out_of_view=False)

    def _places(self, container: Any) -> list[GamePlace]:
        """The places in ``container`` (a list of games) still waiting for a button, the list's
        first first."""
        return [place for place in reversed(container.children) if isinstance(place, GamePlace)]

    def _make(self, container: Any, places: list[GamePlace], out_of_view: bool) -> None:
        """Give each of ``places`` its button (stopping at the first below the view of
        ``container``'s list, unless ``out_of_view``), then lay the list out: each new label
        renders its text once, at its width."""
        if not places:
            return
        view, first = container.parent, container.children[-1]  # the list's ScrollView, its top
        for place in places:
            if not out_of_view and first.top - place.top >= view.height:
                break
            button = GameListButton()
            place.fill(button)
            at = container.children.index(place)
            container.remove_widget(place)
            container.add_widget(button, index=at)
        container.do_layout()


RECENT_FINISHED = 10
"""Finished games Home lists, the latest first: a button each for a thousand games took seconds
at every visit of Home (History lists them all, a page at a time)."""


STANDING_SHOWN = 5
"""Unfinished games (the latest) whose round and player to move Home's list says."""


def standing_text(stands: Standing) -> str:
    """Where an unfinished game stands, in words: ``Round 3 · Amal to move`` as far as the game has
    rounds and one player to move."""
    parts = []
    if stands.round:
        parts.append(_("Round {n}").format(n=stands.round))
    if stands.seat is not None:
        parts.append(_("{name} to move").format(name=stands.name))
    return tied(" · ".join(parts))


class GamePlace(Widget):
    """A game's place in one of Home's lists until its button is made (:meth:`HomeScreen._make`):
    as high as the button, so that the list, its scroll bar and its cue (which counts it as the
    button it stands for) read the same; ``fill(button)`` makes a button the game's."""

    audit_role = "item"
    """Counted by the list's cue (:class:`ui.widgets.MoreCue`), as its button will be."""

    def __init__(self, fill: Callable[[Any], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fill = fill


class GameListButton(BigButton):
    """A stored game in Home's lists (an item of a list: scrolling to it is by design); a tap
    calls ``opens`` (given anew when the button is reused for another game)."""

    audit_role = "option"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.opens: Callable[[], None] = lambda: None
        self.bind(on_release=lambda button: button.opens())


load_kv(__file__)
