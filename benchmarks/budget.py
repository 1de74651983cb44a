"""The Pi budget: each thing a player waits for, its CPU time here and what that makes on a Pi 4,
against the targets (a tap or a scan drawn within 100 ms, a screen within 300 ms, a CLI command
within 300 ms, the start within 3 s); and the ratios that say a cost does not grow with the
history or the command line's start: a CLI ``game act`` on a 1000-game database against a one-game
one (target ≤ 1.2x), and against the floor of a Python process that imports ``sqlite3``, opens a
database and commits one row (target ≤ 2x), with where that cost lies: a bare Python importing the
standard library modules the command line imports, a ``game list`` (the command line and the
database, no game's rules) and a bare Python making Targi's rules (pydantic, the schemas of its
actions and options). Every figure of a row comes from this one run.

CPU time, not wall-clock time, is what a slower processor multiplies (wall time here includes
waiting for the other processes of a loaded machine; both are printed). A process's CPU is read
from ``getrusage``/``/proc``; the app's is its main thread's (its handlers, layout and GL calls:
the software renderer's own threads here are the GPU's work on a Pi). A start's is read by the child
itself at its first frame flipped (its main thread's; all its threads' in the note), not from
``/proc`` once its line has reached this process: that counted what the child did meanwhile (more
frames, the background check of the database) and the renderer's threads.

The app's children run as the kiosk runs: from compiled bytecode (:func:`_compile_the_app`; a
checkout run with ``PYTHONDONTWRITEBYTECODE`` compiled every module of the app at each start), each
start stopped as systemd stops the kiosk (``SIGTERM``: the database closed and sealed), so that the
next is an ordinary start; killed, the next start checks the whole file first, as after a power
cut: that start is timed on its own row.

:data:`PI4_FACTOR` is the assumed slowdown of one Pi 4 core (Cortex-A72 at 1.8 GHz) against one
core of this x86 machine: Geekbench 5 single-core scores of about 300 for a Pi 4 against 1,300-1,600
for current x86 desktop and server cores, i.e. x4.5-5.5 (the storage benchmark's note says x5-10
for SQLite's I/O on an SD card). The CPU rows multiply by 5; a row fits when even x10 would
fit is marked so.

An export's budget: the one a player waits for at the table is the score sheet's BG Stats code
(the play for BG Stats' app, the export the app offers), which opens as a dialog: a screen, 300 ms.
A file export (``export GAME --format pdf|csv``) is asked for once a game is over and used a step
later (printed, opened in a spreadsheet): its budget is that of a file written, 1 s on a Pi 4 (the
limit within which a wait keeps the flow of thought; the 300 ms of a CLI command are for the steps
of play and the looks at the table: ``game act``, ``history``, ``stats``). The PDF is timed both as
the CLI writes it (a process of its own: its start, fpdf2's import, the replay and the render) and
in a running process (the replay and the render only).

The CLI's processes (and the floor's) run as a Pi's installed copy runs (:func:`_installed_copy`):
no editable install's import hook, and from compiled bytecode (pip compiles it on install; here
the children write theirs under the run's folder, whatever ``PYTHONDONTWRITEBYTECODE`` says, and a
first call of each command is not counted). They hand
their commands to a resident process of the run's own (:mod:`companion.cli.handoff`), started by
the first call: a call's CPU is its own process's and the resident's for it (the worker that ran
it, and its own part), read from ``/proc``. A ``game act`` with no resident (the first after a boot,
an update or 15 minutes without a command: it runs in its own process and starts one) is timed
beside it: it is the command line's start (Python, pydantic, the games' rules), paid once for the
commands that follow, so its budget is a start's, 3 s on a Pi 4.

``history`` and ``stats`` print the text kept beside the games while what it is made of is
unchanged (:mod:`companion.after.printed`): their rows are calls with no game ended since the call
before (the ``game act`` of each round starts games that the history does not show yet). The first
call after a game ended makes that game's play (``history``) or the whole statistics (``stats``)
anew and keeps them: it has rows of its own, timed on a copy of the database on which a game is
played to its end (a commit per entry, through a session) before each round.

History and Statistics are made ready in the idle frames after the start (:mod:`ui.ready`): the
screens' child takes its first step once they are (a player reads Home a few seconds first); the
readying's CPU is a row (its target: within the 3 s of a start on a Pi 4), and so is its longest
frame's share of steps (what a tap during it may wait for: a tap's 100 ms).

Run the screens' child alone with ``python -m benchmarks.budget screens`` (the app on the database
``TABLE_COMPANION_DB`` names): it prints ``screen NAME WALL CPU`` per opening, then ``done``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Sequence
from contextlib import closing
from pathlib import Path
from typing import Any

from benchmarks import history as history_bench
from benchmarks import scan as scan_bench
from benchmarks import ui as ui_bench
from benchmarks.kivy_env import table_environment
from benchmarks.timing import Row, child_lines

PI4_FACTOR = 5.0
PESSIMISTIC = 10.0
REPEATS = 5
CLI_TIMEOUT = 120.0
"""Seconds one CLI process may take here before the benchmark stops with that said."""
SCREEN_TIMEOUT = 240.0
FLOOR = (
    "import sqlite3, sys\n"
    "connection = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
    "connection.execute('PRAGMA journal_mode=WAL')\n"
    "connection.execute('PRAGMA synchronous=FULL')\n"
    "connection.execute('CREATE TABLE IF NOT EXISTS floor (x)')\n"
    "connection.execute('BEGIN IMMEDIATE')\n"
    "connection.execute('INSERT INTO floor VALUES (1)')\n"
    "connection.execute('COMMIT')\n"
    "connection.close()\n"
)
"""The floor: a Python process that imports sqlite3, opens a database and commits one row, as the
store commits (WAL, ``synchronous=FULL``)."""
STDLIB = (
    "import argparse, dataclasses, enum, gettext, hashlib, json, logging, pathlib, sqlite3, tomllib"
    ", uuid\n"
)
"""A Python process that imports the standard library modules the command line itself imports
(its parser, JSON, log, dataclasses, translations, the store's hashes and ids, the config's
TOML) and nothing else: what any CLI built on them costs before its own code runs."""
RULES_ONLY = "from companion.rules.registry import rules_for\nrules_for('targi')\n"
"""A Python process that makes Targi's rules and nothing else: pydantic, the game's modules and
the schemas of its actions and options, what a ``game act`` loads beyond the command line's own."""
REVEAL = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-2DATES"}'
"""A Targi game's first action (a centre card revealed): what ``game act`` submits."""
PLAYERS = [{"name": "Amal", "colour": "red"}, {"name": "Bilal", "colour": "blue"}]
FINISHED = f"{0:032x}"
"""The first of the benchmark's 1000 games: a finished Targi (exported, its sheet opened)."""
FILE_WRITTEN = 1000
"""ms on a Pi 4: a file export's budget (see above)."""
START = 3000
"""ms on a Pi 4: a start's budget, the app's and the command line's (see above)."""


