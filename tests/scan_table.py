"""A table playing by scanner: a fake scanner on a real pty, the project's scanner supervisor and
parser reading it, and every card read handed to ``game scan``'s core as the app hands it.

Each scan is timed from the bytes written on the pty to the verdict (``latencies``), and each move
made by scans is counted with the cards it took (``scanned_moves``, ``scanned_cards``) next to the
moves entered by touch (``touched``), for the taps-per-turn figures: ``taps_saved`` counts, for each
move made by scans, the choices the cards made that a touch screen takes one tap each for: every
value of the action that ``given`` did not supply (a card, a camel, a pen, each good of a load), but
its kind, its player and the cell a revealed card goes on (the screen picks those itself). A mode
tap the scans made needless (a draw told by its card alone) is not counted: the figure is a floor.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from cli_process import run
from scanner_pty import FakeScanner, WaitableQueue

from companion.installation.device_config import ScannerConfig
from companion.play.cards import TagDirectory
from companion.play.scan_play import ScanMove, play_scan
from companion.play.session import Outcome, Session
from companion.store import Store
from hardware.events import CardScanned, ScannerConnected, UnknownTag
from hardware.scanner.transport import ScannerSupervisor


def _leaves(value: Any) -> int:
    if isinstance(value, dict):
        return sum(_leaves(item) for item in value.values())
    if isinstance(value, list):
        return sum(_leaves(item) for item in value)
    return 0 if value is None else 1


def _choices(action: dict[str, Any], given: dict[str, Any]) -> int:
    """The taps a touch screen needs for what the scans chose (see the module's description)."""
    implied = {"kind", "player", "cell", *given}
    return _leaves({key: value for key, value in action.items() if key not in implied})


class ScannedTable:
    """Use as a context manager; :meth:`scan` writes tags on the pty and plays what was read."""

    def __init__(self, tmp_path: Path, store: Store, session: Session) -> None:
        self.store = store
        self.session = session
        self.link = tmp_path / "ttyScanner"
        self.latencies: list[float] = []
        self.scanned_moves = 0
        self.scanned_cards = 0
        self.touched = 0
        self.taps_saved = 0
        self._read = 0

    def __enter__(self) -> ScannedTable:
        self.scanner = FakeScanner(self.link)
        # a label's copies print the same code: a repeat must count, so no repeat gap
        config = ScannerConfig(port=str(self.link), protocol="lines", repeat_gap=0.0, retry_max=0.2)
        self.events = WaitableQueue()
        directory = TagDirectory.from_store(self.store)
        self.supervisor = ScannerSupervisor(
            config, self.events, directory.resolve, rng=random.Random(7)
        )
        self.supervisor.start()
        connected = self.events.wait_for(1)
        assert isinstance(connected[0], ScannerConnected), connected
        self._read = 1
        return self

    def __exit__(self, *_exc: object) -> None:
        self.supervisor.stop()
        self.scanner.unplug()

    def read(self, *tags: str) -> list[str]:
        """Write ``tags`` on the pty as the scanner would, one line each; the cards read."""
        cards = []
        for tag in tags:
            self.scanner.send(tag.encode() + b"\r\n")
            events = self.events.wait_for(self._read + 1)
            assert len(events) == self._read + 1, f"the scanner did not read {tag}"
            event = events[self._read]
            self._read += 1
            assert isinstance(event, CardScanned | UnknownTag), event
            cards.append(event.card if isinstance(event, CardScanned) else event.tag)
        return cards

    def scan(
        self, *tags: str, given: dict[str, Any] | None = None, check: bool = False
    ) -> tuple[ScanMove, Outcome]:
        """Scan ``tags`` (one move), and play them; a move of several cards is checked after each
        card but the last, as the screen shows its live reasons."""
        cards: list[str] = []
        for tag in tags:
            started = time.perf_counter()
            cards += self.read(tag)
            last = len(cards) == len(tags)
            move, outcome = play_scan(
                self.session,
                cards,
                seq=self.session.seq,
                given=given,
                check=check or not last,
            )
            self.latencies.append(time.perf_counter() - started)
        if not check and outcome.verdict.ok:
            assert move.action is not None
            self.scanned_moves += 1
            self.scanned_cards += len(tags)
            self.taps_saved += _choices(move.action, given or {})
        return move, outcome

    def play(self, *tags: str, given: dict[str, Any] | None = None) -> dict[str, Any]:
        """Scan one move that must be accepted; the action it made."""
        move, outcome = self.scan(*tags, given=given)
        assert outcome.verdict.ok, (tags, outcome.verdict)
        assert move.action is not None
        return move.action

    def refused(self, *tags: str, given: dict[str, Any] | None = None) -> str:
        """Scan a move that must be refused, changing nothing; its refusal code."""
        seq = self.session.seq
        _move, outcome = self.scan(*tags, given=given)
        assert not outcome.verdict.ok
        assert self.session.seq == seq
        return outcome.verdict.code

    def process(self, db: Path, *tags: str) -> dict[str, Any]:
        """Scan one move and hand its cards to ``table-companion game scan`` as a real process
        (as a script would); the game is reopened after it. Its JSON answer."""
        started = time.perf_counter()
        cards = self.read(*tags)
        code, out = run(
            "game", "scan", self.session.game_id, str(self.session.seq), *cards, "--compact", db=db
        )
        self.latencies.append(time.perf_counter() - started)
        assert code == 0, out
        self.session = Session.resume(self.store, self.session.game_id)
        self.scanned_moves += 1
        self.scanned_cards += len(tags)
        return out  # type: ignore[no-any-return]

    def act(self, action: dict[str, Any]) -> None:
        """A move entered by touch (no card in it)."""
        rules = self.session.rules
        outcome = self.session.submit(
            rules.parse_action(action), seq=self.session.seq, game_id=self.session.game_id
        )
        assert outcome.verdict.ok, (action, outcome.verdict)
        self.touched += 1
