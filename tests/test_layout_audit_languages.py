"""The Targi table in Spanish, Polish and German, as ``scripts/ui-audit --lang`` walks it at the
7" display's 800x480: no English word left on its screens and prompts (a copy named ``Dates 1``,
the robber as ``ROBBER``, a tribe card's ``Discard``), and no word broken in its middle."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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


@pytest.mark.parametrize("lang", ["de", "es", "pl"])
def test_the_targi_screens_speak_the_language_whole(lang: str, tmp_path: Path) -> None:
    arguments = ["--size", "800x480", "--lang", lang, "--out", str(tmp_path)]
    subprocess.run(
        [sys.executable, "-m", "ui.audit.run", *arguments, "--states", ",".join(STATES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert report["states"] == list(STATES)
    left = [p for p in report["problems"] if p["kind"] in ("untranslated", "word_broken")]
    assert left == [], json.dumps(left, indent=1, ensure_ascii=False)


FRAMED = (
    "targi_placement",
    "targi_merchant",
    "targi_drawn_tribe_card",
    "tuareg_load_builder",
    "timbuktu_start_area",
)


@pytest.mark.parametrize("lang", ["de", "pl", "es"])
def test_no_text_touches_a_frame_and_no_word_is_broken(lang: str, tmp_path: Path) -> None:
    """The grid's cards in use and legal to tap (German ``Karawane``, Polish ``plemienia``), a
    Tuareg animal chosen, a Timbuktu pen's number: each text inside its frames, whole."""
    arguments = ["--size", "800x480", "--lang", lang, "--out", str(tmp_path)]
    subprocess.run(
        [sys.executable, "-m", "ui.audit.run", *arguments, "--states", ",".join(FRAMED)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
    )
    report = json.loads((tmp_path / "report.json").read_text())
    assert "text_on_frame" in report["checks"] and report["states"] == list(FRAMED)
    assert report["problems"] == [], json.dumps(report["problems"], indent=1, ensure_ascii=False)
