"""A core command handed to the resident process (issue 27: a CLI call near the floor of a bare
Python process) gives what it gives run in its own process, byte for byte: output, errors, exit
code, files; a signal ends it as it would end the command; a resident for code that changed
since, an idle one, or one whose socket was removed stops; the app and the installed commands
are never handed over.

Each test starts its residents in a folder of its own (``TABLE_COMPANION_RESIDENT_DIR``). A
*probe* process is ``table-companion`` that also says on its last line of standard error whether
it loaded the command line itself: a command handed over never does."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import handoff, resident

PROBE = """
import sys
from companion.cli import handoff
try:
    code = handoff.main()
finally:
    print("command line loaded here:", "companion.cli.dispatch" in sys.modules, file=sys.stderr)
raise SystemExit(code)
"""
PLAYERS = ("--player", "Amal:red", "--player", "Bilal:blue")
REVEAL = '{"kind": "reveal", "cell": [1, 1], "card": "TARGI-GOODS-2DATES"}'
WAIT = 30.0
"""Seconds a test waits for a resident to start or stop before it fails."""


@pytest.fixture
def residents(tmp_path: Path) -> Iterator[Path]:
    folder = tmp_path / "residents"
    folder.mkdir(mode=0o700)
    yield folder
    for lock in folder.glob("*.sock"):
        lock.unlink()  # its resident stops (within SOCKET_CHECK_SECONDS)


def environment(folder: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, handoff.FOLDER_ENV: str(folder), **extra}


def probe(
    env: dict[str, str], *args: str, stdin: str = "", cwd: Path | None = None, umask: int = 0o022
) -> tuple[int, str, str, bool]:
    """``table-companion ARGS``: exit code, output, error (the probe's line taken off) and whether
    the command ran in that process (the command line loaded there)."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.umask(umask),
    )
    *error, last = done.stderr.splitlines(keepends=True)
    assert last.startswith("command line loaded here:"), done.stderr
    return done.returncode, done.stdout, "".join(error), last.strip().endswith("True")


