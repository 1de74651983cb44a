"""Run every benchmark on this machine and print the figures (and the issues' targets).

Each module in ``SUITES`` offers ``figures(args) -> list[Row]``; ``--only NAME`` runs one of them.
"""

from __future__ import annotations

import argparse
import importlib

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
    for name in [args.only] if args.only else SUITES:
        module = importlib.import_module(f"benchmarks.{name}")
        print_rows(name, module.figures(args))


if __name__ == "__main__":
    main()
