"""``table-companion`` (and ``python -m companion``): a core command is handed to the table's
resident process, which has the command line, pydantic and every game's rules loaded already;
anything else, or a core command no resident can take, runs here as it always has.

The resident (:mod:`companion.cli.resident`) has a worker run the command. The worker gets this
process's standard input, output and error (the very descriptors, passed over the socket), its
working directory, environment, umask, arguments and ``sys.path``, and runs
:func:`companion.cli.start.main` as this process would; this process waits for the command's end
and ends the same way (its exit code, or the signal that killed it). A signal this process gets
(``^C``, ``SIGTERM``, ``SIGHUP``) is passed on, through the resident, to the worker while it runs
this command. So the output, exit codes and files are the same byte for byte, only the start is
saved: a ``game act`` spends its time on the game, not on importing pydantic.

No resident yet (the first command after a boot or an update), one for other code (an update or an
edit since it started: before each command it checks the table's own files it loaded and the
installed packages' folders), or one that cannot be reached: the command runs here, and a resident
is started in the background for the next ones. It stops
after :data:`IDLE_SECONDS` without a command. ``TABLE_COMPANION_RESIDENT=0`` runs every command
here and starts none.

This module imports only what a Python process has loaded anyway, or nearly: its cost is the
client's whole start beyond the interpreter's.
"""

from __future__ import annotations

import _signal  # type: ignore[import-not-found]  # signal's own C module: no enum, 5 ms saved
import _socket
import marshal
import os
import stat
import sys
import zlib

from companion.cli.command_words import CORE_COMMANDS, command_word

TYPE_CHECKING = False  # typing (and contextlib) cost every call milliseconds: not imported
if TYPE_CHECKING:
    from typing import Any

RESIDENT_ENV = "TABLE_COMPANION_RESIDENT"
"""``0`` (or ``off``, ``no``, ``false``): no command is handed over and no resident started."""
FOLDER_ENV = "TABLE_COMPANION_RESIDENT_DIR"
"""The folder of the residents' sockets (default: ``$XDG_RUNTIME_DIR/table-companion``, else
``/tmp/table-companion-UID``); it must be this user's alone (mode 0700)."""
IDLE_ENV = "TABLE_COMPANION_RESIDENT_IDLE"
IDLE_SECONDS = 900.0
"""A resident with no command this long stops (``TABLE_COMPANION_RESIDENT_IDLE`` when started)."""
INTERPRETER_ENV_PREFIXES = ("PYTHON", "LC_", "LANG")
"""Environment variables the interpreter reads once, as it starts (the locale's too: the
encodings): a resident started under other values is another resident."""

HEADER = 8
"""Bytes of a message's length, and of a pid or a wait status in a reply."""
STARTED, RUN_IT_YOURSELF, ENDED = b"P", b"S", b"X"
"""Replies: the child's pid follows; the resident cannot take the command (nothing was run);
the child's wait status follows."""
PASSED_SIGNALS = (_signal.SIGINT, _signal.SIGTERM, _signal.SIGHUP)
LOST_STATUS = 1
"""The exit code when the resident stopped before it could say how the command ended."""


def main() -> int:
    """The console script: the command ``sys.argv`` names, handed over or run here."""
    arguments = sys.argv[1:]
    if handed_over_wanted(arguments):
        ended = _hand_over(arguments)
        if ended is not None:
            return _ended_as(ended)
        _start_resident()
    from companion.cli.start import main as run_here

    return run_here(arguments)


def handed_over_wanted(arguments: list[str]) -> bool:
    """Whether ``arguments`` name a core command (never the app, nor an installed command such as
    the phones' server: they run here, for as long as they run) and residents are allowed."""
    if os.environ.get(RESIDENT_ENV, "").lower() in ("0", "off", "no", "false"):
        return False
    at = command_word(arguments)
    return at is not None and arguments[at] in CORE_COMMANDS


def folder() -> str | None:
    """The residents' folder, when it is this user's alone (created so if missing); else None."""
    named = os.environ.get(FOLDER_ENV)
    if not named:
        runtime = os.environ.get("XDG_RUNTIME_DIR")
        named = (
            os.path.join(runtime, "table-companion")
            if runtime
            else os.path.join("/tmp", f"table-companion-{os.getuid()}")
        )
    try:
        os.mkdir(named, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    try:
        status = os.lstat(named)
    except OSError:
        return None
    private = status.st_uid == os.getuid() and status.st_mode & 0o077 == 0
    return named if private and stat.S_ISDIR(status.st_mode) else None


def interpreter_key() -> str:
    """What makes a resident's loaded code this process's: the interpreter, its flags and the
    environment it read as it started, and the folder of this very package."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    settings = sorted(
        f"{name}={value}"
        for name, value in os.environ.items()
        if name.startswith(INTERPRETER_ENV_PREFIXES)
    )
    return "\0".join([sys.executable, sys.version, repr(sys.flags), package, *settings])


def socket_path(place: str, key: str) -> str:
    """The resident's socket for ``key`` in the folder ``place``."""
    return os.path.join(place, f"{zlib.crc32(key.encode(errors='surrogateescape')):08x}.sock")


def _hand_over(arguments: list[str]) -> int | None:
    """The handed-over command's wait status, or None when no resident took it (nothing ran)."""
    place = folder()
    if place is None:
        return None
    key = interpreter_key()
    connection = _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)
    pending: list[int] = []
    previous: dict[int, Any] = {number: _signal.getsignal(number) for number in PASSED_SIGNALS}
    try:
        connection.connect(socket_path(place, key))
        for held in PASSED_SIGNALS:  # until the child is there to take them
            _signal.signal(held, lambda number, _frame: pending.append(number))
        _send_request(connection, key, arguments)
        child = _receive_number(connection) if _receive(connection, 1) == STARTED else None
    except OSError:
        child = None
    if child is None:
        connection.close()
        _restore(previous, pending)
        return None
    for passed in PASSED_SIGNALS:
        _signal.signal(passed, lambda number, _frame: _pass_on(connection, number))
    for number in pending:
        _pass_on(connection, number)
    try:
        if _receive(connection, 1) == ENDED:
            return _receive_number(connection)
    except OSError:
        pass
    finally:
        connection.close()
    return _lost(child)


