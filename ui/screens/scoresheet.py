"""The score sheet of any game, leading with what the table asks first: who won (their colour's
badge and name, with their points), the tie-break in words when it decided, then every player's
total and rank; the categories follow, in a table that may scroll under them.

The words and every figure come from the core (:mod:`companion.rules.sheet_words`, the sheet itself):
this screen computes no score.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.metrics import dp
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import Screen
from kivy.utils import escape_markup

from companion.after import history
from companion.after.exports import bgstats, table_facts
from companion.after.history import Play
from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.rules.registry import GAMES, spec_for
from companion.rules.rulings import chosen
from companion.rules.scoresheet import ScoreSheet
from companion.rules.sheet_words import headline, tiebreak
from companion.store import Store
from ui.design import PAD, badge
from ui.keyboard import ask_text
from ui.kv import load_kv
from ui.qr import code_texture
from ui.widgets import reuse_children

_log = logging.getLogger(__name__)

QUIET_ZONE = 4
CODE_AHEAD_AFTER = 0.2
"""Seconds after a finished game's sheet shows at which its BG Stats code is made ahead (its
first frame drawn first)."""
"""Modules of white around a QR code, as segno draws it (the standard's minimum)."""
LABEL_SHARE = 0.3
"""The share of the width the category names take; the players share the rest equally."""
CROWDED_LABEL_SHARE = 0.22
"""The category names' share with more than :data:`ROOMY_PLAYERS` players (names need room)."""
ROOMY_PLAYERS = 3


class SheetCell(Label):
    """One cell of the sheet's tables; a first-placed player's cells are framed."""

    leader = BooleanProperty(False)
    row_height = NumericProperty(0)
    """The height of the row's tallest text: every cell of a row is as high."""
    audit_role: str | None = None
    row_fit: Callable[..., None] | None = None
    """What keeps its row even (:func:`even_row`): a cell given another row drops its old one."""

    def given(self, text: str, *, bold: bool, share: float, leader: bool, role: str | None) -> None:
        """Show ``text`` in a cell made for an earlier sheet, or just made (a sheet opened again
        gives its cells new texts: making them took most of an opening's CPU)."""
        self.text, self.bold, self.size_hint_x, self.leader = text, bold, share, leader
        self.audit_role = role


def even_row(cells: list[SheetCell]) -> None:
    """Keep every cell of a row as high as the one whose text needs the most height."""

    def fit(*_args: Any) -> None:
        tallest = max(cell.texture_size[1] for cell in cells) + dp(6)
        for cell in cells:
            cell.row_height = tallest

    for cell in cells:
        if cell.row_fit is not None:
            cell.unbind(texture_size=cell.row_fit)
        cell.row_fit = fit
        cell.bind(texture_size=fit)
    fit()


class SheetNote(Label):
    """One of the sheet's notes (values used, figures not confirmed...), under the categories."""


Read = tuple[Play, table_facts.TableFacts, bgstats.Push]
"""A finished game's play, the table's facts and the play's BG Stats link."""


def play_read(store: Store, game_id: str) -> Read:
    """Game ``game_id``'s :data:`Read` now; :class:`InputError` if it has no code."""
    play = history.load_play(store, game_id)
    table = table_facts.read(store)
    return play, table, bgstats.push(play, table)


class ScoreSheetScreen(Screen):
    heading = StringProperty("")
    winner = StringProperty("")
    """Markup: the first-placed players' badges, then who wins (or leads) with how many points."""
    tiebreak = StringProperty("")
    leaders = NumericProperty(0)
    """How many share first place: more than two are named in smaller type."""

    recordable = BooleanProperty(False)
    """A finished game's sheet: BG Stats can record the play from its QR code."""

    def __init__(self, nav: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.back_to = "home"
        self.sheet: ScoreSheet | None = None
        self.game_id: str | None = None
        self._code_ahead = Clock.create_trigger(self._draw_code_ahead, CODE_AHEAD_AFTER)
        self._read_ahead: tuple[tuple[int, int], str, Read] | None = None
        """What :meth:`_draw_code_ahead` read: the store's changes then, the game, its read."""

    def show(self, sheet: ScoreSheet, back_to: str, game_id: str | None = None) -> None:
        """Show ``sheet``; ``game_id`` (of a finished game) offers its BG Stats QR code."""
        self.sheet = sheet
        self.back_to = back_to
        self.game_id = game_id if sheet.final else None
        self.recordable = self.game_id is not None
        self._code_ahead.cancel()
        if self.recordable:
            self._code_ahead()
        state = _("final") if sheet.final else _("so far")
        self.heading = _("{game} — score sheet ({state})").format(
            game=spec_for(sheet.game).title(), state=state
        )
        badges = " ".join(badge(self._colour(p), p) for p in sheet.leaders)
        self.leaders = len(sheet.leaders)
        self.winner = f"{badges}  {escape_markup(headline(sheet))}".strip()
        self.tiebreak = tiebreak(sheet)
        ranks = sheet.ranks
        summary = [
            ("", [f"{badge(self._colour(p))} {escape_markup(p)}" for p in sheet.players], None),
            (_("Total"), [str(sheet.totals[p]) for p in sheet.players], "primary"),
            (_("Rank"), [str(ranks[p]) for p in sheet.players], "primary"),
        ]
        self._fill(self.ids.summary, summary, bold=True)
        categories = [
            (c.label, [str(sheet.points[p][c.key]) for p in sheet.players], None)
            for c in sheet.categories
        ]
        self._fill(self.ids.table, categories, bold=False)
        notes = reuse_children(self.ids.notes, len(sheet.notes), SheetNote)
        for shown, note in zip(notes, sheet.notes, strict=True):
            shown.text = note
        self.ids.scroll.scroll_y = 1

    def _colour(self, player: str) -> str:
        assert self.sheet is not None
        return self.sheet.colours.get(player, "")

    def _fill(
        self, grid: Any, rows: Sequence[tuple[str, list[str], str | None]], *, bold: bool
    ) -> None:
        """One row per ``(label, a cell per player, audit role of the players' cells)``."""
        assert self.sheet is not None
        players = self.sheet.players
        leaders = set(self.sheet.leaders)
        label_share = LABEL_SHARE if len(players) <= ROOMY_PLAYERS else CROWDED_LABEL_SHARE
        share = (1 - label_share) / max(len(players), 1)
        grid.cols = len(players) + 1
        cells = iter(reuse_children(grid, len(rows) * grid.cols, SheetCell))
        for label, texts, role in rows:
            row = [next(cells)]
            row[0].given(
                escape_markup(label), bold=bold, share=label_share, leader=False, role=role
            )
            for player, text in zip(players, texts, strict=True):
                row.append(next(cells))
                row[-1].given(text, bold=bold, share=share, leader=bold and player in leaders,
                              role=role)  # fmt: skip
            even_row(row)

    def back(self) -> None:
        self.nav.go(self.back_to)

    def play_again(self) -> None:
        """New game, same players: Home with this game's players in their seats and colours,
        the next seat starting, and this game's house rules."""
        assert self.game_id is not None
        play = history.load_play(self.nav.store, self.game_id)
        seats = sorted(play.seats, key=lambda s: s.seat)
        starter = next((s.seat for s in seats if s.start_player), -1)
        options, _created = self.nav.store.game_info(self.game_id)
        self.nav.play_again(
            play.game,
            [(s.name, s.colour) for s in seats],
            (starter + 1) % len(seats),
            chosen(play.game, options),
        )

    def show_log(self) -> None:
        """The finished game's log, what happened when; Back returns to this sheet."""
        assert self.game_id is not None
        self.nav.game_log(self.game_id, back_to=self.name)

    def correct(self) -> None:
        """Correct the finished game; the sheet shows again, read anew, once it is logged."""
        assert self.game_id is not None
        self.nav.correct_finished(self.game_id, self.back_to)

    def stop_reading_ahead(self) -> None:
        """No code made ahead from now on (the app stops: its store closes)."""
        self._code_ahead.cancel()

    def _draw_code_ahead(self, _dt: float) -> None:
        """Make the BG Stats code of the game shown in a thread of its own, for the dialog that
        shows it (:meth:`show_bgstats`) to find it made; a play without a code is said by the
        dialog."""
        if self.game_id is None:
            return
        store = self.nav.store
        try:
            read = play_read(store, self.game_id)
        except InputError:
            return
        self._read_ahead = (store.changes(), self.game_id, read)
        bgstats.make_ahead(read[2])

    def show_bgstats(self) -> None:
        """The play as BG Stats' push-a-play link in a QR code, large enough for a phone; what the
        link leaves out to fit is said under it, and a play that cannot be shown says why."""
        assert self.game_id is not None
        store, ahead = self.nav.store, self._read_ahead
        fresh = ahead is not None and ahead[:2] == (store.changes(), self.game_id)
        dialog = BgStatsDialog(store, self.game_id, ahead[2] if fresh and ahead else None)
        dialog.open(animation=False)


class BgStatsDialog(ModalView):
    """The QR code of a finished play, with how to use it; for a game whose BoardGameGeek id no
    source gives, the table enters it here once (then every code carries it)."""

    note = StringProperty("")
    """What the code leaves out, or why there is no code."""
    code_side = NumericProperty(0)
    """The code's side in pixels: a whole number of pixels per module."""
    module_px = NumericProperty(0)
    bgg_asked = BooleanProperty(False)
    """The game has no sourced BoardGameGeek id: the table may enter one."""
    bgg_text = StringProperty("")

    def __init__(self, store: Store, game_id: str, read: Read | None = None, **kwargs: Any) -> None:
        """``read``: the play, the table's facts and the link as read with nothing committed
        since (else they are read now)."""
        super().__init__(**kwargs)
        self.store = store
        self.game_id = game_id
        self.game = ""
        self.refresh(read)

    def refresh(self, read: Read | None = None) -> None:
        """Read the play and the table's facts anew (unless ``read``) and draw the code."""
        try:
            play, table, pushed = read or play_read(self.store, self.game_id)
        except InputError as error:
            _log.warning("game %s: no BG Stats code: %s", self.game_id, error.message)
            self.note = _("No BG Stats code for this play: {reason}").format(reason=error.message)
            return
        self.game = play.game
        spec = GAMES.get(play.game)
        self.bgg_asked = spec is not None and spec.bgg_id is None
        entered = table.bgg_ids.get(play.game)
        self.bgg_text = (
            _("BoardGameGeek id: {id}").format(id=entered)
            if entered is not None
            else _("BoardGameGeek id: not set")
        )
        self.show_code(pushed)

    def show_code(self, pushed: bgstats.Push) -> None:
        """Draw ``pushed``'s code at the most whole pixels per module the dialog's height holds."""
        modules = pushed.modules + 2 * QUIET_ZONE
        room = Window.height * self.size_hint_y - 2 * dp(PAD)
        self.module_px = max(1, int(room // modules))
        self.code_side = self.module_px * modules
        self.ids.code.texture = code_texture(bgstats.qr(pushed), QUIET_ZONE)
        self.note = pushed.notice()

    def ask_bgg_id(self) -> None:
        """The on-screen keyboard, for the game's BoardGameGeek id (the number in its page's
        address: boardgamegeek.com/boardgame/NUMBER)."""
        current = table_facts.read(self.store).bgg_ids.get(self.game)
        ask_text(
            _("BoardGameGeek id of {game} (boardgamegeek.com/boardgame/…)").format(
                game=spec_for(self.game).title()
            ),
            self.store_bgg_id,
            "" if current is None else str(current),
            max_length=8,
            words=False,
        )

    def store_bgg_id(self, typed: str) -> None:
        """Keep the id the table typed (empty: forget it) and redraw the code with it."""
        try:
            value = None if typed == "" else int(typed) if typed.isdigit() else typed
            checked = table_facts.check(self.game, table_facts.BGG_ID, value)
        except InputError as error:
            self.note = error.message
            return
        self.store.set_setting(self.game, table_facts.BGG_ID, checked)
        _log.info("%s: BoardGameGeek id %s entered", self.game, checked)
        self.refresh()


load_kv(__file__)
