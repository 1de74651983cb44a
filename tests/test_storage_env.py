"""Storage faults of the environment (issue 13): full disk, read-only, permissions, odd files at the
database's path, a lock held too long. Nothing is moved aside, the message names the path, the
cause and what to do, the CLI exits 3; real files, real mounts and real processes."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest
from counter_game import RULES as COUNTER
from counter_game import Add, CounterOptions
from storage_faults import IS_ROOT, fill, mount_tmpfs

from companion.installation.config import ConfigError, load_config
from companion.play.session import Session
from companion.storage import opening
from companion.store import DamagedSettingError, StorageUnavailableError, Store

EXIT_STORAGE = 3
NOBODY = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"]
TARGI_PLAYERS = ("--player", "Amal:blue", "--player", "Bilal:white")


ROOT = Path(__file__).resolve().parent.parent


def cli(
    *args: str,
    db: Path | None = None,
    as_nobody: Path | None = None,
    env: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """``table-companion`` as a real process; ``as_nobody``: as the unprivileged ``nobody``, from
    that copy of the project (:func:`readable_project`)."""
    prefix = ["--db", str(db)] if db is not None else []
    if as_nobody is None:
        command, cwd, path = [sys.executable, "-m", "companion", *prefix, *args], ROOT, {}
    else:
        python = os.path.realpath(sys.executable)  # the interpreter, not the venv's link to it
        command = [*NOBODY, python, "-I", "-c", _FROM_COPY, str(as_nobody), *prefix, *args]
        cwd, path = as_nobody, {}
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env={**os.environ, **(env or {}), **path},
        cwd=cwd,
    )


_FROM_COPY = (
    "import runpy, sys; sys.path.insert(0, sys.argv.pop(1)); sys.argv[0] = 'table-companion'; "
    "runpy.run_module('companion', run_name='__main__')"
)
"""Runs the CLI from the folder its first argument names (``-I``: nothing else on the path)."""

_LOADED = """
import json, os, site, sys, tempfile
from pathlib import Path
from companion.cli import main
db = str(Path(tempfile.mkdtemp()) / "g.sqlite3")
main(["--db", db, "game", "new", "targi", "--player", "A:blue", "--player", "B:white"])
main(["--db", db, "game", "list"])
main(["--db", db, "game", "act", "0" * 32, "0", "{}"])
main(["game", "list"])  # the database and config found in the user's folders
places = [*site.getsitepackages(), os.getcwd()]  # the packages installed, the project
roots = set()
for module in list(sys.modules.values()):
    file = getattr(module, "__file__", None) or ""
    for place in sorted(places, key=len, reverse=True):  # the deepest first
        if file.startswith(place.rstrip("/") + "/"):
            roots.add(str(Path(place) / Path(file).relative_to(place).parts[0]))
            break
print(json.dumps(sorted(roots)), file=sys.stderr)
"""
"""Prints (on stderr) the top-level packages and modules the CLI loads, outside the standard
library, to list a game, play a move and be refused."""


@pytest.fixture(scope="module")
def readable_project() -> Iterator[Path]:
    """The project and what its CLI loads (pydantic, platformdirs...) copied to a folder the
    unprivileged user can read: the clone and its .venv may lie in a private folder (``mktemp -d``,
    mode 700) that ``nobody`` cannot enter."""
    folder = Path(tempfile.mkdtemp(prefix="storage-env-project-"))
    folder.chmod(0o755)
    try:
        loaded = subprocess.run(
            [sys.executable, "-c", _LOADED],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
            cwd=ROOT,
            env={**os.environ, "XDG_CONFIG_HOME": str(folder), "XDG_DATA_HOME": str(folder)},
        )
        for top in map(Path, json.loads(loaded.stderr.strip().splitlines()[-1])):
            if top.is_dir():
                shutil.copytree(
                    top, folder / top.name, ignore=shutil.ignore_patterns("__pycache__")
                )
            else:
                shutil.copy2(top, folder / top.name)
        for path in folder.rglob("*"):
            path.chmod(0o755 if path.is_dir() else 0o644)
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def storage_error(done: subprocess.CompletedProcess[str], cause: str, path: Path) -> str:
    """Check a refused command's exit code, JSON and stderr; return the sentence."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == EXIT_STORAGE, (done.stdout, done.stderr)
    error = json.loads(done.stdout)["error"]
    assert (error["code"], error["cause"], error["path"]) == (
        "storage_unavailable",
        cause,
        str(path),
    )
    assert error["message"] in done.stderr
    assert str(path) in error["message"] and "then try again" in error["message"]
    return str(error["message"])


