"""Run ``table-companion``: in this process (:func:`run`, :func:`invoke`), or as a real process
(:func:`run_process`) where the process boundary is what a test is about (a crash, a signal, the
exit status of the process, the start-up, a child's environment).

In this process, :func:`companion.cli.main` runs as the console script runs it: its own standard
input, output and error (captured), its exit code (an ``argparse`` error's ``SystemExit`` too), a
traceback on standard error and exit code 1 for an exception it lets out (what Python does), and
its log lines on standard error as the command line's ``logging.basicConfig`` writes them. The
language it sets is put back afterwards. A process hands its command to the test run's resident
process (``tests/conftest.py``; :mod:`companion.cli.handoff`), ~0.1 s once that one is up (the
first, ~0.5 s, runs alone and starts it; several seconds on a loaded machine); a call in this
process, a few milliseconds after the first."""

from __future__ import annotations

import io
import json
import logging
import subprocess
import sys
import traceback
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from companion.installation.i18n import current_language, set_language

LOG_FORMAT = "table-companion: %(levelname)s: %(name)s: %(message)s"
"""As :func:`companion.cli.dispatch.main` configures logging for every command but the app."""


def invoke(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """``table-companion ARGS`` in this process: (exit code, standard output, standard error)."""
    from companion.cli import main

    out, err = io.StringIO(), io.StringIO()
    handler = logging.StreamHandler(err)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    handler.setLevel(logging.WARNING)
    root = logging.getLogger()
    language, standard_input = current_language(), sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    root.addHandler(handler)  # also keeps basicConfig from adding one of its own
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main(list(args))
            except SystemExit as exit_:
                code = _exit_code(exit_.code, err)
            except Exception:  # as Python reports an uncaught exception: a traceback, exit 1
                traceback.print_exc(file=err)
                code = 1
    finally:
        root.removeHandler(handler)
        sys.stdin = standard_input
        set_language(language)
    return code, out.getvalue(), err.getvalue()


def _exit_code(code: object, err: io.StringIO) -> int:
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=err)  # SystemExit("message"): printed, exit status 1
    return 1


def run(*args: str, stdin: str = "", db: Path | None = None) -> tuple[int, Any]:
    """Exit code and the parsed JSON output (or the raw text, output then error, when the output is
    not JSON), the command run in this process."""
    prefix = ["--db", str(db)] if db is not None else []
    code, out, err = invoke(*prefix, *args, stdin=stdin)
    return code, _parsed(out, err)


def run_process(*args: str, stdin: str = "", db: Path | None = None) -> tuple[int, Any]:
    """As :func:`run`, in a real process (``python -m companion``), the way other tools call it."""
    prefix = ["--db", str(db)] if db is not None else []
    done = subprocess.run(
        [sys.executable, "-m", "companion", *prefix, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    return done.returncode, _parsed(done.stdout, done.stderr)


def _parsed(out: str, err: str) -> Any:
    try:
        return json.loads(out)
    except json.JSONDecodeError:
        return out + err
