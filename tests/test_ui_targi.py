"""Targi through the screen, in a real offscreen window driven by touches."""

from __future__ import annotations

import re
from pathlib import Path

from kivy.core.window import Window
from kivy.metrics import sp
from kivy.uix.scrollview import ScrollView
from targi_table import CENTRE, RULES, finish_round
from ui_harness import Harness, buttons, plain, running_app, tap_text

from companion.games.targi import actions as a
from companion.games.targi.catalog import catalog
from companion.games.targi.model import Good, Phase, Stock
from companion.games.targi.names import card_name, symbol_name
from companion.games.targi.naming import face_of
from companion.play.session import Session
from companion.store import Store
from ui.moments import stored_moment_text


def start_targi(h: Harness) -> None:
    """Seat Amal (blue) and Bilal (white) on the Home screen and start."""
    home = h.screen
    home.ids.game.text = "targi"  # another test may have registered a game that sorts first
    h.frames(1)
    rows = home.seats()
    rows[0].ids.name.text, rows[1].ids.name.text = "Amal", "Bilal"
    rows[0].ids.colour.colour, rows[1].ids.colour.colour = "blue", "white"
    h.frames(1)
    tap_text(h, "Start the game")
    assert h.screen.name == "game-targi"


def chip_for(h: Harness, card: str):
    """The naming chip that shows ``card``'s face, its symbol's filter tapped first (tribe)."""
    screen = h.screen
    tribe = catalog().tribe.get(card)
    if tribe is not None:
        tap_text(h, symbol_name(tribe.symbol).capitalize())
    (chip,) = [c for c in screen.chips if face_of(c.payload[0].card) == face_of(card)]
    return chip


def name_centre(h: Harness, cards: dict[tuple[int, int], str]) -> None:
    """Name the face-down central cards by tapping each cell, then the card's chip."""
    for cell, card in cards.items():
        h.tap(h.screen.cells[cell])
        h.tap(chip_for(h, card))
        assert h.screen.table.state.slot(cell).card == card


