"""``scripts/setup-env`` and ``scripts/run-app`` as a table's Pi meets them: often offline. An up to
date ``.venv`` starts the app with no package index; an install that is needed and cannot be done
says so."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from app_start import MAIN_LOOP, output_until_main_loop

ROOT = Path(__file__).resolve().parent.parent
"""Kivy's line once the app is built (Home included) and its first frame is on the way."""
INSTALL_INPUTS = ("pyproject.toml", "setup.py", "requirements/app.lock", "requirements/test.lock")


def offline(environ: dict[str, str]) -> dict[str, str]:
    """``environ`` with no package index pip could reach: no config file, no index, no links."""
    return {
        **environ,
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_NO_INDEX": "1",
        "PIP_INDEX_URL": "http://127.0.0.1:9/simple",
        "PIP_FIND_LINKS": "",
        "PIP_DEFAULT_TIMEOUT": "5",
    }


def up_to_date() -> bool:
    check = subprocess.run(
        [ROOT / "scripts" / "setup-env", "--check"], capture_output=True, text=True, timeout=60
    )
    return check.returncode == 0


def test_run_app_reaches_home_with_no_package_index_when_the_venv_is_up_to_date(
    tmp_path: Path,
) -> None:
    if not up_to_date():
        # A shared or hand-made .venv (a developer's): never installed into from here. CI's
        # .venv is scripts/run-tests' own, so there it must be up to date and the test runs.
        assert not os.environ.get("CI"), "scripts/run-tests left .venv out of date"
        pytest.skip("this .venv was not installed by scripts/setup-env from this checkout")
    env = offline(
        {
            key: value
            for key, value in os.environ.items()
            if not key.startswith(("KIVY_", "KCFG_")) and key != "DISPLAY"
        }
    )
    env.update(
        SDL_VIDEODRIVER="offscreen",
        KIVY_HOME=str(tmp_path / "kivy"),
        KIVY_NO_FILELOG="1",
        KIVY_CLIPBOARD="dummy",
        KCFG_KIVY_LOG_LEVEL="info",
        TABLE_COMPANION_DB=str(tmp_path / "games.sqlite3"),
    )
    output = output_until_main_loop([ROOT / "scripts" / "run-app"], env)
    assert MAIN_LOOP in output, output
    assert "setup-env" not in output, output  # nothing installed, nothing to say
    assert "Traceback" not in output, output


def test_an_install_needed_with_no_package_index_says_so_and_exits_1(tmp_path: Path) -> None:
    """A fresh checkout offline: the venv is made, the locked packages cannot be fetched."""
    (tmp_path / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "setup-env", tmp_path / "scripts" / "setup-env")
    for name in INSTALL_INPUTS:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    setup = subprocess.run(
        [tmp_path / "scripts" / "setup-env"],
        env=offline(dict(os.environ)),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert setup.returncode == 1, setup.stderr
    assert "installing requirements/app.lock" in setup.stderr
    assert "(no install recorded in .venv)" in setup.stderr
    assert "could not be done" in setup.stderr
    assert "is the package index reachable?" in setup.stderr
    check = subprocess.run(
        [tmp_path / "scripts" / "setup-env", "--check"], capture_output=True, text=True, timeout=60
    )
    assert check.returncode == 1
    assert "an install is needed: no install recorded in .venv" in check.stderr


def test_check_names_the_install_input_that_changed(tmp_path: Path) -> None:
    """The stamp of the last install against the inputs now: an edited setup.py is named."""
    (tmp_path / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "setup-env", tmp_path / "scripts" / "setup-env")
    for name in INSTALL_INPUTS:
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    venv_bin = tmp_path / ".venv" / "bin"
    venv_bin.mkdir(parents=True)
    os.symlink(shutil.which("python3") or "/usr/bin/python3", venv_bin / "python")
    stamp = tmp_path / ".venv" / ".table-companion-installed"
    version = subprocess.run(
        [venv_bin / "python", "-c", "import sys; print(sys.version.split()[0])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    hashes = subprocess.run(
        ["sha256sum", *INSTALL_INPUTS], cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout
    stamp.write_text(f"{hashes}python {version}\ncheckout {tmp_path}\n")
    check = [tmp_path / "scripts" / "setup-env", "--check"]
    assert subprocess.run(check, capture_output=True, timeout=60).returncode == 0
    with (tmp_path / "setup.py").open("a") as setup_py:
        setup_py.write("# edited\n")
    changed = subprocess.run(check, capture_output=True, text=True, timeout=60)
    assert changed.returncode == 1
    assert "an install is needed: setup.py changed" in changed.stderr


def test_the_layout_audit_runs_without_the_test_framework(tmp_path: Path) -> None:
    """``scripts/ui-audit`` on the app's own packages (``scripts/run-app``'s .venv has no pytest):
    its driver used Kivy's test helpers, which import pytest."""
    blocked = (
        "import runpy, sys\n"
        "sys.modules['pytest'] = sys.modules['_pytest'] = None  # as if not installed\n"
        "sys.argv = ['ui-audit', '--size', '800x480', '--states', 'home_first_run',"
        f" '--out', {str(tmp_path / 'audit')!r}]\n"
        "runpy.run_module('ui.audit.run', run_name='__main__')\n"
    )
    env = {**os.environ, "KIVY_HOME": str(tmp_path / "kivy")}
    audit = subprocess.run(
        [sys.executable, "-c", blocked],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert audit.returncode == 0, audit.stderr[-3000:]
    assert (tmp_path / "audit" / "report.json").is_file()
