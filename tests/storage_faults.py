"""Storage faults made real for the tests: a small tmpfs (root only), filled to the last byte."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

IS_ROOT = os.geteuid() == 0


def fill(directory: Path) -> Path:
    """Write a file until the file system is full."""
    filler = directory / "filler"
    with filler.open("wb", buffering=0) as file:
        try:
            while True:
                file.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def mount_tmpfs(target: Path, size: str = "1m") -> None:
    target.mkdir(parents=True, exist_ok=True)
    if not IS_ROOT:
        pytest.skip("mounting a small tmpfs needs root")
    done = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", f"size={size},mode=0777", "tmpfs", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        pytest.skip(f"this machine does not allow mounting a tmpfs: {done.stderr.strip()}")
