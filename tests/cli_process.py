"""Run ``table-companion`` as a real process, the way other tools call it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any


def run(*args: str, stdin: str = "", db: Path | None = None) -> tuple[int, Any]:
    """Exit code and the parsed JSON output (or the raw text when the output is not JSON)."""
    prefix = ["--db", str(db)] if db is not None else []
    done = subprocess.run(
        [sys.executable, "-m", "companion", *prefix, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    try:
        return done.returncode, json.loads(done.stdout)
    except json.JSONDecodeError:
        return done.returncode, done.stdout + done.stderr
