"""The ``table-companion`` command: the touchscreen app (no arguments), rules questions, and
headless game tracking. The console script is :func:`companion.cli.handoff.main` (a core command
handed to the resident process, else run here); :func:`main` runs a command in this process
(:mod:`companion.cli.start`)."""

from __future__ import annotations

TYPE_CHECKING = False  # collections.abc costs every call of the console script ~3 ms
if TYPE_CHECKING:
    from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """``table-companion ARGV`` run in this process: its exit code."""
    from companion.cli.start import main as start

    return start(argv)


__all__ = ["main"]