_BYTECODE: dict[str, str] = {}
"""The CLI children's environment: bytecode written and read under the run's folder
(:func:`_installed_copy`), their residents in a folder of the run's own."""
_INSTALLED: list[str] = []
"""The CLI children's interpreter: the run's own virtual environment (:func:`_installed_copy`)."""


def _installed_copy(folder: Path) -> None:
    """The CLI children run as a Pi's installed copy runs (``deploy/install.sh`` installs the
    project into its virtual environment, not as an editable checkout): from a virtual
    environment of the run's own, which finds the project and its packages by plain paths (a
    ``.pth`` file naming this checkout and this environment's packages), without the editable
    install's import hook that this checkout's ``.venv`` runs at every start (``pathlib``,
    ``urllib``, ``re``: ~13 ms here). They read and write compiled bytecode under ``folder``
    (pip compiles on install) and hand their commands to a resident of this run's own."""
    venv = folder / "installed"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=CLI_TIMEOUT
    )
    (packages,) = (venv / "lib").glob("python*/site-packages")
    checkout = Path(__file__).resolve().parent.parent
    (packages / "table_companion.pth").write_text(
        f"{checkout}\n{sysconfig.get_paths()['purelib']}\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    residents = folder / "residents"
    residents.mkdir(mode=0o700)
    _BYTECODE.clear()
    _BYTECODE.update(
        env,
        PYTHONPYCACHEPREFIX=str(folder / "pycache"),
        TABLE_COMPANION_RESIDENT_DIR=str(residents),
    )
    _INSTALLED[:] = [str(venv / "bin" / "python")]


Sample = tuple[float, float, float]
"""A CLI call's wall seconds, its own process's CPU seconds and its resident's (the worker that
ran its command, and the resident's own part)."""


def _resident_cpu() -> float:
    """CPU seconds of the run's resident so far, its workers' included (those that ended, which
    it waited for, and those alive, waiting for a command): 0 when none runs."""
    from companion.cli import resident

    for socket_path in Path(_BYTECODE.get("TABLE_COMPANION_RESIDENT_DIR", "/nonexistent")).glob(
        "*.sock"
    ):
        pid = resident.pid(str(socket_path))
        if pid is not None:
            proc = Path("/proc") / str(pid)
            workers = (proc / "task" / str(pid) / "children").read_text().split()
            alive = sum(_ticks(Path("/proc") / worker, 2) for worker in workers)
            return (_ticks(proc, 4) + alive) / os.sysconf("SC_CLK_TCK")
    return 0.0


def _ticks(proc: Path, fields: int) -> int:
    """The first ``fields`` of a process's CPU times in ``/proc`` (user, system, then its ended
    children's user and system), in clock ticks; 0 for a process gone."""
    try:
        times = (proc / "stat").read_text().rsplit(")", 1)[1].split()[11 : 11 + fields]
    except OSError:
        return 0
    return sum(int(ticks) for ticks in times)


def _resident_ready(timeout: float = CLI_TIMEOUT) -> None:
    """Wait until the run's resident takes commands (its socket is there)."""
    folder = Path(_BYTECODE["TABLE_COMPANION_RESIDENT_DIR"])
    deadline = time.monotonic() + timeout
    while not list(folder.glob("*.sock")):
        if time.monotonic() > deadline:
            raise RuntimeError(f"no resident took commands within {timeout:.0f} s")
        time.sleep(0.05)


def _process(arguments: Sequence[str], **env: str) -> tuple[Sample, bytes]:
    """Run ``python ARGUMENTS``: its wall and CPU seconds (user + system) and its resident's CPU
    seconds, and its output."""
    before, resident_before = resource.getrusage(resource.RUSAGE_CHILDREN), _resident_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [*(_INSTALLED or [sys.executable]), *arguments],
        capture_output=True,
        timeout=CLI_TIMEOUT,
        check=False,
        env={**(_BYTECODE or os.environ), **env},
    )
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments[:6])}: exit {done.returncode}: {done.stderr!r}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return (wall, cpu, _resident_cpu() - resident_before), done.stdout


