"""Timbuktu's stages, prompted on :class:`ui.games.timbuktu.gamescreen.TimbuktuScreen`: a move (the camel,
the pen it enters and the pitch it takes, then the arrow / payment and swap-field questions the
entered board leaves open), the board's arrows and swap fields entered once, the swap field's
passing of the thief piles, and the thief piles at the stage's end with what each takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from itertools import combinations
from typing import TYPE_CHECKING, Any, TypeVar

from companion.games.timbuktu import actions as a
from companion.games.timbuktu import board, scoring
from companion.games.timbuktu.model import PENS, PITCHES, Camel, Good, Phase, TimbuktuState
from companion.installation.i18n import _, ngettext
from ui import design
from ui.design import SYMBOL_FONT
from ui.games.timbuktu.drafts import MoveDraft, ThiefDraft
from ui.games.timbuktu.view import (
    camel_line,
    good_key,
    good_markup,
    landing_pitch,
    pens,
    pitch_face,
    shown_place,
    stage_thefts,
    theft_line,
    theft_preview,
    where,
)
from ui.spacing import held_to_word

if TYPE_CHECKING:
    from ui.games.timbuktu.host import TimbuktuHost

T = TypeVar("T")

QUESTIONS = ("paid", "swap")
"""What a move may still leave open, asked in this order."""
FULL_MARK = "✕"
ROBBED_MARK = "✓"


def card_faces(values: Sequence[T]) -> list[tuple[T, ...]]:
    """What a thief's pitch or goods card may show: two of ``values`` (the cards' usual face, in
    order), then one alone."""
    return [*combinations(values, a.THIEF_FACES_MOST), *((value,) for value in values)]


def symbol(mark: str) -> str:
    """``mark`` drawn in the font that has it (Roboto has no ✕ nor ✓)."""
    return f"[font={SYMBOL_FONT}]{mark}[/font]"


class RoundPrompts:
    """The stages' prompts and what a tap on the board means during them, with the move, the
    board entry and the thief pile being entered; the screen (``host``) shows and submits them."""

    def __init__(self, host: TimbuktuHost) -> None:
        self.host = host
        self.move: MoveDraft | None = None
        self.thief: ThiefDraft | None = None
        self.mode: str | None = None
        """A board entry in progress: ``arrows`` or ``swap_fields``."""
        self.swap_fields: set[tuple[int, int]] = set()

    @property
    def state(self) -> TimbuktuState:
        return self.host.state

    def reset(self) -> None:
        """Forget the move, board entry and thief pile half entered."""
        self.move = None
        self.thief = None
        self.mode = None
        self.swap_fields = set()

    # --- what the board marks -------------------------------------------------------------------

    def target_pens(self) -> set[int]:
        """The pens a tap may go to now (highlighted)."""
        state = self.state
        if state.phase is Phase.PLACEMENT:
            letter = self.host.setup.placing_letter()
            return {x.pen for x in self.host.legal() if x.camel == letter}
        if state.phase is Phase.MOVES and self.move is not None and self.mode is None:
            return {x.pen for x in self.host.legal() if x.camel == self.move.letter}
        if state.phase is Phase.THEFTS and self.host.reported_stage is None:
            return set(range(1, PENS + 1)) - set(state.robbed_pens)
        return set()

    def lands(self) -> bool:
        """Whether a camel is about to go in (the board shows where it would land)."""
        phase = self.state.phase
        return phase is Phase.PLACEMENT or (phase is Phase.MOVES and self.move is not None)

    def pen_header(self, pen: int) -> str:
        """The pen's number, and :data:`FULL_MARK` where a camel would find it full or
        :data:`ROBBED_MARK` where its thief has struck (the prompt's note says so in words)."""
        state = self.state
        mark = ""
        if self.lands() and landing_pitch(state, shown_place(state), pen) is None:
            mark = FULL_MARK
        elif state.phase is Phase.THEFTS and pen in state.robbed_pens:
            mark = ROBBED_MARK
        return f"{pen} {symbol(mark)}" if mark else str(pen)

    def chosen_pen(self) -> int | None:
        if self.move is not None:
            return self.move.pen
        if self.thief is not None:
            return self.thief.pen
        return None

    def marked_pitches(self, pen: int) -> set[int]:
        """The pitches of ``pen`` framed: where a camel would land, the camels that may be chosen
        to move, the swap fields being entered, a thief's pitches."""
        state = self.state
        if state.phase is Phase.MOVES and self.mode == "swap_fields":
            return {pitch for field_pen, pitch in self.swap_fields if field_pen == pen}
        choosing = self.mode is None and self.move is None and self.host.reported_stage is None
        if state.phase is Phase.MOVES and choosing:
            movable = self.movable_letters()
            column = pens(state, state.stage - 1)[pen - 1]
            return {
                view.pitch
                for view in column
                if view.seat == state.to_move and view.letter in movable
            }
        if self.lands() and (self.chosen_pen() in (None, pen)):
            pitch = landing_pitch(state, shown_place(state), pen)
            return set() if pitch is None else {pitch}
        if self.thief is not None and self.thief.pen == pen:
            return set(self.thief.pitches)
        return set()

    # --- a move ---------------------------------------------------------------------------------

    def seat(self) -> int:
        """The seat moving a camel (a move is only prompted while someone is to)."""
        seat = self.state.to_move
        assert seat is not None
        return seat

    def mover(self) -> Camel:
        assert self.move is not None
        camel = self.state.players[self.seat()].camel(self.move.letter)
        assert camel is not None
        return camel

    def mover_pen(self) -> int:
        """The pen the camel that moves stands in (every camel stands in one once all are
        placed)."""
        pen = self.mover().pen
        assert pen is not None
        return pen

    def movable_letters(self) -> list[str]:
        """The camels of the player to move that may move now (by the rules' legal actions)."""
        return sorted({x.camel for x in self.host.legal() if isinstance(x, a.MoveCamel)})

    def move_prompt(self) -> None:
        if self.mode == "arrows":
            self.arrows_prompt()
            return
        if self.mode == "swap_fields":
            self.swap_fields_prompt()
            return
        state = self.state
        name = state.players[self.seat()].name
        place = board.place_name(state, state.stage)
        if self.move is None:
            self.host.prompt.start(
                _("{name}: which camel moves to {place}?").format(name=name, place=place),
                _("Tap it on the board (framed) or below."),
                cols=4,
            )
            for letter in self.movable_letters():
                camel = state.players[self.seat()].camel(letter)
                assert camel is not None
                self.host.prompt.button(camel_line(camel), partial(self.name_camel, letter))
            return
        camel = self.mover()
        if self.move.pen is None:
            self.host.prompt.start(
                _("Camel {camel}: tap the pen of {place} it enters.").format(
                    camel=camel.letter, place=place
                ),
                _("From {where}. It takes the framed pitch; {full}: the pen is full.").format(
                    where=where(state, camel), full=symbol(FULL_MARK)
                ),
                cols=3,
            )
        else:
            self.question_prompt(camel)
        self.host.prompt.button(_("Another camel"), self.host.cancel, fixed=True)
        self.layout_buttons()

    def tap_camel(self, pen: int, pitch: int) -> None:
        """A tap on the board where a camel is chosen to move: the camel standing there, if it
        is one the player to move may move."""
        state = self.state
        view = pens(state, state.stage - 1)[pen - 1][pitch - 1]
        if view.seat == state.to_move and view.letter in self.movable_letters():
            assert view.letter is not None
            self.name_camel(view.letter)
            return
        name = state.players[self.seat()].name
        self.host.refuse("no_camel", _("Tap one of {name}'s framed camels.").format(name=name))

    def name_camel(self, letter: str) -> None:
        """The camel that moves; when the rules leave it a single pen, that pen is entered too."""
        self.move = MoveDraft(letter)
        pens_left = {
            x.pen for x in self.host.legal() if isinstance(x, a.MoveCamel) and x.camel == letter
        }
        if len(pens_left) == 1:
            self.enter_pen(pens_left.pop())
            return
        self.host.render()

    def move_candidates(self) -> list[a.MoveCamel]:
        """The legal moves of the named camel into the chosen pen, narrowed by the answers."""
        draft = self.move
        assert draft is not None
        return [
            x
            for x in self.host.legal()
            if isinstance(x, a.MoveCamel)
            and (x.camel, x.pen) == (draft.letter, draft.pen)
            and all(getattr(x, field) == value for field, value in draft.answers.items())
        ]

    def enter_pen(self, pen: int) -> None:
        """The camel goes into ``pen``: moved at once if the board entered decides the rest."""
        if self.move is None:
            self.host.refuse("no_camel", _("Name the camel that moves first."))
            return
        self.move.pen = pen
        self.move.answers = {}
        self.settle_move()

    def answer(self, field: str, value: Any) -> None:
        assert self.move is not None
        self.move.answers[field] = value
        self.settle_move()

    def settle_move(self) -> None:
        draft = self.move
        assert draft is not None and draft.pen is not None
        candidates = self.move_candidates()
        if len(candidates) == 1:
            self.host.submit(candidates[0])
            return
        if not candidates:  # the rules say why not (a full pen); the camel stays named
            pen, draft.pen = draft.pen, None
            self.host.submit_payload(
                {"kind": "move", "player": self.seat(), "camel": draft.letter, "pen": pen}
            )
            return
        self.host.render()

    def question_prompt(self, camel: Camel) -> None:
        state = self.state
        draft = self.move
        assert draft is not None and draft.pen is not None
        candidates = self.move_candidates()
        pitch = landing_pitch(state, state.stage, draft.pen)
        field = next(f for f in QUESTIONS if len({getattr(x, f) for x in candidates}) > 1)
        lands = _("Camel {camel} enters pen {pen} and takes pitch {pitch}.").format(
            camel=camel.letter, pen=draft.pen, pitch=pitch
        )
        # Asked because the board's arrows or swap fields are not entered: the buttons to enter
        # them follow the answers.
        if field == "paid":
            title = _("Along an arrow, or paid with one of its goods?")
        else:
            title = _("Is pitch {pitch} of pen {pen} a swap field?").format(
                pitch=pitch, pen=draft.pen
            )
        self.host.prompt.start(title, lands, cols=4)
        likeliest = self.likeliest(candidates)
        if field == "paid" and likeliest is not None and likeliest.swap is False:
            self.host.prompt.button(  # both questions open: the usual answer to both in one tap
                _("Free, no swap field"),
                lambda: self.answer_all({"paid": None, "swap": False}),
                primary=True,
            )
        values = sorted(
            dict.fromkeys(getattr(x, field) for x in candidates), key=self.answer_order(field)
        )
        for value in values:
            self.host.prompt.button(
                self.answer_text(field, value), partial(self.answer, field, value), option=False
            )

    @staticmethod
    def likeliest(candidates: list[a.MoveCamel]) -> a.MoveCamel | None:
        """The usual move among ``candidates``: along an arrow, onto no swap field."""
        return next((x for x in candidates if x.paid is None and x.swap is False), None)

    def answer_order(self, field: str) -> Any:
        """The likeliest answers first: free before paid, then the good worth least now (the one
        a player would rather give up); no swap field before one."""
        worth = scoring.values(self.state)
        if field == "paid":
            return lambda good: (-1, 0) if good is None else (worth[good], list(Good).index(good))
        return lambda swap: bool(swap)

    def answer_all(self, answers: dict[str, Any]) -> None:
        assert self.move is not None
        self.move.answers.update(answers)
        self.settle_move()

    def answer_text(self, field: str, value: Any) -> str:
        if field == "paid":
            if value is None:
                return _("Along an arrow: free")
            return _("Paid with {good}").format(good=good_markup(value))
        return _("Yes, a swap field") if value else _("No swap field")

    # --- the board's arrows and swap fields, entered once ---------------------------------------

    def layout_buttons(self) -> None:
        state = self.state
        pen = self.mover_pen()
        if state.layout.arrows_from(state.stage - 1, pen) is None:
            self.host.prompt.button(
                held_to_word(_("Enter the arrows of pen {pen}").format(pen=pen)),
                lambda: self.begin_layout("arrows"),
                option=False,
            )
        if state.layout.swap_fields_of(state.stage) is None:
            self.host.prompt.button(
                held_to_word(
                    _("Enter the swap fields of {place}").format(
                        place=board.place_name(state, state.stage)
                    )
                ),
                lambda: self.begin_layout("swap_fields"),
                option=False,
            )

    def begin_layout(self, mode: str) -> None:
        self.mode = mode
        self.swap_fields = set()
        self.host.render()

    def end_layout(self) -> None:
        self.mode = None
        self.host.render()

    def arrows_prompt(self) -> None:
        self.host.prompt.start(
            _("Where do the two arrows of pen {pen} point?").format(pen=self.mover_pen()),
            _("Entered once, the table keeps it for the next games."),
            cols=5,
        )
        for pair in combinations(range(1, PENS + 1), 2):
            self.host.prompt.button(
                _("Pens {first} and {second}").format(first=pair[0], second=pair[1]),
                partial(self.enter_arrows, pair),
                option=False,
            )
        self.host.prompt.button(_("Back"), self.end_layout, fixed=True)

    def enter_arrows(self, to: tuple[int, int]) -> None:
        """The two pens the arrows of the moving camel's pen point to."""
        place = self.state.stage - 1
        self.correct_layout(a.SetArrows(place=place, pen=self.mover_pen(), to=to))

    def swap_fields_prompt(self) -> None:
        state = self.state
        self.host.prompt.start(
            _("Tap the swap fields of {place} on the board.").format(
                place=board.place_name(state, state.stage)
            ),
            _("Entered once, the table keeps it for the next games."),
        )
        fields = tuple(sorted(self.swap_fields))
        self.host.prompt.button(
            ngettext("Save: {n} swap field", "Save: {n} swap fields", len(fields)).format(
                n=len(fields)
            ),
            lambda: self.correct_layout(a.SetSwapFields(place=state.stage, fields=fields)),
            primary=True,
        )
        self.host.prompt.button(_("Back"), self.end_layout, fixed=True)

    def toggle_swap_field(self, field: tuple[int, int]) -> None:
        self.swap_fields ^= {field}
        self.host.render()

    def correct_layout(self, correction: a.SetArrows | a.SetSwapFields) -> None:
        """Log what the table says of its board and go on with the move being made."""
        named = self.move
        if self.host.submit(correction).ok and named is not None:
            self.move = MoveDraft(named.letter)
            self.host.render()

    # --- a swap field ---------------------------------------------------------------------------

    def swap_prompt(self) -> None:
        self.host.prompt.start(
            _(
                "A camel landed on a swap field: everyone passes their thief pile one seat "
                "clockwise."
            ),
            _("The piles between players move on too."),
        )
        self.host.prompt.button(
            _("The thief piles are passed"),
            lambda: self.host.submit(a.PassThiefPiles()),
            primary=True,
        )

    # --- thefts ---------------------------------------------------------------------------------

    def thief_pen(self, pen: int) -> None:
        if self.thief is None:
            self.thief = ThiefDraft()
        self.thief.pen = pen
        self.host.render()

    def thief_prompt(self) -> None:
        """A thief pile as its three cards read: the pen (the next one without a thief is
        preselected, a tap on the board picks another), then one chip per face a pitch card may
        show, then one per face of a goods card, which logs the theft: at most 3 taps."""
        state = self.state
        draft = self.thief = self.thief or ThiefDraft()
        if draft.pen is None:
            free = sorted(set(range(1, PENS + 1)) - set(state.robbed_pens))
            draft.pen = free[0] if free else 1
        done = stage_thefts(state, state.stage)
        last = [theft_line(state, done[-1])] if done else []
        struck = _("{robbed}: its thief has struck.").format(robbed=symbol(ROBBED_MARK))
        legend = [struck] if state.robbed_pens else []
        note = "\n".join([self.host.scans.thief_scanned_note(), *last, *legend]).strip()
        if not draft.pitches:
            self.host.prompt.start(
                _("The thief of pen {pen}: which pitches does its pitch card show?").format(
                    pen=draft.pen
                ),
                note or _("Another pen: tap it on the board."),
                cols=PITCHES,
            )
            for face in card_faces(range(1, PITCHES + 1)):
                self.host.prompt.button(pitch_face(face), partial(self.thief_pitches, face))
        else:
            pitches = _(" and ").join(map(str, draft.pitches))
            self.host.prompt.start(
                _(
                    "The thief of pen {pen}, pitches {pitches}: which goods does its goods card show?"
                ).format(pen=draft.pen, pitches=pitches),
                self.camels_on(draft.pen, draft.pitches),
                cols=PITCHES,
            )
            for goods in card_faces(list(Good)):
                self.host.prompt.button(
                    "\n".join(good_key(good) for good in goods),
                    partial(self.thief_goods, goods),
                )
            self.host.prompt.button(_("Other pitches"), self.thief_other_pitches, fixed=True)
        self.host.prompt.button(_("Clear"), self.host.cancel, fixed=True)

    def camels_on(self, pen: int, pitches: list[int]) -> str:
        """The camels a thief on ``pitches`` of ``pen`` would reach, as the board draws them
        (their shape and letter): one line, so that every goods chip stays in view."""
        state = self.state
        on = theft_preview(state, pen, pitches, tuple(Good))
        if not on:
            return _("No camel stands there.")
        camels = " · ".join(
            f"{symbol(design.piece(state.players[seat].colour).shape)} {letter}"
            for seat, letter, _goods in on
        )
        return _("On them: {camels}").format(camels=camels)

    def thief_pitches(self, pitches: tuple[int, ...]) -> None:
        draft = self.thief = self.thief or ThiefDraft()
        draft.pitches = list(pitches)
        self.host.render()

    def thief_other_pitches(self) -> None:
        if self.thief is not None:
            self.thief.pitches = []
        self.host.render()

    def thief_goods(self, goods: tuple[Good, ...]) -> None:
        """The third card read: the theft is logged (Undo takes it back)."""
        draft = self.thief = self.thief or ThiefDraft()
        draft.goods = list(goods)
        self.host.submit_payload(draft.payload())

    def stage_report_prompt(self) -> None:
        state = self.state
        stage = self.host.reported_stage
        assert stage is not None
        self.host.prompt.start(
            _("The thieves of {place} took:").format(place=board.place_name(state, stage)),
            cols=1,
        )
        self.host.theft_rows(stage_thefts(state, stage))
        self.host.prompt.button(
            _("On to stage {n}").format(n=state.stage), self.close_report, primary=True
        )

    def close_report(self) -> None:
        self.host.reported_stage = None
        self.host.render()

    def game_over_prompt(self) -> None:
        state = self.state
        self.host.prompt.start(
            _("The game is over: the caravans reached Timbuktu. Its thieves took:"), cols=1
        )
        self.host.theft_rows(stage_thefts(state, state.stage))
        self.host.prompt.button(_("Score sheet"), self.host.score, primary=True)
