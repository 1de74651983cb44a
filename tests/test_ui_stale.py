"""Two devices on one game: the screen passes the log entry it rendered, so an input meant for a
game another device (the CLI, another screen) has moved on is refused as ``stale``, with its
notice, and the screen shows the game as it now is."""

from __future__ import annotations

from pathlib import Path

from targi_table import CENTRE
from test_ui_targi import name_centre, start_targi
from ui_harness import running_app

from companion.games.targi import actions as a
from companion.play.session import Session
from companion.store import Store


def test_an_input_after_another_device_wrote_is_refused_and_the_screen_refreshes(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    with running_app(database) as h:
        start_targi(h)
        screen = h.screen
        name_centre(h, CENTRE)
        shown = screen.table.seq
        assert screen.rendered_seq == shown and "Amal to move" in screen.ids.bar.status

        with Store.open(database) as store:  # a second device: Amal placed on the Dates card
            other = Session.resume(store, screen.table.game_id)
            assert other.submit(
                a.Place(player=0, card=2), seq=other.seq, game_id=other.game_id
            ).verdict.ok
            written = other.seq
        assert "Amal" not in screen.cells[2].text  # the screen has not seen it yet

        h.tap(screen.cells[3])  # Amal on card 3, as the screen still shows her to move
        assert screen.table.refusal is not None and screen.table.refusal.code == "stale"
        h.frames(2)
        assert screen.ids.bar.refusal == (
            "Another device has changed this game; open it again to continue."
        )
        # Refreshed: the other device's placement is shown, and card 3 was not taken.
        assert screen.table.seq == screen.rendered_seq == written == shown + 1
        assert "[b]A[/b]" in screen.cells[2].text and "[b]A[/b]" not in screen.cells[3].text
        assert "Bilal to move" in screen.ids.bar.status

        h.tap(screen.cells[3])  # the next input is meant for the game as it now is
        assert screen.table.refusal is None and "[b]B[/b]" in screen.cells[3].text