def resident_ready(folder: Path) -> Path:
    """The socket of the one resident in ``folder``, once it takes commands."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        sockets = list(folder.glob("*.sock"))
        if sockets:
            return sockets[0]
        time.sleep(0.05)
    raise AssertionError(f"no resident started in {folder} within {WAIT} s")


def gone(path: Path) -> None:
    deadline = time.monotonic() + WAIT
    while path.exists():
        assert time.monotonic() < deadline, f"{path} still there after {WAIT} s"
        time.sleep(0.05)


def test_a_handed_over_command_gives_what_it_gives_in_its_own_process(
    residents: Path, tmp_path: Path
) -> None:
    """The same command lines, through a resident and in their own processes, on two copies of
    one database: the same output and errors byte for byte, the same exit codes; and none of
    them leaks into the next (a language, a config error)."""
    handed, alone = environment(residents), environment(residents, TABLE_COMPANION_RESIDENT="0")
    code, out, _err, here = probe(handed, "--db", str(tmp_path / "a.db"), "game", "list")
    assert (code, out, here) == (0, "[]\n", True)  # no resident yet: run here, one started
    resident_ready(residents)
    game = json.loads(probe(handed, "--db", str(tmp_path / "a.db"), "game", "new", "targi",
                            *PLAYERS)[1])["game_id"]  # fmt: skip
    (tmp_path / "b.db").write_bytes((tmp_path / "a.db").read_bytes())
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text("[buttons.confirm]\npin = 99\n")
    lines = [
        ("game", "act", game, "0", REVEAL),
        ("game", "act", game, "0", REVEAL),  # a stale sequence number: refused, exit 1
        ("--lang", "pl", "game", "act", game, "1", '{"kind": "place", "cell": [9, 9]}'),
        ("game", "act", game, "1", "{not json"),
        ("game", "show", game),
        ("game", "nope"),
        ("--config", str(bad_config), "history"),
        ("rules", "targi", "robber"),
        ("history",),
        ("settings", "list", "targi"),
    ]
    for line in lines:
        through = probe(handed, "--db", str(tmp_path / "a.db"), *line)
        own = probe(alone, "--db", str(tmp_path / "b.db"), *line)
        assert through[:3] == own[:3], line
        assert (through[3], own[3]) == (False, True), line
    codes = [probe(alone, "--db", str(tmp_path / "b.db"), *line)[0] for line in lines]
    assert set(codes) >= {0, 1, 2}


def test_one_worker_takes_command_after_command_each_as_a_fresh_process_would(
    residents: Path, tmp_path: Path
) -> None:
    """A worker that ran a command takes the next (the pages of the resident it wrote are its own
    by then): one worker runs this whole sequence, and each command gives what it gives in a
    process of its own, byte for byte: no language, config, logging or warning of one reaches the
    next. Each output ends with its command: ``probe`` reads the client's pipes to their end,
    which a worker holding them would never give."""
    handed, alone = environment(residents), environment(residents, TABLE_COMPANION_RESIDENT="0")
    a, b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    probe(handed, "--db", a, "game", "list")
    socket_path = resident_ready(residents)
    game = json.loads(probe(handed, "--db", a, "game", "new", "targi", *PLAYERS)[1])["game_id"]
    (tmp_path / "b.db").write_bytes((tmp_path / "a.db").read_bytes())
    bad_config = tmp_path / "bad.toml"
    bad_config.write_text("[buttons.confirm]\npin = 99\n")
    outside = '{"kind": "place", "cell": [9, 9]}'
    lines = [
        ("--lang", "de", "game", "act", game, "1", outside),
        ("game", "act", game, "1", outside),
        ("--config", str(bad_config), "game", "show", game),
        ("game", "act", game, "0", REVEAL),
        ("game", "show", game),
        ("--lang", "pl", "rules", "targi", "robber"),
        ("rules", "targi", "robber"),
        ("history",),
        ("settings", "set", "tuareg", "values", '{"water": 4, "salt": 3, "millet": 2}'),
        ("settings", "list", "tuareg"),
        ("stats",),
        ("game", "act", game, "0", REVEAL),
    ]
    workers: set[int] = set()
    for line in lines:
        through = probe(handed, "--db", a, *line)
        workers.update(children_of_the_resident(socket_path))
        assert through[:3] == probe(alone, "--db", b, *line)[:3], line
        assert not through[3], line
    assert len(workers) == 1, workers


def test_a_worker_takes_no_command_after_one_that_left_it_changed() -> None:
    """What a command may leave behind in the worker's process and what makes it take no other:
    a thread still running, a descriptor still open, an exit handler registered (run at the
    worker's end, as at a process's), memory grown past the bound, the commands' count; and what
    it puts back as it was before the next command."""
    import atexit
    import logging
    import threading
    import warnings

    from companion.cli import worker

    baseline = worker.Baseline()
    assert baseline.why_not_again(1) is None
    assert baseline.why_not_again(worker.MAX_COMMANDS) == f"{worker.MAX_COMMANDS} commands run"
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait)
    thread.start()
    assert baseline.why_not_again(1) == "1 thread(s) still running"
    stop.set()
    thread.join()
    descriptor = os.open(os.devnull, os.O_RDONLY)
    assert baseline.why_not_again(1) == "a descriptor opened and not closed"
    os.close(descriptor)
    grown = bytearray(worker.MAX_GROWTH + 8 * 1024 * 1024)  # zero pages: written to count
    grown[:: os.sysconf("SC_PAGE_SIZE")] = b"x" * len(grown[:: os.sysconf("SC_PAGE_SIZE")])
    assert (baseline.why_not_again(1) or "").startswith("grown by")
    del grown
    atexit.register(print)  # last: atexit counts a handler unregistered still
    try:
        assert baseline.why_not_again(1) == "an exit handler registered"
    finally:
        atexit.unregister(print)
    added = logging.StreamHandler()
    logging.root.addHandler(added)
    logging.root.setLevel(logging.DEBUG)
    warnings.simplefilter("error")
    try:
        baseline.restore()
        assert added not in logging.root.handlers
        assert logging.root.level == baseline.level
        assert warnings.filters == baseline.filters
    finally:
        logging.root.removeHandler(added)
        baseline.restore()


def test_standard_input_the_folder_and_the_umask_are_the_clients(
    residents: Path, tmp_path: Path
) -> None:
    env = environment(residents)
    db = str(tmp_path / "t.db")
    probe(env, "--db", db, "game", "list")
    resident_ready(residents)
    game = json.loads(probe(env, "--db", db, "game", "new", "targi", *PLAYERS)[1])["game_id"]
    alone = {**env, handoff.RESIDENT_ENV: "0"}
    for question in ('{"state": {}}', ""):
        through = probe(env, "rules", "targi", "placements", stdin=question)
        assert through[:3] == probe(alone, "rules", "targi", "placements", stdin=question)[:3]
        assert through[0] == 2 and not through[3]
    answers = {question: probe(env, "rules", "targi", "placements", stdin=question)[1]
               for question in ('{"state": {}}', "")}  # fmt: skip
    assert len(set(answers.values())) == 2  # what came on standard input was read
    work = tmp_path / "work"
    work.mkdir()
    code, _out, err, here = probe(
        env, "--db", db, "export", game, "--format", "csv", "-o", "sheet.csv", cwd=work,
        umask=0o077,
    )  # fmt: skip
    assert (code, err, here) == (0, "", False)
    assert (work / "sheet.csv").stat().st_mode & 0o777 == 0o600
    assert "Amal" in (work / "sheet.csv").read_text(encoding="utf-8-sig")


def test_a_signal_to_the_client_ends_the_command_as_it_ends_one_run_alone(
    residents: Path, tmp_path: Path
) -> None:
    """``rules targi placements`` waits for its question on standard input: SIGTERM or ^C then
    ends it, handed over or not, with the same status."""
    env = environment(residents)
    probe(env, "rules", "reference", "targi")
    socket_path = resident_ready(residents)
    for mode, sent in itertools.product(("1", "0"), (signal.SIGTERM, signal.SIGINT)):
        client = subprocess.Popen(
            [sys.executable, "-m", "companion", "rules", "targi", "placements"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**env, handoff.RESIDENT_ENV: mode},
            preexec_fn=as_a_shell_starts_it,
        )
        try:
            if mode == "1":
                running = worker_running_the_command_of(client, socket_path)
            else:
                reading_its_input(client)
            client.send_signal(sent)
            assert ended(client, f"mode {mode}, {sent!r}") == -sent, (mode, sent)
            if mode == "1":  # the command ended with its worker, as a process of its own would
                gone(Path("/proc") / str(running))
        finally:
            client.kill()
            client.communicate()


def children_of_the_resident(socket_path: Path) -> list[int]:
    """The pids of the resident's children running now (each a process of the same command
    line as the resident's own)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            words = (entry / "cmdline").read_bytes().split(b"\0")
            parent = (entry / "stat").read_text().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
        if str(socket_path).encode() in words and (Path("/proc") / parent / "cmdline").exists():
            parent_words = (Path("/proc") / parent / "cmdline").read_bytes().split(b"\0")
            if str(socket_path).encode() in parent_words:
                found.append(int(entry.name))
    return found


