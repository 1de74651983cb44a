"""``table-companion scanner-test``: print what the configured scanner sends, raw and decoded, for
checking the wiring at the table (wrong baud rate, wrong protocol, a loose cable, unknown tags)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TextIO

from hardware.events import EventQueue, InputEvent, ScannerConnected, ScannerLost
from hardware.scanner.parser import Read
from hardware.scanner.transport import Resolve, ScannerSettings, ScannerSupervisor


@dataclass(frozen=True, kw_only=True)
class _Chunk(InputEvent):
    """Bytes as read and what the parser made of them; only this tool posts it."""

    raw: bytes
    reads: list[Read]


def _hex(raw: bytes) -> str:
    text = "".join(chr(b) if 0x20 <= b <= 0x7E else "." for b in raw)
    return f"{raw.hex(' ')}  |{text}|"


def _read_line(read: Read, resolve: Resolve) -> str:
    if read.kind == "rejected":
        return f"rejected  {read.frame.problem}: {_hex(read.frame.raw)}"
    if read.kind == "repeat":
        return f"repeat    {read.tag} (still present, not reported again)"
    card = resolve(read.tag or "")
    return (
        f"unknown   {read.tag} (no card; enrol it)"
        if card is None
        else f"card      {read.tag} -> {card}"
    )


def _lines(event: InputEvent, resolve: Resolve) -> list[str]:
    """What to print for an event. A chunk's frames are printed in the order they came (cards
    included, resolved as the app resolves them), so the app's own card events add nothing."""
    if isinstance(event, _Chunk):
        return [
            f"raw       {_hex(event.raw)}",
            *(_read_line(read, resolve) for read in event.reads),
        ]
    if isinstance(event, ScannerConnected):
        cut_off = f" ({event.scans_lost} scan(s) cut off by the disconnection)"
        return [f"connected {event.port}{cut_off if event.scans_lost else ''}"]
    if isinstance(event, ScannerLost):
        return [f"lost      {event.reason}"]
    return []


def run_scanner_test(
    settings: ScannerSettings,
    resolve: Resolve,
    out: TextIO,
    *,
    seconds: float | None = None,
    frames: int | None = None,
) -> int:
    """Print until Ctrl-C, until ``seconds`` have passed, or until ``frames`` frames were decoded."""
    woken = threading.Event()
    events = EventQueue(notify=woken.set)
    deadline = None if seconds is None else time.monotonic() + seconds
    print(
        f"scanner-test: {settings.protocol} on {settings.port} at {settings.baudrate} baud "
        "(Ctrl-C to stop)",
        file=out,
        flush=True,
    )
    supervisor = ScannerSupervisor(
        settings,
        events,
        resolve,
        monitor=lambda raw, reads: events.post(_Chunk(raw=raw, reads=reads)),
    )
    decoded = 0
    supervisor.start()
    try:
        while deadline is None or time.monotonic() < deadline:
            woken.wait(0.1)
            woken.clear()
            for event in events.drain():
                for line in _lines(event, resolve):
                    print(line, file=out, flush=True)
                if isinstance(event, _Chunk):
                    decoded += len(event.reads)
            if frames is not None and decoded >= frames:
                break
    except KeyboardInterrupt:
        pass
    finally:
        supervisor.stop()
    return 0
