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
