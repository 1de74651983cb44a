"""What every game screen shares: the table it shows, the game bar (the header band saying whose turn
it is, and its intents), refusals as a toast near the finger with the refused widget blinking, undo
and redo saying what they took back, the named buttons and scanned cards, and how it reaches the
other screens.

Generic in the game's state: a game's screen is ``class TargiScreen(GameScreen[TargiState])``, so
that its :attr:`GameScreen.state` and :attr:`GameScreen.table` are typed as that game's."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.label import Label
from kivy.uix.screenmanager import Screen
from kivy.uix.widget import Widget

from companion.installation.errors import InputError
from companion.installation.i18n import _
from companion.rules.verdict import Verdict
from companion.store import Store
from ui.game_widgets import why_text
from ui.header import HeaderBand, whose_turn
from ui.toast import Rect, Toast, flash

if TYPE_CHECKING:  # a game's table and sheet are not needed to draw Home, the first frame
    from companion.play.table import TableGame
    from companion.rules.scoresheet import ScoreSheet

StateT = TypeVar("StateT")
"""The state of the game a screen shows (``TargiState`` ...)."""

TAP_SECONDS = 0.5
"""A refusal this soon after a finger lifted answers that tap: the toast shows by it."""


class Navigator(Protocol):
    """What a screen may ask of the app (implemented by :class:`ui.app.CompanionApp`)."""

    store: Store
    """The games and settings on this installation (e.g. card values a table confirmed). Open: the
    app builds a screen given a navigator only once its database is (until then its ``store`` is
    None and only the storage notice shows; Kivy's untyped ``App`` base keeps mypy from checking)."""

    def home(self) -> None: ...

    def show_sheet(self, sheet: ScoreSheet, back_to: str, game_id: str | None = None) -> None: ...

    def correct(self, table: TableGame[Any, Any]) -> None: ...

    def back_to_game(self) -> None: ...

    def rules(self, game: str, back_to: str = "home") -> None: ...


def window_rect(widget: Widget) -> Rect:
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    return (left, bottom, right, top)


def phase_text(state: Any) -> str:
    """``Round 3 · placement · Amal to move`` from whatever of these the state has."""
    parts = []
    if getattr(state, "round", None):
        parts.append(_("Round {n}").format(n=state.round))
    phase = getattr(state, "phase", None)
    if phase is not None:
        parts.append(_(str(getattr(phase, "value", phase)).replace("_", " ")))
    seat = getattr(state, "to_move", None)
    players = getattr(state, "players", ())
    if isinstance(seat, int) and seat < len(players):
        parts.append(_("{name} to move").format(name=getattr(players[seat], "name", seat)))
    text = " · ".join(parts)
    return text[:1].upper() + text[1:]  # it may stand where a name goes: "Reveal", not "reveal"


class GameScreen(Screen, Generic[StateT]):
    """A screen showing one :class:`TableGame` of a game whose state is a ``StateT``; subclasses
    implement :meth:`render`."""

    def __init__(self, nav: Navigator, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.nav = nav
        self.table: TableGame[StateT, Any] | None = None
        """The game shown (None until :meth:`show`)."""
        self._reset_at = -1
        """The log's sequence number when half-made choices were last forgotten."""
        self.rendered_seq = -1
        """The log's sequence number of the game as last rendered: every input is meant for it."""
        self.toast = Toast()
        """The refusal or undo / redo toast (shown over the window, near the last tap)."""
        self.primary: Callable[[], None] | None = None
        """What the prompt shown expects (its highlighted button): the confirm button does it."""
        self._tapped: tuple[tuple[float, float], float] | None = None
        """Where (window pixels) and when the last finger lifted on this screen."""
        self._told: tuple[Any, int] = (None, -1)
        """The refusal and the log entry last shown as a toast (each is shown once)."""
        self._pressed: Widget | None = None
        """The button the finger now on this screen landed on: its release is an input."""
        self._refusal_pressed: Any = None
        """The refusal standing when that finger landed."""
        if "bar" in self.ids:  # reading the rule from the band: its toast has said its piece
            self.ids.bar.ids.message.bind(on_release=lambda _band: self.toast.hide())
            self.ids.bar.bind(on_rules=lambda _bar: self.rules())

    @property
    def state(self) -> StateT:
        """The shown game's state. Read only while a game is shown: the screen renders, and takes
        input, only after :meth:`show`; before that it is a mistake in the code, said as such."""
        if self.table is None:
            raise RuntimeError(f"{self.name}: no game shown yet")
        return self.table.state

    def show(self, table: TableGame[StateT, Any]) -> None:
        """Show ``table`` from now on (the previous one is forgotten)."""
        if self.table is not None:
            self.table.forget(self._changed)
        self.table = table
        table.listen(self._changed)
        self._reset_at = self.rendered_seq = table.seq
        self._tapped = None
        self._told = (None, -1 if table.notice else table.seq)  # a notice from opening: told
        self.toast.hide()
        self.reset()
        self.render()
        self.tell()

    def _changed(self, table: TableGame[Any, Any]) -> None:
        """A new log entry forgets half-made choices; a refusal keeps them, so the player can
        change what was refused instead of starting over."""
        if table.seq != self._reset_at:
            self._reset_at = table.seq
            self.reset()
        self.rendered_seq = table.seq
        self.render()
        self.tell()

    def reset(self) -> None:
        """Forget half-made choices (the state changed under them: a new log entry, or another
        table shown)."""

    def render(self) -> None:
        raise NotImplementedError

    def render_bar(self, status: str = "") -> None:
        """The game bar: whose turn (the header band) and which phase (who won, once the game is
        over), and the last refusal's reason; ``status`` is the game's own words for the phase."""
        assert self.table is not None
        bar = self.ids.bar
        turn = whose_turn(self.table.state, self.table.session.legal_iter())
        bar.player, bar.colour = turn or ("", "")
        from companion.rules.sheet_words import headline  # with a game: not needed to draw Home

        # a finished game's board names who won (as its sheet does), not only that it is over
        won = headline(self.table.score_sheet()) if self.table.over else ""
        bar.status = won or status or phase_text(self.table.state)
        refusal = self.table.refusal
        bar.refusal = refusal.message if refusal is not None else ""
        bar.explanation = (
            why_text(self.table.rules.name, refusal.code, self.table.session.house_rules)
            if refusal is not None
            else ""
        )

    # --- toasts: a refusal near the finger, what undo / redo did ----------------------------

    def on_touch_down(self, touch: Any) -> bool:
        """Watch the button the finger lands on: its release is an input, and one the screen takes
        without a new refusal ends the refusal standing (the toast and the refusal line go)."""
        self._watch_release(None)
        if self.table is not None and self.table.refusal is not None:
            where = self.parent.to_window(*touch.pos) if self.parent is not None else touch.pos
            button = self._tapped_widget((float(where[0]), float(where[1])))
            if button is not None and not isinstance(button, HeaderBand) and not button.disabled:
                self._watch_release(button, self.table.refusal)
        return bool(super().on_touch_down(touch))

    def _watch_release(self, button: Widget | None, refusal: Any = None) -> None:
        if self._pressed is not None:
            self._pressed.funbind("on_release", self._released)
        self._pressed, self._refusal_pressed = button, refusal
        if button is not None:
            button.fbind("on_release", self._released)

    def _released(self, *_args: Any) -> None:
        """The watched button was released: once its own handler has run (in this frame), the
        refusal that stood when the finger landed is over unless it refused again."""
        table, before = self.table, self._refusal_pressed
        self._watch_release(None)

        def settle(_dt: float) -> None:
            if table is not None and table is self.table and table.refusal is before:
                table.accepted()

        Clock.schedule_once(settle, 0)

    def on_touch_up(self, touch: Any) -> bool:
        """Remember where the finger lifted: a refusal it causes shows there."""
        where = self.parent.to_window(*touch.pos) if self.parent is not None else touch.pos
        self._tapped = ((float(where[0]), float(where[1])), Clock.get_boottime())
        return bool(super().on_touch_up(touch))

    def on_leave(self, *_args: Any) -> None:
        self.toast.hide()

    def tell(self) -> None:
        """A new refusal as a toast by the tap that caused it (the tapped widget blinks); what an
        undo or redo took back as a quiet one; any other input hides the toast."""
        table = self.table
        if table is None:
            return
        refusal = table.refusal
        told_refusal, told_seq = self._told
        self._told = (refusal, table.seq)
        near = self._recent_tap()
        if refusal is not None and refusal is not told_refusal:
            tapped = self._tapped_widget(near) if near is not None else None
            read = self.ids.bar.read_refusal
            self.toast.show(
                refusal.message,
                near,
                refusal=True,
                on_read=read,
                avoid=self.targets,
                texts=self.texts,
            )
            if tapped is not None:
                flash(tapped)
        elif table.notice and table.seq != told_seq:
            self.toast.show(table.notice, near, refusal=False, avoid=self.targets, texts=self.texts)
        elif refusal is None and (table.seq != told_seq or told_refusal is not None):
            self.toast.hide()  # an accepted input: whatever the toast said is over

    def _recent_tap(self) -> Sequence[float] | None:
        if self._tapped is None:
            return None
        where, when = self._tapped
        return where if Clock.get_boottime() - when <= TAP_SECONDS else None

    def _drawn(self) -> list[Widget]:
        """The widgets shown on the window (this screen, a dialog open over it), the toast aside."""
        roots = [root for root in Window.children if root is not self.toast]
        return [
            widget
            for root in roots
            for widget in root.walk(restrict=True)
            if widget.opacity > 0 and widget.width > 0 and widget.height > 0
        ]

    def targets(self) -> list[Rect]:
        """The boxes (window pixels) of the enabled buttons and cells on the window and of the
        whose-turn band, which a toast leaves free: the next tap lands there, the band says whose
        turn it is."""
        return [
            window_rect(widget)
            for widget in self._drawn()
            if isinstance(widget, ButtonBehavior) and not widget.disabled
        ]

    def texts(self) -> list[Rect]:
        """The boxes of what the window says (labels that are no buttons), which a toast covers
        as little of as it can."""
        return [
            window_rect(widget)
            for widget in self._drawn()
            if isinstance(widget, Label)
            and not isinstance(widget, ButtonBehavior)
            and widget.text.strip()
        ]

    def _tapped_widget(self, near: Sequence[float]) -> Widget | None:
        """The innermost button or cell of this screen under the window point ``near``."""
        x, y = near
        found = None
        for widget in self.walk(restrict=True):
            if isinstance(widget, ButtonBehavior) and widget.opacity > 0:
                left, bottom, right, top = window_rect(widget)
                if left <= x <= right and bottom <= y <= top:
                    found = widget
        return found

    # --- input, refusals and legality, the same for every game --------------------------------

    def submit(self, action: Any) -> Verdict:
        """Log ``action`` if legal, meant for the game as last rendered (a game another device has
        moved on since refuses it as ``stale`` and is shown anew)."""
        assert self.table is not None
        return self.table.submit(action, seq=self.rendered_seq)

    def submit_payload(self, payload: dict[str, Any]) -> Verdict:
        """An entry built on the screen, read as the log would read it: a malformed one is named
        like any other input and changes nothing."""
        assert self.table is not None
        try:
            action = self.table.rules.parse_action(payload)
        except InputError as error:
            verdict = Verdict(False, error.code, error.message)
            self.table.refuse(verdict)
            return verdict
        return self.submit(action)

    def refuse(self, code: str, message: str) -> None:
        """Show a refusal the screen met before any input reached the rules."""
        assert self.table is not None
        self.table.refuse(Verdict(False, code, message))

    def legal(self) -> list[Any]:
        """Every action the rules allow now."""
        assert self.table is not None
        return self.table.legal_actions()

    # --- intents shared by every game ---------------------------------------------------------

    def undo(self) -> None:
        if self.table is not None:
            self.table.undo(seq=self.rendered_seq)

    def redo(self) -> None:
        if self.table is not None:
            self.table.redo(seq=self.rendered_seq)

    def correct(self) -> None:
        if self.table is not None:
            self.nav.correct(self.table)

    def score(self) -> None:
        if self.table is not None:
            self.nav.show_sheet(self.table.score_sheet(), back_to=self.name)

    def home(self) -> None:
        self.nav.home()

    def rules(self) -> None:
        """The game's rules, opened at this moment's section (:mod:`ui.screens.rules`)."""
        if self.table is not None:
            self.nav.rules(self.table.rules.name, back_to=self.name)

    def on_button(self, button: str) -> bool:
        """A named button (hardware or keyboard); True if this screen used it."""
        intents = {
            "undo": self.undo,
            "redo": self.redo,
            "correct": self.correct,
            "score": self.score,
            "home": self.home,
            "back": self.home,
        }
        if button in intents:
            intents[button]()
            return True
        if button == "confirm":
            if self.primary is not None:
                self.primary()
            return True
        return False

    def on_scan(self, card: str) -> bool:
        """A scanned card; True if this screen used it."""
        return False