def assert_fixed_in_window(widget) -> None:
    """``widget`` lies wholly inside the window and in no scroll area (nothing can hide it)."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    assert 0 <= left < right <= Window.width and 0 <= bottom < top <= Window.height
    ancestor = widget.parent
    while ancestor is not None and ancestor is not Window:
        assert not isinstance(ancestor, ScrollView), "in a scroll area"
        ancestor = ancestor.parent


def stock(h: Harness, seat: int) -> Stock:
    return h.screen.table.state.players[seat].stock


def test_a_round_played_by_touch(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        start_targi(h)
        screen = h.screen
        name_centre(h, CENTRE)
        state = screen.table.state
        assert state.phase is Phase.PLACEMENT and state.robber == 1
        assert screen.cells[(1, 1)].text.startswith("Dates 1")
        assert "ROBBER" in screen.cells[1].text
        legal = {space for space, cell in screen.cells.items() if cell.highlighted}
        assert legal == {2, 3, 5, 6, 7, 9, 10, 11, 13, 14, 15}

        h.tap(screen.cells[2])  # Amal on the Dates card
        assert "[b]A[/b]" in screen.cells[2].text
        seq = screen.table.seq
        h.tap(screen.cells[10])  # Bilal opposite Amal's Targi: refused, with the rule's reason
        assert screen.ids.bar.refusal == "Card 10 is opposite an opponent's Targi."
        assert screen.table.seq == seq and "[b]B[/b]" not in screen.cells[10].text
        assert not screen.cells[10].highlighted and screen.cells[5].highlighted
        for card in (5, 14, 3, 13, 11):
            h.tap(screen.cells[card])
        assert screen.ids.bar.refusal == ""

        # Tribe markers where each player's lines cross.
        assert "[b]A[/b]" in screen.cells[(2, 2)].text and "[b]A[/b]" in screen.cells[(3, 2)].text
        assert "[b]B[/b]" in screen.cells[(1, 1)].text and "[b]B[/b]" in screen.cells[(1, 3)].text
        assert screen.table.state.phase is Phase.ACTIONS
        assert "Amal to move" in screen.ids.bar.status

        tap_text(h, "Take goods")  # Amal's first card: Dates
        assert stock(h, 0).dates == 3
        h.tap(screen.cells[(2, 2)])  # the "one good of your choice" card
        tap_text(h, "Pepper")
        assert stock(h, 0).pepper == 3
        tap_text(h, "End turn (leave the rest)")
        assert "Bilal to move" in screen.ids.bar.status
        h.tap(screen.cells[5])  # the Merchant: two exchanges, then done
        # Its many exchanges scroll; ending the turn stays in view, in the fixed row below them.
        (end,) = buttons(screen, "End turn (leave the rest)")
        assert_fixed_in_window(end)
        assert screen.ids.prompt.title.startswith("Bilal: Merchant exchanges")
        tap_text(h, "2 dates for 1 salt")
        tap_text(h, "2 salt for 1 pepper")
        tap_text(h, "Done: 2 exchanges")
        assert stock(h, 1) == Stock(dates=0, salt=1, pepper=3, gold=1, vp=4)
        tap_text(h, "End turn (leave the rest)")

        assert screen.table.state.phase is Phase.REVEAL
        h.screenshot("targi-reveal")
        tap_text(h, "Undo")  # Bilal's end of turn comes back
        assert screen.table.state.phase is Phase.ACTIONS
        tap_text(h, "Redo")
        assert screen.table.state.phase is Phase.REVEAL


def test_a_raid_is_paid_on_the_screen_after_resuming(tmp_path: Path) -> None:
    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        options = RULES.parse_options(
            {"players": [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]}
        )
        session = Session.create(store, RULES, options)
        for cell, card in CENTRE.items():
            session.submit(
                a.RevealCard(cell=cell, card=card), seq=session.seq, game_id=session.game_id
            )
        state = session.state
        while state.round < 4:  # the table played three rounds; the robber reaches raid 1
            target = finish_round(state)
            for action in _path(state, target):
                session.submit(action, seq=session.seq, game_id=session.game_id)
            state = session.state
        assert state.phase is Phase.RAID

    with running_app(database) as h:
        resume_listed(h, database)
        screen = h.screen
        assert screen.table.state.raid == 1
        assert screen.ids.prompt.title.startswith("Raid 1: what does")
        payer = screen.table.state.to_move
        before = stock(h, payer)
        option = screen.ids.prompt.ids.options.children[-1]  # the first option offered
        h.tap(option)
        after = stock(h, payer)
        assert after.goods == before.goods - 1 or after.vp < before.vp
        assert screen.table.state.raid_paid[payer]


def _path(state, target):
    """The actions :func:`finish_round` takes from ``state`` (replayed to log them one by one)."""
    actions = []
    start = state.round
    while state.round == start and state.phase is not Phase.GAME_OVER:
        if state.phase is Phase.ACTIONS:
            action = a.EndTurn(player=state.to_move)
        else:
            action = RULES.legal_actions(state)[0]
        actions.append(action)
        state = RULES.apply(state, action)
    assert state == target
    return actions


def _updated(database: Path) -> str:
    with Store.open(database) as store:
        (game,) = store.list_games()
        return stored_moment_text(game.updated_at)


def resume_listed(h: Harness, database: Path) -> None:
    """Tap the game in Home's list: its players, where it stands, when it was last played."""
    (button,) = [
        b
        for b in h.screen.walk()
        if plain(getattr(b, "text", "")).startswith("Targi · Amal vs Bilal · ")
        and plain(b.text).endswith(f" · {_updated(database)}")
    ]
    h.tap(button)


def test_what_a_marked_card_allows_is_offered_on_the_screen(tmp_path: Path) -> None:
    """A card the table marked (play from the hand, swap displayed cards) gives its owner buttons
    in the actions step; a raid protection is one of the raid's choices."""
    database = tmp_path / "games.sqlite3"
    marked = "TARGI-TRIBE-OASIS-2"
    with Store.open(database) as store:
        options = RULES.parse_options(
            {
                "players": [
                    {"name": "Amal", "colour": "blue"},
                    {"name": "Bilal", "colour": "white"},
                ],
                "card_effects": {marked: ["play_from_hand", "swap_displayed"]},
            }
        )
        session = Session.create(store, RULES, options)
        actions = [a.RevealCard(cell=cell, card=card) for cell, card in CENTRE.items()]
        actions += [a.AddDisplayed(player=0, row=0, card=marked)]
        actions += [a.SetHand(player=0, card="TARGI-TRIBE-TENT-9")]
        placed = zip((0, 1) * 3, (5, 2, 3, 14, 13, 10), strict=True)
        actions += [a.Place(player=seat, card=card) for seat, card in placed]
        for action in actions:
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok

    with running_app(database) as h:
        resume_listed(h, database)
        screen = h.screen
        assert screen.table.state.phase is Phase.ACTIONS
        tap_text(h, "Play the hand card (a card's text)")
        tap_text(h, "Display row 2")
        amal = screen.table.state.players[0]
        assert amal.display[:2] == ((marked,), ("TARGI-TRIBE-TENT-9",)) and amal.hand is None
        tap_text(h, "Swap two displayed cards (a card's text)")
        tap_text(h, "Row 1 card 1, with row 2 card 1")
        assert screen.table.state.players[0].display[:2] == (("TARGI-TRIBE-TENT-9",), (marked,))