def _cli(db: Path, *arguments: str, **env: str) -> tuple[Sample, bytes]:
    return _process(["-m", "companion", "--db", str(db), *arguments], **env)


def _new_targi(db: Path) -> str:
    from companion.play.session import Session
    from companion.rules.registry import rules_for
    from companion.store import Store

    rules = rules_for("targi")
    with Store.open(db) as store:
        return Session.create(store, rules, rules.parse_options({"players": PLAYERS})).game_id


def _medians(samples: list[tuple[float, float]]) -> tuple[float, float]:
    """(median wall, median CPU) of (wall, CPU) samples."""
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def _with_resident(samples: list[Sample]) -> tuple[float, float]:
    """(median wall, median CPU of the process + the resident's mean CPU per call): the kernel
    counts a process's CPU in clock ticks (10 ms), too coarse for one call, exact over many."""
    resident_mean = statistics.fmean(s[2] for s in samples)
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples) + (
        resident_mean
    )


def _resident_part(samples: list[Sample]) -> tuple[float, float]:
    """(median wall, the resident's mean CPU per call) of the calls ``samples``."""
    return statistics.median(s[0] for s in samples), statistics.fmean(s[2] for s in samples)


def _client_part(samples: list[Sample]) -> tuple[float, float]:
    """(median wall, median CPU of the calling process alone) of the calls ``samples``."""
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def _in_process(run: Callable[[], object], repeats: int = REPEATS) -> tuple[float, float]:
    """(median wall, median CPU) seconds of ``run`` in this process."""
    samples = []
    for _ in range(repeats):
        started, cpu = time.perf_counter(), time.process_time()
        run()
        samples.append((time.perf_counter() - started, time.process_time() - cpu))
    return _medians(samples)