def as_a_shell_starts_it() -> None:
    """In the client, before it runs: SIGINT and SIGTERM as a shell leaves them to a command it
    starts (their default action, not blocked), whatever the test's process has (a disposition
    ignored or a signal blocked is inherited, and a test run before in the same process may have
    left one so)."""
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})


def ended(client: subprocess.Popen[bytes], case: str) -> int:
    """``client``'s status once it ends; a failure naming ``case``, where it and every resident
    process wait (their kernel wait channels) and the client's signal masks, if it has not ended
    within :data:`WAIT` s."""
    try:
        return client.wait(timeout=WAIT)
    except subprocess.TimeoutExpired:
        waits = {}
        for entry in Path("/proc").iterdir():
            with contextlib.suppress(OSError):
                words = (entry / "cmdline").read_bytes().split(b"\0")
                if entry.name == str(client.pid) or resident.__name__.encode() in words:
                    waits[entry.name] = (entry / "wchan").read_text()
        masks = [
            line.strip()
            for line in Path(f"/proc/{client.pid}/status").read_text().splitlines()
            if line.startswith(("SigPnd", "ShdPnd", "SigBlk", "SigIgn", "SigCgt"))
        ]
        pytest.fail(
            f"{case}: the client {client.pid} has not ended within {WAIT} s; waits: {waits}; "
            f"its signals: {masks}"
        )


def reading_its_input(client: subprocess.Popen[bytes]) -> None:
    """Once ``client`` waits on its standard input (its command running): a ^C before that ends
    the interpreter's own start, which ends otherwise (an emulated one takes seconds)."""
    deadline = time.monotonic() + WAIT
    while "pipe_read" not in Path(f"/proc/{client.pid}/wchan").read_text():
        assert time.monotonic() < deadline, "the command never waited for its input"
        time.sleep(0.02)


def worker_running_the_command_of(client: subprocess.Popen[bytes], socket_path: Path) -> int:
    """The pid of the resident's worker that runs ``client``'s command, once it runs it (its
    standard input is the client's)."""
    deadline = time.monotonic() + WAIT
    clients_input = os.readlink(f"/proc/{client.pid}/fd/0")
    while True:
        for pid in children_of_the_resident(socket_path):
            with contextlib.suppress(OSError):
                if os.readlink(f"/proc/{pid}/fd/0") == clients_input:
                    return pid
        assert time.monotonic() < deadline, "the command never reached the resident"
        time.sleep(0.02)


