"""The README's examples run as written: every shell block marked ``<!-- readme-test: runs -->``
is run by bash (``set -euo pipefail``: each command must exit 0) against a fresh database, with
``table-companion`` the project's command line. The other blocks are synopses (``GAME_ID``,
``[--lang L]``) or need a Pi."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- readme-test: runs -->"
BLOCK = re.compile(re.escape(MARK) + r"\n```sh\n(.*?)\n```", re.DOTALL)


def marked_blocks() -> list[str]:
    return BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))


def test_the_readme_marks_its_runnable_examples() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.count(MARK) == len(marked_blocks()) >= 3  # every mark is on a shell block


@pytest.mark.parametrize("block", marked_blocks(), ids=lambda block: block.split("\n")[0][:40])
def test_a_readme_example_runs_as_written(block: str, tmp_path: Path) -> None:
    shims = tmp_path / "bin"
    shims.mkdir()
    command = shims / "table-companion"
    command.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m companion "$@"\n')
    command.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{shims}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(ROOT),
        "TABLE_COMPANION_DB": str(tmp_path / "games.sqlite3"),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),  # no config file of this machine's user
        "XDG_DATA_HOME": str(tmp_path / "data"),
    }
    env.pop("TABLE_COMPANION_CONFIG", None)
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", block],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, (
        f"{block}\n--- stdout:\n{done.stdout[-3000:]}\n--- stderr:\n{done.stderr}"
    )
