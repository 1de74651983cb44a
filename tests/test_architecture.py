"""The architecture's arrows, checked on the source: ``companion`` (the headless core) imports
nothing of ``ui``, ``hardware`` or a device library and runs with them missing; ``hardware`` knows
no game and no app; and no module outside a game's own packages names a game."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.rules.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
DEVICE_LIBRARIES = ("kivy", "gpiozero", "serial")


def sources(package: str) -> Iterator[Path]:
    yield from sorted((ROOT / package).rglob("*.py"))


def imported(path: Path) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports (at the top or inside a function), with its line."""
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module
            yield from ((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)


def forbidden_imports(package: str, forbidden: tuple[str, ...]) -> list[str]:
    found = []
    for path in sources(package):
        for line, module in imported(path):
            if any(module == name or module.startswith(f"{name}.") for name in forbidden):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    return found


def test_the_core_imports_no_app_no_hardware_and_no_device_library() -> None:
    assert forbidden_imports("companion", ("ui", "hardware", "web", *DEVICE_LIBRARIES)) == []


def test_the_web_view_imports_no_app_no_hardware_and_no_device_library() -> None:
    """The phones' web view (``web``) is a view over the core, beside the app: it shares nothing
    with the app's screens and touches no device."""
    assert forbidden_imports("web", ("ui", "hardware", *DEVICE_LIBRARIES)) == []


def test_the_hardware_imports_no_game_and_no_app() -> None:
    assert forbidden_imports("hardware", ("ui", "kivy", "companion.games")) == []


def test_the_storage_imports_only_itself_and_the_translations() -> None:
    """``companion.storage`` is the bottom of the core: it knows no game, no registry and no
    session (the registry tells the backup how to name a game), so nothing above it can make an
    import cycle through it."""
    found = []
    for path in sources("companion/storage"):
        for line, module in imported(path):
            top = module.split(".")[0]
            if top == "companion" and not module.startswith(
                ("companion.storage", "companion.installation.i18n")
            ):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert found == []


def test_the_import_check_sees_a_forbidden_import_even_inside_a_function(tmp_path: Path) -> None:
    module = tmp_path / "sneaky.py"
    module.write_text("def run():\n    from ui.launch import run\n    import serial.tools\n")
    assert [name for _line, name in imported(module)] == [
        "ui.launch",
        "ui.launch.run",
        "serial.tools",
    ]


BLOCK = """
import importlib, importlib.abc, pkgutil, sys

BLOCKED = {blocked!r}

def blocked(name):
    return any(name == b or name.startswith(b + ".") for b in BLOCKED)

class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if blocked(name):
            raise ImportError(f"blocked for this test: {{name}}")
        return None

sys.meta_path.insert(0, Block())
package = importlib.import_module({package!r})
for module in pkgutil.walk_packages(package.__path__, {package!r} + "."):
    if not module.name.endswith(".__main__"):  # that one runs the command
        importlib.import_module(module.name)
"""
BLOCKED_RUN = (
    BLOCK
    + """
from companion.cli import main
code = main(sys.argv[1:])
print("loaded:", sorted(m for m in sys.modules if blocked(m)))
sys.exit(code)
"""
)


def run_blocked(*args: str, blocked: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """``table-companion ARGS`` in a process where importing any of ``blocked`` fails, after
    importing every module of ``companion``."""
    return subprocess.run(
        [sys.executable, "-c", BLOCKED_RUN.format(blocked=blocked, package="companion"), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_every_core_module_and_the_headless_commands_work_without_app_hardware_or_devices(
    tmp_path: Path,
) -> None:
    blocked = (
        "kivy",
        "gpiozero",
        "serial",
        "ui",
        "hardware",
        "web",
        "starlette",
        "uvicorn",
        "jinja2",
    )
    db = str(tmp_path / "games.sqlite3")
    done = run_blocked("--db", db, "game", "new", "targi", "--player", "A:blue",
                       "--player", "B:white", blocked=blocked)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "loaded: []"
    question = tmp_path / "round.json"
    question.write_text('{"round": 4}')
    done = run_blocked("rules", "targi", "round", str(question), blocked=blocked)
    assert (done.returncode, done.stdout.splitlines()[0]) == (
        0,
        '{"raid": 1, "robber": 5, "game_over": false}',
    ), done.stderr
    # Without the app, no arguments say so (exit 2) instead of a traceback.
    done = run_blocked("--db", db, blocked=blocked)
    assert done.returncode == 2 and "the touchscreen app is not installed" in done.stderr
    assert "Traceback" not in done.stderr


def test_every_web_module_imports_without_the_app_the_hardware_and_the_devices() -> None:
    blocked = ("ui", "hardware", *DEVICE_LIBRARIES)
    probe = BLOCK.format(blocked=blocked, package="web") + (
        "print(sorted(m for m in sys.modules if m.startswith('web.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "web.server" in done.stdout and "web.commands" in done.stdout


def test_every_hardware_module_imports_without_the_games_and_the_app() -> None:
    blocked = ("ui", "kivy", "companion.games")
    probe = BLOCK.format(blocked=blocked, package="hardware") + (
        "print(sorted(m for m in sys.modules if m.startswith('hardware.')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "hardware.scanner.check" in done.stdout and "hardware.buttons" in done.stdout


def test_the_app_and_scanner_test_are_commands_the_app_adds() -> None:
    """Installed (pip install -e .): ``table-companion`` lists them; without them (previous test)
    the core runs alone."""
    from companion.cli import commands

    added = commands.installed()
    assert {"app", "scanner-test"} <= set(added)
    assert commands.APP == "app"


def test_no_arguments_open_the_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import ui.launch
    from companion.cli import main

    opened = []
    monkeypatch.setattr(ui.launch, "run", lambda database, config: opened.append(database) or 0)
    assert main(["--db", str(tmp_path / "games.sqlite3")]) == 0
    assert opened == [tmp_path / "games.sqlite3"]


# --- no module outside a game's own packages names a game -----------------------------------------


def own_package(relative: str, game: str) -> bool:
    """``companion/games/<game>/`` and ``ui/games/<game>/`` (screen, ``.kv``, view, drafts, prompts)
    and ``web/games/<game>/``."""
    return relative.startswith(
        (f"companion/games/{game}/", f"ui/games/{game}/", f"web/games/{game}/")
    )


def strings(path: Path) -> Iterator[tuple[int, str]]:
    """What a module says in code (string literals, imported modules), docstrings left out:
    prose may give a game's card as an example."""
    tree = ast.parse(path.read_text(), str(path))
    docstrings = {  # every bare string statement: a module's, a class's, an attribute's ...
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value
    yield from imported(path)


def naming(games: list[str], root: Path = ROOT) -> list[str]:
    word = re.compile(rf"\b({'|'.join(games)})\b", re.IGNORECASE)
    found = []
    for package in ("companion", "ui", "hardware", "web"):
        for path in sorted((root / package).rglob("*")):
            relative = path.relative_to(root).as_posix()
            if path.suffix not in (".py", ".kv", ".html", ".js", ".css"):
                continue
            if path.suffix == ".py":
                said = list(strings(path))
            elif path.suffix != ".kv":  # a page, its script and style: every line
                said = list(enumerate(path.read_text().splitlines(), 1))
            else:  # .kv: everything but comments
                lines = path.read_text().splitlines()
                said = [(n, line.split("#:")[0] if "#:" in line else line.split("#")[0])
                        for n, line in enumerate(lines, 1)]  # fmt: skip
            for line, text in said:
                for match in word.finditer(text):
                    if not own_package(relative, match.group(1).lower()):
                        found.append(f"{relative}:{line} names {match.group(1)}: {text!r}")
    return found


def test_no_module_outside_a_games_own_packages_names_a_game() -> None:
    games = sorted(spec.parent.name for spec in (ROOT / "companion/games").glob("*/spec.py"))
    assert set(games) <= set(GAMES) and {"targi", "tuareg", "timbuktu"} <= set(games)
    assert naming(games) == []


def test_the_name_check_finds_a_game_named_in_code(tmp_path: Path) -> None:
    """It sees a literal, an import and a .kv text, and lets docstrings and the game's own
    packages be."""
    files = {
        "ui/app.py": '"""The Targi grid."""\nSCREENS = {"targi": 1}\n',
        "ui/intents.py": "from companion.games.tuareg import actions\n",
        "ui/games/targi/__init__.py": 'NAME = "targi"\n',
        "companion/games/tuareg/spec.py": 'NAME = "tuareg"\n',
        "ui/screens/home.kv": '#: import x y  # Timbuktu\n    text: tr("Timbuktu")\n',
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    assert [
        entry.split(" names ")[0] for entry in naming(["targi", "tuareg", "timbuktu"], tmp_path)
    ] == [
        "ui/app.py:2",
        "ui/intents.py:1",
        "ui/intents.py:1",
        "ui/screens/home.kv:2",
    ]


def test_the_core_map_names_every_package_and_module_of_the_core() -> None:
    """``companion/__init__.py`` groups the core by concern for a newcomer: its root holds only the
    packages of that map (and the store's public face); a module or package added without a place
    in the map fails here."""
    import companion

    named = set(re.findall(r"``(\w+)/?``", companion.__doc__ or ""))
    core = ROOT / "companion"
    root = {path.stem for path in core.glob("*.py")} - {"__init__", "__main__"}
    packages = {path.parent.name for path in core.glob("*/__init__.py")}
    grouped = {"rules", "play", "after", "installation"}
    inside = {path.stem for package in grouped for path in (core / package).glob("*.py")}
    inside |= {
        path.parent.name for package in grouped for path in (core / package).glob("*/__init__.py")
    }
    assert root == {"store"} and grouped <= packages
    assert sorted((root | packages | inside) - named - {"games", "__init__"}) == []


def old_paths(text: str) -> list[str]:
    """The old flat paths (``companion.spec``, ``companion/session.py``) ``text`` names."""
    from companion import MOVED

    old = re.compile(rf"(?<![\w.\-/])companion[./]({'|'.join(MOVED)})(?!\w)")
    return [match.group(0) for match in old.finditer(text)]


def test_no_file_of_the_repository_names_a_module_by_its_old_flat_path() -> None:
    """The core's modules moved into packages by concern; the old paths still import (for games
    installed on their own: ``companion.MOVED``), but nothing here uses them, only the mapping and
    its test (marked ``coreroot-rewrite: keep old paths``)."""
    folders = ("companion", "ui", "hardware", "web", "tests", "scripts", "benchmarks", "deploy")
    paths = [ROOT / "README.md", ROOT / "pyproject.toml"]
    paths += [path for folder in folders for path in sorted((ROOT / folder).rglob("*"))]
    suffixes = (".py", ".kv", ".md", ".toml", ".sh", ".service", ".html", ".js", ".txt")
    found = []
    for path in paths:
        if path.suffix not in suffixes or "__pycache__" in path.parts or not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        if "coreroot-rewrite: keep old paths" not in text:
            found += [f"{path.relative_to(ROOT)}: {name}" for name in old_paths(text)]
    assert found == []


def test_the_old_path_check_sees_an_import_a_mock_target_and_a_file_path() -> None:
    text = (
        "from companion.spec import GameSpec\npatch('companion.session.X')\nsee companion/files.py"
    )
    assert old_paths(text) == ["companion.spec", "companion.session", "companion/files"]
    assert old_paths("companion.rules.spec companion.games table-companion/config.toml") == []