def test_a_card_is_named_from_its_merged_chip_in_one_tap(tmp_path: Path) -> None:
    """The first face-down card is preselected; copies printing the same are one chip, the likeliest
    first; one tap records a copy still in the pile."""
    with running_app(tmp_path / "games.sqlite3") as h:
        start_targi(h)
        screen = h.screen
        texts = [plain(chip.text) for chip in screen.chips]
        assert len(texts) == 12 and len(set(texts)) == 12  # 19 goods cards, 12 faces
        assert texts[0].endswith("3 copies") and texts[-1].endswith("1 VP")
        (salt,) = [chip for chip in screen.chips if plain(chip.text) == "gives 1 salt · 2 copies"]
        seq = screen.table.seq
        h.tap(salt)
        assert screen.table.seq == seq + 1
        assert screen.table.state.slot((1, 1)).card == "TARGI-GOODS-SALT-1"
        h.tap(screen.cells[(1, 3)])  # another goods card: only one salt copy is left now
        (salt,) = [chip for chip in screen.chips if plain(chip.text) == "gives 1 salt"]
        h.tap(salt)
        assert screen.table.state.slot((1, 3)).card == "TARGI-GOODS-SALT-2"

        h.tap(screen.cells[(1, 2)])  # a tribe card: filtered by symbol, the likeliest first
        filters = [plain(b.text) for b in reversed(screen.naming.ids.symbols.children)]
        assert filters[0] == "Well"  # two wells print the same: the likeliest symbol
        assert all(c.payload[0].card.startswith("TARGI-TRIBE-WELL-") for c in screen.chips)
        tap_text(h, "Tent")
        tents = [chip.payload[0].card for chip in screen.chips]
        assert all(card.startswith("TARGI-TRIBE-TENT-") for card in tents) and len(tents) <= 9
        h.tap(screen.chips[0])
        assert screen.table.state.slot((1, 2)).card == tents[0]


def test_player_panels_show_counters_and_badges(tmp_path: Path) -> None:
    with running_app(tmp_path / "games.sqlite3") as h:
        start_targi(h)
        name_centre(h, CENTRE)
        screen = h.screen
        amal, bilal = screen.ids.player0, screen.ids.player1
        assert "●" in amal.text and "[b]A[/b]" in amal.text  # blue: a circle, and the initial
        assert "■" in bilal.text and "[b]B[/b]" in bilal.text
        assert "hand:" not in amal.text and "1:" not in amal.text
        assert plain(amal.text).splitlines()[1:] == [
            "dates 2 · salt 2 · pepper 2",
            "gold 1 · VP 4",
            "tribe cards 0",
        ]
        assert amal.active and not bilal.active
        # the stocks read from across the table: every count bold at 20 sp or more (issue 23)
        sizes = re.findall(r"\[size=(\d+)\][a-z]+ \d", amal.text)
        assert len(sizes) == 2 and all(int(size) >= sp(20) for size in sizes)
        for panel in (amal, bilal):
            assert_fixed_in_window(panel)
        h.tap(screen.cells[2])
        assert "●" in screen.cells[2].text and "[b]A[/b]" in screen.cells[2].text


