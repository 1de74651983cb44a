"""``scripts/ui-audit --size WxH [--lang CODE] --out DIR``: the tour in a real offscreen window,
``DIR/<state>.png`` for each state and ``DIR/report.json``::

    {"states": [names], "problems": [{"state", "widget", "kind", "detail"}],
     "size": "800x480", "lang": "en", "skipped": [names], "checks": [every kind checked]}

A state the tour cannot reach (the screens changed under it) is a problem of kind
``unreachable``; in a language other than English, a label showing English words is one of kind
``untranslated`` (:mod:`ui.audit.words`). What a player notices after real taps (a toast over a
control, a chosen item drawn like the others, a refusal outliving its correction, an option cut
with no cue, text under 4.5:1 in the window's pixels) is :mod:`ui.audit.interaction`'s. Exit
status 0 when there is no problem, 1 when there are, 2 on bad arguments.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import logging
import os
import re
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

SIZE = re.compile(r"^([1-9][0-9]{2,3})x([1-9][0-9]{2,3})$")
LANG = re.compile(r"^[a-z]{2,3}(?:_[A-Z]{2})?$")


def parse_size(text: str) -> tuple[int, int]:
    match = SIZE.match(text)
    if not match:
        raise argparse.ArgumentTypeError(f"size: {text!r} is not WIDTHxHEIGHT, e.g. 800x480")
    return int(match.group(1)), int(match.group(2))


def parse_lang(text: str) -> str:
    if not LANG.match(text):
        raise argparse.ArgumentTypeError(f"lang: {text!r} is not a language code, e.g. en or de")
    return text


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="ui-audit",
        description="Walk every screen and prompt in an offscreen window; report layout problems.",
    )
    made.add_argument("--size", type=parse_size, required=True, help="window size, e.g. 800x480")
    made.add_argument("--lang", type=parse_lang, default="en", help="language code (default en)")
    made.add_argument("--out", type=Path, required=True, help="directory for the PNGs and report")
    made.add_argument("--states", help="comma-separated states to visit (default: all)")
    return made


def configure_kivy(size: tuple[int, int], lang: str) -> None:
    """Environment Kivy and gettext read when first imported: an offscreen window of ``size``,
    nothing written to the user's Kivy home, the language ``lang``."""
    os.environ.pop("DISPLAY", None)
    os.environ["SDL_VIDEODRIVER"] = "offscreen"
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="ui-audit-kivy-"))
    os.environ["KIVY_NO_ARGS"] = "1"
    os.environ["KIVY_NO_FILELOG"] = "1"
    os.environ["KIVY_CLIPBOARD"] = "dummy"
    os.environ.setdefault("KCFG_KIVY_LOG_LEVEL", "warning")
    os.environ["KCFG_KIVY_EXIT_ON_ESCAPE"] = "0"
    os.environ["KCFG_GRAPHICS_WIDTH"], os.environ["KCFG_GRAPHICS_HEIGHT"] = map(str, size)
    os.environ["LANGUAGE"] = (
        lang  # read by companion.installation.i18n's gettext when it is imported
    )


def run_tour(
    size: tuple[int, int], out: Path, names: Sequence[str] | None = None, lang: str = "en"
) -> dict[str, Any]:
    """Visit ``names`` (default every state) at ``size``; write the PNGs and the report into
    ``out``; return the report."""
    from kivy.core.window import Window
    from PIL import Image

    from companion.store import Store
    from ui.audit.checks import KINDS, audit, window_roots
    from ui.audit.driver import Driver
    from ui.audit.interaction import interaction_audit
    from ui.audit.tour import all_states
    from ui.audit.words import untranslated

    out.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {
        "states": [],
        "problems": [],
        "size": f"{size[0]}x{size[1]}",
        "lang": lang,
        "skipped": [],
        "checks": list(KINDS),
    }
    states = all_states()
    for name in names or list(states):
        with (
            tempfile.TemporaryDirectory(prefix="ui-audit-") as scratch,
            Store.open(Path(scratch) / "games.sqlite3") as store,
        ):
            driver = Driver(store, size)
            try:
                states[name](driver)
                driver.frames(3)
                shot = driver.screenshot(out / f"{name}.png")
                roots, size = window_roots(Window), tuple(Window.size)
                found = audit(roots, size) + untranslated(roots, size, lang)
                with Image.open(shot) as image:
                    found += interaction_audit(roots, size, image)
                found += driver.stale
            except Exception as error:  # one state broken: the tour goes on
                logger.debug("state %s not reached", name, exc_info=True)
                logger.warning("state %s not reached: %s", name, error)
                report["skipped"].append(name)
                report["problems"].append(
                    {"state": name, "widget": "", "kind": "unreachable", "detail": str(error)}
                )
                continue
            finally:
                driver.close()
        report["states"].append(name)
        report["problems"] += [
            {"state": name, "widget": p.widget, "kind": p.kind, "detail": p.detail} for p in found
        ]
        logger.info("%s: %d problem(s)", name, len(found))
    (out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    return report


def freeze_what_is_loaded() -> None:
    """Load the window, the app and the checks, then freeze what is alive out of the collector: it
    lives as long as the process, and the full collection before each tap
    (:meth:`ui.audit.driver.Driver.tap`) then walks only what the states build. Only for a process
    of its own (the command line): in a test's process it would freeze that test's objects too."""
    for module in ("ui.audit.driver", "ui.audit.checks", "ui.audit.interaction", "ui.audit.words"):
        importlib.import_module(module)
    gc.collect()
    gc.freeze()


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    wanted = None
    if args.states:
        wanted = [name.strip() for name in args.states.split(",") if name.strip()]
    configure_kivy(args.size, args.lang)
    from ui.audit.tour import all_states

    unknown = [name for name in wanted or () if name not in all_states()]
    if unknown:
        print(f"ui-audit: states: unknown {', '.join(unknown)}", file=sys.stderr)
        return 2
    freeze_what_is_loaded()
    try:
        report = run_tour(args.size, args.out, wanted, args.lang)
    except OSError as error:
        print(f"ui-audit: out: {error}", file=sys.stderr)
        return 2
    counts: dict[str, int] = {}
    for problem in report["problems"]:
        counts[problem["kind"]] = counts.get(problem["kind"], 0) + 1
    summary = ", ".join(f"{kind} {n}" for kind, n in sorted(counts.items())) or "none"
    print(
        f"{len(report['states'])} states at {report['size']}, "
        f"{len(report['problems'])} problems ({summary}): {args.out / 'report.json'}"
    )
    return 1 if report["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
