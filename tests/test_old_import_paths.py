"""The core's old flat import paths (``companion.spec``, ``companion.game``, ...) still work for code
outside this repository, a game installed as its own package above all: each imports the very module
at its new path (``companion.MOVED``), and a game written against them plugs in and plays.

coreroot-rewrite: keep old paths (this file names them on purpose; nothing else in the repository
may: tests/test_architecture.py)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import plugin_game
import pytest

import companion
from companion import MOVED, new_path

ROOT = Path(__file__).resolve().parent.parent


def run(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )


def test_the_mapping_names_each_moved_module_once_and_where_it_is() -> None:
    core = ROOT / "companion"
    for old, package in MOVED.items():
        assert (core / package / f"{old}.py").is_file() or (core / package / old).is_dir(), old
        # a checkout pulled over the move may keep an old package's ignored __pycache__ folder
        assert not (core / f"{old}.py").exists() and not (core / old / "__init__.py").exists(), old
    assert new_path("companion.spec") == "companion.rules.spec"
    assert new_path("companion.exports.pdf") == "companion.after.exports.pdf"
    assert new_path("companion.rules.spec") is None and new_path("companion.games") is None
    assert new_path("other.spec") is None and new_path("companion") is None


def test_every_old_path_imports_the_module_at_its_new_one_in_a_fresh_process() -> None:
    """Imported first by its old path, in a process that has not loaded it yet: the same module
    object as the new path gives, named (and so logging) by its new path."""
    code = """
import importlib, sys
import companion
out = []
for old, package in companion.MOVED.items():
    module = importlib.import_module(f"companion.{old}")
    new = f"companion.{package}.{old}"
    assert module is importlib.import_module(new) is sys.modules[new], old
    assert module.__name__ == module.__spec__.name == new, (old, module.__spec__)
    assert getattr(companion, old) is module, old
    out.append(old)
from companion.spec import GameSpec
from companion.rules.spec import GameSpec as Same
from companion.exports.pdf import FONT_FILE
import companion.after.exports.pdf as pdf
from companion import errors, session
assert GameSpec is Same and FONT_FILE is pdf.FONT_FILE and session.__name__ == "companion.play.session"
assert sys.modules["companion.exports.pdf"] is pdf and errors.__name__.endswith(".installation.errors")
try:
    import companion.nothing
except ModuleNotFoundError as error:
    out.append(error.name)
print(" ".join(out))
"""
    done = run(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [*MOVED, "companion.nothing"]


def test_an_old_path_imported_in_this_process_is_the_same_module() -> None:
    from companion.game import GameRules

    from companion.rules.game import GameRules as Same

    assert GameRules is Same and companion.game is sys.modules["companion.rules.game"]


@pytest.fixture(scope="module")
def old_style_game(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """``tests/wells_game`` installed as its own distribution, its imports turned back into the old
    flat paths, as a game written before the core was grouped has them."""
    site = plugin_game.install(tmp_path_factory.mktemp("site"))
    new = re.compile(rf"companion\.({'|'.join(set(MOVED.values()))})\.({'|'.join(MOVED)})\b")
    olds = set()
    for path in (site / "wells_game").glob("*.py"):
        text = path.read_text()
        olds |= {f"companion.{match.group(2)}" for match in new.finditer(text)}
        path.write_text(new.sub(r"companion.\2", text))
    assert {"companion.spec", "companion.game", "companion.errors"} <= olds
    return plugin_game.environment(site)


def cli(env: dict[str, str], db: Path, *args: str) -> tuple[int, object]:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done.returncode, json.loads(done.stdout)


def test_a_game_written_against_the_old_paths_plugs_in_and_plays(
    tmp_path: Path, old_style_game: dict[str, str]
) -> None:
    db = tmp_path / "games.sqlite3"
    code, game = cli(
        old_style_game, db, "game", "new", "wells", "--player", "Ada:red", "--player", "Ben:blue"
    )
    assert code == 0 and isinstance(game, dict) and game["game"] == "wells", game
    draw = json.dumps({"kind": "draw", "player": 0, "buckets": 5})
    code, refused = cli(old_style_game, db, "game", "act", game["game_id"], "latest", draw)
    assert code == 1 and isinstance(refused, dict) and refused["verdict"]["code"] == "too_many"
    code, rulings = cli(old_style_game, db, "rules", "rulings", "wells")
    assert code == 0 and rulings