def test_a_resident_whose_code_changed_takes_no_more_commands(
    residents: Path, tmp_path: Path
) -> None:
    """A folder it imports from changes (as an install or an edit changes one): the command runs
    in its own process, right, and that resident stops; a new one takes the next commands."""
    imported = tmp_path / "imported"
    imported.mkdir()
    path = os.pathsep.join(filter(None, [str(imported), os.environ.get("PYTHONPATH")]))
    env = environment(residents, PYTHONPATH=path)
    probe(env, "rules", "reference", "targi")
    first = resident.pid(str(resident_ready(residents)))
    assert first is not None
    assert probe(env, "rules", "reference", "targi")[3] is False
    (imported / "new_module.py").write_text("")
    code, out, _err, here = probe(env, "rules", "reference", "targi")
    assert (code, here) == (0, True) and json.loads(out)
    gone(Path("/proc") / str(first))  # (its socket's path is the new resident's at once)
    resident_ready(residents)
    assert probe(env, "rules", "reference", "targi")[3] is False


def test_a_resident_stops_when_idle_or_when_its_socket_is_removed(residents: Path) -> None:
    """Idle: it stops on its own (seen by its lock, which outlives it: its socket is there for
    one second only, which a slow machine's poll may miss); its socket removed: it stops too."""
    env = environment(residents, TABLE_COMPANION_RESIDENT_IDLE="1")
    probe(env, "rules", "reference", "targi")
    stopped(started(residents), "an idle resident kept running")
    assert not list(residents.glob("*.sock"))
    env = environment(residents)
    probe(env, "rules", "reference", "targi")
    socket_path = resident_ready(residents)
    lock = socket_path.with_suffix(".lock")
    socket_path.unlink()
    stopped(socket_path, "the resident kept running without its socket")
    assert lock.exists()


def started(folder: Path) -> Path:
    """The socket path of the resident that started in ``folder`` (its lock names its pid),
    whether or not it still runs."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for lock in folder.glob("*.lock"):
            if lock.read_text().strip().isdigit():
                return lock.with_suffix(".sock")
        time.sleep(0.05)
    raise AssertionError(f"no resident started in {folder} within {WAIT} s")


def stopped(socket_path: Path, failure: str) -> None:
    deadline = time.monotonic() + WAIT
    while resident.running(str(socket_path)):
        assert time.monotonic() < deadline, failure
        time.sleep(0.1)


def test_only_core_commands_are_handed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(handoff.RESIDENT_ENV, raising=False)
    wanted = handoff.handed_over_wanted
    assert wanted(["--db", "t.db", "--lang", "de", "game", "act", "x", "0", "{}"])
    assert wanted(["history", "--game", "targi"]) and wanted(["--db=t.db", "rules", "targi"])
    assert not wanted([])  # the app
    assert not wanted(["--db", "t.db"])  # the app on a database
    assert not wanted(["serve", "--host", "127.0.0.1"])  # an installed command: runs for hours
    assert not wanted(["scanner-test"]) and not wanted(["--help"]) and not wanted(["-x", "game"])
    monkeypatch.setenv(handoff.RESIDENT_ENV, "0")
    assert not wanted(["game", "list"])


def test_a_folder_others_can_enter_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    monkeypatch.setenv(handoff.FOLDER_ENV, str(shared))
    assert handoff.folder() is None
    shared.chmod(0o700)
    assert handoff.folder() == str(shared)
    link = tmp_path / "link"
    link.symlink_to(shared)
    monkeypatch.setenv(handoff.FOLDER_ENV, str(link))
    assert handoff.folder() is None
    env = environment(shared.parent / "link")
    code, out, _err, here = probe(env, "rules", "reference", "targi")
    assert (code, here) == (0, True) and json.loads(out)
    assert not list(shared.iterdir())  # no resident started there


def test_a_malformed_request_changes_nothing_and_the_resident_goes_on(residents: Path) -> None:
    """Garbage on the socket (no descriptors, a cut request, a wrong length) is refused; the
    resident takes the next command as before."""
    import socket

    env = environment(residents)
    probe(env, "rules", "reference", "targi")
    socket_path = resident_ready(residents)
    for garbage in (b"", b"\x00" * 3, b"\xff" * 8 + b"junk", (5).to_bytes(8, "little") + b"ab"):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.settimeout(WAIT)
            connection.connect(str(socket_path))
            connection.sendall(garbage)
            connection.shutdown(socket.SHUT_WR)
            assert connection.recv(16) in (b"", handoff.RUN_IT_YOURSELF), garbage
    code, out, _err, here = probe(env, "rules", "reference", "targi")
    assert (code, here) == (0, False) and json.loads(out)
