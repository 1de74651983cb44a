"""What review found in the shared screen parts: a long refusal is readable in full, a refusal
keeps half-built choices, the Correct screen edits nested fields, the screens' navigator is typed,
and every character the screens draw is in Kivy's default font."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import unicodedata
from pathlib import Path
from typing import Any, get_type_hints

import pytest
from kivy.core.text import LabelBase
from kivy.core.window import Window
from kivy.uix.label import Label
from PIL import ImageFont
from targi_table import CENTRE
from targi_table import RULES as TARGI
from timbuktu_table import options as timbuktu_options
from tuareg_table import CAMEL_1, GOLD, MILLET, SALT, WATER, options
from ui_harness import Harness, plain, running_app, tap_text

import ui.games
import ui.screens
from companion.games.targi import actions as t
from companion.games.timbuktu import actions as tb
from companion.games.timbuktu.rules import TimbuktuRules
from companion.games.tuareg import actions as a
from companion.games.tuareg.rules import TuaregRules
from companion.play.session import Session
from companion.store import Store
from ui.app import CompanionApp
from ui.choices import kind_of, kind_text
from ui.corrections import FieldSpec, correction_types, field_specs, parse_field
from ui.design import SYMBOLS
from ui.kv import TOUCH_TARGET
from ui.picker import Picker
from ui.screens.base import TAP_SECONDS, GameScreen, Navigator
from ui.screens.correct import CorrectScreen

TUAREG = TuaregRules()
UI = Path(__file__).resolve().parent.parent / "ui"
LONG_REFUSAL = (
    "A camel carries at most 2 kinds of goods. From bottom to top, the goods on a camel change "
    "kind only once. A camel carrying water carries nothing else."
)
"""What the Tuareg rules answer to a camel loaded water, gold, rock salt, gold."""


def targi_players() -> dict[str, Any]:
    return {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}


def drawn(label: Label) -> str:
    """The words a label really draws (after wrapping, shortening and clipping)."""
    label.texture_update()
    lines = label._label._cached_lines  # the laid-out lines the texture was drawn from
    return " ".join(" ".join(word.text for word in line.words) for line in lines).strip()


def words(text: str) -> str:
    return " ".join(text.split())


def tuareg_game(database: Path) -> str:
    """Karin took a water from the market onto camel 1; Timo to move."""
    with Store.open(database) as store:
        session = Session.create(store, TUAREG, options(2))
        for action in (
            a.OpenMarket(goods=(WATER, MILLET)),
            a.TakeFromMarket(player=0, onto=CAMEL_1, good=WATER, count=1),
            a.EndTurn(player=0),
        ):
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
        return session.game_id


def open_only_game(h: Harness) -> None:
    (game,) = h.screen.ids.unfinished.children
    h.tap(game)


def pick(h: Harness, spinner: Any, text: str) -> None:
    """Open ``spinner`` (a field chosen in a picker) by touch and tap its option ``text``."""
    h.tap(spinner)
    (picker,) = [w for w in Window.children if isinstance(w, Picker)]
    (option,) = [b for b in picker.ids.options.children if plain(b.text).endswith(text)]
    h.tap(option)
    assert spinner.text == text


# --- 1: the last refusal is readable in full ------------------------------------------------------


def test_a_short_refusal_is_drawn_whole_in_the_toast(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, TARGI, TARGI.parse_options(targi_players()))
        for cell, card in CENTRE.items():
            session.submit(
                t.RevealCard(cell=cell, card=card), seq=session.seq, game_id=session.game_id
            )
    with running_app(database) as h:
        open_only_game(h)
        screen = h.screen
        h.tap(screen.cells[2])
        h.tap(screen.cells[10])
        reason = "Card 10 is opposite an opponent's Targi."
        assert screen.ids.bar.refusal == reason
        h.frames(2)
        toast = screen.toast
        assert drawn(toast) == f"{reason} Tap to read the rule"
        assert toast.texture_size[1] <= toast.height and toast.texture_size[0] <= toast.width
        assert screen.ids.bar.ids.message.ids.refused.opacity == 1  # the band marks it


def test_a_long_refusal_is_drawn_whole_in_the_toast_and_tapping_the_bar_reads_it(
    tmp_path: Path,
) -> None:
    tuareg_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        screen = h.screen
        overload = a.SetStack(player=0, animal=CAMEL_1, goods=(WATER, GOLD, SALT, GOLD))
        assert not screen.table.submit(
            overload, seq=screen.table.seq
        ).ok  # as the Correct screen submits it
        assert screen.ids.bar.refusal == LONG_REFUSAL
        h.frames(2)

        toast = screen.toast
        assert words(drawn(toast)) == words(f"{LONG_REFUSAL} Tap to read the rule")
        assert toast.texture_size[1] <= toast.height  # nothing drawn outside the toast
        assert toast.top <= h.root.height and toast.y >= 0
        message = screen.ids.bar.ids.message
        tappable = [w for w in screen.ids.bar.walk() if hasattr(w, "trigger_action")]
        assert message in tappable and min(w.height for w in tappable) >= min(48, TOUCH_TARGET)

        h.tap(message)
        dialog = screen.ids.bar.dialog
        assert dialog is not None and dialog.ids.reason.text == LONG_REFUSAL
        reason = dialog.ids.reason
        assert words(drawn(reason)) == words(LONG_REFUSAL)
        assert dialog.ids.close.height >= 48
        h.screenshot("refusal-dialog")
        h.tap(dialog.ids.close)
        h.frames(3)
        assert screen.ids.bar.dialog is None and dialog.parent is None

        h.tap(message)  # open again; a hardware button undoes a move: the refusal is gone
        dialog = screen.ids.bar.dialog
        assert dialog is not None and dialog.parent is not None
        screen.on_button("undo")
        h.frames(3)
        assert screen.ids.bar.refusal == "" and dialog.parent is None
        h.tap(message)  # nothing to read now
        assert screen.ids.bar.dialog is None


# --- 2: a refusal keeps half-built choices -----------------------------------------------------


def test_a_refusal_keeps_the_merchant_exchanges_in_progress(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        session = Session.create(store, TARGI, TARGI.parse_options(targi_players()))
        actions = [t.RevealCard(cell=cell, card=card) for cell, card in CENTRE.items()]
        actions += [t.Place(player=i % 2, card=c) for i, c in enumerate((2, 5, 14, 3, 13, 11))]
        actions.append(t.EndTurn(player=0))
        for action in actions:
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok
    with running_app(database) as h:
        open_only_game(h)
        screen = h.screen
        before = screen.table.state.players[1].stock
        h.tap(screen.cells[5])  # Bilal's Merchant
        tap_text(h, "2 dates for 1 salt")
        assert screen.ids.prompt.title.endswith("(2 dates for 1 salt)")

        h.run_for(TAP_SECONDS)  # the card is scanned a moment later: its toast is not by the tap
        screen.on_scan("TARGI-GOODS-NOPE-1")  # a card the game does not expect: refused
        h.frames(2)
        assert "not a card the game expects" in screen.ids.bar.refusal
        assert screen.ids.prompt.title.endswith("(2 dates for 1 salt)")  # still being built
        tap_text(h, "2 salt for 1 pepper")
        tap_text(h, "Done: 2 exchanges")
        after = screen.table.state.players[1].stock
        assert (after.dates, after.salt, after.pepper) == (
            before.dates - 2,
            before.salt + 1 - 2,
            before.pepper + 1,
        )
        assert screen.ids.bar.refusal == ""

        tap_text(h, "Undo")  # the exchanges are taken back
        assert screen.table.state.players[1].stock == before
        h.tap(screen.cells[5])
        tap_text(h, "2 dates for 1 salt")
        assert screen.exchanges
        tap_text(h, "Undo")  # a new log entry (Amal's end of turn undone) forgets them
        assert screen.exchanges == () and "Amal to move" in screen.ids.bar.status


# --- 3: corrections with nested fields ---------------------------------------------------------


def test_a_tuareg_stack_is_corrected_through_the_correct_screen(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    game_id = tuareg_game(database)
    with running_app(database) as h:
        open_only_game(h)
        game = h.screen
        tap_text(h, "Correct")
        tap_text(h, "Set stack")
        correct = h.screen
        assert set(correct.rows) == {"player", "animal.animal", "animal.number", "goods"}
        rows = {name: row for name, (_spec, row) in correct.rows.items()}
        assert rows["animal.animal"].label == "animal" and rows["animal.number"].label == (
            "animal number"
        )
        assert rows["goods"].summary == "water"  # Karin's camel 1, as the app believes it
        pick(h, rows["animal.number"].ids.choice, "2")
        assert rows["goods"].summary == "(none)"  # camel 2 carries nothing yet
        pick(h, rows["animal.number"].ids.choice, "1")
        assert rows["goods"].summary == "water"
        pick(h, rows["player"].ids.choice, "Timo")
        assert rows["goods"].summary == "(none)"
        pick(h, rows["player"].ids.choice, "Karin")
        tap_text(h, "Clear")
        for good in ("water", "gold", "salt", "gold"):
            tap_text(h, good)
        seq = correct.table.seq
        tap_text(h, "Apply the correction")
        assert correct.message == LONG_REFUSAL and correct.table.seq == seq  # nothing logged

        pick(h, rows["animal.number"].ids.choice, "2")
        for good in ("salt", "salt", "millet"):
            tap_text(h, good)
        tap_text(h, "Remove the last")
        assert rows["goods"].summary == "salt, salt"
        h.screenshot("correct-set-stack")
        assert all(w.height >= 48 for w in correct.walk() if hasattr(w, "trigger_action"))
        tap_text(h, "Apply the correction")
        assert h.screen is game
        karin = game.table.state.players[0]
        assert karin.camels[:2] == ((WATER,), (SALT, SALT))

    with Store.open(database) as store:
        entry = store.load(game_id).entries[-1]
        assert entry.kind == "correction"
        assert entry.payload == {
            "kind": "set_stack",
            "player": 0,
            "animal": {"animal": "camel", "number": 2},
            "goods": ["salt", "salt"],
        }


def test_a_sequence_takes_no_more_than_the_field_allows(tmp_path: Path) -> None:
    tuareg_game(tmp_path / "games.sqlite3")
    with running_app(tmp_path / "games.sqlite3") as h:
        open_only_game(h)
        tap_text(h, "Correct")
        tap_text(h, "Set stack")
        goods = h.screen.rows["goods"][1]
        for _ in range(6):
            tap_text(h, "millet")
        assert goods.value() == ["water", "millet", "millet", "millet"]  # 4 cards at most
        assert all(w.height >= 48 for w in goods.ids.buttons.children)


def test_nested_and_listed_fields_are_read_from_the_schema() -> None:
    specs = {s.name: s for s in field_specs(TUAREG, a.SetStack)}
    assert specs["animal.animal"] == FieldSpec(("animal", "animal"), "choice", ("camel", "donkey"))
    assert specs["animal.number"].choices == tuple(range(1, 9))
    assert specs["goods"].kind == "sequence" and specs["goods"].max_items == 4
    assert specs["goods"].choices == ("water", "gold", "salt", "millet")

    timbuktu = TimbuktuRules()
    swap = {s.name: s for s in field_specs(timbuktu, tb.SetSwapFields)}
    fields = parse_field(swap["fields"], "1,2; 3·4")
    assert fields == [[1, 2], [3, 4]]
    parsed = timbuktu.parse_action({"kind": "set_swap_fields", "place": 1, "fields": fields})
    assert parsed.fields == ((1, 2), (3, 4))
    assert parse_field(swap["fields"], "") is None  # nullable: no swap fields


UNCHANGED = {
    "targi": {"set_stock"},
    "tuareg": {"set_stack", "set_hand", "set_deck", "set_market"},
    "timbuktu": {"set_goods", "set_removed"},
}
"""Corrections whose form starts from the whole belief: applied untouched, they change nothing."""


def test_every_correction_of_every_game_starts_from_the_belief(tmp_path: Path) -> None:
    games = {
        "targi": (TARGI, TARGI.parse_options(targi_players())),
        "tuareg": (TUAREG, options(2)),
        "timbuktu": (TimbuktuRules(), TimbuktuRules().parse_options(timbuktu_options(3))),
    }
    for name, (rules, game_options) in games.items():
        database = tmp_path / f"{name}.sqlite3"
        with Store.open(database) as store:
            session = Session.create(store, rules, game_options)
            if name == "tuareg":
                session.submit(a.OpenMarket(goods=(WATER, MILLET)), seq=0, game_id=session.game_id)
        with running_app(database) as h:
            open_only_game(h)
            game = h.screen
            for cls in correction_types(rules):
                tap_text(h, "Correct")
                tap_text(h, kind_text(cls))
                correct, before, seq = h.screen, game.table.state, game.table.seq
                tap_text(h, "Apply the correction")
                if kind_of(cls) in UNCHANGED[name]:
                    assert h.screen is game, (name, cls, correct.message)
                    assert game.table.state == before and game.table.seq == seq + 1
                elif h.screen is correct:  # refused or malformed: said, nothing logged
                    assert correct.message and game.table.seq == seq, (name, cls)
                    tap_text(h, "Cancel")
                assert h.screen is game


# --- 4: the navigator the screens use is typed -------------------------------------------------


def navigator_screens() -> list[type]:
    """Every screen given a :class:`Navigator`, with the mixins it is made of, and every class of
    the games' UI packages (the prompt objects a game screen holds reach the navigator through
    it); every screen and game module imported first: the app imports game screens on first use."""
    for module in pkgutil.iter_modules(ui.screens.__path__):
        importlib.import_module(f"ui.screens.{module.name}")
    held = game_classes()
    found: list[type] = [CorrectScreen]
    pending = [GameScreen]
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    bases = [base for cls in found for base in cls.__mro__ if base.__module__.startswith("ui.")]
    return bases + held


def game_classes() -> list[type]:
    """The classes defined in the games' UI packages (``ui.games.<game>``), each module imported."""
    classes: list[type] = []
    for game in pkgutil.iter_modules(ui.games.__path__):
        if not game.ispkg:
            continue
        package = importlib.import_module(f"ui.games.{game.name}")
        for info in pkgutil.iter_modules(package.__path__):
            module = importlib.import_module(f"{package.__name__}.{info.name}")
            classes += [
                c
                for c in vars(module).values()
                if inspect.isclass(c) and c.__module__ == module.__name__
            ]
    return classes