def budget_row(name: str, wall: float, cpu: float, target_ms: float) -> Row:
    pi = cpu * PI4_FACTOR * 1e3
    verdict = "fits" if pi <= target_ms else "OVER"
    if cpu * PESSIMISTIC * 1e3 <= target_ms:
        verdict += " (even at x10)"
    return (
        name,
        f"{cpu * 1e3:.1f} ms CPU",
        f"wall {wall * 1e3:.0f} ms; Pi 4 x{PI4_FACTOR:g}: {pi:.0f} ms, target ≤ {target_ms:.0f} "
        f"ms: {verdict}",
    )


def ratio_row(
    name: str, value: tuple[float, float], base: tuple[float, float], target: float
) -> Row:
    """``value`` against ``base`` ((wall, CPU) each), by CPU and by wall, with its target."""
    by_cpu, by_wall = value[1] / base[1], value[0] / base[0]
    verdict = "meets" if by_cpu <= target else "MISSES"
    return (name, f"{by_cpu:.2f}x CPU", f"{by_wall:.2f}x wall; target ≤ {target:g}x: {verdict}")


def _export_to(folder_of: Path, round_: int, form: str) -> tuple[str, ...]:
    """An export's format and file (a new one each round: an existing file is refused)."""
    return ("--format", form, "-o", str(folder_of.with_name(f"export-{round_}.{form}")))


def part_row(name: str, value: tuple[float, float], floor: tuple[float, float]) -> Row:
    """A process that does part of what a ``game act`` does ((wall, CPU)), against the floor: where
    the CLI's cost lies."""
    return (
        name,
        f"{value[1] * 1e3:.1f} ms CPU",
        f"wall {value[0] * 1e3:.0f} ms; {value[1] / floor[1]:.2f}x the floor's CPU",
    )


def figures(args: argparse.Namespace) -> list[Row]:
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory(prefix="bench-budget-") as name:
        folder = Path(name)
        many, few, floor_db = folder / "many.sqlite3", folder / "one.sqlite3", folder / "floor.db"
        templates, ids = history_bench._templates(folder)
        history_bench.build(many, templates, rng)
        _keep_results(many)  # as each game's last entry kept it
        _new_targi(few)
        _installed_copy(folder)
        cli = _cli_rows(many, few, floor_db, (templates, ids))
        inside = _in_process_rows(many, templates, ids)
        app = _app_rows(folder, many)
    return cli + inside + app


def _keep_results(db: Path) -> None:
    """Each game's result, as the entry that ended it keeps it (:mod:`companion.rules.results`): one
    listing computes and keeps what the benchmark's raw build left out; then the file is sealed
    and backed up, as the app's last close would leave it."""
    from companion.after import history
    from companion.store import Store

    with Store.open(db) as store:
        assert sum(1 for _ in history.plays(store)) == history_bench.MANY


def _finish_a_game(db: Path, templates: Path, template_id: str) -> None:
    """A game played to its end on ``db`` as the table plays it, one commit per entry through a
    session (the entry that ends it keeps its result): the log of the template's game."""
    from companion.play.session import Session
    from companion.rules.registry import rules_for
    from companion.store import Store

    with Store.open(templates) as source:
        stored = source.load(template_id)
    rules = rules_for(stored.game)
    with Store.open(db) as store:
        session = Session.create(store, rules, rules.parse_options(stored.options, stored=True))
        for entry in stored.entries:
            outcome = session.submit_payload(entry.payload, seq=session.seq)
            assert outcome.verdict.ok, outcome.verdict
        assert rules.is_over(session.state)