def game_id_of(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, done.stderr
    return str(json.loads(done.stdout)["game_id"])


def first_legal(game_id: str, db: Path) -> str:
    return json.dumps(json.loads(cli("game", "legal", game_id, db=db).stdout)[0])


def listing(done: subprocess.CompletedProcess[str]) -> list[Any]:
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def moved_aside(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if ".damaged-" in p.name)


@pytest.fixture
def tmpfs(tmp_path: Path) -> Iterator[Path]:
    """A 1 MiB tmpfs, the smallest disk that still holds a game database."""
    mount = tmp_path / "mnt"
    mount_tmpfs(mount)
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder the unprivileged user can reach (pytest's own are private to root)."""
    folder = Path(tempfile.mkdtemp(prefix="storage-env-"))
    folder.chmod(0o755)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


needs_nobody = pytest.mark.skipif(
    not IS_ROOT or shutil.which("setpriv") is None,
    reason="permission cases run a process as 'nobody' (root bypasses permissions): needs root "
    "and setpriv",
)


# --- 1: a full disk -------------------------------------------------------------------------------


def test_full_disk_at_start_moves_nothing_and_the_game_is_back_once_space_is_freed(
    tmpfs: Path,
) -> None:
    db = tmpfs / "companion.sqlite3"
    game_id = game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    before = db.read_bytes()
    filler = fill(tmpfs)
    message = storage_error(cli("game", "list", db=db), "disk_full", db)
    assert "disk is full" in message
    assert moved_aside(tmpfs) == [] and db.read_bytes() == before
    filler.unlink()
    assert [game["game_id"] for game in listing(cli("game", "list", db=db))] == [game_id]


def test_disk_filling_mid_game_refuses_the_action_and_leaves_the_session_as_it_was(
    tmpfs: Path,
) -> None:
    action = Add(n=0)
    with Store.open(tmpfs / "companion.sqlite3") as store:
        session = Session.create(store, COUNTER, CounterOptions())
        state, seq = session.state, session.seq
        filler = fill(tmpfs)
        with pytest.raises(StorageUnavailableError) as raised:
            for _ in range(10_000):  # the WAL may still have room for some entries
                session.submit(action, seq=session.seq, game_id=session.game_id)
                state, seq = session.state, session.seq
        assert raised.value.cause == "disk_full"
        assert (session.state, session.seq) == (state, seq)  # not acknowledged, not applied
        filler.unlink()
        assert session.submit(action, seq=seq, game_id=session.game_id).verdict.ok
        assert session.seq == seq + 1
    with Store.open(tmpfs / "companion.sqlite3") as store:
        assert Session.resume(store, session.game_id).seq == seq + 1


def test_cli_action_on_a_full_disk_exits_3_and_changes_nothing(tmpfs: Path) -> None:
    db = tmpfs / "companion.sqlite3"
    game_id = game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    action = first_legal(game_id, db)
    filler = fill(tmpfs)
    done = cli("game", "act", game_id, "0", action, db=db)
    assert "Traceback" not in done.stderr
    filler.unlink()
    if done.returncode == 0:  # the WAL had room for this one: the next one will not
        pytest.skip("the write fitted into the WAL's free pages")
    storage_error(done, "disk_full", db)
    assert json.loads(cli("game", "show", game_id, db=db).stdout)["seq"] == 0


# --- 2: read-only mount, unwritable folder, read-only file ----------------------------------------


def test_read_only_mount_can_be_read_but_not_written_and_nothing_is_moved(tmpfs: Path) -> None:
    db = tmpfs / "companion.sqlite3"
    game_id = game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    action = first_legal(game_id, db)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    done = cli("game", "list", db=db)
    assert [game["game_id"] for game in listing(done)] == [game_id]
    assert "read-only file system: its games can be looked at, not changed" in done.stderr
    assert json.loads(cli("game", "show", game_id, db=db).stdout)["seq"] == 0
    assert json.loads(cli("game", "log", game_id, db=db).stdout)["entries"] == []
    assert json.loads(cli("settings", "list", "tuareg", db=db).stdout) is not None
    storage_error(cli("game", "act", game_id, "0", action, db=db), "read_only", db)
    storage_error(
        cli("settings", "set", "tuareg", "values", '{"water": 4}', db=db), "read_only", db
    )
    # the daily backup was written while the mount was writable; nothing was moved aside
    assert sorted(p.name for p in tmpfs.iterdir()) == ["backups", "companion.sqlite3"]


def test_read_only_mount_after_a_crash_reads_the_entries_in_the_wal(tmpfs: Path) -> None:
    """A WAL left by a process that never closed the store holds acknowledged entries: SQLite
    reads them through the WAL files already there (the immutable fallback would miss them)."""
    db = tmpfs / "companion.sqlite3"
    game_id = game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    action = json.loads(first_legal(game_id, db))
    writer = (
        "import os, sys; from pathlib import Path; from companion.store import Store; "
        "s = Store.open(Path(sys.argv[1])); s.append(sys.argv[2], 1, 'action', "
        "__import__('json').loads(sys.argv[3])); os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", writer, str(db), game_id, json.dumps(action)], check=True)
    assert Path(f"{db}-wal").stat().st_size > 0
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    assert [game["seq"] for game in listing(cli("game", "list", db=db))] == [1]
    assert json.loads(cli("game", "show", game_id, db=db).stdout)["seq"] == 1
    storage_error(cli("game", "undo", game_id, "1", db=db), "read_only", db)


def test_new_database_on_a_read_only_mount_is_reported(tmpfs: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    db = tmpfs / "games" / "companion.sqlite3"
    storage_error(cli("game", "list", db=db), "read_only", db)


@needs_nobody
def test_unreadable_folder_is_a_permission_problem(
    shared_dir: Path, readable_project: Path
) -> None:
    folder = shared_dir / "private"
    folder.mkdir(mode=0o700)
    db = folder / "companion.sqlite3"
    game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    done = cli("game", "list", db=db, as_nobody=readable_project, env={"HOME": str(shared_dir)})
    assert "permission denied" in storage_error(done, "permission", db)
    assert sorted(p.name for p in folder.iterdir()) == ["companion.sqlite3"]


@needs_nobody
def test_writable_file_in_a_folder_it_cannot_write_is_a_permission_problem(
    shared_dir: Path, readable_project: Path
) -> None:
    folder = shared_dir / "root-owned"
    folder.mkdir(mode=0o755)
    db = folder / "companion.sqlite3"
    game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    db.chmod(0o666)
    done = cli("game", "list", db=db, as_nobody=readable_project, env={"HOME": str(shared_dir)})
    assert "its folder" in storage_error(done, "permission", db)
    assert sorted(p.name for p in folder.iterdir()) == ["companion.sqlite3"]


@needs_nobody
def test_read_only_file_can_be_listed_but_an_action_exits_3(
    shared_dir: Path, readable_project: Path
) -> None:
    """A read-only database stays readable (its WAL index can be made beside it); a write is
    refused with the cause, and nothing changes."""
    folder = shared_dir / "shared"
    folder.mkdir()
    db = folder / "companion.sqlite3"
    game_id = game_id_of(cli("game", "new", "targi", *TARGI_PLAYERS, db=db))
    folder.chmod(0o777)
    db.chmod(0o444)
    nobody: dict[str, Any] = {"as_nobody": readable_project, "env": {"HOME": str(shared_dir)}}
    assert [g["game_id"] for g in listing(cli("game", "list", db=db, **nobody))] == [game_id]
    action = first_legal(game_id, db)
    done = cli("game", "act", game_id, "0", action, db=db, **nobody)
    storage_error(done, "read_only", db)
    assert json.loads(cli("game", "show", game_id, db=db).stdout)["seq"] == 0
    assert moved_aside(folder) == []


# --- 8: odd files at the database's path --------------------------------------------------------


def test_fifo_at_the_path_is_reported_at_once_never_waited_on(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    os.mkfifo(db)
    done = cli("game", "list", db=db)  # cli's timeout fails the test rather than hanging it
    assert "not a regular file" in storage_error(done, "special_file", db)
    assert db.is_fifo() and moved_aside(tmp_path) == []


@pytest.mark.parametrize("odd", ["directory", "dangling_link", "parent_not_a_directory"])
def test_odd_file_at_the_path_is_reported_and_left_alone(tmp_path: Path, odd: str) -> None:
    db = tmp_path / "companion.sqlite3"
    if odd == "directory":
        db.mkdir()
        expected = "is a directory"
    elif odd == "dangling_link":
        db.symlink_to(tmp_path / "unmounted" / "games.sqlite3")
        expected = f"symbolic link to {tmp_path / 'unmounted' / 'games.sqlite3'}"
    else:
        (tmp_path / "data").write_text("a file where a folder should be")
        db = tmp_path / "data" / "games" / "companion.sqlite3"
        expected = f"{tmp_path / 'data'} is a file"
    before = sorted(p.name for p in tmp_path.iterdir())
    with pytest.raises(StorageUnavailableError) as raised:
        Store.open(db)
    assert raised.value.cause == odd and raised.value.path == db
    assert expected in raised.value.message
    assert sorted(p.name for p in tmp_path.iterdir()) == before
    assert expected in storage_error(cli("game", "list", db=db), odd, db)


def test_symlink_to_a_database_is_followed(tmp_path: Path) -> None:
    real = tmp_path / "real.sqlite3"
    with Store.open(real) as store:
        game_id = store.create_game("counter", {})
    link = tmp_path / "link.sqlite3"
    link.symlink_to(real)
    with Store.open(link) as store:
        assert [game.id for game in store.list_games()] == [game_id]


# --- a lock held too long ---------------------------------------------------------------------


def test_lock_held_at_open_is_not_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "companion.sqlite3"
    with closing(sqlite3.connect(db, isolation_level=None)) as other:  # rollback journal mode
        other.execute("CREATE TABLE t (x)")
        other.execute("BEGIN EXCLUSIVE")
        monkeypatch.setattr(opening, "BUSY_TIMEOUT", 0.1)
        with pytest.raises(StorageUnavailableError) as raised:
            Store.open(db)
        other.execute("ROLLBACK")
    assert raised.value.cause == "busy" and "locked by another program" in raised.value.message
    assert moved_aside(tmp_path) == []


def test_lock_held_during_play_refuses_the_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(opening, "BUSY_TIMEOUT", 0.1)
    db = tmp_path / "companion.sqlite3"
    action = Add(n=1)
    with Store.open(db) as store:
        session = Session.create(store, COUNTER, CounterOptions())
        with closing(sqlite3.connect(db, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")
            with pytest.raises(StorageUnavailableError, match="locked"):
                session.submit(action, seq=0, game_id=session.game_id)
            assert session.seq == 0
            other.execute("ROLLBACK")
        assert session.submit(action, seq=0, game_id=session.game_id).verdict.ok


# --- 7: a settings row that is not JSON ---------------------------------------------------------


def test_settings_row_that_is_not_json_is_named(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": 4})
    with closing(sqlite3.connect(db, isolation_level=None)) as other:
        other.execute("UPDATE settings SET value = '{\"water\": 4' WHERE key = 'values'")
    with Store.open(db) as store:
        with pytest.raises(DamagedSettingError, match="setting values of tuareg"):
            store.list_settings("tuareg")
        with pytest.raises(DamagedSettingError, match=str(db)):
            store.get_setting("tuareg", "values")
        store.set_setting("tuareg", "values", {"water": 3})  # setting it again mends it
        assert store.list_settings("tuareg") == {"values": {"water": 3}}


def test_cli_new_game_with_a_damaged_setting_says_which(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    with Store.open(db) as store:
        store.set_setting("tuareg", "values", {"water": 4})
    with closing(sqlite3.connect(db, isolation_level=None)) as other:
        other.execute("UPDATE settings SET value = 'not json' WHERE key = 'values'")
    done = cli("game", "new", "tuareg", "--player", "A:red", "--player", "B:blue", db=db)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "setting values of tuareg" in done.stderr
    assert listing(cli("game", "list", db=db)) == []


# --- 11: an unreadable config location ----------------------------------------------------------


@needs_nobody
def test_unreadable_home_is_a_config_error_not_a_traceback(
    shared_dir: Path, readable_project: Path
) -> None:
    home = shared_dir / "home"
    (home / ".config" / "table-companion").mkdir(parents=True)
    home.chmod(0o700)  # root's: nobody cannot look inside
    env = {"HOME": str(home), "XDG_CONFIG_HOME": ""}
    done = cli("game", "list", as_nobody=readable_project, env=env)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "cannot be read (Permission denied)" in done.stderr
    assert done.stdout == ""


def test_unreadable_config_location_in_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def denied(self: Path) -> bool:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "is_file", denied)
    with pytest.raises(ConfigError, match="cannot be read"):
        load_config(tmp_path / "config.toml")


# --- damage that cannot be moved aside, and the log ---------------------------------------------


def test_damaged_file_on_a_read_only_mount_is_reported_not_half_moved(tmpfs: Path) -> None:
    db = tmpfs / "companion.sqlite3"
    db.write_bytes(b"not a database at all" * 100)
    subprocess.run(["mount", "-o", "remount,ro", str(tmpfs)], check=True)
    message = storage_error(cli("game", "list", db=db), "damaged_unmovable", db)
    assert "is damaged (it is not an SQLite database)" in message
    assert sorted(p.name for p in tmpfs.iterdir()) == ["companion.sqlite3"]


def test_faults_and_quarantines_are_logged(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("WARNING", logger="companion.store")
    (tmp_path / "dir.sqlite3").mkdir()
    with pytest.raises(StorageUnavailableError):
        Store.open(tmp_path / "dir.sqlite3")
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"garbage" * 100)
    Store.open(garbage).close()
    logged = [(r.levelname, r.getMessage()) for r in caplog.records]
    assert (
        "ERROR",
        f"game database {tmp_path / 'dir.sqlite3'} unavailable (directory) -",
    ) in logged
    moved = [m for level, m in logged if level == "WARNING" and m.startswith("moved the damaged")]
    assert moved and str(garbage) in moved[0]


def test_cli_logs_to_stderr_and_keeps_stdout_json(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    db.write_bytes(b"garbage" * 100)
    done = cli("game", "list", db=db)
    assert done.returncode == 0 and json.loads(done.stdout) == []
    assert "WARNING: companion.store: moved the damaged game database" in done.stderr


def test_rules_question_that_reads_stored_values_from_a_fifo_exits_3(tmp_path: Path) -> None:
    db = tmp_path / "companion.sqlite3"
    os.mkfifo(db)
    counts = {"water": 1, "gold": 1, "salt": 0, "millet": 0}
    question = {"values": {"gold": 5}, "players": {"a": counts, "b": counts}}
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), "rules", "tuareg", "majorities"],
        input=json.dumps(question),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    storage_error(done, "special_file", db)
