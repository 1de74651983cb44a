"""Settings → Phones in a real window: off at first; turned on, it shows the join link as a QR code
that decodes (from the screenshot) to the link it also shows in words, with the token the web view
accepts; "New link" ends the old link; off removes it."""

from __future__ import annotations

from pathlib import Path

from kivy.core.window import Window
from PIL import Image
from qr_codes import qr_texts
from ui_harness import plain, running_app, shot

from companion.installation import phones
from companion.store import Store
from ui.audit.checks import audit, window_roots


def test_phones_turn_on_show_a_scannable_link_change_it_and_turn_off(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    Store.open(db).close()
    with running_app(db) as h:
        h.tap(h.screen.ids.settings)
        h.tap(h.screen.ids.phones)
        screen = h.screen
        assert screen.name == "phones" and not screen.on
        assert plain(screen.ids.toggle.text) == "Turn phones on"
        assert phones.read_token(db) is None
        assert audit(window_roots(Window), tuple(Window.size)) == []

        h.tap(screen.ids.toggle)
        token = phones.read_token(db)
        assert token is not None and screen.on
        link = phones.join_link(phones.table_address(), phones.DEFAULT_PORT, token)
        assert plain(screen.ids.address.text).endswith("\n" + link)
        with Image.open(shot(h, "phones", colours=2)) as image:
            decoded = qr_texts(image)
        assert decoded == [link]
        h.frames(2)
        assert audit(window_roots(Window), tuple(Window.size)) == []

        h.tap(screen.ids.new_link)
        assert phones.read_token(db) not in (None, token)
        assert token not in plain(screen.ids.address.text)
        assert "must scan again" in plain(screen.ids.message.text)

        h.tap(screen.ids.toggle)
        assert phones.read_token(db) is None and not screen.on
        assert plain(screen.ids.toggle.text) == "Turn phones on"