def _cli_rows(
    many: Path, few: Path, floor_db: Path, templates: tuple[Path, list[str]]
) -> list[Row]:
    alone = {"TABLE_COMPANION_RESIDENT": "0"}
    after = many.with_name("after-a-game.sqlite3")  # its games' count grows: the others' does not
    shutil.copy(many, after)
    with closing(sqlite3.connect(templates[0])) as source:  # the shortest game to play again
        shortest = min(
            templates[1],
            key=lambda game_id: source.execute(
                "SELECT count(*) FROM log WHERE game_id = ?", (game_id,)
            ).fetchone()[0],
        )
    after_a_game: dict[str, list[Sample]] = {"history": [], "stats": []}
    runs: dict[str, Callable[[int], tuple[Sample, bytes]]] = {
        "floor": lambda _round: _process(["-c", FLOOR, str(floor_db)]),
        "stdlib": lambda _round: _process(["-c", STDLIB]),
        "list": lambda _round: _cli(few, "game", "list", **alone),
        "rules": lambda _round: _process(["-c", RULES_ONLY]),
        "history": lambda _round: _cli(many, "history"),
        "stats": lambda _round: _cli(many, "stats"),
        "pdf": lambda round_: _cli(many, "export", FINISHED, *_export_to(floor_db, round_, "pdf")),
        "csv": lambda round_: _cli(many, "export", FINISHED, *_export_to(floor_db, round_, "csv")),
    }
    acts: dict[tuple[Path, bool], list[Sample]] = {(db, handed): [] for db in (many, few)
                                                   for handed in (True, False)}  # fmt: skip
    samples: dict[str, list[Sample]] = {name: [] for name in runs}
    # interleaved, so that each sees the same machine; round 0 compiles the bytecode and starts
    # the resident: not counted
    for round_ in range(REPEATS + 1):
        _finish_a_game(after, templates[0], shortest)
        for command, taken_after in after_a_game.items():  # what each first prints anew
            sample, _out = _cli(after, command)
            if round_:
                taken_after.append(sample)
        for (db, handed), taken in acts.items():
            game_id = _new_targi(db)
            sample, out = _cli(db, "game", "act", game_id, "0", REVEAL, "--compact",
                               **({} if handed else alone))  # fmt: skip
            assert json.loads(out)["verdict"]["ok"], out
            if round_:
                taken.append(sample)
        for name, run in runs.items():
            sample, _out = run(round_)
            if round_:
                samples[name].append(sample)
        if not round_:
            _resident_ready()
    act_few, act_many = _with_resident(acts[few, True]), _with_resident(acts[many, True])
    median = {name: _with_resident(taken) for name, taken in samples.items()}
    floor = median["floor"]
    return [
        ("floor: python, import sqlite3, commit a row", f"{floor[1] * 1e3:.1f} ms CPU",
         f"wall {floor[0] * 1e3:.0f} ms (median of {REPEATS})"),
        budget_row("CLI game act, one-game database", *act_few, 300),
        budget_row(f"CLI game act, {history_bench.MANY}-game database", *act_many, 300),
        ratio_row("  game act: 1000 games / 1 game", act_many, act_few, 1.2),
        ratio_row("  game act (1000 games) / the floor", act_many, floor, 2.0),
        part_row("  of it: the table-companion process", _client_part(acts[many, True]), floor),
        part_row("  of it: the resident (its worker for the command)",
                 _resident_part(acts[many, True]), floor),
        budget_row("the CLI's start: a game act with no resident (after a boot, an update, "
                   "15 idle minutes)", *_with_resident(acts[many, False]), START),
        part_row("  of it: python importing the stdlib the CLI imports", median["stdlib"], floor),
        part_row("  of it: CLI game list (the command line, no game's rules)", median["list"], floor),
        part_row("  of it: python making Targi's rules (pydantic, schemas)", median["rules"], floor),
        budget_row(f"CLI history, {history_bench.MANY} games", *median["history"], 300),
        budget_row(f"CLI stats, {history_bench.MANY} games", *median["stats"], 300),
        budget_row("CLI history, the first call after a game ended",
                   *_with_resident(after_a_game["history"]), 300),
        budget_row("CLI stats, the first call after a game ended",
                   *_with_resident(after_a_game["stats"]), 300),
        budget_row("CLI export, one game's PDF (a file written)", *median["pdf"], FILE_WRITTEN),
        budget_row("CLI export, one game's CSV (a file written)", *median["csv"], FILE_WRITTEN),
    ]  # fmt: skip


