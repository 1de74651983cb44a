"""The Pi budget's CLI children run as an installed copy does: from compiled bytecode, written
under the run's folder even where ``PYTHONDONTWRITEBYTECODE`` forbids writing it beside the
sources (issue 27)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchmarks import budget


def test_the_cli_children_compile_their_bytecode_once_under_the_runs_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    budget._installed_bytecode(tmp_path)
    try:
        budget._process(["-c", "import companion.rules.verdict"])
    finally:
        budget._BYTECODE.clear()
    compiled = [path.name for path in (tmp_path / "pycache").rglob("*.pyc")]
    assert f"verdict.{sys.implementation.cache_tag}.pyc" in compiled


def test_the_parts_of_a_game_acts_cost_are_printed_against_the_floor() -> None:
    """Where a ``game act``'s cost lies, each part against the floor's CPU in the same run."""
    row = budget.part_row("  of it: rules", (0.120, 0.090), (0.040, 0.030))
    assert row == ("  of it: rules", "90.0 ms CPU", "wall 120 ms; 3.00x the floor's CPU")


def test_the_rules_only_child_makes_targis_rules_and_loads_pydantic() -> None:
    probe = budget.RULES_ONLY + "import sys\nprint('pydantic' in sys.modules)\n"
    _wall, cpu, out = budget._process(["-c", probe])
    assert out.strip() == b"True"
    assert cpu > 0