def _send_request(connection: _socket.socket, key: str, arguments: list[str]) -> None:
    umask = os.umask(0o022)
    os.umask(umask)
    streams = [
        (stream.encoding, stream.errors, stream.line_buffering, stream.write_through)
        if stream is not None and hasattr(stream, "write_through")
        else None
        for stream in (sys.stdin, sys.stdout, sys.stderr)
    ]
    request = marshal.dumps(
        {
            "key": key,
            "argv": [sys.argv[0], *arguments],
            "path": sys.path,
            "env": dict(os.environb),
            "umask": umask,
            "streams": streams,
        }
    )
    here = os.open(".", os.O_RDONLY | os.O_DIRECTORY)
    try:
        descriptors = b"".join(fd.to_bytes(4, sys.byteorder) for fd in (0, 1, 2, here))
        message = len(request).to_bytes(HEADER, "little") + request
        sent = connection.sendmsg(
            [message], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, descriptors)]
        )
        if sent < len(message):
            connection.sendall(message[sent:])
    finally:
        os.close(here)


def _receive(connection: _socket.socket, size: int) -> bytes:
    """Exactly ``size`` bytes; an :class:`OSError` when the resident closes before."""
    received = b""
    while len(received) < size:
        chunk = connection.recv(size - len(received))
        if not chunk:
            raise ConnectionResetError("the resident closed the connection")
        received += chunk
    return received


def _receive_number(connection: _socket.socket) -> int:
    return int.from_bytes(_receive(connection, HEADER), "little", signed=True)


def _pass_on(connection: _socket.socket, number: int) -> None:
    """Pass the signal ``number`` on to the command through the resident: it reaches the process
    running the command while it runs it, never a command that process runs next."""
    try:
        connection.send(bytes((number,)))
    except OSError:
        return  # the command has ended, or the resident has gone (then see _lost)


def _kill(child: int, number: int) -> None:
    try:
        os.kill(child, number)
    except ProcessLookupError:
        return  # it has ended already


def _restore(previous: dict[int, Any], pending: list[int]) -> None:
    """The signal handlers as they were; a signal that came meanwhile is raised again here."""
    for number, handler in previous.items():
        _signal.signal(number, handler)
    for number in pending:
        os.kill(os.getpid(), number)


def _lost(child: int) -> int:
    """The resident stopped before the child ended: wait for the child (its output still comes),
    then say the status is lost. A signal meanwhile goes to the child straight: with no resident,
    it runs no command after this one."""
    import time

    for passed in PASSED_SIGNALS:
        _signal.signal(passed, lambda number, _frame: _kill(child, number))

    while True:
        try:
            os.kill(child, 0)
        except (ProcessLookupError, PermissionError):  # gone (its pid another user's since)
            break
        time.sleep(0.05)
    print(
        "table-companion: the resident process stopped before the command ended: "
        "its exit status is lost (its output is above)",
        file=sys.stderr,
    )
    return LOST_STATUS << 8  # the wait status of that exit code


def _ended_as(status: int) -> int:
    """End as the child did: its exit code, or killed by the same signal."""
    code = os.waitstatus_to_exitcode(status)
    if code >= 0:
        return code
    killed_by = -code
    sys.stdout.flush()
    _signal.signal(killed_by, _signal.SIG_DFL)
    os.kill(os.getpid(), killed_by)
    return 128 + killed_by


def _start_resident() -> None:
    """A resident for the next commands, started in the background (its own session, no
    terminal, none of this process's descriptors) unless one is running or starting already."""
    place = folder()
    if place is None:
        return
    import contextlib
    import subprocess

    from companion.cli import resident

    key = interpreter_key()
    path = socket_path(place, key)
    if resident.running(path):
        return
    package_parent = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
    with contextlib.suppress(OSError):
        subprocess.Popen(
            [sys.executable, *resident.interpreter_options(), "-m", resident.__name__, path],
            cwd=package_parent,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