def test_a_tribe_card_choice_says_display_once_in_every_language() -> None:
    """ "Display, row 1", not "Display, display row 1" (German: "Auslegen, Reihe 1")."""
    from companion.installation import i18n
    from ui.choices import describe
    from ui.games.targi.gamescreen import TEXTS

    action = a.UseTribalExpansion(player=0, card="TARGI-TRIBE-TENT-9", decision="display", row=0)
    said = {}
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            said[code] = describe(action, TEXTS, with_kind=False)
    finally:
        i18n.set_language("en")
    ends = {
        "en": "Display, row 1",
        "de": "Auslegen, Reihe 1",
        "es": "Poner en la mesa, fila 1",
        "pl": "Wyłóż, rząd 1",
    }
    assert {code: text[-len(ends[code]) :] for code, text in said.items()} == ends


def test_a_drawn_tribe_card_is_named_in_two_taps_without_a_scanner(tmp_path: Path) -> None:
    """Amal's Targi on the Tribal expansion: the card drawn is named by its symbol, then by one
    of that symbol's faces (at most 8, all in view, none scrolled to): two taps, as the centre
    naming does, not a list of 40 faces."""
    from ui.games.targi import positions

    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        positions.targi_placed(store, (2, 5, 14, 3, 13, 11))
    with running_app(database) as h:
        (game,) = [
            b for b in h.screen.walk() if plain(getattr(b, "text", "")).startswith("Targi · ")
        ]
        h.tap(game)
        screen = h.screen
        h.tap(screen.cells[14])
        taps = 0
        tent = "TARGI-TRIBE-TENT-9"
        name = symbol_name(catalog().tribe[tent].symbol).capitalize()
        (symbol,) = buttons(screen.naming.ids.symbols, name)
        h.tap(symbol)
        taps += 1
        faces = [chip.payload[0] for chip in screen.chips]
        assert 1 < len(faces) <= 8 and all(card.startswith("TARGI-TRIBE-TENT-") for card in faces)
        for chip in screen.chips:  # every face in view: no swipe to reach it
            _left, bottom = chip.to_window(chip.x, chip.y)
            scroller = screen.naming.ids.scroller
            assert scroller.to_window(scroller.x, scroller.y)[1] <= bottom
        assert screen.naming_drawn  # the players' panels folded away for the faces
        (chip,) = [c for c in screen.chips if face_of(c.payload[0]) == face_of(tent)]
        h.tap(chip)
        taps += 1
        assert taps <= 2 and not screen.naming_drawn
        seq = screen.table.seq
        tap_text(h, "Hand")  # how it is used: the card named is the one taken into the hand
        assert screen.table.seq == seq + 1
        assert face_of(screen.table.state.players[0].hand) == face_of(tent)


def test_raid_options_say_what_the_player_does(tmp_path: Path) -> None:
    """Not "Pepper 1 / Vp 1" like the card "Dates 1": "Give 1 pepper", "Lose 1 VP"."""
    from ui.games.targi import positions

    database = tmp_path / "games.sqlite3"
    with Store.open(database) as store:
        positions.targi_at_raid(store)
    with running_app(database) as h:
        (game,) = [
            b for b in h.screen.walk() if plain(getattr(b, "text", "")).startswith("Targi · ")
        ]
        h.tap(game)
        screen = h.screen
        options = [plain(b.text) for b in reversed(screen.ids.prompt.ids.options.children)]
        assert "Give 1 pepper" in options and "Lose 1 VP" in options, options
        assert not any(text.endswith(" 1") for text in options)
        seat = screen.state.to_move
        vp = screen.state.players[seat].stock.vp
        tap_text(h, "Lose 1 VP")
        assert screen.table.state.players[seat].stock.vp == vp - 1


def test_merchant_exchanges_count_each_good_in_its_plural() -> None:
    """ "2 salt for 1 date", not "1 dates" (es "1 dátil", de "1 Dattel")."""
    from companion.installation import i18n
    from ui.games.targi.gamescreen import exchange_text

    to_dates = a.Exchange(give=Good.SALT, get=Good.DATES)
    to_gold = a.Exchange(give=Good.DATES, get="gold")
    said = {}
    try:
        for code in ("en", "es", "de"):
            i18n.set_language(code)
            said[code] = (exchange_text(to_dates), exchange_text(to_gold))
    finally:
        i18n.set_language("en")
    assert said["en"] == ("2 salt for 1 date", "3 dates for 1 gold")
    assert said["es"][0].endswith("por 1 dátil") and said["de"][0].endswith("für 1 Dattel")


