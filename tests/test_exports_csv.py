"""CSV for spreadsheets and against formula injection (issue 24.9, issue 25.3): files read back with
Python's csv module as a spreadsheet's import would."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_process import run
from played_games import Clock, play_to_end

from companion.installation.csv_cells import FORMULA_STARTS
from companion.store import LOCATION, Store

NAMES = ["Jürgen", "Łucja", "Begoña"]
HOSTILE = ['=HYPERLINK("//e.vil")', "+1+2", "-3", "@SUM(A1:A9)", "Ann\r=1+1", "\tTab"]
HOSTILE_PLACE = "=cmd|' /C calc'!A0"


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    db = tmp_path_factory.mktemp("csv") / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        first = play_to_end(store, "tuareg", NAMES, seed=2)
        second = play_to_end(store, "targi", NAMES[:2], seed=3)
    return db, [first, second]


def _read(path: Path, separator: str) -> list[list[str]]:
    data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf")  # the BOM: Excel reads UTF-8
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline=""), delimiter=separator))


def test_the_german_history_csv_has_a_bom_semicolons_and_german_words(games, tmp_path) -> None:
    db, _ids = games
    target = tmp_path / "history.csv"
    code, answer = run(
        "--lang", "de", "export", "--history", "--format", "csv", "-o", str(target), db=db
    )
    assert code == 0, answer
    rows = _read(target, ";")
    assert rows[0][:3] == ["Spiel-ID", "Spiel", "Status"]
    assert len(rows) == 1 + 3 + 2 and {len(row) for row in rows} == {14}
    assert {row[7] for row in rows[1:]} == set(NAMES)  # "Jürgen", not "JÃ¼rgen"
    assert {row[2] for row in rows[1:]} == {"beendet"}
    for language, separator in (("pl", ";"), ("es", ";"), ("en", ",")):
        code, _answer = run(
            "--lang", language, "export", "--history", "--format", "csv", "-o", str(target), db=db
        )
        assert code == 0 and len(_read(target, separator)[1]) == 14, language
    code, _answer = run(
        "--lang",
        "de",
        "export",
        "--history",
        "--format",
        "csv",
        "--separator",
        "comma",
        "-o",
        str(target),
        db=db,
    )
    assert code == 0 and len(_read(target, ",")[0]) == 14


def test_stdout_keeps_the_plain_csv_for_programs(games, tmp_path) -> None:
    db, ids = games
    code, text = run("--lang", "de", "export", "--history", "--format", "csv", db=db)
    assert code == 0 and text.startswith("game_id,game,status,started_at,")
    target = tmp_path / "plain.csv"
    code, _answer = run(
        "export", "--history", "--format", "csv", "--csv-style", "plain", "-o", str(target), db=db
    )
    assert code == 0 and target.read_text(encoding="utf-8") == text
    code, refused = run("export", "--history", "--format", "csv", "--separator", "semicolon", db=db)
    assert code == 2 and refused["error"]["message"].startswith("--separator")
    code, text = run("export", ids[0], "--format", "csv", db=db)
    assert code == 0 and text.startswith("game_id,") and "\ncategory," in text  # as documented


def test_one_game_is_one_table_in_the_tables_language(games, tmp_path) -> None:
    db, ids = games
    target = tmp_path / "game.csv"
    code, _answer = run(
        "--lang", "pl", "export", ids[0], "--format", "csv", "-o", str(target), db=db
    )
    assert code == 0
    rows = _read(target, ";")
    assert len(rows) == 1 + len(NAMES) and len({len(row) for row in rows}) == 1
    heading = rows[0]
    assert "Suma" in heading and "Miejsce" in heading and "Total" not in heading
    assert [row[heading.index("Gracz")] for row in rows[1:]] == NAMES
    assert {row[heading.index("Arkusz punktacji")] for row in rows[1:]} == {"końcowy"}


def test_no_cell_starts_with_a_formula_character_from_a_name_or_the_location(tmp_path) -> None:
    db = tmp_path / "games.sqlite3"
    with Store.open(db, clock=Clock()) as store:
        store.set_setting(*LOCATION, HOSTILE_PLACE)
        # a carriage return or a tab can only be in a name stored before the one rule for names
        game_id = play_to_end(store, "tuareg", HOSTILE[:5], seed=2, stored=True)
        other = play_to_end(store, "targi", [HOSTILE[5], "Ola"], seed=3, stored=True)
    hostile = {*HOSTILE, HOSTILE_PLACE}
    files = {}
    for name, args in {
        "game-plain": ("export", game_id, "--format", "csv", "--csv-style", "plain"),
        "game-sheet": ("export", game_id, "--format", "csv"),
        "history-plain": ("export", "--history", "--format", "csv", "--csv-style", "plain"),
        "history-sheet": ("export", "--history", "--format", "csv"),
    }.items():
        files[name] = tmp_path / f"{name}.csv"
        assert run("--lang", "en", *args, "-o", str(files[name]), db=db)[0] == 0, name
    code, sheet = run("game", "sheet", game_id, "--format", "csv", db=db)
    assert code == 0
    (tmp_path / "score-sheet.csv").write_text(sheet, encoding="utf-8")
    files["score-sheet"] = tmp_path / "score-sheet.csv"
    for name, path in files.items():
        text = path.read_bytes().decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(text, newline="")))
        cells = [cell for row in rows for cell in row]
        formulas = {h for h in hostile if h.startswith(FORMULA_STARTS)}
        assert not [c for c in cells if c in formulas], name  # none unescaped
        if name != "score-sheet":  # (read back from a pipe, where "\r" became "\n")
            assert HOSTILE[4] in cells, name  # one cell, its CR inside the quotes
        escaped = [c for c in cells if c.startswith("'") and c[1:] in hostile]
        assert escaped, name
        assert not [
            c for c in cells if c.startswith(FORMULA_STARTS) and not c.lstrip("-").isdigit()
        ], name
        if name.startswith("history"):  # the CR inside a name did not split a row
            assert len(rows) == 1 + 5 + 2, name
    assert other


LOADED = """
import sys

from companion.cli import main

code = main(sys.argv[1:])
print(" ".join(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
sys.exit(code)
"""
"""``table-companion ARGS``, then the top-level packages it loaded, on standard error."""


def test_an_export_loads_only_its_own_formats_library(games, tmp_path) -> None:
    """A CSV loads neither fpdf2 nor segno (it took twice as long as it needed: 0.6 s of CPU here,
    3 s on a Pi), a PDF no segno, a BG Stats code segno (the check sees what is loaded)."""
    db, ids = games
    for format, unwanted, wanted in (
        ("csv", {"fpdf", "fontTools", "segno", "PIL"}, set()),
        ("pdf", {"segno"}, {"fpdf"}),
        ("bgstats-qr", {"fpdf"}, {"segno"}),
    ):
        target = tmp_path / f"game.{format}"
        command = ["--db", str(db), "export", ids[0], "--format", format, "-o", str(target)]
        done = subprocess.run(
            [sys.executable, "-c", LOADED, *command],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["bytes"] == target.stat().st_size > 0
        loaded = set(done.stderr.splitlines()[-1].split())
        assert not loaded & unwanted and wanted <= loaded, format