def _in_process_rows(many: Path, templates: Path, ids: list[str]) -> list[Row]:
    from companion.after import history, stats
    from companion.after.exports import pdf, table_facts
    from companion.play.session import Session
    from companion.store import Store

    with Store.open(templates) as store:
        longest = max(ids, key=lambda game_id: store.load(game_id).entries[-1].seq)
        entries = len(store.load(longest).entries)
        resume = _in_process(lambda: Session.resume(store, longest))
    fresh = [Store.open(many) for _ in range(REPEATS)]  # a first listing each (a CLI process)
    unused = iter(fresh)
    try:
        first = _in_process(lambda: list(history.plays(next(unused))))
    finally:
        for opened in fresh:
            opened.close()
    copy = many.with_name("listed-again.sqlite3")  # its commits leave the benchmark's file as is
    shutil.copy(many, copy)
    Store.open(copy).close()  # its daily backup made (see _listed_after_a_commit)
    with Store.open(copy) as store:
        list(history.plays(store))
        again = _listed_after_a_commit(store)
    with Store.open(many) as store:
        plays = list(history.plays(store))
        statistics_ = _in_process(lambda: stats.compute(plays))
        pdf.render(history.load_play(store, FINISHED))  # fpdf2 loaded, as in a running process
        sheet = _in_process(
            lambda: pdf.render(history.load_play(store, FINISHED), table_facts.read(store))
        )
    return [
        budget_row(f"resume a game ({entries} entries, replayed)", *resume, 300),
        budget_row(f"History: list {history_bench.MANY} games (a first listing)", *first, 300),
        budget_row("  listed again after a commit (unchanged games' plays reused)", *again, 300),
        budget_row(f"Statistics of {history_bench.MANY} games: compute", *statistics_, 150),
        budget_row("export: a PDF in a running process (replay, render)", *sheet, FILE_WRITTEN),
    ]


def _listed_after_a_commit(store: Any) -> tuple[float, float]:
    """(median wall, median CPU) seconds of a listing of ``store`` just after a commit (a setting
    written, untimed, as a table's change would be): every game listed anew, an unchanged game's
    play reused (:mod:`companion.after.history`). The store is a copy whose daily backup was made
    before it was opened, as the app's file has it after its start: the copy's first open backs it
    up on a thread of its own (38 MB copied and checked), whose CPU the process's time counted in
    every listing timed meanwhile (about as much again as the listings' own)."""
    from companion.after import history

    samples = []
    for round_ in range(REPEATS):
        store.set_setting("benchmark", "round", round_)
        started, cpu = time.perf_counter(), time.process_time()
        list(history.plays(store))
        samples.append((time.perf_counter() - started, time.process_time() - cpu))
    return _medians(samples)


def _app_rows(folder: Path, many: Path) -> list[Row]:
    """The app (a child each, as the kiosk starts it, from compiled bytecode) on a copy of the
    1000-game database."""
    database = "app.sqlite3"
    shutil.copy(many, folder / database)
    _keep_results(folder / database)  # sealed where it now lies
    env = _app_environment(folder, database)
    _compile_the_app(env)
    starts: dict[str, list[ui_bench.Started]] = {"app": [], "minimal": []}
    for round_ in range(STARTS + 1):  # alternate, so both see the same machine; round 0 not counted
        for kind, taken in starts.items():  # minimal: stock Kivy's start, a Label and a Button
            started = ui_bench._start(kind, env)
            ui_bench._stop_cleanly(started.child)  # as systemd stops it: the file closed, sealed
            if round_:
                taken.append(started)
    unclean = []
    for round_ in range(STARTS + 1):  # each after the one before was killed; round 0 after a clean
        started = ui_bench._start("app", env)  # stop, not counted
        ui_bench._stop(started.child)
        if round_:
            unclean.append(started)
    rows = [
        _start_row("app start to Home (1000 games stored)", starts["app"]),
        _start_row("  a minimal Kivy app's start, for comparison", starts["minimal"]),
        _start_row("  app start after an unclean shutdown (the file checked whole first)", unclean),
    ]
    taps = ui_bench.latency("app", _app_environment(folder, "taps.sqlite3"), 20, 3)
    rows.append(budget_row("tap (undo button) -> frame", *_paired(taps, "busy"), 100))
    scans = scan_bench.latency("targi", _app_environment(folder, "scans.sqlite3"), 20, 3)
    rows.append(budget_row("scan (Targi card) -> frame", *_paired(scans, "busy"), 100))
    for screen, samples in _screens(env).items():
        target = {"ready": START, "ready-step": 100}.get(screen, 300)
        target = 150 if screen.startswith("statistics") else target
        rows.append(budget_row(SCREENS[screen], *samples, target))
    return rows