def test_every_navigator_member_a_screen_uses_is_declared_and_provided(tmp_path: Path) -> None:
    declared = {n for n in vars(Navigator) if not n.startswith("_")} | set(
        get_type_hints(Navigator)
    )
    assert get_type_hints(Navigator)["store"] is Store
    used = set()
    for module in {inspect.getsourcefile(cls) for cls in navigator_screens()}:
        for node in ast.walk(ast.parse(Path(module).read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "nav"
            ):
                used.add(node.attr)
    assert "store" in used and used <= declared, used - declared
    with Store.open(tmp_path / "games.sqlite3") as store:
        app = CompanionApp(store)
        assert app.store is store
        assert [name for name in declared if not hasattr(app, name)] == []


def test_a_game_screen_asked_for_its_state_before_any_game_is_shown_says_so(
    tmp_path: Path,
) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        screen = h.app.game_screen("targi")
        assert screen.table is None
        with pytest.raises(RuntimeError, match="game-targi: no game shown yet"):
            _ = screen.state


# --- 5: every character drawn is in the default font -------------------------------------------


def missing_glyphs(text: str) -> set[str]:
    """Characters of ``text`` that Kivy's default font (regular and bold) draws as a blank box."""
    missing = set()
    for path in LabelBase._fonts["Roboto"][::2]:  # regular, bold
        font = ImageFont.truetype(path, 40)
        box = font.getmask("\ue000")  # a private-use character: no font has it
        for char in set(text):
            if char.isascii() or unicodedata.category(char).startswith(("Z", "C")):
                continue
            mask = font.getmask(char)
            if mask.size == box.size and bytes(mask) == bytes(box):
                missing.add(char)
    return missing


def test_every_character_in_the_screens_is_in_the_default_font() -> None:
    """Except the design system's symbols, which are drawn in its symbol font (test_design.py
    checks that font has them)."""
    assert missing_glyphs("\u2192 \u25b2 \u00b7") == {"\u2192", "\u25b2"}  # the check can fail
    sources = sorted([*UI.rglob("*.py"), *UI.rglob("*.kv")])
    found = {str(p.relative_to(UI)): missing_glyphs(p.read_text()) - SYMBOLS for p in sources}
    assert {name: chars for name, chars in found.items() if chars} == {}
