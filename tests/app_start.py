"""The app started in a child process as a table or a newcomer starts it, and what it printed
until its main loop began (and a moment after, if asked)."""

from __future__ import annotations

import subprocess
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

MAIN_LOOP = "Start application main loop"
"""Kivy's line once the app's window is built and its first frame is on its way."""


def output_until_main_loop(
    command: Sequence[str | Path], env: Mapping[str, str], settle: float = 0.0
) -> str:
    """Run ``command`` with ``env``, read what it prints until the main loop starts (at most
    60 s), wait ``settle`` seconds more, then end it; everything it printed."""
    child = subprocess.Popen(
        list(command), env=dict(env), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert child.stdout is not None
    lines: list[str] = []
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            lines.append(line)
            if MAIN_LOOP in line:
                time.sleep(settle)
                break
    finally:
        child.terminate()
        rest, _ = child.communicate(timeout=30)
    return "".join(lines) + rest