STARTS = 3
"""Counted starts of each kind (after one that is not: it writes the bytecode of what it imports
that :func:`_compile_the_app` did not compile)."""


def _app_environment(folder: Path, database: str) -> dict[str, str]:
    """An app child's environment: the table's (:func:`table_environment`) on the CLI children's
    (bytecode read and written under the run's folder, :func:`_installed_copy`) when this run
    has made it."""
    return table_environment(folder, database, base=_BYTECODE or None)


def _compile_the_app(env: dict[str, str]) -> None:
    """Compile the app's packages and the libraries it imports to bytecode for the children run
    in ``env``, as pip does on install: what a child then times is the app's start, not the
    compiling of its source (the start of a checkout run with ``PYTHONDONTWRITEBYTECODE``)."""
    import importlib.util

    folders = []
    for package in ("companion", "ui", "hardware", "benchmarks", "kivy", "segno"):
        spec = importlib.util.find_spec(package)
        assert spec is not None and spec.submodule_search_locations, package
        folders += list(spec.submodule_search_locations)
    subprocess.run(
        [sys.executable, "-m", "compileall", "-q", "-j", "2", *folders],
        env=env,
        stdout=subprocess.DEVNULL,
        timeout=SCREEN_TIMEOUT,
        check=True,
    )


def _start_row(name: str, starts: list[ui_bench.Started]) -> Row:
    """A start's budget row: the main thread's CPU from exec to the first frame (the process's,
    the renderer's threads included, in the note)."""
    wall, cpu = _medians([(s.wall, s.main_cpu) for s in starts])
    name_, figure, note = budget_row(name, wall, cpu, START)
    process = statistics.median(s.process_cpu for s in starts)
    return (
        name_,
        figure,
        f"{note}; all threads {process * 1e3:.0f} ms CPU (median of {len(starts)})",
    )


SCREENS = {
    "ready": "History and Statistics made ready in idle frames after the start",
    "ready-step": "  its longest frame's steps (what a tap then may wait for)",
    "history": f"History screen opened ({history_bench.MANY} games; median of 3)",
    "history-first": "  its first opening (made ready after the start)",
    "home": f"Home screen opened ({history_bench.MANY} games)",
    "statistics": f"Statistics screen opened ({history_bench.MANY} games; median of 3)",
    "statistics-first": "  its first opening (made ready after the start)",
    "sheet": "a finished game's score sheet opened",
    "bgstats": "export: its BG Stats code opened (a dialog)",
}


def _paired(samples: dict[str, list[float]], mode: str) -> tuple[float, float]:
    return statistics.median(samples[mode]), statistics.median(samples[f"{mode}-cpu"])


