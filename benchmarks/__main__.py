"""Run every benchmark on this machine and print the figures (and the issues' targets).

Each module in ``SUITES`` offers ``figures(args) -> list[Row]``; ``--only NAME`` runs one of them.
Every wait in them has a timeout: a suite whose wait runs out is reported as FAILED with the
reason, the others still run, and the exit status says which failed.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess

from benchmarks.timing import Row

SUITES = (
    "targi",
    "tuareg",
    "timbuktu",
    "storage",
    "hardware",
    "ui",
    "history",
    "scan",
    "charts",
    "web",
    "budget",
)


def print_rows(title: str, rows: list[Row]) -> None:
    print(f"\n== {title}")
    width = max(len(name) for name, _value, _note in rows)
    for name, value, note in rows:
        print(f"{name:<{width}}  {value:>12}  {note}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="random games for games/s figures")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--only", choices=SUITES, help="run one suite")
    args = parser.parse_args()
    failed = []
    for name in [args.only] if args.only else SUITES:
        module = importlib.import_module(f"benchmarks.{name}")
        try:
            rows = module.figures(args)
        except (RuntimeError, subprocess.SubprocessError, AssertionError) as error:
            # a wait that ran out, a child that failed: said, and the other suites still run
            failed.append(name)
            rows = [(f"{name}: FAILED", type(error).__name__, str(error) or repr(error))]
        print_rows(name, rows)
    if failed:
        raise SystemExit(f"benchmarks failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
