"""The ``table-companion`` command: the touchscreen app (no arguments), rules questions, and
headless game tracking. The console script is :func:`main` (:mod:`companion.cli.start`)."""

from companion.cli.start import main

__all__ = ["main"]
