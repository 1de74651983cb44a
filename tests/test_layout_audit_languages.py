"""The Targi table in Spanish, Polish and German, as ``scripts/ui-audit --lang`` walks it at the
7" display's 800x480: no English word left on its screens and prompts (a copy named ``Dates 1``,
the robber as ``ROBBER``, a tribe card's ``Discard``), and no word broken in its middle. One
tour per language walks the states of both tests (each state from a fresh app, as always)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
STATES = (
    "targi_card_naming",
    "targi_take_goods",
    "targi_tribe_card",
    "targi_merchant",
    "targi_raid",
    "targi_refusal_read",
    "correct_targi_card",
)
FRAMED = (
    "targi_placement",
    "targi_merchant",
    "targi_drawn_tribe_card",
    "tuareg_load_builder",
    "timbuktu_start_area",
)
Tour = Callable[[str], dict[str, Any]]


@pytest.fixture(scope="module")
def tour(tmp_path_factory: pytest.TempPathFactory) -> Tour:
    """The report of ``scripts/ui-audit --lang LANG`` at 800x480 over the states both tests read
    (each state from a fresh app, as in any tour), walked once per language for both."""
    reports: dict[str, dict[str, Any]] = {}

    def report(lang: str) -> dict[str, Any]:
        if lang not in reports:
            out = tmp_path_factory.mktemp(f"audit-{lang}")
            states = ",".join(dict.fromkeys([*STATES, *FRAMED]))
            arguments = ["--size", "800x480", "--lang", lang, "--out", str(out)]
            subprocess.run(
                [sys.executable, "-m", "ui.audit.run", *arguments, "--states", states],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=900,
            )
            reports[lang] = json.loads((out / "report.json").read_text())
        return reports[lang]

    return report


def problems_in(report: dict[str, Any], states: tuple[str, ...]) -> list[dict[str, Any]]:
    return [p for p in report["problems"] if p["state"] in states]


@pytest.mark.parametrize("lang", ["de", "es", "pl"])
def test_the_targi_screens_speak_the_language_whole(lang: str, tour: Tour) -> None:
    report = tour(lang)
    assert sorted(s for s in report["states"] if s in STATES) == sorted(STATES)
    left = [p for p in problems_in(report, STATES) if p["kind"] in ("untranslated", "word_broken")]
    assert left == [], json.dumps(left, indent=1, ensure_ascii=False)


@pytest.mark.parametrize("lang", ["de", "pl", "es"])
def test_no_text_touches_a_frame_and_no_word_is_broken(lang: str, tour: Tour) -> None:
    """The grid's cards in use and legal to tap (German ``Karawane``, Polish ``plemienia``), a
    Tuareg animal chosen, a Timbuktu pen's number: each text inside its frames, whole."""
    report = tour(lang)
    assert "text_on_frame" in report["checks"]
    assert sorted(s for s in report["states"] if s in FRAMED) == sorted(FRAMED)
    found = problems_in(report, FRAMED)
    assert found == [], json.dumps(found, indent=1, ensure_ascii=False)