def test_the_centre_card_being_named_is_marked_apart(tmp_path: Path) -> None:
    from ui.games.targi.gamescreen import GOODS_BACKGROUND, TRIBE_BACKGROUND

    """Nine face-down cells are framed alike as tappable; the one being named is a lighter card
    framed in ink, and moves with a tap; the band reads "Reveal", capitalised where a name
    goes."""
    with running_app(tmp_path / "games.sqlite3") as h:
        start_targi(h)
        screen = h.screen

        def named() -> list[tuple[int, int]]:
            fills = {tuple(screen.cells[cell].background) for cell in CENTRE}
            dealt = (tuple(GOODS_BACKGROUND), tuple(TRIBE_BACKGROUND))
            darker = {fill for fill in fills if fill in dealt}
            return [
                cell
                for cell in CENTRE
                if tuple(screen.cells[cell].background) not in darker and screen.cells[cell].chosen
            ]

        assert named() == [(1, 1)]
        h.tap(screen.cells[(2, 3)])
        assert named() == [(2, 3)]
        assert screen.ids.bar.status == "Reveal"


def placed(database: Path, *cards: int, amal_done: bool = False) -> None:
    """Amal's and Bilal's game with the centre named and their Targi placed on ``cards`` in turn
    (Amal first); ``amal_done``: Amal has ended her turn of actions, Bilal's comes."""
    with Store.open(database) as store:
        players = [{"name": "Amal", "colour": "blue"}, {"name": "Bilal", "colour": "white"}]
        session = Session.create(store, RULES, RULES.parse_options({"players": players}))
        actions: list[a.TargiAction] = [a.RevealCard(cell=c, card=k) for c, k in CENTRE.items()]
        actions += [a.Place(player=i % 2, card=card) for i, card in enumerate(cards)]
        actions += [a.EndTurn(player=0)] if amal_done else []
        for action in actions:
            assert session.submit(action, seq=session.seq, game_id=session.game_id).verdict.ok


def open_the_game(h: Harness) -> None:
    (game,) = [b for b in h.screen.walk() if plain(getattr(b, "text", "")).startswith("Targi · ")]
    h.tap(game)


def test_merchant_exchanges_start_over_on_the_merchant(tmp_path: Path) -> None:
    """Start over forgets the exchanges chosen so far and offers the Merchant's anew."""
    database = tmp_path / "games.sqlite3"
    placed(database, 2, 5, 14, 3, 13, 11, amal_done=True)
    with running_app(database) as h:
        open_the_game(h)
        screen = h.screen
        h.tap(screen.cells[5])  # Bilal's Merchant
        tap_text(h, "2 dates for 1 salt")
        assert screen.ids.prompt.title == "Bilal: Merchant exchanges (2 dates for 1 salt)"
        seq = screen.table.seq
        tap_text(h, "Start over")
        assert screen.exchanges == () and screen.selected == 5 and screen.table.seq == seq
        assert screen.ids.prompt.title == "Bilal: Merchant exchanges"
        assert buttons(screen.ids.actions, "Start over") == []


def test_a_drawn_card_once_named_can_be_named_again(tmp_path: Path) -> None:
    """The card a Tribal expansion drew, named: its uses follow under its name, and Another card
    goes back to its faces (a wrong tap mended before anything is logged)."""
    database = tmp_path / "games.sqlite3"
    placed(database, 2, 5, 14, 3, 13, 11)
    tent = "TARGI-TRIBE-TENT-9"
    symbol = symbol_name(catalog().tribe[tent].symbol).capitalize()
    with running_app(database) as h:
        open_the_game(h)
        screen = h.screen
        h.tap(screen.cells[14])
        for attempt in range(2):
            assert screen.naming_drawn and screen.drawn is None
            h.tap(buttons(screen.naming.ids.symbols, symbol)[0])
            (chip,) = [c for c in screen.chips if face_of(c.payload[0]) == face_of(tent)]
            h.tap(chip)
            assert not screen.naming_drawn and face_of(screen.drawn) == face_of(tent)
            assert plain(screen.ids.prompt.title).startswith("Amal: use ")
            assert plain(screen.ids.prompt.title).endswith(f" · {card_name(screen.drawn)}")
            seq = screen.table.seq
            if attempt == 0:
                tap_text(h, "Another card")
                assert screen.table.seq == seq
        tap_text(h, "Hand")
        assert screen.table.seq == seq + 1
        assert face_of(screen.table.state.players[0].hand) == face_of(tent)