def _screens(env: dict[str, str]) -> dict[str, tuple[float, float]]:
    child = subprocess.Popen(
        [sys.executable, "-m", "benchmarks.budget", "screens"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    opened: dict[str, list[tuple[float, float]]] = {}
    try:
        for line in child_lines(child, "budget screens", SCREEN_TIMEOUT):
            if line.startswith("done"):
                break
            if line.startswith("ready late"):
                raise RuntimeError(f"budget screens: not made ready within {READY_TIMEOUT:g} s")
            word, name, wall, cpu = (*line.split(), "")[:4]
            if word == "ready":  # CPU of the whole readying, and of its longest frame's steps
                opened["ready"], opened["ready-step"] = [(0.0, float(name))], [(0.0, float(wall))]
            elif word == "screen":
                opened.setdefault(name, []).append((float(wall), float(cpu)))
    finally:
        child.kill()
        child.wait(10)
    medians = {name: _medians(samples) for name, samples in opened.items()}
    for name in FIRST_SHOWN:  # the screens keep what they made: the first opening costs more
        if opened.get(name):
            medians[f"{name}-first"] = opened[name][0]
    return dict(sorted(medians.items(), key=lambda item: list(SCREENS).index(item[0])))


FIRST_SHOWN = ("history", "statistics")
"""The screens whose first opening (after the app's start) is shown beside the median."""


# --- the screens' child ---------------------------------------------------------------------

OPENINGS = 3
READY_TIMEOUT = 60.0
"""Seconds from its start the screens' child waits for History and Statistics to be made ready in
idle time (:mod:`ui.ready`) before its first step; past it, it goes on and prints ``ready late``
(the first openings then do what was left)."""


def _screens_child() -> None:
    """The app on the database the environment names: History, then Statistics, opened from
    Home, then a finished game's score sheet and its BG Stats code (the export the app offers),
    :data:`OPENINGS` times each; each timed from the tap's call to the frame that shows it (wall,
    and the main thread's CPU)."""
    from ui.launch import prepare_kivy

    prepare_kivy()
    from kivy.clock import Clock
    from kivy.core.window import Window
    from kivy.uix.modalview import ModalView

    from companion.after import history
    from companion.installation.config import load_config
    from companion.store import Store
    from ui.app import CompanionApp

    finished: list[Any] = []  # the play, as History holds it (read before the app starts)

    def sheet(app: CompanionApp) -> None:
        app.show_sheet(finished[0].sheet, back_to="history", game_id=FINISHED)

    def home(app: CompanionApp) -> None:
        for dialog in [w for w in Window.children if isinstance(w, ModalView)]:
            dialog.dismiss(animation=False)
        app.home()

    steps: list[tuple[str, Callable[[CompanionApp], None]]] = []
    for _ in range(OPENINGS):
        steps += [
            ("history", lambda app: app.history()),
            ("home", home),
            ("statistics", lambda app: app.statistics()),
            ("home", home),
        ]
    for _ in range(OPENINGS):
        steps += [
            ("sheet", sheet),
            ("bgstats", lambda app: app.sheet_screen.show_bgstats()),
            ("home", home),
        ]

    class Measured(CompanionApp):
        def on_start(self) -> None:
            super().on_start()
            Clock.schedule_once(lambda _dt: self._ready(), 3.0)  # Home settled, the start frozen

        def _ready(self) -> None:
            """The first step once the screens were made ready in the idle time after the start
            (:mod:`ui.ready`; a player reads Home a few seconds first), or once
            :data:`READY_TIMEOUT` seconds have passed (then said). A readying not begun yet (the
            first frame still to come on a loaded machine) is waited for as one under way."""
            readying = self.readying
            if (readying is None or not readying.finished) and time.monotonic() < deadline:
                Clock.schedule_once(lambda _dt: self._ready(), 0.1)
                return
            if readying is None or not readying.finished:
                print("ready late", flush=True)
            else:
                print(f"ready {readying.cpu:.6f} {readying.longest:.6f}", flush=True)
            self._next()

        def _next(self) -> None:
            if not steps:
                print("done", flush=True)
                self.stop()
                return
            name, step = steps.pop(0)
            started = (time.perf_counter(), time.thread_time())

            def flipped(*_args: Any) -> None:
                Window.unbind(on_flip=flipped)
                wall, cpu = time.perf_counter() - started[0], time.thread_time() - started[1]
                print(f"screen {name} {wall:.6f} {cpu:.6f}", flush=True)
                Clock.schedule_once(lambda _dt: self._next(), 0.5)

            step(self)
            Window.bind(on_flip=flipped)

    config = load_config()
    deadline = time.monotonic() + READY_TIMEOUT
    with Store.open(config.database) as store:
        finished.append(history.load_play(store, FINISHED))
        Measured(store, config).run()


if __name__ == "__main__":
    if sys.argv[1:] == ["screens"]:
        _screens_child()
    else:
        raise SystemExit("usage: python -m benchmarks.budget screens")
