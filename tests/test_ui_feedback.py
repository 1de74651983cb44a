"""What the table sees after real touches (issue 23), read from the widgets and the window's pixels:
a refusal ends at the next accepted tap and holds a line of its own that never pushes the answers;
Home keeps the chosen game and who starts filled once the finger lifts; no toast lies over an
enabled control or the whose-turn band; a list that does not fit says how many more it holds."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from kivy.core.window import Window
from PIL import Image
from ui_harness import driven

from companion.installation import i18n
from ui import design
from ui.audit import tour
from ui.audit.checks import layout_nodes, plain_text, window_rect, window_roots
from ui.audit.driver import Driver
from ui.audit.interaction import (
    cut_option,
    fill_of,
    interaction_audit,
    pixel,
    selection_hidden,
    toast_over_control,
)
from ui.audit.tour import all_states
from ui.games.targi import tour as targi_tour
from ui.games.timbuktu import tour as timbuktu_tour
from ui.games.timbuktu.gamescreen import TheftRow
from ui.games.tuareg import tour as tuareg_tour
from ui.header import HeaderBand
from ui.picker import PickField

SMALL, LARGE = (800, 480), (1280, 720)


def window_image(d: Driver, tmp_path: Path) -> Image.Image:
    with Image.open(d.screenshot(tmp_path / "window.png")) as image:
        return image.convert("RGB")


def rgb(colour: tuple[float, ...]) -> tuple[int, int, int]:
    return (round(colour[0] * 255), round(colour[1] * 255), round(colour[2] * 255))


def near(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return max(abs(p - q) for p, q in zip(a, b, strict=True)) <= 3


@pytest.mark.parametrize("lang", ["de", "pl"])
def test_a_refusal_ends_at_the_next_accepted_tap_and_never_pushes_the_answers(
    tmp_path: Path, lang: str
) -> None:
    with driven(tmp_path, SMALL, lang) as d:
        timbuktu_tour.timbuktu_camel_choice(d)
        screen = d.screen
        answers_before = window_rect(screen.ids.prompt.ids.options_view)
        title_before = window_rect(screen.ids.prompt.ids.title)

        timbuktu_tour.tap_other_camel(d)  # another player's camel: refused
        refusal = screen.table.refusal
        assert refusal is not None and screen.toast.shown and screen.toast.refusal
        assert screen.ids.refusal.text == refusal.message
        assert screen.ids.bar.ids.message.refused
        # the refusal's line has its own place: the prompt and its answers stay where they were
        assert window_rect(screen.ids.prompt.ids.options_view) == answers_before
        assert window_rect(screen.ids.prompt.ids.title) == title_before
        line = window_rect(screen.ids.refusal)
        image = window_image(d, tmp_path)
        ink = rgb(design.REFUSAL_INK)
        assert any(
            near(pixel(image, x, (line[1] + line[3]) / 2), ink)
            for x in range(int(line[0]), int(line[2]))
        )

        timbuktu_tour.choose_camel(d, "A")  # a right tap: the refusal is over at once
        assert screen.table.refusal is None and screen.rounds.move is not None
        assert not screen.toast.shown
        assert screen.ids.refusal.text == ""
        assert not screen.ids.bar.ids.message.refused
        d.tap(screen.columns[0])  # and the next: the payment question, every answer in view
        image = window_image(d, tmp_path)
        assert not any(
            near(pixel(image, x, (line[1] + line[3]) / 2), ink)
            for x in range(int(line[0]), int(line[2]))
        )
        view = window_rect(screen.ids.prompt.ids.options_view)
        water = [b for b in screen.ids.prompt.ids.options.children if "≈" in plain_text(b)]
        assert water, [plain_text(b) for b in screen.ids.prompt.ids.options.children]
        for button in water:  # "Bezahlt mit ≈ Wasser" / "Zapłacono ≈ wodą" whole
            left, bottom, right, top = window_rect(button)
            assert view[0] <= left and right <= view[2] and view[1] <= bottom and top <= view[3]
        roots = window_roots(Window)
        assert interaction_audit(roots, tuple(Window.size), image) == []
        assert d.stale == []


def test_a_refusal_ends_at_the_next_accepted_button_press_or_scan_too(tmp_path: Path) -> None:
    """Issue 23: a hardware button or a scan the screen takes ends the refusal standing, as a
    tap does; one the screen refuses anew leaves a refusal shown."""
    from hardware.events import ButtonPressed

    with driven(tmp_path) as d:
        timbuktu_tour.timbuktu_camel_choice(d)
        screen = d.screen
        timbuktu_tour.tap_other_camel(d)  # refused
        assert screen.table.refusal is not None and screen.toast.shown
        d.scan("TIMBUKTU-CAMEL-A")  # the camel of the player to move, as a tap on it names it
        assert screen.rounds.move is not None, "the scanned camel was not taken"
        assert screen.table.refusal is None and not screen.toast.shown
        assert screen.ids.refusal.text == "" and not screen.ids.bar.ids.message.refused

    with driven(tmp_path / "targi") as d:
        targi_tour.targi_card_naming(d)
        screen = d.screen
        d.scan("NOT-A-CARD")  # refused by the scan check
        assert screen.table.refusal is not None
        chosen = screen.selected
        d.app.pump.queue.post(ButtonPressed(button="next"))  # the next face-down card: taken
        d.frames(3)
        assert screen.selected != chosen
        assert screen.table.refusal is None and not screen.toast.shown


@pytest.mark.parametrize("size", [SMALL, LARGE])
@pytest.mark.parametrize("lang", ["en", "de", "pl", "es"])
def test_home_keeps_the_chosen_game_and_who_starts_filled_after_the_finger_lifts(
    tmp_path: Path, size: tuple[int, int], lang: str
) -> None:
    with driven(tmp_path, size, lang) as d:
        tuareg_tour.home_chosen(d)  # a real tap and lift on Tuareg, then on seat 2's "Starts"
        home = d.screen
        games = list(home.ids.game.children)
        chosen = [b for b in games if b.chosen]
        assert [b.game for b in chosen] == ["tuareg"]
        starts = [row.ids.starts for row in home.seats()]
        assert [s.chosen for s in starts] == [False, True]
        image = window_image(d, tmp_path)
        primary = rgb(design.PRIMARY)
        assert near(fill_of(image, window_rect(chosen[0])), primary)
        assert near(fill_of(image, window_rect(starts[1])), primary)
        for other in [b for b in games if not b.chosen] + [starts[0]]:
            assert not near(fill_of(image, window_rect(other)), primary)
        nodes = layout_nodes(window_roots(Window), tuple(Window.size))
        assert selection_hidden(nodes, image) == []


@pytest.mark.parametrize(
    "state",
    ["tuareg_buy_refused", "tuareg_draw_refused", "timbuktu_camel_refused", "tuareg_load_scanned"],
)
def test_no_toast_lies_over_an_enabled_control_or_the_band(tmp_path: Path, state: str) -> None:
    with driven(tmp_path, SMALL, "de") as d:
        all_states()[state](d)
        d.frames(3)
        screen = d.screen
        assert screen.table.refusal is not None
        toast = screen.toast
        assert toast.shown  # there is room for it: said by the finger, not only in the band
        box = window_rect(toast)
        controls = [
            w
            for root in window_roots(Window)
            if root is not toast
            for w in root.walk()
            if (hasattr(w, "trigger_action") or isinstance(w, HeaderBand))
            and not w.disabled
            and w.opacity > 0
        ]
        for control in controls:
            left, bottom, right, top = window_rect(control)
            apart = box[2] <= left or right <= box[0] or box[3] <= bottom or top <= box[1]
            assert apart, f"the toast lies over {plain_text(control)!r}"
        assert toast_over_control(layout_nodes(window_roots(Window), tuple(Window.size))) == []


@pytest.mark.parametrize(
    ("state", "lang"),
    [("targi_merchant", "en"), ("tuareg_load_builder", "de"), ("statistics_five", "en")],
)
def test_a_list_that_does_not_fit_says_how_many_more(tmp_path: Path, state: str, lang: str) -> None:
    with driven(tmp_path, SMALL, lang) as d:
        all_states()[state](d)
        d.frames(3)
        nodes = layout_nodes(window_roots(Window), tuple(Window.size))
        assert cut_option(nodes) == []
        cues = [
            n.widget
            for n in nodes
            if type(n.widget).__name__ == "MoreCue" and plain_text(n.widget).strip()
        ]
        for cue in cues:
            assert cue.opacity == 1 and cue.height > 0
            assert plain_text(cue).split()[0] in "▼▲"


@pytest.mark.parametrize("state", ["targi_game_over", "tuareg_game_over", "timbuktu_game_over"])
def test_after_back_from_the_final_sheet_the_board_names_the_winner(
    tmp_path: Path, state: str
) -> None:
    with driven(tmp_path) as d:
        all_states()[state](d)  # the final sheet, then Back to the board
        screen = d.screen
        assert screen.table.over
        band = screen.ids.bar.ids.message
        leaders = screen.table.score_sheet().leaders
        assert leaders and all(name in band.text for name in leaders), band.text
        assert " wins with " in band.text or " share first place " in band.text


def test_home_and_history_write_dates_alike_and_an_unfinished_game_says_where_it_stands(
    tmp_path: Path,
) -> None:
    with driven(tmp_path, SMALL, "de") as d:
        tour.home_names_entered(d)  # a game of each game under way, Targi's finished too
        listed = [plain_text(b) for b in d.screen.ids.unfinished.children]
        finished = [plain_text(b) for b in d.screen.ids.finished.children]
        german = re.compile(r"\d{2}\.\d{2}\.\d{4}\u00a0\d{2}:\d{2}$")  # 28.11.2026 00:41
        assert listed and finished
        assert all(german.search(text) for text in listed + finished), listed + finished
        targi = next(text for text in listed if text.startswith("Targi · "))
        assert (
            "Runde\u00a01\u00a0· " in targi and "ist am Zug · " in targi
        )  # its round, who is to move
        d.tap(d.screen.ids.history)
        plays = [plain_text(w) for w in d.screen.walk() if "Targi · " in plain_text(w)]
        assert plays and all(
            re.search(r"Targi · \d{2}\.\d{2}\.\d{4}\u00a0\d{2}:\d{2} · ", text) for text in plays
        ), plays


def test_the_language_is_chosen_in_the_apps_own_picker_the_current_one_ticked(
    tmp_path: Path,
) -> None:
    with driven(tmp_path) as d:
        tour.settings(d)
        field = d.screen.ids.language
        assert isinstance(field, PickField) and field.text == "English"
        d.tap(field)  # a real tap: the picker over the screen, one big button per language
        (picker,) = [w for w in Window.children if type(w).__name__ == "Picker"]
        options = {plain_text(b): b for b in picker.ids.options.children}
        assert set(options) == {"✓ English", "Español", "Polski", "Deutsch"}
        image = window_image(d, tmp_path)
        assert near(fill_of(image, window_rect(options["✓ English"])), rgb(design.PRIMARY))
        assert not near(fill_of(image, window_rect(options["Deutsch"])), rgb(design.PRIMARY))
        assert all(min(b.size) >= 48 for b in options.values())
        d.tap(options["Deutsch"])
        assert i18n.current_language() == "de" and d.screen.ids.language.text == "Deutsch"


def test_a_number_stays_with_its_word_and_a_line_never_starts_with_a_dot(tmp_path: Path) -> None:
    with driven(tmp_path, SMALL, "de") as d:
        tuareg_tour.tuareg_five_players(d)  # the market's counts in German, 800 wide
        labels = [d.screen.ids.table_info]
        checked = 0
        for label in labels:
            lines = getattr(getattr(label, "_label", None), "_cached_lines", None)
            if not lines or len(lines) < 2:
                continue
            for line in lines[1:]:
                start = "".join(word.text for word in line.words).lstrip()
                if start:
                    checked += 1
                    assert not start[0].isdigit() and not start.startswith("·"), start
        assert checked >= 2


BREAKABLE_NUMBER = re.compile(r"[0-9] (?=[^\s·])|(?<=[^\s·]) [0-9]")
"""A plain space beside a number, where a line could break it from its word (``1 z`` / ``8``);
after a ``·`` a line may break."""


@pytest.mark.parametrize("lang", ["pl", "de"])
def test_numbers_stay_with_their_words_on_timbuktu_and_tuareg_panels(
    tmp_path: Path, lang: str
) -> None:
    """Issue 23: Polish ``1 z 4`` and a thief's ``pitches 1 + 2`` never split over two lines, nor
    Tuareg's ``hand 2``: every space beside a number in a panel is a no-break space."""
    with driven(tmp_path, SMALL, lang) as d:
        timbuktu_tour.timbuktu_thefts_report(d)
        screen = d.screen
        rows = [row.text for row in screen.player_rows if row.parent is not None]
        heads = [w.header for w in screen.walk() if isinstance(w, TheftRow)]
        shown = [plain_text_of(text) for text in rows + heads]
        assert rows and heads and not [t for t in shown if BREAKABLE_NUMBER.search(t)]
    with driven(tmp_path / "tuareg", SMALL, lang) as d:
        tuareg_tour.tuareg_turn(d)
        panels = [plain_text_of(panel.text) for panel in d.screen.panels]
        assert panels and not [t for t in panels if BREAKABLE_NUMBER.search(t)]


def plain_text_of(markup: str) -> str:
    return re.sub(r"\[/?[a-z]+(?:=[^\]]*)?\]", "", markup)
