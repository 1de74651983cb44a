"""The installed packages' entry points (commands, games, game screens) are read as
importlib.metadata reads them, without importing it where the packages are plain folders (issue
27: the app's start), and importlib.metadata answers where they are not: a command another package
adds is found, listed and runs, whichever way its metadata is read."""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import ui.commands
from companion.cli import commands
from companion.installation import entry_points as read
from companion.installation.entry_points import EntryPoint, entry_points, normalized

ROOT = Path(__file__).resolve().parent.parent
PLUGIN = """
from companion.cli.commands import Command

def _hello(args, config, open_store):
    print("hello from another package")
    return 7

def _greet(args, config, open_store):
    print("greetings, " + args.whom)
    return 0

HELLO = Command(help="say hello", run=_hello, own_parser=True)
GREET = Command(help="greet", run=_greet, add_arguments=lambda p: p.add_argument("whom"))
"""


def _plugin_site(tmp_path: Path) -> Path:
    """A folder as pip installs a package that adds two commands into it."""
    site = tmp_path / "site"
    info = site / "Other.Commands-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: Other.Commands\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[console_scripts]\nhello = plugin_commands:HELLO\n\n"
        "[table_companion.commands]\n# two commands\n"
        "hello = plugin_commands:HELLO\ngreet=plugin_commands : GREET [extra]\n"
    )
    (site / "plugin_commands.py").write_text(PLUGIN)
    return site


def _as_importlib_reads(group: str) -> list[tuple[str, str, str]]:
    return [
        (point.name, point.value, normalized(point.dist.name if point.dist else ""))
        for point in importlib.metadata.entry_points(group=group)
    ]


def _as_read(group: str) -> list[tuple[str, str, str]]:
    return [(point.name, point.value, point.distribution) for point in entry_points(group=group)]


def _every_group() -> set[str]:
    return {
        point.group for dist in importlib.metadata.distributions() for point in dist.entry_points
    }


@pytest.fixture
def plugged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    site = _plugin_site(tmp_path)
    monkeypatch.setattr(sys, "path", [*sys.path, str(site)])
    importlib.invalidate_caches()
    yield site
    sys.modules.pop("plugin_commands", None)


def test_every_group_reads_as_importlib_metadata_reads_it(plugged: Path) -> None:
    groups = _every_group()
    assert {"console_scripts", commands.GROUP} <= groups
    for group in groups:
        assert _as_read(group) == _as_importlib_reads(group), group


def test_a_package_installed_twice_counts_where_the_path_finds_it_first(
    plugged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An older copy of the other package earlier on the path: its entry points alone count."""
    older = tmp_path / "older" / "other_commands-0.9.dist-info"
    older.mkdir(parents=True)
    (older / "METADATA").write_text("Metadata-Version: 2.1\nName: other-commands\nVersion: 0.9\n")
    (older / "entry_points.txt").write_text("[table_companion.commands]\nhello = gone:HELLO\n")
    monkeypatch.setattr(sys, "path", [str(older.parent), *sys.path])
    read_now = _as_read(commands.GROUP)
    assert read_now == _as_importlib_reads(commands.GROUP)
    assert ("hello", "gone:HELLO", "other_commands") in read_now
    assert all(name != "greet" for name, _value, _dist in read_now)


def test_a_zip_on_the_path_is_importlib_metadatas_to_read(
    plugged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = tmp_path / "first.zip"
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("zipped_commands-1.dist-info/METADATA", "Name: zipped-commands\n")
        made.writestr("zipped_commands-1.dist-info/entry_points.txt",
                      "[table_companion.commands]\nzipped = zipped_commands:Z\n")  # fmt: skip
    monkeypatch.setattr(sys, "path", [str(archive), *sys.path])
    read_now = _as_read(commands.GROUP)
    assert read_now == _as_importlib_reads(commands.GROUP)
    assert read_now[0] == ("zipped", "zipped_commands:Z", "zipped_commands")


def test_a_finder_that_adds_distributions_is_asked(
    plugged: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path / "elsewhere" / "found_elsewhere-1.dist-info"
    elsewhere.mkdir(parents=True)
    (elsewhere / "METADATA").write_text("Metadata-Version: 2.1\nName: found-elsewhere\n")
    (elsewhere / "entry_points.txt").write_text("[table_companion.commands]\nfar = far:F\n")

    class Finder:
        @staticmethod
        def find_spec(*_args: Any) -> None:
            return None

        @staticmethod
        def find_distributions(*_args: Any) -> list[importlib.metadata.Distribution]:
            return [importlib.metadata.PathDistribution(elsewhere)]

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    read_now = _as_read(commands.GROUP)
    assert read_now == _as_importlib_reads(commands.GROUP)
    assert read_now[0] == ("far", "far:F", "found_elsewhere")


def test_the_apps_command_is_found_without_importing_importlib_metadata() -> None:
    probe = (
        "import sys\n"
        "from companion.cli import commands\n"
        "from companion.rules.registry import GAMES\n"
        "import ui.commands\n"
        "assert commands.named(commands.APP) is ui.commands.APP\n"
        "assert {'targi', 'tuareg', 'timbuktu'} <= set(GAMES)\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


def test_a_command_another_package_adds_is_found_and_listed(plugged: Path) -> None:
    hello = commands.named("hello")
    assert hello is not None and hello.help == "say hello"
    listed = commands.installed()
    assert {"app", "scanner-test", "hello", "greet"} <= set(listed)
    assert listed["hello"] is hello and listed["app"] is ui.commands.APP


def test_another_packages_commands_run_from_the_command_line(tmp_path: Path) -> None:
    site = _plugin_site(tmp_path)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join((str(ROOT), str(site))), "LANGUAGE": "en"}
    db = str(tmp_path / "games.sqlite3")
    for args, code, said in (
        (["hello"], 7, "hello from another package"),  # on its own parser
        (["greet", "Amal"], 0, "greetings, Amal"),  # through the whole command line
    ):
        done = subprocess.run(
            [sys.executable, "-m", "companion", "--db", db, *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=env,
        )
        assert (done.returncode, done.stdout.strip()) == (code, said), done.stderr


def test_a_value_is_loaded_as_importlib_metadata_loads_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json
    import os.path

    assert EntryPoint("a", "json : dumps [extra]", "g", "d").load() is json.dumps
    assert EntryPoint("b", "os.path:join", "g", "d").load() is os.path.join
    assert EntryPoint("c", "os.path", "g", "d").load() is os.path
    with pytest.raises(ValueError):
        EntryPoint("bad", "not a value!", "g", "d").load()
    old = tmp_path / "old_style.egg-info"
    old.write_text("Metadata-Version: 1.0\nName: old-style\n")  # metadata as a file: no points
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])
    assert _as_read("console_scripts") == _as_importlib_reads("console_scripts")
    assert read.normalized("Old.Style__x") == "old_style_x"
