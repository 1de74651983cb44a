"""The Pi budget's CLI children run as an installed copy does: from compiled bytecode, written
under the run's folder even where ``PYTHONDONTWRITEBYTECODE`` forbids writing it beside the
sources, without the editable install's import hook; a call's CPU counts its resident's for it
(issue 27)."""

from __future__ import annotations

import statistics
import sys
from pathlib import Path

import pytest

from benchmarks import budget
from benchmarks import ui as ui_bench
from companion.storage import integrity


def test_the_cli_children_compile_their_bytecode_once_under_the_runs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    budget._installed_copy(tmp_path)
    try:
        (_wall, _cpu, _resident), out = budget._process(
            ["-c", "import sys, companion.rules.verdict; print(sorted(sys.modules))"]
        )
    finally:
        budget._BYTECODE.clear()
        budget._INSTALLED.clear()
    compiled = [path.name for path in (tmp_path / "pycache").rglob("*.pyc")]
    assert f"verdict.{sys.implementation.cache_tag}.pyc" in compiled
    assert b"companion.rules.verdict" in out and b"__editable__" not in out


def test_a_handed_over_call_counts_its_residents_cpu(tmp_path: Path) -> None:
    budget._installed_copy(tmp_path)
    try:
        db = tmp_path / "t.db"
        budget._cli(db, "rules", "reference", "targi")  # runs alone, starts the resident
        budget._resident_ready()
        (_wall, own, _resident), out = budget._cli(db, "rules", "reference", "targi")
        samples = [budget._cli(db, "rules", "reference", "targi")[0] for _ in range(10)]
    finally:
        budget._BYTECODE.clear()
        budget._INSTALLED.clear()
        for socket_path in (tmp_path / "residents").glob("*.sock"):
            socket_path.unlink()  # the resident stops
    assert out.startswith(b"{") and own > 0
    assert sum(sample[2] for sample in samples) > 0  # the children's CPU, in 10 ms ticks
    _median_wall, cpu = budget._with_resident(samples)
    assert cpu > statistics.median(sample[1] for sample in samples)


def test_the_parts_of_a_game_acts_cost_are_printed_against_the_floor() -> None:
    """Where a ``game act``'s cost lies, each part against the floor's CPU in the same run."""
    row = budget.part_row("  of it: rules", (0.120, 0.090), (0.040, 0.030))
    assert row == ("  of it: rules", "90.0 ms CPU", "wall 120 ms; 3.00x the floor's CPU")


def test_the_rules_only_child_makes_targis_rules_and_loads_pydantic() -> None:
    probe = budget.RULES_ONLY + "import sys\nprint('pydantic' in sys.modules)\n"
    (_wall, cpu, _resident), out = budget._process(["-c", probe])
    assert out.strip() == b"True"
    assert cpu > 0


def test_an_app_start_is_timed_by_the_child_at_its_first_frame_and_ends_as_systemd_ends_it(
    tmp_path: Path,
) -> None:
    """The start's CPU is the child's own reading at its first frame (its main thread's, within
    all its threads'); stopped with SIGTERM, the app closes and seals its database, so that the
    benchmark's next start is an ordinary one, not one after an unclean shutdown."""
    env = budget._app_environment(tmp_path, "app.sqlite3")
    started = ui_bench._start("app", env)
    ui_bench._stop_cleanly(started.child)
    assert started.child.returncode == 0
    assert 0 < started.main_cpu <= started.process_cpu
    assert integrity.unclean_reasons(tmp_path / "app.sqlite3") == []
    killed = ui_bench._start("app", env)
    ui_bench._stop(killed.child)
    assert integrity.unclean_reasons(tmp_path / "app.sqlite3")  # as a crash leaves it


def test_the_app_children_run_from_bytecode_compiled_under_the_runs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    budget._installed_copy(tmp_path)
    try:
        env = budget._app_environment(tmp_path, "app.sqlite3")
        budget._compile_the_app(env)
    finally:
        budget._BYTECODE.clear()
        budget._INSTALLED.clear()
    assert env["PYTHONPYCACHEPREFIX"] == str(tmp_path / "pycache")
    compiled = {path.name for path in (tmp_path / "pycache").rglob("*.pyc")}
    tag = sys.implementation.cache_tag
    assert {f"app.{tag}.pyc", f"screenmanager.{tag}.pyc", f"home.{tag}.pyc"} <= compiled
