"""The layout audit's tour, short, in this process's offscreen window at 800x480: the report's
shape, one non-blank PNG per state, and the command line's exit status for bad arguments."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image
from registered_games import BUILT_IN

from ui.audit.checks import KINDS
from ui.audit.run import run_tour
from ui.audit.tour import STATES, all_states

SHORT = ("home_names_entered", "targi_merchant", "tuareg_load_builder", "timbuktu_arrow_or_payment")
ROOT = Path(__file__).resolve().parent.parent


def test_the_tour_visits_at_least_thirty_states_of_every_game() -> None:
    states = all_states()
    assert len(states) >= 30
    for prefix in ("home", "settings", "correct", *BUILT_IN):
        assert any(name.startswith(prefix) for name in states), prefix
    sheets = {
        "targi_final_sheet",
        "tuareg_final_sheet",
        "timbuktu_final_sheet",
        "timbuktu_five_sheet",
    }
    assert sheets <= set(states)


def test_a_short_tour_writes_its_report_and_a_screenshot_of_each_state(tmp_path: Path) -> None:
    report = run_tour((800, 480), tmp_path, SHORT, lang="de")
    assert json.loads((tmp_path / "report.json").read_text()) == report
    assert report["states"] == list(SHORT) and report["skipped"] == []
    assert (report["size"], report["lang"]) == ("800x480", "de")
    assert report["checks"] == list(KINDS)  # every kind checked, the interaction ones too
    assert {"toast_over_control", "stale_refusal", "low_contrast"} <= set(report["checks"])
    for problem in report["problems"]:
        assert set(problem) == {"state", "widget", "kind", "detail"}
        assert problem["state"] in SHORT and problem["kind"] in KINDS
        assert problem["widget"] and problem["detail"]
    for name in SHORT:
        with Image.open(tmp_path / f"{name}.png") as image:
            assert image.size == (800, 480)
            colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 50, f"{name}.png looks blank"


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ui.audit.run", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_bad_arguments_exit_2_naming_the_argument(tmp_path: Path) -> None:
    bad_size = run_cli("--size", "800by480", "--out", str(tmp_path))
    assert bad_size.returncode == 2 and "size: '800by480' is not WIDTHxHEIGHT" in bad_size.stderr
    bad_lang = run_cli("--size", "800x480", "--lang", "../x", "--out", str(tmp_path))
    assert bad_lang.returncode == 2 and "lang:" in bad_lang.stderr
    unknown = run_cli("--size", "800x480", "--out", str(tmp_path), "--states", "nowhere")
    assert unknown.returncode == 2 and "states: unknown nowhere" in unknown.stderr
    assert not (tmp_path / "report.json").exists()


def test_the_exit_status_says_whether_problems_were_found(tmp_path: Path, monkeypatch) -> None:
    from kivy.core.window import Window
    from kivy.uix.button import Button
    from kivy.uix.modalview import ModalView

    from ui.audit import run

    def dialog(button: Button) -> None:
        view = ModalView(size_hint=(0.5, 0.5))
        view.add_widget(button)
        view.open(animation=False)

    def clean(d) -> None:
        dialog(Button(text="Fine", font_size=24))

    def cramped(d) -> None:
        dialog(Button(text="Too small", font_size=24, size_hint=(None, None), size=(200, 30)))

    monkeypatch.setattr(run, "configure_kivy", lambda *_args: None)  # Kivy is running already
    monkeypatch.setitem(STATES, "clean", clean)
    monkeypatch.setitem(STATES, "cramped", cramped)
    args = ["--size", "800x480", "--out", str(tmp_path)]
    assert run.main([*args, "--states", "clean"]) == 0
    assert run.main([*args, "--states", "clean,cramped"]) == 1
    problems = json.loads((tmp_path / "report.json").read_text())["problems"]
    assert [(p["state"], p["kind"]) for p in problems] == [("cramped", "small_target")]
    assert Window.children == [] or all(not isinstance(w, ModalView) for w in Window.children)
